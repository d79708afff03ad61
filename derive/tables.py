"""Build a table of the course from the catalog: cells, their footnote marks, footnotes.

A cell shows a current fact (the strongest tier, then rank, then the most
precise), else what a rule derives; never more digits than the value has.
Footnotes are generated: one per source named in the table, one per
non-official tier, one per rule that derived a cell, one per undisclosed
value, and one per open finding on a value shown.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from derive.checks.finding import Finding
from derive.engine import Outcome, preference
from derive.inputs import current_facts
from derive.model import TIER_ORDER, Candidate, Derivation, Stated
from derive.rules import RuleSet
from schema.catalog import Catalog, Fact
from schema.models import TableEntry
from schema.numbers import format_derived, format_number
from schema.reader import TABLE_REF
from schema.units import canonical_unit, factor

TIER_NOTES = {
    "measured": "measured by a third party (a benchmark or teardown)",
    "inferred": "inferred: back-computed, carried over from an earlier generation, or read off "
    "a diagram",
    "estimated": "estimated: the author's judgment",
}


def _stated(fact: Fact) -> Stated:
    assert fact.normal is not None
    return Stated(
        fact.entry.id,
        fact.subject,
        fact.entry.quantity,
        float(fact.normal.value),
        float(fact.normal.low),
        float(fact.normal.high),
        False,
        fact.entry.tier,
        fact.entry.value or "",
        fact.entry.rank,
        source=fact.entry.source,
        via=fact.entry.via,
    )


@dataclass(frozen=True, slots=True)
class Footnote:
    """One footnote of a table: its number and text."""

    number: int
    text: str


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell: the text shown and the footnote numbers attached to it."""

    text: str
    marks: tuple[int, ...] = ()
    facts: tuple[str, ...] = ()


@dataclass(slots=True)
class BuiltTable:
    """A table ready to render: header, rows of cells, footnotes."""

    id: str
    title: str
    corner: str
    header: list[str]
    rows: list[tuple[str, list[Cell]]] = field(default_factory=list)
    footnotes: list[Footnote] = field(default_factory=list)
    caption: str | None = None


def significant_digits(number_text: str) -> int:
    """How many significant digits a written number carries ('2,307' → 4, '7.37' → 3)."""
    digits = number_text.replace(",", "").replace("-", "").lstrip("0.")
    return max(1, sum(ch.isdigit() for ch in digits))


class Notes:
    """The footnotes of one table or text, numbered in order of first use."""

    def __init__(self) -> None:
        self.keys: dict[str, int] = {}
        self.texts: list[Footnote] = []

    def mark(self, key: str, text: str) -> int:
        """The number of the footnote `key`, created with `text` on first use."""
        if key not in self.keys:
            self.keys[key] = len(self.keys) + 1
            self.texts.append(Footnote(self.keys[key], text))
        return self.keys[key]


class TableBuilder:
    """Builds tables from one catalog, what it derives, and its open findings."""

    def __init__(
        self, catalog: Catalog, rules: RuleSet, outcome: Outcome, findings: Iterable[Finding]
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
            if finding.kind in ("conflict", "mismatch", "out-of-range"):
                for fact_id in finding.facts:
                    self.findings[fact_id].append(finding)

    def _best(
        self, subject: str, quantity: str, derived_only: bool
    ) -> tuple[Fact | None, Derivation | None]:
        """The value a derivation would take for this input: the engine's own choice."""
        candidates: list[tuple[Candidate, Fact | None, Derivation | None]] = []
        if not derived_only:
            for fact in self.facts.get((subject, quantity), []):
                if fact.normal is None or fact.parsed is None or fact.parsed.comparator:
                    continue
                candidate = Candidate(
                    float(fact.normal.value),
                    float(fact.normal.low),
                    float(fact.normal.high),
                    fact.parsed.approx,
                    fact.entry.tier,
                    stated=_stated(fact),
                )
                candidates.append((candidate, fact, None))
        for derivation in self.derived.get((subject, quantity), []):
            candidates.append((derivation.as_candidate(), None, derivation))
        if not candidates:
            return None, None
        stated = [c for c in candidates if c[1] is not None]
        if stated:
            # A stated value is not overruled by a derivation that disagrees with it: the
            # disagreement is a finding, marked on the cell. Among the values that agree
            # with the strongest stated one, the most precise is shown.
            anchor = min(stated, key=lambda c: (TIER_ORDER[c[0].strength], preference(c[0])))[0]
            candidates = [c for c in candidates if c[0].agrees_with(anchor)]
        best = min(candidates, key=lambda c: (c[2] is not None and c[2].conflict, preference(c[0])))
        return best[1], best[2]

    def _fact_text(self, fact: Fact, unit: str | None, digits: int | None) -> str:
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
        """The cell for a subject's quantity: the value a derivation would take, else
        'undisclosed', else '—'."""
        fact, derivation = self._best(subject, quantity, derived_only)
        if fact is not None:
            return self.fact_cell(fact, unit, digits, notes)
        undisclosed = [f for f in self.facts.get((subject, quantity), []) if f.entry.undisclosed]
        if derivation is not None:
            return self._derived_cell(derivation, unit, digits, notes, undisclosed)
        if undisclosed:
            fact = undisclosed[0]
            source = self.catalog.sources.get(fact.entry.source or "")
            mark = notes.mark(
                f"undisclosed:{fact.entry.id}",
                "not disclosed by the vendor" + (f" (per {source.entry.title})" if source else ""),
            )
            return Cell("undisclosed", (mark,), (fact.entry.id,))
        return Cell("—")

    def fact_cell(self, fact: Fact, unit: str | None, digits: int | None, notes: Notes) -> Cell:
        """A cell showing one fact, in `unit` with at most `digits` significant digits."""
        marks = self._fact_marks(fact, notes)
        return Cell(self._fact_text(fact, unit, digits), marks, (fact.entry.id,))

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
        marks = [
            notes.mark(
                f"rule:{rule}",
                f"derived by rule {rule}: {self.formulas[rule]}; "
                f"weakest input {derivation.weakest}",
            )
        ]
        for fact in undisclosed:
            marks.append(notes.mark(f"undisclosed:{fact.entry.id}", "not disclosed by the vendor"))
        prefix = "≈" if derivation.approx else ""
        return Cell(f"{prefix}{text} {shown}".strip(), tuple(marks))

    def _fact_marks(self, fact: Fact, notes: Notes) -> tuple[int, ...]:
        marks = []
        source = self.catalog.sources.get(fact.entry.source or "")
        if source is not None:
            e = source.entry
            where = ", ".join(x for x in (e.publisher, e.url or e.doi or e.arxiv) if x)
            text, key = e.title + (f" ({where})" if where else ""), f"source:{e.id}"
            copy = self.catalog.sources.get(fact.entry.via or "")
            if copy is not None:  # read in a copy: the original is the source, and says so
                text, key = f"{text}, as quoted in {copy.entry.title}", f"{key}|via:{copy.entry.id}"
            marks.append(notes.mark(key, text))
        else:
            marks.append(notes.mark("unsourced", "no source"))
        if fact.entry.tier != "official":
            marks.append(notes.mark(f"tier:{fact.entry.tier}", TIER_NOTES[fact.entry.tier]))
        for finding in self.findings.get(fact.entry.id, []):
            marks.append(
                notes.mark(
                    f"finding:{finding.message}",
                    f"open finding ({finding.kind}): {finding.message}",
                )
            )
        return tuple(marks)

    def _text(self, template: str, subject: str, notes: Notes) -> Cell:
        marks: list[int] = []
        facts: list[str] = []

        def replace(ref: re.Match[str]) -> str:
            if ref["fact"] is not None:
                cell = self.fact_cell(self.catalog.facts[ref["fact"]], ref["unit"], None, notes)
            else:
                cell = self.value_cell(
                    ref["subject"] or subject, ref["quantity"], ref["unit"], None, notes
                )
            marks.extend(m for m in cell.marks if m not in marks)
            facts.extend(cell.facts)
            return cell.text

        text = TABLE_REF.sub(replace, template)
        return Cell(text, tuple(marks), tuple(facts))

    def build(self, table: TableEntry) -> BuiltTable:
        """Build every cell of `table`, with its footnotes."""
        notes = Notes()
        built = BuiltTable(
            table.id,
            table.title,
            table.corner or "",
            [c.label or self.catalog.subjects[c.subject].entry.name for c in table.columns],
            caption=table.caption,
        )
        for row in table.rows:
            cells = []
            for column in table.columns:
                subject = column.subject
                if row.quantity is not None:
                    cells.append(
                        self.value_cell(subject, row.quantity, row.unit, row.digits, notes)
                    )
                elif row.derived is not None:
                    cells.append(
                        self.value_cell(
                            subject, row.derived, row.unit, row.digits, notes, derived_only=True
                        )
                    )
                elif row.text is not None:
                    cells.append(self._text(row.text, subject, notes))
                else:
                    text = row.cells.get(subject)
                    cells.append(self._text(text, subject, notes) if text else Cell(""))
            built.rows.append((row.label, cells))
        built.footnotes = notes.texts
        return built
