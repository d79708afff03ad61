"""The catalog's shape: models of its files, the value parser, the unit vocabulary.

Names are imported on first use, so that a command needing only `schema.numbers`
or `schema.errors` does not pay for pydantic and pint.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from schema.lazy import exports

if TYPE_CHECKING:
    from schema.catalog import Catalog, Fact, Origin, Quantity, Source, Subject, Table
    from schema.errors import (
        CatalogError,
        CatalogErrors,
        CatalogExists,
        FactsError,
        UnitError,
        UnknownName,
        Unresolved,
        Unwritable,
        ValueSyntaxError,
    )
    from schema.reader import read_catalog
    from schema.refs import Ref
    from schema.status import Status
    from schema.tiers import TIER_ORDER, Tier
    from schema.values import NormalValue, ParsedValue, normalise, parse_value

_WHERE = {
    "Catalog": "schema.catalog",
    "Fact": "schema.catalog",
    "Origin": "schema.catalog",
    "Quantity": "schema.catalog",
    "Source": "schema.catalog",
    "Subject": "schema.catalog",
    "Table": "schema.catalog",
    "CatalogError": "schema.errors",
    "CatalogErrors": "schema.errors",
    "CatalogExists": "schema.errors",
    "FactsError": "schema.errors",
    "UnitError": "schema.errors",
    "UnknownName": "schema.errors",
    "Unresolved": "schema.errors",
    "Unwritable": "schema.errors",
    "ValueSyntaxError": "schema.errors",
    "read_catalog": "schema.reader",
    "Ref": "schema.refs",
    "Status": "schema.status",
    "TIER_ORDER": "schema.tiers",
    "Tier": "schema.tiers",
    "NormalValue": "schema.values",
    "ParsedValue": "schema.values",
    "normalise": "schema.values",
    "parse_value": "schema.values",
}

__all__ = [
    "TIER_ORDER",
    "Catalog",
    "CatalogError",
    "CatalogErrors",
    "CatalogExists",
    "Fact",
    "FactsError",
    "NormalValue",
    "Origin",
    "ParsedValue",
    "Quantity",
    "Ref",
    "Source",
    "Status",
    "Subject",
    "Table",
    "Tier",
    "UnitError",
    "UnknownName",
    "Unresolved",
    "Unwritable",
    "ValueSyntaxError",
    "normalise",
    "parse_value",
    "read_catalog",
]


__getattr__ = exports("schema", _WHERE)
