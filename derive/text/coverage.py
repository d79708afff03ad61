"""How much of a text the catalog covers: per section, its numbers and their verdicts.

Sections come from an outline: the line where each section starts. A fact or a
rule cites a section when its locator names it (`§3.2`, `3.2b`, `§6–7`). The
verdicts are the checker's own (`derive.text.check`), so coverage and `facts
check` never disagree.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from derive.errors import OutlineError
from derive.text.check import CheckedNumber, TextReport
from derive.text.verdict import Verdict


@dataclass(frozen=True, slots=True)
class Section:
    """A section of a text: its name and first line."""

    name: str
    first_line: int


@dataclass(slots=True)
class SectionCoverage:
    """One section's numbers by verdict, and the facts and rules citing it."""

    name: str
    verdicts: Counter[str] = field(default_factory=Counter)
    unresolved: list[CheckedNumber] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)

    @property
    def numbers(self) -> int:
        """Every number found in the section."""
        return sum(self.verdicts.values())

    @property
    def claims(self) -> int:
        """The numbers that state something."""
        return self.numbers - self.verdicts[Verdict.non_claim.value]

    @property
    def backed(self) -> int:
        """Claims tied to a pair the catalog holds: every verdict but unresolved."""
        return self.claims - self.verdicts[Verdict.unresolved.value]


def read_outline(text: str, name: str = "the outline") -> list[Section]:
    """Read an outline: one `LINE<TAB>SECTION` per line; `#` starts a comment."""
    sections = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        first, _, title = line.partition("\t") if "\t" in line else line.partition(" ")
        if not first.strip().isdigit() or not title.strip():
            raise OutlineError(
                f"{name}:{number}: expected 'FIRST_LINE<TAB>SECTION', got {raw.strip()!r}"
            )
        sections.append(Section(title.strip(), int(first)))
    return sorted(sections, key=lambda s: s.first_line)


def _section_of(line: int, sections: Sequence[Section]) -> str:
    name = "(before the first section)"
    for section in sections:
        if section.first_line <= line:
            name = section.name
    return name


def _cites(locator: str | None, section: str) -> bool:
    if not locator:
        return False
    key = section.lstrip("§")
    return re.search(rf"(?<![\d.]){re.escape(key)}(?![0-9a-z]|\.\d)", locator) is not None


def coverage(
    report: TextReport,
    sections: Sequence[Section],
    locators: dict[str, str | None],
    rule_locators: dict[str, str | None],
) -> list[SectionCoverage]:
    """Per section: the verdicts of its numbers and the facts and rules that cite it."""
    table = {s.name: SectionCoverage(s.name) for s in sections}
    for result in report.results:
        name = _section_of(result.number.line, sections)
        entry = table.setdefault(name, SectionCoverage(name))
        entry.verdicts[result.verdict.value] += 1
        if result.verdict is Verdict.unresolved:
            entry.unresolved.append(result)
    for entry in table.values():
        entry.facts = sorted(fid for fid, loc in locators.items() if _cites(loc, entry.name))
        entry.rules = sorted(rid for rid, loc in rule_locators.items() if _cites(loc, entry.name))
    return list(table.values())
