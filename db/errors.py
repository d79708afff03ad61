"""Errors of the database layer.

FactsError (schema.errors)
├── DatabaseError
│   ├── DatabaseUnavailable       the URL cannot be opened
│   │   └── NoDatabase            a reading command named a SQLite file that is not there
│   ├── SchemaBehind              the database needs `facts db upgrade`
│   ├── SchemaAhead               the database was written by a newer `facts`
│   ├── WriteConflict             a concurrent writer won; nothing was written
│   └── EmptyDatabase             the database holds no catalog yet
├── LockRefused (OSError)         a catalog lock file that is a link, pipe or folder
├── StoredUnitRefused (ValueError) a stored unit this process cannot define
├── DuplicateFact (ValueError)    `facts add` of a fact the catalog already holds
├── NoRules (ValueError)          `derive --all` with rules folders that hold no rules
├── CatalogGone (ValueError)      the catalog a database was loaded from is gone
└── Stale (ValueError)            the catalog or rules on disk differ from the last load
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


class LockRefused(FactsError, OSError):
    """A lock file that is not a plain file of its own (a symbolic link, a pipe): refused."""


class StoredUnitRefused(FactsError, ValueError):
    """A stored unit definition this process cannot define (another catalog's unit)."""


class DuplicateFact(FactsError, ValueError):
    """A fact to add that the catalog already holds: same subject, quantity, value, source."""


class NoRules(FactsError, ValueError):
    """`derive --all` with a rules directory that holds no rules: refused, nothing changed."""


class CatalogGone(FactsError, ValueError):
    """The catalog a database was loaded from is no longer where it was."""


class Stale(FactsError, ValueError):
    """The catalog or the rules on disk are not what the database was last loaded with."""


class EmptyDatabase(DatabaseError):
    """The database holds no catalog yet."""
