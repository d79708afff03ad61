"""Qualifiers that tell which of a family of figures a number is: sparse or dense, an
average or a rating.

"250 TOPS of INT8 and 500 with sparsity": the sparsity is the 500's, the number it is
nearest to in its clause, not the 250's; "With 2:4 sparsity NVIDIA doubles the tensor
figures to 330, 661 and 1,321" qualifies every number after it in the sentence. A number
said to be sparse is only a quantity the catalog calls sparse; one said to be dense is
none that it calls sparse (a figure not called either is taken as dense, as spec sheets
write it). A number said to be an average, typical or measured is no rated figure: only a
quantity the catalog calls so.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass

from derive.text.document import Block
from derive.text.known import CatalogView

_SPARSE = re.compile(r"\bspars(?:e|ity)\b|稀疏", re.IGNORECASE)
_DENSE = re.compile(r"\bdense\b|稠密|非稀疏", re.IGNORECASE)
_CALLED_SPARSE = re.compile(r"spars|稀疏", re.IGNORECASE)
_AVERAGE = re.compile(
    r"\b(?:mean|average|averag(?:es|ed|ing)|median|typical(?:ly)?)\b"
    r"|均值|平均值|平均约|平均为|平均只有|典型值|实测值|实测约|实测为|中位数",
    re.IGNORECASE,
)


_MEASURED = re.compile(
    r"\b(?:measured|observed)\b(?!\s+(?:in|at|with|under|on|for|by|using)\b)|实测|测得|实际能?跑到"
    r"|\b(?:never (?:exceeded|went above|topped)|peaked at|dropped to"
    r"|fell to)\b|跑出|测出|实跑",
    re.IGNORECASE,
)
"""A measurement said before a number in its clause ("实测 HBM 读带宽约 2.93 TB/s，为
标称 3.35 TB/s": the 2.93): no rated figure of the catalog. Unlike an average it does not
reach the sentence's every number, nor the conditions it was measured in ("Measured in
the 15 W mode": the mode is rated)."""


_MEASURED_HEADER = re.compile(
    r"\b(?:measured|sustained|achieved|observed|actual|mean|average|median|typical)\b"
    r"|实测|实际|持续|测得|平均|均值|中位数|典型",
    re.IGNORECASE,
)
"""A table column's or row's header that makes its cells measurements ("Measured ridge
(FLOP/B)", "实测带宽"): no rated figure of the catalog."""


QUALIFIER_REACH = 240
"""How far from a number, in its sentence, a qualifier and the other numbers are read."""
ATTACHED = 8
"""Within this many characters before a number, a qualifier is that number's own."""
_RATIO = re.compile(r"\d{1,2}:\d")


def _named(text: str, at: int) -> bool:
    """True for digits that name rather than count: the end of a name written right
    before them ("FP8", "H100"), or a pattern's ratio ("2:4" sparsity)."""
    before = text[at - 1] if at > 0 else ""
    return (before.isascii() and before.isalpha()) or before == ":" or bool(_RATIO.match(text, at))


@dataclass(frozen=True, slots=True)
class _Place:
    """Where a number stands, as the qualifiers look at it: its sentence's start, its
    clause, where the sentence's first number starts, its own span, and the other numbers
    of its clause (none of them the digits of a name)."""

    text: str
    sentence: int
    clause: tuple[int, int]
    first: int
    own: tuple[int, int]
    others: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, block: Block, start: int, spans: Sequence[tuple[int, int]]) -> _Place:
        """The place of the number at `start` among the numbers at `spans`."""
        text = block.text
        s_low, s_high = block.sentence(start)
        c_low, c_high = block.clause(start)
        # as far as a qualifier is read, so that a long line costs in proportion to its numbers
        s_low, s_high = max(s_low, start - QUALIFIER_REACH), min(s_high, start + QUALIFIER_REACH)
        c_low, c_high = max(c_low, s_low), min(c_high, s_high)
        near = spans[bisect_left(spans, (s_low, -1)) : bisect_left(spans, (s_high, -1))]
        in_sentence = [  # not the digits of a name ("FP8", "H100")
            (a, b) for a, b in near if a == start or not _named(text, a)
        ]
        own = next(((a, b) for a, b in in_sentence if a == start), (start, start + 1))
        return cls(
            text,
            s_low,
            (c_low, c_high),
            min((a for a, _ in in_sentence), default=start),
            own,
            tuple(s for s in in_sentence if c_low <= s[0] < c_high and s != own),
        )

    def says(self, pattern: re.Pattern[str]) -> bool:
        """True when `pattern` is said of the number: in its clause, nearer to it than to
        any other number there; or in its sentence before the sentence's first number."""
        start = self.own[0]
        opened = pattern.search(self.text, self.sentence, min(self.first, start))
        if opened and (self.first == start or self.first - opened.end() > ATTACHED):
            return True  # not "用稀疏的 1,979 来算 …, 得到约 591": the 1,979's own
        return self.nearest(pattern)

    def nearest(self, pattern: re.Pattern[str]) -> bool:
        """True when `pattern` is said in the number's clause, nearer to it than to any
        other number there."""
        for match in pattern.finditer(self.text, *self.clause):

            def distance(span: tuple[int, int], at: re.Match[str] = match) -> int:
                return max(span[0] - at.end(), at.start() - span[1], 0)

            if all(distance(self.own) < distance(other) for other in self.others):
                return True
        return False

    def leads(self, pattern: re.Pattern[str]) -> bool:
        """True when `pattern` is said in the number's clause before it, with no other
        number between ("实测约 2.93 TB/s", not "每 SM 128 B/周期 有实测")."""
        start = self.own[0]
        between = max((b for a, b in self.others if b <= start), default=self.clause[0])
        return pattern.search(self.text, between, start) is not None


TOTAL_WORDS = (
    r"\bin (?:all|total)\b|\bcombined\b|\b(?:for )?a total of\b|\btotal(?:ling|s)?\b"
    r"|\baltogether\b|合计|总计|加起来|一共|总共|共计|全卡|整卡|全片|全芯片|整颗芯片"
)
"""The words that say a number is a sum, of several things or of a whole's parts."""
_TOTAL = re.compile(TOTAL_WORDS, re.IGNORECASE)
"""A number said to be a sum ("16 MB in all", "显存合计 2,048 GB")."""


_SETTING = re.compile(
    r"\bmodes?\b|\bsettings?\b|\bconfigurable\b|\bconfigured\b|\bcapped\b|\blimit(?:ed)?\b"
    r"|模式|档位|设成|设为|设置为|可设|可调|限制在|锁在",
    re.IGNORECASE,
)
"""A number said to be a setting ("the 7.5 W mode", "功耗可以设成 50 W 或 75 W"): one of
several a part may be run at."""


def _a_setting(block: Block, start: int, spans: Sequence[tuple[int, int]]) -> bool:
    """True when the number at `start` is said to be a setting: a part run otherwise than
    as rated differs from its rating without contradicting it."""
    return _Place.of(block, start, spans).nearest(_SETTING)


_PARTS = re.compile(r"(?<=\d)\s?[A-Za-z/%]{0,8}\s?[(（]([^()（）]{1,60})[)）]")
"""A figure, then its parts in brackets: "224 GB/s (196 / 28)", "4 GB (3.5 + 0.5)"."""
_JOINED = re.compile(r"\d\s?[A-Za-z%]{0,6}\s?[+/＋、]\s?\d")


def _a_part(block: Block, start: int) -> bool:
    """True for a number inside the brackets after a figure that split it into parts
    joined by "+" or "/" ("224 GB/s (196 / 28)"): a part's own quantity is not the
    figure's, so a part that differs from the figure's value contradicts nothing."""
    text = block.text
    low = max(0, start - 80)
    for match in _PARTS.finditer(text, low, min(len(text), start + 60)):
        if match.start(1) <= start < match.end(1) and _JOINED.search(match.group(1)):
            return True
    return False


def _a_total(
    view: CatalogView, block: Block, start: int, spans: Sequence[tuple[int, int]], quantity: str
) -> bool:
    """True when the number at `start` is said to be a total and `quantity` is not one:
    a sum over several (eight cards in a server, two dies on a board) may differ from one's
    figure without contradicting it."""
    if quantity in _called(view, _TOTAL):
        return False
    return _Place.of(block, start, spans).nearest(_TOTAL)


def other_than_the_figure(
    view: CatalogView, block: Block, start: int, spans: Sequence[tuple[int, int]], quantity: str
) -> str | None:
    """Why the number at `start`, which differs from `quantity`'s value, may be another
    figure than that one rather than a wrong one: said to be a total ("8 块 MI325X，显存合计
    2,048 GB"), a setting ("the 7.5 W mode") or a part of a figure split in brackets
    ("224 GB/s (196 / 28)"); None when it is said to be none of these."""
    if _a_total(view, block, start, spans, quantity):
        return "said to be a total"
    if _a_setting(block, start, spans):
        return "said to be a setting"
    if _a_part(block, start):
        return "a part of a figure"
    return None


def _called(view: CatalogView, pattern: re.Pattern[str]) -> frozenset[str]:
    """The quantities whose id or labels `pattern` finds (once per view and pattern)."""
    key = ("qualified", pattern.pattern)
    found = view.judgements.get(key)
    if found is None:
        found = view.judgements[key] = frozenset(
            q
            for q, named in view.quantities.items()
            if pattern.search(" ".join((q, *named.labels())))
        )
    return found


_PAIRED = re.compile(
    r"(?P<first>稠密|稀疏|dense|sparse)\s*/\s*(?P<second>稠密|稀疏|dense|sparse)", re.IGNORECASE
)
"""Qualifiers written as a pair, in the order of the pairs of numbers after them: the
whitepaper writes "稠密/稀疏" figures, "142/284"."""


PAIRED_REACH = 400
"""How far back from a number a pair of qualifiers may name it (a bound, so that a long
line costs in proportion to its numbers)."""


def _of_a_pair(text: str, start: int, end: int) -> bool | None:
    """For one of a pair of numbers "A/B" after a pair of qualifiers ("dense/sparse") in
    its sentence (a list's items after "；" too): whether it is the sparse one; None for
    any other number."""
    first = re.match(r"\s*/\s*\d", text[end : end + 4]) is not None
    second = re.search(r"\d\s*/\s*$", text[max(0, start - 4) : start]) is not None
    if first == second:
        return None
    low = max(0, start - PAIRED_REACH)
    opened = max(text.rfind(end, low, start) for end in ("。", "！", "？", ". ", "! ", "? "))
    pairs = list(_PAIRED.finditer(text, max(low, opened + 1), start))  # "；" goes on
    if not pairs:
        return None
    paired = pairs[-1]  # the nearest before the number
    said = paired["first" if first else "second"]
    return _SPARSE.fullmatch(said) is not None


def in_a_qualified_pair(text: str, start: int, end: int) -> bool:
    """True for the number at `start`–`end` of `text` when it is one of a pair of figures
    a pair of qualifiers before it names ("稠密 / 稀疏 … 362 / 724"): its slash pairs, it
    does not divide."""
    return _of_a_pair(text, start, end) is not None


def excluded(
    view: CatalogView, block: Block, start: int, spans: Sequence[tuple[int, int]]
) -> frozenset[str]:
    """The quantities the number at `start` cannot be for what its words call it: sparse
    or dense (when they call it one, not both), an average or a measurement."""
    ruled_out: set[str] = set()
    place = _Place.of(block, start, spans)
    sparse = place.says(_SPARSE)
    dense = place.says(_DENSE)
    pair = _of_a_pair(place.text, *place.own)
    if pair is not None:  # "稠密/稀疏 … 142/284": the 284 is the sparse one
        sparse, dense = pair, not pair
    if sparse != dense:
        called_sparse = _called(view, _CALLED_SPARSE)
        ruled_out |= (set(view.quantities) - called_sparse) if sparse else called_sparse
    cell = block.cell
    measured = cell is not None and any(  # "Measured ridge", "measured_tflops"
        _MEASURED_HEADER.search(header.replace("_", " "))
        for header in (cell.column_header, cell.row_header)
    )
    # "a mean of about 170 W", "实测 171 W": not the TDP
    if measured or place.says(_AVERAGE) or place.leads(_MEASURED):
        ruled_out |= (
            set(view.quantities) - _called(view, _AVERAGE) - _called(view, _MEASURED_HEADER)
        )
    return frozenset(ruled_out)
