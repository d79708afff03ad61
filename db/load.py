"""Load a catalog directory into the database, and rebuild derived values: all or nothing."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine, delete, insert

from db.derived import DeriveReport, derive_catalog, store_derived
from db.derived_models import StateRow
from db.engine import writing
from db.store import read_loaded
from db.sync import RULES_KEY, SyncReport, sync_catalog
from derive.rules import RuleSet, read_rules
from schema.catalog import Catalog
from schema.errors import FactsError
from schema.gcpause import gc_paused
from schema.lock import catalog_lock
from schema.reader import read_catalog

LoadReport = SyncReport
"""What a load did: rows per kind now held, what changed, what was derived again."""


def read_all(root: Path, rules_dir: Path) -> tuple[Catalog, RuleSet]:
    """Read and check the catalog and the rules; raise `CatalogErrors` on any problem."""
    catalog = read_catalog(root)
    return catalog, read_rules(rules_dir, catalog)


def load_catalog(
    engine: Engine,
    root: Path,
    rules_dir: Path,
    checked: tuple[Catalog, RuleSet] | None = None,
    *,
    locked: bool = False,
) -> LoadReport:
    """Bring the database in step with the catalog under `root` and the rules.

    An unchanged catalog costs the hashing of its files; otherwise everything is
    read and checked before the database is touched (`CatalogErrors` on any
    problem), and the write is one transaction. `checked` passes a catalog and
    rules already read from these directories.
    """

    def read(catalog_root: Path, rules_root: Path) -> tuple[Catalog, RuleSet]:
        return checked if checked is not None else read_all(catalog_root, rules_root)

    if locked:  # the caller holds the catalog lock already
        return sync_catalog(engine, root, rules_dir, read)
    with catalog_lock(root):
        return sync_catalog(engine, root, rules_dir, read)


class NoRules(FactsError, ValueError):
    """`derive --all` with a rules directory that holds no rules: refused, nothing changed."""


def rederive(engine: Engine, rules_dir: Path) -> DeriveReport:
    """Re-read the rules and rebuild every derived value from the stored catalog."""
    with gc_paused(), writing(engine) as conn:
        catalog = read_loaded(conn)
        rules = read_rules(rules_dir, catalog)
        if not rules.rules:
            raise NoRules(
                f"{rules_dir} holds no rules: deriving with them would delete every derived "
                "value; name the directory that holds the catalog's rules"
            )
        outcome = derive_catalog(catalog, rules)
        report = store_derived(conn, rules, outcome)
        conn.execute(delete(StateRow).where(StateRow.key == RULES_KEY))
        conn.execute(insert(StateRow), [{"key": RULES_KEY, "value": rules.digest}])
        return report
