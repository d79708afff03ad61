"""The deriver on small catalogs, each built to show one behaviour."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rules_fixtures import RULES, chip, fact, write_derivation_catalog

from derive.deriver import Outcome, derive_catalog, derive_in_batches
from derive.model import Derivation
from derive.rules import read_rules
from schema.reader import read_catalog

HBM = fact("x.stacks", "hbm.stacks", "8") + fact("x.width", "hbm.interface_width", "1,024 bit")


def derive(tmp_path: Path, facts: str) -> Outcome:
    catalog, rules = write_derivation_catalog(tmp_path, {"chip-x": chip(facts)})
    loaded = read_catalog(catalog)
    return derive_catalog(loaded, read_rules(rules, loaded))


def only(outcome: Outcome, quantity: str) -> list[Derivation]:
    return [d for d in outcome.derivations if d.quantity == quantity]


def test_inverse_rules_never_support_the_fact_they_came_from(tmp_path: Path) -> None:
    outcome = derive(
        tmp_path,
        HBM
        + fact("x.bw", "hbm.bandwidth", "7.37 TB/s")
        + fact("x.pins", "hbm.pin_rate", "7.2 Gbit/s", "inferred"),
    )
    (bandwidth,) = only(outcome, "hbm.bandwidth")
    (pins,) = only(outcome, "hbm.pin_rate")
    pin_input = next(u for u in bandwidth.inputs if u.quantity == "hbm.pin_rate")
    bw_input = next(u for u in pins.inputs if u.quantity == "hbm.bandwidth")
    # Each direction rests on the other's stated fact, and on nothing derived from itself.
    assert pin_input.used.stated is not None and pin_input.used.stated.fact_id == "x.pins"
    assert pin_input.others == ()
    assert bw_input.used.stated is not None and bw_input.used.stated.fact_id == "x.bw"
    assert bw_input.others == ()
    assert bandwidth.value == pytest.approx(8 * 1024 * 7.2 / 8)
    assert pins.value == pytest.approx(7370 * 8 / (8 * 1024))


def test_a_missing_input_is_reported_per_rule_and_subject(tmp_path: Path) -> None:
    outcome = derive(tmp_path, HBM)
    assert only(outcome, "hbm.bandwidth") == []
    assert [(p.rule_id, p.subject, p.detail) for p in outcome.problems] == [
        ("bw.from-pins", "chip-x", "missing hbm.pin_rate"),
        ("pins.from-bw", "chip-x", "missing hbm.bandwidth"),
    ]


def test_the_most_precise_agreeing_value_is_taken(tmp_path: Path) -> None:
    outcome = derive(
        tmp_path,
        HBM
        + fact("x.bw", "hbm.bandwidth", "7.37 TB/s")
        + fact("x.pins", "hbm.pin_rate", "7.2 Gbit/s", "inferred", "    exact: true\n")
        + fact("x.peak", "peak.bf16_dense", "2,307 TFLOP/s"),
    )
    (ridge,) = only(outcome, "ridge.hbm")
    bw = next(u for u in ridge.inputs if u.quantity == "hbm.bandwidth")
    assert bw.used.derivation is not None  # 7,372.8 GB/s exactly, from the pins
    assert bw.reason == "exact, the most precise of 2 agreeing values"
    assert [o.label for o in bw.others] == ["x.bw"]
    assert ridge.value == pytest.approx(2307e12 / (8 * 1024 * 7.2e9 / 8))
    assert ridge.weakest == "inferred"


def test_an_approximate_value_yields_to_one_that_states_its_precision(tmp_path: Path) -> None:
    outcome = derive(
        tmp_path,
        HBM
        + fact("x.bw", "hbm.bandwidth", "8 TB/s")
        + fact("x.pins", "hbm.pin_rate", "≈7.8 Gbit/s", "inferred")
        + fact("x.peak", "peak.bf16_dense", "2,500 TFLOP/s"),
    )
    (ridge,) = only(outcome, "ridge.hbm")
    bw = next(u for u in ridge.inputs if u.quantity == "hbm.bandwidth")
    assert bw.used.stated is not None and bw.used.stated.fact_id == "x.bw"
    assert bw.reason == "of 2 agreeing values, the only one not approximate"
    # "8 TB/s" means 7.5–8.5 TB/s and "2,500" 2,450–2,550 (its zeros are not significant):
    # the bandwidth is what widens the ridge point most.
    assert ridge.value == pytest.approx(312.5)
    assert (ridge.low, ridge.high) == (pytest.approx(2450 / 8.5), pytest.approx(2550 / 7.5))
    assert ridge.widest == "hbm.bandwidth"
    assert ridge.weakest == "official"


def test_disagreeing_values_are_each_derived_and_flagged(tmp_path: Path) -> None:
    outcome = derive(
        tmp_path,
        fact("x.bw", "hbm.bandwidth", "7.37 TB/s")
        + fact("x.bw2", "hbm.bandwidth", "8.0 TB/s", "measured")
        + fact("x.peak", "peak.bf16_dense", "2,307 TFLOP/s"),
    )
    ridges = only(outcome, "ridge.hbm")
    assert [r.alternative for r in ridges] == [0, 1]
    assert all(r.conflict for r in ridges)
    assert sorted(r.value for r in ridges) == [
        pytest.approx(2307 / 8.0),
        pytest.approx(2307 / 7.37),
    ]


def test_counts_and_exact_values_give_exact_results(tmp_path: Path) -> None:
    outcome = derive(
        tmp_path,
        HBM + fact("x.pins", "hbm.pin_rate", "7.2 Gbit/s", "official", "    exact: true\n"),
    )
    (bandwidth,) = only(outcome, "hbm.bandwidth")
    assert bandwidth.low == bandwidth.value == bandwidth.high == pytest.approx(7372.8)
    assert bandwidth.widest is None


@pytest.mark.parametrize(
    ("bandwidth", "kind", "detail"),
    [
        ("0 TB/s", "division-by-zero", "division by zero (hbm.bandwidth is 0)"),
        (
            "0–2 GB/s",
            "zero-in-interval",
            "division by hbm.bandwidth, whose interval [-0.5, 2.5] GB/s contains zero",
        ),
    ],
)
def test_a_zero_divisor_is_a_finding_not_a_crash(
    tmp_path: Path, bandwidth: str, kind: str, detail: str
) -> None:
    outcome = derive(
        tmp_path,
        fact("x.bw", "hbm.bandwidth", bandwidth)
        + fact("x.peak", "peak.bf16_dense", "2,307 TFLOP/s"),
    )
    assert only(outcome, "ridge.hbm") == []
    (problem,) = [p for p in outcome.problems if p.rule_id == "ridge"]
    assert (problem.subject, problem.kind) == ("chip-x", kind)
    assert detail in problem.detail


def test_derived_values_feed_other_rules(tmp_path: Path) -> None:
    outcome = derive(
        tmp_path,
        HBM
        + fact("x.pins", "hbm.pin_rate", "7.2 Gbit/s", "estimated")
        + fact("x.peak", "peak.bf16_dense", "2,307 TFLOP/s"),
    )
    (ridge,) = only(outcome, "ridge.hbm")
    bw = next(u for u in ridge.inputs if u.quantity == "hbm.bandwidth")
    assert bw.used.derivation is not None and bw.used.derivation.rule_id == "bw.from-pins"
    assert ridge.weakest == "estimated"  # as good as its weakest input, through the chain


def _top_values(cli: Any, url: str) -> dict[tuple[str, str, str, int], float]:
    values = {}
    for subject in ("chip-x", "chip-y"):
        trees = json.loads(cli("derive", "--chip", subject, "--db", url, "-f", "json").stdout)
        values.update(
            {
                (t["subject"], t["quantity"], t["rule"], t["alternative"]): t["value"]
                for t in trees["derived"]
            }
        )
    return values


def test_changing_one_fact_changes_its_dependents_and_nothing_else(
    db_url: str, tmp_path: Path, cli: Any
) -> None:
    x = chip(
        HBM
        + fact("x.pins", "hbm.pin_rate", "7.2 Gbit/s", "official", "    exact: true\n")
        + fact("x.bw", "hbm.bandwidth", "7.37 TB/s")
        + fact("x.peak", "peak.bf16_dense", "2,307 TFLOP/s")
        + fact("x.macs", "mac.per_cycle", "524,288 MAC/cycle")
    )
    y = chip(
        fact("y.bw", "hbm.bandwidth", "8 TB/s")
        + fact("y.peak", "peak.bf16_dense", "2,500 TFLOP/s"),
        "chip-y",
    )
    catalog, rules = write_derivation_catalog(tmp_path, {"chip-x": x, "chip-y": y})
    assert cli("load", str(catalog), "--rules", str(rules), "--db", db_url).exit_code == 0
    before = _top_values(cli, db_url)
    path = catalog / "subjects" / "chip-x.yaml"
    path.write_text(path.read_text("utf-8").replace("2,307 TFLOP/s", "2,250 TFLOP/s"), "utf-8")
    assert cli("load", str(catalog), "--rules", str(rules), "--db", db_url).exit_code == 0
    after = _top_values(cli, db_url)
    assert set(after) == set(before)
    changed = {key for key in before if before[key] != pytest.approx(after[key])}
    # The peak feeds chip-x's ridge point and clock; its bandwidth, pin rate and all of
    # chip-y stay as they were.
    assert changed == {
        ("chip-x", "ridge.hbm", "ridge", 0),
        ("chip-x", "clock.boost", "clock.from-peak", 0),
    }
    assert after[("chip-x", "ridge.hbm", "ridge", 0)] == pytest.approx(2250e12 / 7372.8e9)
    assert after[("chip-x", "clock.boost", "clock.from-peak", 0)] == pytest.approx(
        2250e12 / (524288 * 2) / 1e9
    )


def _shape(derivation: Derivation) -> tuple[object, ...]:
    """A derivation and, recursively, what each of its inputs used."""
    return (
        derivation.subject,
        derivation.quantity,
        derivation.rule_id,
        derivation.value,
        derivation.low,
        derivation.high,
        derivation.conflict,
        derivation.alternative,
        tuple(
            (
                use.ref,
                use.used.stated.fact_id if use.used.stated is not None else None,
                _shape(use.used.derivation) if use.used.derivation is not None else None,
                len(use.others),
            )
            for use in derivation.inputs
        ),
    )


def test_deriving_a_batch_of_subjects_at_a_time_derives_the_same(tmp_path: Path) -> None:
    # chip-y and chip-z draw on chip-x's bandwidth, which a rule derives from its pins: a
    # batch of one subject forgets chip-x's derivations and derives them again
    rules = RULES + (
        "  - id: ridge.on-x-memory\n    output: ridge.hbm\n"
        "    formula: peak.bf16_dense / chip-x:hbm.bandwidth\n"
        "    description: a chip's peak over chip-x's memory\n"
    )
    x = HBM + fact("x.pins", "hbm.pin_rate", "7.2 Gbit/s")
    y = fact("y.peak", "peak.bf16_dense", "2,250 TFLOP/s") + fact("y.bw", "hbm.bandwidth", "8 TB/s")
    z = fact("z.peak", "peak.bf16_dense", "1,000 TFLOP/s")
    subjects = {"chip-x": chip(x), "chip-y": chip(y, "chip-y"), "chip-z": chip(z, "chip-z")}
    catalog, rules_dir = write_derivation_catalog(tmp_path, subjects, rules)
    loaded = read_catalog(catalog)
    rule_set = read_rules(rules_dir, loaded)
    whole = derive_catalog(loaded, rule_set)
    batches = list(derive_in_batches(loaded, rule_set, sorted(loaded.subjects), size=1))
    assert len(batches) == 3
    assert [_shape(d) for b in batches for d in b.derivations] == [
        _shape(d) for d in whole.derivations
    ]
    assert [p for b in batches for p in b.problems] == whole.problems
    across = [d for d in whole.derivations if d.rule_id == "ridge.on-x-memory"]
    assert {d.subject for d in across} >= {"chip-y", "chip-z"}
