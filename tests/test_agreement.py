"""When two values agree: one rule (`derive.agreement`), pairwise, strict at the edges."""

from __future__ import annotations

import math

import pytest

from derive.agreement import agree, agree_within, agreeing_groups, relative_difference


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ((0.805, 0.815), (0.815, 0.825), False),  # they only touch
        ((0.805, 0.815), (0.81, 0.82), True),
        ((0.815, 0.815), (0.805, 0.815), False),  # an exact value on the other's edge
        ((148.0, 148.0), (148.0, 148.0), True),
        ((148.0, 148.0), (150.0, 150.0), False),
    ],
)
def test_two_intervals_agree_when_they_share_more_than_a_point(
    a: tuple[float, float], b: tuple[float, float], expected: bool
) -> None:
    assert agree(a, b) is expected
    assert agree(b, a) is expected


def test_values_never_agree_through_a_third() -> None:
    values = [(1.0, 3.0), (2.0, 5.0), (4.0, 6.0)]  # the first and last agree only via the middle
    assert agreeing_groups(values, lambda v: v) == [[(1.0, 3.0), (2.0, 5.0)], [(4.0, 6.0)]]


def test_a_rules_tolerance_lets_a_close_derived_value_agree() -> None:
    stated, derived = (100.0, 100.0), (101.0, 101.0)
    difference = relative_difference(101.0, 100.0)
    assert difference == pytest.approx(0.01)
    assert not agree_within(stated, derived, difference, 0.0)
    assert agree_within(stated, derived, difference, 0.02)
    assert relative_difference(1.0, 0.0) == math.inf  # nothing is within a share of zero
