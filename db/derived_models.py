"""SQLAlchemy models of what the rules produce: rules, derivations, their inputs, problems.

Derived values are rebuilt whole with every load and every `facts derive --all`,
so a stale one never survives a change of the facts it rests on.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Double,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
)
from sqlalchemy.orm import Mapped, mapped_column

from db.models import Base, Placed


class RuleRow(Placed, Base):
    """A derivation rule as it was loaded."""

    __tablename__ = "rules"

    id: Mapped[str] = mapped_column(String(120), primary_key=True)
    output_id: Mapped[str] = mapped_column(String(120), ForeignKey("quantities.id"), index=True)
    formula: Mapped[str] = mapped_column(Text)
    description: Mapped[str] = mapped_column(Text)
    subjects: Mapped[list[str]] = mapped_column(JSON, default=list)
    kinds: Mapped[list[str]] = mapped_column(JSON, default=list)
    source_id: Mapped[str | None] = mapped_column(String(120), ForeignKey("sources.id"), index=True)
    locator: Mapped[str | None] = mapped_column(Text)
    tolerance: Mapped[float] = mapped_column(Double, default=0.0)


class DerivationRow(Base):
    """One rule applied to one subject: value and interval in the output's reference unit."""

    __tablename__ = "derivations"
    __table_args__ = (Index("ix_derivations_subject_quantity", "subject_id", "quantity_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    subject_id: Mapped[str] = mapped_column(String(120), ForeignKey("subjects.id"))
    quantity_id: Mapped[str] = mapped_column(String(120), ForeignKey("quantities.id"))
    rule_id: Mapped[str] = mapped_column(String(120), ForeignKey("rules.id"), index=True)
    owner: Mapped[str] = mapped_column(String(120), index=True, default="", server_default="")
    top: Mapped[bool] = mapped_column(Boolean)
    alternative: Mapped[int] = mapped_column(Integer, default=0)
    value: Mapped[float] = mapped_column(Double)
    low: Mapped[float] = mapped_column(Double)
    high: Mapped[float] = mapped_column(Double)
    approx: Mapped[bool] = mapped_column(Boolean, default=False)
    weakest_tier: Mapped[str] = mapped_column(String(20))
    widest: Mapped[str | None] = mapped_column(Text)
    conflict: Mapped[bool] = mapped_column(Boolean, default=False)
    reading: Mapped[str | None] = mapped_column(Text)  # an input read another way


class DerivationInputRow(Base):
    """Which value filled one reference of a derivation's formula, and why."""

    __tablename__ = "derivation_inputs"

    derivation_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("derivations.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    ref: Mapped[str] = mapped_column(Text)
    subject_id: Mapped[str] = mapped_column(String(120), ForeignKey("subjects.id"))
    quantity_id: Mapped[str] = mapped_column(String(120), ForeignKey("quantities.id"))
    fact_id: Mapped[str | None] = mapped_column(String(200), ForeignKey("facts.id"), index=True)
    input_derivation_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("derivations.id"), index=True
    )
    reason: Mapped[str] = mapped_column(Text)
    others: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)


class DerivationProblemRow(Base):
    """A rule that could not be applied to a subject, and why."""

    __tablename__ = "derivation_problems"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    subject_id: Mapped[str] = mapped_column(String(120), ForeignKey("subjects.id"))
    quantity_id: Mapped[str] = mapped_column(String(120), ForeignKey("quantities.id"))
    rule_id: Mapped[str] = mapped_column(String(120), ForeignKey("rules.id"), index=True)
    kind: Mapped[str] = mapped_column(String(40))
    detail: Mapped[str] = mapped_column(Text)
