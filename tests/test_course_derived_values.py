"""The course's derived values, each against arithmetic done here by hand."""

from __future__ import annotations

from functools import cache

import pytest
from conftest import CATALOG

from derive.deriver import Outcome, derive_catalog
from derive.model import Derivation
from derive.rules import RuleFolders, read_rules
from schema.reader import read_catalog


@cache
def _outcome() -> Outcome:
    catalog = read_catalog(CATALOG)
    return derive_catalog(catalog, read_rules(RuleFolders.of(CATALOG), catalog))


def _first(subject: str, quantity: str, rule: str) -> Derivation:
    (found,) = [
        d
        for d in _outcome().derivations
        if (d.subject, d.quantity, d.rule_id) == (subject, quantity, rule) and d.alternative == 0
    ]
    return found


# (subject, quantity, rule, value by hand, the arithmetic), in reference units
BY_HAND = [
    (
        "tpu-v7",
        "hbm.pin_rate",
        "hbm.pin_rate.from-bandwidth",
        7370 * 8 / (8 * 1024),
        "7.37 TB/s × 8 ÷ (8 × 1,024)",
    ),
    ("tpu-v7", "ridge.hbm", "ridge.hbm", 2307 / 7.37, "2,307 TFLOP/s ÷ 7.37 TB/s"),
    (
        "tpu-v7",
        "clock.boost",
        "clock.boost.from-peak",
        2307e3 / (524288 * 2),
        "2,307 T ÷ (524,288 × 2)",
    ),
    ("gb200", "ridge.hbm", "ridge.hbm", 2500 / 8, "2,500 TFLOP/s ÷ 8 TB/s"),
    (
        "gb200",
        "clock.boost",
        "clock.boost.from-peak",
        2500e3 / (606208 * 2),
        "2,500 T ÷ (606,208 × 2)",
    ),
    (
        "gb200",
        "mac.per_cycle",
        "mac.per_cycle.from-tensor-cores",
        148 * 4 * 1024,
        "148 × 4 × 1,024",
    ),
    ("gb200", "tensor_core.count", "tensor_core.count.from-sms", 148 * 4, "148 SMs × 4"),
    ("gb200", "cuda_core.count", "cuda_core.count.from-sms", 148 * 128, "148 SMs × 128"),
    (
        "gb200",
        "peak.vector",
        "peak.vector.from-cuda-cores",
        18944 * 2 * 2500e3 / (606208 * 2) / 1e3,
        "18,944 × 2 × 2.062 GHz",
    ),
    (
        "gb200",
        "l1smem.bandwidth",
        "l1smem.bandwidth.from-sms",
        148 * 128 * 2500e3 / (606208 * 2) / 1e3,
        "148 × 128 B × 2.062 GHz",
    ),
    (
        "hbm3e",
        "hbm.bandwidth_per_stack",
        "hbm.bandwidth_per_stack.from-pins",
        1024 * 9.6 / 8,
        "1,024 × 9.6 ÷ 8 (top of the range)",
    ),
    (
        "b200-hgx",
        "peak.bf16_dense",
        "peak.bf16_dense.from-clock",
        606208 * 2 * 1.83 / 1e3,
        "606,208 × 2 × 1.83 GHz",
    ),
    (
        "b200-hgx",
        "mac.per_cycle",
        "mac.per_cycle.from-tensor-cores",
        148 * 4 * 1024,
        "the B200's, inherited",
    ),
]


@pytest.mark.parametrize(("subject", "quantity", "rule", "value", "how"), BY_HAND)
def test_the_course_value_is_derived(
    subject: str, quantity: str, rule: str, value: float, how: str
) -> None:
    assert _first(subject, quantity, rule).value == pytest.approx(value), how


def test_hgx_l1_shared_bandwidth_with_its_own_clock_is_the_courses_34_7() -> None:
    # 148 SMs × 128 B/cycle × 1.83 GHz = 34.67 TB/s: the course's 34.7, now on the HGX B200
    # (the SMs and the shared-memory width are the B200's, the clock the HGX's).
    (with_183,) = [
        d
        for d in _outcome().derivations
        if (d.subject, d.quantity) == ("b200-hgx", "l1smem.bandwidth")
        and any(u.used.stated is not None and u.used.stated.literal == "1.83 GHz" for u in d.inputs)
    ]
    assert with_183.value == pytest.approx(148 * 128 * 1.83e9 / 1e12)
    assert round(with_183.value, 1) == 34.7


def test_gb200_ridge_with_8_tb_s_read_as_8_x_1024_gb_s() -> None:
    (reading,) = [
        d
        for d in _outcome().derivations
        if (d.subject, d.quantity) == ("gb200", "ridge.hbm") and d.reading is not None
    ]
    assert reading.value == pytest.approx(2500 / 8.192)
    assert round(reading.value, 1) == 305.2


@pytest.mark.parametrize("chip", ["tpu-v7", "gb200"])
def test_a_bandwidth_is_never_rebuilt_from_a_pin_rate_back_computed_from_it(chip: str) -> None:
    # The course back-computed both chips' pin rates (7.2 and ≈7.8 Gbit/s) from their
    # stated bandwidths: bandwidth from those pins would confirm a number by itself.
    rebuilt = [
        d for d in _outcome().derivations if (d.subject, d.quantity) == (chip, "hbm.bandwidth")
    ]
    assert rebuilt == []
