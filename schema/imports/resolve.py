"""A table's words to the catalog's ids: a header to a quantity, a row name to a subject.

By the words only, never by the values: a header is a quantity's id, name, Chinese
name or synonym; a row name is a subject's id, name or alias; both compared without
case and spaces. A unit in parentheses or brackets at the end of a header
(`Memory BW (bytes/s)`, `HBM [GB/s]`) is the unit of the column's bare numbers.
A name that matches nothing, or more than one thing, is a problem that names the
closest candidates: nothing is guessed.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from schema.catalog import Catalog
from schema.errors import FactsError, Unresolved
from schema.models import SubjectEntry
from schema.units import canonical_unit, factor

_UNIT_AT_END = re.compile(r"^(?P<name>.*?)\s*[(\[](?P<unit>[^()\[\]]+)[)\]]\s*$")


def words(text: str) -> str:
    """A name as compared: NFKC, without case and without any spaces."""
    return "".join(unicodedata.normalize("NFKC", text).casefold().split())


def split_unit(header: str) -> tuple[str, str] | None:
    """A header's name and the canonical unit in brackets at its end (`Memory BW
    (bytes/s)` → `Memory BW`, `B/s`); None when it does not end in a known unit."""
    match = _UNIT_AT_END.match(header)
    if match is None or not match["name"].strip():
        return None
    try:
        return match["name"].strip(), canonical_unit(match["unit"])
    except FactsError:
        return None


@dataclass(frozen=True, slots=True)
class HeaderMatch:
    """What a header names: a quantity, and the unit of the column's bare numbers."""

    quantity: str
    unit: str | None


class Vocabulary:
    """The catalog's quantities and subjects by their words, for one import."""

    def __init__(self, catalog: Catalog, new_subjects: Sequence[SubjectEntry] = ()) -> None:
        self.catalog = catalog
        self.units = {qid: q.unit for qid, q in catalog.quantities.items()}
        self.quantity_names = {qid: q.entry.name for qid, q in catalog.quantities.items()}
        self._quantities = _index(
            (qid, (qid, q.entry.name, q.entry.name_zh, *q.entry.synonyms))
            for qid, q in catalog.quantities.items()
        )
        subjects = [s.entry for s in catalog.subjects.values()]
        subjects += [s for s in new_subjects if s.id not in catalog.subjects]
        self.subject_names = {s.id: s.name for s in subjects}
        self._subjects = _index((s.id, (s.id, s.name, *s.aliases)) for s in subjects)

    def has_quantity(self, quantity: str) -> bool:
        """True for a quantity of the catalog (its own or the standard vocabulary's)."""
        return quantity in self.units

    def has_subject(self, subject: str) -> bool:
        """True for a subject of the catalog or one the import adds."""
        return subject in self.subject_names

    def quantity_suggestion(self, name: str) -> str:
        """'; the closest: ...' naming the quantities closest to `name`, or ''."""
        return _suggest(name, self._quantities, self.quantity_names)

    def subject_suggestion(self, name: str) -> str:
        """'; the closest: ...' naming the subjects closest to `name`, or ''."""
        return _suggest(name, self._subjects, self.subject_names)

    def header(self, header: str) -> HeaderMatch:
        """The quantity a header names (and its unit); `Unresolved` when none or several."""
        found = self._quantities.get(words(header), ())
        if len(found) == 1:
            return HeaderMatch(found[0], None)
        if len(found) > 1:
            raise Unresolved(_ambiguous(header, "quantities", found))
        split = split_unit(header)
        if split is not None:
            name, unit = split
            found = self._quantities.get(words(name), ())
            if len(found) > 1:
                raise Unresolved(_ambiguous(name, "quantities", found))
            if found:
                self.check_unit(found[0], unit)
                return HeaderMatch(found[0], unit)
            header = name
        raise Unresolved(
            f"no quantity has the id, name, name_zh or synonym {header!r}"
            f"{self.quantity_suggestion(header)}"
        )

    def check_unit(self, quantity: str, unit: str) -> None:
        """Raise `Unresolved` when `unit` cannot convert to the quantity's unit (the
        reader's own conversion check, once per column instead of once per cell)."""
        try:
            factor(unit, self.units[quantity])
        except FactsError as exc:
            raise Unresolved(
                f"{exc}; {quantity} is measured in {self.units[quantity] or 'plain numbers'}"
            ) from None

    def subject(self, name: str) -> str:
        """The subject a row name names; `Unresolved` when none or several."""
        found = self._subjects.get(words(name), ())
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise Unresolved(_ambiguous(name, "subjects", found))
        raise Unresolved(
            f"no subject has the id, name or alias {name!r}{self.subject_suggestion(name)}"
        )


def _index(entries: Iterable[tuple[str, Iterable[str | None]]]) -> dict[str, tuple[str, ...]]:
    index: dict[str, tuple[str, ...]] = {}
    for entry_id, names in entries:
        for name in names:
            if not name:
                continue
            key = words(name)
            if entry_id not in index.get(key, ()):
                index[key] = (*index.get(key, ()), entry_id)
    return index


def _ambiguous(name: str, kind: str, ids: Sequence[str]) -> str:
    return f"{name!r} names several {kind}: {', '.join(ids)}; say which one in the mapping"


def _suggest(name: str, index: dict[str, tuple[str, ...]], labels: dict[str, str]) -> str:
    close = difflib.get_close_matches(words(name), list(index), n=6, cutoff=0.6)
    ids: list[str] = []
    for key in close:
        ids.extend(i for i in index[key] if i not in ids)
    if not ids:
        return ""
    named = [i if labels.get(i, i) == i else f"{i} ({labels[i]})" for i in ids[:3]]
    return f"; the closest: {', '.join(named)}"
