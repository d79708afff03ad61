"""How much of a text the catalog covers: per section, its numbers and what matches them.

Sections come from an outline: the line where each section starts. A fact or a
rule cites a section when its locator names it (`§3.2`, `3.2b`, `§6–7`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from derive.matching import KnownValue, context_window, match_number
from schema.text_numbers import TextNumber


@dataclass(frozen=True, slots=True)
class Section:
    """A section of a text: its name and first line."""

    name: str
    first_line: int


@dataclass(slots=True)
class SectionCoverage:
    """One section's numbers, claims, matched claims, and the facts and rules citing it."""

    name: str
    numbers: int = 0
    claims: int = 0
    matched: int = 0
    unmatched: list[TextNumber] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)


def read_outline(text: str) -> list[Section]:
    """Read an outline: one `LINE<TAB>SECTION` per line; `#` starts a comment."""
    sections = []
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            first, name = line.split("\t", 1) if "\t" in line else line.split(None, 1)
            sections.append(Section(name.strip(), int(first)))
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
    numbers: Iterable[TextNumber],
    lines: Sequence[str],
    known: Sequence[KnownValue],
    sections: Sequence[Section],
    locators: dict[str, str | None],
    rule_locators: dict[str, str | None],
) -> list[SectionCoverage]:
    """Count, per section, the numbers, the claims and the claims a known value matches."""
    report = {s.name: SectionCoverage(s.name) for s in sections}
    for number in numbers:
        name = _section_of(number.line, sections)
        entry = report.setdefault(name, SectionCoverage(name))
        entry.numbers += 1
        if not number.is_claim:
            continue
        entry.claims += 1
        if match_number(number, known, context_window(lines, number)):
            entry.matched += 1
        else:
            entry.unmatched.append(number)
    for entry in report.values():
        entry.facts = sorted(fid for fid, loc in locators.items() if _cites(loc, entry.name))
        entry.rules = sorted(rid for rid, loc in rule_locators.items() if _cites(loc, entry.name))
    return list(report.values())
