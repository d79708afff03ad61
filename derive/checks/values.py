"""Conflicts: current facts of one subject, quantity and qualifiers that disagree."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from derive.agreement import agree, agreeing_groups, touching, witness
from derive.checks.finding import Finding, Kind
from derive.checks.scope import Scope, interval, relative
from derive.diagnosis import diagnose
from schema.catalog import Fact


def cause(facts: list[Fact], integers: bool, unit: str) -> str | None:
    """The likely cause of a conflict, from a pair of facts that disagree: the first
    pair whose ratio shows one, else the last written digit when two only touch."""
    pairs = [
        (a, b)
        for i, a in enumerate(facts)
        for b in facts[i + 1 :]
        if not agree(interval(a), interval(b))
    ]
    for a, b in pairs:
        assert a.normal is not None and b.normal is not None
        found = diagnose(float(a.normal.value), float(b.normal.value), integers=integers, unit=unit)
        if found:
            return found
    for a, b in pairs:
        one = witness(a.entry.source, a.entry.id) == witness(b.entry.source, b.entry.id)
        if one and a.entry.via != b.entry.via:  # one original, read in different copies
            first, second = sorted((_read_in(a), _read_in(b)))
            return (
                f"both are {a.entry.source}'s number, read in {first} and in {second}: "
                "a copy differs from its original"
            )
    if any(touching(interval(a), interval(b)) for a, b in pairs):
        return "they differ in the last written digit: each rounds a value the other excludes"
    return None


def _read_in(fact: Fact) -> str:
    return fact.entry.via or "the original"


def shown_source(fact: Fact) -> str:
    """A fact's source as findings name it: the original, and the copy it was read in."""
    if fact.entry.source is None:
        return "no source"
    return fact.entry.source + (f" via {fact.entry.via}" if fact.entry.via else "")


def conflicts(scope: Scope) -> Iterator[Finding]:
    """Current facts of one subject, quantity and qualifiers that disagree beyond their
    precision (pairwise: values agreeing only through a third one disagree)."""
    groups: dict[tuple[str, str, tuple[tuple[str, str], ...]], list[Fact]] = defaultdict(list)
    for (subject, quantity), facts in scope.current.items():
        for fact in facts:
            if fact.normal is not None:
                key = (subject, quantity, tuple(sorted(fact.entry.qualifiers.items())))
                groups[key].append(fact)
    for (subject, quantity, _), found in groups.items():
        if len(found) < 2:
            continue  # most quantities have one fact: nothing to disagree with
        facts = sorted(found, key=lambda f: f.entry.id)  # file order must not matter
        clusters = agreeing_groups(sorted(facts, key=lambda f: (interval(f), f.entry.id)), interval)
        if len(clusters) < 2:
            continue
        shown = "; ".join(f"{f.entry.value} ({shown_source(f)})" for f in facts)
        values = [float(f.normal.value) for f in facts if f.normal is not None]
        in_order = sorted(facts, key=lambda f: (interval(f), f.entry.id))
        ids = tuple(f.entry.id for f in facts)
        yield Finding(
            kind=Kind.conflict,
            message=f"{subject} {quantity}: the facts disagree beyond their precision: {shown}",
            subject=subject,
            quantity=quantity,
            facts=ids,
            sources=tuple(sorted({f.entry.source for f in facts if f.entry.source})),
            diagnosis=cause(
                in_order, scope.is_count(quantity), scope.catalog.quantities[quantity].unit
            ),
            weight=scope.deps.weight(ids),
            numbers=" | ".join(str(f.entry.value) for f in facts),
            discrepancy=relative(min(values), max(values)),
        )
