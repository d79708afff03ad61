"""Errors raised while reading the catalog.

    FactsError                      base of every error `facts` raises on purpose
    ├── Unwritable (OSError)            an output file that cannot be written where asked
    ├── ValueSyntaxError (ValueError)   a value literal that cannot be read
    │   └── UnitError                   a unit outside the vocabulary, or of the wrong dimension
    ├── CatalogError (ValueError)       one problem at a place in a catalog file
    ├── CatalogErrors                   every problem of a catalog, all reported at once
    │   └── ImportErrors                an import's problems (schema.imports.problems)
    ├── CatalogExists (ValueError)      `facts init` into a folder that holds files
    ├── UnknownName (LookupError)       a subject, quantity, source, table or rule named that
    │                                   the catalog (or the database loaded from it) lacks
    └── Unresolved                      an imported name the catalog knows not, or twice
        └── MappingProblem              a mapping's unknown name, at its line (schema.imports.cells)

Other layers add their own branches under `FactsError` (`db.errors`, `derive.errors`).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


class FactsError(Exception):
    """Base of every error `facts` raises on purpose; its text is for the user."""


class Unwritable(FactsError, OSError):
    """An output file that cannot be written where the command was asked to write it."""


class ValueSyntaxError(FactsError, ValueError):
    """A value literal that cannot be read as a number, range or bound with a unit."""


class UnitError(ValueSyntaxError):
    """A unit outside the vocabulary, or of a dimension the quantity cannot take."""


@dataclass(frozen=True, slots=True)
class Place:
    """Where in the catalog something was written: file, line (1-based) and field."""

    file: str
    line: int | None = None
    field: str | None = None

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return where if not self.field else f"{where}: {self.field}"


class CatalogError(FactsError, ValueError):
    """One problem at one place in a catalog file."""

    def __init__(self, place: Place, message: str) -> None:
        super().__init__(f"{place}: {message}")
        self.place = place
        self.message = message


class CatalogErrors(FactsError):
    """Every problem found in a catalog, in file and line order."""

    def __init__(self, errors: Sequence[CatalogError]) -> None:
        ordered = sorted(errors, key=lambda e: (e.place.file, e.place.line or 0))
        noun = "problem" if len(ordered) == 1 else "problems"
        super().__init__(f"{len(ordered)} {noun} in the catalog; nothing was loaded")
        self.errors: tuple[CatalogError, ...] = tuple(ordered)


def suggest(name: str, candidates: Iterable[str]) -> str:
    """Return '; did you mean ...?' naming the closest candidates, or ''."""
    close = difflib.get_close_matches(name, list(candidates), n=3, cutoff=0.5)
    return f"; did you mean {', '.join(close)}?" if close else ""


class CatalogExists(FactsError, ValueError):
    """`facts init` into a folder that already holds files: refused, nothing written."""


class Unresolved(FactsError):
    """A name the catalog does not know, or knows more than once; the text says which."""


class UnknownName(FactsError, LookupError):
    """A subject, quantity, source, table or rule named that the catalog does not hold (nor
    the database loaded from it); the text says which, with the nearest names."""
