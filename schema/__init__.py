"""The catalog's shape: models of its files, the value parser, the unit vocabulary.

Names are imported on first use, so that a command needing only `schema.numbers`
or `schema.errors` does not pay for pydantic and pint.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from schema.lazy import exports

if TYPE_CHECKING:
    from schema.catalog import Catalog, Fact, Origin, Quantity, Source, Subject
    from schema.errors import (
        CatalogError,
        CatalogErrors,
        FactsError,
        UnitError,
        ValueSyntaxError,
    )
    from schema.reader import read_catalog
    from schema.values import NormalValue, ParsedValue, normalise, parse_value

_WHERE = {
    "Catalog": "schema.catalog",
    "Fact": "schema.catalog",
    "Origin": "schema.catalog",
    "Quantity": "schema.catalog",
    "Source": "schema.catalog",
    "Subject": "schema.catalog",
    "CatalogError": "schema.errors",
    "CatalogErrors": "schema.errors",
    "FactsError": "schema.errors",
    "UnitError": "schema.errors",
    "ValueSyntaxError": "schema.errors",
    "read_catalog": "schema.reader",
    "NormalValue": "schema.values",
    "ParsedValue": "schema.values",
    "normalise": "schema.values",
    "parse_value": "schema.values",
}

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


__getattr__ = exports("schema", _WHERE)
