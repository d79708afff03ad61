"""Read stored derivations back as trees, down to the sourced facts they rest on.

Plain SQL through a `db.rawsql.Reader`: `facts derive ridge --chip tpu-v7` starts
without the ORM, alembic or pint.
"""

from __future__ import annotations

from typing import Any

from db.queries import check_quantity, resolve_subject, under, under_params
from db.rawsql import Reader, in_list
from derive.model import Problem
from derive.tree_model import DerivedTrees, TreeFact, TreeInput, TreeNode, TreeOther

_FACTS = (
    "SELECT f.*, s.title AS source_title, v.title AS via_title FROM facts f "
    "LEFT JOIN sources s ON s.id = f.source_id LEFT JOIN sources v ON v.id = f.via_id"
)
"""Facts with the titles of their source and of the copy they were read in."""


class _TreeBuilder:
    """Builds trees (`derive.tree_model`) from stored rows, caching the rows it has read."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        self.units = {r["id"]: r["unit"] for r in reader.all("SELECT id, unit FROM quantities")}
        self.rules = {r["id"]: r for r in reader.all("SELECT id, formula, source_id FROM rules")}
        self._facts: dict[tuple[str, str], list[TreeFact]] = {}
        self._by_id: dict[str, TreeFact] = {}
        self._rows: dict[int, dict[str, Any]] = {}
        self._inputs: dict[int, list[dict[str, Any]]] = {}
        self._rule_of: dict[int, str] = {}

    def load(self, ids: list[int]) -> None:
        """Read the derivations `ids` and everything below them, a level at a time, and
        the rules of the derived values shown beside their inputs."""
        wanted = [i for i in ids if i not in self._rows]
        beside: set[int] = set()
        while wanted:
            marks, params = in_list("d", wanted)
            for row in self.reader.all(f"SELECT * FROM derivations WHERE id IN {marks}", params):
                self._rows[row["id"]] = row
            for use in self.reader.all(
                f"SELECT * FROM derivation_inputs WHERE derivation_id IN {marks} "
                "ORDER BY derivation_id, position",
                params,
            ):
                self._inputs.setdefault(use["derivation_id"], []).append(use)
                beside.update(o["derivation"] for o in use["others"] if "derivation" in o)
            below = {
                use["input_derivation_id"]
                for i in wanted
                for use in self._inputs.get(i, [])
                if use["input_derivation_id"] is not None
            }
            wanted = [i for i in below if i not in self._rows]
        self._rule_of.update((i, row["rule_id"]) for i, row in self._rows.items())
        unread = sorted(beside - self._rule_of.keys())
        if unread:
            marks, params = in_list("d", unread)
            for row in self.reader.all(
                f"SELECT id, rule_id FROM derivations WHERE id IN {marks}", params
            ):
                self._rule_of[row["id"]] = row["rule_id"]

    def fact(self, fact_id: str) -> TreeFact:
        """One fact by id, with its source (a variant's input may be its parent's fact)."""
        if fact_id not in self._by_id:
            (row,) = self.reader.all(
                f"{_FACTS} WHERE f.id = :id",
                {"id": fact_id},
            )
            self._by_id[fact_id] = self._fact(row)
        return self._by_id[fact_id]

    def facts_of(self, subject: str, quantity: str) -> list[TreeFact]:
        """The current facts of a subject's quantity, with their sources."""
        key = (subject, quantity)
        if key not in self._facts:
            rows = self.reader.all(
                f"{_FACTS} WHERE f.subject_id = :subject AND f.quantity_id = :quantity "
                "AND f.status = 'current' ORDER BY f.file, f.position",
                {"subject": subject, "quantity": quantity},
            )
            self._facts[key] = [self._fact(row) for row in rows]
        return self._facts[key]

    @staticmethod
    def _fact(row: dict[str, Any]) -> TreeFact:
        def number(value: Any) -> float | None:
            return float(value) if value is not None else None

        return TreeFact(
            id=row["id"],
            literal=row["literal"],
            undisclosed=row["undisclosed"],
            tier=row["tier"],
            source=row["source_id"],
            source_title=row["source_title"],
            via=row["via_id"],
            via_title=row["via_title"],
            locator=row["locator"],
            date=row["date"],
            value=number(row["value_norm"]),
            low=number(row["low_norm"]),
            high=number(row["high_norm"]),
            bound=row["comparator"],
        )

    def _other(self, stored: dict[str, Any]) -> TreeOther:
        """A value stored beside an input's (`db.derived`): its fact, or the rule of the
        derivation it names by row id."""
        return TreeOther(
            fact=stored.get("fact"),
            rule=self._rule_of[stored["derivation"]] if "derivation" in stored else None,
            value=stored["value"],
            low=stored["low"],
            high=stored["high"],
            agrees=stored["agrees"],
        )

    def node(self, derivation_id: int) -> TreeNode:
        """One derivation and its inputs, recursively, as a tree."""
        row = self._rows[derivation_id]
        rule = self.rules[row["rule_id"]]
        inputs = tuple(
            TreeInput(
                ref=use["ref"],
                subject=use["subject_id"],
                quantity=use["quantity_id"],
                unit=self.units[use["quantity_id"]],
                reason=use["reason"],
                others=tuple(self._other(o) for o in use["others"]),
                fact=self.fact(use["fact_id"]) if use["fact_id"] is not None else None,
                derived=(self.node(use["input_derivation_id"]) if use["fact_id"] is None else None),
            )
            for use in self._inputs.get(derivation_id, [])
        )
        current = self.facts_of(row["subject_id"], row["quantity_id"])
        return TreeNode(
            subject=row["subject_id"],
            quantity=row["quantity_id"],
            rule=row["rule_id"],
            formula=rule["formula"],
            rule_source=rule["source_id"],
            unit=self.units[row["quantity_id"]],
            value=row["value"],
            low=row["low"],
            high=row["high"],
            approx=row["approx"],
            weakest=row["weakest_tier"],
            widest=row["widest"],
            alternative=row["alternative"],
            conflict=row["conflict"],
            reading=row["reading"],
            stated=tuple(fact.beside(row["low"], row["high"]) for fact in current),
            inputs=inputs,
        )


def derivation_trees(reader: Reader, name: str | None, subject: str | None = None) -> DerivedTrees:
    """The derivations of quantity `name` (or under the dotted prefix; every quantity when
    None) as trees, for one subject or all, and the problems of rules that could not
    derive them."""
    where = ["top = :top"]
    params: dict[str, Any] = {"top": True}
    problem_where = ["1 = 1"]
    if name is not None:
        check_quantity(reader, name)
        where.append(under("quantity_id"))
        problem_where.append(under("quantity_id"))
        params.update(under_params(name))
    if subject is not None:
        where.append("subject_id = :subject")
        problem_where.append("subject_id = :subject")
        params["subject"] = resolve_subject(reader, subject)
    ids = reader.column(
        f"SELECT id FROM derivations WHERE {' AND '.join(where)} "
        "ORDER BY subject_id, quantity_id, rule_id, alternative",
        params,
    )
    problem_params = {k: v for k, v in params.items() if k != "top"}
    problems = tuple(
        Problem(
            subject=p["subject_id"],
            quantity=p["quantity_id"],
            rule_id=p["rule_id"],
            kind=p["kind"],
            detail=p["detail"],
        )
        for p in reader.all(
            f"SELECT * FROM derivation_problems WHERE {' AND '.join(problem_where)} ORDER BY id",
            problem_params,
        )
    )
    builder = _TreeBuilder(reader)
    builder.load(ids)
    return DerivedTrees(derived=tuple(builder.node(i) for i in ids), problems=problems)


def rule_rows(reader: Reader) -> list[dict[str, Any]]:
    """Every stored rule with its formula and where it applies, in file order."""
    return [
        {
            "id": r["id"],
            "output": r["output_id"],
            "formula": r["formula"],
            "applies_to": [*r["kinds"], *r["subjects"]] or ["every subject"],
            "source": r["source_id"],
            "locator": r["locator"],
            "description": r["description"],
        }
        for r in reader.all("SELECT * FROM rules ORDER BY file, position")
    ]
