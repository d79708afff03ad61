"""Match numbers found in a text to the catalog's facts and derived values.

A number matches a known value when their intervals overlap once both are in
the known value's unit: the text's written precision on one side (7.37 TB/s
is 7.365–7.375 TB/s), the fact's or derivation's interval on the other. A
number written without a unit matches a plain-number quantity, or a fact's
magnitude as the fact writes it (the 2,307 of "BF16 2,307 | FP8 4,614 TFLOPS").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from schema.errors import UnitError
from schema.text_numbers import TextNumber, normal_line
from schema.units import factor


@dataclass(frozen=True, slots=True)
class KnownValue:
    """A fact or a derived value, in its quantity's reference unit."""

    kind: str  # fact | derived
    ref: str  # a fact id, or 'rule-id@subject'
    subject: str
    quantity: str
    unit: str
    value: float
    low: float
    high: float
    status: str = "current"
    written_low: float | None = None  # a fact's magnitudes in the unit it was written in
    written_high: float | None = None
    written_unit: str | None = None
    words: tuple[str, ...] = ()  # lower-case words naming its subject and quantity
    subject_words: tuple[str, ...] = ()
    quantity_words: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Match:
    """A known value a text number agrees with."""

    known: KnownValue
    how: str  # unit | plain | as-written


def _interval(number: TextNumber) -> tuple[float, float]:
    half = number.resolution / 2
    high = number.high if number.high is not None else number.value
    return float(number.value - half), float(high + half)


def _overlaps(a: tuple[float, float], low: float, high: float) -> bool:
    # Strictly: "9 TB/s" (8.5–9.5) does not match "8 TB/s" (7.5–8.5) at their common edge.
    return a[0] < high and low < a[1]


def _scaled(interval: tuple[float, float], scale: Fraction) -> tuple[float, float]:
    s = float(scale)
    ends = (interval[0] * s, interval[1] * s)
    return (min(ends), max(ends))


WIDTH = 40
"""Characters either side of a number where its subject and quantity words are looked for."""


def context_window(
    lines: Sequence[str], number: TextNumber, *, previous: bool = True, width: int = WIDTH
) -> str:
    """The lower-cased text around a number on its line, and the line before if `previous`."""
    line = normal_line(lines[number.line - 1])
    start = max(0, number.column - 1 - width)
    near = line[start : number.column - 1 + len(number.literal) + width]
    before = lines[number.line - 2] if previous and number.line > 1 else ""
    return f"{before}\n{near}".lower()


def distinctive(number: TextNumber) -> bool:
    """True for a number with three or more significant digits: unlikely by coincidence."""
    digits = re.sub(r"[^\d]", "", number.literal.split(" ")[0]).lstrip("0")
    return len(digits.rstrip("0") if "." not in number.literal else digits) >= 3


def mentions(window: str, value: KnownValue) -> bool:
    """True when `window` (lower-case text near a number) names value's subject or quantity."""
    return any(word in window for word in value.words)


def match_number(number: TextNumber, known: Iterable[KnownValue], window: str = "") -> list[Match]:
    """Return every known value that `number` agrees with; `window` is the text around it."""
    interval = _interval(number)
    window = window.lower()
    found = []
    for value in known:
        if number.unit:
            try:
                scale = factor(number.unit, value.unit)
            except UnitError:
                continue
            if _overlaps(_scaled(interval, scale), value.low, value.high):
                found.append(Match(value, "unit"))
            continue
        if not (mentions(window, value) or distinctive(number)):
            continue
        if value.unit in ("", "%") and _overlaps(interval, value.low, value.high):
            found.append(Match(value, "plain"))
        elif (
            value.written_low is not None
            and value.written_high is not None
            and _overlaps(interval, value.written_low, value.written_high)
        ):
            found.append(Match(value, "as-written"))
    return found
