"""Read-only queries for the commands: subjects, quantities, sources, tables and facts.

Plain SQL through a `db.rawsql.Reader`, so that read commands start fast.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import Any

from db.rawsql import Reader
from schema.errors import UnknownName, suggest
from schema.status import Status

__all__ = [
    "FactView",
    "UnknownName",
    "check_quantity",
    "facts_about",
    "history",
    "list_rows",
    "resolve_subject",
    "under",
    "under_params",
]


@dataclass(frozen=True, slots=True, kw_only=True)
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
    via_id: str | None = None  # the copy the number was read in; `source` is the original
    via_title: str | None = None

    @property
    def source_text(self) -> str:
        """The source as `facts show` names it: the original, and the copy read if any."""
        source = self.source_title or "(no source)"
        return f"{source} via {self.via_title or self.via_id}" if self.via_id else source

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


def resolve_subject(reader: Reader, name: str) -> str:
    """Return the id of the subject called `name` (its id, name or an alias)."""
    rows = reader.all("SELECT id, name, aliases FROM subjects")
    wanted = name.casefold()
    for row in rows:
        if row["id"] == name:
            return str(row["id"])
    for row in rows:
        if wanted == row["name"].casefold() or wanted in (a.casefold() for a in row["aliases"]):
            return str(row["id"])
    raise UnknownName(f"no subject {name!r}{suggest(name, [r['id'] for r in rows])}")


def check_quantity(reader: Reader, name: str) -> None:
    """Raise `UnknownName` unless `name` is a quantity id or a dotted prefix of one."""
    known = [str(q) for q in reader.column("SELECT id FROM quantities")]
    if name not in known and not any(q.startswith(name + ".") for q in known):
        raise UnknownName(f"no quantity {name!r}{suggest(name, known)}")


def _fact_view(row: dict[str, Any]) -> FactView:
    return FactView(
        id=row["id"],
        subject=row["subject_id"],
        quantity=row["quantity_id"],
        literal=row["literal"],
        unit=row["unit"],
        value_norm=format(row["value_norm"], "f") if row["value_norm"] is not None else None,
        reference_unit=row["reference_unit"],
        tier=row["tier"],
        source_id=row["source_id"],
        source_title=row["source_title"],
        locator=row["locator"],
        date=row["date"],
        status=row["status"],
        qualifiers=row["qualifiers"] or {},
        note=row["note"],
        supersedes=row["supersedes_id"],
        reason=row["reason"],
        source_published=row["source_published"],
        via_id=row["via_id"],
        via_title=row["via_title"],
    )


def under(column: str) -> str:
    """SQL true when `column` is the quantity `:name` or a quantity under it (`:prefix`)."""
    return f"({column} = :name OR substr({column}, 1, :length) = :prefix)"


def under_params(name: str) -> dict[str, Any]:
    """The parameters of `under` for a quantity id or dotted prefix."""
    return {"name": name, "prefix": name + ".", "length": len(name) + 1}


FACT_QUERY = """
    SELECT f.*, s.title AS source_title, s.published AS source_published,
           v.title AS via_title, q.unit AS reference_unit
    FROM facts f
    JOIN quantities q ON q.id = f.quantity_id
    LEFT JOIN sources s ON s.id = f.source_id
    LEFT JOIN sources v ON v.id = f.via_id
"""


def facts_about(
    reader: Reader,
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
    subject_id = resolve_subject(reader, subject)
    sql = FACT_QUERY + " WHERE f.subject_id = :subject"
    params: dict[str, Any] = {"subject": subject_id}
    if quantity is not None:
        check_quantity(reader, quantity)
        sql += " AND " + under("f.quantity_id")
        params.update(under_params(quantity))
    sql += " ORDER BY f.quantity_id, f.file, f.position"
    views = [_fact_view(row) for row in reader.all(sql, params)]
    newer: dict[str | None, FactView] = {v.supersedes: v for v in views if v.supersedes}
    views = [replace(v, superseded_by=newer[v.id].id) if v.id in newer else v for v in views]
    if as_of is not None:
        views = [_as_of(v, newer, as_of) for v in views if _held(v, as_of)]
    if not include_superseded:
        views = [v for v in views if v.status == Status.current]
    return views


def _held(view: FactView, day: dt.date) -> bool:
    when = view.effective_date
    return when is None or when <= day


def _as_of(view: FactView, newer: dict[str | None, FactView], day: dt.date) -> FactView:
    """The fact with the status it had on `day`: a correction counts from its own date."""
    if view.status == Status.superseded:
        replacement = newer.get(view.id)
        if replacement is not None and not _held(replacement, day):
            return replace(view, status=Status.current, superseded_by=None)
    return view


def history(reader: Reader, subject: str, quantity: str) -> list[FactView]:
    """Every fact of one subject's quantity, oldest first, corrections with their reasons."""
    views = facts_about(reader, subject, quantity, include_superseded=True)
    views = [v for v in views if v.quantity == quantity] or views
    return sorted(views, key=lambda v: (v.effective_date is None, v.effective_date or dt.date.min))


_LISTS = {
    "subjects": "SELECT id, name, kind, vendor, aliases, variant_of FROM subjects ORDER BY id",
    "quantities": "SELECT id, name, name_zh, unit, is_count FROM quantities ORDER BY id",
    "sources": (
        "SELECT id, title, kind, publisher, url, revision, published, accessed FROM sources "
        "ORDER BY id"
    ),
}


def list_rows(reader: Reader, kind: str) -> list[dict[str, Any]]:
    """Return the subjects, quantities, sources or tables as JSON-ready rows, in id order."""
    if kind == "tables":
        return [
            {
                "id": row["id"],
                "title": row["title"],
                "columns": len(row["spec"]["columns"]),
                "rows": len(row["spec"]["rows"]),
            }
            for row in reader.all("SELECT id, title, spec FROM tables ORDER BY id")
        ]
    if kind not in _LISTS:
        raise ValueError(f"unknown kind {kind!r}")
    return reader.all(_LISTS[kind])
