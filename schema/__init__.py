"""The catalog's shape: models of its files, the value parser, the unit vocabulary."""

from schema.catalog import Catalog, Fact, Origin, Quantity, Source, Subject
from schema.errors import CatalogError, CatalogErrors, FactsError, UnitError, ValueSyntaxError
from schema.reader import read_catalog
from schema.values import NormalValue, ParsedValue, normalise, parse_value

__all__ = [
    "Catalog",
    "CatalogError",
    "CatalogErrors",
    "Fact",
    "FactsError",
    "NormalValue",
    "Origin",
    "ParsedValue",
    "Quantity",
    "Source",
    "Subject",
    "UnitError",
    "ValueSyntaxError",
    "normalise",
    "parse_value",
    "read_catalog",
]
