"""Rules are checked when they are read: a bad one stops the load with one line, exit 2."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import snapshot
from rules_fixtures import chip, fact, write_derivation_catalog

GOOD_CHIP = chip(fact("x.bw", "hbm.bandwidth", "7.37 TB/s"))


def _rule(output: str, formula: str) -> str:
    return (
        f"rules:\n  - id: bad\n    output: {output}\n    formula: {formula}\n"
        "    description: a rule under test\n"
    )


BAD_RULES = {
    "unknown quantity in the formula": (
        _rule("ridge.hbm", "peak.bf16_dense / hbm.bandwith"),
        "rules/rules.yaml:4: rules[0].formula: rule bad: unknown quantity 'hbm.bandwith'; "
        "did you mean hbm.bandwidth, hbm.bus_width?",
    ),
    "unknown output quantity": (
        _rule("ridge.l2", "peak.bf16_dense / hbm.bandwidth"),
        "rules/rules.yaml:3: rules[0].output: rule bad: unknown quantity 'ridge.l2'; "
        "did you mean ridge.hbm?",
    ),
    "dimension mismatch": (
        _rule("hbm.bandwidth", "peak.bf16_dense / mac.per_cycle"),
        "rules/rules.yaml:4: rules[0].formula: rule bad: the formula gives [computation] * "
        "[clock_cycle] / [time] / [multiply_accumulate], but hbm.bandwidth is measured in GB/s "
        "([information] / [time])",
    ),
    "output among its own inputs": (
        _rule("hbm.bandwidth", "hbm.bandwidth * 2"),
        "rules/rules.yaml:4: rules[0].formula: rule bad: its output hbm.bandwidth is also one of "
        "its inputs; a rule cannot derive a quantity from itself",
    ),
    "a call": (
        _rule("ridge.hbm", "__import__('os')"),
        "rules/rules.yaml:4: rules[0].formula: rule bad: \"__import__('os')\" may not use "
        "'__import__' (at 1); formulas use only quantity ids, numbers with units, + - * / ^, "
        "parentheses and min, max, ceil, floor, sqrt",
    ),
    "an attribute": (
        _rule("ridge.hbm", "peak.bf16_dense.__class__"),
        "rules/rules.yaml:4: rules[0].formula: rule bad: 'peak.bf16_dense.__class__' reaches "
        "for an attribute at '.__class__'; formulas use only quantity ids, numbers with units, "
        "+ - * / ^, parentheses and min, max, ceil, floor, sqrt",
    ),
    "adding unlike dimensions": (
        _rule("ridge.hbm", "peak.bf16_dense + hbm.bandwidth"),
        "rules/rules.yaml:4: rules[0].formula: rule bad: cannot add [computation] / [time] and "
        "[information] / [time]",
    ),
}


@pytest.mark.parametrize("case", list(BAD_RULES))
def test_bad_rule_is_refused_before_anything_is_written(
    case: str, db_url: str, tmp_path: Path, cli: Any
) -> None:
    catalog, rules = write_derivation_catalog(tmp_path / "good", {"chip-x": GOOD_CHIP})
    assert cli("load", str(catalog), "--rules", str(rules), "--db", db_url).exit_code == 0
    before = snapshot(db_url)
    text, expected = BAD_RULES[case]
    (rules / "rules.yaml").write_text(text, encoding="utf-8")
    result = cli("load", str(catalog), "--rules", str(rules), "--db", db_url)
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == f"error: {expected}"
    assert "Traceback" not in result.stderr
    assert snapshot(db_url) == before


def test_a_bad_rule_also_stops_derive_all(db_url: str, tmp_path: Path, cli: Any) -> None:
    catalog, rules = write_derivation_catalog(tmp_path / "c", {"chip-x": GOOD_CHIP})
    assert cli("load", str(catalog), "--rules", str(rules), "--db", db_url).exit_code == 0
    before = snapshot(db_url)
    (rules / "rules.yaml").write_text(BAD_RULES["dimension mismatch"][0], encoding="utf-8")
    result = cli("derive", "--all", "--rules", str(rules), "--db", db_url)
    assert result.exit_code == 2
    assert "the formula gives" in result.stderr
    assert snapshot(db_url) == before


def _loaded(db_url: str, tmp_path: Path, cli: Any) -> tuple[Path, Any]:
    """A loaded good catalog and the database as it then is."""
    catalog, rules = write_derivation_catalog(tmp_path / "c", {"chip-x": GOOD_CHIP})
    assert cli("load", str(catalog), "--rules", str(rules), "--db", db_url).exit_code == 0
    return catalog, snapshot(db_url)


@pytest.mark.parametrize("command", ["load", "derive"])
def test_a_rules_directory_that_does_not_exist_is_refused(
    command: str, db_url: str, tmp_path: Path, cli: Any
) -> None:
    catalog, before = _loaded(db_url, tmp_path, cli)
    args = [str(catalog)] if command == "load" else ["--all"]
    missing = tmp_path / "no-such-dir"
    result = cli(command, *args, "--rules", str(missing), "--db", db_url)
    assert result.exit_code == 2
    assert result.stderr == f"error: no rules directory {missing}; name a directory of rule " + (
        "files (or leave --rules out for the product's rules and the catalog's own rules/ folder)\n"
    )
    assert snapshot(db_url) == before


def test_derive_all_with_an_empty_rules_directory_deletes_nothing(
    db_url: str, tmp_path: Path, cli: Any
) -> None:
    _, before = _loaded(db_url, tmp_path, cli)
    empty = tmp_path / "empty"
    empty.mkdir()
    result = cli("derive", "--all", "--rules", str(empty), "--db", db_url)
    assert result.exit_code == 2
    assert f"error: {empty} holds no rules; name a directory of rule files" in result.stderr
    assert snapshot(db_url) == before


def test_the_general_rules_and_the_courses_own_fit_the_course_catalog() -> None:
    from conftest import CATALOG

    from derive.rules import RuleFolders, read_rules
    from schema.reader import read_catalog

    rules = read_rules(RuleFolders.of(CATALOG), read_catalog(CATALOG))
    assert {
        "ridge.hbm",
        "hbm.bandwidth.from-pins",
        "hbm.pin_rate.from-bandwidth",
        "clock.boost.from-peak",
    } <= {rule.id for rule in rules.rules}
