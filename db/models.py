"""SQLAlchemy models: sources, subjects, quantities and facts.

Every row keeps the file and list position it was written at, so that
`facts dump` writes the catalog back into the same files in the same order.
Constraints are named by a convention from the first migration on (SQLite's
batch migrations need names to find them).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    Date,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from db.types import ExactDecimal

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base with the constraint naming convention."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class Placed:
    """Columns that say where an entry was written in the catalog."""

    file: Mapped[str] = mapped_column(String(500))
    line: Mapped[int] = mapped_column(Integer)
    position: Mapped[int] = mapped_column(Integer)


class SourceRow(Placed, Base):
    """A source of numbers."""

    __tablename__ = "sources"

    id: Mapped[str] = mapped_column(String(120), primary_key=True)
    title: Mapped[str] = mapped_column(Text)
    kind: Mapped[str] = mapped_column(String(40))
    publisher: Mapped[str | None] = mapped_column(Text)
    authors: Mapped[list[str]] = mapped_column(JSON, default=list)
    url: Mapped[str | None] = mapped_column(Text)
    doi: Mapped[str | None] = mapped_column(String(200))
    arxiv: Mapped[str | None] = mapped_column(String(40))
    revision: Mapped[str | None] = mapped_column(Text)
    published: Mapped[str | None] = mapped_column(String(10))
    accessed: Mapped[dt.date | None] = mapped_column(Date)
    note: Mapped[str | None] = mapped_column(Text)


class SubjectRow(Placed, Base):
    """A chip, variant, standard, system or workload."""

    __tablename__ = "subjects"

    id: Mapped[str] = mapped_column(String(120), primary_key=True)
    name: Mapped[str] = mapped_column(Text)
    kind: Mapped[str] = mapped_column(String(40))
    vendor: Mapped[str | None] = mapped_column(Text)
    aliases: Mapped[list[str]] = mapped_column(JSON, default=list)
    variant_of: Mapped[str | None] = mapped_column(
        String(120), ForeignKey("subjects.id", ondelete="RESTRICT"), index=True
    )
    note: Mapped[str | None] = mapped_column(Text)
    file_subject: Mapped[bool] = mapped_column(Boolean, default=False)


class QuantityRow(Placed, Base):
    """What is measured, in which reference unit."""

    __tablename__ = "quantities"

    id: Mapped[str] = mapped_column(String(120), primary_key=True)
    name: Mapped[str] = mapped_column(Text)
    name_zh: Mapped[str | None] = mapped_column(Text)
    synonyms: Mapped[list[str]] = mapped_column(JSON, default=list)
    unit_written: Mapped[str] = mapped_column(String(40))
    unit: Mapped[str] = mapped_column(String(40))
    is_count: Mapped[bool] = mapped_column(Boolean, default=False)
    min_literal: Mapped[str | None] = mapped_column(Text)
    max_literal: Mapped[str | None] = mapped_column(Text)
    min_value: Mapped[Decimal | None] = mapped_column(ExactDecimal)
    max_value: Mapped[Decimal | None] = mapped_column(ExactDecimal)
    description: Mapped[str | None] = mapped_column(Text)


class FactRow(Placed, Base):
    """One statement of a value, with its source, tier, date and status."""

    __tablename__ = "facts"
    __table_args__ = (
        CheckConstraint("tier IN ('official', 'measured', 'inferred', 'estimated')", name="tier"),
        CheckConstraint("status IN ('current', 'superseded', 'withdrawn')", name="status"),
        CheckConstraint("(literal IS NULL) = undisclosed", name="value_or_undisclosed"),
        Index("ix_facts_subject_quantity", "subject_id", "quantity_id"),
        # Every column another row points at is indexed: deleting a referenced row
        # would otherwise scan the whole table once per row.
        Index("ix_facts_quantity_id", "quantity_id"),
        Index("ix_facts_source_id", "source_id"),
        Index("ix_facts_via_id", "via_id"),
        Index("ix_facts_supersedes_id", "supersedes_id"),
    )

    id: Mapped[str] = mapped_column(String(200), primary_key=True)
    subject_id: Mapped[str] = mapped_column(String(120), ForeignKey("subjects.id"))
    quantity_id: Mapped[str] = mapped_column(String(120), ForeignKey("quantities.id"))
    subject_written: Mapped[bool] = mapped_column(Boolean, default=True)
    literal: Mapped[str | None] = mapped_column(Text)
    undisclosed: Mapped[bool] = mapped_column(Boolean, default=False)
    exact: Mapped[bool] = mapped_column(Boolean, default=False)
    approx: Mapped[bool] = mapped_column(Boolean, default=False)
    comparator: Mapped[str | None] = mapped_column(String(2))
    magnitude: Mapped[Decimal | None] = mapped_column(ExactDecimal)
    magnitude_high: Mapped[Decimal | None] = mapped_column(ExactDecimal)
    unit: Mapped[str | None] = mapped_column(String(40))
    value_norm: Mapped[Decimal | None] = mapped_column(ExactDecimal)
    low_norm: Mapped[Decimal | None] = mapped_column(ExactDecimal)
    high_norm: Mapped[Decimal | None] = mapped_column(ExactDecimal)
    tier: Mapped[str] = mapped_column(String(20))
    source_id: Mapped[str | None] = mapped_column(String(120), ForeignKey("sources.id"))
    via_id: Mapped[str | None] = mapped_column(String(120), ForeignKey("sources.id"))
    locator: Mapped[str | None] = mapped_column(Text)
    date: Mapped[dt.date | None] = mapped_column(Date)
    qualifiers: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    alternatives: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    precision: Mapped[str | None] = mapped_column(Text)
    computed_from: Mapped[list[str]] = mapped_column(JSON, default=list)
    note: Mapped[str | None] = mapped_column(Text)
    rank: Mapped[int | None] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(20), default="current")
    supersedes_id: Mapped[str | None] = mapped_column(String(200), ForeignKey("facts.id"))
    reason: Mapped[str | None] = mapped_column(Text)


class TableSpecRow(Placed, Base):
    """A table specification of the catalog, kept whole as JSON."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(120), primary_key=True)
    title: Mapped[str] = mapped_column(Text)
    spec: Mapped[dict[str, Any]] = mapped_column(JSON)


class AcknowledgementRow(Placed, Base):
    """A finding the catalog acknowledges: its id, why, when, and its numbers then."""

    __tablename__ = "acknowledgements"

    finding: Mapped[str] = mapped_column(String(400), primary_key=True)
    reason: Mapped[str] = mapped_column(Text)
    date: Mapped[dt.date | None] = mapped_column(Date)
    numbers: Mapped[str | None] = mapped_column(Text)
