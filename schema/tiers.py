"""Confidence tiers: the one declaration of what they are and of their order.

A fact's tier is written in the catalog (`official`, `measured`, `inferred`,
`estimated`); a derived value's is `derived` when all its inputs are as strong, else
its weakest input's. The members are declared strongest first: that order is the
tier order every ranking uses (which input a rule takes, which value a table shows,
which catalog value a text is held to).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum


class Tier(StrEnum):
    """A value's confidence tier; the members are strongest first."""

    official = "official"
    measured = "measured"
    derived = "derived"  # set by rules, never written
    inferred = "inferred"
    estimated = "estimated"


WRITTEN_TIERS = tuple(t.value for t in Tier if t is not Tier.derived)
"""The tiers a catalog may write, strongest first."""
TIER_ORDER = {t.value: rank for rank, t in enumerate(Tier)}
"""Each tier's rank, 0 the strongest."""
WEAK_TIERS = (Tier.inferred.value, Tier.estimated.value)
"""The tiers below a derivation's: a value read off or guessed, not sourced."""


def weakest(tiers: Iterable[str]) -> str:
    """The weakest of `tiers` (a derived value is only as strong as its weakest input)."""
    return max(tiers, key=TIER_ORDER.__getitem__)
