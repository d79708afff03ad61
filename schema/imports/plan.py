"""Readings into fact entries, diffed with the catalog's current facts.

A reading is compared with the current facts of the same subject, quantity, source
and qualifiers (from an earlier import or written by hand): the same value (as
written, or the same number with the same precision) changes nothing; another value
is a correction, a new fact that `supersedes` the old one with the reading's date and
a `reason`; nothing to compare with is a new fact. Nothing is ever overwritten.

Ids follow the catalog's convention: `<subject>.<quantity>@<source>` for a new fact,
`...@<source>@<date>` for a correction, with `.2`, `.3` when taken. The diff finds
earlier facts by what they are about, not by id, so the ids only need to be unique.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from schema.catalog import Catalog, Fact
from schema.errors import CatalogError, FactsError
from schema.imports.cells import Reading
from schema.models import FactEntry
from schema.status import Status
from schema.values import normalise, parse_value

Key = tuple[str, str, str, tuple[tuple[str, str], ...]]


@dataclass(frozen=True, slots=True)
class Planned:
    """A fact the import will write, the reading it comes from, and what it corrects."""

    entry: FactEntry
    reading: Reading
    old: Fact | None = None


@dataclass(slots=True)
class Plan:
    """What the import would do: facts to write (new ones and corrections, in the order
    of the table's cells) and the facts the table repeats unchanged."""

    facts: list[Planned] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    errors: list[CatalogError] = field(default_factory=list)

    @property
    def added(self) -> list[Planned]:
        """The new facts: cells with nothing to compare with."""
        return [p for p in self.facts if p.old is None]

    @property
    def corrected(self) -> list[Planned]:
        """The corrections: cells whose value changed."""
        return [p for p in self.facts if p.old is not None]


def written(value: str | None) -> str:
    """A value as a reason names it."""
    return "undisclosed" if value is None else value


def _key(fact: Fact) -> Key:
    entry = fact.entry
    return (
        fact.subject,
        entry.quantity,
        entry.source or "",
        tuple(sorted(entry.qualifiers.items())),
    )


def same(fact: Fact, reading: Reading, catalog: Catalog) -> bool:
    """True when the reading says what the fact says: both undisclosed, the same text,
    or the same number with the same precision interval in the quantity's unit."""
    if reading.value is None or fact.entry.undisclosed:
        return reading.value is None and fact.entry.undisclosed
    if fact.entry.value == reading.value:
        return True
    quantity = catalog.quantities.get(reading.quantity)
    if quantity is None or fact.normal is None:
        return False
    try:
        exact = fact.entry.exact or quantity.entry.count
        normal = normalise(parse_value(reading.value), quantity.unit, exact=exact)
    except FactsError:
        return False
    if fact.entry.precision is not None:  # its interval was stated, not written in digits
        return normal.value == fact.normal.value
    return normal == fact.normal


class _Ids:
    def __init__(self, catalog: Catalog) -> None:
        self.taken = set(catalog.facts)

    def fresh(self, base: str) -> str:
        candidate, n = base, 2
        while candidate in self.taken:
            candidate, n = f"{base}.{n}", n + 1
        self.taken.add(candidate)
        return candidate


def plan(readings: list[Reading], catalog: Catalog, table: str, file: str) -> Plan:
    """Diff the readings of `table` with the catalog; new facts belong in `file`."""
    current: dict[Key, list[Fact]] = {}
    for fact in catalog.facts.values():
        if fact.status == Status.current:
            current.setdefault(_key(fact), []).append(fact)
    ids = _Ids(catalog)
    result = Plan()
    for reading in readings:
        candidates = current.get(reading.key, [])
        matching = [f for f in candidates if same(f, reading, catalog)]
        if matching:
            result.unchanged.append(matching[0].entry.id)
            continue
        base = f"{reading.subject}.{reading.quantity}@{reading.source}"
        if not candidates:
            entry = _entry(result, reading, {"id": ids.fresh(base)})
            if entry is not None:
                result.facts.append(Planned(entry, reading))
            continue
        mine = [f for f in candidates if f.origin.file == file]
        old = candidates[0] if len(candidates) == 1 else (mine[0] if len(mine) == 1 else None)
        if old is None:
            result.errors.append(
                CatalogError(
                    reading.place,
                    f"{written(reading.value)!r} differs from each of the current facts "
                    f"{', '.join(f.entry.id for f in candidates)} of {reading.subject} "
                    f"{reading.quantity} from {reading.source}; which one it corrects cannot "
                    "be told: supersede or withdraw all but one of them first",
                )
            )
            continue
        reason = (
            f"{table} ({reading.place.field}) reads {written(reading.value)!r} on "
            f"{reading.date.isoformat()}; it read {written(old.entry.value)!r} before"
        )
        extra = {
            "id": ids.fresh(f"{base}@{reading.date.isoformat()}"),
            "supersedes": old.entry.id,
            "reason": reason,
        }
        entry = _entry(result, reading, extra)
        if entry is not None:
            result.facts.append(Planned(entry, reading, old))
    return result


def _entry(result: Plan, reading: Reading, extra: dict[str, Any]) -> FactEntry | None:
    """The fact entry of a reading, or None with the problem recorded."""
    data: dict[str, Any] = {
        "id": extra["id"],
        "subject": reading.subject,
        "quantity": reading.quantity,
        "source": reading.source,
        "locator": reading.locator,
        "tier": reading.tier,
        "date": reading.date,
        "qualifiers": dict(reading.qualifiers),
        "note": reading.note,
    }
    if reading.value is None:
        data["undisclosed"] = True
    else:
        data["value"] = reading.value
    data.update({k: v for k, v in extra.items() if k != "id"})
    try:
        return FactEntry.model_validate({k: v for k, v in data.items() if v is not None})
    except ValidationError as exc:
        for error in exc.errors():
            where = ".".join(str(part) for part in error["loc"])
            message = str(error["msg"]).removeprefix("Value error, ")
            result.errors.append(
                CatalogError(reading.place, f"{where}: {message}" if where else message)
            )
        return None
