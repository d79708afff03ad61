"""Load a catalog directory into the database, and rebuild derived values: all or nothing."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError

from db.derived import DeriveReport, derive_catalog, store_derived
from db.engine import write_transaction
from db.errors import DatabaseError, WriteConflict
from db.store import read_loaded, replace_catalog
from derive.rules import RuleSet, read_rules
from schema.catalog import Catalog
from schema.reader import read_catalog


@dataclass(frozen=True, slots=True)
class LoadReport:
    """What a load wrote: entries per kind, rules, and derived values."""

    sources: int
    quantities: int
    subjects: int
    facts: int
    tables: int
    rules: int
    derived: int


def read_all(root: Path, rules_dir: Path) -> tuple[Catalog, RuleSet]:
    """Read and check the catalog and the rules; raise `CatalogErrors` on any problem."""
    catalog = read_catalog(root)
    return catalog, read_rules(rules_dir, catalog)


@contextmanager
def _writing(engine: Engine) -> Iterator[Connection]:
    try:
        with write_transaction(engine) as conn:
            yield conn
    except IntegrityError as exc:
        raise DatabaseError(
            f"the database refused the write, nothing was written: {exc.orig}"
        ) from None
    except OperationalError as exc:
        if "locked" in str(exc.orig) or "could not serialize" in str(exc.orig):
            raise WriteConflict(f"another writer held the database: {exc.orig}") from None
        raise DatabaseError(f"the write failed and wrote nothing: {exc.orig}") from None


def store_catalog(engine: Engine, catalog: Catalog, rules: RuleSet) -> LoadReport:
    """Replace the database's catalog, rules and derived values, in one transaction."""
    outcome = derive_catalog(catalog, rules)
    with _writing(engine) as conn:
        replace_catalog(conn, catalog)
        report = store_derived(conn, rules, outcome)
    return LoadReport(**catalog.counts(), rules=len(rules.rules), derived=report.total)


def load_catalog(engine: Engine, root: Path, rules_dir: Path) -> LoadReport:
    """Validate the catalog under `root` and the rules, then store them and what they derive.

    Everything is read and checked before the database is touched
    (`CatalogErrors` on any problem); the write is one transaction.
    """
    catalog, rules = read_all(root, rules_dir)
    return store_catalog(engine, catalog, rules)


def rederive(engine: Engine, rules_dir: Path) -> DeriveReport:
    """Re-read the rules and rebuild every derived value from the stored catalog."""
    with _writing(engine) as conn:
        catalog = read_loaded(conn)
        rules = read_rules(rules_dir, catalog)
        return store_derived(conn, rules, derive_catalog(catalog, rules))
