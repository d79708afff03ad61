"""Read-only queries for the commands: subjects, quantities, sources and facts."""

from __future__ import annotations

import datetime as dt
import difflib
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import Connection, or_, select

from db.errors import DatabaseError
from db.models import FactRow, QuantityRow, SourceRow, SubjectRow, TableSpecRow


class UnknownName(DatabaseError, LookupError):
    """No subject, quantity or source has this id, name or alias."""


@dataclass(frozen=True, slots=True)
class FactView:
    """A fact as the commands show it: value as written, tier, source, place, date."""

    id: str
    subject: str
    quantity: str
    literal: str | None
    unit: str | None
    value_norm: str | None
    reference_unit: str
    tier: str
    source_id: str | None
    source_title: str | None
    locator: str | None
    date: dt.date | None
    status: str
    qualifiers: dict[str, Any]
    note: str | None
    supersedes: str | None
    reason: str | None
    source_published: str | None = None
    superseded_by: str | None = None

    @property
    def effective_date(self) -> dt.date | None:
        """The fact's date, else its source's publication date (a partial one at its start)."""
        if self.date is not None:
            return self.date
        if not self.source_published:
            return None
        parts = [int(p) for p in self.source_published.split("-")] + [1, 1]
        return dt.date(parts[0], parts[1], parts[2])

    def as_json(self) -> dict[str, Any]:
        """Return this view as JSON-ready data."""
        data = {name: getattr(self, name) for name in self.__slots__}
        data["date"] = self.date.isoformat() if self.date else None
        return data


def suggest(name: str, candidates: list[str]) -> str:
    """Return '; did you mean ...?' naming the closest candidates, or ''."""
    close = difflib.get_close_matches(name, candidates, n=3, cutoff=0.5)
    return f"; did you mean {', '.join(close)}?" if close else ""


def resolve_subject(conn: Connection, name: str) -> str:
    """Return the id of the subject called `name` (its id, name or an alias)."""
    rows = conn.execute(select(SubjectRow.id, SubjectRow.name, SubjectRow.aliases)).all()
    wanted = name.casefold()
    for row in rows:
        if row.id == name:
            return str(row.id)
    for row in rows:
        if wanted == row.name.casefold() or wanted in (a.casefold() for a in row.aliases):
            return str(row.id)
    raise UnknownName(f"no subject {name!r}{suggest(name, [r.id for r in rows])}")


def _fact_view(row: Any) -> FactView:
    return FactView(
        id=row.id,
        subject=row.subject_id,
        quantity=row.quantity_id,
        literal=row.literal,
        unit=row.unit,
        value_norm=format(row.value_norm, "f") if row.value_norm is not None else None,
        reference_unit=row.reference_unit,
        tier=row.tier,
        source_id=row.source_id,
        source_title=row.source_title,
        source_published=row.source_published,
        locator=row.locator,
        date=row.date,
        status=row.status,
        qualifiers=row.qualifiers or {},
        note=row.note,
        supersedes=row.supersedes_id,
        reason=row.reason,
    )


def facts_about(
    conn: Connection,
    subject: str,
    quantity: str | None = None,
    *,
    include_superseded: bool = False,
    as_of: dt.date | None = None,
) -> list[FactView]:
    """Return a subject's facts, all or those of `quantity` (an id or a dotted prefix).

    With `as_of`, what the catalog held on that date: facts dated later are left
    out, and a correction counts only from its own date.
    """
    subject_id = resolve_subject(conn, subject)
    query = (
        select(
            FactRow,
            SourceRow.title.label("source_title"),
            SourceRow.published.label("source_published"),
            QuantityRow.unit.label("reference_unit"),
        )
        .join(QuantityRow, QuantityRow.id == FactRow.quantity_id)
        .outerjoin(SourceRow, SourceRow.id == FactRow.source_id)
        .where(FactRow.subject_id == subject_id)
        .order_by(FactRow.quantity_id, FactRow.file, FactRow.position)
    )
    if quantity is not None:
        known = conn.execute(select(QuantityRow.id)).scalars().all()
        if quantity not in known and not any(q.startswith(quantity + ".") for q in known):
            raise UnknownName(f"no quantity {quantity!r}{suggest(quantity, list(known))}")
        query = query.where(
            or_(FactRow.quantity_id == quantity, FactRow.quantity_id.startswith(quantity + "."))
        )
    views = [_fact_view(row) for row in conn.execute(query).all()]
    newer: dict[str | None, FactView] = {v.supersedes: v for v in views if v.supersedes}
    views = [replace(v, superseded_by=newer[v.id].id) if v.id in newer else v for v in views]
    if as_of is not None:
        views = [_as_of(v, newer, as_of) for v in views if _held(v, as_of)]
    if not include_superseded:
        views = [v for v in views if v.status == "current"]
    return views


def _held(view: FactView, day: dt.date) -> bool:
    when = view.effective_date
    return when is None or when <= day


def _as_of(view: FactView, newer: dict[str | None, FactView], day: dt.date) -> FactView:
    """The fact with the status it had on `day`: a correction counts from its own date."""
    if view.status == "superseded":
        replacement = newer.get(view.id)
        if replacement is not None and not _held(replacement, day):
            return replace(view, status="current", superseded_by=None)
    return view


def history(conn: Connection, subject: str, quantity: str) -> list[FactView]:
    """Every fact of one subject's quantity, oldest first, corrections with their reasons."""
    views = facts_about(conn, subject, quantity, include_superseded=True)
    views = [v for v in views if v.quantity == quantity] or views
    return sorted(views, key=lambda v: (v.effective_date is None, v.effective_date or dt.date.min))


def list_rows(conn: Connection, kind: str) -> list[dict[str, Any]]:
    """Return the subjects, quantities or sources as JSON-ready rows, in id order."""
    if kind == "subjects":
        rows = conn.execute(
            select(
                SubjectRow.id,
                SubjectRow.name,
                SubjectRow.kind,
                SubjectRow.vendor,
                SubjectRow.aliases,
                SubjectRow.variant_of,
            ).order_by(SubjectRow.id)
        )
    elif kind == "quantities":
        rows = conn.execute(
            select(
                QuantityRow.id,
                QuantityRow.name,
                QuantityRow.name_zh,
                QuantityRow.unit,
                QuantityRow.is_count,
            ).order_by(QuantityRow.id)
        )
    elif kind == "sources":
        rows = conn.execute(
            select(
                SourceRow.id,
                SourceRow.title,
                SourceRow.kind,
                SourceRow.publisher,
                SourceRow.url,
                SourceRow.published,
            ).order_by(SourceRow.id)
        )
    elif kind == "tables":
        return [
            {
                "id": row.id,
                "title": row.title,
                "columns": len(row.spec["columns"]),
                "rows": len(row.spec["rows"]),
            }
            for row in conn.execute(select(TableSpecRow.__table__).order_by(TableSpecRow.id))
        ]
    else:
        raise ValueError(f"unknown kind {kind!r}")
    return [dict(row._mapping) for row in rows]
