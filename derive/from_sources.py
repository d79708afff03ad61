"""Derive from chosen sources only: a document's own figures rebuilt from its own inputs.

A table that prints a chip's peak, its bandwidth and the ridge point it computed from
them can only be checked against itself when the derivation uses nothing else: the
catalog's more precise numbers from other sources would rebuild another ridge point
(and rightly flag the table's as rounded), which says nothing of whether the table's
arithmetic holds. `derive_from_sources` keeps the facts whose `source` (the original)
or `via` (the copy they were read in) is one of the chosen sources, derives with the
rules and their constants alone, as `derive.deriver.derive_catalog` does for the whole
catalog, and compares each derived value with what those sources state. Pure: nothing
is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from derive.agreement import agree_within, relative_difference
from derive.deriver import Outcome, derive_catalog
from derive.model import Derivation, Problem
from derive.rules import RuleSet
from derive.tree_model import TreeNode
from derive.trees import TreeBuilder
from schema.catalog import Catalog, Fact
from schema.errors import UnknownName, suggest
from schema.status import Status


def facts_of_sources(catalog: Catalog, sources: Sequence[str]) -> Catalog:
    """The catalog with only the facts stated by `sources`: those whose original
    (`source`) or copy read (`via`) is one of them; subjects, quantities and sources kept.

    A fact of theirs that a fact of another source corrects is current here: the
    selection holds what these sources state. Raises `UnknownName` for an id the
    catalog does not hold, with the closest ids.
    """
    for source in sources:
        if source not in catalog.sources:
            raise UnknownName(f"no source {source!r}{suggest(source, catalog.sources)}")
    chosen = set(sources)
    kept = {
        fact_id: fact
        for fact_id, fact in catalog.facts.items()
        if fact.entry.source in chosen or fact.entry.via in chosen
    }
    for fact_id, fact in kept.items():
        if fact.status == Status.superseded and fact.superseded_by not in kept:
            kept[fact_id] = replace(fact, status=Status.current, superseded_by=None)
    return Catalog(
        sources=dict(catalog.sources),
        quantities=dict(catalog.quantities),
        subjects=dict(catalog.subjects),
        facts=kept,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Comparison:
    """A derived value beside a fact the chosen sources state for the same subject and
    quantity: matched when they agree (or lie within the rule's tolerance)."""

    fact: Fact
    derivation: Derivation
    matched: bool
    difference: float  # (derived − stated) / stated; inf when the stated value is 0
    unit: str  # the quantity's reference unit, the derived value's

    def as_json(self) -> dict[str, object]:
        """This comparison as JSON-ready data."""
        d = self.derivation
        return {
            "subject": d.subject,
            "quantity": d.quantity,
            "rule": d.rule_id,
            "reading": d.reading,
            "fact": self.fact.entry.id,
            "stated": self.fact.entry.value,
            "derived": d.value,
            "low": d.low,
            "high": d.high,
            "unit": self.unit,
            "verdict": "matched" if self.matched else "mismatch",
            "difference": self.difference,
        }


@dataclass(frozen=True, slots=True)
class SourceDerivation:
    """What the chosen sources' own facts derive, and how it compares with what they state."""

    sources: tuple[str, ...]
    catalog: Catalog  # the facts of those sources only
    outcome: Outcome
    comparisons: tuple[Comparison, ...]


def derive_from_sources(
    catalog: Catalog, rules: RuleSet, sources: Sequence[str]
) -> SourceDerivation:
    """Derive from the facts of `sources` only (with the rules and their constants), and
    compare every derived value with the facts those sources state; nothing is written.

    Raises `UnknownName` for a source id the catalog does not hold.
    """
    chosen = facts_of_sources(catalog, sources)
    outcome = derive_catalog(chosen, rules)
    return SourceDerivation(
        tuple(dict.fromkeys(sources)), chosen, outcome, tuple(compare(chosen, rules, outcome))
    )


def compare(catalog: Catalog, rules: RuleSet, outcome: Outcome) -> list[Comparison]:
    """Each derived value against the current facts of the catalog for its own subject
    and quantity (a bound or an undisclosed fact compares with nothing)."""
    tolerance = {rule.id: rule.entry.tolerance for rule in rules.rules}
    stated: dict[tuple[str, str], list[Fact]] = {}
    for fact in catalog.facts.values():
        if fact.status != Status.current or fact.normal is None or fact.parsed is None:
            continue
        if fact.parsed.comparator is None:
            stated.setdefault((fact.subject, fact.entry.quantity), []).append(fact)
    found = []
    for derivation in outcome.derivations:
        for fact in stated.get((derivation.subject, derivation.quantity), []):
            assert fact.normal is not None
            value = float(fact.normal.value)
            difference = relative_difference(derivation.value, value)
            matched = agree_within(
                (float(fact.normal.low), float(fact.normal.high)),
                (derivation.low, derivation.high),
                difference,
                tolerance.get(derivation.rule_id, 0.0),
            )
            found.append(
                Comparison(
                    fact=fact,
                    derivation=derivation,
                    matched=matched,
                    difference=difference,
                    unit=catalog.quantities[derivation.quantity].unit,
                )
            )
    return found


def selected(result: SourceDerivation, name: str | None, subject: str | None) -> SourceDerivation:
    """Only the derivations and comparisons of quantity `name` (or those under the dotted
    prefix) and of `subject` (an id, name or alias); None selects all. Raises
    `UnknownName` for a quantity or a subject the catalog does not hold."""
    catalog = result.catalog
    if name is not None and not any(
        q == name or q.startswith(name + ".") for q in catalog.quantities
    ):
        raise UnknownName(f"no quantity {name!r}{suggest(name, catalog.quantities)}")
    subject_id = catalog.subject_named(subject) if subject is not None else None

    def wanted(node_subject: str, quantity: str) -> bool:
        if subject_id is not None and node_subject != subject_id:
            return False
        return name is None or quantity == name or quantity.startswith(name + ".")

    outcome = Outcome(
        [d for d in result.outcome.derivations if wanted(d.subject, d.quantity)],
        [p for p in result.outcome.problems if wanted(p.subject, p.quantity)],
    )
    comparisons = tuple(
        c for c in result.comparisons if wanted(c.derivation.subject, c.derivation.quantity)
    )
    return replace(result, outcome=outcome, comparisons=comparisons)


@dataclass(frozen=True, slots=True, kw_only=True)
class SourceTrees:
    """What `facts derive --source` shows: the chosen sources, how many facts they state,
    each derivation's tree (as `facts derive` shows stored ones), the comparisons with
    what the sources state, and the problems of rules that could not be applied."""

    sources: tuple[str, ...]
    facts: int
    derived: tuple[TreeNode, ...]
    compared: tuple[Comparison, ...]
    problems: tuple[Problem, ...]

    def as_json(self) -> dict[str, object]:
        """All of it as JSON-ready data."""
        return {
            "sources": list(self.sources),
            "facts": self.facts,
            "derived": [tree.as_json() for tree in self.derived],
            "compared": [c.as_json() for c in self.compared],
            "problems": [p.as_json() for p in self.problems],
        }


def source_trees(result: SourceDerivation, rules: RuleSet) -> SourceTrees:
    """The result as trees, in order: derivations by subject, quantity, rule and
    alternative; comparisons by subject, quantity and fact."""
    builder = TreeBuilder(result.catalog, rules)
    derivations = sorted(
        result.outcome.derivations,
        key=lambda d: (d.subject, d.quantity, d.rule_id, d.alternative, d.reading or ""),
    )
    return SourceTrees(
        sources=result.sources,
        facts=len(result.catalog.facts),
        derived=tuple(builder.node(d) for d in derivations),
        compared=tuple(
            sorted(
                result.comparisons,
                key=lambda c: (c.derivation.subject, c.derivation.quantity, c.fact.entry.id),
            )
        ),
        problems=tuple(result.outcome.problems),
    )
