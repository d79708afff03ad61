"""The tiers and their order are declared once (`schema.tiers`); every other spelling of
the written tiers is held to it."""

from __future__ import annotations

import re
from typing import get_args

import pytest
from conftest import REPO

from db.models import FactRow
from schema.models import WrittenTier
from schema.tiers import TIER_ORDER, WEAK_TIERS, WRITTEN_TIERS, Tier, weakest


def test_the_order_is_the_members_order_with_derived_below_what_is_sourced() -> None:
    assert list(TIER_ORDER) == [t.value for t in Tier]
    assert TIER_ORDER["measured"] < TIER_ORDER["derived"] < TIER_ORDER["inferred"]
    assert WRITTEN_TIERS == ("official", "measured", "inferred", "estimated")
    assert set(WEAK_TIERS) == {t for t in WRITTEN_TIERS if TIER_ORDER[t] > TIER_ORDER["derived"]}


@pytest.mark.parametrize(
    ("tiers", "expected"),
    [(["official", "measured"], "measured"), (["estimated", "derived"], "estimated")],
)
def test_a_derived_value_is_as_strong_as_its_weakest_input(tiers: list[str], expected: str) -> None:
    assert weakest(tiers) == expected


def test_every_spelling_of_the_written_tiers_is_the_declared_one() -> None:
    assert get_args(WrittenTier) == WRITTEN_TIERS  # the file entries' type
    constraint = next(c for c in FactRow.__table__.constraints if c.name == "ck_facts_tier")
    assert tuple(re.findall(r"'(\w+)'", str(constraint.sqltext))) == WRITTEN_TIERS  # the table
    from cli.import_commands import Tier as ImportTier  # the command line's choices

    assert tuple(t.value for t in ImportTier) == WRITTEN_TIERS


def test_no_second_tier_order_is_written() -> None:
    pattern = re.compile(r"[\"']official[\"']\s*:\s*0")
    found = [
        str(path.relative_to(REPO))
        for package in ("schema", "db", "derive", "cli")
        for path in (REPO / package).rglob("*.py")
        if pattern.search(path.read_text("utf-8"))
    ]
    assert found == []


def test_no_tier_is_compared_set_or_keyed_as_bare_text() -> None:
    words = "|".join(t.value for t in Tier)
    written = "|".join(WRITTEN_TIERS)
    patterns = [
        re.compile(rf"(==|!=|tier=|TIER_ORDER\[)\s*[\"']({words})[\"']"),  # compared, set
        re.compile(rf"^\s*[\"']({written})[\"']\s*:", re.MULTILINE),  # a table keyed by tier
    ]
    found = [
        str(path.relative_to(REPO))
        for package in ("schema", "db", "derive", "cli")
        for path in (REPO / package).rglob("*.py")
        if path.name != "tiers.py" and any(p.search(path.read_text("utf-8")) for p in patterns)
    ]
    assert found == []
