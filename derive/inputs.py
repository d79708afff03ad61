"""Turn a catalog's facts into the stated values the deriver derives from.

A variant (`variant_of`) sees its parent's facts, and its grandparent's, for every
quantity it states nothing of itself: GB200 and HGX B200 share the B200's SM count
and each states its own clock.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TypeVar

from derive.model import Reading, Stated
from schema.catalog import Catalog, Fact
from schema.status import Status
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
        if fact.status != Status.current or fact.normal is None or fact.parsed is None:
            continue
        if fact.parsed.comparator is not None:
            continue
        stated.append(stated_of(fact, catalog.quantities[fact.entry.quantity].unit))
    return stated


def stated_of(fact: Fact, unit: str) -> Stated:
    """One current fact with a value as the deriver uses it, in its quantity's `unit`."""
    assert fact.normal is not None and fact.parsed is not None
    return Stated(
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
        source=fact.entry.source,
        via=fact.entry.via,
    )


T = TypeVar("T")


def parent_chain(parent_of: Mapping[str, str | None], subject: str) -> list[str]:
    """The subjects `subject` is a variant of, nearest first (a cycle is cut off)."""
    chain: list[str] = []
    parent = parent_of.get(subject)
    while parent is not None and parent in parent_of and parent != subject and parent not in chain:
        chain.append(parent)
        parent = parent_of.get(parent)
    return chain


def inherited(
    held: Mapping[str, Mapping[str, Sequence[T]]], parent_of: Mapping[str, str | None]
) -> dict[tuple[str, str], list[T]]:
    """What each variant inherits: its parents' values (nearest parent first) of every
    quantity it holds none of itself. `held` is values by subject, then quantity."""
    found: dict[tuple[str, str], list[T]] = {}
    for subject in parent_of:
        seen = set(held.get(subject, {}))
        for parent in parent_chain(parent_of, subject):
            for quantity, values in held.get(parent, {}).items():
                if quantity not in seen:
                    found[(subject, quantity)] = list(values)
            seen |= set(held.get(parent, {}))
    return found


def _parents(catalog: Catalog) -> dict[str, str | None]:
    return {sid: subject.entry.variant_of for sid, subject in catalog.subjects.items()}


def _by_subject(values: Iterable[tuple[str, str, T]]) -> dict[str, dict[str, list[T]]]:
    held: dict[str, dict[str, list[T]]] = defaultdict(lambda: defaultdict(list))
    for subject, quantity, value in values:
        held[subject][quantity].append(value)
    return held


def stated_values(catalog: Catalog) -> list[Stated]:
    """Every subject's current values, a variant's inherited ones included."""
    own = _own_values(catalog)
    held = _by_subject((v.subject, v.quantity, v) for v in own)
    return own + [
        replace(value, subject=subject, inherited_from=value.subject)
        for (subject, _), values in inherited(held, _parents(catalog)).items()
        for value in values
    ]


def current_facts(catalog: Catalog) -> dict[tuple[str, str], list[Fact]]:
    """The current facts of each (subject, quantity), a variant's inherited ones included
    (for the quantities it states nothing of itself)."""
    held = _by_subject(
        (f.subject, f.entry.quantity, f)
        for f in catalog.facts.values()
        if f.status == Status.current
    )
    found = {(s, q): values for s, quantities in held.items() for q, values in quantities.items()}
    found.update(inherited(held, _parents(catalog)))
    return found


def subject_kinds(catalog: Catalog) -> dict[str, str]:
    """Each subject's kind, by id."""
    return {sid: subject.entry.kind for sid, subject in catalog.subjects.items()}


def reference_units(catalog: Catalog) -> dict[str, str]:
    """Each quantity's reference unit, by id."""
    return {qid: quantity.unit for qid, quantity in catalog.quantities.items()}
