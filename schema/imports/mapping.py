"""The mapping file of an import: where the table comes from and what its words mean.

```yaml
source: amd-instinct-mi300-specs   # a source of the catalog, or a whole entry:
# source: {id: ..., title: ..., kind: vendor-doc, publisher: AMD, revision: ...}
tier: official
date: 2026-09-10                   # the facts' date (default: the day of the import)
locator: specifications table      # a default for every fact
layout: wide                       # wide (a row per subject) or long; default: from the header
subject_column: Accelerator        # the column naming the subject (default: the first)
columns:
  "Memory BW (bytes/s)": {quantity: hbm.bandwidth, unit: B/s, locator: memory section}
  "HBM": hbm.capacity
rows:
  "H100 SXM5": h100-sxm
skip: [Notes]                      # headers to ignore
skip_rows: [Average]               # row names to ignore
subjects: [...]                    # new subjects, written with the facts
table: {id: amd-instinct, title: ...}   # the table specification a wide import writes;
                                   # `table: false`: none
```

Read with the project's located reader, so a problem names the mapping's line.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from schema.errors import CatalogError, Place
from schema.imports.problems import check
from schema.models import QuantityId, Slug, SourceEntry, SubjectEntry, Text, WrittenTier
from schema.yaml_source import LocatedDocument, Path_, dotted, read_located


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


class ColumnMap(_Model):
    """What one header means: a quantity, the unit of its bare numbers, a locator."""

    quantity: QuantityId
    unit: str | None = None
    locator: Text | None = None
    note: Text | None = None
    qualifiers: dict[Slug, Text] = Field(default_factory=dict)


class TableMap(_Model):
    """The table specification a wide import writes: its id and title, when the
    defaults (the file's name, the source's title) will not do."""

    id: Slug | None = None
    title: Text | None = None


class MappingSource(SourceEntry):
    """A whole source entry in the mapping; `revision` too, written when the catalog
    format has it."""

    revision: Text | None = None


class Mapping(_Model):
    """The fields of a mapping file; all optional."""

    tier: WrittenTier | None = None
    date: dt.date | None = None
    locator: Text | None = None
    note: Text | None = None
    qualifiers: dict[Slug, Text] = Field(default_factory=dict)
    layout: Literal["wide", "long"] | None = None
    subject_column: Text | None = None
    columns: dict[str, ColumnMap] = Field(default_factory=dict)
    rows: dict[str, Slug] = Field(default_factory=dict)
    skip: tuple[str, ...] = ()
    skip_rows: tuple[str, ...] = ()
    subjects: tuple[SubjectEntry, ...] = ()
    table: TableMap | None = TableMap()  # None: `table: false`, no table specification

    @field_validator("columns", mode="before")
    @classmethod
    def _short_form(cls, value: object) -> object:
        # `"HBM": hbm.capacity` is short for `"HBM": {quantity: hbm.capacity}`.
        if isinstance(value, dict):
            return {k: {"quantity": v} if isinstance(v, str) else v for k, v in value.items()}
        return value

    @field_validator("table", mode="before")
    @classmethod
    def _table_switch(cls, value: object) -> object:
        # `table: false` turns the table off, `table: true` (or nothing) is the default
        if isinstance(value, dict):
            return value
        word = value.strip().casefold() if isinstance(value, str) else value
        if word is None or word is True or word in ("true", "yes", "on"):
            return {}
        if word is False or word in ("false", "no", "off"):
            return None
        raise ValueError("expected `false` (no table specification), or `{id: ..., title: ...}`")

    @field_validator("skip", "skip_rows", "subjects", mode="before")
    @classmethod
    def _empty_list(cls, value: object) -> object:
        return () if value is None else value


FIELDS = ("source", *Mapping.model_fields)


@dataclass(frozen=True, slots=True)
class MappingFile:
    """A mapping as read, with its source (an id or an entry) and where it was written."""

    mapping: Mapping
    source: str | MappingSource | None = None
    doc: LocatedDocument | None = None

    def place(self, *path: str | int) -> Place:
        """Where `path` (keys and indexes) was written in the mapping file."""
        if self.doc is None:
            return Place("the import's options")
        return self.doc.place(path)

    def column(self, header: str) -> tuple[str, ColumnMap] | None:
        """The mapping's entry for `header` (its key as written, and the entry)."""
        for key, value in self.mapping.columns.items():
            if key.strip() == header.strip():
                return key, value
        return None


EMPTY = MappingFile(Mapping())
"""No mapping file: the table's own words, and the options."""


def _problems(doc: LocatedDocument, exc: ValidationError, prefix: Path_) -> list[CatalogError]:
    errors = []
    for error in exc.errors():
        loc: Path_ = (*prefix, *error["loc"])
        if error["type"] == "missing":
            message = f"missing required field `{loc[-1]}`"
        elif error["type"] == "extra_forbidden" and len(loc) == 1:
            message = f"unknown field `{loc[-1]}`; expected one of: {', '.join(FIELDS)}"
        elif error["type"] == "extra_forbidden":
            message = f"unknown field `{loc[-1]}`"
        else:
            message = str(error["msg"]).removeprefix("Value error, ")
        errors.append(CatalogError(doc.place(loc, dotted(loc)), message))
    return errors


def read_mapping(path: Path, display: str | None = None) -> MappingFile:
    """Read and check a mapping file; raise `CatalogErrors` naming its lines."""
    shown = display if display is not None else str(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise CatalogError(Place(shown), "no such mapping file") from None
    except OSError as exc:
        raise CatalogError(Place(shown), f"cannot be read: {exc.strerror}") from None
    if not raw.strip():
        raise CatalogError(
            Place(shown, 1), f"the mapping file is empty; expected any of: {', '.join(FIELDS)}"
        )
    doc = read_located(path, shown, raw)
    if not isinstance(doc.data, dict):
        raise CatalogError(doc.place(()), f"expected a mapping with any of: {', '.join(FIELDS)}")
    data: dict[str, Any] = dict(doc.data)
    raw_source = data.pop("source", None)
    errors: list[CatalogError] = []
    mapping = Mapping()
    try:
        mapping = Mapping.model_validate(data)
    except ValidationError as exc:
        errors.extend(_problems(doc, exc, ()))
    source: str | MappingSource | None = None
    if isinstance(raw_source, dict):
        try:
            source = MappingSource.model_validate(raw_source)
        except ValidationError as exc:
            errors.extend(_problems(doc, exc, ("source",)))
    elif isinstance(raw_source, str):
        source = raw_source.strip()
    elif raw_source is not None:
        errors.append(
            CatalogError(
                doc.place(("source",)),
                "expected the id of a source of the catalog, or a source entry "
                "(id, title, kind, publisher, url, revision, published, accessed)",
            )
        )
    check(errors, shown)
    return MappingFile(mapping, source, doc)
