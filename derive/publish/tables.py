"""Build a table of the course from the catalog: cells, their footnote marks, footnotes.

A cell shows a current fact (the strongest tier, then rank, then the most
precise), else what a rule derives; never more digits than the value has, and
as the author writes it: the row's unit, an approximation mark, a qualifier,
the table's thousands separator. Footnotes are generated per cell: the sources
of its value (a derived value's: those of its inputs), its own tier when not
official (a derived value's is its weakest input's), the rule that derived it,
an undisclosed value, and, unless left out, an open finding phrased for a
reader. Identical notes are one note; they are numbered in reading order and
written in the table's language (`derive.publish.words`).
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from derive.checks.finding import Finding, Kind
from derive.deriver import Outcome, choices, preference
from derive.inputs import current_facts, stated_of
from derive.model import Candidate, Derivation
from derive.publish.words import ENGLISH, Words, words_for
from derive.rules import RuleSet
from schema.catalog import Catalog, Fact
from schema.models import TableEntry, TableRow
from schema.numbers import format_derived, format_number
from schema.reader import TABLE_REF
from schema.tiers import TIER_ORDER
from schema.units import canonical_unit, factor

TIER_NOTES = ENGLISH.tiers
"""The English words of each tier below official (the others are in `words`)."""
_GROUPED = re.compile(r"(?<![\w.,\-/])(\d{1,3}(?:,\d{3})+|\d{4,})(?=\.\d|[^\w,.]|$)(?![-/]\d)")


@dataclass(frozen=True, slots=True)
class Footnote:
    """One footnote of a table: its number and text."""

    number: int
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Shown:
    """The value a cell shows: in the quantity's reference unit, with its interval and
    where it comes from (for formats that carry data, JSON)."""

    value: float
    low: float
    high: float
    unit: str
    tier: str
    sources: tuple[str, ...] = ()
    rule: str | None = None


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell: the text shown and the footnote numbers attached to it."""

    text: str
    marks: tuple[int, ...] = ()
    facts: tuple[str, ...] = ()
    shown: Shown | None = None


@dataclass(slots=True, kw_only=True)
class BuiltTable:
    """A table ready to render: header, rows of cells, footnotes."""

    id: str
    title: str
    corner: str
    header: list[str]
    rows: list[tuple[str, list[Cell]]] = field(default_factory=list)
    footnotes: list[Footnote] = field(default_factory=list)
    caption: str | None = None

    def shown_facts(self) -> dict[str, list[str]]:
        """The facts its cells show, each with the labels of the rows showing it (once
        per cell)."""
        shown: dict[str, list[str]] = {}
        for label, cells in self.rows:
            for cell in cells:
                for fact_id in cell.facts:
                    shown.setdefault(fact_id, []).append(label)
        return shown


def significant_digits(number_text: str) -> int:
    """How many significant digits a written number carries ('2,307' → 4, '7.37' → 3)."""
    digits = number_text.replace(",", "").replace("-", "").lstrip("0.")
    return max(1, sum(ch.isdigit() for ch in digits))


class Notes:
    """The footnotes of one table or text, numbered in order of first use, in `words`.

    Two keys whose texts are the same are one footnote.
    """

    def __init__(self, words: Words = ENGLISH, *, findings: bool = True) -> None:
        self.words = words
        self.findings = findings  # open findings as footnotes, or none
        self.keys: dict[str, int] = {}
        self.by_text: dict[str, int] = {}
        self.texts: list[Footnote] = []

    def mark(self, key: str, text: str) -> int:
        """The number of the footnote `key`, created with `text` on first use."""
        if key not in self.keys:
            number = self.by_text.get(text)
            if number is None:
                number = self.by_text[text] = len(self.texts) + 1
                self.texts.append(Footnote(number, text))
            self.keys[key] = number
        return self.keys[key]


class TableBuilder:
    """Builds tables from one catalog, what it derives, and its open findings."""

    def __init__(
        self,
        catalog: Catalog,
        rules: RuleSet,
        outcome: Outcome,
        findings: Iterable[Finding],
    ) -> None:
        self.catalog = catalog
        self.formulas = {rule.id: rule.entry.formula for rule in rules.rules}
        self.facts = current_facts(catalog)
        self.derived: dict[tuple[str, str], list[Derivation]] = defaultdict(list)
        for derivation in outcome.derivations:
            if derivation.reading is None:  # another reading of an input: not the table's value
                self.derived[(derivation.subject, derivation.quantity)].append(derivation)
        self.findings: dict[str, list[Finding]] = defaultdict(list)
        for finding in findings:
            if finding.kind in (Kind.conflict, Kind.mismatch, Kind.out_of_range):
                for fact_id in finding.facts:
                    self.findings[fact_id].append(finding)

    def _candidate(self, fact: Fact) -> Candidate:
        """A fact with a value as a candidate value, ordered as the deriver orders its inputs."""
        return stated_of(fact, self.catalog.quantities[fact.entry.quantity].unit).as_candidate()

    def _best(
        self, subject: str, quantity: str, derived_only: bool, *, as_stated: bool = False
    ) -> tuple[Fact | None, Derivation | None]:
        """The value a derivation would take for this input: the deriver's own choice; with
        `as_stated`, the stated fact among the values that agree (what a table shows)."""
        candidates: list[tuple[Candidate, Fact | None, Derivation | None]] = []
        if not derived_only:
            for fact in self.facts.get((subject, quantity), []):
                if fact.normal is None or fact.parsed is None or fact.parsed.comparator:
                    continue
                candidates.append((self._candidate(fact), fact, None))
        for derivation in self.derived.get((subject, quantity), []):
            candidates.append((derivation.as_candidate(), None, derivation))
        if not candidates:
            return None, None
        found = {id(c[0]): c for c in candidates}
        groups = choices([c[0] for c in candidates])  # the deriver's own grouping and order
        group = groups[0]
        stated = [c[0] for c in candidates if c[1] is not None]
        if stated:
            # A stated value is not overruled by a derivation that disagrees with it: the
            # disagreement is a finding, marked on the cell. The group of the strongest
            # stated value is shown, its most precise value first.
            anchor = min(stated, key=lambda c: (TIER_ORDER[c.strength], preference(c)))
            group = next(g for g in groups if any(c is anchor for c in g))
            if as_stated:  # a cell shows what the source says; the rule that agrees is a check
                group = [c for c in group if found[id(c)][1] is not None]
        best = min(
            (found[id(c)] for c in group),
            key=lambda c: (c[2] is not None and c[2].conflict, preference(c[0])),
        )
        return best[1], best[2]

    def value_of(self, subject: str, quantity: str) -> float | None:
        """The value a cell of this subject's quantity shows, in the quantity's reference
        unit (the same choice as `value_cell`); None when there is none."""
        fact, derivation = self._best(subject, quantity, False)
        if fact is not None and fact.normal is not None:
            return float(fact.normal.value)
        return derivation.value if derivation is not None else None

    def stated(self, subject: str, quantity: str) -> list[Fact]:
        """The current facts of a subject's quantity that state a value, strongest first
        (tier, then the deriver's preference: precision, rank)."""
        found = [
            f
            for f in self.facts.get((subject, quantity), [])
            if f.normal is not None and f.parsed is not None and not f.parsed.comparator
        ]
        return sorted(
            found, key=lambda f: (TIER_ORDER[f.entry.tier], preference(self._candidate(f)))
        )

    def _fact_text(self, fact: Fact, unit: str | None, digits: int | None) -> str:
        """The fact as its source wrote it, or in `unit` / to `digits` as asked."""
        assert fact.parsed is not None and fact.normal is not None
        written = fact.parsed
        shown_unit = canonical_unit(unit) if unit is not None else written.unit
        if shown_unit == written.unit and digits is None:
            return (fact.entry.value or "").strip()  # as the source wrote it
        scale = float(factor(written.unit, shown_unit))
        value = float(written.low) * scale
        sig = significant_digits(str(written.low))
        if digits is not None:
            sig = min(sig, digits)
        whole = len(str(int(abs(value)))) if abs(value) >= 1 else 1
        text = format_number(value, max(sig, whole))
        if written.approx:
            text = "≈" + text
        return f"{text} {shown_unit}".strip()

    def value_cell(
        self,
        subject: str,
        quantity: str,
        unit: str | None,
        digits: int | None,
        notes: Notes,
        *,
        derived_only: bool = False,
    ) -> Cell:
        """The cell for a subject's quantity: its stated fact (of the values that agree
        with the strongest, as the source writes it), else what a rule derives, else
        'undisclosed', else '—'."""
        fact, derivation = self._best(subject, quantity, derived_only, as_stated=True)
        if fact is not None:
            return self.fact_cell(fact, unit, digits, notes)
        undisclosed = [f for f in self.facts.get((subject, quantity), []) if f.entry.undisclosed]
        if derivation is not None:
            return self._derived_cell(derivation, unit, digits, notes, undisclosed)
        words = notes.words
        if undisclosed:
            fact = undisclosed[0]
            source = self.catalog.sources.get(fact.entry.source or "")
            mark = notes.mark(
                f"undisclosed:{fact.entry.id}",
                words.not_disclosed
                + (words.per_source.format(title=source.entry.title) if source else ""),
            )
            return Cell(words.undisclosed, (mark,), (fact.entry.id,))
        return Cell(words.none)

    def fact_cell(self, fact: Fact, unit: str | None, digits: int | None, notes: Notes) -> Cell:
        """A cell showing one fact, in `unit` with at most `digits` significant digits."""
        marks = self._fact_marks(fact, notes)
        shown = None
        if fact.normal is not None:
            shown = Shown(
                value=float(fact.normal.value),
                low=float(fact.normal.low),
                high=float(fact.normal.high),
                unit=self.catalog.quantities[fact.entry.quantity].unit,
                tier=fact.entry.tier,
                sources=(fact.entry.source,) if fact.entry.source else (),
            )
        return Cell(self._fact_text(fact, unit, digits), marks, (fact.entry.id,), shown)

    def _derived_cell(
        self,
        derivation: Derivation,
        unit: str | None,
        digits: int | None,
        notes: Notes,
        undisclosed: list[Fact],
    ) -> Cell:
        reference = self.catalog.quantities[derivation.quantity].unit
        shown = canonical_unit(unit) if unit is not None else reference
        scale = float(factor(reference, shown))
        value, low, high = (
            derivation.value * scale,
            derivation.low * scale,
            derivation.high * scale,
        )
        text = format_derived(value, low, high)
        if digits is not None and not math.isclose(low, high):
            text = format_number(value, digits)
        rule = derivation.rule_id
        words = notes.words
        marks = [
            notes.mark(f"rule:{rule}", words.rule.format(rule=rule, formula=self.formulas[rule]))
        ]
        marks += self._tier_mark(derivation.weakest, notes)
        for fact_id in _input_facts(derivation):
            fact = self.catalog.facts.get(fact_id)
            if fact is not None:
                marks += self._source_marks(fact, notes)
        for fact in undisclosed:
            marks.append(notes.mark(f"undisclosed:{fact.entry.id}", words.not_disclosed))
        prefix = "≈" if derivation.approx else ""
        inputs = _input_facts(derivation)
        sources = tuple(
            dict.fromkeys(
                f.entry.source
                for f in (self.catalog.facts.get(i) for i in inputs)
                if f is not None and f.entry.source
            )
        )
        data = Shown(
            value=derivation.value,
            low=derivation.low,
            high=derivation.high,
            unit=reference,
            tier=derivation.weakest,
            sources=sources,
            rule=rule,
        )
        return Cell(f"{prefix}{text} {shown}".strip(), _sorted(marks), tuple(inputs), data)

    @staticmethod
    def _tier_mark(tier: str, notes: Notes) -> list[int]:
        """The cell's own tier, when it is weaker than official."""
        text = notes.words.tiers.get(tier)
        return [notes.mark(f"tier:{tier}", text)] if text else []

    def _source_marks(self, fact: Fact, notes: Notes) -> list[int]:
        """The source a fact comes from (and the copy it was read in), or 'no source'."""
        words = notes.words
        source = self.catalog.sources.get(fact.entry.source or "")
        if source is None:
            return [notes.mark("unsourced", words.no_source)]
        e = source.entry
        where = ", ".join(x for x in (e.publisher, e.url or e.doi or e.arxiv) if x)
        text, key = e.title + (f" ({where})" if where else ""), f"source:{e.id}"
        copy = self.catalog.sources.get(fact.entry.via or "")
        if copy is not None:  # read in a copy: the original is the source, and says so
            text = words.quoted_in.format(original=text, copy=copy.entry.title)
            key = f"{key}|via:{copy.entry.id}"
        return [notes.mark(key, text)]

    def _fact_marks(self, fact: Fact, notes: Notes) -> tuple[int, ...]:
        marks = self._source_marks(fact, notes) + self._tier_mark(fact.entry.tier, notes)
        if notes.findings:
            words = notes.words
            for finding in self.findings.get(fact.entry.id, []):
                text = words.findings.get(finding.kind, words.finding_other)
                marks.append(notes.mark(f"finding:{finding.kind}", text))
        return _sorted(marks)

    def _text(self, template: str, subject: str | None, notes: Notes, separator: str = ",") -> Cell:
        """A text cell: its words, with each reference replaced by the value it names
        ({=q} what the rules derive; `|number`: the number without its unit; `|2`: two
        significant digits), its whole
        numbers in the table's thousands `separator` (the author's words as written)."""
        marks: list[int] = []
        facts: list[str] = []

        def replace(ref: re.Match[str]) -> str:
            if ref["fact"] is not None:
                cell = self.fact_cell(self.catalog.facts[ref["fact"]], ref["unit"], None, notes)
            else:
                owner = ref["subject"] or subject
                assert owner is not None  # checked at load: a column of words names one
                style = ref["style"] or ""
                cell = self.value_cell(
                    owner,
                    ref["quantity"],
                    ref["unit"],
                    int(style) if style.isdigit() else None,
                    notes,
                    derived_only=ref["derived"] is not None,
                )
            marks.extend(m for m in cell.marks if m not in marks)
            facts.extend(cell.facts)
            shown = cell.text
            if ref["style"] == "number" and cell.shown is not None:
                shown = _number_only(shown)
            return _grouped(shown, separator) if cell.shown is not None else shown

        text = TABLE_REF.sub(replace, template)
        return Cell(text, _sorted(marks), tuple(facts))

    def build(self, table: TableEntry, *, findings: bool = True) -> BuiltTable:
        """Build every cell of `table`, with its footnotes (open findings among them unless
        `findings` is false)."""
        notes = Notes(words_for(table.lang), findings=findings)
        built = BuiltTable(
            id=table.id,
            title=table.title,
            corner=table.corner or "",
            header=[c.label or self.catalog.subjects[c.cell_key].entry.name for c in table.columns],
            caption=table.caption,
        )
        for row in table.rows:
            cells = []
            for column in table.columns:
                subject = column.subject
                if subject is None:  # a column of words: only what a row writes in it
                    text = row.cells.get(column.cell_key)
                    cells.append(
                        self._text(text, None, notes, table.separator) if text else Cell("")
                    )
                elif row.quantity is not None or row.derived is not None:
                    quantity = row.quantity or row.derived
                    assert quantity is not None
                    cell = self.value_cell(
                        subject,
                        quantity,
                        row.unit,
                        row.digits,
                        notes,
                        derived_only=row.derived is not None,
                    )
                    cells.append(_as_written(cell, row, table.separator, notes.words))
                elif row.text is not None:
                    cells.append(self._text(row.text, subject, notes, table.separator))
                else:
                    text = row.cells.get(subject)
                    cells.append(
                        self._text(text, subject, notes, table.separator) if text else Cell("")
                    )
            built.rows.append((row.label, cells))
        built.footnotes = notes.texts
        return _renumbered(_transposed(built) if table.transpose else built)


def _sorted(marks: Iterable[int]) -> tuple[int, ...]:
    """A cell's footnote marks, each once, in order."""
    return tuple(sorted(set(marks)))


def _input_facts(derivation: Derivation) -> list[str]:
    """The facts a derivation rests on, down its inputs, each once, in order."""
    found: dict[str, None] = {}
    stack = [derivation]
    seen: set[int] = set()
    while stack:
        current = stack.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        for use in current.inputs:
            if use.used.stated is not None:
                found.setdefault(use.used.stated.fact_id, None)
            elif use.used.derivation is not None:
                stack.append(use.used.derivation)
    return list(found)


def _grouped(text: str, separator: str) -> str:
    """`text` with the table's thousands separator in its whole numbers (3350 → 3,350)."""

    def group(match: re.Match[str]) -> str:
        digits = match.group(1).replace(",", "")
        parts: list[str] = []
        while len(digits) > 3:
            digits, tail = digits[:-3], digits[-3:]
            parts.insert(0, tail)
        return separator.join([digits, *parts])

    return _GROUPED.sub(group, text)


def _as_written(cell: Cell, row: TableRow, separator: str, words: Words) -> Cell:
    """A value cell as the author writes the row: separator, "≈", qualifier."""
    if cell.text in (words.none, words.undisclosed):
        return cell
    text = _grouped(cell.text, separator)
    if row.approx and not text.startswith("≈"):
        text = f"≈ {text}"
    if row.qualifier:
        text = f"{text} {row.qualifier}"
    return Cell(text, cell.marks, cell.facts, cell.shown)


def _transposed(built: BuiltTable) -> BuiltTable:
    """The table with its subjects as rows and its quantities as columns (the cells and
    their notes are those built row by row: numbered in the spec's reading order)."""
    rows = [(label, [cells[i] for _, cells in built.rows]) for i, label in enumerate(built.header)]
    return BuiltTable(
        id=built.id,
        title=built.title,
        corner=built.corner,
        header=[label for label, _ in built.rows],
        rows=rows,
        footnotes=built.footnotes,
        caption=built.caption,
    )


def _renumbered(built: BuiltTable) -> BuiltTable:
    """The footnotes numbered in the order a reader meets their marks, row by row."""
    order: dict[int, int] = {}
    for _, cells in built.rows:
        for cell in cells:
            for mark in cell.marks:
                order.setdefault(mark, len(order) + 1)
    for note in built.footnotes:
        order.setdefault(note.number, len(order) + 1)
    rows = [
        (label, [replace(c, marks=tuple(sorted(order[m] for m in c.marks))) for c in cells])
        for label, cells in built.rows
    ]
    notes = sorted(
        (Footnote(order[n.number], n.text) for n in built.footnotes), key=lambda n: n.number
    )
    return BuiltTable(
        id=built.id,
        title=built.title,
        corner=built.corner,
        header=built.header,
        rows=rows,
        footnotes=notes,
        caption=built.caption,
    )


def _number_only(text: str) -> str:
    """A value cell's text without its unit: "2,307 TFLOP/s" → "2,307"."""
    head, _, tail = text.rpartition(" ")
    return head if head and not any(ch.isdigit() for ch in tail) else text
