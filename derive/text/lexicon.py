"""The words of a catalog as they appear in prose: names of subjects, labels of quantities.

A `Lexicon` is built once from the catalog: every subject's id, name and aliases,
and every quantity's English and Chinese labels and synonyms, whole (a *label*)
and split into words (a *word*, weighted by how few quantities share it). It
finds all of them in a line in one pass of a regular expression shaped as a trie
(time linear in the line, whatever the number of terms), case-insensitively, with
word boundaries for terms that start or end with a Latin letter or digit, and an
optional English plural.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

_SPLIT = re.compile(r"[\s._/()·,:;+×\-–]+")
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]{2,}")
# Words too common in labels to name a quantity by themselves.
STOP_WORDS = frozenset(
    {
        "a", "an", "the", "of", "per", "in", "on", "to", "and", "or", "for", "by", "with",
        "one", "each", "all", "chip", "gpu", "count", "number", "total", "value", "from",
        "at", "as", "is", "its", "whole", "max", "min", "size", "x", "vs", "over", "de",
        "tpu",
        "的", "每", "个", "数", "整", "总",
    }
)  # fmt: skip


_GENERATION = re.compile(r"([a-z]{3,})\d{1,2}[a-z]?")
"""A word with a generation after it: hbm2, hbm3e, gddr6."""

SCOPE_WEIGHT = 1.5
"""The weight of a label's scope phrase (per SM, 每核): less than the label, more than a word."""


@dataclass(frozen=True, slots=True)
class Sense:
    """What a term names: a subject or a quantity, and how strongly."""

    target: str  # 'subject' | 'quantity'
    id: str
    weight: float
    label: bool  # the whole name, alias, label or synonym (not one word of it)


@dataclass(frozen=True, slots=True)
class Mention:
    """A term found in a line: where, and what it names."""

    start: int
    end: int
    term: str
    senses: tuple[Sense, ...]


_PER = re.compile(r"(?:\bper|每个?)\s?([a-z0-9_\-]+|[\u4e00-\u9fff]{1,3})", re.IGNORECASE)


_NO_SCOPE = frozenset({"a", "an", "the", "one", "each", "of", "个", "的"})


def _scopes(label: str) -> set[str]:
    """The scope phrases of a label ('Tensor Cores per SM' → per sm, 每 sm, 每个 sm)."""
    phrases: set[str] = set()
    for match in _PER.finditer(label.lower()):
        unit = match.group(1)
        if unit in _NO_SCOPE:  # "per chip" scopes a label though "chip" alone names nothing
            continue
        phrases.update({f"per {unit}", f"每 {unit}", f"每{unit}", f"每个 {unit}", f"每个{unit}"})
    return phrases


_COUNTED_BEFORE = {"核": "核", "核心": "核", "core": "core", "cores": "core"}
"""The counted part of a label that the type it counts may follow: "GPU 核" read as "核
GPU" in "40 核 GPU", "GPU cores" as "core GPU" in "a 40-core GPU"."""


def _singular(word: str) -> str:
    if len(word) > 3 and word.isascii() and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _words(label: str) -> set[str]:
    lower = label.lower()
    words = {_singular(w) for w in _SPLIT.split(lower) if w and w not in STOP_WORDS}
    for run in _CJK_RUN.findall(lower):
        words.add(run)
        # A Chinese compound's parts at its ends ("共享内存" → 共享, 内存); never inner bigrams.
        words.update(run[:i] for i in range(2, len(run)))
        words.update(run[i:] for i in range(1, len(run) - 1))
    return {w for w in words if w not in STOP_WORDS and not w.isdigit() and len(w) > 1}


_ACRONYM = re.compile(r"(?<![A-Za-z0-9])[A-Z]{3,6}(?![A-Za-z0-9])")


def _acronyms(subjects: Sequence[tuple[str, Sequence[str]]]) -> dict[str, str]:
    """Capital-letter words of names that one subject alone uses ("RTX" of "NVIDIA RTX
    6000 Ada", "HGX" of "HGX B200"): prose calls the subject by them ("the RTX")."""
    owners: dict[str, set[str]] = defaultdict(set)
    for subject_id, names in subjects:
        for name in names:
            for word in _ACRONYM.findall(name):
                owners[word.lower()].add(subject_id)
    return {
        word: next(iter(ids))
        for word, ids in owners.items()
        if len(ids) == 1 and word not in STOP_WORDS
    }


def _whole_runs(labels: Iterable[str]) -> frozenset[str]:
    """The Chinese runs that stand whole in some label ("每 SM 寄存器堆" → 寄存器堆)."""
    return frozenset(run for label in labels for run in _CJK_RUN.findall(label.lower()))


def _known_inner(label: str, known: frozenset[str]) -> set[str]:
    """Runs of other labels found inside this label's compounds, as a reader segments them.

    Chinese writes no spaces: "整芯片寄存器堆容量" holds the word 寄存器堆 that another
    label writes alone. Only such known words are taken from inside a compound, never
    every inner bigram.
    """
    found: set[str] = set()
    for run in _CJK_RUN.findall(label.lower()):
        for i in range(1, len(run) - 1):
            for j in range(i + 2, len(run)):
                if run[i:j] in known and run[i:j] not in STOP_WORDS:
                    found.add(run[i:j])
    return found


def _trie_pattern(terms: Iterable[str]) -> str:
    """A regular expression matching any of `terms`, longest first, shaped as a trie."""
    trie: dict[str, dict] = {}  # type: ignore[type-arg]
    for term in terms:
        node = trie
        for char in term:
            node = node.setdefault(char, {})
        node[""] = {}

    def render(node: dict) -> str:  # type: ignore[type-arg]
        ends = "" in node
        branches = [re.escape(c) + render(child) for c, child in sorted(node.items()) if c]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if ends else body

    return render(trie)


def _latin_edge(char: str) -> bool:
    return char.isascii() and char.isalnum()


class Lexicon:
    """Every term of a catalog's subjects and quantities, found in a line in one pass."""

    def __init__(
        self,
        subjects: Sequence[tuple[str, Sequence[str]]],
        quantities: Sequence[tuple[str, Sequence[str], Sequence[str]]],
        vendors: Iterable[str] = (),
    ) -> None:
        """`subjects`: (id, names); `quantities`: (id, labels, extra words); `vendors`: the
        makers' names, which name no quantity ("NVIDIA HBM bandwidth")."""
        senses: dict[str, dict[tuple[str, str], Sense]] = defaultdict(dict)

        def add(term: str, sense: Sense) -> None:
            term = term.strip().lower().replace("_", " ")
            if len(term) < 2 and term.isascii():
                return
            known = senses[term].get((sense.target, sense.id))
            if known is None or sense.weight > known.weight:
                senses[term][(sense.target, sense.id)] = sense

        subject_words: set[str] = set()
        vendor_words = {w for vendor in vendors for w in _words(vendor)}
        for subject_id, names in subjects:
            for name in names:
                add(name, Sense("subject", subject_id, 1.0, True))
                subject_words.add(name.lower())
                subject_words |= {w for w in _words(name) if any(c.isdigit() for c in w)}
        label_words = {w for _, labels, _ in quantities for label in labels for w in _words(label)}
        for acronym, subject_id in _acronyms(subjects).items():
            if acronym not in label_words | vendor_words and acronym not in senses:
                add(acronym, Sense("subject", subject_id, 1.0, False))
                subject_words.add(acronym)
        word_quantities: dict[str, set[str]] = defaultdict(set)
        quantity_words: dict[str, set[str]] = {}
        known_runs = _whole_runs(label for _, labels, _ in quantities for label in labels)
        for quantity_id, labels, extra in quantities:
            words: set[str] = set()
            for label in labels:
                add(label, Sense("quantity", quantity_id, 3.0, True))
                head, _, last = label.strip().rpartition(" ")
                if head and _singular(last) != last:  # "Compute Unit: 60" of "compute units"
                    add(f"{head} {_singular(last)}", Sense("quantity", quantity_id, 3.0, True))
                counted = _COUNTED_BEFORE.get(last.lower())
                if head and counted and " " not in head.strip():
                    # "GPU 核", "GPU cores" said the other way round: "40 核 GPU", "40-core GPU"
                    add(f"{counted} {head}", Sense("quantity", quantity_id, 3.0, True))
                words |= _words(label) | _known_inner(label, known_runs)
                for phrase in _scopes(label):
                    add(phrase, Sense("quantity", quantity_id, SCOPE_WEIGHT, True))
            words |= {w.lower() for w in extra if w.lower() not in STOP_WORDS}
            words -= subject_words | vendor_words
            quantity_words[quantity_id] = words
            for word in words:
                word_quantities[word].add(quantity_id)
        total = max(1, len(quantities))
        for quantity_id, words in quantity_words.items():
            for word in words:
                weight = math.log(1 + total / len(word_quantities[word])) / math.log(1 + total)
                add(word, Sense("quantity", quantity_id, round(weight, 4), False))
        for term in list(senses):
            # "hbm2", a word of some labels, is an HBM word to every HBM quantity too
            generation = _GENERATION.fullmatch(term)
            base = senses.get(generation.group(1)) if generation else None
            if base and all(target == "quantity" for target, _ in base):
                for sense in base.values():
                    add(term, sense)
        for term in list(senses):
            # "cores", the label of one quantity, is a word of every other one whose label
            # says "core" ("CUDA cores", "Tensor Cores"): the plural keeps the singular's words
            singular = _singular(term)
            if singular != term and singular in senses:
                for sense in list(senses[singular].values()):
                    if sense.target == "quantity" and not sense.label:
                        add(term, sense)
        self._senses = {term: tuple(by_target.values()) for term, by_target in senses.items()}
        latin = [t for t in self._senses if _latin_edge(t[0]) or _latin_edge(t[-1])]
        other = [t for t in self._senses if t not in set(latin)]
        self._latin = (
            re.compile(r"(?<![a-z0-9])(" + _trie_pattern(latin) + r")(?:e?s)?(?![a-z0-9])")
            if latin
            else None
        )
        self._other = re.compile("(" + _trie_pattern(other) + ")") if other else None
        # "HBM2e", "HBM3", "GDDR6": a quantity's word with a generation after it names it
        # too, where no subject has that name ("80 GB of HBM2e" is an HBM capacity)
        generational = [
            t
            for t in latin
            if t.isalpha()
            and len(t) >= 3
            and all(sense.target == "quantity" for sense in self._senses[t])
        ]
        self._generation = (
            re.compile(
                r"(?<![a-z0-9])(" + _trie_pattern(generational) + r")\d{1,2}[a-z]?(?![a-z0-9])"
            )
            if generational
            else None
        )

    def senses(self, term: str) -> tuple[Sense, ...]:
        """What `term` names (empty when it names nothing)."""
        return self._senses.get(term.lower().replace("_", " "), ())

    def mentions(self, line: str) -> list[Mention]:
        """Every term in `line`, left to right; of overlapping terms the longest. An
        underscore parts words as a space does: `orin_nx_16gb`, `tensor_cores` in code."""
        lower = line.lower()
        if len(lower) != len(line):  # a character whose lower case is longer: keep columns
            lower = "".join(c if len(c.lower()) != 1 else c.lower() for c in line)
        lower = lower.replace("_", " ")
        found: list[Mention] = []
        for pattern in (self._latin, self._other, self._generation):
            if pattern is None:
                continue
            for match in pattern.finditer(lower):
                term = match.group(1)
                if not term:
                    continue
                found.append(Mention(match.start(1), match.end(), term, self._senses.get(term, ())))
        found.sort(key=lambda m: (m.start, -(m.end - m.start)))
        kept: list[Mention] = []
        for mention in found:
            if kept and mention.start < kept[-1].end:
                continue
            kept.append(mention)
        return kept


def subject_mentions(mentions: Iterable[Mention]) -> Iterator[tuple[Mention, Sense]]:
    """The subject senses among `mentions`."""
    for mention in mentions:
        for sense in mention.senses:
            if sense.target == "subject":
                yield mention, sense
