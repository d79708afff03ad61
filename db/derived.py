"""Derive every value from a catalog and its rules, and store the results.

This is where storage meets the pure engine (`derive/`): it builds the engine
from a `Catalog`, runs it, and writes rules, derivations, their inputs and
problems in the caller's transaction, replacing what was there.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, delete, insert

from db.derived_models import DerivationInputRow, DerivationProblemRow, DerivationRow, RuleRow
from derive.engine import Engine, Outcome
from derive.inputs import reference_units, stated_values, subject_kinds
from derive.model import Candidate, Derivation
from derive.rules import RuleSet
from schema.catalog import Catalog


@dataclass(frozen=True, slots=True)
class DeriveReport:
    """What a rebuild derived and what it could not, per rule."""

    derived: dict[str, int] = field(default_factory=dict)
    problems: list[dict[str, str]] = field(default_factory=list)
    conflicts: list[dict[str, str]] = field(default_factory=list)

    @property
    def total(self) -> int:
        """How many top-level values were derived."""
        return sum(self.derived.values())


def derive_catalog(catalog: Catalog, rules: RuleSet) -> Outcome:
    """Run every rule over the catalog; pure, nothing is written."""
    engine = Engine(rules, stated_values(catalog), subject_kinds(catalog), reference_units(catalog))
    return engine.derive_all()


class _Numbering:
    """Gives every distinct derivation, top-level or nested, one row id."""

    def __init__(self) -> None:
        self.ids: dict[Derivation, int] = {}
        self.order: list[Derivation] = []

    def visit(self, derivation: Derivation) -> int:
        found = self.ids.get(derivation)
        if found is not None:
            return found
        for use in derivation.inputs:
            for candidate in (use.used, *use.others):
                if candidate.derivation is not None:
                    self.visit(candidate.derivation)
        self.ids[derivation] = len(self.ids) + 1
        self.order.append(derivation)
        return self.ids[derivation]


def _candidate_ref(candidate: Candidate, numbering: _Numbering, used: Candidate) -> dict[str, Any]:
    ref: dict[str, Any] = (
        {"fact": candidate.stated.fact_id}
        if candidate.stated is not None
        else {"derivation": numbering.ids[candidate.derivation]}  # type: ignore[index]
    )
    ref.update(
        value=candidate.value,
        low=candidate.low,
        high=candidate.high,
        agrees=candidate.agrees_with(used),
    )
    return ref


def store_derived(conn: Connection, rules: RuleSet, outcome: Outcome) -> DeriveReport:
    """Replace the stored rules and derived values with `outcome`; return a summary."""
    for model in (DerivationInputRow, DerivationProblemRow, DerivationRow, RuleRow):
        conn.execute(delete(model))
    rule_rows = [
        {
            "id": r.id,
            "output_id": r.entry.output,
            "formula": r.entry.formula,
            "description": r.entry.description,
            "subjects": list(r.entry.subjects),
            "kinds": list(r.entry.kinds),
            "source_id": r.entry.source,
            "locator": r.entry.locator,
            "tolerance": r.entry.tolerance,
            "file": r.origin.file,
            "line": r.origin.line,
            "position": r.origin.position,
        }
        for r in rules.rules
    ]
    if rule_rows:
        conn.execute(insert(RuleRow), rule_rows)
    numbering = _Numbering()
    top = set()
    for derivation in outcome.derivations:
        top.add(numbering.visit(derivation))
    rows, inputs = [], []
    for derivation in numbering.order:
        row_id = numbering.ids[derivation]
        rows.append(
            {
                "id": row_id,
                "subject_id": derivation.subject,
                "quantity_id": derivation.quantity,
                "rule_id": derivation.rule_id,
                "top": row_id in top,
                "alternative": derivation.alternative,
                "value": derivation.value,
                "low": derivation.low,
                "high": derivation.high,
                "approx": derivation.approx,
                "weakest_tier": derivation.weakest,
                "widest": derivation.widest,
                "conflict": derivation.conflict,
            }
        )
        for position, use in enumerate(derivation.inputs):
            used = use.used
            inputs.append(
                {
                    "derivation_id": row_id,
                    "position": position,
                    "ref": use.ref,
                    "subject_id": use.subject,
                    "quantity_id": use.quantity,
                    "fact_id": used.stated.fact_id if used.stated is not None else None,
                    "input_derivation_id": (
                        numbering.ids[used.derivation] if used.derivation is not None else None
                    ),
                    "reason": use.reason,
                    "others": [_candidate_ref(c, numbering, used) for c in use.others],
                }
            )
    if rows:
        conn.execute(insert(DerivationRow), rows)
    if inputs:
        conn.execute(insert(DerivationInputRow), inputs)
    problems = [
        {
            "id": i + 1,
            "subject_id": p.subject,
            "quantity_id": p.quantity,
            "rule_id": p.rule_id,
            "kind": p.kind,
            "detail": p.detail,
        }
        for i, p in enumerate(outcome.problems)
    ]
    if problems:
        conn.execute(insert(DerivationProblemRow), problems)
    derived = Counter(d.rule_id for d in outcome.derivations)
    return DeriveReport(
        derived={r.id: derived.get(r.id, 0) for r in rules.rules},
        problems=[
            {"rule": p.rule_id, "subject": p.subject, "kind": p.kind, "detail": p.detail}
            for p in outcome.problems
        ],
    )
