"""The checker against numbers labelled by hand (see LABELS.md), on six texts, four catalogs.

The English articles, the Chinese one and their catalogs were written and labelled by
reading, apart from the checker; the course's labels cover every number of several line
ranges. The
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


def _holds(scores: Scores, labelled: int, floors: tuple[float, float, float, float]) -> None:
    """Assert the four figures reach their floors (precision, accuracy, recall, non-claims)."""
    print(scores.line())
    assert scores.labelled >= labelled
    figures = (scores.precision, scores.accuracy, scores.recall, scores.non_claims)
    for name, figure, floor in zip(
        ("precision", "accuracy", "recall", "non-claims"), figures, floors, strict=True
    ):
        assert figure >= floor, (name, figure, scores.wrong)


def test_english_article_meets_every_target(english_view: CatalogView) -> None:
    text = (ENGLISH / "article.md").read_text("utf-8")
    scores = _scores(text, english_view, [ENGLISH / "labels.yaml"])
    # "8,192 bits × 5.2 Gb/s" is read in bits now, no longer as a bare number its value
    # placed; a power of two of bits is then too common to tell a subject by: unresolved
    _holds(scores, 200, (0.98, 0.96, 0.96, 0.98))


def test_second_english_article_on_the_audits_catalog(second_view: CatalogView) -> None:
    # Written and labelled by reading, by someone who did not see the checker, for a
    # catalog the checker was not built around; general fixes (none naming it) followed
    # its first score (95.6 / 85.5 / 77.7 / 93.1 %): it now meets the targets.
    second = Path(__file__).resolve().parent / "second"
    text = (second / "article.md").read_text("utf-8")
    scores = _scores(text, second_view, [second / "labels.yaml"])
    _holds(scores, 250, (0.98, 0.94, 0.93, 0.97))


def test_chinese_article_on_the_audits_catalog(second_view: CatalogView) -> None:
    # A Chinese blog post on the same catalog, written and labelled by reading by someone
    # who did not see the checker; its first score (98.1 / 92.1 / 95.3 / 89.0 %) was
    # followed by general fixes (limits, "its", the FLOP-per-MAC 2, worked examples).
    third = Path(__file__).resolve().parent / "third"
    text = (third / "article.md").read_text("utf-8")
    scores = _scores(text, second_view, [third / "labels.yaml"])
    _holds(scores, 200, (0.98, 0.95, 0.95, 0.97))


FOURTH = Path(__file__).resolve().parent / "fourth"


def test_fourth_catalog_chinese_article(fourth_view: CatalogView) -> None:
    # Its own catalog (H100, H200, L4, MI325X, HBM3E) and texts, written and labelled by
    # reading by someone who did not see the checker; first score 92.1 / 80.1 / 76.3 /
    # 84.1 %, then general fixes (brackets in computations, bytes made bits, times of a
    # made-up example, a memory standard counted as a part, a product that only changes
    # a unit's prefix).
    text = (FOURTH / "zh.md").read_text("utf-8")
    scores = _scores(text, fourth_view, [FOURTH / "zh.labels.yaml"])
    _holds(scores, 150, (0.98, 0.93, 0.89, 0.99))


def test_fourth_catalog_english_article(fourth_view: CatalogView) -> None:
    # first score 95.0 / 92.3 / 88.4 / 97.5 %
    text = (FOURTH / "en.md").read_text("utf-8")
    scores = _scores(text, fourth_view, [FOURTH / "en.labels.yaml"])
    _holds(scores, 85, (0.99, 0.97, 0.97, 0.99))


FIFTH = Path(__file__).resolve().parent / "fifth"


def test_fifth_catalog_chinese_article(fifth_view: CatalogView) -> None:
    # Its own catalog (MI300A, TPU v5p, RTX 6000 Ada, WSE-3, HBM2E) and texts, written and
    # labelled by reading by someone who did not see the checker; first score 95.7 / 79.2
    # / 74.4 / 88.7 %, then general fixes (a vendor or a capital word of one name in a
    # table header or a sentence; the 1024 of a binary prefix; a model of some size).
    text = (FIFTH / "zh.md").read_text("utf-8")
    scores = _scores(text, fifth_view, [FIFTH / "zh.labels.yaml"])
    _holds(scores, 200, (0.97, 0.90, 0.89, 0.95))


def test_fifth_catalog_english_article(fifth_view: CatalogView) -> None:
    # first score 97.7 / 69.2 / 58.3 / 96.2 %
    text = (FIFTH / "en.md").read_text("utf-8")
    scores = _scores(text, fifth_view, [FIFTH / "en.labels.yaml"])
    _holds(scores, 100, (0.98, 0.93, 0.93, 0.96))


SIXTH = Path(__file__).resolve().parent / "sixth"


def test_sixth_catalog_chinese_article(sixth_view: CatalogView) -> None:
    # Its own catalog (V100, TPU v3 and its pod, MI210, Trainium2 and its systems, HBM2)
    # and texts, written and labelled by reading by someone who did not see the checker;
    # first score, before any change made with it in view: 96.7 / 86.9 / 82.5 / 96.2 %
    text = (SIXTH / "zh.md").read_text("utf-8")
    scores = _scores(text, sixth_view, [SIXTH / "zh.labels.yaml"])
    _holds(scores, 250, (0.99, 0.93, 0.92, 0.98))


def test_sixth_catalog_english_article(sixth_view: CatalogView) -> None:
    # first score 95.7 / 84.4 / 80.7 / 100 %
    text = (SIXTH / "en.md").read_text("utf-8")
    scores = _scores(text, sixth_view, [SIXTH / "en.labels.yaml"])
    _holds(scores, 130, (0.99, 0.93, 0.92, 0.99))


SEVENTH = Path(__file__).resolve().parent / "seventh"


def test_seventh_catalog_chinese_article(seventh_view: CatalogView) -> None:
    # Its own catalog (P100, MI100, Max 1550, GC200, A40, GDDR6) and texts, written and
    # labelled by reading by someone who did not see the checker or the other sets' texts;
    # first score, before any change made with it in view: 98.1 / 85.2 / 81.2 / 94.2 %;
    # general fixes followed (a rate said before a sum, a generation word, per-one counts)
    text = (SEVENTH / "zh.md").read_text("utf-8")
    scores = _scores(text, seventh_view, [SEVENTH / "zh.labels.yaml"])
    _holds(scores, 240, (0.99, 0.94, 0.94, 0.98))


def test_seventh_catalog_english_article(seventh_view: CatalogView) -> None:
    # first score 99.0 / 88.0 / 85.1 / 93.8 %
    text = (SEVENTH / "en.md").read_text("utf-8")
    scores = _scores(text, seventh_view, [SEVENTH / "en.labels.yaml"])
    _holds(scores, 230, (0.99, 0.91, 0.89, 0.96))


EIGHTH = Path(__file__).resolve().parent / "eighth"


def test_eighth_catalog_chinese_article(eighth_view: CatalogView) -> None:
    # Its own catalog (Ascend 910, Gaudi 2, Inferentia2, RTX 4090, GroqChip, LPDDR5X) and
    # texts, written and labelled by reading by someone who saw neither the checker nor
    # any other set's text. First score at the last stop's head, before any change made
    # with it in view: 98.4 / 87.1 / 86.7 / 92.2 %; general fixes followed (a computation
    # about one chip, a count times a memory part, a made-up example's section, formats)
    text = (EIGHTH / "zh.md").read_text("utf-8")
    scores = _scores(text, eighth_view, [EIGHTH / "zh.labels.yaml"])
    _holds(scores, 480, (0.98, 0.92, 0.93, 0.98))


def test_eighth_catalog_english_article(eighth_view: CatalogView) -> None:
    # first score 97.4 / 88.3 / 88.3 / 88.4 %
    text = (EIGHTH / "en.md").read_text("utf-8")
    scores = _scores(text, eighth_view, [EIGHTH / "en.labels.yaml"])
    _holds(scores, 400, (0.98, 0.94, 0.94, 0.95))


NINTH = Path(__file__).resolve().parent / "ninth"


def test_ninth_catalog_chinese_article(ninth_view: CatalogView) -> None:
    # Its own catalog (T4, TPU v2 and its pod, Maia 100, Wormhole n300, Trainium, HBM4) and
    # two FAQ-style texts, written and labelled by reading by someone who saw neither the
    # checker nor any other set's text. First score, before any change made with it in
    # view: 94.5 / 84.4 / 82.8 / 94.1 % (94.9 / 83.5 / 80.9 / 93.5 % at the last stop's
    # head). It misses the targets: see the README.
    text = (NINTH / "zh.md").read_text("utf-8")
    scores = _scores(text, ninth_view, [NINTH / "zh.labels.yaml"])
    _holds(scores, 430, (0.95, 0.84, 0.82, 0.94))


def test_ninth_catalog_english_article(ninth_view: CatalogView) -> None:
    # first score 96.0 / 88.4 / 87.4 / 95.9 % (96.4 / 85.2 / 84.2 / 91.1 % a stop before)
    text = (NINTH / "en.md").read_text("utf-8")
    scores = _scores(text, ninth_view, [NINTH / "en.labels.yaml"])
    _holds(scores, 430, (0.97, 0.88, 0.87, 0.95))


def test_course_figures_hold(course_view: CatalogView, course_text: str) -> None:
    # The course's prose is elliptical (numbers far from their subject and quantity);
    # these are the figures reached, kept from falling back. The targets
    # (97 / 90 / 85 / 95 %) are met on it for non-claims only: see the README.
    scores = _scores(course_text, course_view, COURSE_LABELS)
    _holds(scores, 250, (0.91, 0.72, 0.62, 0.95))
