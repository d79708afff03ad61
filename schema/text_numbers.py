"""Find the numbers in a text (Markdown or plain, Chinese or English) and tell claims
from the numbers that only name things: section numbers, dates, years, list markers,
figure numbers, ordinals, and digits inside names (H100, v7, m16n8k16).

Each number keeps its place (line, column), its written precision, an approximation
mark, a range, a 万/亿 multiplier and the unit written after it, mapped to the
program's canonical units where there is one (颗, 个 and 倍 are plain numbers).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

from schema.errors import UnitError
from schema.units import canonical_unit

_FULL_WIDTH = str.maketrans("０１２３４５６７８９．％～＝＋－／（）：", "0123456789.%~=+-/():")
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
# Units as the course writes them, longest first; value: canonical unit ('' = plain number).
_TEXT_UNITS: dict[str, str] = {
    "B/周期/SM": "B/cycle",
    "B/周期": "B/cycle",
    "次乘加/拍": "MAC/cycle",
    "次乘加/周期": "MAC/cycle",
    "FLOP/byte": "FLOP/B",
    "FLOP/周期": "FLOP/cycle",
    "个周期": "cycle",
    "周期": "cycle",
    "拍": "cycle",
    "次乘加": "MAC",
    "字节": "B",
    "颗": "",
    "个": "",
    "倍": "",
    "根": "",
    "条": "",
    "行": "",
    "线程": "",
    "thread": "",
    "token": "",
    "卡": "",
    "chip": "",
    "SM": "",
    "次": "",
    "warp": "",
    "lane": "",
}
_UNIT_WORD = re.compile(
    r"(?:[kMGTPE]?FLOPS|[kMGTPE]?FLOP(?:/(?:s|B|byte|cycle))?|[kMGTPE]?bps|[kMGTPE]?b/s"
    r"|[kMGTPEKi]{0,2}B(?:/s)?|[kMGTP]?bit(?:/s)?|[kMG]?Hz|MAC(?:/cycle)?|%)(?![A-Za-z0-9])"
)
_TEXT_UNIT = re.compile(
    "|".join(
        re.escape(u) + (r"s?(?![A-Za-z])" if u.isascii() else "")
        for u in sorted(_TEXT_UNITS, key=len, reverse=True)
    )
)
_MULTIPLIERS = {"万": Decimal(10_000), "亿": Decimal(100_000_000)}
_APPROX_BEFORE = re.compile(r"(?:≈|~|约|大约|近|about|approximately|roughly)\s*$")
_APPROX_AFTER = re.compile(r"^\s*(?:上下|左右)")
_RANGE = re.compile(rf"^\s*(?:–|—|-|~|到|to)\s*({_NUMBER})")
_DATE = re.compile(r"\d{4}-\d{2}(?:-\d{2})?(?!\d)")
_SECTION_AFTER = re.compile(r"^[a-c]?\s*(?:那|节|里|整节|一节|这|末|开头|中|的|起|、|/|\s*/)")


@dataclass(frozen=True, slots=True)
class TextNumber:
    """One number found in a text, with what it is and how it was written."""

    line: int
    column: int
    literal: str
    value: Decimal
    high: Decimal | None
    unit: str | None
    unit_text: str
    approx: bool
    resolution: Decimal
    kind: str  # claim | section | date | year | ordinal | list-marker | figure | name

    @property
    def is_claim(self) -> bool:
        """True for a number that states something about the world."""
        return self.kind == "claim"


def _decimal(text: str) -> Decimal:
    return Decimal(text.replace(",", ""))


def _resolution(text: str) -> Decimal:
    _, dot, fraction = text.partition(".")
    return Decimal(1).scaleb(-len(fraction)) if dot else Decimal(1)


def _unit_after(rest: str) -> tuple[str | None, str, int]:
    """Return (canonical unit or None, unit as written, characters used) for text after a number."""
    stripped = rest.lstrip(" ")
    skipped = len(rest) - len(stripped)
    match = _UNIT_WORD.match(stripped)
    if match:
        try:
            return canonical_unit(match.group()), match.group(), skipped + match.end()
        except UnitError:
            pass
    match = _TEXT_UNIT.match(stripped)
    if match:
        word = match.group()
        unit = _TEXT_UNITS.get(word, _TEXT_UNITS.get(word.removesuffix("s"), ""))
        return unit, word, skipped + match.end()
    return None, "", 0


def _kind(line: str, start: int, end: int, number: str, unit: str | None, index: int) -> str:
    before, after = line[:start], line[end:]
    if (
        unit is None
        and re.fullmatch(r"\d{1,2}\.\d{1,2}", number)
        and re.match(r"^[a-c](?![A-Za-z])", after)
    ):
        return "section"  # 3.2b
    if re.search(r"[A-Za-z_\-]$", before) and not re.search(r"(?:\d|\s)[-–]$", before):
        return "name"  # H100, v7, m16n8k16, tcgen05, sm_100, T-1
    if re.match(r"[A-Za-z_]", after) and unit is None:
        return "name"  # 671B style sizes are read as names here; 3.2b is a section
    if before.endswith("§") or before.rstrip().endswith("§"):
        return "section"
    if re.search(r"(?:第|专题|图|表|Figure|Table|Fig\.)\s*$", before):
        return "ordinal" if before.rstrip().endswith("第") else "figure"
    if re.match(r"^\s*(?:年|月|日)", after):
        return "year" if re.match(r"^\s*年", after) else "date"
    if index == 0 and not before.strip() and re.match(r"^[.、)]\s", after):
        return "list-marker"
    section_like = unit is None and re.fullmatch(r"\d{1,2}\.\d{1,2}", number)
    if section_like and (
        _SECTION_AFTER.match(after)
        or (re.fullmatch(r"\d\.\d", number) and re.match(r"^\s*[\u4e00-\u9fff]", after))
    ):
        return "section"  # 3.4 那张图, 3.1 说的
    if re.match(r"^\s*(?:分位|th percentile|percentile)", after):
        return "ordinal"  # 99 分位
    return "claim"


def normal_line(line: str) -> str:
    """The line as the number finder reads it: full-width digits and signs made plain.

    Columns of found numbers count characters of this form (the same length).
    """
    return line.translate(_FULL_WIDTH)


def find_numbers(text: str) -> Iterator[TextNumber]:
    """Yield every number in `text`, in reading order."""
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = normal_line(raw)
        position, index = 0, 0
        for match in re.finditer(_NUMBER, line):
            if match.start() < position:
                continue
            start, end = match.span()
            if start and (line[start - 1].isdigit() or line[start - 1] in ".,"):
                continue
            date = _DATE.match(line, start)
            if date:
                yield TextNumber(
                    line_no,
                    start + 1,
                    date.group(),
                    _decimal(match.group()),
                    None,
                    None,
                    "",
                    False,
                    Decimal(1),
                    "date",
                )
                position, index = date.end(), index + 1
                continue
            literal_end = end
            high = None
            range_match = _RANGE.match(line[end:])
            if range_match:
                high = _decimal(range_match.group(1))
                literal_end = end + range_match.end()
            multiplier = Decimal(1)
            rest = line[literal_end:].lstrip(" ")
            if rest[:1] in _MULTIPLIERS:
                multiplier = _MULTIPLIERS[rest[:1]]
                literal_end = line.index(rest[:1], literal_end) + 1
            unit, unit_text, used = _unit_after(line[literal_end:])
            if unit_text == "B" and used == 1 and "." not in match.group():
                # 671B, 37B: model sizes in billions, not bytes (bytes are written "128 B").
                unit, multiplier = "", multiplier * Decimal(1_000_000_000)
            literal_end += used
            kind = _kind(line, start, end, match.group(), unit if unit_text else None, index)
            value = _decimal(match.group()) * multiplier
            approx = bool(
                _APPROX_BEFORE.search(line[:start]) or _APPROX_AFTER.match(line[literal_end:])
            )
            yield TextNumber(
                line=line_no,
                column=start + 1,
                literal=line[start:literal_end].strip(),
                value=value,
                high=high * multiplier if high is not None else None,
                unit=unit,
                unit_text=unit_text,
                approx=approx,
                resolution=_resolution(match.group()) * multiplier,
                kind=kind,
            )
            position = literal_end
            index += 1
