"""Superseded in use: a superseded or withdrawn fact that a current fact says it was
computed from (a derivation input written down in the catalog)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from derive.checks.finding import Finding, Kind
from derive.checks.scope import Scope
from schema.catalog import Fact
from schema.status import Status


def superseded_inputs(scope: Scope) -> Iterator[Finding]:
    """Current facts computed from a fact that has since been superseded or withdrawn."""
    facts = scope.catalog.facts
    for fact_id, fact in sorted(facts.items()):
        if fact.status != Status.current:
            continue
        for input_id in sorted(fact.entry.computed_from):
            replaced = replacement(facts, input_id)
            if replaced is None:
                continue
            old, instead, numbers = replaced
            yield Finding(
                kind=Kind.superseded_in_use,
                message=f"{fact.subject} {fact.entry.quantity}: {fact.entry.value} ({fact_id}) is "
                f"computed from {input_id} ({old.entry.value}), which has been "
                f"{old.status}{instead}",
                subject=fact.subject,
                quantity=fact.entry.quantity,
                facts=(fact_id, input_id),
                weight=scope.deps.weight([fact_id]),
                numbers=numbers,
            )


def replacement(facts: Mapping[str, Fact], fact_id: str) -> tuple[Fact, str, str] | None:
    """For a fact no longer current: it, what replaced it ("; now V (id, date)" or
    nothing when it was withdrawn), and the finding's numbers; None for a current one."""
    old = facts.get(fact_id)
    if old is None or old.status == Status.current:
        return None
    now = facts.get(old.superseded_by or "")
    instead = f"; now {now.entry.value} ({dated(now)})" if now is not None else ""
    numbers = " | ".join(str(f.entry.value) for f in (old, now) if f is not None)
    return old, instead, numbers


def dated(fact: Fact) -> str:
    """A correction's id and, where it has one, its date."""
    return f"{fact.entry.id}, {fact.entry.date}" if fact.entry.date else fact.entry.id
