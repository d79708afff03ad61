"""The words a table's cells and footnotes are written in, per table language.

A table spec says `lang: zh` for the course's Chinese tables; English is the
default. Every fixed phrase of a cell or a footnote is here, once per language.
"""

from __future__ import annotations

from dataclasses import dataclass

from derive.checks.finding import Kind
from schema.tiers import Tier


@dataclass(frozen=True, slots=True, kw_only=True)
class Words:
    """The fixed phrases of one language."""

    undisclosed: str
    none: str
    no_source: str
    not_disclosed: str
    per_source: str  # "(per {title})"
    quoted_in: str  # "{original}, as quoted in {copy}"
    rule: str  # "derived by rule {rule}: {formula}"
    tiers: dict[str, str]  # by tier: the note of a cell of a tier weaker than official
    findings: dict[Kind, str]  # per finding kind, for a reader
    finding_other: str


ENGLISH = Words(
    undisclosed="undisclosed",
    none="—",
    no_source="no source",
    not_disclosed="not disclosed by the vendor",
    per_source=" (per {title})",
    quoted_in="{original}, as quoted in {copy}",
    rule="derived by rule {rule}: {formula}",
    tiers={
        Tier.measured: "measured by a third party (a benchmark or teardown)",
        Tier.inferred: "inferred: back-computed, carried over from an earlier generation, or read "
        "off a diagram",
        Tier.estimated: "estimated: the author's judgment",
    },
    findings={
        Kind.conflict: "the sources disagree on this value",
        Kind.mismatch: "a rule rebuilds this value from others, and gets another",
        Kind.out_of_range: "outside the bounds the catalog sets for this quantity",
    },
    finding_other="an open question on this value (see facts audit)",
)

CHINESE = Words(
    undisclosed="未公开",
    none="—",
    no_source="无来源",
    not_disclosed="厂商未公开",
    per_source="（据 {title}）",
    quoted_in="{original}，转引自 {copy}",
    rule="由规则 {rule} 推导：{formula}",
    tiers={
        Tier.measured: "第三方实测（基准测试或拆解）",
        Tier.inferred: "推断：反推、沿用上一代或从示意图读出",
        Tier.estimated: "估计：作者的判断",
    },
    findings={
        Kind.conflict: "各来源对这个数不一致",
        Kind.mismatch: "按规则由其他数重算，得到的值不同",
        Kind.out_of_range: "超出目录为这个量设定的范围",
    },
    finding_other="这个数还有待确认的问题（见 facts audit）",
)

LANGUAGES = {"en": ENGLISH, "zh": CHINESE}
"""The table languages a spec's `lang` may name."""


def words_for(lang: str | None) -> Words:
    """The phrases of a table's language (English when it names none)."""
    return LANGUAGES[lang or "en"]
