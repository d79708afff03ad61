"""A table's cells into readings: one statement per cell that says something.

Wide tables have a row per subject and a column per quantity; long ones a row per
fact (`subject,quantity,value,source,locator,tier,date,note`, `unit` too). Each
reading keeps the place of its cell. Every header, row name and cell that cannot be
read is a problem of its own, all reported together; a column or row whose name is
not known is reported once, not once per cell.
"""

from __future__ import annotations

import datetime as dt
import difflib
from collections.abc import Callable
from dataclasses import dataclass, field

from schema.errors import CatalogError, FactsError, Place, Unresolved
from schema.imports.mapping import ColumnMap, MappingFile
from schema.imports.problems import closest
from schema.imports.resolve import Vocabulary, split_unit, words
from schema.imports.tables import Row, Table
from schema.tiers import WRITTEN_TIERS
from schema.units import canonical_unit
from schema.values import parse_value

SKIPPED = ("", "-", "—", "–", "n/a", "na", "n.a.")
"""Cells that say nothing (compared without case): no fact."""
UNDISCLOSED = ("undisclosed", "not disclosed", "未公开")
"""Cells that say the maker does not disclose the number: an undisclosed fact."""
LONG_COLUMNS = ("subject", "quantity", "value", "unit", "source", "locator", "tier", "date", "note")
TIERS = WRITTEN_TIERS
TIER_NAMES = f"{', '.join(TIERS[:-1])} or {TIERS[-1]}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Defaults:
    """What every reading takes unless its own row says otherwise."""

    source: str | None
    tier: str | None
    date: dt.date
    locator: str | None = None
    note: str | None = None
    qualifiers: tuple[tuple[str, str], ...] = ()
    sources: frozenset[str] = frozenset()  # every source id a row may name
    reported: frozenset[str] = frozenset()  # "source", "tier": given, wrong, said already


@dataclass(frozen=True, slots=True, kw_only=True)
class Reading:
    """One cell's statement: a subject's quantity has this value (None: undisclosed)."""

    subject: str
    quantity: str
    value: str | None
    source: str
    tier: str
    date: dt.date
    place: Place
    locator: str | None = None
    note: str | None = None
    qualifiers: tuple[tuple[str, str], ...] = ()

    @property
    def key(self) -> tuple[str, str, str, tuple[tuple[str, str], ...]]:
        """What the reading is about: subject, quantity, source and qualifiers."""
        return (self.subject, self.quantity, self.source, self.qualifiers)


@dataclass(frozen=True, slots=True)
class WideColumn:
    """A quantity column of a wide table: its header as written, the quantity, the unit
    of its bare numbers (the header's or the mapping's), its qualifiers."""

    header: str
    quantity: str
    unit: str | None
    qualifiers: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class WideRow:
    """A row of a wide table: its name as written and the subject it names."""

    name: str
    subject: str


@dataclass(frozen=True, slots=True)
class WideShape:
    """What a wide table shows, in its own order: the header of its subject column, its
    quantity columns and its subject rows (those read, not those skipped)."""

    corner: str
    columns: tuple[WideColumn, ...]
    rows: tuple[WideRow, ...]


@dataclass(slots=True)
class Readings:
    """The readings of a table, how many cells said nothing, and every problem; the
    shape of a wide table (None for a long one)."""

    readings: list[Reading] = field(default_factory=list)
    skipped: int = 0
    errors: list[CatalogError] = field(default_factory=list)
    shape: WideShape | None = None


class MappingProblem(Unresolved):
    """The mapping names something the catalog does not have: reported at its line."""

    def __init__(self, place: Place, message: str) -> None:
        super().__init__(message)
        self.place = place


class _Skip:
    """A cell that says nothing."""


SKIP = _Skip()


def cell_value(text: str, unit: str | None) -> str | _Skip | None:
    """The value a cell states: its text, with the column's `unit` after a bare number;
    None for an undisclosed number; `SKIP` for an empty cell. Raises `FactsError` for a
    cell that cannot be read as a value."""
    folded = text.strip().casefold()
    if folded in SKIPPED:
        return SKIP
    if folded in UNDISCLOSED:
        return None
    parsed = parse_value(text)
    if parsed.unit or not unit:
        return text
    literal = f"{text} {unit}"
    parse_value(literal)
    return literal


def layout(table: Table, mapping: MappingFile) -> str:
    """`wide` or `long`: the mapping's word, else long when the header has `subject`,
    `quantity` and `value` columns."""
    if mapping.mapping.layout is not None:
        return mapping.mapping.layout
    headers = {h.casefold() for h in table.columns}
    return "long" if {"subject", "quantity", "value"} <= headers else "wide"


def read_cells(
    table: Table, mapping: MappingFile, vocabulary: Vocabulary, defaults: Defaults
) -> Readings:
    """Every reading of the table, with the problems of its headers, rows and cells."""
    if layout(table, mapping) == "long":
        return _Long(table, mapping, vocabulary, defaults).read()
    return _Wide(table, mapping, vocabulary, defaults).read()


@dataclass(frozen=True, slots=True)
class _Column:
    """A resolved column (or a long table's quantity cell)."""

    quantity: str
    unit: str | None
    locator: str | None = None
    note: str | None = None
    qualifiers: tuple[tuple[str, str], ...] = ()


class _Reader:
    def __init__(
        self, table: Table, mapping: MappingFile, vocabulary: Vocabulary, defaults: Defaults
    ) -> None:
        self.table = table
        self.mapping = mapping
        self.vocabulary = vocabulary
        self.defaults = defaults
        self.out = Readings()
        self.seen: dict[tuple[str, str, str, tuple[tuple[str, str], ...]], Place] = {}
        self.skip = {words(s) for s in mapping.mapping.skip}
        self.skip_rows = {words(s) for s in mapping.mapping.skip_rows}

    def problem(self, place: Place, message: str) -> None:
        self.out.errors.append(CatalogError(place, message))

    def column(self, header: str) -> _Column:
        """What a header (or a long table's quantity cell) names; `Unresolved` if unknown."""
        mapped = self.mapping.column(header)
        if mapped is not None:
            key, entry = mapped
            return self._mapped(key, entry)
        match = self.vocabulary.header(header)
        return _Column(match.quantity, match.unit, qualifiers=self.defaults.qualifiers)

    def _mapped(self, key: str, entry: ColumnMap) -> _Column:
        place = self.mapping.place("columns", key)
        if not self.vocabulary.has_quantity(entry.quantity):
            raise MappingProblem(
                place,
                f"unknown quantity {entry.quantity!r}"
                f"{self.vocabulary.quantity_suggestion(entry.quantity)}",
            )
        unit: str | None = None
        if entry.unit is not None:
            unit_place = self.mapping.place("columns", key, "unit")
            try:
                unit = canonical_unit(entry.unit)
                self.vocabulary.check_unit(entry.quantity, unit)
            except FactsError as exc:
                raise MappingProblem(unit_place, str(exc)) from None
        else:  # a unit at the end of the header counts when the mapping gives none
            split = split_unit(key)
            if split is not None:
                unit = split[1]
                try:
                    self.vocabulary.check_unit(entry.quantity, unit)
                except Unresolved as exc:
                    raise MappingProblem(
                        place, f"the header ends in a unit that does not fit: {exc}"
                    ) from None
        qualifiers = dict(self.defaults.qualifiers) | entry.qualifiers
        return _Column(
            entry.quantity,
            unit,
            entry.locator,
            entry.note,
            tuple(sorted(qualifiers.items())),
        )

    def subject(self, name: str) -> str:
        """The subject a row name names: the mapping's `rows:` first, then the words."""
        for key, subject in self.mapping.mapping.rows.items():
            if words(key) == words(name):
                if not self.vocabulary.has_subject(subject):
                    raise MappingProblem(
                        self.mapping.place("rows", key),
                        f"unknown subject {subject!r}"
                        f"{self.vocabulary.subject_suggestion(subject)}; define it in the "
                        "catalog, or under `subjects:` in the mapping",
                    )
                return subject
        return self.vocabulary.subject(name)

    def unresolved(self, exc: Unresolved, place: Place, remedy: str = "") -> None:
        """Record a name that could not be resolved: at the mapping's entry when the
        mapping named something unknown, else at the table's place, with `remedy`."""
        if isinstance(exc, MappingProblem):
            self.problem(exc.place, str(exc))
        else:
            self.problem(place, f"{exc}{remedy}")

    def add(
        self,
        row: Row,
        header: str,
        subject: str,
        column: _Column,
        text: str,
        *,
        source: str | None = None,
        tier: str | None = None,
        date: dt.date | None = None,
        locator: str | None = None,
        note: str | None = None,
    ) -> None:
        """Read one cell into a reading, or record why it cannot be read."""
        place = self.table.place(row, header)
        try:
            value = cell_value(text, column.unit)
        except FactsError as exc:
            self.problem(place, str(exc))
            return
        if isinstance(value, _Skip):
            self.out.skipped += 1
            return
        source = source or self.defaults.source
        tier = tier or self.defaults.tier
        if source is None or tier is None:
            return  # reported once for the whole table, or for the row
        reading = Reading(
            subject=subject,
            quantity=column.quantity,
            value=value,
            source=source,
            tier=tier,
            date=date or self.defaults.date,
            place=place,
            locator=locator or column.locator or self.defaults.locator,
            note=note or column.note or self.defaults.note,
            qualifiers=column.qualifiers,
        )
        first = self.seen.get(reading.key)
        if first is not None:
            self.problem(
                place,
                f"{subject} {column.quantity} from {source} is given again "
                f"(first at {first.field}); keep one",
            )
            return
        self.seen[reading.key] = place
        self.out.readings.append(reading)


class _Wide(_Reader):
    def read(self) -> Readings:
        table = self.table
        name_column = self._subject_column()
        if name_column is None:
            return self.out
        if self.defaults.source is None or self.defaults.tier is None:
            self._missing_defaults()
        columns: dict[str, _Column] = {}
        quantities: dict[tuple[str, tuple[tuple[str, str], ...]], str] = {}
        for index, header in enumerate(table.columns):
            if header == name_column or (header and words(header) in self.skip):
                continue
            if not header:
                if any(row.cells[index] for row in table.rows):
                    self.problem(
                        table.place(),
                        f"column {index + 1} has no header; give it one or delete it",
                    )
                continue
            try:
                column = self.column(header)
            except Unresolved as exc:
                self.unresolved(
                    exc,
                    table.place(column=header),
                    "; map the header under `columns:` in the mapping, or list it under `skip:`",
                )
                continue
            other = quantities.get((column.quantity, column.qualifiers))
            if other is not None:
                self.problem(
                    table.place(column=header),
                    f"names {column.quantity}, as column {other!r} does; map one of them "
                    "to another quantity, or skip it",
                )
                continue
            quantities[(column.quantity, column.qualifiers)] = header
            columns[header] = column
        rows: dict[str, int] = {}
        named: list[WideRow] = []
        for row in table.rows:
            name = table.column(row, name_column)
            if not name:
                if any(row.cells):
                    self.problem(
                        table.place(row, name_column),
                        "the row names no subject; write its name, or delete the row",
                    )
                continue
            if words(name) in self.skip_rows:
                continue
            try:
                subject = self.subject(name)
            except Unresolved as exc:
                self.unresolved(
                    exc,
                    table.place(row, name_column),
                    "; map the name under `rows:` in the mapping, or list it under `skip_rows:`",
                )
                continue
            if subject in rows:
                self.problem(
                    table.place(row, name_column),
                    f"names {subject}, as row {rows[subject]} does; one row per subject",
                )
                continue
            rows[subject] = row.number
            named.append(WideRow(name.strip(), subject))
            for header, column in columns.items():
                self.add(row, header, subject, column, table.column(row, header))
        self.out.shape = WideShape(
            name_column.strip(),
            tuple(
                WideColumn(header, c.quantity, c.unit, c.qualifiers)
                for header, c in columns.items()
            ),
            tuple(named),
        )
        return self.out

    def _subject_column(self) -> str | None:
        table, wanted = self.table, self.mapping.mapping.subject_column
        if wanted is None:
            return table.columns[0] if table.columns else None
        for header in table.columns:
            if words(header) == words(wanted):
                return header
        close = difflib.get_close_matches(wanted, list(table.columns), n=3)
        hint = f"; the closest: {', '.join(repr(c) for c in close)}" if close else ""
        self.problem(
            self.mapping.place("subject_column"),
            f"the table has no column {wanted!r}{hint}",
        )
        return None

    def _missing_defaults(self) -> None:
        for name, value in (("source", self.defaults.source), ("tier", self.defaults.tier)):
            if value is None and name not in self.defaults.reported:
                self.problem(
                    self.mapping.place(),
                    f"no {name} for the table's facts: give `{name}:` in the mapping or --{name}",
                )


class _Long(_Reader):
    def read(self) -> Readings:
        table = self.table
        by_name = {h.casefold(): h for h in table.columns}
        for header in table.columns:
            if header.casefold() not in LONG_COLUMNS and words(header) not in self.skip:
                self.problem(
                    table.place(column=header),
                    f"a long table has the columns {', '.join(LONG_COLUMNS)}; "
                    "list others under `skip:` in the mapping",
                )
        missing = [c for c in ("subject", "quantity", "value") if c not in by_name]
        if missing:
            self.problem(table.place(), f"a long table needs the column(s) {', '.join(missing)}")
            return self.out
        for name in ("source", "tier"):
            given = getattr(self.defaults, name) is not None or name in self.defaults.reported
            if name not in by_name and not given:
                self.problem(
                    table.place(),
                    f"no {name} for the table's facts: add a `{name}` column, give "
                    f"`{name}:` in the mapping, or --{name}",
                )

        def cell(row: Row, name: str) -> str:
            return table.column(row, by_name[name]) if name in by_name else ""

        for row in table.rows:
            self._row(row, by_name, cell)
        return self.out

    def _row(self, row: Row, by_name: dict[str, str], cell: Callable[[Row, str], str]) -> None:
        table = self.table
        name, quantity_text = cell(row, "subject"), cell(row, "quantity")
        value = cell(row, "value")
        if not name and not quantity_text and not value:
            return
        if name and words(name) in self.skip_rows:
            return
        ok = True
        subject = ""
        for column_name, text in (("subject", name), ("quantity", quantity_text)):
            if not text:
                self.problem(table.place(row, by_name[column_name]), f"no {column_name}")
                ok = False
        try:
            if name:
                subject = self.subject(name)
        except Unresolved as exc:
            self.unresolved(exc, table.place(row, by_name["subject"]))
            ok = False
        column: _Column | None = None
        try:
            if quantity_text:
                column = self.column(quantity_text)
        except Unresolved as exc:
            self.unresolved(exc, table.place(row, by_name["quantity"]))
            ok = False
        unit_text = cell(row, "unit")
        if unit_text and column is not None:
            try:
                unit = canonical_unit(unit_text)
                self.vocabulary.check_unit(column.quantity, unit)
                column = _Column(
                    column.quantity, unit, column.locator, column.note, column.qualifiers
                )
            except FactsError as exc:
                self.problem(table.place(row, by_name["unit"]), str(exc))
                ok = False
        source = cell(row, "source") or None
        if source is not None and source not in self.defaults.sources:
            self.problem(
                table.place(row, by_name["source"]),
                f"unknown source {source!r}{closest(source, self.defaults.sources)}; "
                "define it in the catalog's sources, or in the mapping",
            )
            ok = False
        tier = cell(row, "tier").casefold() or None
        if tier is not None and tier not in TIERS:
            self.problem(
                table.place(row, by_name["tier"]),
                f"tier {cell(row, 'tier')!r}: expected {TIER_NAMES}",
            )
            ok = False
        date: dt.date | None = None
        if cell(row, "date"):
            try:
                date = dt.date.fromisoformat(cell(row, "date"))
            except ValueError:
                self.problem(
                    table.place(row, by_name["date"]),
                    f"date {cell(row, 'date')!r}: expected YYYY-MM-DD",
                )
                ok = False
        for name_, given, default in (
            ("source", source, self.defaults.source),
            ("tier", tier, self.defaults.tier),
        ):
            if given is None and default is None and name_ in by_name:
                self.problem(
                    table.place(row, by_name[name_]),
                    f"no {name_} for this row: write one, or give `{name_}:` in the mapping "
                    f"or --{name_}",
                )
                ok = False
        if not ok or column is None:
            return
        self.add(
            row,
            by_name["value"],
            subject,
            column,
            value,
            source=source,
            tier=tier,
            date=date,
            locator=cell(row, "locator") or None,
            note=cell(row, "note") or None,
        )
