"""`subject:quantity` has one grammar (`schema.refs`): formulas, bounds, tables and the
text checker read and refuse the same references."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli
from pydantic import TypeAdapter, ValidationError
from rules_fixtures import chip, fact, write_derivation_catalog

from db.known import loaded_view
from derive.bounds import Bound, BoundEntry
from derive.errors import FormulaError
from derive.formula import parse_formula
from derive.text import check_text
from schema.catalog import Origin
from schema.models import QuantityId, Slug
from schema.reader import TABLE_REF
from schema.refs import Ref

ENGLISH = Path(__file__).parent / "text" / "english"

GOOD = [
    "hbm.pin_rate",
    "gb200:mac.per_cycle",
    "b200-hgx:peak.bf16_dense",
    "tpu-v7.1:x",
    "a:1x",
    "4090-ti:peak.fp8",
    "a_b..c-:d_e.f_2",
]
BAD = [
    "a:b:c",
    "A:b",
    "a:B",
    "a:",
    ":b",
    "",
    "-a:b",
    ".a:b",
    "a:b-c",
    "a:b._c",
    "a:b.",
    "a:.b",
    "a :b",
    "a:b c",
    "a/b:c",
]


def _formula(text: str) -> Ref | None:
    try:
        expr = parse_formula(text)
    except FormulaError:
        return None
    return expr if isinstance(expr, Ref) else None


def _bound(text: str) -> Ref | None:
    try:
        entry = BoundEntry(id="b", quantity="q", within=text, description="d")
    except ValidationError:
        return None
    return Bound.of(entry, Origin("rules.yaml", 1, 0)).ref


def _table(text: str) -> Ref | None:
    found = TABLE_REF.fullmatch("{" + text + "}")
    return Ref(found["subject"], found["quantity"]) if found else None


@pytest.mark.parametrize("text", GOOD)
def test_formulas_bounds_and_tables_read_a_reference_alike(text: str) -> None:
    ref = Ref.parse(text)
    assert str(ref) == text
    assert _formula(text) == _bound(text) == _table(text) == ref
    if ref.subject is not None:
        TypeAdapter(Slug).validate_python(ref.subject)
    TypeAdapter(QuantityId).validate_python(ref.quantity)


@pytest.mark.parametrize("text", BAD)
def test_formulas_bounds_and_tables_refuse_the_same_references(text: str) -> None:
    with pytest.raises(ValueError, match="is not a reference"):
        Ref.parse(text)
    assert _formula(text) is _bound(text) is _table(text) is None


def test_in_a_formula_a_quantity_without_its_subject_starting_with_a_digit_is_a_number() -> None:
    assert Ref.parse("1x") == Ref(None, "1x")
    assert _formula("1x") is None
    assert _formula("chip:1x") == Ref("chip", "1x")


def test_a_bound_naming_no_reference_is_one_line(tmp_path: Path, cli: Any) -> None:
    bound = (
        "bounds:\n  - id: pins.within\n    quantity: hbm.pin_rate\n"
        "    within: Std:hbm.pin_rate\n    description: pins within the standard\n"
    )
    catalog, rules = write_derivation_catalog(
        tmp_path, {"chip-x": chip(fact("x.pins", "hbm.pin_rate", "8 Gbit/s"))}, rules=bound
    )
    result = cli("validate", str(catalog), "--rules", str(rules))
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == (
        "error: rules/rules.yaml:4: bounds[0].within: 'Std:hbm.pin_rate' is not a reference; "
        "write a quantity's id or subject:quantity (lower-case ids: hbm.pin_rate, "
        "gb200:hbm.pin_rate)"
    )


def test_the_text_checkers_pairs_are_references(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'e.sqlite'}"
    loaded = run_cli("load", str(ENGLISH / "catalog"), "--no-standard-rules", "--db", url)
    assert loaded.exit_code == 0, loaded.stderr
    text = (ENGLISH / "article.md").read_text("utf-8")
    results = check_text(text, loaded_view(url), "article.md").results
    pairs = [pair for result in results for pair in result.candidates]
    assert pairs
    for pair in pairs:
        subject, quantity = Ref.parse(pair).pair()
        assert str(Ref(subject, quantity)) == pair
