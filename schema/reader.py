"""Read a catalog directory into a validated `Catalog`, or report every problem.

Nothing here touches a database: a catalog is read and checked whole in
memory, so that a load with any problem writes nothing at all.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from schema.catalog import (
    STANDARD,
    Acknowledgement,
    Catalog,
    Fact,
    Origin,
    Quantity,
    Source,
    Subject,
    Table,
)
from schema.errors import CatalogError, CatalogErrors, FactsError, Place
from schema.gcpause import gc_paused
from schema.models import (
    CatalogFile,
    Entry,
    FactEntry,
    QuantityEntry,
    SourceEntry,
    SubjectEntry,
    TableColumn,
    TableEntry,
    TableRow,
)
from schema.refs import REF
from schema.status import Status
from schema.units import (
    canonical_unit,
    define_unit,
    dimensionality,
    factor,
    use_catalog_units,
)
from schema.values import NormalValue, normalise, parse_value, written_value
from schema.yaml_source import LocatedDocument, Path_, dotted, read_located

FACT_FIELDS = tuple(FactEntry.model_fields)
TABLE_REF = re.compile(
    r"\{(?:#(?P<fact>[a-z0-9][a-z0-9._@:+-]*)"
    rf"|(?P<derived>=)?{REF})"
    r"(?:\|(?P<unit>[^{}|]+))?(?:\|(?P<style>number|[1-9]))?\}"
)
"""A value in a table's text: {quantity} of the column's subject, {subject:quantity},
or one fact {#fact-id}; {=quantity} is what the rules derive; any of them may name a
unit, {hbm.bandwidth|GB/s}, and then show the number alone, {peak.bf16_dense|TFLOP/s|number},
or to so many significant digits, {l1smem.bandwidth|TB/s|2}."""


VOCABULARY = Path(__file__).with_name("vocabulary")
"""The product's standard vocabulary: quantities and references every catalog has."""
UNITS_FILE = "units.yaml"
"""The catalog's own units, in the registry's syntax: read before its other files."""
RULES_FOLDER = "rules"
"""The folder of a catalog's own rules: read with the rules, not as catalog files."""


def catalog_files(root: Path, *, rules: bool = True) -> list[Path]:
    """Return the YAML files under `root`, in path order, leaving out hidden ones.

    With `rules=False` (a catalog's files) the catalog's own `rules/` folder is left
    out too: its files are rules, read with the rules.
    """
    return [path for _, path in catalog_names(root, rules=rules)]


def catalog_names(root: Path, *, rules: bool = True) -> list[tuple[str, Path]]:
    """The YAML files under `root` (as `catalog_files`), each with its name: its path
    relative to `root`, in the form messages and origins give it."""
    found: list[tuple[str, Path]] = []
    folders = [("", str(root))]
    while folders:
        prefix, folder = folders.pop()
        try:
            entries = list(os.scandir(folder))
        except (NotADirectoryError, FileNotFoundError, PermissionError):
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            name = prefix + entry.name
            if entry.is_dir(follow_symlinks=False):  # a link to a folder is not followed
                if rules or prefix or entry.name != RULES_FOLDER:
                    folders.append((name + "/", entry.path))
            elif entry.name.endswith((".yaml", ".yml")) and entry.is_file():
                found.append((name, Path(entry.path)))
    return sorted(found)


def standard_files() -> dict[str, Path]:
    """The files of the standard vocabulary, by the name origins and messages give them."""
    return {f"{STANDARD}{p.name}": p for p in catalog_files(VOCABULARY)}


@cache
def _standard_documents() -> tuple[tuple[LocatedDocument, CatalogFile], ...]:
    """The standard vocabulary, read and validated once per process (its entries are
    frozen: every catalog read shares them)."""
    read = []
    for name, path in standard_files().items():
        document = read_located(path, name)
        read.append((document, _validate(document)))
    return tuple(read)


def validation_problems(
    doc: LocatedDocument, exc: ValidationError, fields_at: Callable[[Path_], tuple[str, ...]]
) -> list[CatalogError]:
    """Turn pydantic's errors into one `CatalogError` each, with line, field and remedy.

    `fields_at(loc)` names the fields the model at `loc` accepts, for unknown keys.
    """
    errors = []
    for error in exc.errors():
        loc: Path_ = tuple(error["loc"])
        if error["type"] == "missing":
            message = f"missing required field `{loc[-1]}`"
        elif error["type"] == "extra_forbidden":
            message = f"unknown field `{loc[-1]}`; expected one of: {', '.join(fields_at(loc))}"
        else:
            message = str(error["msg"]).removeprefix("Value error, ")
        errors.append(CatalogError(doc.place(loc, dotted(loc)), message))
    return errors


def _fields_at(loc: tuple[Any, ...]) -> tuple[str, ...]:
    by_key: dict[str, type[Entry]] = {
        "sources": SourceEntry,
        "quantities": QuantityEntry,
        "subjects": SubjectEntry,
        "subject": SubjectEntry,
        "facts": FactEntry,
        "tables": TableEntry,
    }
    model: type[Entry] = CatalogFile
    if len(loc) > 1:
        model = by_key.get(loc[0], CatalogFile)
    if loc[0] == "tables" and len(loc) > 3:
        model = TableRow if loc[2] == "rows" else TableColumn
    return tuple(model.model_fields)


def read_entries(
    path: Path, name: str, raw: bytes | None = None
) -> tuple[LocatedDocument, CatalogFile]:
    """Read one catalog file (shown as `name`; its content `raw` if given) and validate
    it on its own: its document and its entries, or `CatalogErrors` with its problems.
    What spans files (ids, references, corrections) is checked by `read_catalog`."""
    try:
        doc = read_located(path, name, raw)
    except CatalogError as exc:
        raise CatalogErrors([exc]) from None
    return doc, _validate(doc)


def _validate(doc: LocatedDocument) -> CatalogFile:
    if not isinstance(doc.data, dict):
        raise CatalogErrors(
            [
                CatalogError(
                    doc.place(()),
                    "expected a mapping with sources, quantities, subject, subjects or facts",
                )
            ]
        )
    try:
        return CatalogFile.model_validate(doc.data)
    except ValidationError as exc:
        raise CatalogErrors(validation_problems(doc, exc, _fields_at)) from None


class _Collector:
    """Gathers entries from every file and every problem found on the way."""

    def __init__(self) -> None:
        self.catalog = Catalog()
        self.errors: list[CatalogError] = []
        self.places: dict[tuple[str, str], tuple[str, int | None]] = {}
        self.facts: list[tuple[FactEntry, str | None, Origin, LocatedDocument, Path_]] = []
        self.tables: list[tuple[TableEntry, Origin, LocatedDocument, Path_]] = []

    def problem(self, place: Place, message: str) -> None:
        self.errors.append(CatalogError(place, message))

    def claim(
        self, kind: str, entry_id: str, doc: LocatedDocument, path: Path_, field: str
    ) -> bool:
        """Record where an id is defined; report it when it was defined before."""
        key = (kind, entry_id)
        first = self.places.get(key)
        if first is None or (first[0].startswith(STANDARD) and not doc.file.startswith(STANDARD)):
            # the catalog's own declaration of a standard entry takes its place
            self.places[key] = (doc.file, doc.line(path))
            return True
        first_file, first_line = first
        self.problem(
            doc.place(path, field),
            f"duplicate {kind} id {entry_id!r}; first defined at "
            f"{first_file}:{first_line}; ids must be unique",
        )
        return False

    def add_units(self, doc: LocatedDocument, parsed: CatalogFile) -> None:
        """Define the units of the catalog's `units.yaml` (read before any other file)."""
        if parsed.units and doc.file != UNITS_FILE:
            self.problem(
                doc.place(("units",)),
                f"`units:` belong in {UNITS_FILE} at the catalog's root, read before the "
                "files that use them",
            )
            return
        for i, definition in enumerate(parsed.units):
            problem = define_unit(definition)
            if problem is not None:
                self.problem(doc.place(("units", i), f"units[{i}]"), problem)
            else:
                self.catalog.units[definition.strip()] = Origin(
                    doc.file, doc.line(("units", i)) or 1, i
                )

    def add_file(self, doc: LocatedDocument, parsed: CatalogFile) -> None:
        def origin(path: Path_) -> Origin:
            return Origin(doc.file, doc.line(path) or 1, int(path[-1]) if path else 0)

        for i, source in enumerate(parsed.sources):
            if self.claim("source", source.id, doc, ("sources", i), "sources.id"):
                self.catalog.sources[source.id] = Source(source, origin(("sources", i)))
        for i, quantity in enumerate(parsed.quantities):
            path: Path_ = ("quantities", i)
            if self.claim("quantity", quantity.id, doc, path, "quantities.id"):
                self._add_quantity(doc, path, quantity, origin(path))
        subjects: list[tuple[Path_, SubjectEntry, bool]] = [
            (("subjects", i), s, False) for i, s in enumerate(parsed.subjects)
        ]
        if parsed.subject is not None:
            subjects.insert(0, (("subject",), parsed.subject, True))
        for spath, subject, heads_file in subjects:
            if self.claim("subject", subject.id, doc, spath, "id"):
                where = Origin(doc.file, doc.line(spath) or 1, 0 if heads_file else int(spath[-1]))
                self.catalog.subjects[subject.id] = Subject(subject, where, heads_file)
        for i, table in enumerate(parsed.tables):
            tpath: Path_ = ("tables", i)
            if self.claim("table", table.id, doc, tpath, f"tables[{i}].id"):
                self.tables.append((table, origin(tpath), doc, tpath))
        for i, acknowledged in enumerate(parsed.acknowledged):
            apath: Path_ = ("acknowledged", i)
            finding = acknowledged.finding
            if self.claim("acknowledgement", finding, doc, apath, f"acknowledged[{i}].finding"):
                self.catalog.acknowledgements[finding] = Acknowledgement(
                    acknowledged, origin(apath)
                )
        default_subject = parsed.subject.id if parsed.subject is not None else None
        for i, fact in enumerate(parsed.facts):
            fpath: Path_ = ("facts", i)
            if self.claim("fact", fact.id, doc, fpath, f"facts[{i}].id"):
                lines = doc.excerpt(fpath, FACT_FIELDS)
                self.facts.append((fact, default_subject, origin(fpath), lines, fpath))

    def _add_quantity(self, doc: LocatedDocument, path: Path_, entry: Any, where: Origin) -> None:
        try:
            unit = canonical_unit(entry.unit)
        except FactsError as exc:
            self.problem(doc.place((*path, "unit")), str(exc))
            return
        bounds: list[NormalValue | None] = []
        for name in ("min", "max"):
            text = getattr(entry, name)
            if text is None:
                bounds.append(None)
                continue
            try:
                bounds.append(normalise(parse_value(text), unit, exact=True))
            except FactsError as exc:
                self.problem(doc.place((*path, name)), str(exc))
                bounds.append(None)
        standard = self.catalog.quantities.get(entry.id)
        if (
            standard is not None
            and standard.origin.standard
            and not where.standard
            and dimensionality(standard.unit) != dimensionality(unit)
        ):
            self.problem(
                doc.place((*path, "unit")),
                f"{entry.id} is a quantity of the standard vocabulary, measured in "
                f"{standard.unit or 'plain numbers'}; a catalog may declare it again "
                "with other words, not with another dimension (or choose another id)",
            )
            return
        self.catalog.quantities[entry.id] = Quantity(entry, where, unit, bounds[0], bounds[1])

    def resolve(self) -> None:
        cat = self.catalog
        for sid, subject in cat.subjects.items():
            parent = subject.entry.variant_of
            place = Place(subject.origin.file, subject.origin.line, "variant_of")
            if parent is not None and parent not in cat.subjects:
                self.problem(
                    place, f"unknown subject {parent!r} for {sid!r}; define it or drop variant_of"
                )
            elif _variant_cycle(cat, sid):
                self.problem(place, f"{sid!r} is, through variant_of, a variant of itself")
        for entry, default_subject, where, doc, path in self.facts:
            fact = self._resolve_fact(entry, default_subject, where, doc, path)
            if fact is not None:
                cat.facts[entry.id] = fact
        self._resolve_corrections(cat)
        for table, where, doc, path in self.tables:
            if self._check_table(table, doc, path):
                cat.tables[table.id] = Table(table, where)

    def _table_ref_problem(self, ref: re.Match[str]) -> str | None:
        cat = self.catalog
        quantity = ref["quantity"]
        if ref["fact"] is not None:
            fact = cat.facts.get(ref["fact"])
            if fact is None:
                return f"unknown fact {ref['fact']!r}"
            if fact.status != Status.current:
                return f"fact {ref['fact']!r} is {fact.status}"
            quantity = fact.entry.quantity
        elif ref["subject"] and ref["subject"] not in cat.subjects:
            return f"unknown subject {ref['subject']!r}"
        elif quantity not in cat.quantities:
            return f"unknown quantity {quantity!r}"
        if ref["unit"] is not None:
            try:
                factor(canonical_unit(ref["unit"]), cat.quantities[quantity].unit)
            except FactsError as exc:
                return str(exc)
        return None

    def _check_table(self, table: TableEntry, doc: LocatedDocument, path: Path_) -> bool:
        cat, ok = self.catalog, True
        for i, column in enumerate(table.columns):
            if column.subject is not None and column.subject not in cat.subjects:
                self.problem(
                    doc.place((*path, "columns", i, "subject")),
                    f"unknown subject {column.subject!r} in table {table.id}",
                )
                ok = False
        subjects = {c.cell_key for c in table.columns}
        words = {c.key for c in table.columns if c.key is not None}
        for i, row in enumerate(table.rows):
            where = (*path, "rows", i)
            quantity = row.quantity or row.derived
            if quantity is not None and quantity not in cat.quantities:
                self.problem(
                    doc.place((*where, "quantity" if row.quantity else "derived")),
                    f"unknown quantity {quantity!r} in table {table.id}",
                )
                ok = False
                continue
            if row.unit is not None and quantity is not None:
                try:
                    factor(canonical_unit(row.unit), cat.quantities[quantity].unit)
                except FactsError as exc:
                    self.problem(doc.place((*where, "unit")), str(exc))
                    ok = False
            for subject in row.cells:
                if subject not in subjects:
                    self.problem(
                        doc.place((*where, "cells")),
                        f"{subject!r} is not a column of table {table.id}",
                    )
                    ok = False
            for key, text in row.cells.items():
                if key not in words:
                    continue
                for ref in TABLE_REF.finditer(text):
                    if ref["fact"] is None and ref["subject"] is None:
                        self.problem(
                            doc.place((*where, "cells")),
                            f"{ref.group()} in column {key!r} of table {table.id}: a column "
                            "of words has no subject; name one, {subject:quantity}",
                        )
                        ok = False
            for text in [row.text or "", *row.cells.values()]:
                for ref in TABLE_REF.finditer(text):
                    problem = self._table_ref_problem(ref)
                    if problem:
                        self.problem(
                            doc.place(where), f"{problem} in {ref.group()} of table {table.id}"
                        )
                        ok = False
        return ok

    @staticmethod
    def _wrong_part(entry: FactEntry) -> str:
        """The key of a fact whose value cannot be read that is at fault: its `precision:`
        when the value alone reads, else the value (an error path: parsed again)."""
        if entry.precision is None or entry.value is None:
            return "value"
        try:
            parse_value(entry.value)
        except FactsError:
            return "value"
        return "precision"

    def _resolve_fact(
        self,
        entry: FactEntry,
        default_subject: str | None,
        where: Origin,
        doc: LocatedDocument,
        path: Path_,
    ) -> Fact | None:
        cat = self.catalog
        ok = True
        subject = entry.subject or default_subject
        if subject is None:
            self.problem(
                doc.place(path, dotted((*path, "subject"))),
                "missing `subject` (or a `subject:` heading the file)",
            )
            ok = False
        elif subject not in cat.subjects:
            self.problem(
                doc.place(
                    (*path, "subject") if entry.subject else path, dotted((*path, "subject"))
                ),
                f"unknown subject {subject!r}; define it under `subject:` or `subjects:`",
            )
            ok = False
        quantity = cat.quantities.get(entry.quantity)
        if quantity is None:
            self.problem(
                doc.place((*path, "quantity")),
                f"unknown quantity {entry.quantity!r}; define it in quantities",
            )
            ok = False
        if entry.source is not None and entry.source not in cat.sources:
            self.problem(
                doc.place((*path, "source")),
                f"unknown source {entry.source!r}; define it in sources or fix the id",
            )
            ok = False
        if entry.via is not None and entry.via not in cat.sources:
            close = difflib.get_close_matches(entry.via, list(cat.sources), n=1)
            hint = f"did you mean {close[0]}?" if close else "define it in sources or fix the id"
            self.problem(
                doc.place((*path, "via")),
                f"unknown source {entry.via!r} in `via` (the copy the number was read in); {hint}",
            )
            ok = False
        if not ok or quantity is None or subject is None:
            return None
        if entry.value is None:
            return Fact(entry=entry, subject=subject, origin=where, parsed=None, normal=None)
        try:
            parsed = written_value(entry.value, entry.precision)
            normal = normalise(parsed, quantity.unit, exact=entry.exact or quantity.entry.count)
        except FactsError as exc:
            message = str(exc)
            if "cannot convert" in message:
                message += f"; {entry.quantity} is measured in {quantity.unit or 'plain numbers'}"
            self.problem(doc.place((*path, self._wrong_part(entry))), message)
            return None
        if quantity.entry.count and (
            parsed.is_range or normal.value != normal.value.to_integral_value()
        ):
            self.problem(
                doc.place((*path, "value")),
                f"{entry.quantity} is a count: {entry.value!r} is not a "
                f"whole number of {quantity.unit or 'items'}",
            )
            return None
        for index, alternative in enumerate(entry.alternatives):
            try:
                normalise(parse_value(alternative.value), quantity.unit, exact=entry.exact)
            except FactsError as exc:
                self.problem(doc.place((*path, "alternatives", index, "value")), str(exc))
                return None
        return Fact(entry=entry, subject=subject, origin=where, parsed=parsed, normal=normal)

    def _resolve_corrections(self, cat: Catalog) -> None:
        for fact in list(cat.facts.values()):
            old_id = fact.entry.supersedes
            if old_id is None:
                continue
            place = Place(fact.origin.file, fact.origin.line, "supersedes")
            old = cat.facts.get(old_id)
            if old is None:
                self.problem(place, f"{fact.entry.id!r} supersedes unknown fact {old_id!r}")
            elif old_id == fact.entry.id:
                self.problem(place, "a fact cannot supersede itself")
            elif old.entry.status == Status.withdrawn:
                self.problem(
                    place,
                    f"{old_id!r} is withdrawn; a withdrawn fact cannot also be "
                    "superseded: drop its `status: withdrawn`",
                )
            elif old.superseded_by is not None:
                self.problem(
                    place,
                    f"{old_id!r} is already superseded by {old.superseded_by!r}; "
                    "supersede that one instead",
                )
            else:
                cat.facts[old_id] = replace(
                    old, status=Status.superseded, superseded_by=fact.entry.id
                )
        for fact in cat.facts.values():
            if _supersede_cycle(cat, fact.entry.id):
                self.problem(
                    Place(fact.origin.file, fact.origin.line, "supersedes"),
                    f"{fact.entry.id!r} supersedes itself through a chain of corrections",
                )
        for fact_id, fact in cat.facts.items():
            if fact.entry.status == Status.withdrawn and fact.status == Status.current:
                cat.facts[fact_id] = replace(fact, status=Status.withdrawn)


def _in_cycle(start: str, next_of: Callable[[str], str | None]) -> bool:
    """True when following `next_of` from `start` comes back to an id already seen."""
    seen = {start}
    current = next_of(start)
    while current is not None:
        if current in seen:
            return True
        seen.add(current)
        current = next_of(current)
    return False


def _variant_cycle(cat: Catalog, start: str) -> bool:
    subjects = cat.subjects
    return _in_cycle(start, lambda s: subjects[s].entry.variant_of if s in subjects else None)


def _supersede_cycle(cat: Catalog, start: str) -> bool:
    facts = cat.facts
    return _in_cycle(start, lambda f: facts[f].entry.supersedes if f in facts else None)


DocumentReader = Callable[[str, Path], LocatedDocument]
"""How one catalog file is read: from its name (relative to the root) and its path to its
document, or a `CatalogError` with a line."""
DocumentKeeper = Callable[[LocatedDocument, CatalogFile], None]
"""What is told of every file read and validated: its document and its entries."""


def _documents(
    root: Path,
    errors: list[CatalogError],
    overrides: dict[str, bytes],
    files: Iterable[str] | None,
    read: DocumentReader | None,
) -> Iterator[LocatedDocument]:
    if files is None:
        files = [p.relative_to(root).as_posix() for p in catalog_files(root, rules=False)]
    names = set(files) | set(overrides)
    for name in sorted(names, key=lambda name: (name != UNITS_FILE, name)):
        try:
            if name in overrides or read is None:
                yield read_located(root / name, name, overrides.get(name))
            else:
                yield read(name, root / name)
        except CatalogError as exc:
            errors.append(exc)


def read_catalog(
    root: Path,
    overrides: dict[str, bytes] | None = None,
    *,
    files: Iterable[str] | None = None,
    read: DocumentReader | None = None,
    keep: DocumentKeeper | None = None,
) -> Catalog:
    """Read and check every YAML file under `root`; raise `CatalogErrors` on any problem.

    `overrides` gives the content of some files (by path relative to `root`) as they
    are about to be written, to check a change before it reaches the disk. `files`
    names the catalog's files (relative to `root`) when the caller has listed them
    already; `read` reads each of them instead of parsing it from the disk (a load's
    cache of unchanged files); `keep` is told of every file read and validated.
    """
    with gc_paused():
        return _read_catalog(root, overrides, files, read, keep)


def _read_catalog(
    root: Path,
    overrides: dict[str, bytes] | None,
    files: Iterable[str] | None,
    read: DocumentReader | None,
    keep: DocumentKeeper | None,
) -> Catalog:
    if not root.is_dir():
        raise CatalogErrors([CatalogError(Place(str(root)), "no such catalog directory")])
    collector = _Collector()
    use_catalog_units()  # this catalog's units are those of its units.yaml, none before
    for standard, parsed in _standard_documents():
        collector.add_file(standard, parsed)
    count = 0
    for doc in _documents(root, collector.errors, overrides or {}, files, read):
        count += 1
        try:
            parsed = _validate(doc)
        except CatalogErrors as exc:
            collector.errors.extend(exc.errors)
            continue
        if keep is not None:
            keep(doc, parsed)
        collector.add_units(doc, parsed)
        collector.add_file(doc, parsed)
    if count == 0 and not collector.errors:
        collector.problem(Place(str(root)), "no .yaml files found; expected a catalog directory")
    unreadable = list(collector.errors)
    collector.resolve()
    if unreadable:
        # Every problem at once; but a reference into a file that could not be read only
        # repeats that file's problem, so those are left out.
        broken = {e.place.file for e in unreadable}
        later = collector.errors[len(unreadable) :]
        raise CatalogErrors(unreadable + [e for e in later if not _into_broken(e, broken)])
    if collector.errors:
        raise CatalogErrors(collector.errors)
    return collector.catalog


def _into_broken(error: CatalogError, broken: set[str]) -> bool:
    """True for an unknown-reference problem while some files could not be read."""
    return bool(broken) and error.message.startswith("unknown ")
