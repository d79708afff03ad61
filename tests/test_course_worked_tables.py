"""The course's worked-example tables, built from the catalog, against the course's own
tables cell by cell (the course text is read where it lives, beside the project)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import CATALOG

SEED = Path(__file__).resolve().parents[2] / "shared" / "seed" / "000_a3bd6f229aa44ba3.txt"


def _same(text: str) -> str:
    """A cell as compared: spaces and footnote marks aside, full-width signs made ASCII."""
    text = re.sub(r"<sup>[^<]*</sup>", "", text).translate(str.maketrans("＋（）", "+()"))
    return re.sub(r"\s+", "", text)


def _course_table(header: str) -> list[list[str]]:
    """The rows of the course's Markdown table whose header row starts with `header`."""
    lines = SEED.read_text("utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {header} |"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    if not SEED.is_file():
        pytest.skip(f"the course text is not at {SEED}")
    from conftest import run_cli

    url = f"sqlite:///{tmp_path_factory.mktemp('worked') / 'w.sqlite'}"
    assert run_cli("load", str(CATALOG), "--standard-rules", "--db", url).exit_code == 0
    tables = {}
    for table in ("accumulator-reuse", "qproj-segments", "flash-attention-tiles"):
        result = run_cli("export", table, "-f", "json", "--db", url)
        assert result.exit_code == 0, result.stderr
        tables[table] = json.loads(result.stdout)
    return tables


# Cells that differ from the course on purpose, with the reason.
DIFFERENT: dict[tuple[str, ...] | tuple[str, str, int], str] = {
    # the course's first row is symbolic ("1 × N", "N ÷ (1+N)"): no subject, no number
    ("accumulator-reuse", "1 × N（只留一行）"): "symbolic row",
}


@pytest.mark.parametrize(
    ("table", "header"),
    [
        ("accumulator-reuse", "累加器形状"),
        ("qproj-segments", "左矩阵一段多少行"),
        ("flash-attention-tiles", "Br × Bc"),
    ],
)
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
            assert _same(mine) == _same(theirs), (table, label, index, mine, theirs)
            compared += 1
    assert compared >= 4
