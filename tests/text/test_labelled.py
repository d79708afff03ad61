"""The checker against numbers labelled by hand (see LABELS.md): 66 texts, 34 catalogs.

The articles and their catalogs were written and labelled by reading, apart from the
checker; the course's labels cover every number of several line ranges. The figures are
the issue's four: precision of matches, verdict accuracy, recall of the claims the
catalog holds, and non-claims recognised.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
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
    # placed; a power of two of bits is then too common to tell a subject by: unresolved.
    # "= 5,324.8 GB/s, rounded" is labelled a mismatch with the 5.3 TB/s it rounds to,
    # from before a precise number a coarse value rounds was matched: 97.5 % precision
    _holds(scores, 200, (0.97, 0.97, 0.97, 0.99))


def test_second_english_article_on_the_audits_catalog(second_view: CatalogView) -> None:
    # Written and labelled by reading, by someone who did not see the checker, for a
    # catalog the checker was not built around; general fixes (none naming it) followed
    # its first score (95.6 / 85.5 / 77.7 / 93.1 %): it now meets the targets.
    second = Path(__file__).resolve().parent / "second"
    text = (second / "article.md").read_text("utf-8")
    scores = _scores(text, second_view, [second / "labels.yaml"])
    _holds(scores, 250, (0.99, 0.96, 0.96, 0.99))


def test_chinese_article_on_the_audits_catalog(second_view: CatalogView) -> None:
    # A Chinese blog post on the same catalog, written and labelled by reading by someone
    # who did not see the checker; its first score (98.1 / 92.1 / 95.3 / 89.0 %) was
    # followed by general fixes (limits, "its", the FLOP-per-MAC 2, worked examples).
    third = Path(__file__).resolve().parent / "third"
    text = (third / "article.md").read_text("utf-8")
    scores = _scores(text, second_view, [third / "labels.yaml"])
    _holds(scores, 200, (0.99, 0.97, 0.98, 0.98))


HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class OwnSet:
    """A labelled text with a catalog of its own (`tests/text/NAME/`): its floors and the
    first score it had, before any change made with it in view (precision, accuracy,
    recall, non-claims)."""

    name: str
    text: str  # zh or en
    labelled: int
    floors: tuple[float, float, float, float]
    first: str


# Each set's catalog, texts and labels were written by reading, by someone who did not
# see the checker (from the seventh on, nor any other set's text); general fixes (none
# naming a set) followed each first score.
OWN_SETS = (
    # H100, H200, L4, MI325X, HBM3E
    OwnSet("fourth", "zh", 150, (0.98, 0.97, 0.95, 0.99), "92.1 / 80.1 / 76.3 / 84.1"),
    OwnSet("fourth", "en", 85, (0.99, 0.96, 0.95, 0.99), "95.0 / 92.3 / 88.4 / 97.5"),
    # MI300A, TPU v5p, RTX 6000 Ada, WSE-3, HBM2E
    OwnSet("fifth", "zh", 200, (0.97, 0.93, 0.93, 0.96), "95.7 / 79.2 / 74.4 / 88.7"),
    OwnSet("fifth", "en", 100, (0.98, 0.94, 0.93, 0.99), "97.7 / 69.2 / 58.3 / 96.2"),
    # V100, TPU v3 and its pod, MI210, Trainium2 and its systems, HBM2
    OwnSet("sixth", "zh", 250, (0.99, 0.93, 0.91, 0.98), "96.7 / 86.9 / 82.5 / 96.2"),
    OwnSet("sixth", "en", 130, (0.99, 0.94, 0.93, 0.99), "95.7 / 84.4 / 80.7 / 100"),
    # P100, MI100, Max 1550, GC200, A40, GDDR6
    OwnSet("seventh", "zh", 240, (0.99, 0.95, 0.96, 0.98), "98.1 / 85.2 / 81.2 / 94.2"),
    OwnSet("seventh", "en", 230, (0.99, 0.95, 0.95, 0.98), "99.0 / 88.0 / 85.1 / 93.8"),
    # Ascend 910, Gaudi 2, Inferentia2, RTX 4090, GroqChip, LPDDR5X (first scores at the
    # head of the stop before it was written)
    OwnSet("eighth", "zh", 480, (0.98, 0.93, 0.95, 0.98), "98.4 / 87.1 / 86.7 / 92.2"),
    OwnSet("eighth", "en", 400, (0.98, 0.94, 0.95, 0.95), "97.4 / 88.3 / 88.3 / 88.4"),
    # T4, TPU v2 and its pod, Maia 100, Wormhole n300, Trainium, HBM4: two FAQ-style texts;
    # the targets are not all met on it (see the README)
    OwnSet("ninth", "zh", 430, (0.95, 0.89, 0.88, 0.98), "94.5 / 84.4 / 82.8 / 94.1"),
    OwnSet("ninth", "en", 430, (0.98, 0.92, 0.92, 0.96), "96.0 / 88.4 / 87.4 / 95.9"),
    # A30, H20, Gaudi, WSE-2, SN40L, GDDR7: lecture notes and a review; misses the targets
    OwnSet("tenth", "zh", 400, (0.97, 0.93, 0.88, 0.98), "94.2 / 89.3 / 83.4 / 96.7"),
    OwnSet("tenth", "en", 320, (0.98, 0.93, 0.94, 0.94), "95.5 / 85.9 / 87.5 / 86.5"),
    # TPU v4 and its pod, MI250, A10, Cloud AI 100, Bow IPU, DDR5: meeting minutes and a
    # buyer's guide; misses the targets (see the README)
    OwnSet("eleventh", "zh", 500, (0.96, 0.93, 0.90, 0.99), "95.4 / 87.0 / 85.3 / 91.7"),
    OwnSet("eleventh", "en", 360, (0.98, 0.95, 0.92, 0.99), "97.7 / 91.3 / 87.7 / 97.2"),
    # TPU v6e, Ascend 910B, L40, MI60, Max 1100, GDDR6X: an answer with its comments and an
    # engineering blog post; misses the targets (see the README)
    OwnSet("twelfth", "zh", 550, (0.98, 0.93, 0.91, 0.95), "94.9 / 86.2 / 87.7 / 86.4"),
    OwnSet("twelfth", "en", 480, (0.97, 0.95, 0.93, 0.98), "96.8 / 91.2 / 88.2 / 94.4"),
    # V100 PCIe, Jetson AGX Orin, A2, Radeon Pro W7900, Grayskull e150, Arc A770, LPDDR5: a
    # lab's selection report and a forum thread; misses the targets (see the README)
    OwnSet("thirteenth", "zh", 620, (0.94, 0.89, 0.89, 0.92), "89.6 / 84.1 / 85.0 / 86.8"),
    OwnSet("thirteenth", "en", 450, (0.93, 0.91, 0.94, 0.95), "93.0 / 84.7 / 91.4 / 85.6"),
    # Dojo D1, Tesla P40, MI25, Inferentia, Colossus GC2, GDDR5X: an explainer article and
    # notes of a talk; misses the targets but for precision (see the README)
    OwnSet("fourteenth", "zh", 355, (0.99, 0.93, 0.92, 0.97), "100 / 87.2 / 81.6 / 94.2"),
    OwnSet("fourteenth", "en", 350, (0.98, 0.94, 0.94, 0.98), "97.8 / 88.4 / 86.8 / 92.9"),
    # GH200, Tesla K80, MI50, MTIA v1, WSE-1, HBM: lecture notes and a design review;
    # misses the targets on accuracy and non-claims (first scores at 598c6cd)
    OwnSet("fifteenth", "zh", 390, (0.99, 0.93, 0.90, 0.97), "97.5 / 85.5 / 85.1 / 85.2"),
    OwnSet("fifteenth", "en", 390, (0.98, 0.90, 0.94, 0.85), "98.7 / 85.5 / 90.8 / 80.3"),
    # RTX 3090, Jetson AGX Xavier, Tesla M40, Hailo-8, NNP-T, LPDDR4X: a review and a
    # podcast transcript (first scores at 598c6cd, before units spelled out in words)
    OwnSet("sixteenth", "zh", 390, (0.97, 0.96, 0.96, 0.99), "96.1 / 92.1 / 91.0 / 98.6"),
    OwnSet("sixteenth", "en", 385, (0.98, 0.93, 0.90, 0.97), "92.4 / 80.1 / 61.2 / 93.5"),
    # Titan V, Radeon VII, A800, Ascend 310, Goya, DDR4: a talk's slides and notes and an
    # encyclopedia article; misses the targets (first scores at 0f6362b)
    OwnSet("seventeenth", "zh", 390, (0.93, 0.82, 0.84, 0.83), "93.2 / 82.3 / 83.8 / 83.1"),
    OwnSet("seventeenth", "en", 390, (0.95, 0.88, 0.85, 0.95), "95.6 / 87.3 / 80.7 / 95.8"),
    # GTX 1080 Ti, RX 7900 XTX, RTX A6000, TPU v4i, M2 Ultra, GDDR5: an interview question
    # bank and a team's chat log; misses the targets (first scores at 0f6362b)
    OwnSet("eighteenth", "zh", 390, (0.96, 0.87, 0.88, 0.86), "96.6 / 87.9 / 88.9 / 86.6"),
    OwnSet("eighteenth", "en", 390, (0.96, 0.89, 0.85, 0.95), "96.3 / 87.1 / 81.6 / 93.1"),
    # Quadro RTX 8000, V100S, Radeon Pro VII, MI8, BR100, LPDDR4: paper-reading notes and
    # an issue thread; misses the targets (first scores at 77b24b6)
    OwnSet("nineteenth", "zh", 385, (0.95, 0.91, 0.88, 0.99), "96.0 / 90.8 / 87.3 / 99.4"),
    OwnSet("nineteenth", "en", 360, (0.96, 0.89, 0.87, 0.97), "97.5 / 83.5 / 73.5 / 96.1"),
    # Tesla K40, RTX A5000, RX 6900 XT, Arc A380, M1 Max, DDR3: a news piece and a press
    # release; misses the targets (first scores at 77b24b6); its prices are labelled
    # unresolved (the seventeenth to twentieth sets are never read, so never brought to the
    # later convention for sums of money): the Chinese text's accuracy floor is 0.88 since
    OwnSet("twentieth", "zh", 390, (0.97, 0.88, 0.88, 0.93), "97.4 / 88.7 / 86.9 / 93.8"),
    OwnSet("twentieth", "en", 390, (0.97, 0.91, 0.90, 0.95), "97.6 / 89.4 / 86.2 / 95.4"),
    # RTX 2080 Ti, Tesla P4, RX 580, Coral Edge TPU, M3 Max, HBM3: a textbook chapter and a
    # procurement e-mail thread; misses the targets (first scores at 54691e3)
    OwnSet("twentyfirst", "zh", 390, (0.97, 0.90, 0.89, 0.95), "96.5 / 86.9 / 82.3 / 95.4"),
    OwnSet("twentyfirst", "en", 355, (0.97, 0.90, 0.97, 0.89), "95.7 / 79.5 / 93.3 / 72.4"),
    # H800 SXM, RTX 4080, Tesla K20X, RX 7600, Flex 170, DDR2: an evaluation report and a
    # launch live-blog; misses the targets (first scores at 54691e3)
    OwnSet("twentysecond", "zh", 405, (0.98, 0.93, 0.92, 0.98), "98.9 / 90.5 / 90.7 / 93.4"),
    OwnSet("twentysecond", "en", 360, (0.98, 0.88, 0.81, 0.96), "98.9 / 84.1 / 72.9 / 94.1"),
    # Jetson Nano, RTX 3060, RX 6800, Arc A750, GTX 980, LPDDR4: a review site's spec
    # comparison page and a student's lab notebook (first scores at 54691e3)
    OwnSet("twentythird", "zh", 390, (0.97, 0.91, 0.88, 0.98), "97.6 / 88.1 / 84.7 / 96.0"),
    OwnSet("twentythird", "en", 400, (0.95, 0.88, 0.83, 0.93), "96.6 / 83.5 / 78.6 / 86.7"),
    # RTX A4000, Radeon Pro W6800, Tesla M60, Blackhole p150a, Ascend 310P, HBM3E: a
    # technical blog post with code and logs, and an integrator's product brief (first
    # scores at 54691e3)
    OwnSet("twentyfourth", "zh", 395, (0.96, 0.91, 0.95, 0.92), "96.3 / 87.0 / 88.6 / 90.3"),
    OwnSet("twentyfourth", "en", 370, (0.97, 0.94, 0.96, 0.98), "96.3 / 92.0 / 92.8 / 97.8"),
    # GTX 1660 Ti, RTX 3080, RX 5700 XT, Jetson TX2, MLU370-X8, LPDDR3: a Q&A thread and an
    # exercise sheet with worked solutions (first scores at 7d32fe8)
    OwnSet("twentyfifth", "zh", 405, (0.98, 0.90, 0.90, 0.93), "98.7 / 88.2 / 88.6 / 90.3"),
    OwnSet("twentyfifth", "en", 405, (0.98, 0.85, 0.87, 0.98), "98.5 / 72.8 / 85.4 / 84.3"),
    # RTX 4070, Quadro GV100, MTT S80, M4 Max, A16, GDDR6W: a video script and a buyer's
    # guide FAQ (first scores at 7d32fe8)
    OwnSet("twentysixth", "zh", 400, (0.97, 0.88, 0.87, 0.96), "96.6 / 84.8 / 82.4 / 95.5"),
    OwnSet("twentysixth", "en", 330, (0.96, 0.89, 0.89, 0.97), "97.2 / 82.0 / 84.8 / 82.3"),
    # RTX 2060, Tesla P100 PCIe, RX 6700 XT, Jetson Orin Nano, Greco, LPDDR5T: a numbered
    # social-media thread and a talk's transcript (first scores at 7d32fe8)
    OwnSet("twentyseventh", "zh", 395, (0.98, 0.90, 0.88, 0.97), "94.3 / 76.4 / 84.2 / 69.1"),
    OwnSet("twentyseventh", "en", 355, (0.99, 0.86, 0.86, 0.94), "98.0 / 83.2 / 83.1 / 90.6"),
    # RTX 4060 Ti 16GB, RTX 3070, RX 7800 XT, Jetson Xavier NX, Ascend 910C, HMC Gen2: a
    # forum thread with numbered floors and a benchmark repository's README (first scores
    # at 8c5db87)
    OwnSet("twentyeighth", "zh", 405, (0.94, 0.90, 0.92, 0.97), "94.7 / 84.6 / 91.1 / 85.0"),
    OwnSet("twentyeighth", "en", 355, (0.96, 0.95, 0.96, 0.97), "97.3 / 93.9 / 95.5 / 94.8"),
    # TITAN RTX, A100 PCIe 40GB, RX Vega 64, Kunlunxin R200, Snapdragon X Elite's NPU,
    # LPDDR6: a tender's technical specification and a Reddit-style thread (first scores
    # at 8c5db87)
    OwnSet("twentyninth", "zh", 395, (0.97, 0.89, 0.86, 0.93), "97.0 / 81.1 / 83.1 / 82.8"),
    OwnSet("twentyninth", "en", 360, (0.97, 0.90, 0.88, 0.97), "97.6 / 86.9 / 87.8 / 90.4"),
    # RTX 5090, Quadro P6000, Arc B580, MTT S4000, Tesla K10, GDDR5: a group chat's log and
    # a notebook exported to Markdown (first scores at 8c5db87)
    OwnSet("thirtieth", "zh", 400, (0.96, 0.93, 0.90, 0.97), "97.0 / 89.9 / 86.8 / 94.9"),
    OwnSet("thirtieth", "en", 400, (0.97, 0.90, 0.92, 0.93), "96.5 / 90.2 / 91.4 / 93.7"),
    # RTX 4060, RX 7900 GRE, RTX A2000, Radeon Pro W5700, Wormhole n150, LPDDR2: a launch
    # event's live report and a paper's evaluation section (first scores at b09a48f; at
    # 8c5db87, before the stop's changes: 99.3 / 87.2 / 84.0 / 92.0, 98.9 / 86.6 / 90.4 / 89.7)
    OwnSet("thirtyfirst", "zh", 410, (0.98, 0.92, 0.94, 0.95), "99.3 / 88.4 / 84.7 / 94.8"),
    OwnSet("thirtyfirst", "en", 400, (0.98, 0.88, 0.91, 0.89), "99.0 / 86.8 / 91.3 / 89.7"),
    # GTX 1080, RX 6600, Arc A580, M2 Pro, TPU v5e, GDDR3: a shop's product page with buyers'
    # questions and reviews, and an e-mail newsletter (first scores at b09a48f; at 8c5db87:
    # 96.8 / 86.8 / 85.9 / 92.0, 95.5 / 81.0 / 87.0 / 88.9)
    OwnSet("thirtysecond", "zh", 405, (0.96, 0.89, 0.87, 0.94), "96.9 / 88.0 / 87.0 / 93.6"),
    OwnSet("thirtysecond", "en", 315, (0.95, 0.85, 0.92, 0.94), "95.6 / 82.6 / 87.8 / 91.7"),
    # RTX 5080, RX 9070 XT, Jetson TX1, M1 Ultra, Quadro RTX 4000, GDDR4: a review site's
    # errata and changelog, and a Q&A thread with answers and comments (first scores at d99b802;
    # at 7d73771, before this stop's changes: 97.1 / 83.9 / 84.8 / 93.1, 98.2 / 83.5 / 83.7 / 95.7)
    OwnSet("thirtythird", "zh", 445, (0.97, 0.88, 0.90, 0.94), "97.2 / 84.8 / 86.7 / 93.1"),
    OwnSet("thirtythird", "en", 375, (0.97, 0.87, 0.89, 0.95), "98.2 / 83.7 / 84.5 / 95.7"),
    # GTX 970, R9 Fury X, TITAN Xp, Xeon Phi 7250, RTX A4500, DDR SDRAM: a video page's
    # comments and a reviewer's report on a paper (first scores at d99b802; at 7d73771:
    # 93.8 / 81.6 / 76.7 / 92.0, 92.2 / 82.9 / 89.0 / 87.4)
    OwnSet("thirtyfourth", "zh", 435, (0.94, 0.87, 0.86, 0.93), "93.9 / 82.5 / 78.4 / 92.0"),
    OwnSet("thirtyfourth", "en", 400, (0.93, 0.85, 0.91, 0.90), "92.2 / 82.9 / 89.0 / 87.4"),
    # GTX 680, HD 7970, L40S, Gaudi 3, Jetson Orin NX 16GB, PCIe 5.0: an encyclopedia entry
    # and a GitHub issue thread on a benchmark's spec file (first scores at a70ebf4, the same
    # at 1e9061a, before this stop's changes)
    OwnSet("thirtyfifth", "zh", 450, (0.97, 0.90, 0.90, 0.95), "96.7 / 86.1 / 84.8 / 91.2"),
    OwnSet("thirtyfifth", "en", 355, (0.93, 0.86, 0.88, 0.94), "91.4 / 76.4 / 75.2 / 86.9"),
    # H100 PCIe, RX 480, RTX 3090 Ti, MI355X, M4 Pro, NVLink 4: a workstation's user manual
    # and a podcast's transcript (first scores at a70ebf4, the same at 1e9061a)
    OwnSet("thirtysixth", "zh", 450, (0.98, 0.90, 0.86, 0.96), "97.9 / 83.9 / 85.3 / 84.0"),
    OwnSet("thirtysixth", "en", 415, (0.96, 0.86, 0.85, 0.97), "96.7 / 84.6 / 82.1 / 96.2"),
    # GTX 1070, RX 5600 XT, M3 Ultra, Arc A310, L20, PCIe 4.0: a lab's email thread and the
    # evaluation section of a paper (first scores at a8ef8c4; at 1e9061a, before this stop's
    # changes: 97.7 / 78.4 / 79.2 / 81.4, 96.6 / 88.9 / 83.2 / 93.4)
    OwnSet("thirtyseventh", "zh", 430, (0.98, 0.88, 0.87, 0.96), "98.4 / 78.7 / 79.9 / 81.4"),
    OwnSet("thirtyseventh", "en", 395, (0.97, 0.89, 0.85, 0.93), "97.5 / 89.7 / 86.1 / 93.4"),
    # RX 7700 XT, H200 NVL, GTX 1660 SUPER, Cloud AI 100 Ultra, A17 Pro, CXL 2.0: a teacher's
    # marked homework and a cloud's instance-type page (first scores at a8ef8c4; at 1e9061a:
    # 93.7 / 80.1 / 79.3 / 86.6, 97.2 / 85.5 / 89.1 / 90.1)
    OwnSet("thirtyeighth", "zh", 455, (0.93, 0.82, 0.78, 0.92), "93.7 / 80.6 / 79.3 / 87.5"),
    OwnSet("thirtyeighth", "en", 395, (0.96, 0.87, 0.89, 0.93), "97.3 / 85.7 / 89.9 / 90.1"),
    # a lab's operations ticket log and a micro-benchmark tool's README and release notes
    # (first scores at d6f8bee; at 37fc0f3: 97.3 / 79.1 / 81.8 / 77.2, 95.8 / 83.8 / 80.1 / 87.4)
    OwnSet("thirtyninth", "zh", 450, (0.98, 0.89, 0.91, 0.92), "97.3 / 81.3 / 81.8 / 82.0"),
    OwnSet("thirtyninth", "en", 380, (0.95, 0.88, 0.90, 0.89), "95.8 / 84.0 / 80.9 / 87.4"),
    # a launch event's transcript and a procurement team's RFP evaluation memo (first scores
    # at 2ce1674; at 37fc0f3: 97.3 / 83.1 / 78.1 / 91.1, the same in English)
    OwnSet("fortieth", "zh", 455, (0.97, 0.83, 0.78, 0.92), "97.3 / 83.3 / 78.1 / 91.7"),
    OwnSet("fortieth", "en", 411, (0.92, 0.82, 0.84, 0.84), "92.5 / 74.7 / 77.6 / 75.7"),
)


@pytest.mark.parametrize("own", OWN_SETS, ids=lambda own: f"{own.name}-{own.text}")
def test_a_set_with_its_own_catalog_holds_its_floors(
    own: OwnSet, own_views: Callable[[str], CatalogView]
) -> None:
    view = own_views(own.name)
    folder = HERE / own.name
    text = (folder / f"{own.text}.md").read_text("utf-8")
    scores = _scores(text, view, [folder / f"{own.text}.labels.yaml"])
    print(f"{own.name} {own.text}: first score {own.first} %")
    _holds(scores, own.labelled, own.floors)


def test_course_figures_hold(course_view: CatalogView, course_text: str) -> None:
    # The course's prose is elliptical (numbers far from their subject and quantity);
    # these are the figures reached, kept from falling back. The targets
    # (97 / 90 / 85 / 95 %) are met on it for non-claims only: see the README.
    scores = _scores(course_text, course_view, COURSE_LABELS)
    _holds(scores, 250, (0.94, 0.74, 0.64, 0.95))
