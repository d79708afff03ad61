"""Find the numbers of a line of prose, each with how it was written.

A number keeps its place (line, column), the digits as written, its value (with
万/亿, e-notation `9.0e11` and `× 10^12` applied), a range's upper end, an
approximation mark, the unit written after it (mapped to the program's canonical
units where it is one; counting words such as 颗, 个 and 倍 make a plain number) and
the precision its digits carry by the significant-figure convention: `7.37` is
±0.005, `2,500` is ±50 (the trailing zeros of an integer are not significant).

Every pattern here is anchored at a position or looks at a bounded window around the
number, so a line costs time linear in its length, however long it is.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation

from derive.text.latex import plain_math
from schema.errors import UnitError
from schema.spellings import (
    ADJECTIVES,
    BEFORE_CHINESE,
    MULTIPLES,
    PER,
    PROSE,
    SPELLED_OUT,
    UNITS,
    WORDS,
)
from schema.units import canonical_unit, catalog_unit
from schema.values import significant_resolution

_FULL_WIDTH = str.maketrans(
    "０１２３４５６７８９．％～＝＋－／（）"
    + "".join(chr(c) for c in range(0xFF21, 0xFF3B))
    + "".join(chr(c) for c in range(0xFF41, 0xFF5B)),
    "0123456789.%~=+-/()ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
)
"""Full-width digits, signs and Latin letters made ASCII ("３３５Ｗ" is 335 W); not the
full-width colon, which labels what follows it in Chinese ("Navi 48：64 个 CU")."""
_THIN = "\u2009\u202f"
NUMBER = re.compile(
    r"\d{1,3}(?:,\d{3})+(?:\.\d+)?"
    r"|\d{1,3}(?:_\d{3})+"
    rf"|\d{{1,3}}(?:[{_THIN}]\d{{3}})+(?:\.\d+)?"
    r"|\d+(?:\.\d+)?"
)
_E_NOTATION = re.compile(r"[eE]([+-]?\d{1,3})(?![\dA-Za-z])")
_TIMES_TEN = re.compile(r"\s{0,2}[×x*]\s{0,7}10\s{0,2}(?:\^|\*\*)\s{0,2}([+-]?\d{1,3})")
SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
"""The digits of a power written raised: "2³⁰", "10¹²"."""
_SUPERSCRIPT = str.maketrans(f"{SUPERSCRIPT_DIGITS}⁻⁺", "0123456789-+")
_TIMES_TEN_SUPER = re.compile(rf"\s{{0,2}}[×x*]\s{{0,2}}10([{SUPERSCRIPT_DIGITS}⁻⁺]{{1,4}})")
_FRACTION = re.compile(r"/([1-9]\d{0,2})(?![\d/.,])")
POST_OPENING = r"\s{0,3}(?:[-*+>]\s+)?(?:\*\*|__)?"
"""What may come before a thread's post number at the start of its line ("- **3/16")."""
_OPENS_A_POST = re.compile(POST_OPENING)
_CARET = re.compile(r"\^([1-9]\d?)(?!\d|\.\d)")
_SQUARED = re.compile(rf"[{SUPERSCRIPT_DIGITS}]{{1,2}}(?![{SUPERSCRIPT_DIGITS}])")
"""A power in superscript digits: "128²", "2³⁰", "10⁸"."""
_AND_A_HALF = re.compile(r"\s{1,2}and\s(?:a\s)?half(?![A-Za-z])|\s?个半")
"""A half after a whole number, as said aloud: "3 and a half", "3 个半"."""
_RANGE = re.compile(
    r"\s{0,3}(?:–|—|-|~|到|至|一路到|to)\s{0,3}("
    r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
)
DATE = re.compile(r"(?:19|20)\d{2}-\d{2}(?:-\d{2})?(?!\d)")
_MULTIPLIERS = {
    "万亿": Decimal(10) ** 12,
    "万": Decimal(10_000),
    "亿": Decimal(100_000_000),
}
_SCALE_WORDS = {
    "thousand": Decimal(1_000),
    "million": Decimal(10) ** 6,
    "billion": Decimal(10) ** 9,
    "trillion": Decimal(10) ** 12,
}
_SCALE_WORD = re.compile(r"\s{1,2}(thousand|million|billion|trillion)(?![A-Za-z])")
""""4 trillion transistors", "1.2 billion": English words that scale a number."""
SCALES = {**_MULTIPLIERS, **_SCALE_WORDS}
"""Every word that scales a number, Chinese and English, to its factor."""
_PER = re.compile(rf"\s{{1,2}}(?:per|a)\s{{1,2}}({'|'.join(PER)})(?![A-Za-z])")
""""185 FLOP per byte", "131,072 MACs per cycle", "936 gigabytes a second": a unit divided
in words."""
_RATE_WORDS = (
    r"(?P<s>每秒(?:钟)?|per second)|(?P<cycle>每个?(?:时钟)?周期|每拍|per (?:cycle|clock))"
    r"|(?P<B>每个?字节|per byte)"
)
"""Words that make a count a rate: per second (每秒), per cycle (每个周期, 每拍) and per byte
(每字节: an intensity)."""
_PER_BEFORE = re.compile(
    rf"(?:{_RATE_WORDS}),?\s{{0,2}}(?:(?:能|可以|可|要|会)?(?:做|完成|执行|算|跑|发出)\s{{0,2}})?"
    r"(?:约|大约|大概|将近|近)?\s{0,2}$"
)
""""每秒 989.4 万亿次浮点运算", "每个周期 131,072 次乘加", "每拍做 262144 次乘加", "每秒约 362
万亿次运算": a count the words make a rate."""
_OPERATIONS = frozenset(word for word, unit in PROSE.items() if unit == "OP")
"""Operations said in words: a unit only as a rate ("354 operations per byte", "每秒 362
万亿次运算"); else the number says no unit ("8 ops per core per clock")."""
_EACH_ONE_BEFORE = re.compile(r"每个?\s?[^\s\d每，,。；;：:]{1,6}\s?$")
"""Each of some part ("每个核心", "每 SM") said just before a rate's words."""
_COUNTED_EACH_SECOND = frozenset({"FLOP", "OP", "MAC", "B", "bit"})
_RATE_IN_WORDS = re.compile(_RATE_WORDS, re.IGNORECASE)


def rate_of(number: TextNumber, words: str) -> TextNumber:
    """`number`, a count of operations or bytes, as a rate when `words` say one ("每拍 84 ×
    4 × 128 ＝ 43,008 次乘加": MACs per cycle); else `number` as it is."""
    if number.unit not in _COUNTED_EACH_SECOND:
        return number
    said = _RATE_IN_WORDS.search(words)
    if said is None or said.lastgroup is None:
        return number
    return replace(number, unit=f"{number.unit}/{said.lastgroup}")


_APPROX_BEFORE = re.compile(
    r"(?:≈|~|约|大约|大概|近|将近|about|approximately|approx\.|roughly|around|nearly)"
    r"\s{0,3}$",
    re.IGNORECASE,
)
_APPROX_AFTER = re.compile(r"\s{0,2}(?:上下|左右|出头)")


def _one_of(words: Iterable[str], optional: bool = False) -> str:
    """A pattern for any of `words` (the longest tried first), or none if `optional`."""
    ordered = sorted(words, key=len, reverse=True)
    return f"(?:{'|'.join(map(re.escape, ordered))}){'?' if optional else ''}" if ordered else ""


def _symbols_written() -> Iterator[str]:
    """The patterns of each unit's symbol as prose writes it right after a number: its rates
    (TFLOPS, Gbps), then its symbol with the prefixes and over the units prose writes."""
    for unit in UNITS:
        for rate in unit.rates:
            yield _one_of(MULTIPLES, True) + re.escape(rate) + ("(?:/W)?" if unit.per_watt else "")
        if unit.prose:
            prefixes = _one_of(filter(None, unit.prose), "" in unit.prose)
            over = f"(?:/{_one_of(unit.over)})?" if unit.over else ""
            yield prefixes + _one_of(filter(None, (unit.symbol, unit.plural))) + over
    yield "%"


UNIT_WORD = re.compile(f"(?:{'|'.join(_symbols_written())})(?![A-Za-z0-9])")
"""A unit as written right after a number ("GB/s", "Gbps", "TFLOPS", "MHz")."""
# Units as prose writes them; value: canonical unit ('' = a plain number).
_PROSE_UNITS: dict[str, str] = {
    **PROSE,
    **{word: unit for word, unit in WORDS.items() if not UNIT_WORD.fullmatch(word)},
    **SPELLED_OUT,  # "1,695 megahertz", "24 gigabytes", "35.6 teraflops", "26 tera-ops"
    **BEFORE_CHINESE,
}
_ADJECTIVE = "|".join(ADJECTIVES)
_HYPHENATED = re.compile(
    rf"-({_ADJECTIVE})(?![A-Za-z])"
    rf"|({_ADJECTIVE})(?=\s(?i:cards?|modules?|models?|versions?|variants?|SKUs?|boards?|parts?)\b)"
)
"""A unit said as an adjective (`ADJECTIVES`): "a 16-gig module", "the 8 gig card"."""
WHOLE_THINGS = frozenset({"颗", "卡", "chip", "core", "warp", "线程", "thread"})
"""Counting words for whole things (chips, stacks, cores, threads): "8 颗" counts things,
never the bits of a width or the bytes of a line, as "1024 根 (wires)" may."""
TIMES = frozenset({"倍", "times"})
"""Counting words that make a number a ratio ("148 倍"): it is no count of anything."""
_PROSE_UNITS.update(
    dict.fromkeys(WHOLE_THINGS | TIMES | {"个", "根", "条", "行", "token", "次", "lane"}, "")
)  # counting words: the number is plain
_VERB_AFTER = {"卡": "在住死", "个": "月"}
"""Counting words that are also verbs, and what follows the verb ("128 卡在中间": stuck); and
a counting word that is part of a span of time ("3 个月后": months, no count of things)."""
_PROSE_UNIT = re.compile(
    "|".join(
        re.escape(u)
        + (r"s?(?![A-Za-z])" if u.isascii() else "")
        + (f"(?![{_VERB_AFTER[u]}])" if u in _VERB_AFTER else "")
        + (r"(?!\s{1,2}[\d(])" if u == "times" else "")  # "328 times 64" multiplies
        + (r"(?=\s?[\u4e00-\u9fff])(?!\s?版)" if u in BEFORE_CHINESE else "")  # "16G 版": a name
        for u in sorted(_PROSE_UNITS, key=len, reverse=True)
    )
)
_UNIT_LOOKAHEAD = 24
_CATALOG_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,30}(?:/[A-Za-z_]{1,20})?(?![A-Za-z0-9_])")
"""A word right after a number that may be a unit of the catalog's own."""
FORMAT_NAME = r"(?:FP|BF|INT|UINT|TF)\d{1,2}"
"""A number format's name: FP8, BF16, INT4, TF32."""
_FORMAT_BEFORE_UNIT = re.compile(rf"{FORMAT_NAME}\s{{1,2}}")
_TERA_ALONE = re.compile(r"T(?![A-Za-z0-9_])")
"""A tera written alone right after the digits, its unit left to the words ("7.19T"): the
number keeps no unit and reads in the catalog's own scale (TFLOP/s, or TB/s stepped)."""
_TIMES_AFTER = re.compile(r"\s?([×x])(?!\s*[\d(（.])(?![A-Za-z0-9_])")


@dataclass(frozen=True, slots=True, kw_only=True)
class TextNumber:
    """One number of a text, as written and as a value with its written precision."""

    line: int
    column: int  # 1-based, in characters of the line
    end: int  # 0-based column just after the literal (number, range, multiplier, unit)
    literal: str  # the number with its range, multiplier and unit, as written
    digits: str  # the leading number alone, as written ("7,372.8")
    value: Decimal
    high: Decimal | None  # a range's upper end
    unit: str | None  # canonical unit; '' for a counting word; None when nothing follows
    unit_text: str
    approx: bool
    resolution: Decimal  # one unit in the last significant place, in the value's scale
    powered: bool = False  # written with a power of ten (9.0e11, 5.3 × 10¹²): no prefix

    @property
    def low_bound(self) -> Decimal:
        """The lowest value the written digits allow."""
        return self.value - self.resolution / 2

    @property
    def high_bound(self) -> Decimal:
        """The highest value the written digits allow."""
        return (self.high if self.high is not None else self.value) + self.resolution / 2

    @property
    def multiplies(self) -> bool:
        """True for a number read with a times sign after it ("24 x", "2.6×"): so many of
        something, or a ratio, no figure of its own."""
        return self.unit_text.lower() in ("x", "×")

    def times(self, factor: Decimal) -> TextNumber:
        """The same number scaled by `factor`, its range and precision with it."""
        return replace(
            self,
            value=self.value * factor,
            high=self.high * factor if self.high is not None else None,
            resolution=self.resolution * factor,
        )


def spoken_scale(number: TextNumber) -> bool:
    """True for digits a spelled-out word scales, as spoken: "almost 17 thousand cores"."""
    return _SCALE_WORD.search(number.literal) is not None


def plain_line(line: str) -> str:
    """The line as numbers are read in it: full-width digits and signs made ASCII, LaTeX
    math made plain arithmetic (`latex.py`).

    The result has the same length, so columns count the same characters.
    """
    return plain_math(line.translate(_FULL_WIDTH))


def _decimal(text: str) -> Decimal:
    return Decimal(re.sub(rf"[,_{_THIN}]", "", text))


def _unit_after(rest: str) -> tuple[str | None, str, int]:
    """(canonical unit or None, unit as written, characters used) for the text after a number."""
    window = rest[: _UNIT_LOOKAHEAD + 2]
    stripped = window.lstrip(" ")
    if stripped.startswith("-") and (
        UNIT_WORD.match(stripped, 1) or _PROSE_UNIT.match(stripped, 1)
    ):
        stripped = stripped[1:]  # 8,192-bit, 40-MB, 512-core: a hyphenated unit
    skipped = len(window) - len(stripped)
    adjective = _HYPHENATED.match(stripped)
    if adjective:  # "the 16-gig module", "the 8 gig card": as an adjective, a gig is a gigabyte
        said = adjective.group(1) or adjective.group(2)
        return ADJECTIVES[said], adjective.group(), skipped + adjective.end()
    found: tuple[str | None, str, int] = (None, "", 0)
    format_name = _FORMAT_BEFORE_UNIT.match(stripped)
    if format_name and (
        UNIT_WORD.match(stripped, format_name.end())
        or _PROSE_UNIT.match(stripped, format_name.end())
    ):
        # "256 BF16 MACs", "918 BF16 TFLOPS": the number format between a number and its unit
        skipped += format_name.end()
        stripped = stripped[format_name.end() :]
    match = UNIT_WORD.match(stripped)
    if match:
        word = match.group()
        with contextlib.suppress(UnitError):  # "1,024 bits": a plural of the unit
            unit = canonical_unit(word[:-1] if word.endswith("bits") else word.removesuffix("/W"))
            if word.endswith("/W"):  # "0.72 TFLOPS/W": a rate per watt
                unit = f"{unit}·W" if "/" in unit else f"{unit}/W"
            found = (unit, word, skipped + match.end())
    match = _PROSE_UNIT.match(stripped)
    if match and skipped + match.end() > found[2]:  # the longer spelling: "B/周期" over "B"
        word = match.group()
        unit = _PROSE_UNITS.get(word, _PROSE_UNITS.get(word.removesuffix("s"), ""))
        found = (unit, word, skipped + match.end())
    own = _CATALOG_WORD.match(stripped) if found[2] == 0 else None
    if own is not None:  # "1.8V", "3 tok/s": a unit of the catalog's own units.yaml
        unit_of_catalog = catalog_unit(own.group())
        if unit_of_catalog is not None:
            found = (unit_of_catalog, own.group(), skipped + own.end())
    counted, _, used = found
    per = _PER.match(rest, used) if counted else None
    if per and counted and ("/" not in counted or per.group(1) == "watt"):  # TFLOPS per watt
        with contextlib.suppress(UnitError):
            by = PER[per.group(1)]
            divided = canonical_unit(f"{counted}·{by}" if "/" in counted else f"{counted}/{by}")
            found = (divided, rest[skipped : per.end()], per.end())
    return found


def _exponent(line: str, end: int) -> tuple[int, int]:
    """An exponent written right after a mantissa: (power of ten, characters used)."""
    match = _E_NOTATION.match(line, end)
    if match:
        return int(match.group(1)), match.end() - end
    match = _TIMES_TEN.match(line, end)
    if match:
        return int(match.group(1)), match.end() - end
    match = _TIMES_TEN_SUPER.match(line, end)
    if match:
        try:
            return int(match.group(1).translate(_SUPERSCRIPT)), match.end() - end
        except ValueError:
            return 0, 0
    return 0, 0


def numbers_in_line(raw: str, line_no: int) -> Iterator[TextNumber]:
    """Yield the numbers of one line, in reading order."""
    line = plain_line(raw)
    position = 0
    for match in NUMBER.finditer(line):
        start, end = match.span()
        if start < position:
            continue
        if start and (line[start - 1].isdigit() or line[start - 1] == "."):
            continue
        digits = match.group()
        date = DATE.match(line, start)
        if date:
            yield TextNumber(
                line=line_no,
                column=start + 1,
                end=date.end(),
                literal=date.group(),
                digits=date.group(),
                value=Decimal(digits[:4]),
                high=None,
                unit=None,
                unit_text="",
                approx=False,
                resolution=Decimal(1),
            )
            position = date.end()
            continue
        try:
            value = _decimal(digits)
        except InvalidOperation:  # pragma: no cover - the pattern only matches digits
            continue
        resolution = significant_resolution(digits)
        literal_end = end
        power, used = _exponent(line, end)
        if used:
            scale = Decimal(10) ** power
            value, resolution = value * scale, resolution * scale
            literal_end += used
        elif caret := _CARET.match(line, end):
            value = value ** int(caret.group(1))
            resolution, literal_end = Decimal(0), caret.end()
            used = caret.end() - end
        else:
            # "128²" squares, "2³⁰" is 2 to the 30th; "3.2³" after a decimal is a footnote's mark
            squared = _SQUARED.match(line, end) if "." not in digits else None
            if squared:
                value = value ** int(squared.group().translate(_SUPERSCRIPT))
                resolution, literal_end = Decimal(0), squared.end()
        fraction = _FRACTION.match(line, end) if not used and "." not in digits else None
        if (
            fraction
            and _OPENS_A_POST.fullmatch(line, 0, start)
            and line[fraction.end() : fraction.end() + 1].isspace()
        ):
            fraction = None  # "3/16 【RTX 2060】…": a thread's post, counted, not a fraction
        if fraction and value <= 9:  # "4/3", "1/64"; "71/142" is a pair (dense / sparse)
            value = value / Decimal(fraction.group(1))
            resolution = abs(value) * Decimal("0.001")
            literal_end = fraction.end()
            used = fraction.end() - end
        high = None
        range_match = _RANGE.match(line, literal_end)
        if range_match and not used:
            upper = _decimal(range_match.group(1))
            if upper > value:
                high = upper
                resolution = min(resolution, significant_resolution(range_match.group(1)))
                literal_end = range_match.end()
        half = _AND_A_HALF.match(line, literal_end) if not used and "." not in digits else None
        if half and high is None:  # "3 and a half terabytes": 3.5, give or take a quarter
            value, resolution, literal_end = value + Decimal("0.5"), Decimal("0.5"), half.end()
        rest = line[literal_end : literal_end + 3].lstrip(" ")
        word = rest[:2] if rest[:2] in _MULTIPLIERS else rest[:1]
        if word in _MULTIPLIERS:  # 1,770 万, 989.4 万亿 (10¹²)
            multiplier = _MULTIPLIERS[word]
            value, resolution = value * multiplier, resolution * multiplier
            high = high * multiplier if high is not None else None
            literal_end = line.index(word, literal_end) + len(word)
        in_words = _SCALE_WORD.match(line, literal_end)
        if in_words and not used:  # 4 trillion, 1.2 billion
            multiplier = _SCALE_WORDS[in_words.group(1)]
            value, resolution = value * multiplier, resolution * multiplier
            high = high * multiplier if high is not None else None
            literal_end = in_words.end()
        unit, unit_text, unit_used = _unit_after(line[literal_end:])
        times = _TIMES_AFTER.match(line, literal_end) if not unit_text else None
        if times and (times.group(1) == "×" or not line[max(0, start - 1) : start].isalpha()):
            # "2.6×", "4x faster": times, a ratio; "256 × 256" multiplies, "MI300X" names
            unit, unit_text, unit_used = "", times.group(1), times.end() - literal_end
        if not unit_text and _TERA_ALONE.match(line, literal_end):
            # "单精度 7.19T", "59.8T ÷ 0.864T": tera of what the words say, FLOP/s or B/s
            unit_text, unit_used = "T", 1
        if unit_text == "B" and unit_used == 1 and "." not in digits and not used:
            # 671B, 37B: model sizes in billions (bytes are written "128 B").
            billion = Decimal(1_000_000_000)
            unit, value, resolution = "", value * billion, resolution * billion
        literal_end += unit_used
        before = line[max(0, start - 16) : start]
        per = _PER_BEFORE.search(before) if unit in _COUNTED_EACH_SECOND else None
        said = unit == "OP" and unit_text in _OPERATIONS
        if per and said and _EACH_ONE_BEFORE.search(before, 0, per.start()):
            per = None  # "每个核心每拍 8 次运算": each core's count, no rate of the chip
        if per:
            unit = f"{unit}/{per.lastgroup}"
        elif said:
            unit_text = ""  # "8 ops per core per clock", "247 次运算": no unit of its own
        after = line[literal_end : literal_end + 6]
        yield TextNumber(
            line=line_no,
            column=start + 1,
            end=literal_end,
            literal=line[start:literal_end].strip(),
            digits=digits,
            value=value,
            high=high,
            unit=unit if unit_text else None,
            unit_text=unit_text,
            approx=bool(_APPROX_BEFORE.search(before) or _APPROX_AFTER.match(after)),
            resolution=resolution,
            powered=bool(power),
        )
        position = literal_end
