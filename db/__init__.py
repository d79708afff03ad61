"""Storage: opening the database, the schema and its migrations, catalog reads and writes,
and the library's entry point (`db.api`: load, audit, check, export from Python).

Names are imported on first use: `import db` costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from schema.lazy import exports

if TYPE_CHECKING:
    from db import api, database
    from db.database import open_database
    from db.errors import (
        CatalogGone,
        DatabaseError,
        DatabaseUnavailable,
        DuplicateFact,
        EmptyDatabase,
        LockRefused,
        NoDatabase,
        NoRules,
        SchemaAhead,
        SchemaBehind,
        Stale,
        StoredUnitRefused,
        WriteConflict,
    )
    from db.load import LoadReport, load_into
    from schema.errors import UnknownName

_WHERE = {
    "api": "db.api",
    "database": "db.database",
    "open_database": "db.database",
    "CatalogGone": "db.errors",
    "DatabaseError": "db.errors",
    "DatabaseUnavailable": "db.errors",
    "DuplicateFact": "db.errors",
    "EmptyDatabase": "db.errors",
    "LockRefused": "db.errors",
    "NoDatabase": "db.errors",
    "NoRules": "db.errors",
    "SchemaAhead": "db.errors",
    "SchemaBehind": "db.errors",
    "Stale": "db.errors",
    "StoredUnitRefused": "db.errors",
    "WriteConflict": "db.errors",
    "LoadReport": "db.load",
    "load_into": "db.load",
    "UnknownName": "schema.errors",
}

__all__ = [
    "CatalogGone",
    "DatabaseError",
    "DatabaseUnavailable",
    "DuplicateFact",
    "EmptyDatabase",
    "LoadReport",
    "LockRefused",
    "NoDatabase",
    "NoRules",
    "SchemaAhead",
    "SchemaBehind",
    "Stale",
    "StoredUnitRefused",
    "UnknownName",
    "WriteConflict",
    "api",
    "database",
    "load_into",
    "open_database",
]


__getattr__ = exports("db", _WHERE)
