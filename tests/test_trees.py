"""A derivation tree is the same whether derived in memory or read back from the
database: `facts derive --source S` (derived from S's facts, nothing stored) and
`facts derive` (the derivations the load stored) print the same JSON when every
fact of the catalog is S's; and every `facts derive` lists a rule that could not
derive alike."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import catalogs
from rules_fixtures import HBM_PARTS, chip, fact, write_derivation_catalog

SOURCES = (
    catalogs.SOURCES
    + """\
  - id: reseller-page
    title: A reseller's product page
    kind: other
    publisher: Example Shop
"""
)
X = (
    # the bandwidth three ways: 8 TB/s (7,500–8,500 GB/s), from the pins (8 × 1,024 bit ×
    # 7.75–7.85 Gbit/s: 7,936–8,038 GB/s), and 8.00 TB/s as a reseller's page copies
    # the datasheet: the ridge uses the most precise, the copy, and shows the other two
    fact("x.bw", "hbm.bandwidth", "8 TB/s")
    + fact(
        "x.bw.copy",
        "hbm.bandwidth",
        "8.00 TB/s",
        extra="    via: reseller-page\n    locator: table 2\n    date: 2025-04-09\n",
    )
    + fact("x.pins", "hbm.pin_rate", "7.8 Gbit/s")
    + HBM_PARTS
    + fact("x.peak", "peak.bf16_dense", "2,500 TFLOP/s")
    + fact("x.macs", "mac.per_cycle", "1,000,000 MAC/cycle", "measured")
    # an undisclosed clock beside the clock the peak implies: agrees with nothing
    + "  - id: x.clock\n    quantity: clock.boost\n    undisclosed: true\n"
    "    source: vendor-sheet\n    tier: official\n"
)


def _others(tree: Any) -> list[dict[str, Any]]:
    """Every value shown beside an input's, anywhere in the tree."""
    found = []
    for use in tree["inputs"]:
        found += use["others"]
        if "derived" in use:
            found += _others(use["derived"])
    return found


def test_a_tree_derived_in_memory_and_one_stored_print_the_same(
    tmp_path: Path, db_url: str, cli: Any
) -> None:
    catalog, rules = write_derivation_catalog(tmp_path, {"chip-x": chip(X)})
    (catalog / "sources.yaml").write_text(SOURCES, encoding="utf-8")
    loaded = cli("load", str(catalog), "--rules", str(rules), "--db", db_url)
    assert loaded.exit_code == 0, loaded.stderr

    stored = cli("derive", "--chip", "chip-x", "--db", db_url, "-f", "json")
    in_memory = cli(
        "derive", "--source", "vendor-sheet", "--rules", str(rules), "--db", db_url, "-f", "json"
    )
    assert stored.exit_code == 0 and in_memory.exit_code == 0, (stored.stderr, in_memory.stderr)
    trees = json.loads(stored.stdout)["derived"]
    assert trees == json.loads(in_memory.stdout)["derived"]

    # what the comparison covers: every quantity the rules derive here, the facts beside
    # them (an undisclosed one too), and values shown beside an input's, facts and derived
    assert {t["quantity"] for t in trees} == {
        "clock.boost",
        "hbm.bandwidth",
        "hbm.pin_rate",
        "ridge.hbm",
    }
    (clock,) = [t for t in trees if t["quantity"] == "clock.boost"]
    assert [(s["fact"], s["undisclosed"], s["agrees"]) for s in clock["stated"]] == [
        ("x.clock", True, None)
    ]
    (ridge,) = [t for t in trees if t["quantity"] == "ridge.hbm"]
    (bandwidth,) = [u for u in ridge["inputs"] if u["quantity"] == "hbm.bandwidth"]
    used = bandwidth["fact"]
    assert (used["fact"], used["via_title"], used["date"]) == (
        "x.bw.copy",
        "A reseller's product page",
        "2025-04-09",
    )
    beside = sorted(
        (*next((k, o[k]) for k in ("fact", "rule") if k in o), o["agrees"])
        for o in bandwidth["others"]
    )
    assert beside == [("fact", "x.bw", True), ("rule", "bw.from-pins", True)]
    # a derived value beside an input is named by its rule, never by a database row
    assert all(set(o) & {"fact", "rule"} and "derivation" not in o for o in _others(ridge))


def test_a_rule_that_could_not_derive_is_listed_alike_by_every_derive(
    tmp_path: Path, db_url: str, cli: Any
) -> None:
    # a peak alone: the ridge lacks the bandwidth, the clock the MACs per cycle
    only_peak = chip(fact("x.peak", "peak.bf16_dense", "2,500 TFLOP/s"))
    catalog, rules = write_derivation_catalog(tmp_path, {"chip-x": only_peak})
    loaded = cli("load", str(catalog), "--rules", str(rules), "--db", db_url)
    assert loaded.exit_code == 0, loaded.stderr
    expected = [
        {
            "subject": "chip-x",
            "quantity": quantity,
            "rule": rule,
            "kind": "missing-input",
            "detail": f"missing {missing}",
        }
        for quantity, rule, missing in (
            ("clock.boost", "clock.from-peak", "mac.per_cycle"),
            ("ridge.hbm", "ridge", "hbm.bandwidth"),
        )
    ]
    for args in (
        ["--chip", "chip-x"],
        ["--all", "--rules", str(rules)],
        ["--source", "vendor-sheet", "--rules", str(rules)],
    ):
        result = cli("derive", *args, "--db", db_url, "-f", "json")
        assert result.exit_code == 0, (args, result.stderr)
        problems = json.loads(result.stdout)["problems"]
        assert sorted(problems, key=lambda p: p["quantity"]) == expected, args


def test_a_limit_beside_a_derived_value_agrees_with_any_value_on_its_side(
    tmp_path: Path, db_url: str, cli: Any
) -> None:
    # 8 × 1,024 bit × 7.75–7.85 Gbit/s is 7,936–8,038 GB/s: within "≤ 9 TB/s", a limit,
    # not a point of 8.95–9.05 TB/s; and not within "≥ 8.5 TB/s"
    facts = (
        fact("y.pins", "hbm.pin_rate", "7.8 Gbit/s")
        + HBM_PARTS.replace("x.", "y.")
        + fact("y.bw-max", "hbm.bandwidth", "≤ 9 TB/s")
        + fact("y.bw-min", "hbm.bandwidth", "≥ 8.5 TB/s", "estimated")
    )
    catalog, rules = write_derivation_catalog(tmp_path, {"chip-y": chip(facts, "chip-y")})
    assert cli("load", str(catalog), "--rules", str(rules), "--db", db_url).exit_code == 0
    for command in (
        ("derive", "--chip", "chip-y", "--db", db_url, "-f", "json"),
        ("derive", "--source", "vendor-sheet", "--rules", str(rules), "--db", db_url, "-f", "json"),
    ):
        result = cli(*command)
        assert result.exit_code == 0, result.stderr
        (bandwidth,) = [
            t for t in json.loads(result.stdout)["derived"] if t["quantity"] == "hbm.bandwidth"
        ]
        assert {s["fact"]: s["agrees"] for s in bandwidth["stated"]} == {
            "y.bw-max": True,
            "y.bw-min": False,
        }, command
