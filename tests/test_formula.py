from decimal import Decimal

import pytest

from derive.errors import FormulaError
from derive.formula import Bin, Call, Num, Pow, Ref, parse_formula, references


def test_dotted_names_are_quantities_and_a_colon_names_another_subject() -> None:
    expr = parse_formula("gb200:mac.per_cycle / mac.per_cycle")
    assert expr == Bin("/", Ref("gb200", "mac.per_cycle"), Ref(None, "mac.per_cycle"))


def test_a_unit_after_a_number_makes_a_constant() -> None:
    expr = parse_formula("peak.bf16_dense / (mac.per_cycle * 2 FLOP/MAC)")
    assert expr == Bin(
        "/",
        Ref(None, "peak.bf16_dense"),
        Bin("*", Ref(None, "mac.per_cycle"), Num(Decimal(2), "FLOP/MAC")),
    )
    assert parse_formula("x * 1024 bit") == Bin("*", Ref(None, "x"), Num(Decimal(1024), "bit"))


def test_precedence_and_whitelisted_functions() -> None:
    assert parse_formula("a - b * c ^ 2") == Bin(
        "-", Ref(None, "a"), Bin("*", Ref(None, "b"), Pow(Ref(None, "c"), Decimal(2)))
    )
    assert parse_formula("max(a, ceil(b / c))") == Call(
        "max", (Ref(None, "a"), Call("ceil", (Bin("/", Ref(None, "b"), Ref(None, "c")),)))
    )
    assert parse_formula("a × b ÷ c") == parse_formula("a * b / c")


def test_references_are_listed_once_in_order() -> None:
    refs = references(parse_formula("1 / (1/m + 1/n + 1/k) + m"))
    assert [str(r) for r in refs] == ["m", "n", "k"]


@pytest.mark.parametrize(
    ("formula", "message"),
    [
        ('__import__("os")', "may not use '__import__'"),
        ("os.system(1)", "may not call 'os.system'"),
        ("open(1)", "may not call 'open'"),
        ("eval(1)", "may not call 'eval'"),
        ("hbm.bandwidth.__class__", "reaches for an attribute at '.__class__'"),
        ("().__class__", "may not use '.'"),
        ("a[0]", "may not use '['"),
        ("lambda: 1", "may not use ':'"),
        ("a if b else c", "unexpected 'if'"),
        ("a +", "the formula ends too early"),
        ("a ^ b", "an exponent must be a plain number"),
        ("", "the formula is empty"),
    ],
)
def test_anything_outside_the_language_is_refused(formula: str, message: str) -> None:
    with pytest.raises(FormulaError) as caught:
        parse_formula(formula)
    assert message in str(caught.value)
