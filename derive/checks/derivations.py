"""Findings about derived values and what they rest on: rules that cannot be
evaluated, wide intervals, weak and undisclosed inputs, and inferred numbers that
nothing rebuilds or confirms."""

from __future__ import annotations

from collections.abc import Iterator

from derive.agreement import agree, witness
from derive.checks.dependents import stated_leaves, uses
from derive.checks.finding import Finding, Kind
from derive.checks.scope import Scope, interval
from schema.catalog import Fact
from schema.numbers import format_number
from schema.status import Status
from schema.tiers import TIER_ORDER, WEAK_TIERS, Tier

IMPRECISE = 0.01
"""A derived value whose interval reaches further than ±1 % from it is reported."""
"""The tiers a value should not rest on unnoticed."""


def derivation_problems(scope: Scope) -> Iterator[Finding]:
    """Rules that cannot be evaluated for a subject (zero divisors, bad domains)."""
    for problem in scope.outcome.problems:
        if problem.kind == "missing-input":
            continue
        node = (problem.subject, problem.quantity)
        yield Finding(
            kind=Kind.derivation_problem,
            message=(
                f"{node[0]} {node[1]}: rule {problem.rule_id} cannot be evaluated: {problem.detail}"
            ),
            subject=node[0],
            quantity=node[1],
            rules=(problem.rule_id,),
            weight=scope.deps.weight(nodes=[node]),
            numbers=problem.detail,
        )


def imprecise(scope: Scope) -> Iterator[Finding]:
    """Derived values whose interval is wide, and the input that makes it so."""
    for derivation in scope.outcome.derivations:
        if derivation.widest is None or not derivation.value:
            continue
        reach = max(derivation.high - derivation.value, derivation.value - derivation.low)
        if reach / abs(derivation.value) <= IMPRECISE:
            continue
        node = (derivation.subject, derivation.quantity)
        widest = next(u for u in derivation.inputs if u.ref == derivation.widest)
        stated = widest.used.stated
        written = stated.literal if stated is not None else f"a derived {widest.quantity}"
        value = scope.shown(derivation.value, node[1])
        share = reach / abs(derivation.value)
        yield Finding(
            kind=Kind.imprecise,
            message=f"{node[0]} {node[1]} (rule {derivation.rule_id}): "
            f"{value} may lie anywhere in [{format_number(derivation.low, 6)}, "
            f"{format_number(derivation.high, 6)}] (±{share:.1%})",
            subject=node[0],
            quantity=node[1],
            facts=(stated.fact_id,) if stated is not None else (),
            rules=(derivation.rule_id,),
            diagnosis=f"the rounding of a low-precision input: {widest.ref} = {written}",
            weight=scope.deps.weight(nodes=[node]),
            numbers=f"{value} ±{share:.1%}",
            discrepancy=share,
        )


def weak(scope: Scope) -> Iterator[Finding]:
    """Derived values resting on inferred or estimated inputs, with the weakest link."""
    facts = scope.catalog.facts
    for derivation in scope.outcome.derivations:
        if TIER_ORDER[derivation.weakest] <= TIER_ORDER[Tier.derived]:
            continue
        links = sorted(
            {
                c.stated.fact_id
                for c in stated_leaves(derivation)
                if c.stated is not None and c.stated.tier == derivation.weakest
            }
        )
        node = (derivation.subject, derivation.quantity)
        yield Finding(
            kind=Kind.weak,
            message=f"{node[0]} {node[1]} (rule {derivation.rule_id}) rests on "
            f"{derivation.weakest} input: weakest link "
            + ", ".join(f"{link} ({derivation.weakest})" for link in links),
            subject=node[0],
            quantity=node[1],
            facts=tuple(links),
            rules=(derivation.rule_id,),
            weight=scope.deps.weight(nodes=[node]) + 1,
            numbers=" | ".join(str(facts[link].entry.value) for link in links if link in facts),
        )


def undisclosed_in_use(scope: Scope) -> Iterator[Finding]:
    """Derivations that use a value for a quantity the vendor does not disclose."""
    undisclosed = {
        (f.subject, f.entry.quantity): f
        for f in scope.catalog.facts.values()
        if f.entry.undisclosed and f.status == Status.current
    }
    for derivation in scope.outcome.derivations:
        for use in uses(derivation):
            fact = undisclosed.get((use.subject, use.quantity))
            if fact is None:
                continue
            taken = use.used.stated.literal if use.used.stated is not None else "a derived value"
            yield Finding(
                kind=Kind.undisclosed_in_use,
                message=f"{derivation.subject} {derivation.quantity} "
                f"(rule {derivation.rule_id}) uses "
                f"{use.subject} {use.quantity}, which the vendor does not disclose "
                f"({fact.entry.id}); it took {taken}",
                subject=derivation.subject,
                quantity=derivation.quantity,
                facts=(fact.entry.id,),
                rules=(derivation.rule_id,),
                weight=scope.deps.weight(nodes=[(derivation.subject, derivation.quantity)]) + 1,
                numbers=taken,
            )


def unsupported(scope: Scope) -> Iterator[Finding]:
    """Inferred or estimated facts that no rule rebuilds and that no fact of another
    original source confirms (a fact computed from another never confirms it, nor does
    another copy of the same original)."""
    rebuilt = {(d.subject, d.quantity) for d in scope.outcome.derivations}
    for node, facts in sorted(scope.current.items()):
        if node in rebuilt:
            continue
        for fact in sorted(facts, key=lambda f: f.entry.id):
            if fact.entry.tier not in WEAK_TIERS or fact.normal is None:
                continue
            if any(_confirms(other, fact) for other in facts):
                continue
            yield Finding(
                kind=Kind.unsupported,
                message=f"{node[0]} {node[1]}: {fact.entry.value} is {fact.entry.tier}; no rule "
                "rebuilds it and no fact of another source states it",
                subject=node[0],
                quantity=node[1],
                facts=(fact.entry.id,),
                sources=(fact.entry.source,) if fact.entry.source else (),
                weight=scope.deps.weight([fact.entry.id]),
                numbers=str(fact.entry.value),
            )


def _confirms(other: Fact, fact: Fact) -> bool:
    """True when `other` states `fact`'s value independently: another original source,
    neither computed from the other, intervals in agreement.

    Independence is by original: a number read in a copy (`via`: a book quoting the
    vendor's table) is its original's, so two copies of one original, or a copy and the
    original itself, are one witness and confirm nothing of each other."""
    if other is fact or other.normal is None or other.parsed is None:
        return False
    if other.entry.source is None:
        return False  # an unsourced number confirms nothing
    if witness(other.entry.source, other.entry.id) == witness(fact.entry.source, fact.entry.id):
        return False  # one original, however many copies it was read in
    if fact.entry.id in other.entry.computed_from or other.entry.id in fact.entry.computed_from:
        return False
    return agree(interval(other), interval(fact))
