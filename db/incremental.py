"""Read the catalog for a load, parsing again only the files that changed.

The last load kept an entry of every file it read (`schema.filecache`: the file's
data less its facts, the head, with an index of its facts; and its facts, the body)
beside the file's digest in `catalog_files`. While a file's digest is the one loaded,
its entry stands for it.

`read_changed` is the quick way: the files that changed are parsed; they, and the
files the reader needs beside them to judge their facts as it would in the whole
catalog (`FactIndex.closed`), are read whole, every other file without its facts.
The reader checks that catalog as always; the checks that span files run on the
index of every file's facts (`FactIndex.problems_beyond`). What it cannot vouch for
(the rules or the standard vocabulary changed, a file of quantities or units, most
files to parse, or any problem at all) it leaves to `read_whole`: every file read
whole, from its entry where it has a sound one, parsed otherwise; the same catalog,
the same problems on the same lines, as from the files themselves.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from sqlalchemy import Connection, select

from db.load_state_models import CatalogFileRow
from db.models import FactRow, QuantityRow
from derive.rules import RuleFolders, RuleSet, read_rules
from schema.catalog import STANDARD, Catalog
from schema.errors import CatalogError, CatalogErrors
from schema.filecache import CachedFile, FactIndex, Sealed, decode_head
from schema.models import CatalogFile
from schema.reader import (
    UNITS_FILE,
    DocumentKeeper,
    DocumentReader,
    read_catalog,
    read_entries,
)
from schema.yaml_source import LocatedDocument, read_file, read_located

QUICK_SHARE = 4
"""The quick way reads again at most one file in this many (and a few more in a small
catalog): past that, reading every file is as quick and simpler."""
QUICK_BYTES = 1_000_000
"""The most bytes of files to parse anew for which the quick way is tried: beyond, its
reading is most of a whole load's, and a catalog with problems would be read twice."""


@cache
def program_digest() -> str:
    """A digest of the code that makes a load's rows and derivations from the files (the
    packages `schema`, `derive` and `db`): the rows of files left unread by the quick way
    are as the last load's code made them, so a load by other code takes the whole way."""
    digest = hashlib.sha256()
    base = Path(__file__).resolve().parent.parent
    for package in ("schema", "derive", "db"):
        for path in sorted((base / package).rglob("*.py")):
            name = path.relative_to(base).as_posix()
            digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


class TakeTheWholeWay(Exception):
    """The quick way cannot vouch for this load: it is made the whole way instead."""


@dataclass(frozen=True, slots=True)
class StoredFile:
    """A file as the last load left it: its digest and its stored head (None: none)."""

    sha256: str
    head: bytes | None


def stored_files(conn: Connection) -> dict[str, StoredFile]:
    """Every file of the last load, by path: its digest and its entry's head."""
    table = CatalogFileRow.__table__
    rows = conn.execute(select(table.c.path, table.c.sha256, table.c.head))
    return {path: StoredFile(sha256, head) for path, sha256, head in rows}


def _digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


@dataclass(frozen=True, slots=True)
class Kept:
    """What a read keeps of a file it parsed: the digest of the bytes it parsed (the file
    may be saved again before the load hashes it) and the file's sealed entry."""

    sha256: str
    sealed: Sealed


def keeping(kept: dict[str, Kept]) -> tuple[DocumentReader, DocumentKeeper]:
    """A reader and a keeper for `read_catalog` that put in `kept`, for every file read
    and validated, its entry and the digest of the bytes read."""
    digests: dict[str, str] = {}

    def read(name: str, path: Path) -> LocatedDocument:
        raw = read_file(path, name)
        digests[name] = _digest(raw)
        return read_located(path, name, raw)

    def keep(doc: LocatedDocument, parsed: CatalogFile) -> None:
        # sealed at once: a large catalog's data is never all held
        kept[doc.file] = Kept(digests[doc.file], CachedFile.of(doc, parsed).encode())

    return read, keep


@dataclass(kw_only=True)
class Reading:
    """A catalog and its rules as read for a load, and what to keep of its files.

    `whole` names the files whose facts the catalog holds (None: every file's); of the
    others it holds every entry but the facts, which the database has as they were.
    """

    digests: dict[str, str]  # every file's digest, as read (the standard vocabulary's too)
    catalog: Catalog = field(default_factory=Catalog)
    rules: RuleSet = field(default_factory=lambda: RuleSet((), ""))  # read after the files
    fresh: dict[str, Sealed] = field(default_factory=dict)  # entries to store: files parsed
    parsed: int = 0  # files parsed
    whole: set[str] | None = None
    root: Path = Path()
    entries: dict[str, CachedFile] = field(default_factory=dict)
    documents: dict[str, LocatedDocument] = field(default_factory=dict)  # the files parsed
    index: FactIndex | None = None

    def derivable(self, conn: Connection, subjects: Iterable[str]) -> bool:
        """Make the catalog hold every fact the derivations of `subjects` can rest on:
        their own and their parents' (`variant_of`), those of the subjects the rules
        name, and of the facts those are computed from; False when that cannot be read
        soundly (the load is then made the whole way)."""
        if self.whole is None or self.index is None:
            return True
        index, catalog = self.index, self.catalog
        todo = set(subjects) | {r.subject for rule in self.rules.rules for r in rule.refs}
        found: set[str] = set()
        while todo:
            subject = todo.pop()
            if subject is None or subject in found:
                continue
            found.add(subject)
            entry = catalog.subjects.get(subject)
            if entry is not None and entry.entry.variant_of is not None:
                todo.add(entry.entry.variant_of)
            for name in index.files_of_subjects([subject]):
                for names in index.files[name].computed_from.values():
                    todo.update(s for s in map(index.subject_of, names) if s is not None)
        wanted = index.closed(self.whole | index.files_of_subjects(found))
        if wanted <= self.whole:
            return True
        return self._read_whole(conn, wanted)

    def _read_whole(self, conn: Connection, whole: set[str]) -> bool:
        """Read the catalog again with the files `whole` read whole."""
        missing = [n for n in sorted(whole) if n not in self.documents]
        for name, blob in _bodies(conn, missing).items():
            entry = self.entries[name].with_body(blob)
            if entry is not None:
                self.entries[name] = entry
            elif _parse(self, name) is None:  # no sound body: the file is parsed
                return False
        try:
            self.catalog = _read_partial(self.root, self.entries, self.documents, whole)
        except CatalogErrors:
            return False
        self.whole = whole
        return True


def _bodies(conn: Connection, names: Collection[str]) -> dict[str, bytes | None]:
    table = CatalogFileRow.__table__
    found: dict[str, bytes | None] = {}
    ordered = sorted(names)
    for start in range(0, len(ordered), 500):
        chunk = ordered[start : start + 500]
        for path, body in conn.execute(
            select(table.c.path, table.c.body).where(table.c.path.in_(chunk))
        ):
            found[path] = body
    return {name: found.get(name) for name in ordered}


def _read_partial(
    root: Path,
    entries: Mapping[str, CachedFile],
    documents: Mapping[str, LocatedDocument],
    whole: Collection[str],
) -> Catalog:
    """The catalog of every file's head and the facts of the files `whole`."""

    def read(name: str, path: Path) -> LocatedDocument:
        if name in documents:
            return documents[name]
        entry = entries[name]
        return entry.document() if name in whole else entry.head_document()

    return read_catalog(root, files=list(entries), read=read)


def read_changed(
    conn: Connection,
    root: Path,
    folders: RuleFolders | Path,
    digests: Mapping[str, str],
    stored: Mapping[str, StoredFile],
    *,
    same_rules: bool,
) -> Reading | None:
    """The catalog read the quick way, or None when the whole way must read it (also
    when the rules, or the program, are not those of the last load: `same_rules` False;
    every row is then compared again, and with other rules everything derived again)."""
    if not stored or not same_rules:
        return None
    names = [n for n in digests if not n.startswith(STANDARD)]
    standard = [n for n in digests if n.startswith(STANDARD)]
    if any(stored.get(n, StoredFile("", None)).sha256 != digests[n] for n in standard):
        return None  # the vocabulary every file is read against changed
    changed = {n for n in names if n not in stored or stored[n].sha256 != digests[n]}
    removed = {n for n in stored if n not in digests}
    if UNITS_FILE in changed | removed:
        return None
    entries: dict[str, CachedFile] = {}
    again = set(changed)
    for name in names:
        if name not in changed:
            entry = decode_head(name, stored[name].head)
            if entry is None:
                again.add(name)
            else:
                entries[name] = entry
    if len(again) > max(8, len(names) // QUICK_SHARE):
        return None
    if sum(_size(root / name) for name in again) > QUICK_BYTES:
        return None  # so much to parse anew that the quick way saves nothing, on errors twice
    quantities = QuantityRow.__table__
    declaring = {f for (f,) in conn.execute(select(quantities.c.file).distinct())}
    if declaring & (changed | removed):
        return None  # every value is read against the quantities: read them all again
    reading = Reading(digests=dict(digests), root=root)
    for name in sorted(again):
        parsed = _parse(reading, name)
        if parsed is None or parsed.quantities or parsed.units:
            return None
    entries.update(reading.entries)
    reading.entries = entries
    index = FactIndex({n: entries[n].facts for n in names})
    reading.index = index
    old = FactRow.__table__
    targets: set[str] = set()
    if changed | removed:
        for chunk in _chunks(sorted(changed | removed)):
            targets.update(
                t
                for (t,) in conn.execute(
                    select(old.c.supersedes_id).where(
                        old.c.file.in_(chunk), old.c.supersedes_id.is_not(None)
                    )
                )
            )
    whole = index.closed(again | index.files_of_facts(targets))
    if not reading._read_whole(conn, whole):
        return None
    try:
        reading.rules = read_rules(folders, reading.catalog)
    except CatalogErrors:
        return None
    catalog = reading.catalog
    if index.problems_beyond(
        catalog.subjects, catalog.quantities, catalog.sources, [r.id for r in reading.rules.rules]
    ):
        return None
    return reading


def _size(path: Path) -> int:
    """A file's size in bytes (0 when it cannot be read: parsing it reports that)."""
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _parse(reading: Reading, name: str) -> CatalogFile | None:
    """Parse one file into `reading` (None when it has a problem)."""
    path = reading.root / name
    try:
        raw = read_file(path, name)
        doc, parsed = read_entries(path, name, raw)
    except (CatalogError, CatalogErrors):
        return None  # the whole way reports it, with every other problem
    reading.digests[name] = _digest(raw)  # what was parsed, were it edited since hashed
    reading.documents[name] = doc
    entry = CachedFile.of(doc, parsed)
    reading.entries[name] = entry
    reading.fresh[name] = entry.encode()
    reading.parsed += 1
    return parsed


def _chunks(items: list[str], size: int = 500) -> Iterable[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def read_whole(
    conn: Connection,
    root: Path,
    folders: RuleFolders | Path,
    digests: Mapping[str, str],
    stored: Mapping[str, StoredFile],
) -> Reading:
    """The catalog read whole: each file from its stored entry when it has a sound one
    for its digest, parsed otherwise; `CatalogErrors` on any problem, as the reader
    gives them."""
    reading = Reading(digests=dict(digests), root=root)
    names = [n for n in digests if not n.startswith(STANDARD)]
    kept = {n for n in names if n in stored and stored[n].sha256 == digests[n]}
    bodies = _bodies(conn, kept)
    parsing: set[str] = set()

    def read(name: str, path: Path) -> LocatedDocument:
        if name in kept:
            entry = decode_head(name, stored[name].head)
            whole = entry.with_body(bodies.get(name)) if entry is not None else None
            if whole is not None:
                return whole.document()
        raw = read_file(path, name)
        reading.digests[name] = _digest(raw)
        reading.parsed += 1
        parsing.add(name)
        return read_located(path, name, raw)

    def keep(doc: LocatedDocument, parsed: CatalogFile) -> None:
        if doc.file in parsing:  # sealed at once: a large catalog's data is never all held
            reading.fresh[doc.file] = CachedFile.of(doc, parsed).encode()

    reading.catalog = read_catalog(root, files=names, read=read, keep=keep)
    reading.rules = read_rules(folders, reading.catalog)
    return reading


def given(
    checked: tuple[Catalog, RuleSet],
    digests: Mapping[str, str],
    cached: Mapping[str, Kept] | None,
) -> Reading:
    """A catalog and rules the caller read and checked (every file parsed), with the
    entries it kept of them, if any: each file's digest is that of the bytes parsed, so
    that a file saved again since is read again by the next load."""
    catalog, rules = checked
    names = [n for n in digests if not n.startswith(STANDARD)]
    parsed = dict(digests)
    parsed.update((name, kept.sha256) for name, kept in (cached or {}).items())
    fresh = {name: kept.sealed for name, kept in (cached or {}).items()}
    return Reading(catalog=catalog, rules=rules, digests=parsed, fresh=fresh, parsed=len(names))
