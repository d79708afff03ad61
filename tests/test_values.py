import math
from decimal import Decimal

import pytest

from derive.agreement import allowed
from schema.errors import UnitError, ValueSyntaxError
from schema.values import normalise, parse_value


@pytest.mark.parametrize(
    ("literal", "low", "high", "unit"),
    [
        ("7.37 TB/s", "7.37", None, "TB/s"),
        ("2,307 TFLOP/s", "2307", None, "TFLOP/s"),
        ("606,208 MAC/cycle", "606208", None, "MAC/cycle"),
        ("8.0–9.6 Gbit/s", "8.0", "9.6", "Gbit/s"),
        ("8.0-9.6 Gbps", "8.0", "9.6", "Gbit/s"),
        ("148", "148", None, ""),
        ("1,024 bit", "1024", None, "bit"),
        ("64 MiB", "64", None, "MiB"),
        ("45 %", "45", None, "%"),
        ("312.9 FLOP/B", "312.9", None, "FLOP/B"),
        ("1,229 GB/s", "1229", None, "GB/s"),
    ],
)
def test_reads_number_range_and_unit(literal: str, low: str, high: str | None, unit: str) -> None:
    parsed = parse_value(literal)
    assert parsed.literal == literal
    assert parsed.low == Decimal(low)
    assert parsed.high == (Decimal(high) if high else None)
    assert parsed.unit == unit


@pytest.mark.parametrize("literal", ["≈ 2.06 GHz", "~2.06 GHz", "约 2.06 GHz", "～2.06 GHz"])
def test_reads_approximation_marks(literal: str) -> None:
    parsed = parse_value(literal)
    assert parsed.approx
    assert parsed.low == Decimal("2.06")
    assert parsed.unit == "GHz"


@pytest.mark.parametrize(
    ("literal", "mark"), [(">9.2 Gbps", ">"), ("≥ 1.2 TB/s", "≥"), ("<= 100 %", "≤")]
)
def test_reads_bounds(literal: str, mark: str) -> None:
    assert parse_value(literal).comparator == mark


@pytest.mark.parametrize(
    ("literal", "expected"),
    [
        ("≤6.4 Gbit/s", (-math.inf, 6.45e9)),  # the limit to its written precision
        ("≥ 1.2 TB/s", (1.15e12, math.inf)),
        (">9.2 Gbps", (9.15e9, math.inf)),
        ("7.37 TB/s", (7.365e12, 7.375e12)),
    ],
)
def test_a_bound_allows_every_value_on_its_side_and_a_point_its_precision(
    literal: str, expected: tuple[float, float]
) -> None:
    # one reading for the audit (a conflict, a range) and the text checker (a claim within it)
    parsed = parse_value(literal)
    reference = {"Gbit/s": "bit/s", "TB/s": "B/s"}[parsed.unit]
    normal = normalise(parsed, reference, exact=False)
    low, high = allowed(parsed.comparator, float(normal.low), float(normal.high))
    assert low == pytest.approx(expected[0]) and high == pytest.approx(expected[1])


@pytest.mark.parametrize(
    ("spelled", "canonical"),
    [
        ("7.2 Gbps", "Gbit/s"),
        ("7.2 Gb/s", "Gbit/s"),
        ("78 TFLOPS", "TFLOP/s"),
        ("228 KB", "kB"),
        ("128 byte", "B"),
        ("312 FLOP/byte", "FLOP/B"),
    ],
)
def test_spec_sheet_spellings_map_to_canonical_units(spelled: str, canonical: str) -> None:
    assert parse_value(spelled).unit == canonical


def test_written_digits_set_the_interval() -> None:
    # "8 TB/s" allows 7.5–8.5 TB/s; "8.000 TB/s" allows 7,999.5–8,000.5 GB/s.
    coarse = normalise(parse_value("8 TB/s"), "GB/s", exact=False)
    fine = normalise(parse_value("8.000 TB/s"), "GB/s", exact=False)
    assert (coarse.low, coarse.value, coarse.high) == (Decimal(7500), Decimal(8000), Decimal(8500))
    assert (fine.low, fine.high) == (Decimal("7999.5"), Decimal("8000.5"))


def test_normalises_exactly_between_bits_and_bytes() -> None:
    pin = normalise(parse_value("7.2 Gbit/s"), "GB/s", exact=False)
    assert pin.value == Decimal("0.9")
    assert (pin.low, pin.high) == (Decimal("0.89375"), Decimal("0.90625"))


def test_binary_prefixes_are_exact() -> None:
    assert normalise(parse_value("64 MiB"), "B", exact=True).value == Decimal(64 * 2**20)
    assert normalise(parse_value("192 GiB"), "GB", exact=True).value == Decimal("206.158430208")


def test_range_normalises_to_its_midpoint_and_spans_both_ends() -> None:
    value = normalise(parse_value("8.0–9.6 Gbit/s"), "Gbit/s", exact=False)
    assert (value.low, value.value, value.high) == (
        Decimal("7.95"),
        Decimal("8.8"),
        Decimal("9.65"),
    )


def test_exact_values_have_no_width() -> None:
    value = normalise(parse_value("1,024 bit"), "bit", exact=True)
    assert value.low == value.value == value.high == Decimal(1024)


@pytest.mark.parametrize(
    ("literal", "says"),
    [
        ("1,2 GB/s", "commas in groups of three"),
        ("1 200 GB/s", "cannot read '1 200 GB/s'"),
        ("fast", "cannot read 'fast'"),
        ("9.6–8.0 Gbit/s", "from the lower to the higher"),
        (">8–9 Gbit/s", "both a bound and a range"),
    ],
)
def test_unreadable_values_say_why(literal: str, says: str) -> None:
    with pytest.raises(ValueSyntaxError, match=None) as caught:
        parse_value(literal)
    assert says in str(caught.value)


@pytest.mark.parametrize("literal", ["7 TB/S", "100 Gb", "3 T", "1 barn", "5 T/s"])
def test_units_outside_the_vocabulary_are_refused(literal: str) -> None:
    with pytest.raises(UnitError, match="unknown unit"):
        parse_value(literal)


def test_wrong_dimension_names_both_units() -> None:
    with pytest.raises(UnitError) as caught:
        normalise(parse_value("64 MiB"), "GB/s", exact=False)
    assert str(caught.value) == (
        "unit MiB ([information]) cannot convert to GB/s ([information] / [time])"
    )


@pytest.mark.parametrize(
    ("literal", "value", "reference", "low", "high"),
    [
        # the mantissa's written digits carry the precision: 9.0e11 is 8.95–9.05 × 10¹¹
        ("9.0e11 B/s", "900", "GB/s", "895", "905"),
        ("2.75e14 FLOP/s", "275", "TFLOP/s", "274.5", "275.5"),
        ("1.2E+12 B/s", "1200", "GB/s", "1150", "1250"),
        ("2e14 FLOP/s", "200", "TFLOP/s", "150", "250"),
        ("3.5 × 10^12 FLOP/s", "3.5", "TFLOP/s", "3.45", "3.55"),
        ("3.5×10¹² FLOP/s", "3.5", "TFLOP/s", "3.45", "3.55"),
        ("17_200_000_000 B/s", "17.2", "GB/s", "17.15", "17.25"),
        ("17\u2009200\u2009000\u2009000 B/s", "17.2", "GB/s", "17.15", "17.25"),  # thin spaces
        ("6\u202f400 MT/s", "6.4", "GT/s", "6.35", "6.45"),  # a narrow no-break space
        ("1,000 TOPS", "1000", "TOP/s", "500", "1500"),  # one significant digit
    ],
)
def test_spec_table_notations(
    literal: str, value: str, reference: str, low: str, high: str
) -> None:
    normal = normalise(parse_value(literal), reference, exact=False)
    assert (normal.value, normal.low, normal.high) == (Decimal(value), Decimal(low), Decimal(high))


def test_integer_operations_are_kept_apart_from_flop() -> None:
    with pytest.raises(UnitError, match="cannot convert"):
        normalise(parse_value("1,000 TOPS"), "TFLOP/s", exact=False)


def test_a_plain_space_does_not_group_digits() -> None:
    with pytest.raises(ValueSyntaxError, match="cannot read"):
        parse_value("17 200 B/s")  # two numbers, or one? never guessed


def test_a_huge_value_is_refused_at_once() -> None:
    with pytest.raises(ValueSyntaxError, match="at most 200 are read"):
        parse_value("9" * 100_000 + " B/s")
