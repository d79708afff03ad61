"""A value written so roundly that it reads two ways ("8 TB/s": 8,000 or 8 × 1,024 GB/s)
makes every value derived from it two: the spread between them is a finding."""

from __future__ import annotations

from collections.abc import Iterator

from derive.checks.finding import Finding, Kind
from derive.checks.scope import Scope
from derive.diagnosis import diagnose


def reading_spreads(scope: Scope) -> Iterator[Finding]:
    """Each value derived with another reading of an input, against the value as written."""
    as_written = {
        (d.subject, d.quantity, d.rule_id): d
        for d in scope.outcome.derivations
        if d.reading is None and d.alternative == 0
    }
    for derivation in scope.outcome.derivations:
        if derivation.reading is None:
            continue
        node = (derivation.subject, derivation.quantity)
        written = as_written.get((*node, derivation.rule_id))
        if written is None or not written.value:
            continue
        spread = abs(derivation.value - written.value) / abs(written.value)
        read = [
            u.used.stated.fact_id
            for u in derivation.inputs
            if u.used.stated is not None and u.reason.startswith("the alternative reading")
        ]
        first, second = scope.shown(written.value, node[1]), scope.shown(derivation.value, node[1])
        unit = scope.catalog.quantities[node[1]].unit
        yield Finding(
            kind=Kind.reading_spread,
            message=f"{node[0]} {node[1]} (rule {derivation.rule_id}): {first} as written, "
            f"{second} with {derivation.reading} ({spread:.2%} apart)",
            subject=node[0],
            quantity=node[1],
            facts=tuple(read),
            rules=(derivation.rule_id,),
            diagnosis=diagnose(written.value, derivation.value, unit=unit),
            weight=scope.deps.weight(nodes=[node]),
            numbers=f"{first} | {second}",
            discrepancy=spread,
        )
