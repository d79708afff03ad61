"""One declaration per catalog record (`db.store.STORED`): the table, the rows a load
writes and the raw-SQL read types are all checked against it, by name."""

from __future__ import annotations

import pytest
from conftest import CATALOG
from sqlalchemy import JSON, Boolean, Date

import db.migrations.env_models  # noqa: F401  (every model module: all tables join the metadata)
from db.models import Base
from db.rawsql import BOOL_COLUMNS, DATE_COLUMNS, DECIMAL_COLUMNS, JSON_COLUMNS
from db.store import PLACE_COLUMNS, STORED, Stored, catalog_rows
from db.types import ExactDecimal
from schema.reader import read_catalog


def _name(stored: Stored) -> str:
    return str(stored.table.name)


@pytest.mark.parametrize("stored", STORED, ids=_name)
def test_every_field_of_an_entry_has_its_column_and_every_column_a_reason(
    stored: Stored,
) -> None:
    fields = set(stored.entry.model_fields)
    columns = {c.name for c in stored.table.columns}
    if stored.whole is not None:  # a table spec: id and title as columns, the rest in JSON
        kept = {f for f in fields if f in columns}
        expected = kept | {stored.whole}
    else:
        expected = {stored.column(f) for f in fields}
    assert set(stored.renamed) <= fields, "a rename of a field the entry does not have"
    assert columns == expected | stored.computed | set(PLACE_COLUMNS)


def test_every_row_a_load_writes_fills_every_column_of_its_table() -> None:
    catalog = read_catalog(CATALOG)
    for table, rows in catalog_rows(catalog):
        columns = {c.name for c in table.columns}
        for row in rows():
            assert set(row) == columns, (table.name, set(row) ^ columns)


def test_the_raw_sql_read_types_are_the_column_types() -> None:
    by_type: dict[str, set[str]] = {"json": set(), "bool": set(), "decimal": set(), "date": set()}
    for table in Base.metadata.tables.values():
        for column in table.columns:
            if isinstance(column.type, JSON):
                by_type["json"].add(column.name)
            elif isinstance(column.type, Boolean):
                by_type["bool"].add(column.name)
            elif isinstance(column.type, ExactDecimal):
                by_type["decimal"].add(column.name)
            elif isinstance(column.type, Date):
                by_type["date"].add(column.name)
    assert by_type["json"] == set(JSON_COLUMNS)
    assert by_type["bool"] == set(BOOL_COLUMNS)
    assert by_type["decimal"] == set(DECIMAL_COLUMNS)
    assert by_type["date"] == set(DATE_COLUMNS)
