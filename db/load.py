"""Load a catalog directory into the database, and rebuild derived values: all or nothing."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from sqlalchemy import Engine, delete, insert, select

from db.database import writing
from db.derived import DeriveReport, store_derived
from db.errors import CatalogGone, NoRules, Stale
from db.incremental import Kept, keeping
from db.load_state_models import StateRow
from db.lock import catalog_lock
from db.store import read_loaded
from db.sync import (
    CATALOG_KEY,
    RULE_FOLDERS_KEY,
    RULES_KEY,
    SyncReport,
    file_digests,
    is_unchanged,
    loaded_digests,
    loaded_state,
    sync_catalog,
)
from derive.deriver import derive_in_batches
from derive.rules import (
    STANDARD_RULES,
    RuleFolders,
    RuleSet,
    check_named,
    read_rules,
    rules_digest,
)
from schema.catalog import Catalog
from schema.gcpause import gc_paused
from schema.reader import read_catalog

LoadReport = SyncReport
"""What a load did: rows per kind now held, what changed, what was derived again."""


def read_all(
    root: Path,
    rules: RuleFolders | Path | None = None,
    *,
    kept: dict[str, Kept] | None = None,
) -> tuple[Catalog, RuleSet]:
    """Read and check the catalog and the rules; raise `CatalogErrors` on any problem.

    Without `rules`: the product's general rules and the catalog's own `rules/`.
    `kept` receives what a load keeps of each file read (`db.incremental.Kept`).
    """
    if kept is None:
        catalog = read_catalog(root)
    else:
        read, keep = keeping(kept)
        catalog = read_catalog(root, read=read, keep=keep)
    return catalog, read_rules(RuleFolders.given(root, rules), catalog)


def load_catalog(
    engine: Engine,
    root: Path,
    rules_dir: RuleFolders | Path | None = None,
    checked: tuple[Catalog, RuleSet] | None = None,
    *,
    locked: bool = False,
    cached: dict[str, Kept] | None = None,
) -> LoadReport:
    """Bring the database in step with the catalog under `root` and the rules.

    An unchanged catalog costs the hashing of its files; otherwise the files that
    changed are parsed (the others read from what the last load kept of them), and
    all is checked before the database is touched (`CatalogErrors` on any problem);
    the write is one transaction. `checked` passes a catalog and rules already read
    from these directories (`cached`: what `read_all` kept of their files).
    """
    rules = RuleFolders.given(root, rules_dir)
    if locked:  # the caller holds the catalog lock already
        return sync_catalog(engine, root, rules, checked, cached=cached)
    with catalog_lock(root):
        return sync_catalog(engine, root, rules, checked, cached=cached)


def load_into(url: str | None, root: Path, rules: RuleFolders) -> LoadReport:
    """Load the catalog under `root` into the database at `url` (see `load_catalog`),
    holding the catalog lock from before its first file is read until the commit.

    A SQLite file that is not there yet is made only once the catalog and the rules
    have been read and checked: a refused first load leaves no database behind.
    """
    from db.database import database
    from db.url import database_url, sqlite_file

    check_named(rules)
    with catalog_lock(root):
        checked = None
        kept: dict[str, Kept] = {}
        fresh = sqlite_file(database_url(url))
        if fresh is not None and not fresh.exists():
            checked = read_all(root, rules, kept=kept)
        with database(url) as engine:
            return load_catalog(engine, root, rules, checked, locked=True, cached=kept)


def loaded_from(engine: Engine) -> Path | None:
    """The catalog directory the database was last loaded from (None before any load)."""
    with engine.connect() as conn:
        stored = conn.execute(select(StateRow.value).where(StateRow.key == CATALOG_KEY)).scalar()
    return None if stored is None else Path(stored)


def loaded_rules(
    engine: Engine, named: Sequence[Path] = (), *, standard: bool = True
) -> RuleFolders:
    """The rules a command on the database derives with: the product's (unless left
    out), those of the catalog it was loaded from, and the `named` folders.

    Raises `CatalogGone` when that catalog's folder no longer exists: its own rules
    would be silently missing.
    """
    root = loaded_from(engine)
    if root is not None and not root.is_dir():
        raise CatalogGone(
            f"the database was loaded from {root}, which no longer exists; load the "
            "catalog again, or name its rules with --rules"
        )
    return RuleFolders.of(root, named, standard=standard)


def rederive(engine: Engine, rules_dir: RuleFolders | Path) -> DeriveReport:
    """Re-read the rules and rebuild every derived value from the stored catalog."""
    with gc_paused(), writing(engine) as conn:
        catalog = read_loaded(conn)
        rules = read_rules(rules_dir, catalog)
        if not rules.rules:
            raise NoRules(
                f"{rules_dir} holds no rules: deriving with them would delete every derived "
                "value; name the directory that holds the catalog's rules"
            )
        batches = derive_in_batches(catalog, rules, sorted(catalog.subjects))
        report = store_derived(conn, rules, batches)
        root = conn.execute(select(StateRow.value).where(StateRow.key == CATALOG_KEY)).scalar()
        rows = (
            loaded_state(rules.digest, Path(root), rules_dir)
            if root is not None
            else [{"key": RULES_KEY, "value": rules.digest}]
        )
        conn.execute(delete(StateRow).where(StateRow.key.in_([r["key"] for r in rows])))
        conn.execute(insert(StateRow), rows)
        return report


def _stored_folders(engine: Engine) -> RuleFolders | None:
    """The rule folders the last load read, as it recorded them (None before any)."""
    with engine.connect() as conn:
        stored = conn.execute(
            select(StateRow.value).where(StateRow.key == RULE_FOLDERS_KEY)
        ).scalar()
    if stored is None:
        return None
    kept = json.loads(stored)
    return RuleFolders(
        tuple(Path(f) for f in kept["folders"]), tuple(Path(f) for f in kept["named"])
    )


def as_loaded(
    engine: Engine,
    named: Sequence[Path] | None = None,
    *,
    standard: bool | None = None,
    reload: bool = False,
) -> RuleFolders:
    """The rules of the last load, checked: the catalog's files and the rules on disk must
    be those the stored derived values were made from, so that every table, template and
    audit shows what `facts derive` shows.

    What `named` or `standard` leaves unsaid is as the last load had it; what they say
    must then be what it had. With `reload`, the catalog is
    loaded again first if anything changed (all or nothing, as `facts load`); without,
    a change raises `Stale`, naming it.
    """
    stored = _stored_folders(engine)
    if stored is not None and named is None and standard is None:
        loaded_rules(engine)  # the catalog's folder must still be there
        folders = stored  # exactly as the last load read them
    else:
        if stored is not None:
            if standard is None:
                standard = any(f == STANDARD_RULES.resolve() for f in stored.folders)
            if named is None:
                named = stored.named
        standard = True if standard is None else standard
        folders = loaded_rules(engine, named or (), standard=standard)
    root = loaded_from(engine)
    if root is None:
        return folders  # loaded before catalogs were recorded: nothing to compare with
    if reload:
        load_catalog(engine, root, folders)
        return folders
    digests = file_digests(root)
    with engine.connect() as conn:
        if is_unchanged(conn, digests, rules_digest(folders)):
            return folders
        was = loaded_digests(conn)
    changed = sorted(p for p in digests.keys() | was.keys() if digests.get(p) != was.get(p))
    if changed:
        more = f" (and {len(changed) - 1} more file(s))" if len(changed) > 1 else ""
        what = f"{root / changed[0]}{more} changed since the last load"
    else:
        what = "the rules are not those of the last load (edited, or other --rules)"
    raise Stale(
        f"{what}: the stored derived values are not theirs; run `facts load {root}` "
        "with the same rules, or pass --reload"
    )
