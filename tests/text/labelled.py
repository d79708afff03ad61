"""Score the checker against numbers labelled by hand, by reading (see labels/FORMAT.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from derive.text import CheckedNumber, TextReport, Verdict

CLAIMS = {"matched", "mismatched", "superseded", "alternative"}
HERE = Path(__file__).resolve().parent
ENGLISH = HERE / "english"
COURSE_LABELS = sorted((HERE / "course").glob("labels-*.yaml"))


@dataclass(frozen=True, slots=True)
class Label:
    """One number as a person read it."""

    line: int
    text: str
    nth: int
    verdict: str
    subject: str | None
    quantity: str | None
    also: tuple[tuple[str, str], ...] = ()  # other pairs the sentence is equally about

    def pairs(self) -> set[tuple[str | None, str | None]]:
        """The pair the label names, and the others it says are equally right."""
        return {(self.subject, self.quantity), *self.also}


def _pair(text: str) -> tuple[str, str]:
    subject, _, quantity = text.partition(":")
    return subject, quantity


def read_labels(path: Path) -> list[Label]:
    """The labels of one file (range ends are part of the range before them: dropped)."""
    entries: list[dict[str, Any]] = yaml.safe_load(path.read_text("utf-8"))
    return [
        Label(
            int(e["line"]),
            str(e["text"]),
            int(e.get("nth", 1)),
            str(e["verdict"]),
            e.get("subject"),
            e.get("quantity"),
            tuple(_pair(str(p)) for p in e.get("also", ())),
        )
        for e in entries
        if e["verdict"] != "range-end"
    ]


def _key(result: CheckedNumber, nth: Counter[tuple[int, str]]) -> tuple[int, str, int]:
    digits = result.number.digits
    nth[(result.number.line, digits)] += 1
    return (result.number.line, digits, nth[(result.number.line, digits)])


@dataclass(frozen=True, slots=True)
class Scores:
    """The four figures of the issue, with what they count."""

    labelled: int
    precision: float  # matched to the right pair / all matched
    accuracy: float  # the right verdict / all labelled
    recall: float  # labelled matched, matched to the right pair / labelled matched
    non_claims: float  # labelled non-claims given non-claim (or not reported) / all such
    wrong: tuple[str, ...]

    def line(self) -> str:
        """The figures on one line."""
        return (
            f"{self.labelled} labelled: precision {self.precision:.1%}, verdict accuracy "
            f"{self.accuracy:.1%}, recall {self.recall:.1%}, non-claims {self.non_claims:.1%}"
        )


def _with_parents(
    pairs: set[tuple[str | None, str | None]], variants: Mapping[str, Sequence[str]]
) -> set[tuple[str | None, str | None]]:
    """The pairs with the parent's pair of a variant's quantity (the B200's SM count is
    the GB200's: the variant sees its parent's facts), and a parent's with its variants'."""
    parent_of = {child: parent for parent, children in variants.items() for child in children}
    found = set(pairs)
    for subject, quantity in pairs:
        found |= {(child, quantity) for child in variants.get(subject or "", ())}
        parent = parent_of.get(subject or "")
        while parent is not None:
            found.add((parent, quantity))
            parent = parent_of.get(parent)
    return found


def score(
    report: TextReport,
    labels: list[Label],
    lines: set[int] | None = None,
    variants: Mapping[str, Sequence[str]] | None = None,
) -> Scores:
    """Compare a report with labels, over the labelled lines only.

    With the catalog's `variants`, a pair of a variant's parent (or of a parent's variant)
    counts as the labelled pair: labels written before the parent existed name the variant.
    """
    family = variants or {}
    labelled_lines = lines or {label.line for label in labels}
    counter: Counter[tuple[int, str]] = Counter()
    found = {_key(r, counter): r for r in report.results if r.number.line in labelled_lines}
    right_verdict = right_pair_matched = matched = claims_matched = nonclaims = 0
    nonclaims_right = 0
    wrong: list[str] = []
    for label in labels:
        result = found.get((label.line, label.text, label.nth))
        verdict = result.verdict.value if result else "non-claim"
        pair_ok = result is not None and (result.subject, result.quantity) in _with_parents(
            label.pairs(), family
        )
        good = verdict == label.verdict and (label.verdict not in CLAIMS or pair_ok)
        right_verdict += good
        if not good:
            got = f"{verdict} {result.subject}:{result.quantity}" if result else "not found"
            wrong.append(
                f"{label.line} {label.text}#{label.nth}: want {label.verdict} "
                f"{label.subject}:{label.quantity}, got {got}"
            )
        if label.verdict == "matched":
            claims_matched += 1
            right_pair_matched += verdict == "matched" and pair_ok
        if label.verdict == "non-claim":
            nonclaims += 1
            nonclaims_right += verdict == "non-claim"
    by_key = {(lb.line, lb.text, lb.nth): lb for lb in labels}
    right_matched = 0
    for key, result in found.items():
        if result.verdict is Verdict.matched:
            matched += 1
            label = by_key.get(key)
            right_matched += bool(
                label
                and label.verdict == "matched"
                and (result.subject, result.quantity) in _with_parents(label.pairs(), family)
            )
    return Scores(
        len(labels),
        right_matched / matched if matched else 1.0,
        right_verdict / len(labels) if labels else 1.0,
        right_pair_matched / claims_matched if claims_matched else 1.0,
        nonclaims_right / nonclaims if nonclaims else 1.0,
        tuple(wrong),
    )
