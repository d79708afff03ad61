"""The course's tables from the catalog: their footnotes and their list (the cells, one
by one against the course's own tables, are in test_course_worked_tables.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import CATALOG


@pytest.fixture
def loaded(db_url: str, cli: Any) -> str:
    result = cli("load", str(CATALOG), "--standard-rules", "--db", db_url)
    assert result.exit_code == 0, result.stderr
    return db_url


def _table(cli: Any, url: str, table: str) -> dict[str, Any]:
    result = cli("export", table, "-f", "json", "--standard-rules", "--db", url)
    assert result.exit_code == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def _cells(table: dict[str, Any]) -> dict[str, list[str]]:
    return {row["label"]: [c["text"] for c in row["cells"]] for row in table["rows"]}


def test_overview_footnotes_name_sources_and_tiers(loaded: str, cli: Any) -> None:
    table = _table(cli, loaded, "hardware-overview")
    notes = {n["number"]: n["text"] for n in table["footnotes"]}
    sm_cell = next(r for r in table["rows"] if r["label"] == "标量 / 地址")["cells"][1]
    sm_notes = [notes[m] for m in sm_cell["marks"]]
    # 148 SMs come from a third-party teardown; NVIDIA's spec sheet does not list them.
    # the table is Chinese (lang: zh): its footnotes' own words are too
    assert any(n.startswith("Third-party teardown of the B200") for n in sm_notes)
    assert any(n.startswith("第三方实测") for n in sm_notes)
    peak = next(r for r in table["rows"] if r["label"].startswith("算力（"))["cells"]
    assert [notes[m] for m in peak[1]["marks"]] == [
        "NVIDIA B200 / GB200 NVL72 official documents (NVIDIA)"
    ]
    ridge = next(r for r in table["rows"] if r["label"] == "算力 ÷ 带宽")["cells"]
    # the course's own 312.9 and 312.5: its source and its own (inferred) tier, where the
    # official peak beside it has no tier note
    ridge_notes = [notes[m] for m in ridge[0]["marks"]]
    assert ridge_notes == [
        "TPU v7 vs B200 / GB200 course (the seed text)",
        "推断：反推、沿用上一代或从示意图读出",
    ]
    # each note once, numbered in reading order, marks in order in each cell
    assert len(set(notes.values())) == len(notes)
    assert list(notes) == sorted(notes)
    for row in table["rows"]:
        for cell in row["cells"]:
            assert cell["marks"] == sorted(set(cell["marks"]))


def test_list_tables_on_the_catalog(loaded: str, cli: Any) -> None:
    rows = json.loads(cli("list", "tables", "--db", loaded, "-f", "json").stdout)
    assert {r["id"] for r in rows} == {
        "hardware-overview",
        "onchip-sram",
        "bandwidth-ladder",
        "cuda-thread-hierarchy",
        "accumulator-reuse",
        "qproj-segments",
        "flash-attention-tiles",
    }
