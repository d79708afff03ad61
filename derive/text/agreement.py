"""When a number in a text agrees with a value the catalog holds.

The text's written precision decides: a claim is *confirmed* by a value whose
nominal lies within the claim's interval (`≈ 35 TB/s` by 34.7; `8 TB/s` by
7,987.2 GB/s), never by a value so coarse that it merely contains the claim (`8 TB/s`
does not confirm 8.192). A written range in the catalog (`8.0–9.6 Gbit/s`) confirms
any claim inside it; a bound (`≤6.4 Gbit/s`) confirms its limit only, and
contradicts a claim beyond it. A claim *contradicts* a value when their intervals do not
overlap; intervals that only touch do not overlap.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from derive.agreement import agree
from derive.text.known import KnownValue
from derive.text.numbers import TextNumber
from schema.errors import UnitError
from schema.spellings import BINARY, MULTIPLES
from schema.units import canonical_unit, factor

_EPSILON = 1e-9


@dataclass(frozen=True, slots=True)
class Interval:
    """A claim's value and the interval its written digits allow, in some unit."""

    value: float
    low: float
    high: float


def claim_interval(number: TextNumber, unit: str) -> Interval | None:
    """The number's interval converted into `unit`, or None when the units do not convert."""
    try:
        scale = float(factor(number.unit or "", unit))
    except UnitError:
        return None
    nominal = float(number.value) * scale
    ends = (float(number.low_bound) * scale, float(number.high_bound) * scale)
    if not all(math.isfinite(x) for x in (nominal, *ends)):
        return None  # 1e400: beyond what any catalog value can be compared with
    return _loosened(number, Interval(nominal, min(ends), max(ends)))


APPROX_SLACK = 0.005
"""An approximate number ("≈ 29.7") is read at least ±0.5 % wide."""


def _loosened(number: TextNumber, interval: Interval) -> Interval:
    if not number.approx:
        return interval
    slack = abs(interval.value) * APPROX_SLACK
    return Interval(
        interval.value,
        min(interval.low, interval.value - slack),
        max(interval.high, interval.value + slack),
    )


def as_written(number: TextNumber, known: KnownValue, unit: str | None = None) -> Interval | None:
    """The bare number read in `unit`, else in the unit `known` was written in."""
    if unit is None:
        unit = known.written_unit if known.written_unit is not None else known.unit
    if number.powered:
        unit = unprefixed(unit)  # 980.6 × 10¹² beside TFLOP/s is FLOP/s: the power says it
    try:
        scale = float(factor(unit, known.unit))
    except UnitError:
        return None
    ends = (float(number.low_bound) * scale, float(number.high_bound) * scale)
    nominal = float(number.value) * scale
    if not all(math.isfinite(x) for x in (nominal, *ends)):
        return None
    return _loosened(number, Interval(nominal, min(ends), max(ends)))


_PREFIXES = (*BINARY, *MULTIPLES)


@cache
def unprefixed(unit: str) -> str:
    """`unit` without the prefix of its first unit: TFLOP/s → FLOP/s, GiB → B, GHz → Hz."""
    for prefix in _PREFIXES:
        rest = unit.removeprefix(prefix)
        if rest != unit and rest[:1].isalpha():
            try:
                factor(canonical_unit(rest), unit)
            except UnitError:
                continue
            return rest
    return unit


def _slack(value: float) -> float:
    return abs(value) * _EPSILON + 1e-300


def confirms(claim: Interval, known: KnownValue) -> bool:
    """True when `known` backs the claim at the claim's own precision (a bound backs its
    limit only: "≤6.4 Gbit/s" says 6.4, and allows 5.2 without saying it)."""
    if known.ranged and known.bound is None:
        return (
            claim.low < known.high + _slack(known.high)
            and known.low - _slack(known.low) < claim.high
        )
    return claim.low - _slack(claim.low) <= known.value <= claim.high + _slack(claim.high)


def contradicts(claim: Interval, known: KnownValue) -> bool:
    """True when the claim's interval and the value's do not agree (touching is apart)."""
    return not agree((claim.low, claim.high), (known.low, known.high))


def relative_difference(claim: Interval, known: KnownValue) -> float | None:
    """(claim − known) ÷ known, or None for a known zero."""
    if known.value == 0:
        return None
    return (claim.value - known.value) / abs(known.value)
