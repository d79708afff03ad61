"""The problems of one import, reported all at once and capped to a readable number."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence

from schema.errors import CatalogError, CatalogErrors

MAX_SHOWN = 50
"""At most this many problem lines; the summary line counts the rest."""


class ImportErrors(CatalogErrors):
    """Every problem of an import (the first `MAX_SHOWN` of them kept); nothing written."""

    def __init__(self, errors: Sequence[CatalogError], table: str) -> None:
        unique: dict[str, CatalogError] = {}
        for error in errors:  # a mapping's mistake met on every row is said once
            unique.setdefault(str(error), error)
        super().__init__(list(unique.values()))
        total = len(self.errors)
        self.total = total
        self.errors = self.errors[:MAX_SHOWN]
        noun = "problem" if total == 1 else "problems"
        shown = f" (the first {MAX_SHOWN} shown)" if total > MAX_SHOWN else ""
        self.args = (f"{total} {noun} importing {table}{shown}; nothing was written",)


def check(errors: Sequence[CatalogError], table: str) -> None:
    """Raise `ImportErrors` when there is any problem."""
    if errors:
        raise ImportErrors(errors, table)


def closest(name: str, candidates: Iterable[str]) -> str:
    """'; the closest: …' naming the candidates nearest to `name`, or ''."""
    close = difflib.get_close_matches(name, sorted(candidates), n=3, cutoff=0.6)
    return f"; the closest: {', '.join(close)}" if close else ""
