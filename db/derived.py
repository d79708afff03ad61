"""Derive every value from a catalog and its rules, and store the results.

This is where storage meets the pure deriver (`derive/`): it builds the deriver
from a `Catalog`, runs it, and writes rules, derivations, their inputs and
problems in the caller's transaction, replacing what was there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select
from sqlalchemy import Engine as Database

from db.bulk import insert_rows
from db.derived_models import DerivationInputRow, DerivationProblemRow, DerivationRow, RuleRow
from derive.deriver import Outcome
from derive.from_sources import SourceDerivation, derive_from_sources
from derive.model import Candidate, Derivation, Problem
from derive.rules import Rule, RuleFolders, RuleSet, read_rules


@dataclass(frozen=True, slots=True)
class DeriveReport:
    """What a rebuild derived and what it could not, per rule."""

    derived: dict[str, int] = field(default_factory=dict)
    problems: tuple[Problem, ...] = ()
    conflicts: list[dict[str, str]] = field(default_factory=list)

    @property
    def total(self) -> int:
        """How many top-level values were derived."""
        return sum(self.derived.values())

    def as_json(self) -> dict[str, object]:
        """This summary as JSON-ready data: the values per rule, their total, the problems
        (as `facts derive NAME` lists them) and the conflicts."""
        return {
            "derived": self.derived,
            "total": self.total,
            "problems": [problem.as_json() for problem in self.problems],
            "conflicts": self.conflicts,
        }


def derive_stored_from_sources(
    database: Database, rules: RuleFolders | Path, sources: Sequence[str]
) -> tuple[SourceDerivation, RuleSet]:
    """The stored catalog derived from the facts of `sources` only, with `rules` and their
    constants (`derive.from_sources`), and the rules read; nothing is written.

    Raises `UnknownName` for a source the catalog does not hold, `EmptyDatabase`
    before any load.
    """
    from db.store import read_loaded

    with database.connect() as conn:
        catalog = read_loaded(conn)
    rule_set = read_rules(rules, catalog)
    return derive_from_sources(catalog, rule_set, sources), rule_set


class _Numbering:
    """Gives every derivation object, top-level or nested, one row id.

    By identity: the deriver hands out the same object wherever the same derivation
    is used, and hashing a derivation would walk its whole tree.
    """

    def __init__(self, first: int = 1) -> None:
        self._ids: dict[int, int] = {}
        self.order: list[Derivation] = []
        self.first = first

    def id_of(self, derivation: Derivation) -> int:
        """The row id given to `derivation`."""
        return self._ids[id(derivation)]

    def visit(self, derivation: Derivation) -> int:
        """Number `derivation` after everything it rests on; return its id."""
        found = self._ids.get(id(derivation))
        if found is not None:
            return found
        for use in derivation.inputs:
            for candidate in (use.used, *use.others):
                if candidate.derivation is not None:
                    self.visit(candidate.derivation)
        self._ids[id(derivation)] = self.first + len(self.order)
        self.order.append(derivation)
        return self._ids[id(derivation)]


def _candidate_ref(candidate: Candidate, numbering: _Numbering, used: Candidate) -> dict[str, Any]:
    ref: dict[str, Any] = (
        {"fact": candidate.stated.fact_id}
        if candidate.stated is not None
        else {"derivation": numbering.id_of(candidate.derivation)}  # type: ignore[arg-type]
    )
    return {**ref, **candidate.beside(used)}


def _rule_row(rule: Rule) -> dict[str, Any]:
    e = rule.entry
    return {
        "id": rule.id,
        "output_id": e.output,
        "formula": e.formula,
        "description": e.description,
        "subjects": list(e.subjects),
        "kinds": list(e.kinds),
        "source_id": e.source,
        "locator": e.locator,
        "tolerance": e.tolerance,
        "file": rule.origin.file,
        "line": rule.origin.line,
        "position": rule.origin.position,
    }


def clear_derivations(conn: Connection, owners: Collection[str] | None = None) -> None:
    """Delete the derived values of these top-level subjects (all when None)."""
    if owners is None:
        for model in (DerivationInputRow, DerivationProblemRow, DerivationRow):
            conn.execute(delete(model))
        return
    for chunk in _chunks(sorted(owners)):
        mine = select(DerivationRow.id).where(DerivationRow.owner.in_(chunk))
        conn.execute(delete(DerivationInputRow).where(DerivationInputRow.derivation_id.in_(mine)))
        conn.execute(delete(DerivationRow).where(DerivationRow.owner.in_(chunk)))
        conn.execute(delete(DerivationProblemRow).where(DerivationProblemRow.subject_id.in_(chunk)))


def _chunks(items: list[str], size: int = 500) -> Iterable[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def write_rules(conn: Connection, rules: RuleSet) -> None:
    """Replace the stored rules (their derived values must be gone already)."""
    conn.execute(delete(RuleRow))
    if rules.rules:
        conn.execute(insert(RuleRow), [_rule_row(r) for r in rules.rules])


def write_derivations(conn: Connection, outcome: Outcome) -> None:
    """Insert the derivations and problems of `outcome` after those already stored.

    Each top-level subject numbers its own tree (its `owner`), so that rebuilding
    one subject never leaves another's tree pointing at a deleted row.
    """
    next_id = (conn.execute(select(func.max(DerivationRow.id))).scalar() or 0) + 1
    by_owner: dict[str, list[Derivation]] = {}
    for derivation in outcome.derivations:
        by_owner.setdefault(derivation.subject, []).append(derivation)
    rows: list[dict[str, Any]] = []
    inputs: list[dict[str, Any]] = []
    for owner, tops in by_owner.items():
        numbering = _Numbering(next_id)
        top_ids = {numbering.visit(d) for d in tops}
        for derivation in numbering.order:
            row_id = numbering.id_of(derivation)
            rows.append(
                {
                    "id": row_id,
                    "owner": owner,
                    "subject_id": derivation.subject,
                    "quantity_id": derivation.quantity,
                    "rule_id": derivation.rule_id,
                    "top": row_id in top_ids,
                    "alternative": derivation.alternative,
                    "value": derivation.value,
                    "low": derivation.low,
                    "high": derivation.high,
                    "approx": derivation.approx,
                    "weakest_tier": derivation.weakest,
                    "widest": derivation.widest,
                    "conflict": derivation.conflict,
                    "reading": derivation.reading,
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
                            numbering.id_of(used.derivation)
                            if used.derivation is not None
                            else None
                        ),
                        "reason": use.reason,
                        "others": [_candidate_ref(c, numbering, used) for c in use.others],
                    }
                )
        next_id += len(numbering.order)
    if rows:
        insert_rows(conn, DerivationRow.__table__, rows)
    if inputs:
        insert_rows(conn, DerivationInputRow.__table__, inputs)
    first = (conn.execute(select(func.max(DerivationProblemRow.id))).scalar() or 0) + 1
    problems = [
        {
            "id": first + i,
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


def report(rules: RuleSet, outcomes: Iterable[Outcome]) -> DeriveReport:
    """Summarise what `outcomes` derived and could not, per rule."""
    derived: Counter[str] = Counter()
    problems: list[Problem] = []
    conflicts: list[dict[str, str]] = []
    for outcome in outcomes:
        derived.update(d.rule_id for d in outcome.derivations)
        problems += outcome.problems
        conflicts += [
            {"rule": d.rule_id, "subject": d.subject, "quantity": d.quantity}
            for d in outcome.derivations
            if d.conflict and d.alternative == 0
        ]
    return DeriveReport(
        derived={r.id: derived.get(r.id, 0) for r in rules.rules},
        problems=tuple(problems),
        conflicts=conflicts,
    )


def store_derived(conn: Connection, rules: RuleSet, outcomes: Iterable[Outcome]) -> DeriveReport:
    """Replace the stored rules and every derived value with `outcomes` (the batches of
    one derivation, each written and let go before the next is made); return a summary."""
    clear_derivations(conn)
    write_rules(conn, rules)

    def written() -> Iterator[Outcome]:
        for outcome in outcomes:
            write_derivations(conn, outcome)
            yield outcome

    return report(rules, written())
