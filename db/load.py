"""Load a catalog directory into the database: all of it, or nothing."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError, OperationalError

from db.engine import write_transaction
from db.errors import DatabaseError, WriteConflict
from db.store import replace_catalog
from schema.catalog import Catalog
from schema.reader import read_catalog


@dataclass(frozen=True, slots=True)
class LoadReport:
    """What a load wrote: entries per kind."""

    sources: int
    quantities: int
    subjects: int
    facts: int


def load_catalog(engine: Engine, root: Path) -> LoadReport:
    """Validate the catalog under `root`, then replace the database's catalog with it.

    The catalog is read and checked whole before the database is touched
    (`CatalogErrors` on any problem); the write is one transaction.
    """
    return store_catalog(engine, read_catalog(root))


def store_catalog(engine: Engine, catalog: Catalog) -> LoadReport:
    """Replace the database's catalog with an already validated `catalog`, in one transaction."""
    try:
        with write_transaction(engine) as conn:
            replace_catalog(conn, catalog)
    except IntegrityError as exc:
        raise DatabaseError(f"the database refused the catalog: {exc.orig}") from None
    except OperationalError as exc:
        if "locked" in str(exc.orig) or "could not serialize" in str(exc.orig):
            raise WriteConflict(f"another writer held the database: {exc.orig}") from None
        raise DatabaseError(f"the load failed and wrote nothing: {exc.orig}") from None
    return LoadReport(**catalog.counts())
