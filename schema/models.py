"""Pydantic models of the catalog files: sources, quantities, subjects, facts.

Frozen and strict about unknown fields: a misspelt key is an error that names
the keys that would be right. Scalars arrive as the text that was written
(`schema.yaml_source`) and each field reads it as its type.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    field_validator,
    model_validator,
)

from schema.refs import QUANTITY_ID, SLUG
from schema.status import Status
from schema.tiers import Tier

Slug = Annotated[str, StringConstraints(pattern=rf"^{SLUG}$", max_length=120)]
FactId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9._@:+-]*$", max_length=200)]
QuantityId = Annotated[str, StringConstraints(pattern=rf"^{QUANTITY_ID}$", max_length=120)]
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def _printable(text: str) -> str:
    found = _CONTROL.search(text)
    if found:
        raise ValueError(f"contains the control character U+{ord(found.group()):04X}; remove it")
    return text


Text = Annotated[str, StringConstraints(min_length=1), AfterValidator(_printable)]
_PARTIAL_DATE = re.compile(r"\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?")


def _partial_date(text: str) -> str:
    if not _PARTIAL_DATE.fullmatch(text):
        raise ValueError(
            f"{text!r} is not a date; write a year, a year and month, or a date: 2026, "
            "2026-08 or 2026-08-31 (months 01–12)"
        )
    return text


PartialDate = Annotated[str, AfterValidator(_partial_date)]
"""A year, a year and month, or a date: 2026, 2026-08, 2026-08-31 (a month 01–12)."""

SourceKind = Literal[
    "vendor-doc",
    "standard",
    "paper",
    "source-code",
    "documentation",
    "measurement",
    "teardown",
    "blog",
    "course",
    "book",
    "website",
    "other",
]
SubjectKind = Literal[
    "chip",
    "variant",
    "core",
    "memory-standard",
    "system",
    "interconnect",
    "workload",
    "operator",
    "other",
]
WrittenTier = Literal["official", "measured", "inferred", "estimated"]
WrittenStatus = Literal["current", "withdrawn"]  # held to schema.status by a test
"""The tiers a catalog may write: `schema.tiers.WRITTEN_TIERS`, spelled out for the type
checker (tests/test_tiers.py holds the two together)."""


class Entry(BaseModel):
    """Base of every catalog entry: frozen, unknown keys rejected."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


class SourceEntry(Entry):
    """Where numbers come from."""

    id: Slug
    title: Text
    kind: SourceKind
    publisher: Text | None = None
    authors: tuple[Text, ...] = ()
    url: Annotated[str, StringConstraints(pattern=r"^https?://\S+$")] | None = None
    doi: Annotated[str, StringConstraints(pattern=r"^10\.\d{4,9}/\S+$")] | None = None
    arxiv: Annotated[str, StringConstraints(pattern=r"^\d{4}\.\d{4,5}(v\d+)?$")] | None = None
    revision: Text | None = None  # the version read: a repository commit, "Rev. 1.2"
    published: PartialDate | None = None
    accessed: dt.date | None = None
    note: Text | None = None


class QuantityEntry(Entry):
    """What is measured, with the reference unit that fixes its dimension."""

    id: QuantityId
    name: Text
    name_zh: Text | None = None
    synonyms: tuple[Text, ...] = ()
    unit: Annotated[str, AfterValidator(_printable)] = ""
    count: bool = False
    min: Text | None = None
    max: Text | None = None
    description: Text | None = None


class SubjectEntry(Entry):
    """What a number describes: a chip, a variant, a standard, a system, a workload."""

    id: Slug
    name: Text
    kind: SubjectKind
    vendor: Text | None = None
    aliases: tuple[Text, ...] = ()
    variant_of: Slug | None = None
    note: Text | None = None


class AlternativeReading(Entry):
    """Another way to read a fact's written value (a rounded "8 TB/s" as 8 × 1,024 GB/s)."""

    value: Text
    reason: Text | None = None


class FactEntry(Entry):
    """One statement: a subject's quantity has a value, says a source, this surely."""

    id: FactId
    subject: Slug | None = None
    quantity: QuantityId
    value: Text | None = None
    undisclosed: bool = False
    exact: bool = False
    source: Slug | None = None
    via: Slug | None = None  # the copy it was read in (a book quoting `source`)
    locator: Text | None = None
    tier: WrittenTier
    date: dt.date | None = None
    qualifiers: dict[Slug, Text] = Field(default_factory=dict)
    alternatives: tuple[AlternativeReading, ...] = ()
    precision: Text | None = None
    computed_from: tuple[FactId, ...] = ()
    note: Text | None = None
    rank: Annotated[int, Field(ge=-(2**31), le=2**31 - 1)] | None = None
    supersedes: FactId | None = None
    reason: Text | None = None
    status: WrittenStatus = "current"

    @field_validator("tier", mode="before")
    @classmethod
    def _derived_is_not_written(cls, tier: object) -> object:
        if tier == Tier.derived:
            raise ValueError(
                "'derived' is set by rules, never written; use official, measured, "
                "inferred or estimated"
            )
        return tier

    @model_validator(mode="after")
    def _consistent(self) -> FactEntry:
        if self.undisclosed and self.value is not None:
            raise ValueError("an undisclosed fact has no value; drop `value` or `undisclosed`")
        if not self.undisclosed and self.value is None:
            raise ValueError("missing `value` (or `undisclosed: true` if the vendor does not say)")
        if (self.supersedes or self.status == Status.withdrawn) and self.reason is None:
            raise ValueError("a correction or a withdrawal needs a `reason`")
        if self.precision is not None and self.exact:
            raise ValueError("a fact is either `exact: true` or has a `precision:`, not both")
        if self.via is not None and self.source is None:
            raise ValueError(
                "`via` names the copy a number was read in; name the original it copies "
                "in `source` (which sets the tier)"
            )
        if self.via is not None and self.via == self.source:
            raise ValueError(
                f"`via` is the copy the number was read in, `source` the original: both are "
                f"{self.via!r}; drop `via` when the number was read in the original"
            )
        return self


class TableColumn(Entry):
    """A column of a table: one subject, with the label the course gives it; or a column
    of words (`key`, with a label), whose cells rows give as text."""

    subject: Slug | None = None
    key: Slug | None = None
    label: Text | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> TableColumn:
        if (self.subject is None) == (self.key is None):
            raise ValueError("a column has a `subject`, or a `key` for a column of words")
        if self.key is not None and not self.label:
            raise ValueError("a column of words (`key`) needs its `label`")
        return self

    @property
    def cell_key(self) -> str:
        """The name its cells go by in a row's `cells`: its subject, or its key."""
        return self.subject or self.key or ""


class TableRow(Entry):
    """A row of a table: a quantity, a derived quantity, or text with fact references."""

    label: Text
    quantity: QuantityId | None = None
    derived: QuantityId | None = None
    text: Text | None = None
    cells: dict[Slug, Text] = Field(default_factory=dict)
    unit: str | None = None
    digits: Annotated[int, Field(ge=1, le=9)] | None = None
    approx: bool = False  # the author writes it "≈ 35 TB/s" on purpose
    qualifier: Text | None = None  # words after the value: "dense", "双向"

    @model_validator(mode="after")
    def _one_kind(self) -> TableRow:
        given = [k for k in ("quantity", "derived", "text") if getattr(self, k) is not None]
        if self.cells:
            given.append("cells")
        if len(given) != 1:
            raise ValueError("a row needs exactly one of `quantity`, `derived`, `text` or `cells`")
        return self


class TableEntry(Entry):
    """A table of the course, exported from the catalog: rows × subjects."""

    id: Slug
    title: Text
    caption: Text | None = None
    corner: Text | None = None
    columns: Annotated[tuple[TableColumn, ...], Field(min_length=1)]
    rows: Annotated[tuple[TableRow, ...], Field(min_length=1)]
    lang: Literal["en", "zh"] = "en"  # the language of its footnotes and fixed words
    transpose: bool = False  # the subjects as rows, the quantities as columns
    separator: Literal[",", "", " "] = ","  # thousands separator of its values


class AcknowledgementEntry(Entry):
    """A finding the catalog knows of and keeps on purpose: its id, why, since when."""

    finding: Annotated[str, StringConstraints(min_length=1, max_length=400)]
    reason: Text
    date: dt.date | None = None
    numbers: Text | None = None  # the finding's numbers when it was acknowledged

    @field_validator("finding")
    @classmethod
    def _an_id(cls, finding: str) -> str:
        if not re.fullmatch(r"[a-z][a-z-]*:\S+", finding):
            raise ValueError(
                f"{finding!r} is not a finding id; an id is its kind, a colon and what it is "
                "about (conflict:SUBJECT:QUANTITY:FACTS), as `facts audit -f json` prints it"
            )
        return finding


class CatalogFile(Entry):
    """One YAML file of the catalog: any of these keys, all optional."""

    sources: tuple[SourceEntry, ...] = ()
    quantities: tuple[QuantityEntry, ...] = ()
    subjects: tuple[SubjectEntry, ...] = ()
    subject: SubjectEntry | None = None
    facts: tuple[FactEntry, ...] = ()
    tables: tuple[TableEntry, ...] = ()
    acknowledged: tuple[AcknowledgementEntry, ...] = ()
    units: tuple[Text, ...] = ()  # units.yaml only: `name = expression`, the registry's syntax

    @field_validator(
        "sources",
        "quantities",
        "subjects",
        "facts",
        "tables",
        "acknowledged",
        "units",
        mode="before",
    )
    @classmethod
    def _empty_list(cls, value: object) -> object:
        # `facts:` with every entry commented out is an empty list, not an error.
        return () if value is None else value
