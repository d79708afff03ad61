"""Write a whole catalog into the database, and read it back.

`catalog_rows` turns a catalog into table rows, parents before children (what
`db.sync` writes); `read_back` rebuilds a `Catalog` from the rows (for `facts
dump`, the audit and the outputs).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel
from sqlalchemy import Connection, Text, select, type_coerce

from db.errors import EmptyDatabase
from db.models import (
    AcknowledgementRow,
    FactRow,
    QuantityRow,
    SourceRow,
    SubjectRow,
    TableSpecRow,
)
from db.units import define_stored_units
from schema.catalog import Acknowledgement, Catalog, Fact, Origin, Quantity, Source, Subject, Table
from schema.gcpause import gc_paused
from schema.models import (
    AcknowledgementEntry,
    AlternativeReading,
    FactEntry,
    QuantityEntry,
    SourceEntry,
    SubjectEntry,
    TableEntry,
)
from schema.status import Status
from schema.values import NormalValue, written_value

T = TypeVar("T")

PLACE_COLUMNS = ("file", "line", "position")
"""Where each entry was written: stored with every row of the catalog's tables."""


@dataclass(frozen=True, slots=True)
class Stored:
    """How one kind of catalog entry is stored: the one declaration its table, the row
    built at load and the entry read back are checked against (tests/test_stored.py).

    `renamed`: entry fields stored under another column; `computed`: columns worked out
    at load, not fields; `whole`: the JSON column that holds the entry's other fields.
    """

    table: Any
    entry: type[BaseModel]
    renamed: Mapping[str, str] = field(default_factory=dict)
    computed: frozenset[str] = frozenset()
    whole: str | None = None

    def column(self, name: str) -> str:
        """The column an entry field is stored in."""
        return self.renamed.get(name, name)


STORED = (
    Stored(SourceRow.__table__, SourceEntry),
    Stored(
        QuantityRow.__table__,
        QuantityEntry,
        renamed={
            "unit": "unit_written",
            "count": "is_count",
            "min": "min_literal",
            "max": "max_literal",
        },
        computed=frozenset({"unit", "min_value", "max_value"}),  # canonical unit, normalised bounds
    ),
    Stored(SubjectRow.__table__, SubjectEntry, computed=frozenset({"file_subject"})),
    Stored(
        FactRow.__table__,
        FactEntry,
        renamed={
            "value": "literal",
            "quantity": "quantity_id",
            "source": "source_id",
            "via": "via_id",
            "supersedes": "supersedes_id",
            "subject": "subject_written",  # whether the file names it: the id is subject_id
        },
        computed=frozenset(
            {
                *("subject_id", "approx", "comparator", "magnitude", "magnitude_high", "unit"),
                *("value_norm", "low_norm", "high_norm"),
            }
        ),
    ),
    Stored(TableSpecRow.__table__, TableEntry, whole="spec"),
    Stored(AcknowledgementRow.__table__, AcknowledgementEntry),
)
"""Every catalog record and how it is stored."""
QUANTITIES = STORED[1]


def _parents_first(
    items: Iterable[T], key: Callable[[T], str], parent: Callable[[T], str | None]
) -> list[T]:
    by_id = {key(item): item for item in items}
    depth: dict[str, int] = {}

    def depth_of(item_id: str) -> int:
        if item_id not in depth:
            above = parent(by_id[item_id])
            depth[item_id] = 0 if above is None or above not in by_id else depth_of(above) + 1
        return depth[item_id]

    return sorted(by_id.values(), key=lambda item: depth_of(key(item)))


def _placed(origin: Origin) -> dict[str, Any]:
    return {"file": origin.file, "line": origin.line, "position": origin.position}


def _source_row(source: Source) -> dict[str, Any]:
    e = source.entry
    return {
        "id": e.id,
        "title": e.title,
        "kind": e.kind,
        "publisher": e.publisher,
        "authors": list(e.authors),
        "url": e.url,
        "doi": e.doi,
        "arxiv": e.arxiv,
        "revision": e.revision,
        "published": e.published,
        "accessed": e.accessed,
        "note": e.note,
        **_placed(source.origin),
    }


def _quantity_row(quantity: Quantity) -> dict[str, Any]:
    e = quantity.entry
    return {
        "id": e.id,
        "name": e.name,
        "name_zh": e.name_zh,
        "synonyms": list(e.synonyms),
        "unit_written": e.unit,
        "unit": quantity.unit,
        "is_count": e.count,
        "min_literal": e.min,
        "max_literal": e.max,
        "min_value": quantity.minimum.value if quantity.minimum else None,
        "max_value": quantity.maximum.value if quantity.maximum else None,
        "description": e.description,
        **_placed(quantity.origin),
    }


def _subject_row(subject: Subject) -> dict[str, Any]:
    e = subject.entry
    return {
        "id": e.id,
        "name": e.name,
        "kind": e.kind,
        "vendor": e.vendor,
        "aliases": list(e.aliases),
        "variant_of": e.variant_of,
        "note": e.note,
        "file_subject": subject.file_subject,
        **_placed(subject.origin),
    }


def _fact_row(fact: Fact) -> dict[str, Any]:
    e, parsed, normal = fact.entry, fact.parsed, fact.normal
    return {
        "id": e.id,
        "subject_id": fact.subject,
        "quantity_id": e.quantity,
        "subject_written": e.subject is not None,
        "literal": e.value,
        "undisclosed": e.undisclosed,
        "exact": e.exact,
        "approx": parsed.approx if parsed else False,
        "comparator": parsed.comparator if parsed else None,
        "magnitude": parsed.low if parsed else None,
        "magnitude_high": parsed.high if parsed else None,
        "unit": parsed.unit if parsed else None,
        "value_norm": normal.value if normal else None,
        "low_norm": normal.low if normal else None,
        "high_norm": normal.high if normal else None,
        "tier": e.tier,
        "source_id": e.source,
        "via_id": e.via,
        "locator": e.locator,
        "date": e.date,
        "qualifiers": dict(sorted(e.qualifiers.items())),
        "alternatives": [a.model_dump(exclude_none=True) for a in e.alternatives],
        "precision": e.precision,
        "computed_from": list(e.computed_from),
        "note": e.note,
        "rank": e.rank,
        "status": fact.status.value,  # plain text, as every writer of a row takes it
        "supersedes_id": e.supersedes,
        "reason": e.reason,
        **_placed(fact.origin),
    }


def _table_row(table: Table) -> dict[str, Any]:
    return {
        "id": table.entry.id,
        "title": table.entry.title,
        "spec": table.entry.model_dump(mode="json", exclude_defaults=True),
        **_placed(table.origin),
    }


def catalog_rows(catalog: Catalog) -> list[tuple[Any, Callable[[], Iterable[dict[str, Any]]]]]:
    """Each catalog table with a builder of its rows, parents before children.

    Builders, not lists: a caller writing one table at a time lets its rows go
    before the next table's are built (the peak of a large catalog's load).
    """
    return [
        (SourceRow.__table__, lambda: [_source_row(s) for s in catalog.sources.values()]),
        (QuantityRow.__table__, lambda: [_quantity_row(q) for q in catalog.quantities.values()]),
        (
            SubjectRow.__table__,
            lambda: [
                _subject_row(s)
                for s in _parents_first(
                    catalog.subjects.values(), lambda s: s.entry.id, lambda s: s.entry.variant_of
                )
            ],
        ),
        (
            FactRow.__table__,
            lambda: (
                _fact_row(f)
                for f in _parents_first(
                    catalog.facts.values(), lambda f: f.entry.id, lambda f: f.entry.supersedes
                )
            ),
        ),
        (TableSpecRow.__table__, lambda: [_table_row(t) for t in catalog.tables.values()]),
        (
            AcknowledgementRow.__table__,
            lambda: [_acknowledgement_row(a) for a in catalog.acknowledgements.values()],
        ),
    ]


def row_key(table: Any) -> str:
    """The column that identifies a row of one of the catalog's tables."""
    return "finding" if table is AcknowledgementRow.__table__ else "id"


def _acknowledgement_row(acknowledgement: Acknowledgement) -> dict[str, Any]:
    e = acknowledgement.entry
    return {
        "finding": e.finding,
        "reason": e.reason,
        "date": e.date,
        "numbers": e.numbers,
        **_placed(acknowledgement.origin),
    }


M = TypeVar("M", bound=BaseModel)


@cache
def _defaults(model: type[BaseModel]) -> dict[str, Any]:
    # Fields with a default factory (a mutable default) are left out: callers give them.
    return {
        name: info.get_default()
        for name, info in model.model_fields.items()
        if not info.is_required() and info.default_factory is None
    }


def _trusted(model: type[M], values: dict[str, Any]) -> M:
    """An entry built from rows that were checked when loaded: what `model_construct`
    does, with the defaults worked out once per model instead of once per row."""
    entry = model.__new__(model)
    object.__setattr__(entry, "__dict__", {**_defaults(model), **values})
    object.__setattr__(entry, "__pydantic_fields_set__", set(values))
    object.__setattr__(entry, "__pydantic_extra__", None)
    object.__setattr__(entry, "__pydantic_private__", None)
    return entry


def _entry_fields(row: Any, names: Iterable[str]) -> dict[str, Any]:
    fields = {}
    for name in names:
        value = getattr(row, name)
        if value is not None and value != [] and value != {}:
            fields[name] = tuple(value) if isinstance(value, list) else value
    return fields


def _origin(row: Any) -> Origin:
    return Origin(row.file, row.line, row.position)


def _by_place(rows: Iterable[T]) -> list[T]:
    return sorted(rows, key=lambda r: (getattr(r, "file"), getattr(r, "position")))  # noqa: B009


_FACT_READ = (
    *("id", "subject_id", "quantity_id", "subject_written", "literal", "undisclosed"),
    *("exact", "value_norm", "low_norm", "high_norm", "tier", "source_id", "via_id"),
    *("locator", "date", "note", "rank", "status", "supersedes_id", "reason"),
    *("alternatives", "precision", "computed_from", *PLACE_COLUMNS),
)
"""The fact columns a fact entry is rebuilt from, read by name: the parsed magnitude and
unit are not read back (the literal is parsed again, as it was at load)."""
_FACT_COLUMNS = [getattr(FactRow.__table__.c, name) for name in _FACT_READ]
# Read as text and decoded only when not empty: most facts carry no qualifiers.
_QUALIFIERS_TEXT = type_coerce(FactRow.__table__.c.qualifiers, Text)


def _qualifiers(stored: Any) -> dict[str, Any]:
    if stored is None or stored == "{}":
        return {}
    return stored if isinstance(stored, dict) else dict(json.loads(stored))


def _fact(row: Mapping[str, Any], superseded_by: str | None) -> Fact:
    """The fact a stored row holds, its columns read by name."""
    given: dict[str, Any] = {"id": row["id"], "quantity": row["quantity_id"], "tier": row["tier"]}
    for name in ("locator", "date", "note", "rank", "reason", "precision"):
        value = row[name]
        if value is not None:
            given[name] = value
    for name, column in (
        ("value", "literal"),
        ("source", "source_id"),
        ("via", "via_id"),
        ("supersedes", "supersedes_id"),
    ):
        value = row[column]
        if value is not None:
            given[name] = value
    given.update(
        undisclosed=row["undisclosed"],
        exact=row["exact"],
        subject=row["subject_id"] if row["subject_written"] else None,
        # plain text, as a file entry holds it (a YAML writer takes no enum)
        status=(Status.withdrawn if row["status"] == Status.withdrawn else Status.current).value,
        # Given, not defaulted: model_construct would inspect the default factory.
        qualifiers=_qualifiers(row["qualifiers"]),
        alternatives=tuple(
            _trusted(AlternativeReading, {"reason": None, **a}) for a in row["alternatives"] or ()
        ),
        computed_from=tuple(row["computed_from"] or ()),
    )
    parsed = written_value(row["literal"], row["precision"]) if row["literal"] is not None else None
    normal = row["value_norm"]
    return Fact(
        entry=_trusted(FactEntry, given),
        subject=row["subject_id"],
        origin=Origin(row["file"], row["line"], row["position"]),
        parsed=parsed,
        normal=NormalValue(normal, row["low_norm"], row["high_norm"])
        if normal is not None
        else None,
        status=Status(row["status"]),
        superseded_by=superseded_by,
    )


def read_loaded(conn: Connection, *, with_facts: bool = True) -> Catalog:
    """Rebuild the stored `Catalog`; raise `EmptyDatabase` when nothing was loaded yet."""
    catalog = read_back(conn, with_facts=with_facts)
    if not catalog.quantities:
        raise EmptyDatabase("the database holds no catalog yet; run `facts load` first")
    return catalog


def read_back(conn: Connection, *, with_facts: bool = True) -> Catalog:
    """Rebuild the `Catalog` the database holds, in file and position order.

    The rows were checked when they were loaded: entries are built without being
    validated again. Without facts it is what rules are checked against.
    """
    with gc_paused():
        return _read_back(conn, with_facts)


def _read_back(conn: Connection, with_facts: bool) -> Catalog:
    catalog = Catalog(units=define_stored_units(conn))
    for row in _by_place(conn.execute(select(SourceRow.__table__)).all()):
        entry = _trusted(SourceEntry, _entry_fields(row, SourceEntry.model_fields))
        catalog.sources[entry.id] = Source(entry, _origin(row))
    for row in _by_place(conn.execute(select(QuantityRow.__table__)).all()):
        fields = {
            name: getattr(row, QUANTITIES.column(name)) for name in QuantityEntry.model_fields
        }
        fields["synonyms"] = tuple(fields["synonyms"] or ())
        catalog.quantities[row.id] = Quantity(
            _trusted(QuantityEntry, fields),
            _origin(row),
            row.unit,
            _bound(row.min_value),
            _bound(row.max_value),
        )
    for row in _by_place(conn.execute(select(SubjectRow.__table__)).all()):
        subject = _trusted(SubjectEntry, _entry_fields(row, SubjectEntry.model_fields))
        catalog.subjects[subject.id] = Subject(subject, _origin(row), row.file_subject)
    if not with_facts:
        return catalog
    names = (*_FACT_READ, "qualifiers")
    at = {name: index for index, name in enumerate(names)}
    file, position, fact_id, supersedes = (
        at[n] for n in ("file", "position", "id", "supersedes_id")
    )
    fact_rows = sorted(
        conn.execute(select(*_FACT_COLUMNS, _QUALIFIERS_TEXT)).all(),
        key=lambda r: (r[file], r[position]),
    )
    superseded_by = {r[supersedes]: r[fact_id] for r in fact_rows if r[supersedes] is not None}
    for row in fact_rows:
        stored = dict(zip(names, row, strict=True))  # read by name; one row's dict at a time
        catalog.facts[stored["id"]] = _fact(stored, superseded_by.get(stored["id"]))
    _read_tables(conn, catalog)
    for row in _by_place(conn.execute(select(AcknowledgementRow.__table__)).all()):
        fields = _entry_fields(row, ("finding", "reason", "date", "numbers"))
        catalog.acknowledgements[row.finding] = Acknowledgement(
            _trusted(AcknowledgementEntry, fields), _origin(row)
        )
    return catalog


def _read_tables(conn: Connection, catalog: Catalog) -> None:
    for row in _by_place(conn.execute(select(TableSpecRow.__table__)).all()):
        catalog.tables[row.id] = Table(TableEntry.model_validate(row.spec), _origin(row))


def _bound(value: Decimal | None) -> NormalValue | None:
    return NormalValue(value, value, value) if value is not None else None
