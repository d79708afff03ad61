"""The catalog's values as the text checks see them: facts and top-level derivations."""

from __future__ import annotations

import re
from functools import cache

from sqlalchemy import Connection, select

from db.derived_models import DerivationRow, RuleRow
from db.models import FactRow, QuantityRow, SubjectRow
from derive.matching import KnownValue
from schema.errors import UnitError
from schema.units import factor

_SPLIT = re.compile(r"[\s._/()·,-]+")
_TOO_COMMON = {"", "of", "per", "the", "a", "and", "chip", "count", "one", "total", "to", "in"}


def _words(*texts: str | None) -> set[str]:
    """Each text whole (lower-cased) and its parts, less words too common to name anything."""
    words: set[str] = set()
    for text in texts:
        if text:
            words.add(text.lower())
            words.update(w for w in _SPLIT.split(text.lower()) if len(w) > 1 or not w.isascii())
    return words - _TOO_COMMON


def naming_words(conn: Connection) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Words that name each subject (id, name, aliases) and each quantity (id, names)."""
    subjects = {
        row.id: _words(row.id, row.name, *row.aliases)
        for row in conn.execute(select(SubjectRow.id, SubjectRow.name, SubjectRow.aliases))
    }
    quantities = {
        row.id: _words(row.id, row.name, row.name_zh)
        for row in conn.execute(select(QuantityRow.id, QuantityRow.name, QuantityRow.name_zh))
    }
    return subjects, quantities


def known_values(conn: Connection) -> list[KnownValue]:
    """Every fact with a value (any status) and every top-level derived value."""
    units = {q: u for q, u in conn.execute(select(QuantityRow.id, QuantityRow.unit))}
    subject_words, quantity_words = naming_words(conn)

    @cache  # one per (subject, quantity), not one per fact
    def naming(subject: str, quantity: str) -> tuple[tuple[str, ...], ...]:
        return (
            tuple(sorted(subject_words[subject] | quantity_words[quantity])),
            tuple(sorted(subject_words[subject])),
            tuple(sorted(quantity_words[quantity])),
        )

    known = []
    columns = (FactRow.id, FactRow.subject_id, FactRow.quantity_id, FactRow.unit, FactRow.status)
    values = (FactRow.value_norm, FactRow.low_norm, FactRow.high_norm)
    for row in conn.execute(select(*columns, *values).where(FactRow.value_norm.is_not(None))):
        unit = units[row.quantity_id]
        written_low = written_high = None
        try:
            scale = float(factor(row.unit or "", unit))
            written_low, written_high = float(row.low_norm) / scale, float(row.high_norm) / scale
        except UnitError:  # pragma: no cover - a loaded fact always converts
            pass
        known.append(
            KnownValue(
                "fact",
                row.id,
                row.subject_id,
                row.quantity_id,
                unit,
                float(row.value_norm),
                float(row.low_norm),
                float(row.high_norm),
                row.status,
                written_low,
                written_high,
                row.unit,
                *naming(row.subject_id, row.quantity_id),
            )
        )
    for row in conn.execute(select(DerivationRow.__table__).where(DerivationRow.top.is_(True))):
        known.append(
            KnownValue(
                "derived",
                f"{row.rule_id}@{row.subject_id}",
                row.subject_id,
                row.quantity_id,
                units[row.quantity_id],
                row.value,
                row.low,
                row.high,
                "current",
                None,
                None,
                None,
                *naming(row.subject_id, row.quantity_id),
            )
        )
    return known


def citations(conn: Connection) -> tuple[dict[str, str | None], dict[str, str | None]]:
    """The locators of every fact and every rule, by id."""
    facts = {fid: loc for fid, loc in conn.execute(select(FactRow.id, FactRow.locator))}
    rules = {rid: loc for rid, loc in conn.execute(select(RuleRow.id, RuleRow.locator))}
    return facts, rules
