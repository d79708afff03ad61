"""SQLAlchemy models of a load's bookkeeping: the catalog files as last loaded, and small
facts about the database itself (the catalog's folder, the rules' digest, its units).

They hold nothing of the catalog or of what the rules derive: what they keep tells the
next load whether it has work to do, and what it may use again instead of reading.
"""

from __future__ import annotations

from sqlalchemy import LargeBinary, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from db.models import Base


class CatalogFileRow(Base):
    """A catalog file as last loaded: its digest tells whether a reload has work to do;
    what was read of it (`schema.filecache`: its head with the index of its facts, and
    its body) lets a later load use it instead of parsing the file again while the
    digest is the same."""

    __tablename__ = "catalog_files"

    path: Mapped[str] = mapped_column(String(500), primary_key=True)
    sha256: Mapped[str] = mapped_column(String(64))
    head: Mapped[bytes | None] = mapped_column(LargeBinary)
    body: Mapped[bytes | None] = mapped_column(LargeBinary)


class StateRow(Base):
    """Small facts about the database itself (the digest of the rules last derived with)."""

    __tablename__ = "state"

    key: Mapped[str] = mapped_column(String(60), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
