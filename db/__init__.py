"""Storage: opening the database, the schema and its migrations, catalog reads and writes,
and the library's entry point (`db.api`: load, audit, check, export from Python).

Names are imported on first use: `import db` costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from schema.lazy import exports

if TYPE_CHECKING:
    from db import api
    from db.database import database, open_database
    from db.errors import DatabaseError, DatabaseUnavailable, NoDatabase
    from db.load import LoadReport, load_into
    from schema.errors import UnknownName

_WHERE = {
    "api": "db.api",
    "database": "db.database",
    "open_database": "db.database",
    "DatabaseError": "db.errors",
    "DatabaseUnavailable": "db.errors",
    "NoDatabase": "db.errors",
    "UnknownName": "schema.errors",
    "LoadReport": "db.load",
    "load_into": "db.load",
}

__all__ = [
    "DatabaseError",
    "DatabaseUnavailable",
    "LoadReport",
    "NoDatabase",
    "UnknownName",
    "api",
    "database",
    "load_into",
    "open_database",
]


__getattr__ = exports("db", _WHERE)
