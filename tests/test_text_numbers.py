"""Numbers in short texts written for these tests, Chinese and English."""

from __future__ import annotations

from decimal import Decimal

import pytest

from schema.text_numbers import TextNumber, find_numbers


def numbers(text: str) -> list[TextNumber]:
    return list(find_numbers(text))


def claims(text: str) -> list[tuple[str, Decimal, str | None]]:
    return [(n.literal, n.value, n.unit) for n in find_numbers(text) if n.is_claim]


def test_units_after_numbers_map_to_canonical_units() -> None:
    assert claims("该芯片带宽 3.35 TB/s，峰值 989 TFLOPS，片上 50 MiB，时钟 1.98 GHz。") == [
        ("3.35 TB/s", Decimal("3.35"), "TB/s"),
        ("989 TFLOPS", Decimal(989), "TFLOP/s"),
        ("50 MiB", Decimal(50), "MiB"),
        ("1.98 GHz", Decimal("1.98"), "GHz"),
    ]


def test_counting_words_are_plain_numbers() -> None:
    assert claims("装了 6 颗 HBM，每颗 16 个通道，快 3 倍") == [
        ("6 颗", Decimal(6), ""),
        ("16 个", Decimal(16), ""),
        ("3 倍", Decimal(3), ""),
    ]


def test_thousands_separators_decimals_and_percentages() -> None:
    assert claims("a chip with 1,536 lanes runs at 41.5% of 2,048.5 GB/s") == [
        ("1,536 lanes", Decimal(1536), ""),
        ("41.5%", Decimal("41.5"), "%"),
        ("2,048.5 GB/s", Decimal("2048.5"), "GB/s"),
    ]


def test_wan_and_yi_multiply() -> None:
    (n,) = numbers("全局批次要 约 1,770 万 token")
    assert (n.value, n.resolution, n.approx, n.unit) == (
        Decimal(17_700_000),
        Decimal(10_000),
        True,
        "",
    )
    (m,) = numbers("大约 3 亿 参数")
    assert m.value == Decimal(300_000_000)


def test_ranges_keep_both_ends() -> None:
    (n,) = numbers("引脚速率从 6.4–8.0 Gbps 都算")
    assert (n.value, n.high, n.unit) == (Decimal("6.4"), Decimal("8.0"), "Gbit/s")
    (m,) = numbers("between 10 to 12 GHz")
    assert (m.value, m.high) == (Decimal(10), Decimal(12))


def test_full_width_digits_and_symbols() -> None:
    found = numbers("带宽 ＝ ５１２ × ２ ÷ ８ ≈ １２８ GB/s")
    assert [(n.value, n.unit) for n in found] == [
        (Decimal(512), None),
        (Decimal(2), None),
        (Decimal(8), None),
        (Decimal(128), "GB/s"),
    ]
    assert found[-1].approx


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("见 §2.5 的推导", "section"),
        ("回到 4.3 那张图", "section"),
        ("细节在 5.1b 里", "section"),
        ("2025-11-03 更新", "date"),
        ("1998 年的论文", "year"),
        ("第 7 节", "ordinal"),
        ("图 4 画的是", "figure"),
        ("3. 然后做这个", "list-marker"),
        ("A100 和 MI300X", "name"),
        ("这正是 2.4 说的那件事", "section"),
        ("满足 99 分位延迟", "ordinal"),
    ],
)
def test_numbers_that_name_things_are_not_claims(text: str, kind: str) -> None:
    assert numbers(text)[0].kind == kind


def test_written_precision_is_kept() -> None:
    assert [n.resolution for n in numbers("3 TB/s, 3.0 TB/s, 3.00 TB/s")] == [
        Decimal(1),
        Decimal("0.1"),
        Decimal("0.01"),
    ]


def test_line_and_column_are_given() -> None:
    (n,) = numbers("first line\n  x = 42 GB")
    assert (n.line, n.column, n.literal) == (2, 7, "42 GB")


def test_model_sizes_in_billions() -> None:
    (n,) = numbers("一个 405B 的稠密模型")
    assert (n.value, n.unit) == (Decimal(405_000_000_000), "")
