"""Errors of the database layer.

FactsError (schema.errors)
└── DatabaseError
    ├── DatabaseUnavailable   the URL cannot be opened
    │   └── NoDatabase        a reading command named a SQLite file that is not there
    ├── SchemaBehind          the database needs `facts db upgrade`
    ├── SchemaAhead           the database was written by a newer `facts`
    └── WriteConflict         a concurrent writer won; nothing was written
"""

from __future__ import annotations

from schema.errors import FactsError


class DatabaseError(FactsError):
    """A problem with the database rather than with the catalog."""


class DatabaseUnavailable(DatabaseError):
    """The database URL cannot be opened."""


class NoDatabase(DatabaseUnavailable):
    """A SQLite file a reading command was pointed at that does not exist."""


class SchemaBehind(DatabaseError):
    """The database's schema is older than this program's; `facts db upgrade` fixes it."""


class SchemaAhead(DatabaseError):
    """The database's schema is newer than this program knows."""


class WriteConflict(DatabaseError):
    """Another writer changed the database at the same moment; nothing was written."""


class UnknownName(DatabaseError, LookupError):
    """No subject, quantity, table or fact has this id, name or alias."""
