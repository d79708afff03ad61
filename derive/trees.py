"""Derivations in memory as trees (`derive.tree_model`), the same values
`db.derived_queries` reads stored ones back as: `cli.tree.render_tree` renders either."""

from __future__ import annotations

from derive.model import Derivation
from derive.rules import RuleSet
from derive.tree_model import TreeFact, TreeInput, TreeNode, TreeOther
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

    def fact(self, fact: Fact) -> TreeFact:
        """One fact with its source and the copy it was read in, as the trees show it."""
        e, normal = fact.entry, fact.normal
        source = self.catalog.sources.get(e.source or "")
        copy = self.catalog.sources.get(e.via or "")
        return TreeFact(
            id=e.id,
            literal=e.value,
            undisclosed=e.undisclosed,
            tier=e.tier,
            source=e.source,
            source_title=source.entry.title if source else None,
            via=e.via,
            via_title=copy.entry.title if copy else None,
            locator=e.locator,
            date=e.date,
            value=float(normal.value) if normal else None,
            low=float(normal.low) if normal else None,
            high=float(normal.high) if normal else None,
            bound=fact.parsed.comparator if fact.parsed else None,
        )

    def node(self, derivation: Derivation) -> TreeNode:
        """One derivation and its inputs, recursively, beside the facts of its node."""
        rule = self.rules[derivation.rule_id]
        inputs = []
        for use in derivation.inputs:
            used = use.used
            inputs.append(
                TreeInput(
                    ref=use.ref,
                    subject=use.subject,
                    quantity=use.quantity,
                    unit=self.catalog.quantities[use.quantity].unit,
                    reason=use.reason,
                    others=tuple(TreeOther.of(c, used) for c in use.others),
                    fact=(
                        self.fact(self.catalog.facts[used.stated.fact_id])
                        if used.stated is not None
                        else None
                    ),
                    derived=self.node(used.derivation) if used.derivation is not None else None,
                )
            )
        current = self._current.get((derivation.subject, derivation.quantity), [])
        return TreeNode(
            subject=derivation.subject,
            quantity=derivation.quantity,
            rule=derivation.rule_id,
            formula=rule.entry.formula,
            rule_source=rule.entry.source,
            unit=self.catalog.quantities[derivation.quantity].unit,
            value=derivation.value,
            low=derivation.low,
            high=derivation.high,
            approx=derivation.approx,
            weakest=derivation.weakest,
            widest=derivation.widest,
            alternative=derivation.alternative,
            conflict=derivation.conflict,
            reading=derivation.reading,
            stated=tuple(self.fact(f).beside(derivation.low, derivation.high) for f in current),
            inputs=tuple(inputs),
        )
