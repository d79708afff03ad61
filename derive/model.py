"""What the deriver works on and what it returns: stated values, candidates, derivations."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from derive.agreement import agree, witness
from schema.tiers import TIER_ORDER

Node = tuple[str, str]
"""(subject, quantity): one place in the dependency graph."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Stated:
    """A current fact usable as a value: normalised into its quantity's reference unit."""

    fact_id: str
    subject: str
    quantity: str
    value: float
    low: float
    high: float
    approx: bool
    tier: str
    literal: str
    rank: int | None = None
    computed_from: tuple[str, ...] = ()  # facts or rules its source computed it from
    readings: tuple[Reading, ...] = ()  # other readings of its written value
    inherited_from: str | None = None  # the parent subject whose fact a variant sees
    source: str | None = None  # the original it comes from: the one witness of its copies
    via: str | None = None  # the copy it was read in, if not the original

    @property
    def witness(self) -> str:
        """Who vouches for the value (`derive.agreement.witness`): its original source."""
        return witness(self.source, self.fact_id)

    def as_candidate(self) -> Candidate:
        """This stated value as a candidate value for a rule's input."""
        return Candidate(
            value=self.value,
            low=self.low,
            high=self.high,
            approx=self.approx,
            strength=self.tier,
            stated=self,
        )

    def read_as(self, reading: Reading) -> Candidate:
        """This stated value read another way (one of its `readings`) as a candidate: the
        reading's interval, the stated value shown with the reading's literal."""
        return Candidate(
            value=reading.value,
            low=reading.low,
            high=reading.high,
            approx=False,
            strength=self.tier,
            stated=replace(self, literal=reading.literal, readings=()),
        )


@dataclass(frozen=True, slots=True)
class Reading:
    """Another reading of a stated value (a rounded "8 TB/s" as 8 × 1,024 GB/s)."""

    value: float
    low: float
    high: float
    literal: str
    reason: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Candidate:
    """One value an input could take: a stated fact or a derivation."""

    value: float
    low: float
    high: float
    approx: bool
    strength: str
    stated: Stated | None = None
    derivation: Derivation | None = None
    key: tuple[object, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Computed once: input selection sorts candidates many times over.
        stated = self.stated
        width = self.high - self.low
        relative = width / abs(self.value) if self.value else width
        rank = stated.rank if stated is not None and stated.rank is not None else 0
        copied = stated is not None and stated.via is not None  # read in a copy: after the original
        object.__setattr__(
            self,
            "key",
            (
                self.approx,
                relative,
                TIER_ORDER[self.strength],
                stated is None,
                rank,
                copied,
                self.label,
            ),
        )

    @property
    def label(self) -> str:
        """A short name: the fact id, or the rule that derived it."""
        if self.stated is not None:
            return self.stated.fact_id
        assert self.derivation is not None
        return f"rule {self.derivation.rule_id}"

    @property
    def relative_width(self) -> float:
        """The interval's width relative to the value (0 for an exact value)."""
        width = self.high - self.low
        return width / abs(self.value) if self.value else width

    def agrees_with(self, other: Candidate) -> bool:
        """True when the two intervals agree (share more than a touching point)."""
        return agree((self.low, self.high), (other.low, other.high))

    def beside(self, used: Candidate) -> dict[str, float | bool]:
        """This value as a derivation tree shows it beside the one `used` instead."""
        return {
            "value": self.value,
            "low": self.low,
            "high": self.high,
            "agrees": self.agrees_with(used),
        }


@dataclass(frozen=True, slots=True)
class InputUse:
    """How one reference of a formula was filled: the value used, the others, and why."""

    ref: str
    subject: str
    quantity: str
    used: Candidate
    others: tuple[Candidate, ...]
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Derivation:
    """A rule applied to a subject: value and interval in the output's reference unit."""

    subject: str
    quantity: str
    rule_id: str
    value: float
    low: float
    high: float
    approx: bool
    weakest: str
    inputs: tuple[InputUse, ...]
    widest: str | None
    alternative: int = 0
    conflict: bool = False
    reading: str | None = None  # the alternative reading of an input it was derived with

    def as_candidate(self) -> Candidate:
        """This derivation as a candidate value for another rule's input."""
        return Candidate(
            value=self.value,
            low=self.low,
            high=self.high,
            approx=self.approx,
            strength=self.weakest,
            derivation=self,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Problem:
    """Why a rule could not be applied to a subject."""

    subject: str
    quantity: str
    rule_id: str
    kind: str
    detail: str

    def as_json(self) -> dict[str, str]:
        """This problem as JSON-ready data."""
        return {
            "subject": self.subject,
            "quantity": self.quantity,
            "rule": self.rule_id,
            "kind": self.kind,
            "detail": self.detail,
        }
