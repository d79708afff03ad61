"""Derivations in memory as JSON-ready trees, in the shape `db.derived_queries` reads
stored ones back: `cli.tree.render_tree` renders either."""

from __future__ import annotations

from typing import Any

from derive.agreement import agree
from derive.model import Candidate, Derivation
from derive.rules import RuleSet
from schema.catalog import Catalog, Fact
from schema.status import Status


class TreeBuilder:
    """Builds the trees of derivations made from one catalog and rule set."""

    def __init__(self, catalog: Catalog, rules: RuleSet) -> None:
        self.catalog = catalog
        self.rules = {rule.id: rule for rule in rules.rules}
        self._current: dict[tuple[str, str], list[Fact]] = {}
        for fact in catalog.facts.values():
            if fact.status == Status.current:
                self._current.setdefault((fact.subject, fact.entry.quantity), []).append(fact)

    def fact(self, fact: Fact) -> dict[str, Any]:
        """One fact with its source and the copy it was read in, as the trees show it."""
        e, normal = fact.entry, fact.normal
        source = self.catalog.sources.get(e.source or "")
        copy = self.catalog.sources.get(e.via or "")
        return {
            "fact": e.id,
            "literal": e.value,
            "undisclosed": e.undisclosed,
            "tier": e.tier,
            "source": e.source,
            "source_title": source.entry.title if source else None,
            "via": e.via,
            "via_title": copy.entry.title if copy else None,
            "locator": e.locator,
            "date": e.date.isoformat() if e.date else None,
            "value": float(normal.value) if normal else None,
            "low": float(normal.low) if normal else None,
            "high": float(normal.high) if normal else None,
        }

    def _other(self, candidate: Candidate, used: Candidate) -> dict[str, Any]:
        ref: dict[str, Any] = (
            {"fact": candidate.stated.fact_id}
            if candidate.stated is not None
            else {"rule": candidate.derivation.rule_id if candidate.derivation else None}
        )
        return {**ref, **candidate.beside(used)}

    def node(self, derivation: Derivation) -> dict[str, Any]:
        """One derivation and its inputs, recursively, beside the facts of its node."""
        rule = self.rules[derivation.rule_id]
        stated = []
        for fact in self._current.get((derivation.subject, derivation.quantity), []):
            agrees = None
            if fact.normal is not None:
                agrees = agree(
                    (float(fact.normal.low), float(fact.normal.high)),
                    (derivation.low, derivation.high),
                )
            stated.append({**self.fact(fact), "agrees": agrees})
        inputs = []
        for use in derivation.inputs:
            item: dict[str, Any] = {
                "ref": use.ref,
                "subject": use.subject,
                "quantity": use.quantity,
                "unit": self.catalog.quantities[use.quantity].unit,
                "reason": use.reason,
                "others": [self._other(c, use.used) for c in use.others],
            }
            if use.used.stated is not None:
                item["fact"] = self.fact(self.catalog.facts[use.used.stated.fact_id])
            else:
                assert use.used.derivation is not None
                item["derived"] = self.node(use.used.derivation)
            inputs.append(item)
        return {
            "subject": derivation.subject,
            "quantity": derivation.quantity,
            "rule": derivation.rule_id,
            "formula": rule.entry.formula,
            "rule_source": rule.entry.source,
            "unit": self.catalog.quantities[derivation.quantity].unit,
            "value": derivation.value,
            "low": derivation.low,
            "high": derivation.high,
            "approx": derivation.approx,
            "tier": "derived",
            "weakest": derivation.weakest,
            "widest": derivation.widest,
            "alternative": derivation.alternative,
            "conflict": derivation.conflict,
            "reading": derivation.reading,
            "stated": stated,
            "inputs": inputs,
        }
