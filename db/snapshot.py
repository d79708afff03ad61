"""Everything the course's outputs need at once: the stored catalog, its stored
derivations, the audit's findings, and tables built from them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine

from db.store import read_loaded
from db.stored_outcome import stored_outcome
from derive.audit import Finding, audit
from derive.deriver import Outcome
from derive.publish.tables import BuiltTable, TableBuilder
from derive.rules import RuleFolders, RuleSet, read_rules
from schema.catalog import Catalog
from schema.errors import UnknownName, suggest
from schema.gcpause import gc_paused


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The catalog with its rules, what they derive, and the open findings."""

    catalog: Catalog
    rules: RuleSet
    outcome: Outcome
    findings: list[Finding]

    def build_table(self, table_id: str, *, findings: bool = True) -> BuiltTable:
        """Build one of the catalog's tables (open findings as footnotes unless `findings`
        is false); `UnknownName` when there is none by that id."""
        table = self.catalog.tables.get(table_id)
        if table is None:
            raise UnknownName(
                f"no table {table_id!r}{suggest(table_id, list(self.catalog.tables))}"
            )
        return self.builder().build(table.entry, findings=findings)

    def builder(self) -> TableBuilder:
        """A table builder over this snapshot's values and findings (tables, templates)."""
        return TableBuilder(self.catalog, self.rules, self.outcome, self.findings)


def snapshot(engine: Engine, rules_dir: RuleFolders | Path) -> Snapshot:
    """Read the stored catalog and the derived values the last load stored (those
    `facts derive` shows: nothing is derived again), the rules under `rules_dir`, and
    audit. `db.load.as_loaded` checks first that the rules are the ones loaded."""
    with gc_paused():
        with engine.connect() as conn:
            catalog = read_loaded(conn)
            outcome = stored_outcome(conn, catalog)
        rules = read_rules(rules_dir, catalog)
        return Snapshot(catalog, rules, outcome, audit(catalog, rules, outcome))
