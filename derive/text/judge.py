"""The verdict on a claim once it is tied to a (subject, quantity): compare the values.

Matched when a current value confirms it and no more trusted current value of the
pair contradicts it; alternative when only a reading the catalog records confirms
it; superseded when it quotes a value that was corrected or withdrawn; mismatched
otherwise, against the pair's most trusted current value, with the relative
difference and the likely cause.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from derive.diagnosis import diagnose
from derive.text.agreement import (
    Interval,
    as_written,
    claim_interval,
    confirms,
    contradicts,
    relative_difference,
)
from derive.text.known import KnownValue, ValueKind
from derive.text.numbers import TextNumber, spoken_scale
from derive.text.verdict import Verdict
from schema.spellings import BINARY_OF


@dataclass(frozen=True, slots=True, kw_only=True)
class Judgement:
    """A verdict on a resolved claim and the values it rests on."""

    verdict: Verdict
    known: KnownValue | None  # the value the claim was judged against
    agrees_with: KnownValue | None = None  # for a mismatch: a weaker value it does agree with
    correction: KnownValue | None = None  # for a superseded quote: what stands now
    difference: float | None = None
    cause: str | None = None
    rounded: bool = False  # matched only as the catalog's coarser value rounds the number


def interval_for(
    number: TextNumber, known: KnownValue, written: str | None = None
) -> Interval | None:
    """The claim's interval in `known`'s unit.

    A number without its unit is read in `written`, the unit the pair's facts are
    written in (a table's bare '2,307' under TFLOP/s), else as `known` is written.
    """
    if number.unit is None or (number.unit == "" and known.unit not in ("", "%")):
        return as_written(number, known, written)
    return claim_interval(number, known.unit)


def written_unit(values: Sequence[KnownValue]) -> str | None:
    """The unit a pair's stated facts are written in (the most trusted one's)."""
    stated = [v for v in values if v.kind is ValueKind.fact and v.written_unit is not None]
    return min(stated, key=lambda v: v.trust).written_unit if stated else None


def _most_trusted(values: Sequence[KnownValue]) -> KnownValue:
    return min(values, key=lambda v: v.trust)


DECIMAL_SLIP = ("a factor of 10:", "a factor of 100:")
"""The causes a number must carry its unit for: a slipped decimal point."""


def cause_of(number: TextNumber, claim: Interval, known: KnownValue, *, count: bool) -> str | None:
    """The likely cause of a claim disagreeing with `known`, where the numbers show one."""
    found = diagnose(claim.value, known.value, integers=count, unit=known.unit)
    if found and not (number.unit is None and found.startswith(DECIMAL_SLIP)):
        return found  # a bare number a power of ten away is as likely another quantity
    if known.bound is None and known.low <= claim.value <= known.high and known.high > known.low:
        return (
            f"rounding of a low-precision value: {known.shown()} allows "
            f"{known.low:,.6g}–{known.high:,.6g} {known.unit}".rstrip()
            + ", too coarse to confirm the text's more precise number"
        )
    if claim.low <= known.value <= claim.high:
        return None
    if number.approx and abs(relative_difference(claim, known) or 0) < 0.05:
        return "the text's approximate number is off by less than 5 %"
    return None


def _overruled(
    best: KnownValue, current: Sequence[tuple[KnownValue, Interval]]
) -> tuple[KnownValue, Interval] | None:
    """The value that overrules a claim some value confirms, if the catalog has one.

    The catalog's rebuilt values (derivations) all contradicting the claim overrule it
    when their weakest input is of a stronger tier than the value that confirms it; so
    does a stated value of a stronger tier when no value of that tier is consistent with
    the claim. Otherwise the claim stands (a conflict inside the catalog is the
    audit's to report).
    """
    derived = [(v, c) for v, c in current if v.kind is ValueKind.derived]
    if (
        derived
        and all(contradicts(c, v) for v, c in derived)
        and best.kind is not ValueKind.derived
        and min(v.trust[0] for v, _ in derived) < best.trust[0]
    ):
        return min(derived, key=lambda vc: vc[0].trust)
    stronger = [(v, c) for v, c in current if v.trust[0] < best.trust[0] and contradicts(c, v)]
    if not stronger:
        return None
    level = min(v.trust[0] for v, _ in stronger)
    if any(v.trust[0] <= level and not contradicts(c, v) for v, c in current):
        return None
    return min(stronger, key=lambda vc: vc[0].trust)


def plausible(judgement: Judgement) -> bool:
    """True for a mismatch a writer could make: within half again, or with a known cause."""
    if judgement.verdict is not Verdict.mismatched:
        return True
    if judgement.cause and judgement.cause.startswith(("a factor", "binary", "they differ")):
        return True
    difference = judgement.difference
    return difference is not None and -1 / 3 <= difference <= 0.5


def _stated_by(values: Sequence[tuple[KnownValue, Interval]]) -> bool:
    """True when one of `values`, at its own precision, says the claim's number.

    A claim the current value confirms only through the text's coarse digits ("120"
    allows 115–125, and so 125) but a superseded or alternative value says outright
    (120) quotes that value.
    """
    return any(
        confirms(claim, value) and value.low <= claim.value <= value.high for value, claim in values
    )


PREFIX_STEPS = (Decimal(1000), Decimal(1) / 1000)
"""A bare number's scale is the writer's: 5,300 in a sentence about 5.3 TB/s is GB/s."""


def judge(number: TextNumber, values: Sequence[KnownValue], *, count: bool) -> Judgement | None:
    """The verdict on `number` about one pair with these `values`; None if none compare.

    A number written without a unit says nothing of its prefix: where it is read as
    the catalog writes the pair and differs by a power of 1000, it is read a prefix up
    or down (1,307.4 ÷ 5,300 beside 5.3 TB/s: the 5,300 is GB/s), never diagnosed as a
    prefix slip it could not have made.
    """
    found = _judge(number, values, count=count)
    memory = _as_memory_is_sized(number, found)
    if memory is not None:
        return memory
    if (
        number.unit is None
        and found is not None
        and found.verdict is Verdict.mismatched
        and (found.cause or "").startswith("a factor of 1000^")
    ):
        for step in PREFIX_STEPS:
            again = _judge(number.times(step), values, count=count)
            if again is not None and again.verdict is not Verdict.mismatched and not again.rounded:
                return again  # read a prefix off, it must say the value, not round to it
        return replace(found, cause=None)
    return found


_DECIMAL_BYTES = {f"{decimal}B": f"{binary}B" for decimal, binary in BINARY_OF.items()}
"""Bytes with a decimal prefix → with the binary prefix of the same step: kB → KiB."""


def _as_memory_is_sized(number: TextNumber, found: Judgement | None) -> Judgement | None:
    """A memory's size in KB, MB or GB read in powers of 1024, as JEDEC sizes memory
    ("1792KB" of an L2 the catalog states as 1,792 KiB): matched, where the catalog wrote
    the value in binary units and the number's digits are that value's. None otherwise."""
    if found is None or found.verdict is not Verdict.mismatched or found.known is None:
        return None
    binary = _DECIMAL_BYTES.get(number.unit or "")
    known = found.known
    if binary is None or known.written_unit is None or "i" not in known.written_unit:
        return None
    claim = claim_interval(replace(number, unit=binary), known.unit)
    if claim is None or not confirms(claim, known):
        return None
    return Judgement(
        verdict=Verdict.matched,
        known=known,
        cause=f"{number.unit} read as {binary}, as memory is sized",
    )


ROUNDED = 0.05
"""How far a precise number may lie from a coarse catalog value it rounds to."""
BARE_ROUNDED = 0.005
"""The same for a number without a unit ("39.99, call it 40 teraflops"): its scale is the
catalog's guess, so it must be all but the value."""


def _rounds_to(claim: Interval, known: KnownValue, within: float) -> bool:
    """True when the claim, more precise than `known`, lies within what `known`'s digits
    allow, `within` that share of it, and the numbers show no slip: "12.288 TFLOPS"
    rounds to a datasheet's "12.3"; "1,638.4 GB/s" is no rounding of "2 TB/s", though the
    2 allows 1.5–2.5; "5,324.8 GB/s" is the binary reading of "5.3 TB/s", not its
    rounding; a "0 MiB" is none at all, not a rounded 227 KiB."""
    return (
        known.value != 0
        and abs(claim.value - known.value) <= within * abs(known.value)
        and known.kind is ValueKind.fact  # a derived value's width is its inputs' doubt
        and not diagnose(claim.value, known.value, integers=False, unit=known.unit)
        and known.bound is None
        and not known.ranged
        and known.low <= claim.low
        and claim.high <= known.high
        and claim.high - claim.low < known.high - known.low
    )


def _judge(number: TextNumber, values: Sequence[KnownValue], *, count: bool) -> Judgement | None:
    current: list[tuple[KnownValue, Interval]] = []
    others: list[tuple[KnownValue, Interval]] = []
    written = written_unit(values)
    if (
        count
        and number.value == number.value.to_integral_value()
        and not number.approx
        and not spoken_scale(number)
    ):
        # A count is exact: "150 SMs" is 150, not the 145–155 its trailing zero allows;
        # "17 thousand cores" is as precise as its digits, 16,500–17,500.
        number = replace(number, resolution=min(number.resolution, Decimal(1)))
    for value in values:
        claim = interval_for(number, value, written)
        if claim is None:
            continue
        (current if value.current else others).append((value, claim))
    confirming = [v for v, c in current if confirms(c, v)]
    if confirming and _stated_by(others) and not _stated_by(current):
        confirming = []  # "120 TFLOPS": the old figure's own digits, not the 125 it allows
    if confirming:
        best = _most_trusted(confirming)
        against_claim = _overruled(best, current)
        if against_claim is None:
            return Judgement(verdict=Verdict.matched, known=best)
        against, claim = against_claim
        return Judgement(
            verdict=Verdict.mismatched,
            known=against,
            agrees_with=best,
            difference=relative_difference(claim, against),
            cause=cause_of(number, claim, against, count=count),
        )
    for value, claim in others:
        if value.kind is ValueKind.alternative and confirms(claim, value):
            return Judgement(verdict=Verdict.alternative, known=value)
    for value, claim in others:
        if value.kind is not ValueKind.alternative and confirms(claim, value):
            now = next((v for v, _ in current if v.ref == value.replaced_by), None)
            if now is None and current:
                now = _most_trusted([v for v, _ in current])
            return Judgement(verdict=Verdict.superseded, known=value, correction=now)
    current = [(v, c) for v, c in current if v.bound is None or contradicts(c, v)]
    if not current:
        return None  # nothing held, or only bounds the claim keeps within
    within = ROUNDED if number.unit else BARE_ROUNDED
    rounded = [
        v for v, c in current if not count and number.unit != "" and _rounds_to(c, v, within)
    ]
    if rounded:
        return Judgement(verdict=Verdict.matched, known=_most_trusted(rounded), rounded=True)
    against, claim = min(current, key=lambda vc: vc[0].trust)
    return Judgement(
        verdict=Verdict.mismatched,
        known=against,
        difference=relative_difference(claim, against),
        cause=cause_of(number, claim, against, count=count),
    )
