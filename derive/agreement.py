"""When values agree: the one definition of interval agreement for the whole program.

Two values agree when their intervals share more than a point: intervals that only
touch (0.81 TB/s as 0.805–0.815 and 0.82 as 0.815–0.825) do not agree, and neither
does an exact value on the edge of another's interval. Two exact values agree when
they are equal. A set of values agrees only when every pair of it agrees: values
never agree through a third one. Agreement confirms only between witnesses: values
of one original source, read in it or in copies of it, are one (`witness`). A limit
("≤6.4 Gbit/s") agrees with any value on its side (`allowed`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")
Interval = tuple[float, float]
"""(low, high), in one unit."""


def agree(a: Interval, b: Interval) -> bool:
    """True when the two intervals share more than a touching point."""
    (a_low, a_high), (b_low, b_high) = a, b
    if a_low == a_high and b_low == b_high:
        return a_low == b_low
    if a_low == a_high:
        return b_low < a_low < b_high
    if b_low == b_high:
        return a_low < b_low < a_high
    return a_low < b_high and b_low < a_high


def allowed(comparator: str | None, low: float, high: float) -> tuple[float, float]:
    """The values a written value allows, from its interval `low`–`high`: a bound is open
    on one side ("≤6.4 Gbit/s" is anything up to 6.4, not 6.35–6.45)."""
    if comparator in ("≥", ">"):
        return low, math.inf
    if comparator in ("≤", "<"):
        return -math.inf, high
    return low, high


def relative_difference(value: float, reference: float) -> float:
    """How far `value` is from `reference`, as a signed share of it (infinite from 0)."""
    return (value - reference) / abs(reference) if reference else math.inf


def agree_within(stated: Interval, derived: Interval, difference: float, tolerance: float) -> bool:
    """True when a derived value agrees with a stated one, or lies within the rule's
    `tolerance` of it (`difference`: `relative_difference` of the two values)."""
    return agree(stated, derived) or abs(difference) <= tolerance


def all_agree(intervals: Iterable[Interval]) -> bool:
    """True when every pair of the intervals agrees."""
    found = list(intervals)
    return all(agree(a, b) for i, a in enumerate(found) for b in found[i + 1 :])


def agreeing_groups(items: Sequence[T], interval: Callable[[T], Interval]) -> list[list[T]]:
    """Split `items` into groups in which every pair agrees, in the order given.

    Each item joins the first group every member of which it agrees with; the first
    items (the caller's best) seed the groups. A chain a~b~c with a and c apart
    gives two groups, never one.
    """
    groups: list[list[T]] = []
    for item in items:
        mine = interval(item)
        for group in groups:
            if all(agree(mine, interval(other)) for other in group):
                group.append(item)
                break
        else:
            groups.append([item])
    return groups


def witness(source: str | None, fact_id: str) -> str:
    """Who vouches for a stated value: its original source, whichever copy (`via`) it was
    read in, so that two copies of one original, or a copy and the original, are one
    witness and confirm nothing of each other; a fact without a source only itself."""
    return f"source:{source}" if source is not None else f"fact:{fact_id}"


def touching(a: Interval, b: Interval) -> bool:
    """True when two intervals meet at an edge without overlapping (they differ in the
    last written digit: 0.81 and 0.82 TB/s, 255 and 256 written as ranges)."""
    return not agree(a, b) and (a[1] == b[0] or b[1] == a[0])
