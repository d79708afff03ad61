"""The audit: every finding the spec names, computed over a whole catalog.

Pure: it takes the catalog, the rules (with their bounds) and what the engine
derived, and returns findings, each ranked by how much rests on it.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from derive.agreement import agree, agreeing_groups, touching
from derive.bounds import Bound
from derive.diagnosis import diagnose
from derive.engine import Outcome
from derive.model import TIER_ORDER, Candidate, Derivation, InputUse
from derive.rules import RuleSet
from schema.catalog import Catalog, Fact
from schema.numbers import format_number
from schema.reader import TABLE_REF

KINDS = (
    "conflict",
    "mismatch",
    "out-of-range",
    "derivation-problem",
    "imprecise",
    "weak",
    "undisclosed-in-use",
    "superseded-in-use",
    "text-mismatch",
    "unsourced",
    "text-unsourced",
    "unidentifiable-source",
    "undated",
    "uncited-source",
)
"""Every kind of finding, in the order the report groups them."""
IMPRECISE = 0.01
"""A derived value whose interval reaches further than ±1 % from it is reported."""


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem: what it is, where, why it may have happened, and how much rests on it."""

    kind: str
    message: str
    subject: str | None = None
    quantity: str | None = None
    facts: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    diagnosis: str | None = None
    weight: int = 0

    def as_json(self) -> dict[str, object]:
        """This finding as JSON-ready data."""
        return {name: getattr(self, name) for name in self.__slots__}


Node = tuple[str, str]


@dataclass(slots=True)
class _Dependents:
    """Which top-level derivations rest on each fact and on each node."""

    by_fact: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))
    by_node: dict[Node, set[int]] = field(default_factory=lambda: defaultdict(set))
    cells: Counter[Node] = field(default_factory=Counter)
    fact_cells: Counter[str] = field(default_factory=Counter)
    fact_node: dict[str, Node] = field(default_factory=dict)

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
        (the engine shares one derivation between every tree that uses it)."""
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
        """How many top-level derivations and table cells rest on these facts or nodes."""
        tops: set[int] = set()
        shown: set[Node] = set(nodes)
        cells = 0
        for fact in facts:
            tops |= self.by_fact.get(fact, set())
            cells += self.fact_cells[fact]
            if fact in self.fact_node:
                shown.add(self.fact_node[fact])
        for node in shown:
            tops |= self.by_node.get(node, set())
            cells += self.cells[node]
        return len(tops) + cells

    def count_cells(self, catalog: Catalog) -> None:
        """Record which (subject, quantity) and which facts each table cell shows."""
        self.fact_node = {f.entry.id: (f.subject, f.entry.quantity) for f in catalog.facts.values()}
        for table in catalog.tables.values():
            subjects = [c.subject for c in table.entry.columns]
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


def _interval(fact: Fact) -> tuple[float, float]:
    assert fact.normal is not None and fact.parsed is not None
    low, high = float(fact.normal.low), float(fact.normal.high)
    if fact.parsed.comparator in (">", "≥"):
        return low, math.inf
    if fact.parsed.comparator in ("<", "≤"):
        return -math.inf, high
    return low, high


def _overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return agree(a, b)


def _last_digit(clusters: list[list[Fact]]) -> str | None:
    """The diagnosis of values that only touch: they differ in the last written digit."""
    edges = [_interval(group[0]) for group in clusters]
    if any(touching(a, b) for i, a in enumerate(edges) for b in edges[i + 1 :]):
        return "they differ in the last written digit: each rounds a value the other excludes"
    return None


class Auditor:
    """Runs every check over one catalog, its rules and what they derived."""

    def __init__(self, catalog: Catalog, rules: RuleSet, outcome: Outcome) -> None:
        self.catalog = catalog
        self.rules = rules
        self.outcome = outcome
        self.deps = _Dependents()
        for top, derivation in enumerate(outcome.derivations):
            self.deps.add(top, derivation)
        self.deps.count_cells(catalog)
        self.current: dict[Node, list[Fact]] = defaultdict(list)
        for fact in catalog.facts.values():
            if fact.status == "current":
                self.current[(fact.subject, fact.entry.quantity)].append(fact)

    def unit(self, quantity: str) -> str:
        """The quantity's reference unit, with a leading space (or nothing)."""
        unit = self.catalog.quantities[quantity].unit
        return f" {unit}" if unit else ""

    def is_count(self, quantity: str) -> bool:
        """True when the quantity counts things (integers)."""
        return self.catalog.quantities[quantity].entry.count

    # -- values -------------------------------------------------------------------------
    def conflicts(self) -> Iterator[Finding]:
        """Current facts of one subject, quantity and qualifiers that disagree."""
        groups: dict[tuple[str, str, tuple[tuple[str, str], ...]], list[Fact]] = defaultdict(list)
        for (subject, quantity), facts in self.current.items():
            for fact in facts:
                if fact.normal is not None:
                    key = (subject, quantity, tuple(sorted(fact.entry.qualifiers.items())))
                    groups[key].append(fact)
        for (subject, quantity, _), facts in groups.items():
            if len(facts) < 2:
                continue  # most quantities have one fact: nothing to disagree with
            clusters = agreeing_groups(sorted(facts, key=_interval), _interval)
            if len(clusters) < 2:
                continue
            shown = "; ".join(f"{f.entry.value} ({f.entry.source or 'no source'})" for f in facts)
            values = [float(c[0].normal.value) for c in clusters if c[0].normal is not None]
            ids = tuple(f.entry.id for f in facts)
            yield Finding(
                "conflict",
                f"{subject} {quantity}: the facts disagree beyond their precision: {shown}",
                subject,
                quantity,
                ids,
                tuple(sorted({f.entry.source for f in facts if f.entry.source})),
                diagnosis=diagnose(values[0], values[-1], integers=self.is_count(quantity))
                or _last_digit(clusters),
                weight=self.deps.weight(ids),
            )

    def mismatches(self) -> Iterator[Finding]:
        """Stated facts that a derivation of the same subject and quantity contradicts."""
        tolerance = {r.id: r.entry.tolerance for r in self.rules.rules}
        for derivation in self.outcome.derivations:
            if derivation.alternative:
                continue  # derived from the losing side of a conflict, reported as such
            node = (derivation.subject, derivation.quantity)
            for fact in self.current.get(node, []):
                if fact.normal is None or fact.parsed is None or fact.parsed.comparator:
                    continue
                stated = float(fact.normal.value)
                if _overlap(_interval(fact), (derivation.low, derivation.high)):
                    continue
                difference = abs(derivation.value - stated) / abs(stated) if stated else math.inf
                if difference <= tolerance.get(derivation.rule_id, 0.0):
                    continue
                cause = None
                if self.catalog.quantities[node[1]].unit != "%":  # ratios of shares say nothing
                    cause = diagnose(derivation.value, stated, integers=self.is_count(node[1]))
                if cause is None and derivation.widest is not None and derivation.value:
                    spread = (derivation.high - derivation.low) / 2 / abs(derivation.value)
                    if difference <= 2 * spread:
                        cause = f"the rounding of a low-precision input ({derivation.widest})"
                yield Finding(
                    "mismatch",
                    f"{node[0]} {node[1]}: rule {derivation.rule_id} derives "
                    f"{format_number(derivation.value, 6)}{self.unit(node[1])}, "
                    f"the fact {fact.entry.id} states {fact.entry.value} "
                    f"({difference:.2%} apart)",
                    node[0],
                    node[1],
                    (fact.entry.id,),
                    (fact.entry.source,) if fact.entry.source else (),
                    (derivation.rule_id,),
                    cause,
                    self.deps.weight([fact.entry.id], [node]),
                )

    def ranges(self) -> Iterator[Finding]:
        """Values outside their quantity's bounds, or outside a bound from another value."""
        for (_, quantity), facts in self.current.items():
            q = self.catalog.quantities[quantity]
            for fact in facts:
                if fact.normal is None:
                    continue
                low, high = _interval(fact)
                lowest = float(q.minimum.value) if q.minimum else (0.0 if q.entry.count else None)
                highest = float(q.maximum.value) if q.maximum else None
                if lowest is not None and high < lowest:
                    edge = q.entry.min or "0"
                    yield self._range(fact, f"below its quantity's minimum {edge}")
                elif highest is not None and low > highest:
                    yield self._range(fact, f"above its quantity's maximum {q.entry.max}")
        kinds = {sid: s.entry.kind for sid, s in self.catalog.subjects.items()}
        for bound in self.rules.bounds:
            for subject, kind in kinds.items():
                if bound.applies_to(subject, kind):
                    yield from self._bound(bound, subject)

    def _range(self, fact: Fact, why: str) -> Finding:
        return Finding(
            "out-of-range",
            f"{fact.subject} {fact.entry.quantity}: {fact.entry.value} is {why}",
            fact.subject,
            fact.entry.quantity,
            (fact.entry.id,),
            (fact.entry.source,) if fact.entry.source else (),
            weight=self.deps.weight([fact.entry.id]),
        )

    def _bound(self, bound: Bound, subject: str) -> Iterator[Finding]:
        other = (bound.ref.subject or subject, bound.ref.quantity)
        limits = [f for f in self.current.get(other, []) if f.normal is not None]
        ranges = [f for f in limits if f.parsed is not None and f.parsed.is_range]
        limits = ranges or limits
        if not limits:
            return
        low = min(float(f.normal.low) for f in limits if f.normal is not None)
        high = max(float(f.normal.high) for f in limits if f.normal is not None)
        ref_text = ", ".join(str(f.entry.value) for f in limits)
        quantity = bound.entry.quantity
        for fact in self.current.get((subject, quantity), []):
            if fact.normal is None or fact.parsed is None:
                continue
            mine = _interval(fact)
            outside = (bound.limit in ("within", "at_most") and mine[0] > high) or (
                bound.limit in ("within", "at_least") and mine[1] < low
            )
            if not outside:
                continue
            edge = low if mine[1] < low else high
            yield Finding(
                "out-of-range",
                f"{subject} {quantity}: {fact.entry.value} is outside {other[0]} {other[1]} "
                f"({ref_text}) that bound {bound.entry.id} holds it to",
                subject,
                quantity,
                (fact.entry.id, *(f.entry.id for f in limits)),
                tuple(sorted({f.entry.source for f in [fact, *limits] if f.entry.source})),
                diagnosis=diagnose(float(fact.normal.value), edge),
                weight=self.deps.weight([fact.entry.id]),
            )

    # -- derivations --------------------------------------------------------------------
    def derivation_problems(self) -> Iterator[Finding]:
        """Rules that cannot be evaluated for a subject (zero divisors, bad domains)."""
        for problem in self.outcome.problems:
            if problem.kind == "missing-input":
                continue
            node = (problem.subject, problem.quantity)
            yield Finding(
                "derivation-problem",
                f"{node[0]} {node[1]}: rule {problem.rule_id} "
                f"cannot be evaluated: {problem.detail}",
                node[0],
                node[1],
                rules=(problem.rule_id,),
                weight=self.deps.weight(nodes=[node]),
            )

    def imprecise(self) -> Iterator[Finding]:
        """Derived values whose interval is wide, and the input that makes it so."""
        for derivation in self.outcome.derivations:
            if derivation.widest is None or not derivation.value:
                continue
            reach = max(derivation.high - derivation.value, derivation.value - derivation.low)
            if reach / abs(derivation.value) <= IMPRECISE:
                continue
            node = (derivation.subject, derivation.quantity)
            widest = next(u for u in derivation.inputs if u.ref == derivation.widest)
            written = (
                widest.used.stated.literal
                if widest.used.stated is not None
                else f"a derived {widest.quantity}"
            )
            yield Finding(
                "imprecise",
                f"{node[0]} {node[1]} (rule {derivation.rule_id}): "
                f"{format_number(derivation.value, 6)}{self.unit(node[1])} "
                f"may lie anywhere in [{format_number(derivation.low, 6)}, "
                f"{format_number(derivation.high, 6)}] "
                f"(±{reach / abs(derivation.value):.1%})",
                node[0],
                node[1],
                (widest.used.stated.fact_id,) if widest.used.stated is not None else (),
                rules=(derivation.rule_id,),
                diagnosis=f"the rounding of a low-precision input: {widest.ref} = {written}",
                weight=self.deps.weight(nodes=[node]),
            )

    def weak(self) -> Iterator[Finding]:
        """Derived values resting on inferred or estimated inputs, with the weakest link."""
        for derivation in self.outcome.derivations:
            if TIER_ORDER[derivation.weakest] <= TIER_ORDER["derived"]:
                continue
            links = sorted(
                {
                    f"{c.stated.fact_id} ({c.stated.tier})"
                    for c in _stated_leaves(derivation)
                    if c.stated is not None and c.stated.tier == derivation.weakest
                }
            )
            node = (derivation.subject, derivation.quantity)
            yield Finding(
                "weak",
                f"{node[0]} {node[1]} (rule {derivation.rule_id}) rests on "
                f"{derivation.weakest} input: weakest link {', '.join(links)}",
                node[0],
                node[1],
                tuple(link.split(" ")[0] for link in links),
                rules=(derivation.rule_id,),
                weight=self.deps.weight(nodes=[node]) + 1,
            )

    def undisclosed_in_use(self) -> Iterator[Finding]:
        """Derivations that use a value for a quantity the vendor does not disclose."""
        undisclosed = {
            (f.subject, f.entry.quantity): f
            for f in self.catalog.facts.values()
            if f.entry.undisclosed and f.status == "current"
        }
        for derivation in self.outcome.derivations:
            for use in _uses(derivation):
                fact = undisclosed.get((use.subject, use.quantity))
                if fact is None:
                    continue
                taken = (
                    use.used.stated.literal if use.used.stated is not None else "a derived value"
                )
                yield Finding(
                    "undisclosed-in-use",
                    f"{derivation.subject} {derivation.quantity} (rule {derivation.rule_id}) uses "
                    f"{use.subject} {use.quantity}, which the vendor does not disclose "
                    f"({fact.entry.id}); it took {taken}",
                    derivation.subject,
                    derivation.quantity,
                    (fact.entry.id,),
                    rules=(derivation.rule_id,),
                    weight=self.deps.weight(nodes=[(derivation.subject, derivation.quantity)]) + 1,
                )

    # -- provenance ---------------------------------------------------------------------
    def provenance(self) -> Iterator[Finding]:
        """Unsourced facts, unidentifiable, uncited and undated sources."""
        cited: set[str] = set()
        undated: dict[str | None, list[str]] = defaultdict(list)
        for fact in self.catalog.facts.values():
            source = self.catalog.sources.get(fact.entry.source or "")
            if source is None:
                yield Finding(
                    "unsourced",
                    f"{fact.subject} {fact.entry.quantity}: "
                    f"{fact.entry.value or 'undisclosed'} has no source",
                    fact.subject,
                    fact.entry.quantity,
                    (fact.entry.id,),
                    weight=self.deps.weight([fact.entry.id]),
                )
            else:
                cited.add(source.entry.id)
            if fact.entry.date is None and (source is None or not source.entry.published):
                undated[fact.entry.source].append(fact.entry.id)
        cited |= {r.entry.source for r in self.rules.rules if r.entry.source}
        cited |= {b.entry.source for b in self.rules.bounds if b.entry.source}
        for sid, source in self.catalog.sources.items():
            e = source.entry
            if not (e.url or e.doi or e.arxiv or (e.title and (e.publisher or e.authors))):
                yield Finding(
                    "unidentifiable-source",
                    f"source {sid} ({e.title}) has no URL, "
                    "DOI or arXiv id, and no publisher or authors beside its title",
                    sources=(sid,),
                    weight=self._source_weight(sid),
                )
            if sid not in cited:
                yield Finding(
                    "uncited-source",
                    f"source {sid} ({e.title}) is cited by no fact and no rule",
                    sources=(sid,),
                )
        for source_id, fact_ids in undated.items():
            what = f"source {source_id}" if source_id else "no source"
            published = "" if source_id is None else " and the source has no publication date"
            yield Finding(
                "undated",
                f"{len(fact_ids)} facts from {what} have no date{published}",
                facts=tuple(fact_ids),
                sources=(source_id,) if source_id else (),
                weight=self.deps.weight(fact_ids),
            )

    def _source_weight(self, source: str) -> int:
        return self.deps.weight(
            f.entry.id for f in self.catalog.facts.values() if f.entry.source == source
        )

    def findings(self) -> list[Finding]:
        """Every finding, grouped by kind, heaviest first within a kind."""
        found = [
            *self.conflicts(),
            *self.mismatches(),
            *self.ranges(),
            *self.derivation_problems(),
            *self.imprecise(),
            *self.weak(),
            *self.undisclosed_in_use(),
            *self.provenance(),
        ]
        order = {kind: i for i, kind in enumerate(KINDS)}
        unique = list(dict.fromkeys(found))  # alternatives of one derivation can repeat a finding
        return sorted(
            unique,
            key=lambda f: (order[f.kind], -f.weight, f.subject or "", f.quantity or "", f.message),
        )


def _uses(derivation: Derivation) -> Iterator[InputUse]:
    for use in derivation.inputs:
        yield use
        if use.used.derivation is not None:
            yield from _uses(use.used.derivation)


def _stated_leaves(derivation: Derivation) -> Iterator[Candidate]:
    for use in _uses(derivation):
        if use.used.stated is not None:
            yield use.used


def audit(catalog: Catalog, rules: RuleSet, outcome: Outcome) -> list[Finding]:
    """Every finding over `catalog`, its rules and what they derived."""
    return Auditor(catalog, rules, outcome).findings()
