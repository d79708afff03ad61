"""What the catalog's tables show: inferred or estimated values in cells (weak), and
superseded or withdrawn facts a cell still names (superseded in use)."""

from __future__ import annotations

from collections.abc import Iterator

from derive.checks.finding import Finding, Kind
from derive.checks.scope import Scope
from derive.checks.superseded import replacement
from schema.reader import TABLE_REF
from schema.tiers import WEAK_TIERS


def weak_cells(scope: Scope) -> Iterator[Finding]:
    """Table cells that show an inferred or estimated fact, one finding per table and fact."""
    for table_id, shown in sorted(scope.in_tables.items()):
        for fact_id, labels in sorted(shown.items()):
            fact = scope.catalog.facts.get(fact_id)
            if fact is None or fact.entry.tier not in WEAK_TIERS or fact.entry.undisclosed:
                continue
            yield Finding(
                kind=Kind.weak,
                message=f"table {table_id} ({', '.join(dict.fromkeys(labels))}) shows "
                f"{fact.subject} {fact.entry.quantity} = {fact.entry.value}, "
                f"which is {fact.entry.tier} ({fact_id})",
                subject=fact.subject,
                quantity=fact.entry.quantity,
                facts=(fact_id,),
                sources=(fact.entry.source,) if fact.entry.source else (),
                weight=len(labels),
                numbers=str(fact.entry.value),
                where=f"table:{table_id}",
            )


def superseded_cells(scope: Scope) -> Iterator[Finding]:
    """Table cells that name a superseded or withdrawn fact ({#fact-id})."""
    facts = scope.catalog.facts
    for table_id, table in sorted(scope.catalog.tables.items()):
        texts = [row.text or "" for row in table.entry.rows]
        texts += [text for row in table.entry.rows for text in row.cells.values() if text]
        named = sorted({ref["fact"] for t in texts for ref in TABLE_REF.finditer(t) if ref["fact"]})
        for fact_id in named:
            replaced = replacement(facts, fact_id)
            if replaced is None:
                continue
            old, instead, numbers = replaced
            yield Finding(
                kind=Kind.superseded_in_use,
                message=f"table {table_id} shows {old.subject} {old.entry.quantity} = "
                f"{old.entry.value} ({fact_id}), which has been {old.status}{instead}",
                subject=old.subject,
                quantity=old.entry.quantity,
                facts=(fact_id,),
                weight=1,
                numbers=numbers,
                where=f"table:{table_id}",
            )
