"""Check the numbers typed in a text against the catalog: matched, mismatched, unknown.

A claim is *matched* when a fact or derived value agrees with it within the
written precision (a bare number also needs a word nearby that names the
value's subject or quantity). It is *mismatched* when the words around it name
a subject and a quantity whose value disagrees, or when it quotes a value that
has been superseded. Otherwise it is *unknown*: a number with no fact behind it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from derive.diagnosis import diagnose
from derive.matching import KnownValue, Match, context_window, match_number
from schema.errors import UnitError
from schema.text_numbers import TextNumber, find_numbers
from schema.units import factor


@dataclass(frozen=True, slots=True)
class Checked:
    """One claim of a text and what the catalog says of it."""

    file: str
    number: TextNumber
    status: str  # matched | mismatched | unknown
    known: KnownValue | None = None
    cause: str | None = None

    def as_json(self) -> dict[str, object]:
        """This result as JSON-ready data."""
        known = self.known
        return {
            "file": self.file,
            "line": self.number.line,
            "column": self.number.column,
            "number": self.number.literal,
            "status": self.status,
            "kind": known.kind if known else None,
            "ref": known.ref if known else None,
            "subject": known.subject if known else None,
            "quantity": known.quantity if known else None,
            "value": known.value if known else None,
            "unit": known.unit if known else None,
            "cause": self.cause,
        }


@dataclass(frozen=True, slots=True)
class TextReport:
    """Every number found in a text, and the verdict on each claim."""

    file: str
    numbers: int
    results: tuple[Checked, ...]

    def count(self, status: str) -> int:
        """How many claims have this status."""
        return sum(1 for r in self.results if r.status == status)


def _hits(window: str, words: Sequence[str]) -> int:
    return sum(1 for word in words if word in window)


def _score(window: str, known: KnownValue) -> tuple[int, int, int, int]:
    return (
        _hits(window, known.subject_words),
        _hits(window, known.quantity_words),
        known.status == "current",
        known.kind == "fact",
    )


def _in_unit(number: TextNumber, unit: str) -> float | None:
    try:
        return float(number.value) * float(factor(number.unit or "", unit))
    except UnitError:
        return None


def _mismatch(number: TextNumber, window: str, known: Sequence[KnownValue]) -> Checked | None:
    named = []
    for value in known:
        if (
            value.status != "current"
            or not _hits(window, value.subject_words)
            or not _hits(window, value.quantity_words)
        ):
            continue
        if number.unit is None and value.unit not in ("", "%"):
            continue
        if _in_unit(number, value.unit) is None:
            continue
        named.append(value)
    if not named:
        return None
    best = max(named, key=lambda v: _score(window, v))
    typed = _in_unit(number, best.unit)
    assert typed is not None
    return Checked("", number, "mismatched", best, diagnose(typed, best.value))


def check_claim(number: TextNumber, lines: Sequence[str], known: Sequence[KnownValue]) -> Checked:
    """The verdict on one claim, given the lines of its text."""
    window = context_window(lines, number)
    matches: list[Match] = match_number(number, known, window)
    current = [m for m in matches if m.known.status == "current"]
    if current:
        best = max(current, key=lambda m: _score(window, m.known))
        return Checked("", number, "matched", best.known)
    if matches:
        old = max(matches, key=lambda m: _score(window, m.known)).known
        now = [
            k
            for k in known
            if (k.subject, k.quantity, k.status) == (old.subject, old.quantity, "current")
        ]
        cause = f"quotes {old.ref}, which has been {old.status}"
        return Checked("", number, "mismatched", now[0] if now else old, cause)
    # Saying a number contradicts a value takes its words on the number's own line.
    own_line = context_window(lines, number, previous=False)
    return _mismatch(number, own_line, known) or Checked("", number, "unknown")


def check_text(text: str, known: Sequence[KnownValue], file: str = "") -> TextReport:
    """Find every number in `text` and judge each claim against `known`."""
    lines = text.splitlines()
    numbers = list(find_numbers(text))
    results = []
    for number in numbers:
        if number.is_claim:
            verdict = check_claim(number, lines, known)
            results.append(
                Checked(file, verdict.number, verdict.status, verdict.known, verdict.cause)
            )
    return TextReport(file, len(numbers), tuple(results))
