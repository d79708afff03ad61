"""The audit: every finding the spec names, computed over a whole catalog.

Pure: it takes the catalog, the rules (with their bounds) and what the deriver
derived, and returns findings ranked heaviest first across kinds, with the
catalog's acknowledgements applied. The checks live in `derive.checks`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from derive.checks import acknowledged, run
from derive.checks.finding import KINDS, Finding, Kind
from derive.checks.ranking import ranked
from derive.checks.scope import Scope
from derive.deriver import Outcome
from derive.rules import RuleSet
from schema.catalog import Catalog

__all__ = ["KINDS", "Finding", "Kind", "audit", "finish"]


def finish(
    findings: Iterable[Finding], catalog: Catalog, *, texts_checked: bool = False
) -> list[Finding]:
    """Findings ranked, with `catalog`'s acknowledgements marked and the stale ones added.

    Findings already finished may be given again (with a text's findings added):
    their marks and stale acknowledgements are worked out anew. Raises
    `BadAcknowledgement` for an acknowledgement whose id is not a finding id.
    """
    fresh = ranked(  # once per id first: the one an acknowledgement is judged against
        dataclasses.replace(f, acknowledged=False, reason=None) if f.acknowledged else f
        for f in findings
        if f.kind is not Kind.stale_acknowledgement
    )
    return ranked(acknowledged.apply(fresh, catalog.acknowledgements, texts_checked=texts_checked))


def audit(catalog: Catalog, rules: RuleSet, outcome: Outcome) -> list[Finding]:
    """Every finding over `catalog`, its rules and what they derived, heaviest first."""
    from derive.publish.tables import TableBuilder

    builder = TableBuilder(catalog, rules, outcome, [])  # the cells, before any finding
    in_tables = {
        table_id: builder.build(table.entry).shown_facts()
        for table_id, table in sorted(catalog.tables.items())
    }
    return finish(run(Scope(catalog, rules, outcome, in_tables)), catalog)
