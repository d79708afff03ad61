"""A fact's status: the one declaration of what it may be.

A catalog writes `current` (the default) or `withdrawn`; a fact is `superseded` when a
later fact names it in `supersedes:`, which the reader sets. Only a current fact is a
value the catalog stands by: the deriver takes it, a table shows it, a text is held to it.
"""

from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    """Where a fact stands."""

    current = "current"
    superseded = "superseded"  # set by the reader, never written
    withdrawn = "withdrawn"


WRITTEN_STATUSES = (Status.current.value, Status.withdrawn.value)
"""The statuses a catalog may write."""
REPLACED = frozenset({Status.superseded, Status.withdrawn})
"""The statuses of a value the catalog once stood by and no longer does."""
