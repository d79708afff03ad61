"""The checker against numbers labelled by hand (see LABELS.md), on two texts and catalogs.

The English article and its catalog were written and labelled by reading, apart from
the checker; the course's labels cover every number of several line ranges. The
figures are the issue's four: precision of matches, verdict accuracy, recall of the
claims the catalog holds, and non-claims recognised.
"""

from __future__ import annotations

from pathlib import Path

from labelled import COURSE_LABELS, ENGLISH, Scores, read_labels, score

from derive.text import CatalogView, check_text


def _scores(text: str, view: CatalogView, labels: list[Path]) -> Scores:
    report = check_text(text, view, "text")
    found = [label for path in labels for label in read_labels(path)]
    return score(report, found, variants=view.variants)


def test_english_article_meets_every_target(english_view: CatalogView) -> None:
    text = (ENGLISH / "article.md").read_text("utf-8")
    scores = _scores(text, english_view, [ENGLISH / "labels.yaml"])
    print(scores.line())
    assert scores.labelled >= 200
    assert scores.precision >= 0.97, scores.wrong
    assert scores.accuracy >= 0.90, scores.wrong
    assert scores.recall >= 0.85, scores.wrong
    assert scores.non_claims >= 0.95, scores.wrong


def test_course_figures_hold(course_view: CatalogView, course_text: str) -> None:
    scores = _scores(course_text, course_view, COURSE_LABELS)
    print(scores.line())
    assert scores.labelled >= 250
    # The course's prose is elliptical (numbers far from their subject and quantity);
    # these are the figures reached, kept from falling back. The targets
    # (97 / 90 / 85 / 95 %) are not met on it yet: see the README.
    assert scores.precision >= 0.89, scores.wrong
    assert scores.accuracy >= 0.65, scores.wrong
    assert scores.recall >= 0.52, scores.wrong
    assert scores.non_claims >= 0.93, scores.wrong
