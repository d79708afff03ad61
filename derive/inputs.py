"""Turn a catalog's facts into the stated values the engine derives from.

A variant (`variant_of`) sees its parent's facts, and its grandparent's, for every
quantity it states nothing of itself: GB200 and HGX B200 share the B200's SM count
and each states its own clock.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from derive.model import Reading, Stated
from schema.catalog import Catalog, Fact
from schema.values import normalise, parse_value


def _readings(fact: Fact, unit: str) -> tuple[Reading, ...]:
    readings = []
    for alternative in fact.entry.alternatives:
        normal = normalise(parse_value(alternative.value), unit, exact=fact.entry.exact)
        readings.append(
            Reading(
                float(normal.value),
                float(normal.low),
                float(normal.high),
                alternative.value,
                alternative.reason,
            )
        )
    return tuple(readings)


def _own_values(catalog: Catalog) -> list[Stated]:
    """Every current fact with a value: not superseded or withdrawn, not undisclosed,
    not a bound ('>9.2 Gbit/s' says too little to compute with)."""
    stated = []
    for fact in catalog.facts.values():
        if fact.status != "current" or fact.normal is None or fact.parsed is None:
            continue
        if fact.parsed.comparator is not None:
            continue
        unit = catalog.quantities[fact.entry.quantity].unit
        stated.append(
            Stated(
                fact_id=fact.entry.id,
                subject=fact.subject,
                quantity=fact.entry.quantity,
                value=float(fact.normal.value),
                low=float(fact.normal.low),
                high=float(fact.normal.high),
                approx=fact.parsed.approx,
                tier=fact.entry.tier,
                literal=fact.entry.value or "",
                rank=fact.entry.rank,
                computed_from=fact.entry.computed_from,
                readings=_readings(fact, unit),
            )
        )
    return stated


def parents(catalog: Catalog, subject: str) -> list[str]:
    """The subjects `subject` is a variant of, nearest first (cycles were refused at load)."""
    chain: list[str] = []
    parent = catalog.subjects[subject].entry.variant_of
    while parent is not None and parent in catalog.subjects and parent not in chain:
        chain.append(parent)
        parent = catalog.subjects[parent].entry.variant_of
    return chain


def stated_values(catalog: Catalog) -> list[Stated]:
    """Every subject's current values, a variant's inherited ones included."""
    own = _own_values(catalog)
    by_node: dict[tuple[str, str], list[Stated]] = defaultdict(list)
    for value in own:
        by_node[(value.subject, value.quantity)].append(value)
    held: dict[str, set[str]] = defaultdict(set)
    for subject, quantity in by_node:
        held[subject].add(quantity)
    inherited: list[Stated] = []
    for subject in catalog.subjects:
        seen = set(held[subject])
        for parent in parents(catalog, subject):
            for quantity in sorted(held[parent] - seen):
                inherited.extend(
                    replace(value, subject=subject, inherited_from=parent)
                    for value in by_node[(parent, quantity)]
                )
            seen |= held[parent]
    return own + inherited


def current_facts(catalog: Catalog) -> dict[tuple[str, str], list[Fact]]:
    """The current facts of each (subject, quantity), a variant's inherited ones included
    (for the quantities it states nothing of itself)."""
    found: dict[tuple[str, str], list[Fact]] = defaultdict(list)
    for fact in catalog.facts.values():
        if fact.status == "current":
            found[(fact.subject, fact.entry.quantity)].append(fact)
    held: dict[str, set[str]] = defaultdict(set)
    for subject, quantity in found:
        held[subject].add(quantity)
    for subject in catalog.subjects:
        seen = set(held[subject])
        for parent in parents(catalog, subject):
            for quantity in sorted(held[parent] - seen):
                found[(subject, quantity)] = list(found[(parent, quantity)])
            seen |= held[parent]
    return found


def subject_kinds(catalog: Catalog) -> dict[str, str]:
    """Each subject's kind, by id."""
    return {sid: subject.entry.kind for sid, subject in catalog.subjects.items()}


def reference_units(catalog: Catalog) -> dict[str, str]:
    """Each quantity's reference unit, by id."""
    return {qid: quantity.unit for qid, quantity in catalog.quantities.items()}
