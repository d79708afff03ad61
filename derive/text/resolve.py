"""Tie a claim-shaped number to the (subject, quantity) its words are about.

Evidence for the subject, strongest first: a name or alias in the number's own
sentence (the nearest one before the number; one after it in the same clause), the
column and row headers of its table cell, a name earlier on its line, the subjects
of the previous lines (carried forward until another takes over), the heading.
Evidence for the quantity: its labels, synonyms and label words near the number
(weighted by how few quantities share a word, and by distance: same clause, same
sentence, same line, the table's headers, the line before), and the unit's
dimension, which every candidate must share (a bare number is compared as the
catalog writes the value only when a label names the quantity).

A resolution is *firm* when the subject is named in the sentence or the table and a
label names the quantity (or it is the subject's only quantity of that dimension);
otherwise *tentative*. The value never chooses a pair: among candidates whose words
tie, agreement may only confirm one, and the verdict says so.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache

from derive.text.document import Block
from derive.text.known import CatalogView
from derive.text.lexicon import Mention
from derive.text.numbers import FORMAT_NAME, TIMES, WHOLE_THINGS, TextNumber
from derive.text.qualifiers import TOTAL_WORDS, excluded
from schema.errors import UnitError
from schema.units import factor

SUBJECT_IN_SENTENCE = 1.0
SUBJECT_ATTACHED = 1.5
"""A name the number follows at once ("the A100's 80 GB", "B200：592", "v7 的 4 个")."""
_ATTACHED = re.compile(r"^(?:['’]s)?\s*[:：]?\s*(?:的)?\s*$")
ATTACHED_GAP = 8
"""The most characters between a name and a number it is attached to."""
_MODIFIED = re.compile(r"\s{0,2}(?:的\s{0,2})?$")
"""The words between a figure and the subject it is said of right after it: "12 GB TITAN
Xp", "12G 的 TITAN Xp"."""
REACH = 240
"""How far back in its sentence a number's words are read ("its" … the number)."""
SUBJECT_LISTED = 1.6
"""The subject whose place in a list of subjects a number takes, in a list of numbers."""
SUBJECT_AFTER_IN_CLAUSE = 0.8
SUBJECT_OF_VENDOR = 0.6
"""A vendor named in the sentence, of which the catalog holds one product."""
SUBJECT_EARLIER_IN_SENTENCE = 0.5
SUBJECT_IN_COLUMN_HEADER = 1.0
SUBJECT_IN_ROW_HEADER = 0.9
SUBJECT_EARLIER_ON_LINE = 0.55
SUBJECT_CARRIED = 0.35
SUBJECT_IN_HEADING = 0.3
FIRM_SUBJECT = 0.5
FIRM_QUANTITY = 0.5
TIE = 0.15
WIDE_TIE = 0.5
ECHO = 1.0
BY_UNIT = 0.05
BY_VALUE = 0.01
BARE_DIGITS = 4
BARE_LABEL = 1.0
PASSAGE_LABEL = 0.4
LABEL_OWN = 0.25
"""The closeness above which a label in a number's clause is its own, not a neighbour's."""
SUBJECT_FOLLOWING = 0.25
COMPARED = 6
"""The best-named subjects whose pairwise comparisons (a subject naming both) are candidates."""
RATIO_WORDS = TIMES | {"x", "×"}
"""What after a number makes it a ratio to score by its unit ("148 倍", "2.6×")."""
SUBJECT_OF_TEXT = 0.2
OF_THE_TEXT = "a subject the text is about"
"""Why a subject no word near a number names is a candidate: the text speaks of it."""
ALONE_IN_CATALOG = 0.9
"""The quantity evidence of a unit only one quantity of the whole catalog is in (W)."""
SUBJECT_COMPARED_WITH = 0.15
"""A subject named only as what another is compared with ("the same as the V100",
"和 V100 一样"): the sentence is about the other one."""
_COMPARAND_BEFORE = re.compile(
    r"(?:(?:the\s+)?same\s+as|\blike|\bunlike|\bthan|as\s+(?:on|in|for)|compared\s+(?:with|to)"
    r"|\bvs\.?|\bversus|\btwice|\bthrice|\bhalf|\btimes|(?:that|those)\s+of)"
    r"\s+(?:the\s+|an?\s+)?$|[比较]\s*$",
    re.IGNORECASE,
)
_OWN_NUMBER_AFTER = re.compile(r"(?:['’]s)?\s{0,2}(?:的\s{0,2})?[:：]?\s{0,2}[≈~约]?\s{0,2}\d")
_JOINED_BEFORE = re.compile(r"[和与跟同]\s*$")
_SINCE_AFTER = re.compile(
    r"\s{0,2}(?:起|以后|之后|以来|开始|(?i:onwards?|and (?:later|newer)|or (?:later|newer)))"
)
_SINCE_BEFORE = re.compile(r"(?i:\bsince|starting with)\s+(?:the\s+)?$")
"""A generation named as where something began: "H100 起可 opt-in 到 16", "since the H100"."""
_SAME_AFTER = re.compile(
    r"\s{0,2}(?:的\s{0,2})?.{0,3}?(?:一样|相同|相当|持平|差不多|一致|相近|不同)"
)
_PREDECESSOR = re.compile(
    r"上一代|上代|前代|前一代|前几代|老一代|上一款|上一版|"
    r"\b(?:previous|prior|last|older|earlier)[- ]generation|\bpredecessors?\b",
    re.IGNORECASE,
)
"""Words that make a clause about another generation than the one spoken of ("上一代每芯片只有
45 TFLOPS", "its predecessor managed 45"): unless a subject is named after them, neither
the topic nor the subjects carried from around are what its numbers are about."""
VARIANT = 0.8
"""A named subject's variants are about it too, less than it (below the tie margin)."""
TAKEN_OVER = 0.5
"""What the subjects of other lines weigh once the number's own line names one."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Echo:
    """A number with a unit a little earlier: a bare repeat of its digits means the same.

    The repeat takes its unit, and its pair when it was resolved.
    """

    digits: str
    literal: str
    line: int
    unit: str
    unit_text: str
    subject: str | None = None
    quantity: str | None = None


def _pair(candidate: Candidate) -> tuple[str, str]:
    return (candidate.subject, candidate.quantity)


@dataclass(frozen=True, slots=True, kw_only=True)
class Context:
    """What earlier lines say: the subjects carried forward and the heading's."""

    carried: tuple[str, ...] = ()  # most recent first
    heading: tuple[str, ...] = ()
    nearby: tuple[tuple[float, Mention], ...] = ()  # terms of the lines around, how close
    main: tuple[str, ...] = ()  # the subjects the whole text names most
    sections: frozenset[str] = frozenset()  # section numbers the text refers to
    following: tuple[str, ...] = ()  # subjects the next lines name
    before: str = ""  # the previous line's text
    column_terms: tuple[Mention, ...] = ()  # a table cell's column header, as terms
    row_terms: tuple[Mention, ...] = ()  # and its row header
    named: tuple[tuple[int, str], ...] = ()  # where the block names each subject, in order
    opened_with: str | None = None  # the subject the last paragraph naming one opened with
    made_up: bool = False  # the section's heading announces a made-up example ("A toy …")
    heading_aside: tuple[str, ...] = ()  # the heading's subjects later paragraphs left aside
    threads: frozenset[int] = frozenset()  # the totals its posts are numbered against
    glued: frozenset[str] = frozenset()  # characters that label things by a number: 包1, 包2
    exercises: bool = False  # made up, but as exercises: a chip they name is real
    row_named: tuple[str, ...] = ()  # a numbered table row's subject, named past its first cell

    def topic(self, position: int) -> str | None:
        """Whom "its" at `position` speaks of: the block's first subject before it, else
        the one the paragraph before opened with."""
        for start, subject in self.named:
            if start < position:
                return subject
            break
        return self.opened_with


@dataclass(frozen=True, slots=True, kw_only=True)
class Candidate:
    """A (subject, quantity) a number may be about, with the evidence for it."""

    subject: str
    quantity: str
    subject_score: float
    quantity_score: float
    subject_why: str
    quantity_why: str
    local_quantity: float = 0.0  # the part of the quantity evidence from the number's own line
    labelled_here: bool = False  # a label of the quantity (not a mere word) in its own clause

    @property
    def score(self) -> float:
        """Subject and quantity evidence together: both are needed, so a product."""
        return self.subject_score * self.quantity_score

    @property
    def firm(self) -> bool:
        """Named in the sentence or table, and the quantity labelled (or unique)."""
        return self.subject_score >= FIRM_SUBJECT and self.local_quantity >= FIRM_QUANTITY

    def why(self) -> str:
        """The words that resolved the subject and the quantity."""
        if self.subject_why == self.quantity_why:  # "repeats the 671B of line 1"
            return self.subject_why
        return f"{self.subject_why}; {self.quantity_why}"


def _best(scores: dict[str, tuple[float, str]], key: str, score: float, why: str) -> None:
    if score > scores.get(key, (0.0, ""))[0]:
        scores[key] = (score, why)


def subject_evidence(
    view: CatalogView,
    block: Block,
    start: int,
    mentions: Sequence[Mention],
    context: Context,
    listed: tuple[str, str] | None = None,
    end: int | None = None,
) -> dict[str, tuple[float, str]]:
    """Each subject the number at `start` may be about: (score, the words that say so).

    `listed`: the subject whose place in a list the number takes ("A and B have 80 and
    192 GB respectively"), with why. `end`: where the number (and its unit) ends, for a
    subject it is said of right after it ("the 12 GB TITAN Xp", "12G 的 TITAN Xp").
    """
    scores: dict[str, tuple[float, str]] = {}
    if listed is not None:
        scores[listed[0]] = (SUBJECT_LISTED, listed[1])
    s_low, s_high = block.sentence(start)
    c_low, c_high = block.clause(start)
    if _of_another_generation(block.text, c_low, start, mentions) or of_an_unknown_model(
        view, block, start, mentions
    ):
        return scores
    owned: set[int] = set()  # "its HBM3": a subject named as a part of the one "its" means
    for mention in mentions:  # "6 颗 HBM3E", "192 GB of HBM3": the memory a chip is built of
        if mention.start < start + WINDOW_PART and _counted_part(view, block, mention):
            owned.add(mention.start)
    for pronoun in _POSSESSIVE.finditer(block.text, max(s_low, start - REACH), start):
        topic = context.topic(pronoun.start())
        between = (
            m
            for m in mentions
            if pronoun.end() < m.start < start and any(s.target == "subject" for s in m.senses)
        )
        if topic is not None and next(between, None) is None:
            why = f"'{pronoun.group().strip()}' (the {topic} spoken of before)"
            _best(scores, topic, SUBJECT_IN_SENTENCE, why)
            owned.add(pronoun.end())
    before: list[tuple[Mention, str]] = []
    earlier: dict[str, tuple[float, str]] = {}
    pattern, sole = view.sole_products
    if pattern is not None:  # "AMD 的 6 TB/s": a vendor with one product in the catalog
        for vendor in pattern.finditer(block.text, max(0, start - REACH), start):
            product = sole[vendor.group().lower()]
            if _other_product(block.text, vendor.end(), mentions):
                continue  # "AMD Fiji": a product of the vendor the catalog does not hold
            if vendor.start() >= s_low:
                why = f"'{vendor.group()}' in the sentence, the vendor of {product}"
                _best(scores, product, SUBJECT_OF_VENDOR, why)
            else:
                why = f"'{vendor.group()}' earlier on the line, the vendor of {product}"
                _best(earlier, product, SUBJECT_OF_VENDOR * SUBJECT_EARLIER_ON_LINE, why)
    compared: dict[str, tuple[float, str]] = {}
    for mention in mentions:
        if mention.start in owned:
            continue
        if compared_with(block.text, mention):
            for sense in mention.senses:
                if sense.target == "subject":
                    why = f"'{mention.term}' in the sentence, as what it is compared with"
                    _best(compared, sense.id, SUBJECT_COMPARED_WITH, why)
            continue
        for sense in mention.senses:
            if sense.target != "subject":
                continue
            named = f"'{mention.term}'"
            if mention.end <= start:
                if mention.start >= s_low:
                    before.append((mention, sense.id))
                else:
                    why = f"{named} earlier on the line"
                    _best(earlier, sense.id, SUBJECT_EARLIER_ON_LINE, why)
            elif (
                end is not None
                and end <= mention.start <= end + ATTACHED_GAP
                and _MODIFIED.match(block.text, end, mention.start)
            ):
                _best(scores, sense.id, SUBJECT_ATTACHED, f"{named} right after it")
            elif mention.start < c_high:
                _best(scores, sense.id, SUBJECT_AFTER_IN_CLAUSE, f"{named} in the clause")
            elif mention.start < s_high:
                _best(scores, sense.id, SUBJECT_EARLIER_IN_SENTENCE, f"{named} in the sentence")
    if before:
        nearest = max(m.end for m, _ in before)
        attached = start - nearest <= ATTACHED_GAP and bool(
            _ATTACHED.match(block.text[nearest:start])
        )
        for mention, subject in before:
            if mention.end != nearest:
                _best(
                    scores,
                    subject,
                    SUBJECT_EARLIER_IN_SENTENCE,
                    f"'{mention.term}' in the sentence",
                )
            elif attached:
                _best(scores, subject, SUBJECT_ATTACHED, f"'{mention.term}' right before it")
            else:
                _best(scores, subject, SUBJECT_IN_SENTENCE, f"'{mention.term}' in the sentence")
    if block.cell is not None:
        for terms, score, where in (
            (context.column_terms, SUBJECT_IN_COLUMN_HEADER, "column header"),
            (context.row_terms, SUBJECT_IN_ROW_HEADER, "row header"),
        ):
            for mention in terms:
                for sense in mention.senses:
                    if sense.target == "subject":
                        _best(scores, sense.id, score, f"'{mention.term}' in the {where}")
        for subject in context.row_named:  # "| 3 | RX 7700 XT | 12 GB |"
            why = f"{subject} named in another cell of the row"
            _best(scores, subject, SUBJECT_IN_ROW_HEADER, why)
        if pattern is not None:  # "| AMD APU | 980.6 |": the vendor of one product
            for header, where in (
                (block.cell.column_header, "column header"),
                (block.cell.row_header, "row header"),
            ):
                for vendor in pattern.finditer(header):
                    product = sole[vendor.group().lower()]
                    why = f"'{vendor.group()}' in the {where}, the vendor of {product}"
                    _best(scores, product, SUBJECT_OF_VENDOR, why)
    _compound_named(view, block, start, s_low, scores, context, earlier)
    share = TAKEN_OVER if scores else 1.0
    for subject, (score, why) in earlier.items():
        _best(scores, subject, score * share, why)
    # a subject the line itself named takes over from those of the lines before, too
    _from_around(scores, context, TAKEN_OVER if scores else 1.0)
    for subject, (score, why) in compared.items():
        _best(scores, subject, score, why)
    for subject, (score, why) in list(scores.items()):
        for child in view.variants.get(subject, ()):
            _best(scores, child, score * VARIANT, f"{why} (a variant of {subject})")
    best_named = sorted(scores, key=lambda s: -scores[s][0])[:COMPARED]
    for index, first in enumerate(best_named):
        for second in best_named[index + 1 :]:
            for both in view.comparisons.get(frozenset((first, second)), ()):
                score = min(scores[first][0], scores[second][0])
                _best(scores, both, score, f"compares {first} and {second}")
    return scores


def _of_another_generation(text: str, low: int, start: int, mentions: Sequence[Mention]) -> bool:
    """True when the clause before `start` speaks of another generation and names no
    subject between those words and the number."""
    cues = list(_PREDECESSOR.finditer(text, low, start))
    if not cues:
        return False
    cue = cues[-1]
    return not any(
        cue.end() <= m.start < start and any(s.target == "subject" for s in m.senses)
        for m in mentions
    )


_PRONOUN = re.compile(r"(?<![A-Za-z])(?:[Ii]ts?|[Tt]hey|[Tt]heir)(?![A-Za-z])|它|其")
_MODEL = re.compile(
    r"(?<![\w.-])(?:[A-Z]{1,4}-?\d{2,5}[A-Za-z]{0,2}|[a-wyz]\d{2,5}[a-z]?)(?![\w-])"
)
"""A model number: MI250X, GC200, GA102, TU104, e75 (not x16, a link's lanes)."""
_SPACED_MODEL = re.compile(
    r"(?<![\w-])[A-Z]{2,4}[ \u00a0](?!(?:19[7-9]|20[0-3])\d\b)(\d{3,5})[A-Za-z]{0,2}(?!\w|\.\d)"
)
"""A product line's acronym and a model number: RTX 4090, GTX 1080 (not a year)."""
_LINE_NUMBER = re.compile(r"\d{2,5}[A-Za-z]{0,2}(?!\w|\.\d)")
_MODEL_OWNS = re.compile(r"(?:\s+(?:die|chip|card|GPU|part))?['’]s\s|\s?的")
_NOT_A_MODEL = re.compile(rf"{FORMAT_NAME}|(?:JESD|IEEE|ISO|RFC)\d", re.IGNORECASE)
"""Number formats and standards' documents, which name no product."""


@dataclass(frozen=True, slots=True)
class SpacedModel:
    """A model written as a word, a space and its number: where each starts, where it ends,
    and whether the word is a product line of the catalog's names."""

    name: int
    number: int
    end: int
    of_a_line: bool


def spaced_models(view: CatalogView, text: str, low: int, high: int) -> list[SpacedModel]:
    """The models written with a space between `low` and `high`: an acronym and a number
    ("RTX 4090", "GTX 1080"), or a word the catalog's names put before a model number and a
    number ("Max 1550" beside the catalog's "Max 1100", "昇腾 910")."""
    found = [
        SpacedModel(m.start(), m.start(1), m.end(), of_a_line=False)
        for m in _SPACED_MODEL.finditer(text, low, high)
    ]
    for line in view.product_lines.finditer(text, low, high) if view.product_lines else ():
        digits = _LINE_NUMBER.match(text, line.end())
        if digits is not None:
            found.append(SpacedModel(line.start(), line.end(), digits.end(), of_a_line=True))
    return found


_CAPITALISED = re.compile(r"\s?([A-Z][a-z]{2,})(?![A-Za-z0-9])")


def _other_product(text: str, end: int, mentions: Sequence[Mention]) -> bool:
    """True when a vendor's name at `end` is followed by a capitalised word no term of
    the catalog covers: "AMD Fiji", "NVIDIA Tegra" name products the catalog lacks."""
    word = _CAPITALISED.match(text, end)
    if word is None:
        return False
    a, b = word.span(1)
    return not any(m.start < b and a < m.end for m in mentions)


def of_an_unknown_model(
    view: CatalogView, block: Block, start: int, mentions: Sequence[Mention]
) -> bool:
    """True when the number's clause names, before it, a model the catalog does not know
    ("the MI250X has 220", "the GC200 at 1.325 GHz", "Max 1550 … 600 W" beside the
    catalog's Max 1100), and no subject it knows: the number is that model's, not the
    subject of the lines before. A model after a subject or a pronoun describes it ("The
    A30 is a cut-down GA100 on a 165 W board")."""
    text = block.text
    low = block.clause(start)[0]
    terms = [(m.start, m.end) for m in mentions]
    models = [
        (m.start(), m.end())
        for m in _MODEL.finditer(text, low, start)
        if not _NOT_A_MODEL.match(m.group())
    ]
    models += [(m.name, m.end) for m in spaced_models(view, text, low, start) if m.end <= start]
    parts = _named_in_provenance(view)
    for model_start, model_end in sorted(models, reverse=True):
        if any(a < model_end and model_start < b for a, b in terms):
            return False  # the catalog's own name (or a word of one) is spoken of
        named = any(
            low <= m.start < start and any(s.target == "subject" for s in m.senses)
            for m in mentions
        )
        if _MODEL_OWNS.match(text, model_end):
            return True  # "108 of the GA100 die's 128 SMs": the 128 is the die's
        if text[model_start:model_end].upper() in parts and not _WHOLE_DIE.search(
            text, max(low, model_start - _WHOLE_DIE_REACH), min(start, model_end + _WHOLE_DIE_REACH)
        ):
            return False  # "GA106 ｜ 26 SM": the die the catalog's notes build the card on
        return not named and not _PRONOUN.search(text, low, model_start)
    return False


_WHOLE_DIE = re.compile(r"满血|完整|全规格|(?i:\bfull(?:y enabled)?\b|\bcomplete\b|\buncut\b)")
"""Words that make a die's figure the whole die's ("GA104 满血 48 个 SM"), not the card's."""
_WHOLE_DIE_REACH = 12


def model_names(text: str) -> frozenset[str]:
    """The model numbers `text` names, upper-cased ("e75", "MI250X", "GA106")."""
    return frozenset(
        match.group().upper()
        for match in _MODEL.finditer(text)
        if not _NOT_A_MODEL.match(match.group())
    )


def _named_in_provenance(view: CatalogView) -> frozenset[str]:
    """The model numbers the catalog's notes, locators and sources name (the dies its
    cards are built on: "Two GK210 GPUs on one board"), upper-cased, once per view."""
    key = ("named in provenance",)
    found: frozenset[str] | None = view.judgements.get(key)
    if found is None:
        found = frozenset(name for text in view.provenance.values() for name in model_names(text))
        view.judgements[key] = found
    return found


def _compound_named(
    view: CatalogView,
    block: Block,
    start: int,
    s_low: int,
    scores: dict[str, tuple[float, str]],
    context: Context,
    earlier: dict[str, tuple[float, str]],
) -> None:
    """ "A pod wires 1,024 chips": the last word of a subject's name ("Cloud TPU v3 Pod"),
    in the sentence, names that subject when the rest of its name is the one spoken of."""
    pattern, compounds = view.compounds
    if pattern is None:
        return
    spoken = [s for s, (score, _) in scores.items() if score >= FIRM_SUBJECT]
    spoken += [s for s in earlier if not spoken]
    spoken += [s for s in context.carried[:1] if not spoken]
    for word in pattern.finditer(block.text, s_low, start):
        head = word.group(1).lower()
        for base in spoken:
            compound = compounds.get((base, head))
            if compound is not None and compound not in scores:
                why = f"'{word.group()}' in the sentence, of {base}: {compound}"
                _best(scores, compound, SUBJECT_IN_SENTENCE, why)


def compared_with(text: str, mention: Mention) -> bool:
    """True for a subject named as the standard of a comparison, or as the generation where
    something began ("H100 起", "since the H100"), not as what is described."""
    return _compared(text, mention.start, mention.end)


@lru_cache(maxsize=8192)
def _compared(text: str, start: int, end: int) -> bool:
    """`compared_with` for the term at `start`:`end`, once per term of a line."""
    if _OWN_NUMBER_AFTER.match(text, end):
        return False  # "vs the H100's 3.35", "2.4 times the A100's 80 GB": its own number
    before = text[max(0, start - 24) : start]
    if _COMPARAND_BEFORE.search(before) or _SINCE_BEFORE.search(before):
        return True
    if _SINCE_AFTER.match(text, end):
        return True  # "H100 起", "the H100 and later": where it began, not what is described
    return bool(_JOINED_BEFORE.search(before) and _SAME_AFTER.match(text, end))


def _from_around(scores: dict[str, tuple[float, str]], context: Context, share: float) -> None:
    """Subjects of the lines around, the heading and the text, weighed by `share`.

    A subject named in the number's own sentence or table takes over from them.
    """
    for rank, subject in enumerate(context.carried):
        score = (SUBJECT_CARRIED - 0.05 * min(rank, 3)) * share
        _best(scores, subject, score, "carried from earlier lines")
    for subject in context.following:
        _best(scores, subject, SUBJECT_FOLLOWING * share, "named in the next lines")
    for subject in context.heading:
        _best(scores, subject, SUBJECT_IN_HEADING * share, "the heading's subject")
    for subject in context.heading_aside:
        _best(scores, subject, SUBJECT_IN_HEADING * TAKEN_OVER * share, "the heading's subject")
    for subject in context.main:
        _best(scores, subject, SUBJECT_OF_TEXT * share, OF_THE_TEXT)


_PART_BEFORE = re.compile(r"\d\s{0,2}(?:[A-Za-z/]{1,8}|颗|个|块|片)?\s{0,2}(?:of\s+)?$")
WINDOW_PART = 80
"""How far after a number a memory standard named as the part counted may stand."""
PART_KINDS = frozenset({"memory-standard", "standard"})


def _counted_part(view: CatalogView, block: Block, mention: Mention) -> bool:
    """True for a memory standard named right after a number and its unit: a part of the
    chip the sentence is about ("6 颗 HBM3E", "8 stacks of HBM3", "141 GB HBM3E")."""
    if not any(
        sense.target == "subject" and view.subjects[sense.id].kind in PART_KINDS
        for sense in mention.senses
        if sense.id in view.subjects
    ):
        return False
    return bool(_PART_BEFORE.search(block.text[max(0, mention.start - 24) : mention.start]))


PART_COUNTED = 1.0
"""How strongly "6 颗 HBM3E" names the count of HBM stacks: the part is named at once."""
_COUNTED_GAP = re.compile(r"\s{0,2}(?:of\s+|[×x]\s{0,2})?")
_TIMES_GAP = re.compile(r"\s{0,2}[×x]\s{0,2}")
"""A memory part multiplied by the count before it: "HBM2 ×4", "HBM2E × 6"."""


def _counting_the_part(
    view: CatalogView, block: Block, number: TextNumber, mentions: Sequence[Mention]
) -> list[tuple[str, str]]:
    """The count quantities a number counts when a memory part follows it at once ("6 颗
    HBM3E", "8 stacks of HBM3", "4 × HBM2") or precedes it times it ("HBM2E ×6"): those a
    word of the part's family names (the "HBM" of "HBM stacks" begins "HBM3E"), with why.
    The part is a memory standard of the catalog, or a generation word of a family the
    catalog holds quantities of ("HBM2" where no HBM2 subject is)."""
    if number.unit not in ("", None) or number.value != number.value.to_integral_value():
        return []
    for mention in mentions:
        if number.end <= mention.start <= number.end + 16:
            gap = _COUNTED_GAP.fullmatch(block.text[number.end : mention.start])
        elif mention.end <= number.column - 1 and mention.end >= number.column - 8:
            gap = _TIMES_GAP.fullmatch(block.text[mention.end : number.column - 1])
        else:
            continue
        if not gap:
            continue
        names = {
            n.lower()
            for s in mention.senses
            if s.target == "subject" and s.id in view.subjects
            if view.subjects[s.id].kind in PART_KINDS
            for n in view.subjects[s.id].names()
        }
        if not names and any(s.target == "quantity" for s in mention.senses):
            names = {mention.term.lower()}  # "HBM2": a generation word of the HBM family
        counted = [
            (quantity, f"counts the {mention.term} named with it")
            for quantity, words in view.count_words.items()
            if any(len(w) >= 3 and name.startswith(w) for w in words for name in names)
        ]
        if counted:
            return counted
    return []


_POSSESSIVE = re.compile(
    r"(?<![A-Za-z])(?:[Ii]ts|[Tt]heir)\s+|它的\s*|(?<![尤极与])其(?![中余实他它次后间])\s*"
)
"""Words that point back at the subject spoken of: "its", "their", 它的, 其 (not 其中
"among them", 其余, 其实, 其他, 尤其 …)."""

_OPERATOR = re.compile(r"[×÷*/=＝≈+]|\s[-−]\s")
_ASSIGNED = re.compile(r"\s{0,2}(?:[=＝:：]|是|为|is|of|equals)\s{0,2}")
"""What stands between a term and the number it is set to ("head_dim ＝ 128", "M: 1")."""
_OPERAND = re.compile(r"\s{0,2}(?:[×÷*/+^]|\s[-−]\s)")
ASSIGNED = 1.5
"""How close a term is to a number it is set to, when the number is the whole right side."""


def _distance(mention: Mention, start: int, end: int) -> int:
    return max(0, mention.start - end, start - mention.end)


@dataclass(frozen=True, slots=True)
class _Place:
    """A number's span, its clause and sentence, and the other numbers of its clause."""

    start: int
    end: int
    clause: tuple[int, int]
    sentence: tuple[int, int]
    others: tuple[tuple[int, int], ...]
    in_sentence: tuple[tuple[int, int], ...] = ()  # the other numbers of its sentence


def _place(block: Block, start: int, end: int, spans: Sequence[tuple[int, int]]) -> _Place:
    c_low, c_high = block.clause(start)
    inside = spans[bisect_left(spans, (c_low, 0)) : bisect_left(spans, (c_high, 0))]
    others = tuple(s for s in inside if s != (start, end))
    s_low, s_high = block.sentence(start)
    around = spans[bisect_left(spans, (s_low, 0)) : bisect_left(spans, (s_high, 0))]
    in_sentence = tuple(s for s in around if s != (start, end))
    return _Place(start, end, (c_low, c_high), (s_low, s_high), others, in_sentence)


_KEY_BEFORE = re.compile(r"\s{0,2}[:：]\s{0,2}(?:[≈~约]\s{0,2})?")
"""A term and a colon right before a number: the key the number is the value of, though a
colon ends a clause."""
_GLOSS_AFTER = re.compile(r"\s{0,2}(?:[A-Za-z/%]{1,10}\s{0,2})?[（(][^()（）]{0,16}")
"""A bracket right after a number (and its unit) that says what it is of: "190（BF16）",
"65 TFLOPS (FP16, dense)"; its words are the number's own, though a bracket ends a clause."""


def _proximity(block: Block, mention: Mention, place: _Place, *, own_digits: bool = True) -> float:
    """How close a term is to the number: its clause, its sentence, its line.

    A term nearer to another number of the same clause belongs to that number more;
    without `own_digits`, the digits of the term itself ("FP64") are no other number.
    """
    start, end = place.start, place.end
    c_low, c_high = place.clause
    s_low, s_high = place.sentence
    if mention.start >= end and _GLOSS_AFTER.fullmatch(block.text, end, mention.start):
        return 1.0 / (1.0 + _distance(mention, start, end) / 12.0)  # "190（BF16）"
    if (
        mention.end <= start
        and _KEY_BEFORE.fullmatch(block.text, mention.end, start)
        and not _OPERAND.match(block.text, end)
    ):
        return ASSIGNED  # "L2：60 MB", "Power: 400 W"; not "SRAM：188 ÷ 80"
    if c_low <= mention.start < c_high:
        distance = _distance(mention, start, end)
        closeness = 1.0 / (1.0 + distance / 12.0)
        between = block.text[min(end, mention.end) : max(start, mention.start)]
        if (
            mention.end <= start
            and _ASSIGNED.fullmatch(between)
            and not _OPERAND.match(block.text, end)
        ):
            return ASSIGNED  # "head_dim ＝ 128": the term is what the number is
        if _OPERATOR.search(between):
            closeness *= 0.3  # "1024 × 每根引脚的速率": the words name the other operand
        others = [
            _distance(mention, a, b)
            for a, b in place.others
            if own_digits or not (mention.start <= a and b <= mention.end)
        ]
        if others and min(others) < distance:
            closeness *= 0.35
        return max(closeness, 0.25)
    if s_low <= mention.start < s_high:
        # in another clause, a term right beside another number is that number's
        distance = _distance(mention, start, end)
        if any(
            _distance(mention, a, b) < min(distance, 12)
            for a, b in place.in_sentence
            if own_digits or not (mention.start <= a and b <= mention.end)
        ):
            return 0.2 * 0.35
        return 0.2
    return 0.1


def quantity_evidence(
    block: Block,
    number: TextNumber,
    start: int,
    mentions: Sequence[Mention],
    context: Context,
    spans: Sequence[tuple[int, int]] = (),
    *,
    first: bool = True,
) -> tuple[dict[str, tuple[float, str]], dict[str, tuple[float, str]], set[str]]:
    """Each quantity the words name, (score, the words that say so): from every word
    that counts, and from the number's own clause and table headers only ("local");
    and the quantities a label (not a mere word) names locally."""
    every: dict[str, dict[str, tuple[float, str]]] = defaultdict(dict)
    own: dict[str, dict[str, tuple[float, str]]] = defaultdict(dict)
    labelled: set[str] = set()

    def add(mention: Mention, closeness: float, where: str, local: bool) -> None:
        for sense in mention.senses:
            if sense.target == "quantity":
                kind = "label" if sense.label else "word"
                why = f"{kind} '{mention.term}' {where}"
                score = sense.weight * closeness
                _best(every[sense.id], mention.term, score, why)
                if local:
                    _best(own[sense.id], mention.term, score, why)

    place = _place(block, start, number.end, spans)
    for mention in mentions:
        closeness = _proximity(block, mention, place)
        near = closeness >= 0.25  # in the number's own clause
        add(mention, closeness, "near the number" if near else "in the sentence", near)
        if near and _proximity(block, mention, place, own_digits=False) > LABEL_OWN:
            # "(10.3 with the FP64 Tensor Cores)": the label is the number's own
            labelled.update(s.id for s in mention.senses if s.target == "quantity" and s.label)
    if block.cell is not None:
        # The headers name the cell's first number; later ones ("192 GB (186 GB visible)")
        # are asides the headers say less about.
        share = 1.0 if first else 0.4
        for terms, closeness, where in (
            (context.row_terms, 1.0 * share, "in the row header"),
            (context.column_terms, 0.8 * share, "in the column header"),
        ):
            for mention in terms:
                add(mention, closeness, where, True)
                if closeness > LABEL_OWN:  # a header's label is each cell's own
                    labelled.update(
                        s.id for s in mention.senses if s.target == "quantity" and s.label
                    )
    for closeness, mention in context.nearby:
        add(mention, closeness, "in the passage", False)
    return _scores(every), _scores(own), labelled


def _scores(
    per_term: dict[str, dict[str, tuple[float, str]]],
) -> dict[str, tuple[float, str]]:
    """Per quantity: its three best terms summed (at most 4), and the two best named."""
    scores: dict[str, tuple[float, str]] = {}
    for quantity, terms in per_term.items():
        ranked = sorted(terms.values(), reverse=True)
        total = sum(score for score, _ in ranked[:3])
        scores[quantity] = (min(total, 4.0), ", ".join(why for _, why in ranked[:2]))
    return scores


def compatible(written: str | None, unit: str) -> bool:
    """True when a number written in `written` can be in `unit` (a bare number: plain only)."""
    if written is None or written == "":
        return unit == ""
    if written == "%" or unit == "%":
        return written == unit  # a share is not a count
    try:
        factor(written, unit)
    except UnitError:
        return False
    return True


def takes_time(unit: str | None) -> bool:
    """True for a unit of time (ms, µs, s)."""
    return bool(unit) and compatible(unit, "s")


def held_dimension(view: CatalogView, unit: str | None) -> bool:
    """True when some quantity the catalog holds a value of can be written in `unit`."""
    key = ("*", unit)
    found = view.dimensions.get(key)
    if found is None:
        found = frozenset(q for q in view.holders if compatible(unit, view.quantities[q].unit))
        view.dimensions[key] = found
    return bool(found)


_UNIT_OF_NO_QUANTITY = re.compile(
    r"\s{0,2}(?:nm|nanomet(?:er|re)s?|µm|um|mm²|mm2|mm\^2|square\s+millimet(?:er|re)s?"
    r"|纳米|平方毫米|毫米|mV|V|volts?|伏|°C|℃|摄氏度)(?![A-Za-z0-9])"
)
"""Units of what no hardware quantity here is measured in: process nodes, die areas,
voltages, temperatures. A number in one is about none of the catalog's quantities."""


def candidates(
    view: CatalogView,
    block: Block,
    number: TextNumber,
    start: int,
    mentions: Sequence[Mention],
    context: Context,
    spans: Sequence[tuple[int, int]] = (),
    recent: Sequence[Echo] = (),
    listed: tuple[str, str] | None = None,
) -> list[Candidate]:
    """Every pair the number may be about, best evidence first.

    A pair needs a subject the words point at and a quantity of the number's
    dimension. A quantity no label names is a candidate only by its unit (then a
    weak one); a bare number without a unit or a label is a candidate of the
    passage's subjects only when it has four significant digits or more (three, of a
    subject the sentence names), and can then only be confirmed by its value, never
    contradicted.
    """
    if number.unit is None and _UNIT_OF_NO_QUANTITY.match(block.text, number.end):
        return []  # "16 nm", "645 mm²", "1.1 V": a length, an area, a voltage
    # "4 × Cloud AI 100": of its units, no figure said of it
    end = None if number.multiplies else number.end
    subjects = subject_evidence(view, block, start, mentions, context, listed, end)
    first = block.cell is None or not spans or spans[0][0] >= start
    quantities, local, labelled = quantity_evidence(
        block, number, start, mentions, context, spans, first=first
    )
    for quantity, why in _counting_the_part(view, block, number, mentions):
        _best(quantities, quantity, PART_COUNTED, why)
        _best(local, quantity, PART_COUNTED, why)
    if _each(block, start, number.end):
        _per_one(view, quantities)
        _per_one(view, local)
    elif _totalled(block, start, number.end):
        _per_whole(view, quantities)
        _per_whole(view, local)
    named_here = any(score >= FIRM_QUANTITY for score, _ in local.values())
    if (number.unit is None or number.unit == "") and (not named_here or scaled(number)):
        # "8 matrix engines" names its own quantity: it repeats no earlier "8 MB"; a
        # scaled literal written again ("671B" … "671B 的权重") is the same number
        # a repeat is of the subject the sentence names, if it names one: "the Max 1550's
        # 4,096 FLOP per clock" repeats no other chip's 4,096-bit bus of lines before
        named = {s for s, (score, _) in subjects.items() if score >= FIRM_SUBJECT}
        same = [
            echo
            for echo in recent
            if echo.digits == number.digits
            and (number.unit is None or echo.unit_text == number.unit_text)
            and (echo.line == block.line or _repeats_from_afar(number))
        ]
        if len({(e.subject, e.quantity) for e in same if e.quantity}) > 1:
            same = []  # "181.0 TFLOPS … INT8 也是 181.0 TOPS": a repeat of which?
        echo = same[-1] if same else None
        if echo is not None and not (
            named and echo.subject and not view.family(echo.subject) & named
        ):
            why = f"repeats the {echo.literal} of line {echo.line}"
            number = replace(number, unit=echo.unit, unit_text=echo.unit_text)
            if echo.subject and echo.quantity:
                _best(quantities, echo.quantity, ECHO, why)
                _best(local, echo.quantity, ECHO, why)
                _best(subjects, echo.subject, FIRM_SUBJECT, why)
    if not subjects and not of_an_unknown_model(view, block, start, mentions):
        subjects = _owners(view, quantities)
    found: list[Candidate] = []
    # "the only quantity in B/cycle" of the likeliest subjects, not of each subject: one
    # holding fewer quantities of the unit is not the likelier for it
    likeliest = max((score for score, _ in subjects.values()), default=0.0) * (1 - TIE)
    in_unit = {
        q
        for subject, (score, _) in subjects.items()
        if score >= likeliest
        for q in of_dimension(view, subject, number.unit, number.unit_text)
    }
    digits = significant_digits(number.digits) if number.unit is None else 0
    for subject, (s_score, s_why) in subjects.items():
        held = view.quantities_of.get(subject, ())
        in_dimension = of_dimension(view, subject, number.unit, number.unit_text)
        # of a subject the sentence names, three digits are as telling ("RTX 2080 Ti：把
        # 13.4 乘出来"): its quantities are weighed by the value too
        bare_by_value = digits >= BARE_DIGITS or (
            digits >= BARE_DIGITS - 1 and s_score >= SUBJECT_IN_SENTENCE
        )
        pool = held if bare_by_value else sorted(in_dimension | (quantities.keys() & set(held)))
        for quantity in pool:
            q_score, q_why = quantities.get(quantity, (0.0, ""))
            near = local.get(quantity, (0.0, ""))[0]
            if quantity in in_dimension:
                if number.unit and len(in_unit) == 1:
                    near = max(near, FIRM_QUANTITY)
                    if q_score == 0.0 and len(of_catalog_dimension(view, number.unit)) == 1:
                        # "draws 300 W": the unit alone says which quantity it is
                        q_score = near = ALONE_IN_CATALOG
                        q_why = f"the catalog's only quantity in {number.unit_text}"
                    elif q_score == 0.0:
                        q_score, q_why = FIRM_QUANTITY, f"the only quantity in {number.unit_text}"
                elif q_score == 0.0:
                    if number.unit or number.unit_text in RATIO_WORDS:
                        q_score, q_why = BY_UNIT, f"a quantity in {number.unit_text}"
                    elif bare_by_value:
                        q_score, q_why = BY_VALUE, "its value, to the last written digit"
                    else:
                        continue
                affinity = _unit_affinity(view, number, subject, quantity)
                q_score, near = q_score * affinity, near * affinity
            elif number.unit is None and (near >= BARE_LABEL or q_score >= PASSAGE_LABEL):
                # only a bare number: "8 颗" counts, it is never a figure in Gbit/s
                q_why += " (the text gives no unit: compared as the catalog writes it)"
            elif bare_by_value and q_score > BY_VALUE:
                # "只看 BF16，MI250 的 362.1": a label in another clause, and the digits
                q_why += " (the text gives no unit: its value, to the last written digit)"
            elif bare_by_value:
                q_score, q_why = BY_VALUE, "its value, to the last written digit"
            else:
                continue
            if q_score <= 0:
                continue
            found.append(
                Candidate(
                    subject=subject,
                    quantity=quantity,
                    subject_score=s_score,
                    quantity_score=q_score,
                    subject_why=s_why,
                    quantity_why=q_why,
                    local_quantity=near,
                    labelled_here=quantity in labelled,
                )
            )
    if number.unit_text in TIMES:  # "4.6 times the bandwidth", "差 32 倍": no count of things
        found = [c for c in found if not view.quantities[c.quantity].count]
    ruled_out = excluded(view, block, start, spans)
    if ruled_out:  # "with sparsity … 1,321 TOPS INT4": not the dense INT4 peak
        found = [c for c in found if c.quantity not in ruled_out]
    found.sort(key=lambda c: (-c.score, c.subject, c.quantity))
    return found


_EACH_AFTER = re.compile(r"[^,;:，。；：()（）]{0,30}?\beach\b|[^,;:]{0,30}?\bapiece\b", re.I)
_EACH_BEFORE = re.compile(
    r"\beach\s+(?:with|has|had|having|doing|holding|carrying)\s+$"
    r"|每(?:个|组|颗|块|片|条|路|张|套)(?:有|都有|是|都是)?\s?$|各(?:有|自有?)?\s?$",
    re.I,
)


_EACH_OPENS = re.compile(
    r"\b(?:each|every)\s+(?!(?:one|of|chip|card|gpu|accelerator|device|package|processor)s?\b)"
    r"[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?\s+(?:also\s+)?"
    r"(?:has|have|holds|carries|gets|contains|includes|packs|does|retires|with)\b",
    re.I,
)
"""A clause that opens on one of several parts and what it has: "Each SM has 128 FP32
lanes and 4 Tensor Cores" (not "Each chip has 1 TensorCore": the chip is the whole)."""
_EACH_REACH = 80
"""How far back in its clause a number's "each … has" is read."""


def _each(block: Block, start: int, end: int) -> bool:
    """True for a number said of each of several things: "4 Tensor Cores each", "two
    TensorCores, each with two MXUs", "24 组 SM，每组 128 个", "Each SM has 4 Tensor
    Cores"."""
    before = block.text[max(0, start - 24) : start]
    if _EACH_BEFORE.search(before) or _EACH_AFTER.match(block.text, end):
        return True
    low = max(block.clause(start)[0], start - _EACH_REACH)
    return _EACH_OPENS.search(block.text, low, start) is not None


_TOTAL_BEFORE = re.compile(rf"(?:{TOTAL_WORDS}|整颗|共)\s?(?:有|是|为|约)?\s?$", re.IGNORECASE)
_TOTAL_AFTER = re.compile(rf"\s?[^,;:，。；：()（）]{{0,20}}?(?:{TOTAL_WORDS})", re.IGNORECASE)


def _totalled(block: Block, start: int, end: int) -> bool:
    """True for a number said to be the whole's, against a count per one said before it:
    "Tensor Core 每个 SM 4 个，一共 184 个", "14 SMX … 2,688 cores in all"."""
    before = block.text[max(0, start - 12) : start]
    return bool(_TOTAL_BEFORE.search(before) or _TOTAL_AFTER.match(block.text, end))


def _per_whole(view: CatalogView, scores: dict[str, tuple[float, str]]) -> None:
    """The quantity of the whole of each quantity per one the words name best of its
    family ("tensor_core.count" of "tensor_core.per_sm", "gddr.bandwidth" of
    "gddr.bandwidth_per_gpu") takes its score: the number is all there is, not each one's."""
    best: dict[str, tuple[str, float, str]] = {}
    for quantity, (score, why) in scores.items():
        family = quantity.partition(".")[0]
        if score > best.get(family, ("", 0.0, ""))[1]:
            best[family] = (quantity, score, why)
    for quantity, score, why in best.values():
        if counted_per(quantity) is None:
            continue
        whole = whole_of(quantity)
        if whole in view.quantities:
            _best(scores, whole, score * (1 + TIE), f"{why} (said of the whole)")


def whole_of(quantity: str) -> str:
    """The quantity of the whole a quantity per one is a part of, by its name:
    `tensor_core.count` of `tensor_core.per_sm`, `gddr.bandwidth` of
    `gddr.bandwidth_per_gpu`."""
    family, _, name = quantity.partition(".")
    return f"{family}.{name.partition('per_')[0].rstrip('_') or 'count'}"


def counted_per(quantity: str) -> str | None:
    """What a quantity counts per one of, by its name: "sm" of `cuda_core.per_sm`, "gpu"
    of `gddr.bandwidth_per_gpu`; None for a quantity of the whole."""
    _, _, name = quantity.partition(".")
    if not (name.startswith("per_") or "_per_" in name):
        return None
    return name.partition("per_")[2]


def _per_one(view: CatalogView, scores: dict[str, tuple[float, str]]) -> None:
    """Of a family the words name, the quantities per unit ("tensor_core.per_sm") take
    the family's best score: the number counts what each of something has."""
    best: dict[str, tuple[float, str]] = {}
    for quantity, (score, why) in scores.items():
        family = quantity.partition(".")[0]
        if score > best.get(family, (0.0, ""))[0]:
            best[family] = (score, why)
    for quantity in view.quantities:
        family = quantity.partition(".")[0]
        if family in best and counted_per(quantity) is not None:
            score, why = best[family]
            _best(scores, quantity, score * (1 + TIE), f"{why} (said of each)")


def of_catalog_dimension(view: CatalogView, unit: str) -> frozenset[str]:
    """The quantities any subject of the catalog holds that a number in `unit` can be about."""
    key = ("", f"{unit}#catalog")
    found = view.dimensions.get(key)
    if found is None:
        found = frozenset(
            q for subject in view.quantities_of for q in of_dimension(view, subject, unit)
        )
        view.dimensions[key] = found
    return found


def of_dimension(
    view: CatalogView, subject: str, unit: str | None, written: str = ""
) -> frozenset[str]:
    """The quantities `subject` holds that a number written in `unit` can be about.

    `written`: the unit as the text wrote it, a counting word when `unit` is empty.
    """
    word = written.lower().rstrip("s")
    things = unit == "" and word in WHOLE_THINGS
    times = unit == "" and word in TIMES
    key = (subject, f"{unit}#things" if things else f"{unit}#times" if times else unit)
    found = view.dimensions.get(key)
    if found is None:
        held = view.quantities_of.get(subject, ())
        found = frozenset(
            q
            for q in held
            if not (times and view.quantities[q].count)  # "148 倍" is a ratio, never a count
            and (
                compatible(unit, view.quantities[q].unit)
                or (  # "1024 根数据线": a count of bits; "8 颗" counts whole things only
                    unit == ""
                    and view.quantities[q].count
                    and not (things and view.quantities[q].unit)
                )
            )
        )
        view.dimensions[key] = found
    return found


def _repeats_from_afar(number: TextNumber) -> bool:
    """Whether a bare number may repeat a figure of lines before, not only of its own line:
    not a lone digit ("4 TiB" … "4 × 1,024" lines on), nor a power of two above one (the
    16 Gbit dies of one line say nothing of a 16 × 16 × 16 cube lines on)."""
    return len(number.digits) > 1 and (number.value == 1 or not power_of_two(number.value))


def power_of_two(value: Decimal) -> bool:
    """True for a whole power of two (1, 2, 16, 256, 4,096): common to many quantities."""
    if value != value.to_integral_value() or value < 1:
        return False
    whole = int(value)
    return whole & (whole - 1) == 0


def scaled(number: TextNumber) -> bool:
    """True for a plain number written with a scale ("671B" billions, "1,770 万")."""
    plain = number.digits.replace(",", "").replace("_", "")
    try:
        return number.unit == "" and Decimal(plain) != number.value
    except ArithmeticError:
        return False


def significant_digits(digits: str) -> int:
    """How many significant digits a written number has (`2,500` has 2, `305.2` has 4)."""
    plain = digits.replace(",", "").replace("_", "")
    whole, dot, fraction = plain.partition(".")
    if dot:
        return len((whole + fraction).lstrip("0"))
    return len(whole.strip("0"))


def _unit_affinity(view: CatalogView, number: TextNumber, subject: str, quantity: str) -> float:
    """A factor from the unit's scale: writers pick units that fit the magnitude they write.

    The text's unit is the one the catalog writes this value in: ×1.3; up to three
    orders of magnitude apart (TB/s for GB/s): ×1; more (TB/s for a pin rate in
    Gbit/s): ×0.3.
    """
    if not number.unit:
        return 1.0
    key = (subject, quantity, number.unit)
    known = view.affinities.get(key)
    if known is None:
        known = view.affinities[key] = _scale_affinity(view, number.unit, subject, quantity)
    return known


def _scale_affinity(view: CatalogView, unit: str, subject: str, quantity: str) -> float:
    best = 0.3
    for value in view.pair(subject, quantity):
        written = value.written_unit if value.written_unit is not None else value.unit
        if written == unit:
            return 1.3
        try:
            ratio = float(factor(unit, written))
        except UnitError:
            continue
        if ratio > 0 and abs(math.log10(ratio)) <= 3.01:
            best = 1.0
    return best


def _owners(
    view: CatalogView, quantities: dict[str, tuple[float, str]]
) -> dict[str, tuple[float, str]]:
    """With no subject named: the one subject that holds a strongly named quantity."""
    owners: dict[str, tuple[float, str]] = {}
    for quantity, (score, why) in quantities.items():
        holders = view.holders.get(quantity, ())
        if score >= FIRM_QUANTITY and len(holders) == 1:
            _best(owners, holders[0], SUBJECT_CARRIED, f"the only subject with {why}")
    return owners


def tied(found: Sequence[Candidate]) -> list[Candidate]:
    """The candidates whose evidence is about as good as the best one's.

    Below a firm best, only firm candidates within a hair of it; below a tentative
    one, every candidate within a wider margin, unless a firm one is within that margin:
    then the firm ones, as below a firm best.
    """
    if not found:
        return []
    top = found[0]
    if not top.firm:
        # a label beside the number outweighs words gathered from the whole passage
        close = [c for c in found if c.firm and c.score >= top.score * (1 - WIDE_TIE)]
        if close:
            top = close[0]
    if top.firm:
        return [c for c in found if c.firm and c.score >= top.score * (1 - TIE)]
    return [c for c in found if c.score >= top.score * (1 - WIDE_TIE)]


def wide(found: Sequence[Candidate]) -> list[Candidate]:
    """Every candidate within the wide margin of the best, firm or not."""
    if not found:
        return []
    return [c for c in found if c.score >= found[0].score * (1 - WIDE_TIE)]
