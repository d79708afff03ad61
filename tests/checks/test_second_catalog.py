"""The second audit-test catalog (tests/checks/second): the audit reports exactly what
was planted in it, with the expected causes, and derives what the test works out by hand.

The catalog, its planted discrepancies and the controls are listed in
tests/checks/second/EXPECTED.md. Only `kind`, `subject`, `quantity`, `facts` and
`diagnosis` of a finding are used, so that the audit's rewrite (stable ids, new kinds)
does not break this test; a planted finding of a kind the current audit does not have
yet (`KINDS`) is simply not expected.
"""

from __future__ import annotations

import math
import shutil
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from derive.audit import KINDS, Finding, audit
from derive.deriver import Outcome, derive_catalog
from derive.rules import read_rules
from schema.reader import read_catalog

HERE = Path(__file__).resolve().parent
CATALOG = HERE / "second"
RULES = HERE / "second-rules"

Key = tuple[str, str | None, str | None]

PLANTED: frozenset[Key] = frozenset(
    {
        ("conflict", "a100-sxm4-80gb", "hbm.bandwidth"),  # 2,039 vs 1,935 GB/s (SXM vs PCIe)
        ("conflict", "tpu-v5e", "hbm.bandwidth"),  # 0.81 vs 0.82 TB/s: the last digit
        ("conflict", "mi300x", "hbm.capacity"),  # chain 192 GB ~ 200 GB ~ 192 GiB
        ("mismatch", "mi250x", "hbm.bandwidth"),  # 3.2768 Tbit/s vs 3,276.8 GB/s from pins
        ("mismatch", "mi250x", "hbm.pin_rate"),  # 0.4 Gbit/s back from the slipped bandwidth
        ("out-of-range", "a100-sxm4-80gb", "smem.max_per_block"),  # 192 KiB > 164 KiB per SM
        ("derivation-problem", "l40s", "ridge.hbm"),  # divides by 0 GB/s
        ("imprecise", "gaudi3", "ridge.hbm"),  # rests on 3.7 TB/s (±1.35 %)
        ("weak", "mi300x", "hbm.bandwidth"),  # rests on the inferred 5.2 Gbit/s
        ("undisclosed-in-use", "tpu-v5e", "peak.bf16_dense"),  # uses an undisclosed clock
        ("unsourced", "l40s", "cuda_core.count"),
        ("unidentifiable-source", None, None),  # forum-post
        ("undated", None, None),  # gaudi3.tpc.count
        ("uncited-source", None, None),  # nvidia-ada-whitepaper
        ("unsupported", "mi250x", "l2.capacity"),  # kind added by issue 11
    }
)
"""Every planted finding as (kind, subject, quantity); see EXPECTED.md."""

FACTS: dict[Key, frozenset[str]] = {
    ("conflict", "a100-sxm4-80gb", "hbm.bandwidth"): frozenset(
        {"a100-sxm4-80gb.hbm.bandwidth", "a100-sxm4-80gb.hbm.bandwidth@pcie-column"}
    ),
    ("conflict", "tpu-v5e", "hbm.bandwidth"): frozenset(
        {
            "tpu-v5e.hbm.bandwidth",
            "tpu-v5e.hbm.bandwidth@low",
            "tpu-v5e.hbm.bandwidth@high",
            "tpu-v5e.hbm.bandwidth@gb",
        }
    ),
    ("conflict", "mi300x", "hbm.capacity"): frozenset(
        {"mi300x.hbm.capacity", "mi300x.hbm.capacity@gib", "mi300x.hbm.capacity@prose"}
    ),
    ("mismatch", "mi250x", "hbm.bandwidth"): frozenset({"mi250x.hbm.bandwidth@tbit"}),
    ("mismatch", "mi250x", "hbm.pin_rate"): frozenset({"mi250x.hbm.pin_rate"}),
    ("out-of-range", "a100-sxm4-80gb", "smem.max_per_block"): frozenset(
        {
            "a100-sxm4-80gb.smem.max_per_block@l1-combined",
            "a100-sxm4-80gb.smem.capacity_per_sm",
        }
    ),
    ("imprecise", "gaudi3", "ridge.hbm"): frozenset({"gaudi3.hbm.bandwidth"}),
    ("weak", "mi300x", "hbm.bandwidth"): frozenset({"mi300x.hbm.pin_rate"}),
    ("undisclosed-in-use", "tpu-v5e", "peak.bf16_dense"): frozenset({"tpu-v5e.clock.boost"}),
    ("unsourced", "l40s", "cuda_core.count"): frozenset({"l40s.cuda_core.count"}),
    ("undated", None, None): frozenset({"gaudi3.tpc.count"}),
}
"""The facts each finding names (its `facts`, as a set)."""

REQUIRED_FACTS: dict[Key, str] = {
    ("unsupported", "mi250x", "l2.capacity"): "mi250x.l2.capacity",  # kind added by issue 11
}
"""A fact a finding must name, where the finding's other facts are not fixed yet."""

DIAGNOSES: dict[Key, str] = {
    ("conflict", "tpu-v5e", "hbm.bandwidth"): "they differ in the last written digit",
    ("mismatch", "mi250x", "hbm.bandwidth"): "a factor of 8: bit vs byte",
    ("mismatch", "mi250x", "hbm.pin_rate"): "a factor of 8: bit vs byte",
    ("imprecise", "gaudi3", "ridge.hbm"): (
        "the rounding of a low-precision input: hbm.bandwidth = 3.7 TB/s"
    ),
}
"""A fragment of the diagnosis of the findings the audit explains."""

NO_CAUSE: frozenset[Key] = frozenset(
    {
        # 2,039 / 1,935 = 1.054: no prefix, bit/byte or factor-of-2 slip fits.
        ("conflict", "a100-sxm4-80gb", "hbm.bandwidth"),
    }
)
"""Findings whose numbers fit no cause: the audit must not invent one."""


@cache
def _audited(catalog_dir: Path = CATALOG, rules_dir: Path = RULES) -> tuple[Outcome, list[Finding]]:
    catalog = read_catalog(catalog_dir)
    rules = read_rules(rules_dir, catalog)
    outcome = derive_catalog(catalog, rules)
    return outcome, audit(catalog, rules, outcome)


def _findings() -> list[Finding]:
    return _audited()[1]


def _key(finding: Finding) -> Key:
    return (finding.kind, finding.subject, finding.quantity)


def _by_key() -> dict[Key, list[Finding]]:
    found: dict[Key, list[Finding]] = {}
    for finding in _findings():
        found.setdefault(_key(finding), []).append(finding)
    return found


def _expected() -> set[Key]:
    return {e for e in PLANTED if e[0] in KINDS}


def _shown(findings: list[Finding]) -> list[str]:
    return [f"{f.kind} {f.subject} {f.quantity} {f.facts} {f.diagnosis}" for f in findings]


def test_the_audit_reports_exactly_what_was_planted() -> None:
    found = {_key(f) for f in _findings()}
    expected = _expected()
    assert found - expected == set(), ("not planted", _shown(_findings()))
    assert expected - found == set(), "planted but not found"


def test_each_planted_finding_is_reported_once() -> None:
    repeated = {key: len(found) for key, found in _by_key().items() if len(found) > 1}
    assert repeated == {}


@pytest.mark.parametrize("key", sorted(FACTS, key=str), ids=lambda k: "-".join(map(str, k)))
def test_each_finding_names_the_planted_facts(key: Key) -> None:
    if key[0] not in KINDS:
        pytest.skip(f"the audit has no {key[0]} findings yet")
    (finding,) = _by_key()[key]
    assert set(finding.facts) == FACTS[key]


@pytest.mark.parametrize("key", sorted(REQUIRED_FACTS, key=str), ids=lambda k: str(k[0]))
def test_findings_of_new_kinds_name_their_fact(key: Key) -> None:
    if key[0] not in KINDS:
        pytest.skip(f"the audit has no {key[0]} findings yet")  # kind added by issue 11
    assert any(REQUIRED_FACTS[key] in f.facts for f in _by_key()[key])


@pytest.mark.parametrize("key", sorted(DIAGNOSES, key=str), ids=lambda k: "-".join(map(str, k)))
def test_diagnoses_name_the_planted_cause(key: Key) -> None:
    (finding,) = _by_key()[key]
    assert finding.diagnosis is not None and DIAGNOSES[key] in finding.diagnosis


def test_no_cause_is_invented_where_none_fits() -> None:
    for key in NO_CAUSE:
        (finding,) = _by_key()[key]
        assert finding.diagnosis is None, finding.diagnosis


def test_controls_give_no_finding() -> None:
    # "200 TFLOP/s" (150-250 by significant figures) agrees with 197 TFLOP/s; 5.2 Gbit/s is
    # within HBM3's ≤6.4 Gbit/s; the inferred MI300X pin rate is rebuilt by a rule.
    keys = {_key(f) for f in _findings()}
    assert ("conflict", "tpu-v5e", "peak.bf16_dense") not in keys
    assert ("out-of-range", "mi300x", "hbm.pin_rate") not in keys
    assert ("unsupported", "mi300x", "hbm.pin_rate") not in keys


def _derived(subject: str, quantity: str) -> Any:
    outcome = _audited()[0]
    (found,) = [
        d
        for d in outcome.derivations
        if (d.subject, d.quantity) == (subject, quantity) and not d.alternative
    ]
    return found


@pytest.mark.parametrize(
    ("subject", "quantity", "rule", "value"),
    [
        # 108 SMs x 4 Tensor Cores per SM x 256 MAC/cycle per Tensor Core = 110,592 MAC/cycle
        ("a100-sxm4-80gb", "mac.per_cycle", "mac.per_cycle.from-tensor-cores", 110_592),
        # 110,592 MAC/cycle x 2 FLOP/MAC x 1.41 GHz = 311,869.44 GFLOP/s = 311.86944 TFLOP/s
        ("a100-sxm4-80gb", "peak.bf16_dense", "peak.bf16_dense.from-clock", 311.86944),
        # 312 TFLOP/s / (110,592 x 2 FLOP per cycle) = 312e12 / 221,184 Hz = 1.4105903 GHz
        ("a100-sxm4-80gb", "clock.boost", "clock.boost.from-peak", 312e3 / 221_184),
        # 8 stacks x 1,024 bit x 5.2 Gbit/s = 42,598.4 Gbit/s; / 8 bit/B = 5,324.8 GB/s
        ("mi300x", "hbm.bandwidth", "hbm.bandwidth.from-pins", 5_324.8),
        # 5,300 GB/s x 8 bit/B / (8 x 1,024 bit) = 42,400 / 8,192 = 5.17578125 Gbit/s
        ("mi300x", "hbm.pin_rate", "hbm.pin_rate.from-bandwidth", 5.17578125),
        # 1,307.4 TFLOP/s / 5,300 GB/s = 1,307,400 / 5,300 = 246.679 FLOP/B
        ("mi300x", "ridge.hbm", "ridge.hbm", 1_307_400 / 5_300),
        # 8 stacks x 1,024 bit x 3.2 Gbit/s = 26,214.4 Gbit/s; / 8 = 3,276.8 GB/s
        ("mi250x", "hbm.bandwidth", "hbm.bandwidth.from-pins", 3_276.8),
        # 1 TensorCore x 4 MXUs x 16,384 MAC/cycle (128 x 128) = 65,536 MAC/cycle
        ("tpu-v5e", "mac.per_cycle", "mac.per_cycle.from-mxus", 65_536),
        # 197 TFLOP/s / (65,536 x 2 FLOP per cycle) = 197e12 / 131,072 Hz = 1.50299 GHz
        ("tpu-v5e", "clock.boost", "clock.boost.from-peak", 197e3 / 131_072),
        # 1,835 TFLOP/s / 3,700 GB/s = 1,835,000 / 3,700 = 495.946 FLOP/B
        ("gaudi3", "ridge.hbm", "ridge.hbm", 1_835_000 / 3_700),
    ],
)
def test_derived_values_match_the_arithmetic_by_hand(
    subject: str, quantity: str, rule: str, value: float
) -> None:
    derivation = _derived(subject, quantity)
    assert derivation.rule_id == rule
    assert math.isclose(derivation.value, value, rel_tol=1e-9)


def test_derived_intervals_follow_the_written_precision() -> None:
    # 5.2 Gbit/s is 5.15-5.25: 8 x 1,024 x 5.15 / 8 = 5,273.6 and 8 x 1,024 x 5.25 / 8 = 5,376
    mi300x = _derived("mi300x", "hbm.bandwidth")
    assert math.isclose(mi300x.low, 5_273.6) and math.isclose(mi300x.high, 5_376.0)
    # 1,835 TFLOP/s is 1,834.5-1,835.5 and 3.7 TB/s is 3,650-3,750 GB/s:
    # 1,834,500 / 3,750 = 489.2 and 1,835,500 / 3,650 = 502.877 FLOP/B
    gaudi3 = _derived("gaudi3", "ridge.hbm")
    assert math.isclose(gaudi3.low, 489.2) and math.isclose(gaudi3.high, 1_835_500 / 3_650)


def test_the_database_path_reports_the_same_findings(db_url: str, cli: Any) -> None:
    from db.audit import audit_database
    from db.database import make_engine

    loaded = cli("load", str(CATALOG), "--rules", str(RULES), "--db", db_url)
    assert loaded.exit_code == 0, loaded.stderr
    engine = make_engine(db_url)
    try:
        stored = audit_database(engine, RULES)
    finally:
        engine.dispose()
    assert {_key(f) for f in stored} == _expected()
    assert {_key(f): f.diagnosis for f in stored} == {_key(f): f.diagnosis for f in _findings()}


# -- gaps of the audit this catalog shows (EXPECTED.md, "Gaps") ---------------------------


def test_a_chain_is_diagnosed_from_the_pair_that_disagrees() -> None:
    (finding,) = _by_key()[("conflict", "mi300x", "hbm.capacity")]
    assert finding.diagnosis is not None and "GiB vs GB" in finding.diagnosis


def test_a_within_bound_honours_a_one_sided_limit(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    shutil.copytree(RULES, rules)
    general = rules / "general.yaml"
    text = general.read_text("utf-8")
    assert "at_most: hbm3:hbm.pin_rate" in text
    general.write_text(text.replace("at_most: hbm3:hbm.pin_rate", "within: hbm3:hbm.pin_rate"))
    catalog = read_catalog(CATALOG)
    rule_set = read_rules(rules, catalog)
    findings = audit(catalog, rule_set, derive_catalog(catalog, rule_set))
    assert ("out-of-range", "mi300x", "hbm.pin_rate") not in {_key(f) for f in findings}
