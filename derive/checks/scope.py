"""What every check looks at: the catalog, its rules, what they derived, what the
tables show, and what rests on each value."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

from derive.agreement import allowed
from derive.checks.dependents import Dependents, of
from derive.deriver import Outcome
from derive.model import Node
from derive.rules import RuleSet
from schema.catalog import Catalog, Fact
from schema.numbers import format_number
from schema.status import Status


def interval(fact: Fact) -> tuple[float, float]:
    """A fact's interval in its quantity's reference unit; a bound is open on one side."""
    assert fact.normal is not None and fact.parsed is not None
    return allowed(fact.parsed.comparator, float(fact.normal.low), float(fact.normal.high))


def relative(a: float, b: float) -> float:
    """How far apart two values are, relative to the larger (0 to 1; 0 when both are 0)."""
    scale = max(abs(a), abs(b))
    return abs(a - b) / scale if scale else 0.0


@dataclass(slots=True)
class Scope:
    """One catalog, its rules and what they derived, with the current facts by node.

    `in_tables`: by table id, the facts its cells show, each with the labels of the rows
    showing it (`derive.publish.tables.BuiltTable.shown_facts`, built by the audit).
    """

    catalog: Catalog
    rules: RuleSet
    outcome: Outcome
    in_tables: Mapping[str, Mapping[str, list[str]]]
    deps: Dependents = field(init=False)
    current: dict[Node, list[Fact]] = field(init=False)

    def __post_init__(self) -> None:
        self.deps = of(self.catalog, self.outcome.derivations)
        self.current = defaultdict(list)
        for fact in self.catalog.facts.values():
            if fact.status == Status.current:
                self.current[(fact.subject, fact.entry.quantity)].append(fact)

    def unit(self, quantity: str) -> str:
        """The quantity's reference unit, with a leading space (or nothing)."""
        unit = self.catalog.quantities[quantity].unit
        return f" {unit}" if unit else ""

    def is_count(self, quantity: str) -> bool:
        """True when the quantity counts things (integers)."""
        return self.catalog.quantities[quantity].entry.count

    def shown(self, value: float, quantity: str) -> str:
        """A derived value as the numbers of a finding show it: 6 digits and the unit."""
        return f"{format_number(value, 6)}{self.unit(quantity)}"
