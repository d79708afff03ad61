"""What a text says around its lines: subjects carried forward, the passage, sections.

`blocks_with_context` reads the text's blocks once, counts the subjects the whole
text names (its main subjects), collects the section numbers it refers to
unmistakably, and yields each block with its `Context`: the subjects of earlier
lines, the heading's, the words of the lines around it, the next lines' subjects.
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from derive.text.arithmetic import Chain, chains
from derive.text.document import Block, Cell, read_document
from derive.text.known import CatalogView
from derive.text.lexicon import Mention, subject_mentions
from derive.text.nonclaims import (
    NonClaim,
    classify,
    glued_labels,
    hypothetical,
    of_exercises,
    sets_exercises,
    thread_totals,
)
from derive.text.numbers import TextNumber, numbers_in_line
from derive.text.qualifiers import in_a_qualified_pair
from derive.text.resolve import Context, compared_with

WINDOW = 240
"""Characters either side of a number whose words can speak of it."""
PASSAGE = ((-1, 0.3), (-2, 0.2), (-3, 0.15), (1, 0.2), (2, 0.1))
"""The lines around a line whose words also speak of its numbers, and how much."""
MAIN_SUBJECTS = 4
CARRIED = 4
"""How many subjects of earlier lines are carried forward, most recent first."""


def _main_subjects(named: Counter[str]) -> tuple[str, ...]:
    """The subjects a text names most: at least a quarter as often as the first, and 3 times."""
    if not named:
        return ()
    top = named.most_common(1)[0][1]
    return tuple(s for s, n in named.most_common(MAIN_SUBJECTS) if n >= max(3, top / 4))


def name_spans(mentions: Sequence[Mention]) -> list[tuple[int, int]]:
    """The spans of names with digits in them (RTX 4090, FP8, L2): their digits name.

    Not a quantity's label that opens with a number ("64-bit" for a bus width): there
    the number is the value the label gives."""
    return [
        (m.start, m.end)
        for m in mentions
        if any(c.isdigit() for c in m.term)
        and not (m.term[0].isdigit() and all(s.target == "quantity" for s in m.senses))
    ]


@dataclass(frozen=True, slots=True, kw_only=True)
class Read:
    """One block as the checker reads it: its terms, its numbers, what earlier lines say."""

    block: Block
    mentions: list[Mention]
    numbers: list[TextNumber]
    names: list[tuple[int, int]]  # spans of names with digits (their digits name)
    context: Context
    starts: list[int] = field(default_factory=list)  # where each of `mentions` starts
    subject_terms: list[int] = field(default_factory=list)  # indexes of terms naming subjects
    chains: list[Chain] = field(default_factory=list)  # its written computations, read once

    def names_subject(self, span: tuple[int, int]) -> bool:
        """True when a subject of the catalog is named between the span's ends."""
        return any(True for _ in subject_mentions(self.terms_around(span[0], span[1] - 1)))

    def terms_around(self, low: int, high: int) -> list[Mention]:
        """The block's terms that start from `low` up to `high`, both included."""
        return self.mentions[bisect_left(self.starts, low) : bisect_right(self.starts, high)]

    def near_with_line_subject(self, low: int, high: int) -> list[Mention]:
        """The terms around (`terms_around`), and the last subject the line named before
        them: a long line's subject stays its own ("The L40S is … a 96 MB L2 cache")."""
        near = self.terms_around(low, high)
        first = bisect_left(self.starts, low)  # the index of the first term around
        last = bisect_left(self.subject_terms, first) - 1
        if last < 0:
            return near
        return [self.mentions[self.subject_terms[last]], *near]


def around(spans: Sequence[tuple[int, int]], low: int, high: int) -> Sequence[tuple[int, int]]:
    """The spans (sorted by start) that start at `low` or after and before `high`."""
    return spans[bisect_left(spans, (low, 0)) : bisect_left(spans, (high, 0))]


_OPENING_NUMBER = re.compile(
    r"\s*(?:#{1,6}\s*)?(?:§\s?)?(\d{1,3}(?:\.\d{1,3}){0,3})(?:[\s\u3000、]|\.\s)"
)
"""The number a heading or a numbered clause opens with ("### 3　包1", "3.2.4　★ …")."""
_CITED = re.compile(
    r"(?:第\s?|§\s?|(?i:\b(?:section|clause|item|para(?:graph)?)\s))(\d{1,3}(?:\.\d{1,3}){0,3})"
    r"|(?<![\d.])(\d{1,3}(?:\.\d{1,3}){1,3})\s?(?:条|节|款)"
)
"""A clause or section cited by its number: "原第 4.4 条", "§3.2", "section 4.4", "3.2.4 条"."""


def _cited_subjects(text: str, opened: dict[str, str]) -> list[str]:
    """The subjects of the sections and clauses `text` cites, by what was in force where
    each was opened ("原第 4.4 条" speaks of the chip clause 4.4 was written under)."""
    found: list[str] = []
    for match in _CITED.finditer(text):
        subject = opened.get(match.group(1) or match.group(2))
        if subject is not None:
            found.append(subject)
    return list(dict.fromkeys(found))


def _section_numbers(
    read: Sequence[tuple[Block, list[Mention], list[TextNumber]]],
) -> frozenset[str]:
    """The dotted section numbers a text refers to unmistakably somewhere (§3.4, 3.2 那张图)."""
    found: set[str] = set()
    for block, mentions, numbers in read:
        names = name_spans(mentions)
        for index, number in enumerate(numbers):
            if "." not in number.digits:
                continue
            start = number.column - 1
            near = around(names, start - WINDOW, start + 1)
            if classify(block.text, number, index, near) is NonClaim.section:
                found.add(number.digits)
    return frozenset(found)


def _computations(block: Block, numbers: Sequence[TextNumber]) -> list[Chain]:
    """The block's written computations, but two figures a slash pairs rather than
    divides: written without spaces ("71/142"), or named by a pair of qualifiers before
    them ("(dense / sparse): FP8 362 / 724")."""
    text = block.text

    def listed(chain: Chain) -> bool:
        """ "8GB/256bit/14Gbps/448GB/s": figures each with its unit, a slash between."""
        if chain.result is not None or len(chain.operands) < 2:
            return False
        figures = [numbers[index] for index, _ in chain.operands]
        return all(f.unit_text for f in figures) and all(
            text[a.end : b.column - 1] == "/" for a, b in itertools.pairwise(figures)
        )

    def paired(chain: Chain) -> bool:
        if listed(chain):
            return True
        if chain.result is not None or len(chain.operands) != 2 or chain.operands[1][1] > 0:
            return False
        left, right = (numbers[index] for index, _ in chain.operands)
        return text[left.end : right.column - 1] == "/" or in_a_qualified_pair(
            text, left.column - 1, left.end
        )

    return [chain for chain in chains(text, numbers) if not paired(chain)]


_ROW_NUMBER = re.compile(
    r"#?\d{1,3}[.)]?|[A-Za-z][.)]|[ivx]{1,4}[.)]?|(?:\*\*)?[A-Z]{1,3}-\d[\d.-]{0,12}(?:\*\*)?|"
)
"""A row header that only numbers the row: "3", "#2", "b)", "iv", a requirement's or an
item's code ("R-3.2.1"), or nothing."""


def _row_named(cell: Cell, terms: Callable[[str], tuple[Mention, ...]]) -> tuple[str, ...]:
    """Where a cell's row header only numbers the row ("| 3 | RX 7700 XT | 12 GB |"), the
    one subject the row's other cells name, if they name one alone: what the row is about,
    as a row header would say. (A row header that names something else, "| g7r.xlarge | 1 ×
    RX 7700 XT | 16 |", is that thing's row: its memory may be the host's.)"""
    if _ROW_NUMBER.fullmatch(cell.row_header.strip()) is None:
        return ()
    found = {
        sense.id
        for text in cell.row_cells
        if text != cell.row_header
        for _, sense in subject_mentions(terms(text))
    }
    return tuple(found) if len(found) == 1 else ()


def blocks_with_context(view: CatalogView, text: str) -> Iterator[Read]:
    """Each block of `text` with the terms and numbers found in it and what earlier lines say."""
    read = [
        (block, view.lexicon.mentions(block.text), list(numbers_in_line(block.text, block.line)))
        for block in read_document(text)
    ]
    counted: Counter[str] = Counter(
        sense.id for _, mentions, _ in read for _, sense in subject_mentions(mentions)
    )
    main = _main_subjects(counted)
    sections = _section_numbers(read)
    threads = thread_totals([block.text for block, _, _ in read if block.cell is None])
    glued = glued_labels([block.text for block, _, _ in read])
    set_anywhere = sets_exercises(block.text for block, _, _ in read if block.heading)
    headers: dict[str, tuple[Mention, ...]] = {}

    def terms(header: str) -> tuple[Mention, ...]:
        if header not in headers:
            headers[header] = tuple(view.lexicon.mentions(header))
        return headers[header]

    rows: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {}

    def row_named(cell: Cell) -> tuple[str, ...]:
        """The row's subject named past its first cell, read once for all its cells."""
        key = (cell.row_header, cell.row_cells)
        if key not in rows:
            rows[key] = _row_named(cell, terms)
        return rows[key]

    carried: tuple[str, ...] = ()
    opened: dict[str, str] = {}  # the subject in force where each numbered clause opened
    spoken_since = False  # a paragraph since the heading has named a subject
    opened_with: str | None = None  # the first subject of the last paragraph naming one
    columns: list[str] = []
    heading: tuple[str, ...] = ()
    made_up = False  # the section under a heading that announces a made-up example
    exercises = False  # and one over exercises or their answers
    table_made_up = False  # a table right after a paragraph that sets up a made-up example
    previous_cell = False
    led_by = ""  # the last paragraph's text, before a table
    paragraphs = [i for i, (block, _, _) in enumerate(read) if block.cell is None]
    place = {index: rank for rank, index in enumerate(paragraphs)}
    for index, (block, mentions, numbers) in enumerate(read):
        # what a subject is compared with ("like the V100") is not what the line is about
        spoken = [(m, sense) for m, sense in subject_mentions(mentions)]
        spoken = [(m, sense) for m, sense in spoken if not compared_with(block.text, m)]
        named = [sense.id for _, sense in spoken]
        nearby: list[tuple[float, Mention]] = []
        rank = place.get(index)
        following: list[str] = []
        if rank is not None:
            for offset, closeness in PASSAGE:
                other = rank + offset
                if 0 <= other < len(paragraphs):
                    nearby.extend((closeness, m) for m in read[paragraphs[other]][1])
                    if offset > 0:
                        following += [
                            sense.id for _, sense in subject_mentions(read[paragraphs[other]][1])
                        ]
        if block.heading:
            heading = tuple(dict.fromkeys(named))
            carried = heading
            spoken_since = False
            exercises = of_exercises(block.text, set_anywhere=set_anywhere)
            made_up = hypothetical(block.text) or exercises
        before = read[paragraphs[rank - 1]][0].text if rank else ""
        cell = block.cell
        if cell is not None and not previous_cell:  # the table's first row: what led to it
            # introduced by it ("…, weights read once per token:"), not merely after it
            table_made_up = led_by.rstrip().endswith((":", "：")) and hypothetical(led_by)
        elif cell is None and block.text.strip():
            led_by = block.text
        previous_cell = cell is not None
        aside = tuple(s for s in heading if s not in carried) if spoken_since else ()
        cited = _cited_subjects(block.text, opened) if opened and cell is None else []
        context = Context(
            carried=tuple(dict.fromkeys([*cited, *carried]))[:CARRIED] if cited else carried,
            heading=tuple(s for s in heading if s not in aside),
            nearby=tuple(nearby),
            main=main,
            sections=sections,
            following=tuple(dict.fromkeys(following)),
            before=before,
            column_terms=terms(cell.column_header) if cell else (),
            row_terms=terms(cell.row_header) if cell else (),
            named=tuple((m.start, sense.id) for m, sense in spoken),
            opened_with=opened_with,
            made_up=(made_up and not block.heading) or (cell is not None and table_made_up),
            heading_aside=aside,
            threads=threads,
            glued=glued,
            exercises=exercises and not block.heading,
            row_named=row_named(cell) if cell else (),
        )
        starts = [m.start for m in mentions]
        subject_terms = [
            i for i, m in enumerate(mentions) if any(s.target == "subject" for s in m.senses)
        ]
        yield Read(
            block=block,
            mentions=mentions,
            numbers=numbers,
            names=name_spans(mentions),
            context=context,
            starts=starts,
            subject_terms=subject_terms,
            chains=_computations(block, numbers),
        )
        if block.cell is not None:
            if block.cell.in_header:
                columns = [*columns, *named] if not block.cell.is_row_header else named
                named = []
            elif block.cell.is_row_header:
                named = [*columns, *named]  # a table's row speaks of its columns' subjects
            else:
                named = []
        if block.cell is None and not block.heading and named:
            opened_with = named[0]
            # a paragraph that names a subject narrows a heading that names several
            # ("HBM: A, B and C", then "First, A."): the others are left aside until named
            spoken_since = len(heading) > 1
        if not block.heading and named:
            kept = tuple(s for s in carried if s not in heading) if spoken_since else carried
            carried = tuple(dict.fromkeys([*reversed(named), *kept]))[:CARRIED]
        opening = _OPENING_NUMBER.match(block.text) if cell is None else None
        if opening and carried:  # what clause 3.2.4 speaks of, for a line citing it later
            opened.setdefault(opening.group(1), carried[0])
