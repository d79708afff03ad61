"""Insert many rows through the driver's executemany: the bulk path of a load.

SQLAlchemy's Core insert processes every parameter of every row through the
column types; for a catalog of 200,000 facts that is most of the write. Here
each column's conversion is chosen once per table, and the rows go to the
driver as tuples. The values stored are the ones the column types would store.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, Boolean, Connection, Date, insert

from db.types import ExactDecimal

Convert = Callable[[Any], Any]
BATCH = 5_000


def _same(value: Any) -> Any:
    return value


def _sqlite(column_type: Any) -> Convert:
    if isinstance(column_type, ExactDecimal):
        return lambda v: None if v is None else format(Decimal(v), "f")
    if isinstance(column_type, JSON):
        return lambda v: None if v is None else json.dumps(v)
    if isinstance(column_type, Date):
        return lambda v: v.isoformat() if isinstance(v, dt.date) else v
    if isinstance(column_type, Boolean):
        return lambda v: None if v is None else int(bool(v))
    return _same


def _postgresql(column_type: Any) -> Convert:
    if isinstance(column_type, JSON):
        from psycopg.types.json import Json

        return lambda v: None if v is None else Json(v)
    return _same


def insert_rows(conn: Connection, table: Any, rows: Sequence[dict[str, Any]]) -> None:
    """Insert `rows` (dicts with every column of `table`) in one executemany."""
    if not rows:
        return
    columns = list(table.columns)
    names = [c.name for c in columns]
    dialect = conn.dialect.name
    if dialect not in ("sqlite", "postgresql") or any(len(r) != len(names) for r in rows):
        conn.execute(insert(table), list(rows))
        return
    pick = _sqlite if dialect == "sqlite" else _postgresql
    converts = [pick(c.type) for c in columns]
    mark = "?" if dialect == "sqlite" else "%s"
    sql = (
        f'INSERT INTO "{table.name}" ({", ".join(f"{chr(34)}{n}{chr(34)}" for n in names)}) '
        f"VALUES ({', '.join(mark for _ in names)})"
    )
    for start in range(0, len(rows), BATCH):  # batches bound the memory of the tuples
        params = [
            tuple(convert(row[name]) for convert, name in zip(converts, names, strict=True))
            for row in rows[start : start + BATCH]
        ]
        conn.exec_driver_sql(sql, params)
