"""The validated catalog in memory: entries with where they were written.

A `Catalog` is what `schema.reader.read_catalog` returns and what the database
layer writes and reads back; every value in it has been parsed, checked
against its quantity's dimension and normalised into the reference unit.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from schema.errors import UnknownName, suggest
from schema.models import (
    AcknowledgementEntry,
    FactEntry,
    QuantityEntry,
    SourceEntry,
    SubjectEntry,
    TableEntry,
)
from schema.status import Status
from schema.values import NormalValue, ParsedValue


@dataclass(frozen=True, slots=True)
class Origin:
    """The file (relative to the catalog root), line and list position of an entry."""

    file: str
    line: int
    position: int

    @property
    def standard(self) -> bool:
        """True for an entry of the product's standard vocabulary, not of the catalog."""
        return self.file.startswith(STANDARD)


STANDARD = "<standard>/"
"""How the files of the product's standard vocabulary are named in origins and messages."""


@dataclass(frozen=True, slots=True)
class Source:
    """A source entry and where it was written."""

    entry: SourceEntry
    origin: Origin


@dataclass(frozen=True, slots=True)
class Quantity:
    """A quantity entry with its canonical reference unit and parsed bounds."""

    entry: QuantityEntry
    origin: Origin
    unit: str
    minimum: NormalValue | None = None
    maximum: NormalValue | None = None


@dataclass(frozen=True, slots=True)
class Subject:
    """A subject entry; `file_subject` when it heads its file (`subject:`)."""

    entry: SubjectEntry
    origin: Origin
    file_subject: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Fact:
    """A fact entry resolved: its subject, parsed and normalised value, and status."""

    entry: FactEntry
    subject: str
    origin: Origin
    parsed: ParsedValue | None
    normal: NormalValue | None
    status: Status = Status.current
    superseded_by: str | None = None


@dataclass(frozen=True, slots=True)
class Table:
    """A table specification and where it was written."""

    entry: TableEntry
    origin: Origin


@dataclass(frozen=True, slots=True)
class Acknowledgement:
    """A finding the catalog acknowledges, and where that was written."""

    entry: AcknowledgementEntry
    origin: Origin


@dataclass(slots=True, kw_only=True)
class Catalog:
    """Sources, quantities, subjects and facts by id, in the order they were written."""

    sources: dict[str, Source] = field(default_factory=dict)
    quantities: dict[str, Quantity] = field(default_factory=dict)
    subjects: dict[str, Subject] = field(default_factory=dict)
    facts: dict[str, Fact] = field(default_factory=dict)
    tables: dict[str, Table] = field(default_factory=dict)
    acknowledgements: dict[str, Acknowledgement] = field(default_factory=dict)
    units: dict[str, Origin] = field(default_factory=dict)  # a definition → where written

    def subject_named(self, name: str) -> str:
        """The id of the subject called `name` (its id, name or an alias, any case);
        `UnknownName` when none is."""
        if name in self.subjects:
            return name
        wanted = name.casefold()
        for subject_id, subject in self.subjects.items():
            names = (subject.entry.name, *subject.entry.aliases)
            if any(wanted == n.casefold() for n in names):
                return subject_id
        raise UnknownName(f"no subject {name!r}{suggest(name, list(self.subjects))}")

    def counts(self) -> dict[str, int]:
        """Return how many entries of each kind the catalog holds (its own: not the
        standard vocabulary's it includes)."""
        return {
            "sources": sum(not s.origin.standard for s in self.sources.values()),
            "quantities": sum(not q.origin.standard for q in self.quantities.values()),
            "subjects": len(self.subjects),
            "facts": len(self.facts),
            "tables": len(self.tables),
        }
