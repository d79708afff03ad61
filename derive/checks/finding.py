"""The finding type, the kinds in report order, and the stable id of a finding.

A finding's id is made of what it is about, never of its wording:

    kind:subject:quantity:fact-a+fact-b/rule@where

with the facts sorted, the rules of a derivation after a `/`, and the place in a
table or a text after an `@` (`table:ID`, `text:FILE:LINE`). A finding about a
source alone is `kind:source-id`. Parts that do not apply are left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Kind(StrEnum):
    """A finding's kind; the members are in report order (how ties are broken and
    summaries are listed)."""

    conflict = "conflict"
    mismatch = "mismatch"
    out_of_range = "out-of-range"
    derivation_problem = "derivation-problem"
    imprecise = "imprecise"
    reading_spread = "reading-spread"
    weak = "weak"
    unsupported = "unsupported"
    undisclosed_in_use = "undisclosed-in-use"
    superseded_in_use = "superseded-in-use"
    text_mismatch = "text-mismatch"
    unsourced = "unsourced"
    text_unsourced = "text-unsourced"
    unidentifiable_source = "unidentifiable-source"
    undated = "undated"
    uncited_source = "uncited-source"
    stale_acknowledgement = "stale-acknowledgement"


KINDS = tuple(kind.value for kind in Kind)
"""Every kind's name, in report order."""
TEXT_PLACE = "text:"
"""How the place of a finding in a text starts (`@text:FILE:LINE` in its id)."""


def finding_id(
    kind: str,
    subject: str | None = None,
    quantity: str | None = None,
    facts: tuple[str, ...] = (),
    rules: tuple[str, ...] = (),
    where: str | None = None,
    sources: tuple[str, ...] = (),
) -> str:
    """The stable id of a finding: deterministic, readable, independent of file order."""
    parts = [kind]
    if subject is not None or quantity is not None:
        parts += [subject or "-", quantity or "-"]
    tail = "+".join(sorted(set(facts)))
    if not tail and subject is None and quantity is None:
        tail = "+".join(sorted(set(sources)))
    if rules:
        tail += "/" + "+".join(sorted(set(rules)))
    if where:
        tail += "@" + where
    if tail:
        parts.append(tail)
    return ":".join(parts)


def id_kind(finding: str) -> str | None:
    """The kind an id names (its first part), or None when it names no known kind."""
    kind, sep, rest = finding.partition(":")
    return kind if sep and rest and kind in KINDS else None


def from_text(finding: str) -> bool:
    """True when the id names a finding made from a checked text (only found with --text)."""
    return (
        id_kind(finding) in (Kind.text_mismatch, Kind.text_unsourced) or f"@{TEXT_PLACE}" in finding
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Finding:
    """One problem: what it is, where, why it may have happened, and how much rests on it.

    `numbers` is a short text of the values involved ("255 | 256"): an
    acknowledgement records it, and a change of it makes the acknowledgement stale.
    `discrepancy` is the relative difference where the finding has one.
    """

    kind: Kind
    message: str
    subject: str | None = None
    quantity: str | None = None
    facts: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    diagnosis: str | None = None
    weight: int = 0
    numbers: str = ""
    discrepancy: float | None = None
    where: str | None = None
    acknowledged: bool = False
    reason: str | None = None  # why the catalog keeps it, when acknowledged
    id: str = field(default="")

    def __post_init__(self) -> None:
        if not self.id:
            made = finding_id(
                self.kind,
                self.subject,
                self.quantity,
                self.facts,
                self.rules,
                self.where,
                self.sources,
            )
            object.__setattr__(self, "id", made)

    def as_json(self) -> dict[str, object]:
        """This finding as JSON-ready data, its id first."""
        data: dict[str, object] = {"id": self.id}
        data.update({name: getattr(self, name) for name in self.__slots__ if name != "id"})
        data["kind"] = self.kind.value  # plain text, which every writer takes
        return data
