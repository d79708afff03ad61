"""Mismatches: a stated value and a derived value of the same node that disagree."""

from __future__ import annotations

from collections.abc import Iterator

from derive.agreement import agree_within, relative_difference
from derive.checks.finding import Finding, Kind
from derive.checks.scope import Scope, interval, relative
from derive.diagnosis import diagnose


def mismatches(scope: Scope) -> Iterator[Finding]:
    """Stated facts that a derivation of the same subject and quantity contradicts."""
    tolerance = {r.id: r.entry.tolerance for r in scope.rules.rules}
    for derivation in scope.outcome.derivations:
        if derivation.alternative:
            continue  # derived from the losing side of a conflict, reported as such
        node = (derivation.subject, derivation.quantity)
        for fact in scope.current.get(node, []):
            if fact.normal is None or fact.parsed is None or fact.parsed.comparator:
                continue
            stated = float(fact.normal.value)
            difference = abs(relative_difference(derivation.value, stated))
            span = (derivation.low, derivation.high)
            if agree_within(
                interval(fact), span, difference, tolerance.get(derivation.rule_id, 0.0)
            ):
                continue
            cause = None
            if scope.catalog.quantities[node[1]].unit != "%":  # ratios of shares say nothing
                cause = diagnose(
                    derivation.value,
                    stated,
                    integers=scope.is_count(node[1]),
                    unit=scope.catalog.quantities[node[1]].unit,
                )
            if cause is None and derivation.widest is not None and derivation.value:
                spread = (derivation.high - derivation.low) / 2 / abs(derivation.value)
                if difference <= 2 * spread:
                    cause = f"the rounding of a low-precision input ({derivation.widest})"
            derived = scope.shown(derivation.value, node[1])
            yield Finding(
                kind=Kind.mismatch,
                message=f"{node[0]} {node[1]}: rule {derivation.rule_id} derives {derived}, "
                f"the fact {fact.entry.id} states {fact.entry.value} "
                f"({difference:.2%} apart)",
                subject=node[0],
                quantity=node[1],
                facts=(fact.entry.id,),
                sources=(fact.entry.source,) if fact.entry.source else (),
                rules=(derivation.rule_id,),
                diagnosis=cause,
                weight=scope.deps.weight([fact.entry.id], [node]),
                numbers=f"{derived} | {fact.entry.value}",
                discrepancy=relative(derivation.value, stated),
            )
