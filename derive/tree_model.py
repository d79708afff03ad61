"""A derivation as `facts derive` shows it: a tree of typed values, and its JSON.

Two builders make the same types: `derive.trees.TreeBuilder` from derivations in
memory (`derive --source`), `db.derived_queries` from stored rows (`derive NAME`).
Every tree is turned into JSON-ready data here, and only here (`as_json`);
`cli.tree` renders the same values as text. Only the standard library and
`derive.model`: the stored path reads a tree without pint or the ORM.

A value shown beside the one an input used ("others") names its fact, or the rule
that derived it: `{"fact": ID}` or `{"rule": ID}`, in memory and when read back
(the database's own row ids, `{"derivation": N}` in `derivation_inputs.others`,
never reach a tree).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from derive.agreement import agree, allowed
from derive.model import Candidate, Problem
from schema.tiers import Tier


@dataclass(frozen=True, slots=True, kw_only=True)
class TreeFact:
    """A fact as a tree shows it: its value as written and normalised, its tier, where
    it is stated (the original source and the copy it was read in), when."""

    id: str
    literal: str | None  # as written; None when undisclosed
    undisclosed: bool
    tier: str
    source: str | None
    source_title: str | None
    via: str | None
    via_title: str | None
    locator: str | None
    date: dt.date | None
    value: float | None  # in the quantity's reference unit; None when undisclosed
    low: float | None
    high: float | None
    bound: str | None = None  # ≤, <, ≥ or >: a limit, open on its other side

    def beside(self, low: float, high: float) -> TreeStated:
        """This fact shown beside a derived value of interval [low, high] (a limit agrees
        with any value on its side, as in the audit)."""
        agrees = None
        if self.value is not None and self.low is not None and self.high is not None:
            agrees = agree(allowed(self.bound, self.low, self.high), (low, high))
        return TreeStated(fact=self, agrees=agrees)

    def as_json(self) -> dict[str, object]:
        """This fact as JSON-ready data."""
        return {
            "fact": self.id,
            "literal": self.literal,
            "undisclosed": self.undisclosed,
            "tier": self.tier,
            "source": self.source,
            "source_title": self.source_title,
            "via": self.via,
            "via_title": self.via_title,
            "locator": self.locator,
            "date": self.date.isoformat() if self.date else None,
            "value": self.value,
            "low": self.low,
            "high": self.high,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class TreeStated:
    """A fact stating a derived value's own subject and quantity, and whether the two
    agree (None for a fact without a value)."""

    fact: TreeFact
    agrees: bool | None

    def as_json(self) -> dict[str, object]:
        """The fact as JSON-ready data, with whether it agrees."""
        return {**self.fact.as_json(), "agrees": self.agrees}


@dataclass(frozen=True, slots=True, kw_only=True)
class TreeOther:
    """A value an input could have taken instead of the one used: a fact, or a value a
    rule derived; whether it agrees with the one used."""

    fact: str | None = None
    rule: str | None = None
    value: float
    low: float
    high: float
    agrees: bool

    @classmethod
    def of(cls, candidate: Candidate, used: Candidate) -> TreeOther:
        """`candidate` as a tree shows it beside the candidate `used` instead."""
        return cls(
            fact=candidate.stated.fact_id if candidate.stated is not None else None,
            rule=candidate.derivation.rule_id if candidate.derivation is not None else None,
            value=candidate.value,
            low=candidate.low,
            high=candidate.high,
            agrees=candidate.agrees_with(used),
        )

    def as_json(self) -> dict[str, object]:
        """This value as JSON-ready data: its fact or its rule first."""
        named: dict[str, object] = (
            {"fact": self.fact} if self.fact is not None else {"rule": self.rule}
        )
        return {
            **named,
            "value": self.value,
            "low": self.low,
            "high": self.high,
            "agrees": self.agrees,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class TreeInput:
    """How one reference of a rule's formula was filled: by a fact or by a derived value
    (exactly one of `fact` and `derived`), the others it could have taken, and why."""

    ref: str
    subject: str
    quantity: str
    unit: str
    reason: str
    others: tuple[TreeOther, ...]
    fact: TreeFact | None = None
    derived: TreeNode | None = None

    def as_json(self) -> dict[str, object]:
        """This input as JSON-ready data, the tree below it included."""
        data: dict[str, object] = {
            "ref": self.ref,
            "subject": self.subject,
            "quantity": self.quantity,
            "unit": self.unit,
            "reason": self.reason,
            "others": [other.as_json() for other in self.others],
        }
        if self.fact is not None:
            data["fact"] = self.fact.as_json()
        else:
            assert self.derived is not None
            data["derived"] = self.derived.as_json()
        return data


@dataclass(frozen=True, slots=True, kw_only=True)
class TreeNode:
    """A derived value: the rule that made it, its interval, the facts that state the
    same subject and quantity, and its inputs down to the facts they rest on."""

    subject: str
    quantity: str
    rule: str
    formula: str
    rule_source: str | None
    unit: str
    value: float
    low: float
    high: float
    approx: bool
    weakest: str
    widest: str | None
    alternative: int
    conflict: bool
    reading: str | None
    stated: tuple[TreeStated, ...]
    inputs: tuple[TreeInput, ...]

    def as_json(self) -> dict[str, object]:
        """This derivation and everything below it as JSON-ready data."""
        return {
            "subject": self.subject,
            "quantity": self.quantity,
            "rule": self.rule,
            "formula": self.formula,
            "rule_source": self.rule_source,
            "unit": self.unit,
            "value": self.value,
            "low": self.low,
            "high": self.high,
            "approx": self.approx,
            "tier": Tier.derived.value,  # its strength is its `weakest` input's
            "weakest": self.weakest,
            "widest": self.widest,
            "alternative": self.alternative,
            "conflict": self.conflict,
            "reading": self.reading,
            "stated": [stated.as_json() for stated in self.stated],
            "inputs": [use.as_json() for use in self.inputs],
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class DerivedTrees:
    """The derivations asked for, as trees, and why rules could not derive the rest."""

    derived: tuple[TreeNode, ...]
    problems: tuple[Problem, ...]

    def as_json(self) -> dict[str, object]:
        """The trees and the problems as JSON-ready data."""
        return {
            "derived": [tree.as_json() for tree in self.derived],
            "problems": [problem.as_json() for problem in self.problems],
        }
