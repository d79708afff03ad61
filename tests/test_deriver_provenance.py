"""Where numbers come from, as the deriver sees it: precision by significant figures,
pairwise agreement, a source's own arithmetic, variants and alternative readings.

Each catalog here is small and made up for one behaviour; expected values are worked
out by hand in the comments.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rules_fixtures import HBM_PARTS, chip, fact, write_derivation_catalog

from derive.deriver import Outcome, derive_catalog
from derive.model import Derivation
from derive.rules import read_rules
from schema.errors import CatalogErrors
from schema.reader import read_catalog


def derive(tmp_path: Path, subjects: dict[str, str]) -> Outcome:
    catalog, rules = write_derivation_catalog(tmp_path, subjects)
    loaded = read_catalog(catalog)
    return derive_catalog(loaded, read_rules(rules, loaded))


def only(outcome: Outcome, quantity: str, subject: str = "chip-x") -> list[Derivation]:
    return [d for d in outcome.derivations if d.quantity == quantity and d.subject == subject]


def test_trailing_zeros_of_an_integer_are_not_significant(tmp_path: Path) -> None:
    # "400" from prose is 350–450 TFLOP/s; a table's "394" (393.5–394.5) is the more
    # precise, and the two agree: the ridge is built on 394.
    outcome = derive(
        tmp_path,
        {
            "chip-x": chip(
                fact("x.peak", "peak.bf16_dense", "400 TFLOP/s", "measured")
                + fact("x.peak2", "peak.bf16_dense", "394 TFLOP/s")
                + fact("x.bw", "hbm.bandwidth", "2,039 GB/s")
            )
        },
    )
    (ridge,) = only(outcome, "ridge.hbm")
    peak = next(u for u in ridge.inputs if u.quantity == "peak.bf16_dense")
    assert peak.used.stated is not None and peak.used.stated.fact_id == "x.peak2"
    assert not ridge.conflict
    assert ridge.value == pytest.approx(394e12 / 2039e9)


def test_values_agree_pairwise_not_through_a_third(tmp_path: Path) -> None:
    # 0.81 TB/s (0.805–0.815) and 0.82 TB/s (0.815–0.825) only touch; 820 GB/s
    # (819.5–820.5) agrees with 0.82 alone. Chained, all three would be one group.
    outcome = derive(
        tmp_path,
        {
            "chip-x": chip(
                fact("x.a", "hbm.bandwidth", "0.81 TB/s")
                + fact("x.b", "hbm.bandwidth", "0.82 TB/s", "measured")
                + fact("x.c", "hbm.bandwidth", "820 GB/s", "measured")
                + fact("x.peak", "peak.bf16_dense", "100 TFLOP/s")
            )
        },
    )
    ridges = only(outcome, "ridge.hbm")
    assert len(ridges) == 2 and all(r.conflict for r in ridges)
    used = sorted(
        next(u for u in r.inputs if u.quantity == "hbm.bandwidth").used.value for r in ridges
    )
    assert used == [pytest.approx(810), pytest.approx(820)]


def test_an_explicit_precision_replaces_the_digits(tmp_path: Path) -> None:
    # "2,500 TFLOP/s" with `precision: ±0.5 TFLOP/s` is 2,499.5–2,500.5, not 2,450–2,550.
    outcome = derive(
        tmp_path,
        {
            "chip-x": chip(
                fact(
                    "x.peak",
                    "peak.bf16_dense",
                    "2,500 TFLOP/s",
                    extra="    precision: ±0.5 TFLOP/s\n",
                )
                + fact("x.bw", "hbm.bandwidth", "8,000 GB/s", extra="    precision: ±1 %\n")
            )
        },
    )
    (ridge,) = only(outcome, "ridge.hbm")
    # 2,499.5 / 8,080 … 2,500.5 / 7,920 (±1 % of 8,000 GB/s is ±80)
    assert (ridge.low, ridge.high) == (
        pytest.approx(2499.5e12 / 8080e9),
        pytest.approx(2500.5e12 / 7920e9),
    )


def test_a_figure_computed_from_the_pin_rate_never_supports_the_pin_rate(
    tmp_path: Path,
) -> None:
    # The source computed 7,372.8 GB/s from its own 7.2 Gbit/s; the pin rate
    # back-computed from the bandwidth must come from the official 7.37 TB/s alone:
    # 7,370 GB/s × 8 bit/B ÷ (8 × 1,024) = 7.197 Gbit/s.
    computed = "    computed_from: [x.pins]\n"
    outcome = derive(
        tmp_path,
        {
            "chip-x": chip(
                HBM_PARTS
                + fact("x.bw", "hbm.bandwidth", "7.37 TB/s")
                + fact("x.bw.own", "hbm.bandwidth", "7,372.8 GB/s", "inferred", computed)
                + fact("x.pins", "hbm.pin_rate", "7.2 Gbit/s", "inferred")
            )
        },
    )
    (pins,) = only(outcome, "hbm.pin_rate")
    bandwidth = next(u for u in pins.inputs if u.quantity == "hbm.bandwidth")
    assert bandwidth.used.stated is not None and bandwidth.used.stated.fact_id == "x.bw"
    assert all(o.stated is None or o.stated.fact_id != "x.bw.own" for o in bandwidth.others)
    assert pins.value == pytest.approx(7370 * 8 / (8 * 1024))
    assert round(pins.value, 3) == 7.197


def test_a_computed_figure_yields_to_the_derivation_it_is_checked_against(
    tmp_path: Path,
) -> None:
    # The source's own 7,372.8 GB/s is what the rule rebuilds (8 × 1,024 × 7.2 ÷ 8):
    # as an input of the ridge it is replaced by that derivation, whose interval is
    # honest (7.2 is 7.15–7.25 Gbit/s, so 7,321.6–7,424 GB/s).
    computed = "    computed_from: [bw.from-pins]\n"
    outcome = derive(
        tmp_path,
        {
            "chip-x": chip(
                HBM_PARTS
                + fact("x.bw.own", "hbm.bandwidth", "7,372.8 GB/s", "inferred", computed)
                + fact("x.pins", "hbm.pin_rate", "7.2 Gbit/s", "inferred")
                + fact("x.peak", "peak.bf16_dense", "2,307 TFLOP/s")
            )
        },
    )
    (ridge,) = only(outcome, "ridge.hbm")
    bandwidth = next(u for u in ridge.inputs if u.quantity == "hbm.bandwidth")
    assert bandwidth.used.derivation is not None
    assert (bandwidth.used.low, bandwidth.used.high) == (
        pytest.approx(7321.6),
        pytest.approx(7424.0),
    )


def test_computed_from_names_a_fact_or_a_rule(tmp_path: Path) -> None:
    catalog, rules = write_derivation_catalog(
        tmp_path,
        {
            "chip-x": chip(
                HBM_PARTS
                + fact("x.bw", "hbm.bandwidth", "7.37 TB/s", extra="    computed_from: [x.pinz]\n")
            )
        },
    )
    loaded = read_catalog(catalog)
    with pytest.raises(CatalogErrors) as caught:
        read_rules(rules, loaded)
    (problem,) = caught.value.errors
    assert "computed_from names 'x.pinz', which is neither a fact nor a rule" in str(problem)
    assert str(problem).startswith("subjects/chip-x.yaml:")


PARENT = """\
subject:
  id: chip
  name: Chip
  kind: chip
facts:
"""


def _variant(subject: str, facts: str) -> str:
    return (
        f"subject:\n  id: {subject}\n  name: {subject}\n  kind: variant\n"
        f"  variant_of: chip\nfacts:\n{facts}"
    )


def test_a_variant_inherits_its_parents_facts_and_overrides_one(tmp_path: Path) -> None:
    # The parent states the HBM parts and the pin rate; the fast variant states its own
    # pin rate. Bandwidths: 8 × 1,024 × 6.4 ÷ 8 = 6,553.6 GB/s and × 8.0 = 8,192 GB/s.
    parent = PARENT + HBM_PARTS + fact("c.pins", "hbm.pin_rate", "6.4 Gbit/s")
    outcome = derive(
        tmp_path,
        {
            "chip": parent,
            "chip-slow": _variant("chip-slow", "  []\n").replace("facts:\n  []\n", "facts: []\n"),
            "chip-fast": _variant("chip-fast", fact("f.pins", "hbm.pin_rate", "8.0 Gbit/s")),
        },
    )
    (slow,) = only(outcome, "hbm.bandwidth", "chip-slow")
    (fast,) = only(outcome, "hbm.bandwidth", "chip-fast")
    (own,) = only(outcome, "hbm.bandwidth", "chip")
    assert slow.value == pytest.approx(6553.6) == own.value
    assert fast.value == pytest.approx(8192.0)
    fast_pins = next(u for u in fast.inputs if u.quantity == "hbm.pin_rate")
    assert fast_pins.used.stated is not None and fast_pins.used.stated.fact_id == "f.pins"
    slow_stacks = next(u for u in slow.inputs if u.quantity == "hbm.stacks")
    assert slow_stacks.used.stated is not None
    assert slow_stacks.used.stated.inherited_from == "chip"


def test_an_alternative_reading_is_derived_too(tmp_path: Path) -> None:
    # "8 TB/s" read as 8,000 GB/s gives 2,500 / 8 = 312.5 FLOP/B; read as 8 × 1,024 =
    # 8,192 GB/s it gives 2,500 / 8.192 = 305.17578125.
    reading = "    alternatives:\n      - value: 8,192 GB/s\n        reason: 8 × 1,024\n"
    outcome = derive(
        tmp_path,
        {
            "chip-x": chip(
                fact("x.peak", "peak.bf16_dense", "2,500 TFLOP/s")
                + fact("x.bw", "hbm.bandwidth", "8 TB/s", extra=reading)
            )
        },
    )
    ridge, other = only(outcome, "ridge.hbm")
    assert ridge.reading is None and ridge.value == pytest.approx(312.5)
    assert other.reading is not None and "8,192 GB/s" in other.reading
    assert other.value == pytest.approx(305.17578125)
    # the reading is never an input of another rule, nor a conflict
    assert not ridge.conflict and not other.conflict
