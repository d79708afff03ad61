"""Bounds that come from another quantity: a chip's pin rate within its memory
standard's range, a configured limit at most the capacity it limits.

Written in a rule file beside the rules:

    bounds:
      - id: hbm.pin_rate.within-hbm3e
        quantity: hbm.pin_rate
        within: hbm3e:hbm.pin_rate        # the other value's interval or range
        subjects: [tpu-v7, gb200]
        description: ...
      - id: smem.per-block.at-most-per-sm
        quantity: smem.max_per_block
        at_most: smem.capacity_per_sm     # same subject unless a subject is named
        kinds: [chip]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, model_validator

from schema.catalog import Origin
from schema.models import QuantityId, Slug, SubjectKind, Text
from schema.refs import Ref


def _reference(text: str) -> str:
    Ref.parse(text)
    return text


RefText = Annotated[str, AfterValidator(_reference)]


class BoundEntry(BaseModel):
    """One bound as written in a rule file."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    id: Slug
    quantity: QuantityId
    within: RefText | None = None
    at_most: RefText | None = None
    at_least: RefText | None = None
    description: Text
    subjects: tuple[Slug, ...] = ()
    kinds: tuple[SubjectKind, ...] = ()
    source: Slug | None = None
    locator: Text | None = None

    @model_validator(mode="after")
    def _one_limit(self) -> BoundEntry:
        given = [x for x in (self.within, self.at_most, self.at_least) if x is not None]
        if len(given) != 1:
            raise ValueError("a bound needs exactly one of `within`, `at_most`, `at_least`")
        return self


def meant_for(subjects: tuple[str, ...], kinds: tuple[str, ...], subject: str, kind: str) -> bool:
    """True when an entry scoped to `subjects` and `kinds` (none: all) covers this subject."""
    return (not subjects and not kinds) or subject in subjects or kind in kinds


@dataclass(frozen=True, slots=True)
class Bound:
    """A checked bound: which limit, against which reference."""

    entry: BoundEntry
    origin: Origin
    limit: str  # within | at_most | at_least
    ref: Ref

    @property
    def id(self) -> str:
        """The bound's id."""
        return self.entry.id

    def applies_to(self, subject: str, kind: str) -> bool:
        """True when the bound is meant for this subject (by id or kind, or for all)."""
        return meant_for(self.entry.subjects, self.entry.kinds, subject, kind)

    @classmethod
    def of(cls, entry: BoundEntry, origin: Origin) -> Bound:
        """Build a bound from its entry."""
        for limit in ("within", "at_most", "at_least"):
            text = getattr(entry, limit)
            if text is not None:
                return cls(entry, origin, limit, Ref.parse(text))
        raise AssertionError("validated: exactly one limit")  # pragma: no cover
