"""Read the database with plain SQL through the driver: the fast path of read commands.

A read command (`facts derive NAME`, `facts show`) needs a few SELECTs, not the
ORM nor alembic. On the embedded SQLite default it uses the standard library's
sqlite3 directly; elsewhere, or when the database is missing or behind the
code, it opens the database the usual way and reads through that connection.
Rows come back as dicts with the same Python types on both backends.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from decimal import Decimal
from typing import Any

from db.migrations import HEAD_REVISION
from db.url import database_url, refuse_missing, sqlite_file

_NAMED = re.compile(r":([a-z_][a-z0-9_]*)")
JSON_COLUMNS = frozenset(
    {
        "aliases",
        "authors",
        "qualifiers",
        "others",
        "spec",
        "subjects",
        "kinds",
        "synonyms",
        "alternatives",
        "computed_from",
    }
)
BOOL_COLUMNS = frozenset(
    {
        "undisclosed",
        "exact",
        "approx",
        "top",
        "conflict",
        "is_count",
        "file_subject",
        "subject_written",
    }
)
DECIMAL_COLUMNS = frozenset(
    {"magnitude", "magnitude_high", "value_norm", "low_norm", "high_norm", "min_value", "max_value"}
)
DATE_COLUMNS = frozenset({"date", "accessed"})
"""The columns read back as a type of their own (`tests/test_stored.py` checks each set
against the tables' column types: the ORM is not imported on this path)."""


def _typed(name: str, value: Any) -> Any:
    if value is None:
        return None
    if name in JSON_COLUMNS and isinstance(value, str):
        return json.loads(value)
    if name in BOOL_COLUMNS:
        return bool(value)
    if name in DECIMAL_COLUMNS and not isinstance(value, Decimal):
        return Decimal(str(value))
    if name in DATE_COLUMNS and isinstance(value, str):
        return dt.date.fromisoformat(value)
    return value


class Reader:
    """A read-only connection: SQL with :named parameters, rows as typed dicts."""

    def __init__(self, connection: Any, paramstyle: str) -> None:
        self._connection = connection
        self._pyformat = paramstyle == "pyformat"

    def all(self, sql: str, params: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """Every row of a query, as dicts keyed by column name."""
        if self._pyformat:
            sql = _NAMED.sub(r"%(\1)s", sql.replace("%", "%%"))
        cursor = self._connection.cursor()
        try:
            cursor.execute(sql, dict(params or {}))
            names = [d[0] for d in cursor.description]
            return [
                {n: _typed(n, v) for n, v in zip(names, row, strict=True)}
                for row in cursor.fetchall()
            ]
        finally:
            cursor.close()

    def column(self, sql: str, params: Mapping[str, Any] | None = None) -> list[Any]:
        """The first column of every row."""
        return [next(iter(row.values())) for row in self.all(sql, params)]


def in_list(name: str, values: Sequence[Any]) -> tuple[str, dict[str, Any]]:
    """SQL for `IN (...)` over `values`, with its parameters named `name0`, `name1`, ..."""
    params = {f"{name}{i}": v for i, v in enumerate(values)}
    return "(" + ", ".join(f":{key}" for key in params) + ")", params


def _fast_sqlite(url: str) -> sqlite3.Connection | None:
    path = sqlite_file(url)
    if path is None or not path.is_file():
        return None
    connection = sqlite3.connect(f"file:{path.as_posix()}?mode=ro", uri=True)
    try:
        revision = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.Error:
        revision = None
    if revision is None or revision[0] != HEAD_REVISION:
        connection.close()
        return None
    return connection


@contextmanager
def reading(url: str | None = None) -> Iterator[Reader]:
    """Yield a `Reader` on the database at `url` (see `db.url.database_url`)."""
    resolved = database_url(url)
    refuse_missing(resolved)  # reading never creates a database at a mistyped path
    fast = _fast_sqlite(resolved)
    if fast is not None:
        try:
            yield Reader(fast, "qmark")
        finally:
            fast.close()
        return
    from db.database import database

    with database(resolved) as engine:
        raw = engine.raw_connection()
        try:
            style = getattr(raw.dbapi_connection, "paramstyle", None) or engine.dialect.paramstyle
            yield Reader(raw.dbapi_connection, "pyformat" if "format" in style else "qmark")
        finally:
            raw.close()
