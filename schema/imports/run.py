"""`import_table`: a spec table into the catalog's YAML, checked whole, all or nothing.

The table is read, its words resolved, its cells diffed with the catalog, and the
import's file (`<catalog>/imports/<table>.yaml`) rendered in memory; then the whole
catalog is read again with that file as it would be written, so that every value
goes through the catalog reader's own checks (unit, dimension, counts) before
anything reaches the disk. A problem of a written fact is reported at the cell it
came from. With any problem nothing is written; with nothing new nothing either.
A wide table's file also holds its table specification (`schema.imports.spec`), so
that `facts export` shows the imported table.
"""

from __future__ import annotations

import bisect
import datetime as dt
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import get_args

from schema.catalog import Catalog
from schema.errors import CatalogError, CatalogErrors, Place
from schema.files import replace_file
from schema.imports.cells import TIER_NAMES, Defaults, read_cells
from schema.imports.mapping import EMPTY, MappingFile, MappingSource, read_mapping
from schema.imports.plan import Plan, plan, written
from schema.imports.problems import ImportErrors, check, closest
from schema.imports.resolve import Vocabulary
from schema.imports.spec import TablePlan, plan_table
from schema.imports.tables import read_table
from schema.imports.write import put_table, render
from schema.models import SourceEntry, SubjectEntry, WrittenTier
from schema.reader import read_catalog
from schema.yaml_source import read_located

IMPORTS = "imports"
"""The folder of a catalog that holds one file per imported table."""
_PLACEHOLDER = b"facts: []\n"  # the import's file before its first import


@dataclass(frozen=True, slots=True)
class ImportOptions:
    """What the command line says, over the mapping: source id, tier, date of the facts."""

    source: str | None = None
    tier: str | None = None
    date: dt.date | None = None


@dataclass(frozen=True, slots=True)
class Correction:
    """A cell whose value changed: the new fact, the one it supersedes, both values."""

    fact: str
    supersedes: str
    old: str
    new: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportReport:
    """What an import did: facts added, corrected and unchanged, the file written."""

    table: str
    catalog: str
    file: str
    written: bool
    added: tuple[str, ...]
    corrected: tuple[Correction, ...]
    unchanged: tuple[str, ...]
    skipped: int
    sources_added: tuple[str, ...] = ()
    subjects_added: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    export_table: str | None = None  # the id `facts export` takes; None: no table
    table_columns_added: tuple[str, ...] = ()  # subjects: the table's new columns
    table_rows_added: tuple[str, ...] = ()  # quantities: the table's new rows


def import_file(table: Path) -> str:
    """The catalog file an import of `table` writes, relative to the catalog."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", table.stem).strip("-.") or "table"
    return f"{IMPORTS}/{stem}.yaml"


def import_table(
    table: Path,
    catalog: Path,
    mapping: Path | None = None,
    options: ImportOptions | None = None,
) -> ImportReport:
    """Import the spec table at `table` into the catalog under `catalog`.

    `mapping` names the table's source, tier, date and what its headers and row names
    mean; `options` override its source, tier and date (the date defaults to today).
    Raises `CatalogErrors` (every problem, each naming file, row and column) and then
    writes nothing; an import that changes nothing writes nothing either. It reads the
    catalog and writes into it: the caller holds the catalog lock (`db.api.import_table`).
    """
    opts = options or ImportOptions()
    cells = read_table(table)
    mapped = read_mapping(mapping) if mapping is not None else EMPTY
    rel = import_file(table)
    path = catalog / rel
    existing = path.read_bytes() if path.is_file() else None
    try:
        current = read_catalog(catalog, {rel: existing or _PLACEHOLDER})
    except CatalogErrors as exc:  # the catalog's own problems, before any import
        raise ImportErrors(exc.errors, cells.file) from None
    errors: list[CatalogError] = []
    notes: list[str] = []
    source_id, new_source = _source(current, mapped, opts, errors, notes)
    new_subjects = _subjects(current, mapped, errors)
    reported = {"source"} if source_id is None and (opts.source or mapped.source) else set()
    tier = opts.tier or mapped.mapping.tier
    if tier is not None and tier not in get_args(WrittenTier):
        errors.append(
            CatalogError(
                Place("--tier") if opts.tier else mapped.place("tier"),
                f"tier {tier!r}: expected {TIER_NAMES}",
            )
        )
        tier = None
        reported.add("tier")
    known_sources = frozenset(current.sources) | ({new_source.id} if new_source else set())
    defaults = Defaults(
        source=source_id,
        tier=tier,
        date=opts.date or mapped.mapping.date or dt.date.today(),
        locator=mapped.mapping.locator,
        note=mapped.mapping.note,
        qualifiers=tuple(sorted(mapped.mapping.qualifiers.items())),
        sources=known_sources,
        reported=frozenset(reported),
    )
    read = read_cells(cells, mapped, Vocabulary(current, new_subjects), defaults)
    errors.extend(read.errors)
    planned = plan(read.readings, current, table.name, rel)
    errors.extend(planned.errors)
    spec = plan_table(
        read.shape,
        current,
        rel,
        mapped,
        stem=Path(rel).stem,
        title=_title(current, source_id, new_source, table),
        holds_facts=bool(planned.facts)
        or any(f.origin.file == rel for f in current.facts.values()),
        place=cells.place(),
    )
    errors.extend(spec.errors)
    notes.extend(spec.notes)
    report = _report(table, catalog, rel, planned, read.skipped, notes, spec)
    if not planned.facts and spec.change is None:
        check(errors, cells.file)
        return report
    subjects = _needed(new_subjects, {p.reading.subject for p in planned.facts})
    sources = [new_source] if new_source is not None else []
    header = (
        f"Imported by `facts import` from {table.name}. Edit the table and import it"
        "\nagain: a changed cell becomes a correction, a new one a new fact."
    )
    content, first = render(existing, header, sources, subjects, [p.entry for p in planned.facts])
    if spec.change is not None:
        content = put_table(content, spec.change)
        first["tables"] = (
            spec.change.position
            if spec.change.position is not None
            else sum(t.origin.file == rel for t in current.tables.values())
        )
    indexes = [mapped.mapping.subjects.index(s) for s in subjects]
    table_place = mapped.place("table") if mapped.doc is not None else cells.place()
    errors.extend(_checked(catalog, rel, content, first, planned, mapped, indexes, table_place))
    check(errors, cells.file)
    replace_file(path, content)
    return replace(
        report,
        written=True,
        sources_added=tuple(s.id for s in sources),
        subjects_added=tuple(s.id for s in subjects),
    )


def _report(
    table: Path,
    catalog: Path,
    rel: str,
    planned: Plan,
    skipped: int,
    notes: list[str],
    spec: TablePlan,
) -> ImportReport:
    change = spec.change
    return ImportReport(
        table=str(table),
        catalog=str(catalog),
        file=rel,
        written=False,
        added=tuple(p.entry.id for p in planned.added),
        corrected=tuple(
            Correction(
                p.entry.id,
                p.old.entry.id,
                written(p.old.entry.value),
                written(p.entry.value),
            )
            for p in planned.corrected
            if p.old is not None
        ),
        unchanged=tuple(planned.unchanged),
        skipped=skipped,
        notes=tuple(notes),
        export_table=spec.id,
        table_columns_added=tuple(
            c.cell_key
            for c in (change.entry.columns if change.position is None else change.columns)
        )
        if change is not None
        else (),
        table_rows_added=tuple(
            r.quantity or r.label
            for r in (change.entry.rows if change.position is None else change.rows)
        )
        if change is not None
        else (),
    )


def _title(catalog: Catalog, source_id: str | None, new: SourceEntry | None, table: Path) -> str:
    """The default title of the import's table: its source's title, else the file's name."""
    if new is not None and new.id == source_id:
        return new.title
    known = catalog.sources.get(source_id or "")
    return known.entry.title if known is not None else table.name


def _source(
    catalog: Catalog,
    mapped: MappingFile,
    opts: ImportOptions,
    errors: list[CatalogError],
    notes: list[str],
) -> tuple[str | None, SourceEntry | None]:
    """The source id of the table's facts, and the source entry to write (if new)."""
    given = mapped.source
    new: SourceEntry | None = None
    if isinstance(given, MappingSource):
        entry = _source_entry(given, notes)
        known = catalog.sources.get(given.id)
        if known is None:
            new = entry
        elif known.entry != entry:
            errors.append(
                CatalogError(
                    mapped.place("source"),
                    f"source {given.id!r} is already defined, otherwise, at "
                    f"{known.origin.file}:{known.origin.line}; refer to it by id "
                    f"(`source: {given.id}`), or change it there",
                )
            )
    source_id = opts.source or (given.id if isinstance(given, MappingSource) else given)
    if source_id is None:
        return None, new
    if source_id not in catalog.sources and (new is None or new.id != source_id):
        place = Place("--source") if opts.source else mapped.place("source")
        hint = closest(source_id, catalog.sources)
        errors.append(
            CatalogError(
                place,
                f"unknown source {source_id!r}{hint}; define it in the catalog's sources, "
                "or give the whole entry under `source:` in the mapping",
            )
        )
        return None, new
    return source_id, new if new is not None and new.id == source_id else None


def _source_entry(given: MappingSource, notes: list[str]) -> SourceEntry:
    """The catalog's source entry for the mapping's; its revision only where the
    catalog format has one."""
    fields = SourceEntry.model_fields
    if given.revision is not None and "revision" not in fields:
        notes.append(
            f"source {given.id}: its revision {given.revision!r} is not written; the "
            "catalog's sources have no `revision` field yet"
        )
    return SourceEntry.model_validate({name: getattr(given, name) for name in fields})


def _subjects(
    catalog: Catalog, mapped: MappingFile, errors: list[CatalogError]
) -> list[SubjectEntry]:
    """The mapping's subjects the catalog does not have yet."""
    new = []
    for index, subject in enumerate(mapped.mapping.subjects):
        known = catalog.subjects.get(subject.id)
        if known is None:
            new.append(subject)
        elif known.entry != subject:
            errors.append(
                CatalogError(
                    mapped.place("subjects", index),
                    f"subject {subject.id!r} is already defined, otherwise, at "
                    f"{known.origin.file}:{known.origin.line}; drop it from the mapping, "
                    "or change it there",
                )
            )
    return new


def _needed(new: list[SubjectEntry], used: set[str]) -> list[SubjectEntry]:
    """The mapping's new subjects the facts name, and those they are variants of."""
    by_id = {s.id: s for s in new}
    wanted: set[str] = set()
    for subject in sorted(used):
        while subject in by_id and subject not in wanted:
            wanted.add(subject)
            subject = by_id[subject].variant_of or ""
    return [s for s in new if s.id in wanted]


_ENTRY = re.compile(r"^(?P<section>sources|subjects|facts|tables)\[(?P<index>\d+)\]")


def _checked(
    catalog: Path,
    rel: str,
    content: bytes,
    first: dict[str, int],
    planned: Plan,
    mapped: MappingFile,
    subjects: list[int],
    table: Place,
) -> list[CatalogError]:
    """The catalog reader's problems with the import's file as it would be written,
    each moved to the cell (or mapping entry, or the table's place) it comes from."""
    try:
        read_catalog(catalog, {rel: content})
    except CatalogErrors as exc:
        problems = list(exc.errors)
    else:
        return []
    doc = read_located(Path(rel), rel, content)
    targets: dict[tuple[str, int], Place] = {}
    for offset, fact in enumerate(planned.facts):
        targets[("facts", first.get("facts", 0) + offset)] = fact.reading.place
    for offset, index in enumerate(subjects):  # where each was written in the mapping
        targets[("subjects", first.get("subjects", 0) + offset)] = mapped.place("subjects", index)
    if "sources" in first:
        targets[("sources", first["sources"])] = mapped.place("source")
    if "tables" in first:
        targets[("tables", first["tables"])] = table
    every = [  # every entry of the file: a line inside an old one stays where it is
        (name, index)
        for name in ("sources", "subjects", "facts", "tables")
        for index in range(len(doc.data.get(name) or ()))
    ]
    starts = sorted((doc.line(key) or 0, key) for key in every)
    lines = [line for line, _ in starts]
    moved = []
    for problem in problems:
        if problem.place.file != rel:
            moved.append(problem)
            continue
        found = _ENTRY.match(problem.place.field or "")
        key: tuple[str, int] | None = None
        if found is not None:
            key = (found["section"], int(found["index"]))
        elif problem.place.line is not None:
            at = bisect.bisect_right(lines, problem.place.line) - 1
            key = starts[at][1] if at >= 0 else None
        target = targets.get(key) if key is not None else None
        moved.append(problem if target is None else CatalogError(target, problem.message))
    return moved
