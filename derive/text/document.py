"""The shape of a text around its numbers: lines, sentences, clauses, headings, tables.

`read_document` splits a Markdown or plain text into `Block`s: a heading, a
paragraph line, or a cell of a table (a Markdown pipe table, or columns aligned with
spaces as a terminal prints them, or a data file's values nested under a key, read as a
spec sheet) with its column header and its row header. Sentence
and clause boundaries are kept as sorted offsets, so the sentence or clause around any
position is found by bisection. One pass, linear in the text's length.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache

from derive.text.datafile import DataFile, unit_of_key
from derive.text.numbers import SCALES, plain_line
from schema.errors import UnitError
from schema.units import canonical_unit

_SENTENCE_END = re.compile(r"[。！？；!?;]|\.(?=\s|$)|\s[—–]{1,2}\s|——")
_CLAUSE_END = re.compile(r"[，、（）()「」：:]|(?<!\d),|,(?!\d)|\s-\s")  # "8,192": no end
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+")
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")


@dataclass(frozen=True, slots=True)
class Cell:
    """Where a table cell sits: its column's header and its row's first cell."""

    column_header: str
    row_header: str
    is_row_header: bool
    in_header: bool = False  # a cell of the header row
    row_cells: tuple[str, ...] = ()  # the row's other cells: a subject named past its first
    weighed: bool = False  # a row of a table that weighs criteria: its numbers are scores

    def numbers_rows(self) -> bool:
        """True for a cell of a column that numbers the rows ("#", "No.", "序号")."""
        return _ROW_NUMBER_HEADER.fullmatch(self.column_header.strip()) is not None

    def holds_scores(self) -> bool:
        """True for a cell of a column of marks or scores ("Marks", "分值"), or of a table
        that weighs criteria ("| Criterion | Weight | Vendor A |": weights and scores)."""
        return self.weighed or _SCORE_HEADER.fullmatch(self.column_header.strip()) is not None

    def header_unit(self) -> tuple[str, str] | None:
        """(canonical unit, as written) that the row's or the column's header gives its
        cells: "Memory bandwidth (GB/s)", "Peak clock, MHz"; None when neither names one."""
        for header in (self.row_header, self.column_header):
            found = unit_of_header(header)
            if found is not None:
                return found
        return None

    def header_scale(self) -> Decimal | None:
        """The scale a header gives its bare cells: "晶体管（亿）", "Transistors (billions)"."""
        for header in (self.row_header, self.column_header):
            found = scale_of_header(header)
            if found is not None:
                return found
        return None


_HEADER_SCALE = re.compile(r"[(（]\s*(万|亿|(?i:thousand|million|billion)s?)\s*[)）]\s*$")


@lru_cache(maxsize=4096)
def scale_of_header(header: str) -> Decimal | None:
    """The scale word a table header names at its end, in parentheses: its factor."""
    match = _HEADER_SCALE.search(header.strip())
    if match is None:
        return None
    word = match.group(1).lower()
    return SCALES[word[:-1] if word.endswith("s") else word]


_ROW_NUMBER_HEADER = re.compile(
    r"#|№|no\.?|nr\.?|num\.?|item|序号|编号|行号|项|problems?|questions?|exercises?|tasks?|steps?"
    r"|题号|题目|题|问题|步骤",
    re.IGNORECASE,
)
_WEIGHT_HEADER = re.compile(r"weights?|weighting|权重|占比|分值权重", re.IGNORECASE)
"""A column that weighs a table's criteria: the table is a scoring matrix."""
_SCORE_HEADER = re.compile(
    r"marks?|points?|pts\.?|scores?|grades?|分值|分数|得分|评分", re.IGNORECASE
)
_HEADER_UNIT = re.compile(
    r"[(（]([^()（）\d]{1,16})[)）]\s*$|[,:]\s*([^\s,:()\d]{1,16})\s*$|\bin ([^\s()\d]{1,16})\s*$"
)


@lru_cache(maxsize=4096)
def unit_of_header(header: str) -> tuple[str, str] | None:
    """The unit a table header names at its end, in parentheses or after a comma, or the
    last part of a data file's key (`boost_mhz`)."""
    match = _HEADER_UNIT.search(header.strip())
    if match is None:
        return unit_of_key(header.strip())
    written = next(g for g in match.groups() if g is not None).strip()
    try:
        unit = canonical_unit(written)
    except UnitError:
        return None
    return (unit, written) if unit else None


@dataclass(slots=True, kw_only=True)
class Block:
    """One line of the text as the checker reads it."""

    line: int  # 1-based
    text: str  # the plain line (full-width digits made ASCII), or the cell's text
    offset: int  # column of `text` in the line (0-based)
    heading: bool = False
    cell: Cell | None = None
    sentence_ends: list[int] = field(default_factory=list)
    clause_ends: list[int] = field(default_factory=list)

    def sentence(self, position: int) -> tuple[int, int]:
        """The span of the sentence around `position` (offsets into `text`)."""
        return _span(self.sentence_ends, position, len(self.text))

    def clause(self, position: int) -> tuple[int, int]:
        """The span of the clause around `position`."""
        low, high = _span(self.clause_ends, position, len(self.text))
        s_low, s_high = self.sentence(position)
        return max(low, s_low), min(high, s_high)


def _span(ends: list[int], position: int, length: int) -> tuple[int, int]:
    index = bisect_right(ends, position)
    low = ends[index - 1] if index else 0
    high = ends[index] if index < len(ends) else length
    return low, high


def _block(line: int, text: str, offset: int, **kwargs: object) -> Block:
    block = Block(line=line, text=text, offset=offset, **kwargs)  # type: ignore[arg-type]
    block.sentence_ends = [m.end() for m in _SENTENCE_END.finditer(text)]
    block.clause_ends = [m.end() for m in _CLAUSE_END.finditer(text)]
    return block


def _cells(row: str) -> list[tuple[int, str]]:
    """The cells of a pipe-table row with their columns (leading/trailing pipes dropped;
    a row may leave out its leading pipe, as GitHub's tables allow)."""
    cells: list[tuple[int, str]] = []
    start = row.index("|") + 1 if row.lstrip().startswith("|") else 0
    while True:
        bar = row.find("|", start)
        if bar < 0:
            break
        cells.append((start, row[start:bar]))
        start = bar + 1
    if row[start:].strip():  # a row may leave out its trailing pipe too
        cells.append((start, row[start:]))
    return cells


_QUOTE = re.compile(r"^\s{0,3}(?:>\s?)+")


def _unquoted(line: str) -> str:
    """`line` with the marks of a quoted reply ("> ", ">> ") made spaces, columns kept."""
    quote = _QUOTE.match(line)
    return line if quote is None else " " * quote.end() + line[quote.end() :]


BARE_TABLE_ROWS = 3
"""How many lines in a row, each split by as many pipes, make a table without a rule
(its first line the header): "卡 | FP32 | 带宽" over "5090 | 104.8 | 1792"."""


def _bare_table(lines: list[str], index: int) -> bool:
    """True when `lines[index]` opens a table written without a rule: it and the next
    lines, `BARE_TABLE_ROWS` in all, hold the same number (two or more) of pipes."""
    bars = _unquoted(lines[index]).count("|")
    return (
        bars >= 2
        and index + BARE_TABLE_ROWS <= len(lines)
        and all(
            _unquoted(lines[index + k]).count("|") == bars
            and not _TABLE_RULE.match(_unquoted(lines[index + k]))
            for k in range(1, BARE_TABLE_ROWS)
        )
    )


_WORD = re.compile(r"\S+")
ALIGNED_COLUMNS = 3
"""How many columns, at least, a table aligned with spaces has: fewer are a label and its
value ("Max compute units     448"), not a table."""


def _words_of(line: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group()) for m in _WORD.finditer(line)]


def _aligned(header: list[tuple[int, int, str]], line: str) -> list[tuple[int, int, str]] | None:
    """The words of `line` when each stands under one word of `header`, in order (left,
    right or centred: it overlaps the header's span); else None."""
    words = _words_of(line)
    if len(words) != len(header):
        return None
    for (start, end, _), (h_start, h_end, _) in zip(words, header, strict=True):
        if start >= h_end or end <= h_start:
            return None
    return words


def _aligned_header(lines: list[str], index: int) -> list[tuple[int, int, str]] | None:
    """The columns of a table aligned with spaces that `lines[index]` heads: three or more
    words of no digits (`device  dtype  peak_tflops`) over a row under them, one word under
    each, with a number among them."""
    line = lines[index]
    if "|" in line or index + 1 >= len(lines):
        return None
    header = _words_of(line)
    if len(header) < ALIGNED_COLUMNS or any(c.isdigit() for _, _, w in header for c in w[:1]):
        return None
    below = _aligned(header, lines[index + 1])
    if below is None or not any(w[:1].isdigit() for _, _, w in below):
        return None
    return header


def _weighs(header: list[str]) -> bool:
    """True for a table's header that weighs criteria: "| Criterion | Weight | Vendor A |"."""
    return any(_WEIGHT_HEADER.fullmatch(title.strip(" *")) for title in header)


def read_document(text: str) -> Iterator[Block]:
    """Yield the blocks of `text` in reading order."""
    data = DataFile()  # the keys of a data file open above a line
    header: list[str] | None = None
    wrapped: tuple[int, str] | None = None  # a short row's cell count and row header
    spaced: list[tuple[int, int, str]] | None = None  # the header of an aligned table
    lines = [plain_line(raw) for raw in text.splitlines()]  # each made plain once
    for index, line in enumerate(lines):
        number = index + 1
        if spaced is not None:
            words = _aligned(spaced, line)
            if words is not None:
                # what the row is about: its words that are no numbers ("l40s  bf16")
                row_header = " ".join(w for _, _, w in words if not w[:1].isdigit())
                for column, (start, end, _) in enumerate(words):
                    under = Cell(spaced[column][2], row_header, column == 0)
                    yield _block(number, line[start:end], start, cell=under)
                continue
            spaced = None
        if header is None and (spaced := _aligned_header(lines, index)) is not None:
            for column, (start, end, word) in enumerate(spaced):
                title = Cell(word, "", column == 0, True)
                yield _block(number, line[start:end], start, cell=title)
            continue
        row = _unquoted(line)  # "> | a | b |": a table quoted in a reply is a table
        if header is not None and "|" in row and _TABLE_RULE.match(row):
            continue  # the rule under a header
        if header is not None and "|" in row and not _TABLE_ROW.match(row):
            # a row without its leading pipe; after a row short of cells, the rest of it
            first, row_header = wrapped if wrapped else (0, "")
            cells = _cells(row)
            if not wrapped:
                row_header = cells[0][1].strip() if cells else ""
            others = tuple(c.strip() for _, c in cells)
            weighed = _weighs(header)
            for column, (offset, cell) in enumerate(cells, start=first):
                column_header = header[column] if column < len(header) else ""
                here = Cell(
                    column_header, row_header, column == 0, row_cells=others, weighed=weighed
                )
                yield _block(number, cell, offset, cell=here)
            wrapped = None
            continue
        following = _unquoted(lines[index + 1]) if index + 1 < len(lines) else ""
        opens = header is None and "|" in row and not _TABLE_ROW.match(row)
        if opens and (
            ("|" in following and _TABLE_RULE.match(following)) or _bare_table(lines, index)
        ):
            # a header without its outer pipes, over a rule; or the first line of a table
            # written without a rule
            header = [c.strip() for _, c in _cells(row)]
            for column, (offset, cell) in enumerate(_cells(row)):
                yield _block(number, cell, offset, cell=Cell(cell.strip(), "", column == 0, True))
            continue
        if _TABLE_ROW.match(row):
            if header is None and _TABLE_RULE.match(following):
                header = [c.strip() for _, c in _cells(row)]
                for column, (offset, cell) in enumerate(_cells(row)):
                    yield _block(
                        number, cell, offset, cell=Cell(cell.strip(), "", column == 0, True)
                    )
                continue
            if _TABLE_RULE.match(row):
                continue
            if header is not None:
                cells = _cells(row)
                row_header = cells[0][1].strip() if cells else ""
                short = 0 < len(cells) < len(header)
                wrapped = (len(cells), row_header) if short else None
                others = tuple(c.strip() for _, c in cells)
                weighed = _weighs(header)
                for column, (offset, cell) in enumerate(cells):
                    column_header = header[column] if column < len(header) else ""
                    here = Cell(
                        column_header, row_header, column == 0, row_cells=others, weighed=weighed
                    )
                    yield _block(number, cell, offset, cell=here)
                continue
        header, wrapped = None, None
        values = data.read(line)
        if values:  # "  bf16_tflops: 733" under "l40s:": a cell of l40s's column
            rest = list(line)
            for value in values:
                held = Cell(value.about, value.key, False)
                yield _block(number, line[value.start : value.end], value.start, cell=held)
                rest[value.start : value.end] = " " * (value.end - value.start)
            # the line's words without its values, as prose: the subjects it names carry on
            yield _block(number, "".join(rest), 0)
            continue
        heading = _HEADING.match(line)
        if heading:
            yield _block(number, line, 0, heading=True)
            continue
        yield _block(number, line, 0)
