"""What rests on a finding: the derived values, table cells and text claims that use
the facts and (subject, quantity) nodes it is about."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from derive.model import Candidate, Derivation, InputUse, Node
from schema.catalog import Catalog
from schema.reader import TABLE_REF


@dataclass(slots=True, kw_only=True)
class Dependents:
    """Which top-level derivations rest on each fact and node, and what tables show."""

    by_fact: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))
    by_node: dict[Node, set[int]] = field(default_factory=lambda: defaultdict(set))
    cells: Counter[Node] = field(default_factory=Counter)
    fact_cells: Counter[str] = field(default_factory=Counter)
    fact_node: dict[str, Node] = field(default_factory=dict)
    claims: Counter[str] = field(default_factory=Counter)
    support: dict[int, tuple[frozenset[str], frozenset[Node]]] = field(default_factory=dict)

    def add(self, top: int, derivation: Derivation) -> None:
        """Record that top-level derivation `top` rests on everything in `derivation`."""
        facts, nodes = self._support(derivation)
        for fact in facts:
            self.by_fact[fact].add(top)
        for node in nodes:
            self.by_node[node].add(top)

    def _support(self, derivation: Derivation) -> tuple[frozenset[str], frozenset[Node]]:
        """The facts and nodes a derivation rests on, worked out once per derivation
        (the deriver shares one derivation between every tree that uses it)."""
        found = self.support.get(id(derivation))
        if found is not None:
            return found
        facts: set[str] = set()
        nodes: set[Node] = set()
        for use in derivation.inputs:
            nodes.add((use.subject, use.quantity))
            if use.used.stated is not None:
                facts.add(use.used.stated.fact_id)
            if use.used.derivation is not None:
                below_facts, below_nodes = self._support(use.used.derivation)
                facts |= below_facts
                nodes |= below_nodes
        self.support[id(derivation)] = (frozenset(facts), frozenset(nodes))
        return self.support[id(derivation)]

    def weight(self, facts: Iterable[str] = (), nodes: Iterable[Node] = ()) -> int:
        """How many top-level derivations, table cells and text claims rest on these
        facts or nodes."""
        tops: set[int] = set()
        shown: set[Node] = set(nodes)
        count = 0
        for fact in facts:
            tops |= self.by_fact.get(fact, set())
            count += self.fact_cells[fact] + self.claims[fact]
            if fact in self.fact_node:
                shown.add(self.fact_node[fact])
        for node in shown:
            tops |= self.by_node.get(node, set())
            count += self.cells[node]
        return len(tops) + count

    def count_cells(self, catalog: Catalog) -> None:
        """Record which (subject, quantity) and which facts each table cell shows."""
        self.fact_node = {f.entry.id: (f.subject, f.entry.quantity) for f in catalog.facts.values()}
        for table in catalog.tables.values():
            subjects = [c.subject for c in table.entry.columns if c.subject is not None]
            for row in table.entry.rows:
                quantity = row.quantity or row.derived
                texts = [(s, row.text) for s in subjects] if row.text else list(row.cells.items())
                if quantity is not None:
                    self.cells.update((s, quantity) for s in subjects)
                for subject, text in texts:
                    for ref in TABLE_REF.finditer(text or ""):
                        if ref["fact"] is not None:
                            self.fact_cells[ref["fact"]] += 1
                        else:
                            self.cells[(ref["subject"] or subject, ref["quantity"])] += 1


def of(catalog: Catalog, derivations: Iterable[Derivation]) -> Dependents:
    """What rests on what in this catalog and these top-level derivations."""
    deps = Dependents()
    for top, derivation in enumerate(derivations):
        deps.add(top, derivation)
    deps.count_cells(catalog)
    return deps


def uses(derivation: Derivation) -> Iterator[InputUse]:
    """Every input use of a derivation, through the derivations it rests on."""
    for use in derivation.inputs:
        yield use
        if use.used.derivation is not None:
            yield from uses(use.used.derivation)


def stated_leaves(derivation: Derivation) -> Iterator[Candidate]:
    """The stated values a derivation rests on, directly or below."""
    for use in uses(derivation):
        if use.used.stated is not None:
            yield use.used
