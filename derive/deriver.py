"""The deriver: applies rules over the graph of (subject, quantity).

Inverse rules make the graph cyclic on purpose (bandwidth from pin rate, pin
rate from bandwidth). A derivation of node N never rests, directly or through
other derived values, on a fact of N: every node on the path being derived is
banned below it, so a back-computed pin rate cannot confirm the bandwidth it
came from.

Input selection: the candidates of an input (stated facts and derivations)
are grouped by pairwise agreement (`derive.agreement`). Within a group the most
precise wins; an approximate value ("≈") yields to any that states its
precision. Groups that disagree are each derived and reported as a conflict.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace

from derive.agreement import agreeing_groups
from derive.evaluate import Compiled, EvaluationProblem, compile_formula
from derive.formula import Ref
from derive.inputs import reference_units, stated_values, subject_kinds
from derive.model import Candidate, Derivation, InputUse, Node, Problem, Stated
from derive.rules import Rule, RuleSet
from schema.catalog import Catalog
from schema.gcpause import gc_paused
from schema.tiers import weakest as weakest_of

MAX_COMBINATIONS = 8
"""Disagreeing inputs multiply: at most this many combinations are derived per rule."""


@dataclass(slots=True)
class Outcome:
    """Top-level derivations and the problems of rules that could not be applied."""

    derivations: list[Derivation] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def preference(candidate: Candidate) -> tuple[object, ...]:
    """Sort key of candidates, best first: states its precision, narrowest, strongest tier,
    stated before derived, rank, read in the original before read in a copy, then name."""
    return candidate.key


def choices(candidates: list[Candidate]) -> list[list[Candidate]]:
    """The candidate values of one input in groups in which every pair agrees, each group
    best first and the best seeding them: the deriver takes each group's first, and
    derives once for each group when there are several (a conflict)."""
    return agreeing_groups(sorted(candidates, key=preference), lambda c: (c.low, c.high))


def _reason(chosen: Candidate, group: list[Candidate], conflict: bool) -> str:
    if conflict:
        return "the values disagree; derived once for each"
    if len(group) == 1:
        return "the only value"
    rest = [c for c in group if c is not chosen]
    if not chosen.approx and all(c.approx for c in rest):
        return f"of {len(group)} agreeing values, the only one not approximate" + _copies(group)
    if chosen.high == chosen.low:
        return f"exact, the most precise of {len(group)} agreeing values" + _copies(group)
    return (
        f"the most precise of {len(group)} agreeing values (±{chosen.relative_width / 2:.2%})"
        + _copies(group)
    )


def _copies(group: list[Candidate]) -> str:
    """The note on the values of a group that are one witness: stated values of one
    original source (read in it, or in copies of it) count once and confirm nothing of
    each other; '' when every value has a witness of its own."""
    by_witness: dict[str, list[Stated]] = {}
    for candidate in group:
        if candidate.stated is not None:
            by_witness.setdefault(candidate.stated.witness, []).append(candidate.stated)
    repeated = [
        f"{len(values)} of them are one original's ({values[0].source})"
        for values in by_witness.values()
        if len(values) > 1
    ]
    return "; " + "; ".join(repeated) + ", counted once" if repeated else ""


def _readings(uses: tuple[InputUse, ...]) -> list[tuple[int, InputUse, InputUse]]:
    """For each input taken from a fact with other readings, that input read each way."""
    found = []
    for position, use in enumerate(uses):
        stated = use.used.stated
        if stated is None or not stated.readings:
            continue
        for reading in stated.readings:
            why = f"the alternative reading {reading.literal} of {stated.literal}"
            if reading.reason:
                why += f" ({reading.reason})"
            candidate = stated.read_as(reading)
            found.append((position, use, replace(use, used=candidate, others=(), reason=why)))
    return found


class Deriver:
    """Derives values from stated facts and rules; pure, no I/O."""

    def __init__(
        self,
        rules: RuleSet,
        stated: Iterable[Stated],
        subject_kinds: Mapping[str, str],
        units: Mapping[str, str],
    ) -> None:
        self.rules = rules
        self.kinds = dict(subject_kinds)
        self.units = dict(units)
        self.stated: dict[Node, list[Stated]] = {}
        self.fact_nodes: dict[str, Node] = {}
        for fact in stated:
            self.stated.setdefault((fact.subject, fact.quantity), []).append(fact)
            if fact.inherited_from is None:
                self.fact_nodes[fact.fact_id] = (fact.subject, fact.quantity)
        self._rests: dict[tuple[str, str], frozenset[Node]] = {}
        self._compiled: dict[str, Compiled] = {}
        self._reaches: dict[Node, frozenset[Node]] = {}
        self._stated_candidates: dict[Node, list[Candidate]] = {}
        self._memo: dict[tuple[Node, frozenset[Node]], tuple[list[Derivation], list[Problem]]] = {}

    def _reach(self, node: Node) -> frozenset[Node]:
        """Every node the rules for `node` can draw on, directly or through other rules."""
        found = self._reaches.get(node)
        if found is not None:
            return found
        seen: set[Node] = set()
        stack = [node]
        while stack:
            subject, quantity = stack.pop()
            for fact in self.stated.get((subject, quantity), ()):
                for other in self.rests_on(fact):
                    if other not in seen:
                        seen.add(other)
                        stack.append(other)
            kind = self.kinds.get(subject, "")
            for rule in self.rules.for_output(quantity):
                if rule.applies_to(subject, kind):
                    for ref in rule.refs:
                        other = (ref.subject or subject, ref.quantity)
                        if other not in seen:
                            seen.add(other)
                            stack.append(other)
        self._reaches[node] = frozenset(seen)
        return self._reaches[node]

    def rests_on(self, fact: Stated, visiting: frozenset[str] = frozenset()) -> frozenset[Node]:
        """The nodes a stated value's source computed it from (`computed_from`): facts,
        and the inputs of a rule, for the subject the value is seen on; and, through a
        node whose every stated value was itself computed, what those rest on (921.6 GB/s
        per stack from a pin rate the source back-computed from the bandwidth)."""
        key = (fact.fact_id, fact.subject)
        found = self._rests.get(key)
        if found is not None:
            return found
        direct = self._direct_rests(fact)
        nodes = set(direct)
        for node in direct:
            below = self.stated.get(node, [])
            if below and all(other.computed_from for other in below):
                for other in below:
                    if other.fact_id not in visiting:
                        nodes |= self.rests_on(other, visiting | {fact.fact_id})
        self._rests[key] = frozenset(nodes)
        return self._rests[key]

    def _direct_rests(self, fact: Stated) -> set[Node]:
        nodes: set[Node] = set()
        for name in fact.computed_from:
            node = self.fact_nodes.get(name)
            if node is not None:
                if fact.inherited_from is not None and node[0] == fact.inherited_from:
                    node = (fact.subject, node[1])
                nodes.add(node)
                continue
            for rule in self.rules.rules:
                if rule.id == name:
                    nodes.update((ref.subject or fact.subject, ref.quantity) for ref in rule.refs)
        return nodes

    # -- candidates ---------------------------------------------------------------------
    def candidates(self, node: Node, banned: frozenset[Node]) -> list[Candidate]:
        """Every value node could take without resting on a banned node.

        A stated value its source computed (`computed_from`) is a claim to check against
        the derivation, not an input beside it: it is left out where the node is derived,
        and where it rests on a banned node (a figure computed from the pin rate never
        supports a pin rate back-computed from it).
        """
        if node in banned:
            return []
        stated = self._stated_candidates.get(node)
        if stated is None:
            stated = [s.as_candidate() for s in self.stated.get(node, [])]
            self._stated_candidates[node] = stated
        derived, _ = self.derive_node(node, banned)
        rebuilt = [d.as_candidate() for d in derived if d.reading is None]
        found = [
            c
            for c in stated
            if c.stated is None
            or not c.stated.computed_from
            or not (rebuilt or self.rests_on(c.stated) & banned)
        ]
        return found + rebuilt

    # -- derivation ---------------------------------------------------------------------
    def derive_node(
        self, node: Node, banned: frozenset[Node] = frozenset()
    ) -> tuple[list[Derivation], list[Problem]]:
        """Apply every rule for node's quantity to its subject, never resting on `banned`."""
        # Only the banned nodes this node can reach change its derivation: a bandwidth
        # derived inside a ridge point is the bandwidth derived on its own.
        key = (node, banned & self._reach(node))
        if key in self._memo:
            return self._memo[key]
        subject, quantity = node
        kind = self.kinds.get(subject, "")
        below = banned | {node}
        derivations: list[Derivation] = []
        problems: list[Problem] = []
        for rule in self.rules.for_output(quantity):
            if rule.applies_to(subject, kind):
                made, problem = self._apply(rule, subject, below)
                derivations.extend(made)
                if problem is not None:
                    problems.append(problem)
        self._memo[key] = (derivations, problems)
        return derivations, problems

    def _apply(
        self, rule: Rule, subject: str, banned: frozenset[Node]
    ) -> tuple[list[Derivation], Problem | None]:
        per_ref: list[tuple[Ref, Node, list[Candidate]]] = []
        missing = []
        for ref in rule.refs:
            node = (ref.subject or subject, ref.quantity)
            found = self.candidates(node, banned)
            per_ref.append((ref, node, found))
            if not found:
                missing.append(str(ref))
        if missing:
            if len(missing) == len(rule.refs) or rule.origin.standard:
                # nothing of this rule's inputs here, or a general rule of the product's
                # whose inputs this subject lacks: it does not apply
                return [], None
            return [], Problem(
                subject=subject,
                quantity=rule.entry.output,
                rule_id=rule.id,
                kind="missing-input",
                detail="missing " + ", ".join(missing),
            )
        options: list[list[InputUse]] = []
        conflict = False
        for ref, node, found in per_ref:
            groups = choices(found)
            conflict |= len(groups) > 1
            uses = []
            for group in groups:
                chosen = min(group, key=preference)
                others = tuple(c for c in found if c is not chosen)
                uses.append(
                    InputUse(
                        str(ref),
                        node[0],
                        node[1],
                        chosen,
                        others,
                        _reason(chosen, group, len(groups) > 1),
                    )
                )
            uses.sort(key=lambda use: preference(use.used))
            options.append(uses)
        made = []
        combinations = list(itertools.islice(itertools.product(*options), MAX_COMBINATIONS))
        for index, combination in enumerate(combinations):
            try:
                made.append(self._evaluate(rule, subject, combination, index, conflict))
            except EvaluationProblem as exc:
                return made, Problem(
                    subject=subject,
                    quantity=rule.entry.output,
                    rule_id=rule.id,
                    kind=exc.kind,
                    detail=exc.detail,
                )
        for position, use, reading in _readings(combinations[0]):
            uses = list(combinations[0])
            uses[position] = reading
            try:
                derivation = self._evaluate(rule, subject, tuple(uses), len(made), conflict)
            except EvaluationProblem:
                continue  # the reading's own value cannot be computed with: nothing to show
            literal = reading.used.stated.literal if reading.used.stated else ""
            made.append(replace(derivation, reading=f"{use.ref} read as {literal}"))
        return made, None

    def _evaluate(
        self, rule: Rule, subject: str, uses: tuple[InputUse, ...], alternative: int, conflict: bool
    ) -> Derivation:
        compiled = self._compiled.get(rule.id)
        if compiled is None:
            compiled = compile_formula(
                rule.expr, rule.refs, self.units, self.units[rule.entry.output]
            )
            self._compiled[rule.id] = compiled
        refs = [use.used for use in uses]
        nominal = [(c.value, c.value) for c in refs]
        value, _ = compiled(nominal)
        low, high = compiled([(c.low, c.high) for c in refs])
        widest, widest_width = None, 0.0
        for index, candidate in enumerate(refs):
            if candidate.high == candidate.low:
                continue
            alone = list(nominal)
            alone[index] = (candidate.low, candidate.high)
            lo, hi = compiled(alone)
            if hi - lo > widest_width:
                widest, widest_width = str(rule.refs[index]), hi - lo
        weakest = weakest_of(c.strength for c in refs)
        return Derivation(
            subject=subject,
            quantity=rule.entry.output,
            rule_id=rule.id,
            value=value,
            low=min(low, value),
            high=max(high, value),
            approx=any(c.approx for c in refs),
            weakest=weakest,
            inputs=uses,
            widest=widest,
            alternative=alternative,
            conflict=conflict,
        )

    def derive_all(self) -> Outcome:
        """Derive every rule's output for every subject it applies to."""
        return self.derive_for(sorted(self.kinds))

    def derive_for(self, subjects: Iterable[str]) -> Outcome:
        """Derive every rule's output for these subjects (others only as their inputs need)."""
        with gc_paused():
            return self._derive_for(subjects)

    def derive_in_batches(self, subjects: Iterable[str], size: int) -> Iterator[Outcome]:
        """`derive_for` a batch of `size` subjects at a time, in order. What a batch derived
        is forgotten before the next begins: a subject another one draws on is derived
        again there, and only one batch's derivations are alive at once."""
        ordered = list(subjects)
        for start in range(0, len(ordered), size):
            yield self.derive_for(ordered[start : start + size])
            self._memo.clear()
            self._stated_candidates.clear()

    def _derive_for(self, subjects: Iterable[str]) -> Outcome:
        outcome = Outcome()
        outputs = list(dict.fromkeys(rule.entry.output for rule in self.rules.rules))
        for subject in subjects:
            for quantity in outputs:
                derivations, problems = self.derive_node((subject, quantity))
                outcome.derivations.extend(derivations)
                outcome.problems.extend(problems)
        return outcome


def derive_catalog(
    catalog: Catalog,
    rules: RuleSet,
    stated: Iterable[Stated] | None = None,
    *,
    subjects: Iterable[str] | None = None,
) -> Outcome:
    """Run every rule over the catalog (or over `stated` values with the catalog's subjects
    and quantities), for every subject or for `subjects` only (the others derived only as
    those need them); pure, nothing is written."""
    deriver = _deriver(catalog, rules, stated)
    return deriver.derive_all() if subjects is None else deriver.derive_for(subjects)


def derive_in_batches(
    catalog: Catalog, rules: RuleSet, subjects: Iterable[str], size: int = 200
) -> Iterator[Outcome]:
    """`derive_catalog` for `subjects`, a batch of `size` subjects at a time, each batch's
    outcome made only once the one before it is let go: a load of a large catalog
    writes each batch and keeps none (the same derivations, in the same order)."""
    return _deriver(catalog, rules, None).derive_in_batches(subjects, size)


def _deriver(catalog: Catalog, rules: RuleSet, stated: Iterable[Stated] | None) -> Deriver:
    values = stated_values(catalog) if stated is None else stated
    return Deriver(rules, values, subject_kinds(catalog), reference_units(catalog))
