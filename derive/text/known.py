"""The catalog as the text checks see it: values by (subject, quantity), and its words.

`KnownValue` is one value the catalog holds for a pair: a stated fact (current,
superseded or withdrawn), a derived value, or an alternative reading a fact records.
`CatalogView` groups them by pair and carries the `Lexicon` of the catalog's names.
The database layer builds it (`db.known`); everything here is pure.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Any

from derive.text.arithmetic import Computation, Shapes, gathered, shapes, solved, written_out
from derive.text.lexicon import Lexicon
from schema.status import REPLACED, Status
from schema.tiers import TIER_ORDER, Tier


def _names_in(name: str, text: str) -> bool:
    """True when `name` stands in `text` as a whole word (not inside a longer one)."""
    return re.search(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])", text) is not None


class ValueKind(StrEnum):
    """Where a known value comes from."""

    fact = "fact"
    derived = "derived"
    alternative = "alternative"


@dataclass(frozen=True, slots=True, kw_only=True)
class KnownValue:
    """A value the catalog holds for a (subject, quantity), in the quantity's unit."""

    kind: ValueKind
    ref: str  # a fact id; 'rule-id@subject' for a derived value; 'fact-id~N' for a reading
    subject: str
    quantity: str
    unit: str  # the quantity's reference unit
    value: float
    low: float
    high: float
    tier: str = Tier.official
    status: Status = Status.current  # a reading's is its fact's
    literal: str | None = None  # as written
    written_unit: str | None = None
    date: str | None = None
    replaced_by: str | None = None  # the fact that superseded this one
    reason: str | None = None
    ranged: bool = False  # written as a range (8.0–9.6 Gbit/s), not a point
    weakest: str | None = None  # a derived value's weakest input tier: its strength
    bound: str | None = None  # ≤, <, ≥ or >: a limit (low–high is what it allows), no value
    note: str | None = None  # an old value's note: where it was wrongly taken from

    @property
    def current(self) -> bool:
        """True for a value the catalog stands by now."""
        return self.status == Status.current and self.kind is not ValueKind.alternative

    @property
    def replaced(self) -> bool:
        """True for a value the catalog once stood by and no longer does (not a reading)."""
        return self.status in REPLACED and self.kind is not ValueKind.alternative

    @property
    def trust(self) -> tuple[int, int, float]:
        """Sort key, most trusted first: tier (a derived value's is its weakest input's), a
        stated fact before a derivation, precision."""
        width = abs(self.high - self.low) / (abs(self.value) or 1.0)
        return (
            TIER_ORDER.get(self.weakest or self.tier, len(TIER_ORDER)),
            self.kind != "fact",
            width,
        )

    def shown(self) -> str:
        """The value as a person reads it: as written, or with its unit."""
        if self.literal:
            return self.literal
        return f"{self.value:,.6g} {self.unit}".strip()


_MODEL_OF_LINE = re.compile(
    r"(?:^|\s)([A-Z][A-Za-z]{1,11}|[\u4e00-\u9fff]{2,6})\s\d{2,5}[A-Za-z]{0,2}$"
)
"""A name that ends in a word and a model number: "Max 1100", "昇腾 910B"."""


@dataclass(frozen=True, slots=True)
class SubjectName:
    """A subject and the names prose may call it by."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    variant_of: str | None = None
    kind: str = ""  # chip, variant, memory-standard, system, workload, operator, …
    vendor: str | None = None

    def names(self) -> tuple[str, ...]:
        """Its id, name and aliases."""
        return (self.id, self.name, *self.aliases)


@dataclass(frozen=True, slots=True)
class QuantityName:
    """A quantity, its reference unit and the labels prose may call it by."""

    id: str
    name: str
    name_zh: str | None = None
    synonyms: tuple[str, ...] = ()
    unit: str = ""
    count: bool = False

    def labels(self) -> tuple[str, ...]:
        """Its English and Chinese labels and synonyms."""
        return tuple(x for x in (self.name, self.name_zh, *self.synonyms) if x)

    def id_words(self) -> tuple[str, ...]:
        """The words of its dotted id (`hbm.pin_rate` → hbm, pin, rate)."""
        return tuple(w for part in self.id.split(".") for w in part.split("_") if len(w) > 1)


@dataclass(kw_only=True)
class CatalogView:
    """Known values by pair, subjects, quantities, and the lexicon of their names."""

    subjects: dict[str, SubjectName]
    quantities: dict[str, QuantityName]
    values: dict[tuple[str, str], list[KnownValue]] = field(default_factory=dict)
    computations: tuple[Computation, ...] = ()
    judgements: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    dimensions: dict[tuple[str, str | None], frozenset[str]] = field(
        default_factory=dict, repr=False, compare=False
    )
    affinities: dict[tuple[str, str, str], float] = field(
        default_factory=dict, repr=False, compare=False
    )
    families: dict[str, frozenset[str]] = field(default_factory=dict, repr=False, compare=False)
    units: tuple[str, ...] = ()  # the catalog's own unit definitions (its units.yaml)
    provenance: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    """What the catalog says of each subject besides its values: its note, its facts'
    notes and locators, the titles and notes of the sources they cite."""

    @classmethod
    def build(
        cls,
        subjects: Iterable[SubjectName],
        quantities: Iterable[QuantityName],
        values: Iterable[KnownValue],
        computations: Iterable[Computation] = (),
        units: Iterable[str] = (),
        provenance: dict[str, str] | None = None,
    ) -> CatalogView:
        """Group `values` by (subject, quantity)."""
        by_pair: dict[tuple[str, str], list[KnownValue]] = defaultdict(list)
        for value in values:
            by_pair[(value.subject, value.quantity)].append(value)
        return cls(
            subjects={s.id: s for s in subjects},
            quantities={q.id: q for q in quantities},
            values=dict(by_pair),
            computations=tuple(computations),
            units=tuple(units),
            provenance=dict(provenance or {}),
        )

    @cached_property
    def lexicon(self) -> Lexicon:
        """The names of every subject and the labels of every quantity some subject
        holds a value of (a quantity nothing holds, of the standard vocabulary say, can be
        no claim's: its words would only thin out those of the others)."""
        held = {quantity for _, quantity in self.values}
        return Lexicon(
            [(s.id, s.names()) for s in self.subjects.values()],
            [(q.id, q.labels(), q.id_words()) for q in self.quantities.values() if q.id in held],
            {s.vendor for s in self.subjects.values() if s.vendor},
        )

    @cached_property
    def computation_shapes(self) -> Shapes:
        """The catalog's computations by the signs of their factors, those solved for an
        input no rule derives (`solved`), and those with one input worked out by its own
        rule (`written_out`), and those with inputs given as the one quantity another rule
        multiplies them into (`gathered`)."""
        written = written_out(self.computations, self._unity)
        whole = written_out(self.computations, lambda pair: False)  # no factor left out
        combined = gathered([*self.computations, *whole])
        return shapes([*self.computations, *solved(self.computations), *written, *combined])

    def _unity(self, pair: tuple[str, str]) -> bool:
        """True when every current value of `pair` is exactly one."""
        current = [v for v in self.values.get(pair, ()) if v.current]
        return bool(current) and all(v.value == 1 for v in current)

    @cached_property
    def quantities_of(self) -> dict[str, tuple[str, ...]]:
        """The quantities each subject holds a value for."""
        held: dict[str, list[str]] = defaultdict(list)
        for subject, quantity in self.values:
            held[subject].append(quantity)
        return {s: tuple(sorted(qs)) for s, qs in held.items()}

    @cached_property
    def holders(self) -> dict[str, tuple[str, ...]]:
        """The subjects that hold a value of each quantity."""
        held: dict[str, list[str]] = defaultdict(list)
        for subject, quantity in self.values:
            held[quantity].append(subject)
        return {q: tuple(sorted(ss)) for q, ss in held.items()}

    @cached_property
    def comparisons(self) -> dict[frozenset[str], tuple[str, ...]]:
        """Subjects that compare two others, by the pair their name names ("A against B")."""
        found: dict[frozenset[str], list[str]] = defaultdict(list)
        for subject in self.subjects.values():
            name = subject.name.lower()
            named = {
                other.id
                for other in self.subjects.values()
                if other.id != subject.id and any(_names_in(n.lower(), name) for n in other.names())
            }
            # "A against B": two subjects, neither a variant of the other.
            if len(named) == 2 and not any(
                self.subjects[a].variant_of == b for a in named for b in named
            ):
                found[frozenset(named)].append(subject.id)
        return {pair: tuple(sorted(ids)) for pair, ids in found.items()}

    @cached_property
    def variants(self) -> dict[str, tuple[str, ...]]:
        """The subjects that are variants of each subject."""
        children: dict[str, list[str]] = defaultdict(list)
        for subject in self.subjects.values():
            if subject.variant_of:
                children[subject.variant_of].append(subject.id)
        return {s: tuple(sorted(cs)) for s, cs in children.items()}

    @cached_property
    def count_words(self) -> dict[str, frozenset[str]]:
        """The words of each plain count's labels and id ("hbm", "stacks" of HBM stacks)."""
        return {
            q.id: frozenset(
                {w.lower() for label in q.labels() for w in label.split()} | set(q.id_words())
            )
            for q in self.quantities.values()
            if q.count and not q.unit
        }

    @cached_property
    def compounds(self) -> tuple[re.Pattern[str] | None, dict[tuple[str, str], str]]:
        """Subjects named as another's name and one word more ("TPU v3 Pod" of "TPU v3"):
        a pattern of those last words, and by (the other subject, the word) the subject.
        "A pod wires 1,024 chips", said of the TPU v3, is the TPU v3 Pod's."""
        by_name: dict[str, set[str]] = defaultdict(set)
        for subject in self.subjects.values():
            for name in subject.names():
                by_name[name.strip().lower()].add(subject.id)
        found: dict[tuple[str, str], str] = {}
        for subject in self.subjects.values():
            for name in subject.names():
                *rest, head = name.strip().lower().split() or [""]
                if rest and head.isalpha() and len(head) >= 3:
                    for base in by_name.get(" ".join(rest), set()) - {subject.id}:
                        found.setdefault((base, head), subject.id)
        if not found:
            return None, {}
        heads = "|".join(sorted({re.escape(h) for _, h in found}, key=len, reverse=True))
        return re.compile(rf"(?<![A-Za-z0-9])({heads})s?(?![A-Za-z0-9])", re.IGNORECASE), found

    @cached_property
    def model_digits(self) -> frozenset[str]:
        """The model numbers its subjects' names write as a word of three or more digits
        ("3090" of "RTX 3090 Ti", "480" of "RX 480"): said alone, they name a model."""
        return frozenset(
            word
            for subject in self.subjects.values()
            if subject.kind not in ("workload", "operator")
            for name in subject.names()
            for word in name.split()
            if len(word) >= 3 and word.isdigit()
        )

    @cached_property
    def product_lines(self) -> re.Pattern[str] | None:
        """The words a subject's name puts before its model number ("Max" of "Max 1100",
        "Ascend" of "Ascend 910B"), as a pattern of such a word and a number: "Max 1550"
        and "Ascend 910" are models of those lines too, whether the catalog holds them or
        not."""
        lines = {
            match.group(1)
            for subject in self.subjects.values()
            if subject.kind not in ("workload", "operator")
            for name in subject.names()
            if (match := _MODEL_OF_LINE.search(name.strip())) is not None
        }
        if not lines:
            return None
        words = "|".join(re.escape(w) for w in sorted(lines, key=len, reverse=True))
        return re.compile(rf"(?<![\w])(?:{words})[ \u00a0]?(?=\d{{2,5}}[A-Za-z]{{0,2}}(?!\w|\.\d))")

    @cached_property
    def sole_products(self) -> tuple[re.Pattern[str] | None, dict[str, str]]:
        """Vendors the catalog holds one product of (its variants apart), or one chip of
        (beside systems built of it), as a pattern of their names and, by lower-cased
        name, that product: "AMD's 6 TB/s" is its; "Google's TPU" is the chip, not its pod."""
        products: dict[str, set[str]] = defaultdict(set)
        for subject in self.subjects.values():
            if subject.vendor and not subject.variant_of and subject.kind not in ("variant",):
                products[subject.vendor.strip().lower()].add(subject.id)
        sole: dict[str, str] = {}
        for vendor, ids in products.items():
            chips = [i for i in ids if self.subjects[i].kind == "chip"]
            if len(ids) == 1 or len(chips) == 1:
                sole[vendor] = chips[0] if len(chips) == 1 else next(iter(ids))
        if not sole:
            return None, {}
        names = "|".join(re.escape(v) for v in sorted(sole, key=len, reverse=True))
        return re.compile(rf"(?<![A-Za-z0-9])(?:{names})(?![A-Za-z0-9])", re.IGNORECASE), sole

    def family(self, subject: str) -> frozenset[str]:
        """`subject`'s whole family: its root parent and every variant below it."""
        found = self.families.get(subject)
        if found is None:
            parent = {s.id: s.variant_of for s in self.subjects.values() if s.variant_of}
            root = subject
            while root in parent and parent[root] != root:
                root = parent[root]
            members, todo = {root}, [root]
            while todo:
                for child in self.variants.get(todo.pop(), ()):
                    if child not in members:
                        members.add(child)
                        todo.append(child)
            found = self.families[subject] = frozenset(members)
        return found

    @cached_property
    def counterparts(self) -> dict[tuple[str, str], frozenset[tuple[str, str]]]:
        """Pairs of two subjects the catalog compares by a ratio: for each, the other's.

        A rule dividing one subject's quantity by another subject's (tensor cores of
        one chip over MXUs of the other) says the two are the same thing on each side.
        A pair stands for its subject's whole family (a variant, its parent).
        """
        family = self.family
        found: dict[tuple[str, str], set[tuple[str, str]]] = defaultdict(set)
        for computation in self.computations:
            factors = [f for f in computation.factors if f.pair is not None]
            if len(factors) != 2 or {f.sign for f in factors} != {1, -1}:
                continue
            (a, qa), (b, qb) = (f.pair for f in factors if f.pair is not None)
            if a == b or family(a) & family(b):
                continue
            for one, other in (((a, qa), (b, qb)), ((b, qb), (a, qa))):
                for member in family(one[0]):
                    found[(member, one[1])].update((m, other[1]) for m in family(other[0]))
        return {pair: frozenset(others) for pair, others in found.items()}

    def pair(self, subject: str, quantity: str) -> Sequence[KnownValue]:
        """Every value of one pair (empty when the catalog holds none)."""
        return self.values.get((subject, quantity), ())

    def find(self, ref: str) -> KnownValue | None:
        """The value with this ref, if any."""
        return self._by_ref.get(ref)

    @cached_property
    def _by_ref(self) -> dict[str, KnownValue]:
        return {v.ref: v for vs in self.values.values() for v in vs}
