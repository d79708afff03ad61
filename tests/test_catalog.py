"""The project's own catalog: it loads on every backend and says what the course says."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from conftest import CATALOG

from schema.catalog import Catalog
from schema.reader import read_catalog


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return read_catalog(CATALOG)


def test_catalog_loads_on_the_backend(db_url: str, cli: Any) -> None:
    result = cli("load", str(CATALOG), "--standard-rules", "--db", db_url)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("loaded ")


def test_ridge_inputs_are_present_for_both_chips(catalog: Catalog) -> None:
    needed = {
        "peak.bf16_dense",
        "hbm.bandwidth",
        "hbm.stacks",
        "hbm.interface_width",
        "hbm.pin_rate",
    }
    for chip in ("tpu-v7", "gb200"):
        have = {
            f.entry.quantity
            for f in catalog.facts.values()
            if f.subject == chip and f.status == "current"
        }
        assert needed <= have, f"{chip} lacks {needed - have}"


def test_tpu_v7_bandwidth_is_the_official_7_37_tb_s(catalog: Catalog) -> None:
    fact = catalog.facts["tpu-v7.hbm.bandwidth"]
    assert (fact.entry.value, fact.entry.tier) == ("7.37 TB/s", "official")
    assert fact.normal is not None
    assert (fact.normal.low, fact.normal.value, fact.normal.high) == (
        Decimal(7365),
        Decimal(7370),
        Decimal(7375),
    )


def test_gb200_peak_correction_keeps_its_history(catalog: Catalog) -> None:
    old = catalog.facts["gb200.peak.bf16_dense@2700"]
    new = catalog.facts["gb200.peak.bf16_dense"]
    assert (old.status, old.superseded_by) == ("superseded", new.entry.id)
    assert new.entry.supersedes == old.entry.id and new.entry.reason
    assert (old.entry.date, new.entry.date) == (dt.date(2026, 8, 5), dt.date(2026, 8, 31))
    assert new.normal is not None and new.normal.value == Decimal(2500)


def test_undisclosed_gb200_clock_is_an_explicit_fact(catalog: Catalog) -> None:
    clocks = [
        f
        for f in catalog.facts.values()
        if f.subject == "gb200" and f.entry.quantity == "clock.boost"
    ]
    assert any(f.entry.undisclosed for f in clocks)


def test_hbm3e_pin_rate_is_a_range(catalog: Catalog) -> None:
    fact = catalog.facts["hbm3e.hbm.pin_rate"]
    assert fact.parsed is not None and fact.parsed.is_range
    assert (fact.parsed.low, fact.parsed.high) == (Decimal("8.0"), Decimal("9.6"))


def test_no_fact_in_the_catalog_is_derived_by_hand(catalog: Catalog) -> None:
    assert all(f.entry.tier != "derived" for f in catalog.facts.values())
