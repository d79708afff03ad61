"""The derived values the last load stored, read back as the deriver's `Outcome`.

Tables, templates and the audit read these, the very values `facts derive` shows,
instead of deriving a second time from the rule files on disk: one path for every
derived number. Each stored derivation becomes one `Derivation` object, shared by
every derivation that used it, as the deriver built them. Rows are read with plain
SQL, and a fact becomes a stated value only when a derivation used it.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from sqlalchemy import Connection

from derive.deriver import Outcome
from derive.inputs import stated_of
from derive.model import Candidate, Derivation, InputUse, Problem, Stated
from schema.catalog import Catalog

_DERIVATIONS = (
    "SELECT id, subject_id, quantity_id, rule_id, top, alternative, value, low, high, approx, "
    "weakest_tier, widest, conflict, reading FROM derivations"
)
_INPUTS = (
    "SELECT derivation_id, ref, subject_id, quantity_id, fact_id, input_derivation_id, reason, "
    "others FROM derivation_inputs ORDER BY derivation_id, position"
)
_PROBLEMS = (
    "SELECT subject_id, quantity_id, rule_id, kind, detail FROM derivation_problems ORDER BY id"
)


def _all(conn: Connection, query: str) -> list[Any]:
    """Every row of `query` as the driver's tuples: hundreds of thousands of them."""
    cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    try:
        cursor.execute(query)
        return list(cursor.fetchall())
    finally:
        cursor.close()


class _Rebuilt:
    """Turns stored rows into derivations, each row once."""

    def __init__(self, conn: Connection, catalog: Catalog) -> None:
        self.catalog = catalog
        self.rows = {r[0]: r for r in _all(conn, _DERIVATIONS)}
        self.inputs: dict[int, list[Any]] = {}
        for use in _all(conn, _INPUTS):
            self.inputs.setdefault(use[0], []).append(use)
        self.stated: dict[tuple[str, str], Stated] = {}
        self.made: dict[int, Derivation] = {}

    def _fact(self, fact_id: str, subject: str) -> Stated:
        """The stated value of a fact as `subject` used it (a variant sees its parent's)."""
        key = (fact_id, subject)
        found = self.stated.get(key)
        if found is None:
            fact = self.catalog.facts[fact_id]
            found = stated_of(fact, self.catalog.quantities[fact.entry.quantity].unit)
            if fact.subject != subject:
                found = replace(found, subject=subject, inherited_from=fact.subject)
            self.stated[key] = found
        return found

    def _candidate(self, ref: dict[str, Any], subject: str) -> Candidate:
        """A value shown beside the one used: its stored interval, its fact or derivation."""
        value, low, high = float(ref["value"]), float(ref["low"]), float(ref["high"])
        if "fact" in ref:
            stated = self._fact(str(ref["fact"]), subject)
            return Candidate(
                value=value,
                low=low,
                high=high,
                approx=stated.approx,
                strength=stated.tier,
                stated=stated,
            )
        derivation = self.derivation(int(ref["derivation"]))
        return Candidate(
            value=value,
            low=low,
            high=high,
            approx=derivation.approx,
            strength=derivation.weakest,
            derivation=derivation,
        )

    def _used(
        self, ref: str, subject: str, fact_id: str | None, below: int | None, reading: str | None
    ) -> Candidate:
        if fact_id is None:
            assert below is not None
            return self.derivation(below).as_candidate()
        stated = self._fact(fact_id, subject)
        if reading is not None and stated.readings and reading.startswith(f"{ref} read as "):
            literal = reading.removeprefix(f"{ref} read as ")
            for other in stated.readings:
                if other.literal == literal:
                    return stated.read_as(other)  # as the deriver read it
        return stated.as_candidate()

    def derivation(self, row_id: int) -> Derivation:
        """The derivation stored under `row_id`, with everything it rests on."""
        made = self.made.get(row_id)
        if made is not None:
            return made
        (_, subject, quantity, rule, _, alternative, value, low, high, approx, weakest,
         widest, conflict, reading) = self.rows[row_id]  # fmt: skip
        uses = []
        for _, ref, on, of, fact_id, below, reason, others in self.inputs.get(row_id, ()):
            shown = json.loads(others) if isinstance(others, str) else others or ()
            uses.append(
                InputUse(
                    ref,
                    on,
                    of,
                    self._used(ref, on, fact_id, below, reading),
                    tuple(self._candidate(r, on) for r in shown),
                    reason,
                )
            )
        made = Derivation(
            subject=subject,
            quantity=quantity,
            rule_id=rule,
            value=value,
            low=low,
            high=high,
            approx=bool(approx),
            weakest=weakest,
            inputs=tuple(uses),
            widest=widest,
            alternative=alternative,
            conflict=bool(conflict),
            reading=reading,
        )
        self.made[row_id] = made
        return made


def stored_outcome(conn: Connection, catalog: Catalog) -> Outcome:
    """Every top-level derivation and problem the last load stored, for `catalog` (the
    catalog as loaded, whose facts the derivations' inputs name)."""
    rebuilt = _Rebuilt(conn, catalog)
    tops = sorted(row_id for row_id, row in rebuilt.rows.items() if row[4])
    problems = [
        Problem(subject=subject, quantity=quantity, rule_id=rule, kind=kind, detail=detail)
        for subject, quantity, rule, kind, detail in _all(conn, _PROBLEMS)
    ]
    return Outcome([rebuilt.derivation(i) for i in tops], problems)
