"""Bring the database in step with the catalog files, doing only the work a change needs.

A load hashes every catalog and rule file first: when nothing changed since the
last load, it stops there. Otherwise the catalog is read (`db.incremental`): the
quick way parses only the files that changed and reads whole only them and what
they need, every other file from what the last load kept of it; the whole way
reads every file (from what was kept of it where the file is unchanged). It is
checked as always, then written as a difference (rows inserted, updated, deleted by
id; the quick way compares the rows of the files it read whole only, the others'
being as they were), and only the subjects a changed fact can reach are derived
again: the subjects of the changed facts and their variants, the subjects whose
stored derivations used one of them, and the subjects of rules that name one of
those subjects. A change of the rules derives everything again. All of it is one
write transaction.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, delete, func, insert, select, update

from db.bulk import insert_rows
from db.database import writing
from db.derived import clear_derivations, write_derivations, write_rules
from db.derived_models import DerivationInputRow, DerivationRow, RuleRow
from db.incremental import (
    Kept,
    Reading,
    StoredFile,
    TakeTheWholeWay,
    given,
    program_digest,
    read_changed,
    read_whole,
    stored_files,
)
from db.load_state_models import CatalogFileRow, StateRow
from db.models import FactRow, QuantityRow, SourceRow, SubjectRow, TableSpecRow
from db.store import catalog_rows, row_key
from db.units import store_units
from derive.deriver import derive_in_batches
from derive.inputs import parent_chain, subject_kinds
from derive.rules import RuleFolders, RuleSet, rules_digest
from schema.catalog import Catalog
from schema.filecache import Sealed
from schema.gcpause import gc_paused
from schema.reader import catalog_names, standard_files
from schema.yaml_source import read_file

RULES_KEY = "rules_digest"
CATALOG_KEY = "catalog_directory"
"""Where the last load read its catalog: its own rules are read from there again."""
RULE_FOLDERS_KEY = "rule_folders"
"""The folders the last load read its rules from (JSON): tables and audits read those."""
PROGRAM_KEY = "program_digest"
"""The code that made the last load's rows (`db.incremental.program_digest`)."""


def loaded_state(digest: str, root: Path, rules: RuleFolders | Path) -> list[dict[str, str]]:
    """The state rows a load or a rebuild leaves: the rules' digest, the catalog's folder,
    the rule folders."""
    folders = RuleFolders.coerce(rules)
    kept = {
        "folders": [str(f.resolve()) for f in folders.folders],
        "named": [str(f.resolve()) for f in folders.named],
    }
    return [
        {"key": RULES_KEY, "value": digest},
        {"key": CATALOG_KEY, "value": str(root.resolve())},
        {"key": RULE_FOLDERS_KEY, "value": json.dumps(kept)},
    ]


@dataclass(frozen=True, slots=True, kw_only=True)
class SyncReport:
    """What a load changed: rows per kind written, facts changed, subjects derived again."""

    sources: int
    quantities: int
    subjects: int
    facts: int
    tables: int
    rules: int
    derived: int
    unchanged: bool = False
    facts_changed: int = 0
    subjects_rederived: int = 0
    files_parsed: int = 0  # catalog files parsed; the others were read from what was kept


def file_digests(root: Path) -> dict[str, str]:
    """The sha256 of every catalog file under `root`, by its path relative to `root`,
    and of the standard vocabulary's files that every catalog includes."""
    digests = {
        name: hashlib.sha256(read_file(path, name)).hexdigest()
        for name, path in catalog_names(root, rules=False)
    }
    for name, path in standard_files().items():
        digests[name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return digests


def loaded_digests(conn: Connection) -> dict[str, str]:
    """The digest of every file of the last load, by path."""
    table = CatalogFileRow.__table__
    return {path: sha256 for path, sha256 in conn.execute(select(table.c.path, table.c.sha256))}


def is_unchanged(conn: Connection, digests: dict[str, str], rules: str) -> bool:
    """True when the database was last loaded from exactly these files and rules."""
    stored = loaded_digests(conn)
    return bool(stored) and stored == digests and _state(conn) == rules


def _state(conn: Connection, key: str = RULES_KEY) -> str | None:
    return conn.execute(select(StateRow.value).where(StateRow.key == key)).scalar()


def _stored(
    conn: Connection, table: Any, key: str, files: Collection[str] | None
) -> dict[Any, dict[str, Any]]:
    """The stored rows of `table` by key: every one, or those of the files `files`."""
    if files is None:
        return {row[key]: dict(row) for row in conn.execute(select(table)).mappings()}
    stored: dict[Any, dict[str, Any]] = {}
    ordered = sorted(files)
    for start in range(0, len(ordered), 500):
        chunk = ordered[start : start + 500]
        for row in conn.execute(select(table).where(table.c.file.in_(chunk))).mappings():
            stored[row[key]] = dict(row)
    return stored


def _sync_table(
    conn: Connection,
    table: Any,
    rows: Iterable[dict[str, Any]],
    key: str = "id",
    files: Collection[str] | None = None,
) -> tuple[set[Any], set[Any], set[Any]]:
    """Insert and update `rows` in `table`, a batch at a time (only a batch of rows is
    alive at once); return the keys changed, the subjects of those rows, and the keys
    now gone (left to the caller to delete once everything else is written).

    With `files`, only the rows of these files are compared with their stored rows.
    """
    stored = _stored(conn, table, key, files)
    if files is not None:
        rows = (row for row in rows if row["file"] in files)
    seen: set[Any] = set()
    changed: set[Any] = set()
    subjects: set[Any] = set()
    batch: list[dict[str, Any]] = []

    def flush() -> None:
        inserts = [r for r in batch if r[key] not in stored]
        updates = [r for r in batch if r[key] in stored and stored[r[key]] != r]
        _apply(conn, table, inserts, updates, key)
        for row in inserts + updates:
            if row[key] in stored and _moved_only(stored[row[key]], row):
                continue  # written with its new line; nothing derived from it changed
            changed.add(row[key])
            subjects.add(row.get("subject_id"))
        seen.update(r[key] for r in batch)
        batch.clear()

    for row in rows:
        batch.append(row)
        if len(batch) == 5_000:
            flush()
    flush()
    removed = set(stored) - seen
    return changed | removed, subjects - {None}, removed


def _moved_only(stored: dict[str, Any], row: dict[str, Any]) -> bool:
    """True when a row differs from its stored self in its line only (a comment or a
    blank line above it): derivations never read the line, so none is redone."""
    return {k: v for k, v in stored.items() if k != "line"} == {
        k: v for k, v in row.items() if k != "line"
    }


def _apply(
    conn: Connection,
    table: Any,
    inserts: list[dict[str, Any]],
    updates: list[dict[str, Any]],
    key: str = "id",
) -> None:
    insert_rows(conn, table, inserts)
    for row in updates:
        conn.execute(update(table).where(table.c[key] == row[key]).values(**row))


def _delete(conn: Connection, table: Any, keys: Iterable[Any], key: str = "id") -> None:
    ordered = sorted(keys)
    for start in range(0, len(ordered), 500):
        conn.execute(delete(table).where(table.c[key].in_(ordered[start : start + 500])))


def _affected(
    conn: Connection,
    catalog: Catalog,
    rules: RuleSet,
    changed_facts: set[str],
    changed_subjects: set[str],
) -> set[str]:
    """The subjects whose derived values may change with these facts: their subjects and
    those subjects' variants (which inherit their facts), those whose derivations used one
    of them, and the subjects of rules that name one of those."""
    parents = {sid: subject.entry.variant_of for sid, subject in catalog.subjects.items()}
    affected = set(changed_subjects)
    affected.update(
        s for s in parents if not affected.isdisjoint(parent_chain(parents, s))
    )  # a parent's new fact can give a variant a value it could not derive before
    ordered = sorted(changed_facts)
    for start in range(0, len(ordered), 500):
        chunk = ordered[start : start + 500]
        owners = (
            select(DerivationRow.owner)
            .join(DerivationInputRow, DerivationInputRow.derivation_id == DerivationRow.id)
            .where(DerivationInputRow.fact_id.in_(chunk))
            .distinct()
        )
        affected.update(conn.execute(owners).scalars())
    kinds = subject_kinds(catalog)
    for rule in rules.rules:
        if any(ref.subject in affected for ref in rule.refs if ref.subject):
            affected.update(s for s, kind in kinds.items() if rule.applies_to(s, kind))
    return affected  # subjects gone from the catalog too: their derived values must go


def sync_catalog(
    engine: Engine,
    root: Path,
    rules_dir: RuleFolders | Path,
    checked: tuple[Catalog, RuleSet] | None = None,
    *,
    cached: Mapping[str, Kept] | None = None,
) -> SyncReport:
    """Make the database hold the catalog under `root`, derived with the rules in
    `rules_dir`, doing no more than the change requires. `checked` is the catalog and
    rules already read and checked from these directories (`cached`: what was kept of
    their files as they were read); without, they are read here (`CatalogErrors` on any
    problem, before anything is written)."""
    digests, digest = file_digests(root), rules_digest(rules_dir)
    with engine.connect() as conn:
        if is_unchanged(conn, digests, digest):
            return SyncReport(**_counts(conn), unchanged=True)
        stored = stored_files(conn)
        # rows of files the quick way leaves unread stay as the last load's code made them
        same = _state(conn) == digest and _state(conn, PROGRAM_KEY) == program_digest()
        quick = (
            None
            if checked is not None
            else read_changed(conn, root, rules_dir, digests, stored, same_rules=same)
        )
    if quick is not None:
        try:
            return _write(engine, root, rules_dir, digest, stored, quick)
        except TakeTheWholeWay:
            pass  # rolled back: read every file, as if the quick way had not been tried
    if checked is not None:
        reading = given(checked, digests, cached)
    else:
        with engine.connect() as conn:
            reading = read_whole(conn, root, rules_dir, digests, stored)
    return _write(engine, root, rules_dir, digest, stored, reading)


def _write(
    engine: Engine,
    root: Path,
    rules_dir: RuleFolders | Path,
    digest: str,
    stored: Mapping[str, StoredFile],
    reading: Reading,
) -> SyncReport:
    """Write what `reading` read as a difference of rows, and derive what it changed, in
    one write transaction. The steps go in this order for what points at what: rows new
    and changed first (parents before children), then the derived values that may change
    are cleared, so that the rows that are gone can go, and last the subjects are
    derived again and the load's bookkeeping kept."""
    # The rows compared: those of the files read whole, and of the files gone (the
    # entries of any other file are as the last load wrote them, a fact's status too).
    whole = reading.whole
    compared = None if whole is None else whole | {p for p in stored if p not in reading.digests}
    with gc_paused(), writing(engine) as conn:
        changes = _write_rows(conn, reading.catalog, compared)
        owners = _to_derive_again(conn, reading, digest, changes)
        _clear_derived(conn, reading.rules, owners)
        _delete_gone(conn, changes.gone)
        derived = _derive_and_store(conn, reading, owners)
        _keep_load_state(conn, reading, root, rules_dir, digest, stored)
        counts = _counts(conn)
    return SyncReport(
        **counts,
        facts_changed=len(changes.facts),
        subjects_rederived=derived,
        files_parsed=reading.parsed,
    )


@dataclass(frozen=True, slots=True)
class _Changes:
    """What writing the rows' difference changed: the facts (changed, new or gone), the
    subjects whose facts those are, whether a quantity changed, and the rows that are gone
    (by table, parents first), left to delete once nothing points at them."""

    facts: set[Any]
    subjects: set[Any]
    quantities: bool
    gone: list[tuple[Any, set[Any]]]


def _write_rows(conn: Connection, catalog: Catalog, compared: Collection[str] | None) -> _Changes:
    """Insert and update the catalog's rows that differ from the stored ones (the rows of
    the files `compared` only; every row when None), and find the rows that are gone.

    Parents before children, so that every row they point at exists; one table at a
    time, its rows let go once written (a large catalog's peak).
    """
    facts = FactRow.__table__
    stored_facts = {r["id"]: r["subject_id"] for r in _stored(conn, facts, "id", compared).values()}
    gone: list[tuple[Any, set[Any]]] = []
    changed: dict[str, set[Any]] = {}
    for table, build in catalog_rows(catalog):
        keys, subjects, removed = _sync_table(conn, table, build(), row_key(table), compared)
        gone.append((table, removed))
        changed[table.name] = keys
        if table is facts:
            changed["fact subjects"] = subjects
    changed_facts = changed["facts"]
    changed_subjects = changed["fact subjects"] | changed["subjects"]
    changed_subjects |= {stored_facts[f] for f in changed_facts if f in stored_facts}
    return _Changes(changed_facts, changed_subjects, bool(changed["quantities"]), gone)


def _to_derive_again(
    conn: Connection, reading: Reading, digest: str, changes: _Changes
) -> set[str] | None:
    """The subjects whose derived values may change (`_affected`), or None for every one:
    when the rules (`digest`) or a quantity changed. Raises `TakeTheWholeWay` when every
    subject must be derived again but the quick way read only some of the facts."""
    everything = _state(conn) != digest or changes.quantities
    if everything and reading.whole is not None:
        raise TakeTheWholeWay  # only every fact can be derived again
    if everything:
        return None
    return _affected(conn, reading.catalog, reading.rules, changes.facts, changes.subjects)


def _clear_derived(conn: Connection, rules: RuleSet, owners: set[str] | None) -> None:
    """Delete the stored derived values of the subjects `owners` (every one when None), and
    with every one the stored rules, written anew: after the quantities and sources the
    rules point at, before the rows that are gone (which derived values point at)."""
    clear_derivations(conn, owners)
    if owners is None:
        write_rules(conn, rules)


def _delete_gone(conn: Connection, gone: list[tuple[Any, set[Any]]]) -> None:
    """Delete the rows that are gone, children before parents, once no fact left
    supersedes a gone one."""
    gone_facts = sorted(dict(gone)[FactRow.__table__])
    for start in range(0, len(gone_facts), 500):
        conn.execute(
            update(FactRow)
            .where(FactRow.supersedes_id.in_(gone_facts[start : start + 500]))
            .values(supersedes_id=None)
        )
    for table, removed in reversed(gone):
        _delete(conn, table, removed, row_key(table))


def _derive_and_store(conn: Connection, reading: Reading, owners: set[str] | None) -> int:
    """Derive the catalog's subjects `owners` (every one when None) and store what they
    derive; return how many subjects were derived. Raises `TakeTheWholeWay` when the
    facts those derivations can rest on cannot be read soundly the quick way."""
    subjects = reading.catalog.subjects
    derived_for = sorted(subjects) if owners is None else sorted(owners & subjects.keys())
    if not reading.derivable(conn, derived_for):
        raise TakeTheWholeWay
    # reading.catalog now holds every fact those derivations can rest on
    for outcome in derive_in_batches(reading.catalog, reading.rules, derived_for):
        write_derivations(conn, outcome)
    return len(derived_for)


def _keep_load_state(
    conn: Connection,
    reading: Reading,
    root: Path,
    rules_dir: RuleFolders | Path,
    digest: str,
    stored: Mapping[str, StoredFile],
) -> None:
    """Keep what later commands and the next load read: the catalog's units, every file's
    digest and what was kept of it, the rules' digest and folders, the program's digest."""
    store_units(conn, reading.catalog)
    _write_files(conn, reading.digests, stored, reading.fresh)
    state_rows = [
        *loaded_state(digest, root, rules_dir),
        {"key": PROGRAM_KEY, "value": program_digest()},
    ]
    conn.execute(delete(StateRow).where(StateRow.key.in_([r["key"] for r in state_rows])))
    conn.execute(insert(StateRow), state_rows)


def _write_files(
    conn: Connection,
    digests: Mapping[str, str],
    stored: Mapping[str, StoredFile],
    fresh: Mapping[str, Sealed],
) -> None:
    """Record every file's digest, and what was kept of the files read: a file whose
    digest is the one stored keeps its entry unless it was read again; one that changed
    without being read (a catalog the caller checked) keeps none."""
    table = CatalogFileRow.__table__
    renewed = sorted(
        p for p, d in digests.items() if p in fresh or p not in stored or stored[p].sha256 != d
    )
    _delete(conn, table, [p for p in stored if p not in digests] + renewed, "path")
    batch: list[dict[str, Any]] = []
    for path in renewed:
        head, body = fresh.get(path, (None, None))
        batch.append({"path": path, "sha256": digests[path], "head": head, "body": body})
        if len(batch) == 500:
            conn.execute(insert(CatalogFileRow), batch)
            batch.clear()
    if batch:
        conn.execute(insert(CatalogFileRow), batch)


def _counts(conn: Connection) -> dict[str, Any]:
    counts = {
        name: conn.execute(select(func.count()).select_from(table)).scalar() or 0
        for name, table in _COUNTED.items()
    }
    counts["derived"] = (
        conn.execute(
            select(func.count()).select_from(DerivationRow).where(DerivationRow.top.is_(True))
        ).scalar()
        or 0
    )
    return counts


_COUNTED = {
    "sources": SourceRow.__table__,
    "quantities": QuantityRow.__table__,
    "subjects": SubjectRow.__table__,
    "facts": FactRow.__table__,
    "tables": TableSpecRow.__table__,
    "rules": RuleRow.__table__,
}
