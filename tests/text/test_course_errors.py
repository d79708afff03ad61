"""Every number the course itself names as wrong, superseded or retracted is reported so.

Found by the mechanism alone: the lines are located by their numbers in the text, and
the verdicts come from the catalog (no number or sentence of the course in the code).
"""

from __future__ import annotations

import pytest

from derive.text import CatalogView, CheckedNumber, Verdict, check_text


@pytest.fixture(scope="module")
def course_results(course_view: CatalogView, course_text: str) -> list[CheckedNumber]:
    return list(check_text(course_text, course_view, "course").results)


def _find(results: list[CheckedNumber], digits: str, beside: str) -> CheckedNumber:
    """The number written `digits` in a sentence that also holds `beside`."""
    found = [r for r in results if r.number.digits == digits and beside in r.context]
    assert found, f"{digits} not found beside {beside!r}"
    return found[0]


@pytest.mark.parametrize(
    ("digits", "beside", "verdict", "against"),
    [
        ("2,700", "854.0", Verdict.superseded, "2,500 TFLOP/s"),  # the MFU denominator
        ("31.6", "854.0", Verdict.superseded, "34.16 %"),  # the MFU it gave
        ("2.03", "1.83", Verdict.superseded, None),  # the retracted extrapolated clock
        ("8,192", "1024 GB/s", Verdict.alternative, None),  # "8 TB/s" read as 8 × 1024
        ("305.2", "8.192", Verdict.alternative, None),  # the ridge of that reading
        ("1,153", "2.2 GHz", Verdict.mismatched, None),  # one MAC per cell counted, not two
    ],
)
def test_the_courses_own_errors_are_reported(
    course_results: list[CheckedNumber],
    digits: str,
    beside: str,
    verdict: Verdict,
    against: str | None,
) -> None:
    result = _find(course_results, digits, beside)
    assert result.verdict is verdict, result.why
    judgement = result.judgement
    assert judgement is not None
    if against is not None:
        assert judgement.correction is not None and judgement.correction.shown() == against


def test_the_wrong_peak_is_diagnosed_as_mac_versus_flop(
    course_results: list[CheckedNumber],
) -> None:
    result = _find(course_results, "1,153", "2.2 GHz")
    assert result.judgement is not None and result.judgement.known is not None
    assert result.judgement.known.shown() == "2,307 TFLOP/s"
    assert (result.judgement.cause or "").startswith("a factor of 2: MAC vs FLOP")


def test_the_vector_peak_77_is_within_what_the_rounded_2_500_allows(
    course_results: list[CheckedNumber], course_view: CatalogView
) -> None:
    # The course calls 77 wrong against its 78.125 = 2,500 / 32. By the significant-figure
    # convention 2,500 TFLOP/s is 2,450-2,550, so the vector peak rebuilt from it is
    # 76.6-79.7 TFLOP/s: 77 cannot be told wrong by the numbers the catalog holds.
    result = _find(course_results, "77", "9.6")
    assert result.verdict is Verdict.matched, result.why
    (rebuilt,) = [v for v in course_view.pair("gb200", "peak.vector") if v.kind.value == "derived"]
    assert round(rebuilt.value, 3) == 78.125  # 18,944 × 2 × 2.0618 GHz
    assert round(rebuilt.low, 2) == 76.56 and round(rebuilt.high, 2) == 79.69  # 2,450/32, 2,550/32


def test_the_pin_rates_of_section_1_are_claims(course_results: list[CheckedNumber]) -> None:
    rates = [
        r
        for r in course_results
        if r.number.digits in ("7.2", "7.8") and "Gbps" in r.number.literal
    ]
    assert rates and all(r.is_claim for r in rates)
    assert any(r.verdict is Verdict.matched and r.quantity == "hbm.pin_rate" for r in rates)
