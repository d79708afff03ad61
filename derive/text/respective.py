"""Numbers listed in the order of the subjects a sentence lists.

"The A100 and the MI300X carry 80 and 192 GB respectively", "A100 vs MI300X: 2,039
vs 5,300 GB/s", "MI300X 与 A100 分别是 192 GB 和 80 GB": the i-th number of the list
is the i-th subject's. The lists must be the same length, each joined by nothing but
list words, and the sentence must say the pairing: "respectively" (分别, 各自, 依次)
for any list, or a comparison word (vs, versus, 对, 比) between both the subjects and
the numbers. Anything looser is left to the words near each number.

Bare numbers of a list, or compared with another subject's, take the unit of the number
they are listed or compared with ("80 and 192 GB", "289 FLOP/B，比 910B 的 200 高").
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise

from derive.text.document import Block
from derive.text.lexicon import Mention
from derive.text.numbers import TextNumber

_JOINED = r"\s*(?:,|，|、|/|and|&|和|与|及|以及|跟|vs\.?|versus|against|对|比)\s*(?:the\s+)?"
_SUBJECTS_JOINED = re.compile(rf"^(?:['’]s)?{_JOINED}$", re.IGNORECASE)
_NUMBERS_JOINED = re.compile(rf"^{_JOINED}$", re.IGNORECASE)
_COMPARED = re.compile(r"\b(?:vs\.?|versus|against)(?!\w)|对|比", re.IGNORECASE)
_RESPECTIVELY = re.compile(r"respectively|分别|各自|依次|各为|各是", re.IGNORECASE)


def _runs(spans: Sequence[tuple[int, int]], text: str, joined: re.Pattern[str]) -> list[list[int]]:
    """Indexes of `spans` in runs of two or more joined by list words only."""
    runs: list[list[int]] = []
    for index, (start, _) in enumerate(spans):
        if runs and joined.match(text[spans[runs[-1][-1]][1] : start]):
            runs[-1].append(index)
        else:
            runs.append([index])
    return [run for run in runs if len(run) >= 2]


def _compared(text: str, spans: Sequence[tuple[int, int]], run: Sequence[int]) -> bool:
    """True when every gap of the run is a comparison word (A vs B, 16 对 256)."""
    return all(_COMPARED.search(text[spans[a][1] : spans[b][0]]) for a, b in pairwise(run))


def respective(
    block: Block, numbers: Sequence[TextNumber], mentions: Sequence[Mention]
) -> dict[int, tuple[str, str]]:
    """For the numbers of `block` listed in the order of a list of subjects before them:
    index of the number → (the subject, why)."""
    found: dict[int, tuple[str, str]] = {}
    subjects = [
        (m, next(s.id for s in m.senses if s.target == "subject"))
        for m in mentions
        if any(s.target == "subject" for s in m.senses)
    ]
    if len(subjects) < 2 or len(numbers) < 2:
        return found
    text = block.text
    names = [(m.start, m.end) for m, _ in subjects]
    spans = [(n.column - 1, n.end) for n in numbers]
    number_runs = _runs(spans, text, _NUMBERS_JOINED)  # once per block, not per list
    run_starts = [spans[run[0]][0] for run in number_runs]
    for names_run in _runs(names, text, _SUBJECTS_JOINED):
        listed = [subjects[i][1] for i in names_run]
        if len(set(listed)) != len(listed):
            continue
        low, high = block.sentence(names[names_run[0]][0])
        after = names[names_run[-1]][1]
        for numbers_run in number_runs[bisect_left(run_starts, after) :]:
            first = spans[numbers_run[0]][0]
            if first >= high:
                break  # runs come in reading order: none later is in this sentence
            if len(numbers_run) != len(listed):
                continue
            said = _RESPECTIVELY.search(text[low:high]) is not None or (
                _compared(text, names, names_run) and _compared(text, spans, numbers_run)
            )
            if not said:
                continue
            shown = ", ".join(subjects[i][0].term for i in names_run)
            for place, (index, subject) in enumerate(zip(numbers_run, listed, strict=True)):
                found.setdefault(
                    index, (subject, f"number {place + 1} of a list in the order of {shown}")
                )
    return found


def respective_labels(
    block: Block, numbers: Sequence[TextNumber], mentions: Sequence[Mention]
) -> dict[int, frozenset[int]]:
    """For the numbers of `block` listed in the order of a list of quantity labels
    ("1,307.4 and 2,614.9 TFLOPS of dense BF16 and FP8, respectively"): index of the
    number → the starts of the list's labels that are the other numbers', not its own."""
    found: dict[int, frozenset[int]] = {}
    labels = _longest(
        [m for m in mentions if any(s.target == "quantity" and s.label for s in m.senses)]
    )
    if len(labels) < 2 or len(numbers) < 2:
        return found
    text = block.text
    spans = [(n.column - 1, n.end) for n in numbers]
    places = [(m.start, m.end) for m in labels]
    for numbers_run in _runs(spans, text, _NUMBERS_JOINED):
        low, high = block.sentence(spans[numbers_run[0]][0])
        if not _RESPECTIVELY.search(text[low:high]):
            continue
        for labels_run in _runs(places, text, _SUBJECTS_JOINED):
            starts = [places[i][0] for i in labels_run]
            if len(labels_run) != len(numbers_run) or not low <= starts[0] < high:
                continue
            for index, own in zip(numbers_run, starts, strict=True):
                found[index] = frozenset(starts) - {own}
    return found


def _longest(mentions: Sequence[Mention]) -> list[Mention]:
    """The mentions that lie inside no longer one ("dense BF16", not its "BF16").

    One pass in order of start (the longer first): a span is inside a longer one when a
    mention before it reaches as far as its end.
    """
    ordered = sorted(mentions, key=lambda m: (m.start, -m.end))
    kept: set[int] = set()
    reach = -1  # the furthest end of the spans before the current one
    for _, same in itertools.groupby(ordered, key=lambda m: (m.start, m.end)):
        group = list(same)
        if reach < group[0].end:
            kept.update(id(m) for m in group)
        reach = max(reach, group[0].end)
    return [m for m in mentions if id(m) in kept]


_LISTED_NUMBERS = re.compile(
    r"^\s*(?:,|，|、|/|and|or|to|和|与|及|或|到|至|versus|vs\.?|对)\s*"
    r"(?:about|around|roughly|nearly|约|大约|≈|~)?\s*$",
    re.IGNORECASE,
)


def shared_units(numbers: Sequence[TextNumber], text: str) -> dict[int, TextNumber]:
    """The bare numbers of a list whose last number has a unit, given that unit:
    "80 and 192 GB", "4、8 和 16 MiB", "2,048 versus 450 GB/s", "from 200 to 195.3 FLOP/B"
    (index → the number with the unit)."""
    spans = [(n.column - 1, n.end) for n in numbers]
    given: dict[int, TextNumber] = {}
    for run in _runs(spans, text, _LISTED_NUMBERS):
        last = numbers[run[-1]]
        if not last.unit:
            continue
        for index in run[:-1]:
            if numbers[index].unit is None:
                given[index] = replace(numbers[index], unit=last.unit, unit_text=last.unit_text)
    return given


_THAN_BEFORE = re.compile(
    r"(?:比|高于|低于|超过|不到|不及|不如|接近)\s*[^，,。；;：:]{1,24}?的\s*$"
    r"|\b(?:than|versus|vs\.?|against|times|compared\s+(?:with|to))\s+[^,;:]{1,30}?['’]s\s*$"
    r"|[,，]\s*(?:not|rather\s+than|instead\s+of|而不是|不是|并非|而非)\s*$",
    re.IGNORECASE,
)
"""A comparison with another subject's value, up to that value: "比 910B 的", "than the
910B's", "4.5 times the A30's"; or the figure a number is said instead of ("12 GB, not
24", "是 71 TFLOPS，不是 142")."""
_COMPARATIVE_AFTER = re.compile(r"\s*(?:还|更|略|稍)?\s*(?:高|低|大|小|多|少|快|慢|强|弱)")
_OPERATOR_AFTER = re.compile(r"\s*[×x*÷/]")


COMPARED_REACH = 120
"""How far back from a bare number its comparison is looked for (a bound, so that a long
line costs in proportion to its numbers)."""


def compared_units(numbers: Sequence[TextNumber], block: Block) -> dict[int, TextNumber]:
    """The bare numbers of another subject a sentence compares with a number it gives a
    unit, given that unit: "289 FLOP/B，比 910B 的 200 高", "289 FLOP/B, higher than the
    910B's 200" (index → the number with the unit)."""
    text = block.text
    given: dict[int, TextNumber] = {}
    for index, number in enumerate(numbers):
        if number.unit is not None or index == 0:
            continue
        start = number.column - 1
        low = max(block.sentence(start)[0], start - COMPARED_REACH)
        before = text[low:start]
        than = _THAN_BEFORE.search(before)
        if than is None:
            continue
        if before[than.start() :].lstrip().startswith("比") and not _COMPARATIVE_AFTER.match(
            text, number.end
        ):
            continue  # "比 910B 的 200" must go on to say higher or lower
        if _OPERATOR_AFTER.match(text, number.end):
            continue  # "3 times the A10's 250 ÷ 150": the first operand of what is compared
        for earlier in (numbers[j] for j in range(index - 1, -1, -1)):
            if earlier.column - 1 < low:  # within the reach only
                break
            if earlier.unit and earlier.column - 1 < low + than.start():
                given[index] = replace(number, unit=earlier.unit, unit_text=earlier.unit_text)
                break
    return given


_SLASHED_NUMBERS = re.compile(r"^\s*/\s*$")


def slashed_header_terms(
    block: Block, numbers: Sequence[TextNumber], terms: Sequence[Mention]
) -> dict[int, tuple[Mention, ...]]:
    """For a table cell of numbers joined by slashes under a header of as many parts joined
    by slashes ("| Clocks (base / boost) | 1,200 / 1,455 MHz |", "| 基础 / 加速频率 | 1560 /
    1860 MHz |"): index of the number → the header's terms without the other parts'."""
    cell = block.cell
    if cell is None or len(numbers) < 2 or not terms:
        return {}
    spans = [(n.column - 1, n.end) for n in numbers]
    runs = _runs(spans, block.text, _SLASHED_NUMBERS)
    if len(runs) != 1 or len(runs[0]) != len(numbers):
        return {}
    header = cell.row_header if not cell.is_row_header else ""
    cuts = [i for i, c in enumerate(header) if c == "/"]
    if len(cuts) != len(numbers) - 1:
        return {}
    bounds = [-1, *cuts, len(header)]
    found: dict[int, tuple[Mention, ...]] = {}
    for index in runs[0]:
        low, high = bounds[index], bounds[index + 1]
        others = [(a, b) for i, (a, b) in enumerate(pairwise(bounds)) if i != index]
        found[index] = tuple(
            m for m in terms if low < m.start < high or not any(a < m.start < b for a, b in others)
        )
    return found
