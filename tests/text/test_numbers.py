"""Numbers found in short texts written for these tests, Chinese and English."""

from __future__ import annotations

from decimal import Decimal

import pytest

from derive.text.arithmetic import chains, doublings
from derive.text.numbers import TextNumber, numbers_in_line, plain_line
from schema.values import significant_resolution


def numbers(line: str) -> list[TextNumber]:
    return list(numbers_in_line(line, 1))


def found(line: str) -> list[tuple[str, Decimal, str | None]]:
    return [(n.literal, n.value, n.unit) for n in numbers(line)]


def test_units_after_numbers_map_to_canonical_units() -> None:
    assert found("该芯片带宽 3.35 TB/s，峰值 989 TFLOPS，片上 50 MiB，时钟 1.98 GHz。") == [
        ("3.35 TB/s", Decimal("3.35"), "TB/s"),
        ("989 TFLOPS", Decimal(989), "TFLOP/s"),
        ("50 MiB", Decimal(50), "MiB"),
        ("1.98 GHz", Decimal("1.98"), "GHz"),
    ]


def test_bits_written_gb_and_a_capacity_written_g_before_chinese() -> None:
    assert [(n.literal, n.unit) for n in numbers("8 Gb parts; 单颗 16Gb")] == [
        ("8 Gb", "Gbit"),
        ("16Gb", "Gbit"),
    ]
    assert [(n.literal, n.unit) for n in numbers("24G 的 GDDR5，16G 显存")] == [
        ("24G", "GB"),
        ("5", None),
        ("16G", "GB"),
    ]
    # "5G" in English and "16G 版" (a variant's name) are no capacity
    assert [n.unit for n in numbers("a 5G modem; 16G 版")] == [None, None]


def test_counting_words_are_plain_numbers() -> None:
    assert found("装了 6 颗 HBM，每颗 16 个通道，快 3 倍") == [
        ("6 颗", Decimal(6), ""),
        ("16 个", Decimal(16), ""),
        ("3 倍", Decimal(3), ""),
    ]


def test_e_notation_powers_of_ten_and_digit_groups() -> None:
    assert [(n.value, n.unit) for n in numbers("9.0e11 B/s and 1.2E+12 B/s")] == [
        (Decimal("9.0e11"), "B/s"),
        (Decimal("1.2e12"), "B/s"),
    ]
    (times,) = numbers("2.039 × 10^12 B/s")
    assert (times.value, times.unit, times.resolution) == (
        Decimal("2.039e12"),
        "B/s",
        Decimal("1e9"),
    )
    (sup,) = numbers("2.75×10¹⁴ FLOP/s")
    assert sup.value == Decimal("2.75e14")
    assert numbers("17_200_000_000")[0].value == Decimal(17_200_000_000)
    assert numbers("1\u2009200 GB/s")[0].value == Decimal(1200)


def test_precision_follows_significant_figures() -> None:
    assert [significant_resolution(t) for t in ("7.37", "2,500", "2,048", "8", "8.000", "0")] == [
        Decimal("0.01"),
        Decimal(100),
        Decimal(1),
        Decimal(1),
        Decimal("0.001"),
        Decimal(1),
    ]


def test_wan_and_yi_multiply_and_keep_precision() -> None:
    (n,) = numbers("全局批次要 约 1,770 万 token")
    assert (n.value, n.resolution, n.approx, n.unit) == (
        Decimal(17_700_000),
        Decimal(100_000),
        True,
        "",
    )
    assert numbers("大约 3 亿 参数")[0].value == Decimal(300_000_000)


def test_ranges_keep_both_ends() -> None:
    (n,) = numbers("引脚速率从 8.0 一路到 9.6 Gbps 都算")
    assert (n.value, n.high, n.unit) == (Decimal("8.0"), Decimal("9.6"), "Gbit/s")
    (m,) = numbers("between 10 to 12 GHz")
    assert (m.value, m.high) == (Decimal(10), Decimal(12))


def test_a_gig_before_the_thing_it_sizes_is_a_gigabyte() -> None:
    assert [(n.digits, n.unit) for n in numbers("the 8 gig card, the 80 gig model")] == [
        ("8", "GB"),
        ("80", "GB"),
    ]
    assert [n.unit for n in numbers("a 1.1 gig clock, at 2 gig")] == [None, None]


def test_an_ethernet_ports_rate_is_in_gigabits_a_second() -> None:
    assert [(n.digits, n.unit) for n in numbers("24 × 200GbE RoCE，12 个 400 GbE 端口")] == [
        ("24", None),
        ("200", "Gbit/s"),
        ("12", ""),
        ("400", "Gbit/s"),
    ]


def test_operations_per_byte_and_per_second_are_units() -> None:
    assert [(n.digits, n.unit) for n in numbers("INT8 同理是 400 或 390.6 OP/B。")] == [
        ("8", None),
        ("400", None),  # the list's unit, written once, is given at the sentence's reading
        ("390.6", "OP/B"),
    ]
    assert [n.unit for n in numbers("about 354 OP/B, or 1,000 TOPS, 2 OP/s, 8 OP/cycle")] == [
        "OP/B",
        "TOP/s",
        "OP/s",
        "OP/cycle",
    ]


def test_full_width_digits_and_signs() -> None:
    line = "带宽 ＝ ５１２ × ２ ÷ ８ ≈ １２８ GB/s"
    assert [(n.value, n.unit) for n in numbers(line)] == [
        (Decimal(512), None),
        (Decimal(2), None),
        (Decimal(8), None),
        (Decimal(128), "GB/s"),
    ]
    assert numbers(line)[-1].approx


def test_full_width_letters_are_read_as_units() -> None:
    assert [(n.value, n.unit) for n in numbers("ＲＸ 的 ３３５Ｗ，带宽 ５７６ ＧＢ／ｓ")] == [
        (Decimal(335), "W"),
        (Decimal(576), "GB/s"),
    ]


def test_a_full_width_comma_separates_numbers_it_does_not_group_digits() -> None:
    assert [n.value for n in numbers("256，512")] == [Decimal(256), Decimal(512)]


def test_hyphenated_units_fractions_and_squares() -> None:
    assert found("an 8,192-bit bus") == [("8,192-bit", Decimal(8192), "bit")]
    (fraction,) = numbers("the 4/3 upper bound")
    assert round(fraction.value, 4) == Decimal("1.3333")
    # a slash after more than one digit pairs two figures: dense and sparse "71/142"
    assert [n.value for n in numbers("BF16 是 71/142 TFLOPS")][1:] == [Decimal(71), Decimal(142)]
    (square,) = numbers("2 × 256² cells")[1:]
    assert square.value == Decimal(65536)
    # two superscript digits are one power: 2³⁰ bytes in a GiB, 10⁸ in 亿
    assert [n.value for n in numbers("2³⁰ 字节，10⁸")] == [Decimal(2**30), Decimal(10**8)]
    # a half said aloud: "3 and a half terabytes a second" is 3.5 TB/s, to a quarter
    (spoken,) = numbers("about 3 and a half terabytes a second")
    assert (spoken.value, spoken.unit, spoken.resolution) == (
        Decimal("3.5"),
        "TB/s",
        Decimal("0.5"),
    )
    assert [n.value for n in numbers("大约 3 个半 TB/s，3 半导体")] == [Decimal("3.5"), Decimal(3)]
    # after a decimal, a superscript digit marks a footnote: the cell says 3.2, not 32.768
    (marked,) = numbers("| 单针速率（Gbps） | 3.2³ |")
    assert marked.value == Decimal("3.2")


def test_line_and_column_are_given() -> None:
    (n,) = list(numbers_in_line("  x = 42 GB", 2))
    assert (n.line, n.column, n.literal) == (2, 7, "42 GB")


def test_model_sizes_in_billions() -> None:
    (n,) = numbers("一个 405B 的稠密模型")
    assert (n.value, n.unit) == (Decimal(405_000_000_000), "")


@pytest.mark.parametrize("size", [100_000, 1_000_000])
def test_a_long_line_is_read_whole(size: int) -> None:
    line = ("7.37 TB/s, " * (size // 11))[:size]
    assert len(numbers(line)) == line.count("7.37")


def test_a_times_sign_after_a_number_is_a_ratio_unless_it_multiplies() -> None:
    assert found("| L1 | 21 TB/s | 2.6× |") == [
        ("1", Decimal(1), None),
        ("21 TB/s", Decimal(21), "TB/s"),
        ("2.6×", Decimal("2.6"), ""),
    ]
    assert found("about 4x faster") == [("4x", Decimal(4), "")]
    assert found("256 × 256 的阵列") == [("256", Decimal(256), None), ("256", Decimal(256), None)]
    assert [n.literal for n in numbers("the MI300X and a 4x4 tile")] == ["300", "4", "4"]


def test_times_and_plural_bits_are_units() -> None:
    assert found("搬数据约 0.42 毫秒，算完约 0.46 ms") == [
        ("0.42 毫秒", Decimal("0.42"), "ms"),
        ("0.46 ms", Decimal("0.46"), "ms"),
    ]
    assert found("约 0.175 秒，每秒 5 个") == [
        ("0.175 秒", Decimal("0.175"), "s"),
        ("5 个", Decimal(5), ""),
    ]
    assert found("6 × 1,024 bits") == [
        ("6", Decimal(6), None),
        ("1,024 bits", Decimal(1024), "bit"),
    ]


def test_operations_each_second_in_words_are_a_rate() -> None:
    # 万亿 is 10¹², and "每秒 … 次浮点运算" (floating-point operations each second) FLOP/s
    assert found("每秒 989.4 万亿次浮点运算，每秒钟 2 万亿次浮点运算") == [
        ("989.4 万亿次浮点运算", Decimal("989.4e12"), "FLOP/s"),
        ("2 万亿次浮点运算", Decimal("2e12"), "FLOP/s"),
    ]
    assert found("一次 4 次浮点运算") == [("4 次浮点运算", Decimal(4), "FLOP")]
    # operations said in words are a rate per second, per cycle or per byte (an intensity)
    assert [n.unit for n in numbers("每秒约 362 万亿次运算；每字节约 247 次运算")] == [
        "OP/s",
        "OP/B",
    ]
    assert found("In INT8 the same sum gives about 354 operations per byte.") == [
        ("8", Decimal(8), None),
        ("354 operations per byte", Decimal(354), "OP/B"),
    ]
    # alone, they are no unit: "8 ops per core per clock" counts, of no dimension
    assert [n.unit for n in numbers("8 ops per core per clock; 一条指令 4 次运算")] == [None, None]
    assert [n.unit for n in numbers("每个核心每拍 8 次运算")] == [None]  # each core's


def test_english_scale_words_multiply_and_keep_precision() -> None:
    (transistors, params) = numbers("4 trillion transistors and 1.5 billion parameters")
    assert (transistors.literal, transistors.value, transistors.unit) == (
        "4 trillion",
        Decimal(4) * 10**12,
        None,
    )
    assert params.value == Decimal("1.5") * 10**9
    assert params.resolution == significant_resolution("1.5") * 10**9
    assert found("a million reasons") == []  # no digits, no number


def test_units_divided_in_words_are_rates() -> None:
    line = "185 FLOP per byte, 131,072 MACs per cycle, 64 bytes per clock, 2 TB per second"
    assert found(line) == [
        ("185 FLOP per byte", Decimal(185), "FLOP/B"),
        ("131,072 MACs per cycle", Decimal(131072), "MAC/cycle"),
        ("64 bytes per clock", Decimal(64), "B/cycle"),
        ("2 TB per second", Decimal(2), "TB/s"),
    ]
    # "per" after a plain count is no unit of it: the count of things each of something
    assert found("4 per core") == [("4", Decimal(4), None)]
    # a rate said before the count: 每周期 (per cycle), 每秒 (per second)
    assert found("每周期 131,072 次乘加，每秒 989.4 万亿次浮点运算") == [
        ("131,072 次乘加", Decimal(131072), "MAC/cycle"),
        ("989.4 万亿次浮点运算", Decimal("989.4") * 10**12, "FLOP/s"),
    ]
    # with a verb between: "每拍做" (does per cycle), "每秒能完成" (can complete per second)
    assert found("整颗芯片每拍做 262144 次乘加，每秒能完成 918 万亿次浮点运算") == [
        ("262144 次乘加", Decimal(262144), "MAC/cycle"),
        ("918 万亿次浮点运算", Decimal(918) * 10**12, "FLOP/s"),
    ]


def test_watts_are_a_unit_of_board_power() -> None:
    assert found("the module draws up to 300 W; a rack, 120 kW") == [
        ("300 W", Decimal(300), "W"),
        ("120 kW", Decimal(120), "kW"),
    ]


def test_rates_per_watt_tops_and_macs_per_cycle_are_units() -> None:
    assert found("能效 0.72 TFLOPS/W，INT8 512 TOPS，0.5 TOPS/W，每拍 131072 MAC/周期") == [
        ("0.72 TFLOPS/W", Decimal("0.72"), "TFLOP/s·W"),
        ("8", Decimal(8), None),
        ("512 TOPS", Decimal(512), "TOP/s"),
        ("0.5 TOPS/W", Decimal("0.5"), "TOP/s·W"),
        ("131072 MAC/周期", Decimal(131072), "MAC/cycle"),
    ]


def test_per_watt_in_words_and_a_number_format_before_the_unit() -> None:
    assert found("1.0 TFLOPS per watt; 256 BF16 MACs per engine; 918 BF16 TFLOPS") == [
        ("1.0 TFLOPS per watt", Decimal("1.0"), "TFLOP/s·W"),
        ("256 BF16 MACs", Decimal(256), "MAC"),  # the format is part of what it counts
        ("918 BF16 TFLOPS", Decimal(918), "TFLOP/s"),
    ]


def test_units_spelled_out_in_words() -> None:
    line = (
        "Boost clock 1,695 megahertz, 24 gigs of memory at 19.5 gigabits per pin, like, "
        "936 gigabytes a second, about 35.6 teraflops or 71 tera-ops, in 30 watts"
    )
    assert [(literal, value, unit) for literal, value, unit in found(line)] == [
        ("1,695 megahertz", Decimal(1695), "MHz"),
        ("24 gigs", Decimal(24), "GB"),
        ("19.5 gigabits per pin", Decimal("19.5"), "Gbit/s"),
        ("936 gigabytes a second", Decimal(936), "GB/s"),
        ("35.6 teraflops", Decimal("35.6"), "TFLOP/s"),
        ("71 tera-ops", Decimal(71), "TOP/s"),
        ("30 watts", Decimal(30), "W"),
    ]
    # a count of things "a cycle" is no unit: only a unit is divided in words
    assert found("64 FMAs a cycle, 8 bytes a cycle") == [
        ("64", Decimal(64), None),
        ("8 bytes a cycle", Decimal(8), "B/cycle"),
    ]


def test_times_before_a_number_multiplies_before_words_it_is_a_ratio() -> None:
    assert found("328 times 64, 4.6 times the bandwidth") == [
        ("328", Decimal(328), None),
        ("64", Decimal(64), None),
        ("4.6 times", Decimal("4.6"), ""),
    ]


def test_latex_math_is_read_as_plain_arithmetic_of_the_same_length() -> None:
    line = r"$$f = \frac{989 \times 10^{12}}{270336 \times 2} \approx 1.83\ \text{GHz}$$"
    assert len(plain_line(line)) == len(line)
    assert found(line) == [
        ("989 ×      10^12", Decimal(989) * 10**12, None),
        ("270336", Decimal(270336), None),
        ("2", Decimal(2), None),
        ("1.83        GHz", Decimal("1.83"), "GHz"),
    ]
    assert "÷(270336 ×" in plain_line(line)
    # a line without LaTeX commands is read as written, braces and all
    assert plain_line("{8} x 10^{3}") == "{8} x 10^{3}"


def test_a_gig_said_as_an_adjective_is_a_gigabyte() -> None:
    assert found("the 16-gig module with a 512-core GPU, at 1.1 gig") == [
        ("16-gig", Decimal(16), "GB"),
        ("512-core", Decimal(512), ""),
        ("1.1", Decimal("1.1"), None),
    ]


@pytest.mark.parametrize(
    ("line", "claims", "constants"),
    [
        ("3352 ÷ 2 ÷ 2 ＝ 838", {0, 3}, {1, 2}),  # sparse FP4 to dense FP8: halved twice
        ("2 × 4,352 × 2.535 / 1000 = 22.06", {1, 2, 4}, {0}),  # the FMA's 2, then GHz to T
        ("4,352 × 2 × 2.535 ≈ 30.1", {0, 2, 3}, set()),  # not the product it writes
        ("4,352 × 2 × 2.535 ≈ 22.06", {0}, set()),  # one claim is not enough
    ],
)
def test_the_2s_a_written_computation_of_claims_multiplies_or_divides_by(
    line: str, claims: set[int], constants: set[int]
) -> None:
    found = numbers(line)
    (chain,) = chains(plain_line(line), found)
    assert doublings(chain, found, claims) == constants
