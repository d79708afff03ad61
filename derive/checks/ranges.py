"""Out of range: a value outside its quantity's bounds, a standard's range, or the
capacity it limits (a bound from another subject's or quantity's value)."""

from __future__ import annotations

from collections.abc import Iterator

from derive.bounds import Bound
from derive.checks.finding import Finding, Kind
from derive.checks.scope import Scope, interval, relative
from derive.diagnosis import diagnose
from schema.catalog import Fact
from schema.units import factor


def ranges(scope: Scope) -> Iterator[Finding]:
    """Values outside their quantity's bounds, or outside a bound from another value."""
    for (_, quantity), facts in scope.current.items():
        q = scope.catalog.quantities[quantity]
        for fact in facts:
            if fact.normal is None:
                continue
            low, high = interval(fact)
            lowest = float(q.minimum.value) if q.minimum else (0.0 if q.entry.count else None)
            highest = float(q.maximum.value) if q.maximum else None
            if lowest is not None and high < lowest:
                edge = q.entry.min or "0"
                yield _range(scope, fact, "below its quantity's minimum", edge, lowest)
            elif highest is not None and low > highest:
                yield _range(scope, fact, "above its quantity's maximum", q.entry.max, highest)
    kinds = {sid: s.entry.kind for sid, s in scope.catalog.subjects.items()}
    for bound in scope.rules.bounds:
        for subject, kind in kinds.items():
            if bound.applies_to(subject, kind):
                yield from _bound(scope, bound, subject)


def _range(scope: Scope, fact: Fact, why: str, written: str | None, edge: float) -> Finding:
    assert fact.normal is not None
    value = float(fact.normal.value)
    return Finding(
        kind=Kind.out_of_range,
        message=f"{fact.subject} {fact.entry.quantity}: {fact.entry.value} is {why} {written}",
        subject=fact.subject,
        quantity=fact.entry.quantity,
        facts=(fact.entry.id,),
        sources=(fact.entry.source,) if fact.entry.source else (),
        weight=scope.deps.weight([fact.entry.id]),
        numbers=f"{fact.entry.value} | {written}",
        discrepancy=relative(value, edge),
    )


def _bound(scope: Scope, bound: Bound, subject: str) -> Iterator[Finding]:
    """A subject's values against the other value a bound holds them to, compared in
    one unit: the limits' interval is converted into this quantity's reference unit
    (a limit in KiB against a capacity in MiB)."""
    other = (bound.ref.subject or subject, bound.ref.quantity)
    limits = [
        f for f in scope.current.get(other, []) if f.normal is not None and f.parsed is not None
    ]
    ranged = [f for f in limits if f.parsed is not None and f.parsed.is_range]
    limits = sorted(ranged or limits, key=lambda f: f.entry.id)
    if not limits:
        return
    quantity = bound.entry.quantity
    units = scope.catalog.quantities
    scale = float(factor(units[other[1]].unit, units[quantity].unit))
    # A one-sided limit (≤6.4 Gbit/s) bounds on one side only: its interval is open.
    low = min(interval(f)[0] for f in limits) * scale
    high = max(interval(f)[1] for f in limits) * scale
    ref_text = ", ".join(str(f.entry.value) for f in limits)
    for fact in sorted(scope.current.get((subject, quantity), []), key=lambda f: f.entry.id):
        if fact.normal is None or fact.parsed is None:
            continue
        mine = interval(fact)
        above = bound.limit in ("within", "at_most") and mine[0] > high
        below = bound.limit in ("within", "at_least") and mine[1] < low
        if not (above or below):
            continue
        edge = low if below else high
        value = float(fact.normal.value)
        relation = {"within": "within", "at_most": "at most", "at_least": "at least"}
        yield Finding(
            kind=Kind.out_of_range,
            message=f"{subject} {quantity}: {fact.entry.value} is outside {other[0]} {other[1]} "
            f"({ref_text}) that bound {bound.entry.id} holds it to "
            f"({relation[bound.limit]})",
            subject=subject,
            quantity=quantity,
            facts=(fact.entry.id, *(f.entry.id for f in limits)),
            sources=tuple(sorted({f.entry.source for f in [fact, *limits] if f.entry.source})),
            rules=(bound.entry.id,),
            diagnosis=diagnose(value, edge, unit=units[quantity].unit),
            weight=scope.deps.weight([fact.entry.id]),
            numbers=f"{fact.entry.value} | {ref_text}",
            discrepancy=relative(value, edge),
        )
