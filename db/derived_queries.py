"""Read stored derivations back as trees, down to the sourced facts they rest on."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, or_, select

from db.derived_models import DerivationInputRow, DerivationProblemRow, DerivationRow, RuleRow
from db.models import FactRow, QuantityRow, SourceRow
from db.queries import UnknownName, resolve_subject, suggest


def check_quantity_name(conn: Connection, name: str) -> None:
    """Raise `UnknownName` unless `name` is a quantity id or a dotted prefix of one."""
    known = list(conn.execute(select(QuantityRow.id)).scalars())
    if name not in known and not any(q.startswith(name + ".") for q in known):
        raise UnknownName(f"no quantity {name!r}{suggest(name, known)}")


def _matches(column: Any, name: str) -> Any:
    return or_(column == name, column.startswith(name + "."))


class _TreeBuilder:
    """Builds JSON-ready trees, caching the rows it has read."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.units = {q: u for q, u in conn.execute(select(QuantityRow.id, QuantityRow.unit))}
        self.rules = {r.id: r for r in conn.execute(select(RuleRow.__table__))}
        self._facts: dict[tuple[str, str], list[dict[str, Any]]] = {}

    def facts_of(self, subject: str, quantity: str) -> list[dict[str, Any]]:
        key = (subject, quantity)
        if key not in self._facts:
            query = (
                select(FactRow, SourceRow.title.label("source_title"))
                .outerjoin(SourceRow, SourceRow.id == FactRow.source_id)
                .where(
                    FactRow.subject_id == subject,
                    FactRow.quantity_id == quantity,
                    FactRow.status == "current",
                )
                .order_by(FactRow.file, FactRow.position)
            )
            self._facts[key] = [self._fact(row) for row in self.conn.execute(query)]
        return self._facts[key]

    @staticmethod
    def _fact(row: Any) -> dict[str, Any]:
        def number(value: Any) -> float | None:
            return float(value) if value is not None else None

        return {
            "fact": row.id,
            "literal": row.literal,
            "undisclosed": row.undisclosed,
            "tier": row.tier,
            "source": row.source_id,
            "source_title": row.source_title,
            "locator": row.locator,
            "date": row.date.isoformat() if row.date else None,
            "value": number(row.value_norm),
            "low": number(row.low_norm),
            "high": number(row.high_norm),
        }

    def fact(self, fact_id: str, subject: str, quantity: str) -> dict[str, Any]:
        for fact in self.facts_of(subject, quantity):
            if fact["fact"] == fact_id:
                return fact
        raise LookupError(fact_id)  # pragma: no cover - inputs always point at current facts

    def node(self, derivation_id: int) -> dict[str, Any]:
        row = self.conn.execute(
            select(DerivationRow.__table__).where(DerivationRow.id == derivation_id)
        ).one()
        rule = self.rules[row.rule_id]
        stated = []
        for fact in self.facts_of(row.subject_id, row.quantity_id):
            agrees = None
            if fact["value"] is not None:
                agrees = fact["low"] <= row.high and row.low <= fact["high"]
            stated.append({**fact, "agrees": agrees})
        inputs = []
        for use in self.conn.execute(
            select(DerivationInputRow.__table__)
            .where(DerivationInputRow.derivation_id == derivation_id)
            .order_by(DerivationInputRow.position)
        ):
            item: dict[str, Any] = {
                "ref": use.ref,
                "subject": use.subject_id,
                "quantity": use.quantity_id,
                "unit": self.units[use.quantity_id],
                "reason": use.reason,
                "others": use.others,
            }
            if use.fact_id is not None:
                item["fact"] = self.fact(use.fact_id, use.subject_id, use.quantity_id)
            else:
                item["derived"] = self.node(use.input_derivation_id)
            inputs.append(item)
        return {
            "subject": row.subject_id,
            "quantity": row.quantity_id,
            "rule": row.rule_id,
            "formula": rule.formula,
            "rule_source": rule.source_id,
            "unit": self.units[row.quantity_id],
            "value": row.value,
            "low": row.low,
            "high": row.high,
            "approx": row.approx,
            "tier": "derived",
            "weakest": row.weakest_tier,
            "widest": row.widest,
            "alternative": row.alternative,
            "conflict": row.conflict,
            "stated": stated,
            "inputs": inputs,
        }


def derivation_trees(
    conn: Connection, name: str | None, subject: str | None = None
) -> tuple[list[dict[str, Any]], list[dict[str, str]]]:
    """Return the derivations of quantity `name` (or under the dotted prefix; every
    quantity when None) as trees, for one subject or all, and the problems of rules
    that could not derive them."""
    where: list[Any] = [DerivationRow.top.is_(True)]
    problem_where: list[Any] = []
    if name is not None:
        check_quantity_name(conn, name)
        where.append(_matches(DerivationRow.quantity_id, name))
        problem_where.append(_matches(DerivationProblemRow.quantity_id, name))
    if subject is not None:
        subject_id = resolve_subject(conn, subject)
        where.append(DerivationRow.subject_id == subject_id)
        problem_where.append(DerivationProblemRow.subject_id == subject_id)
    ids = (
        conn.execute(
            select(DerivationRow.id)
            .where(*where)
            .order_by(
                DerivationRow.subject_id,
                DerivationRow.quantity_id,
                DerivationRow.rule_id,
                DerivationRow.alternative,
            )
        )
        .scalars()
        .all()
    )
    builder = _TreeBuilder(conn)
    problems = [
        {
            "subject": p.subject_id,
            "quantity": p.quantity_id,
            "rule": p.rule_id,
            "kind": p.kind,
            "detail": p.detail,
        }
        for p in conn.execute(
            select(DerivationProblemRow.__table__)
            .where(*problem_where)
            .order_by(DerivationProblemRow.id)
        )
    ]
    return [builder.node(i) for i in ids], problems


def rule_rows(conn: Connection) -> list[dict[str, Any]]:
    """Every stored rule with its formula and where it applies, in file order."""
    rows = conn.execute(select(RuleRow.__table__).order_by(RuleRow.file, RuleRow.position))
    return [
        {
            "id": r.id,
            "output": r.output_id,
            "formula": r.formula,
            "applies_to": [*r.kinds, *r.subjects] or ["every subject"],
            "source": r.source_id,
            "locator": r.locator,
            "description": r.description,
        }
        for r in rows
    ]
