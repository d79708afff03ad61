"""Turn a catalog's facts into the stated values the engine derives from."""

from __future__ import annotations

from derive.model import Stated
from schema.catalog import Catalog


def stated_values(catalog: Catalog) -> list[Stated]:
    """Every current fact with a value: not superseded or withdrawn, not undisclosed,
    not a bound ('>9.2 Gbit/s' says too little to compute with)."""
    stated = []
    for fact in catalog.facts.values():
        if fact.status != "current" or fact.normal is None or fact.parsed is None:
            continue
        if fact.parsed.comparator is not None:
            continue
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
            )
        )
    return stated


def subject_kinds(catalog: Catalog) -> dict[str, str]:
    """Each subject's kind, by id."""
    return {sid: subject.entry.kind for sid, subject in catalog.subjects.items()}


def reference_units(catalog: Catalog) -> dict[str, str]:
    """Each quantity's reference unit, by id."""
    return {qid: quantity.unit for qid, quantity in catalog.quantities.items()}
