"""The course's seven numeric tables, built from the catalog, against the course's own
tables cell by cell (the course text is read where it lives, beside the project).

Each cell's numbers must be the course's, in order; a cell of a number and its unit
must read as the course's, unit included. The words around them are the spec's own,
not the course's sentences, so words are not compared.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import CATALOG

SEED = Path(__file__).resolve().parents[2] / "shared" / "seed" / "000_a3bd6f229aa44ba3.txt"


_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
_WORDS = re.compile(r"[\u4e00-\u9fff]|[A-Za-z]{4,}")


def _numbers(text: str) -> list[str]:
    """The numbers a cell writes, in order (footnote marks aside)."""
    return _NUMBER.findall(re.sub(r"<sup>[^<]*</sup>", "", text))


def _same(text: str) -> str:
    """A cell as compared: spaces and footnote marks aside, full-width signs made ASCII."""
    text = re.sub(r"<sup>[^<]*</sup>", "", text).translate(str.maketrans("＋（）", "+()"))
    return re.sub(r"\s+", "", text)


def _course_table(header: str) -> list[list[str]]:
    """The rows of the course's Markdown table whose header row is `header`'s; a row the
    course wraps onto the next lines is joined until it has a cell per column."""
    lines = SEED.read_text("utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if f"| {header} |" in line)
    width = lines[start][lines[start].index(f"| {header} |") :].strip().strip("|").count("|") + 1
    rows: list[list[str]] = []
    for line in lines[start + 2 :]:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|"):
            rows.append(cells)
        elif rows and len(rows[-1]) < width and "|" in line:
            rows[-1] += cells
        else:
            break
    return [row[:width] for row in rows]


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    if not SEED.is_file():
        pytest.skip(f"the course text is not at {SEED}")
    from conftest import run_cli

    url = f"sqlite:///{tmp_path_factory.mktemp('worked') / 'w.sqlite'}"
    assert run_cli("load", str(CATALOG), "--standard-rules", "--db", url).exit_code == 0
    tables = {}
    for table in TABLES:
        result = run_cli("export", table, "-f", "json", "--db", url)
        assert result.exit_code == 0, result.stderr
        tables[table] = json.loads(result.stdout)
    return tables


TABLES = {
    "hardware-overview": "层 | TPU v7",
    "onchip-sram": "这块 SRAM 干什么用",
    "bandwidth-ladder": "这一站",
    "cuda-thread-hierarchy": "层 | 有多大",
    "accumulator-reuse": "累加器形状",
    "qproj-segments": "左矩阵一段多少行",
    "flash-attention-tiles": "Br × Bc",
}
"""Each table's id, and the start of the course's header row for it."""

# Cells that differ from the course on purpose, with the reason.
DIFFERENT: dict[tuple[str, ...] | tuple[str, str, int], str] = {
    # the course's first row is symbolic ("1 × N", "N ÷ (1+N)"): no subject, no number
    ("accumulator-reuse", "1 × N（只留一行）"): "symbolic row",
    # the course works 7,372.8 GB/s out (8 × 921.6); the catalog holds the official
    # 7.37 TB/s and derives nothing else for it, so the cell says 7,370 GB/s
    ("hardware-overview", "HBM", 1): "the catalog's value, not the course's arithmetic",
    # the catalog's fact is written "8 TB/s" (the vendor's figure); the course adds a digit
    # (its numbers differ: 8 against 8.0)
    ("bandwidth-ladder", "HBM3e（片外）", 1): "the fact as its source writes it",
}


@pytest.mark.parametrize(("table", "header"), list(TABLES.items()))
def test_a_worked_table_is_the_courses_cell_by_cell(
    exported: dict[str, Any], table: str, header: str
) -> None:
    ours = {row["label"]: [c["text"] for c in row["cells"]] for row in exported[table]["rows"]}
    compared = 0
    for course_row in _course_table(header):
        label, *cells = course_row
        if (table, label) in DIFFERENT:
            continue
        assert label in ours, (table, label)
        for index, (theirs, mine) in enumerate(zip(cells, ours[label], strict=True), start=1):
            if (table, label, index) in DIFFERENT:
                continue
            assert bool(mine) == bool(theirs), (table, label, index, mine, theirs)
            if not _numbers(theirs):
                continue  # words only: the spec writes its own
            assert _numbers(mine) == _numbers(theirs), (table, label, index, mine, theirs)
            if not _WORDS.search(theirs):  # a number and its unit: as the course writes it
                assert _same(mine) == _same(theirs), (table, label, index, mine, theirs)
            compared += 1
    assert compared >= 4
    # every row of the course's is there, but those listed as different; and no other
    kept = [r for r in _course_table(header) if (table, r[0]) not in DIFFERENT]
    assert sorted(ours) == sorted(r[0] for r in kept)
