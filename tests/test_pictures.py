"""The roofline picture and the derivation graph, drawn from the course's catalog."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from conftest import CATALOG


@pytest.fixture
def course(db_url: str, cli: Any) -> str:
    result = cli("load", str(CATALOG), "--standard-rules", "--db", db_url)
    assert result.exit_code == 0, result.stderr
    return db_url


def test_a_roofline_of_two_chips(course: str, cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "pictures"
    args = ("plot", "roofline", "--chip", "tpu-v7", "--chip", "GB200", "--out", str(out))
    result = cli(*args, "--db", course)
    assert result.exit_code == 0, result.stderr
    assert ET.parse(out / "roofline.svg").getroot().tag.endswith("svg")
    assert (out / "roofline.png").read_bytes().startswith(b"\x89PNG")
    data = json.loads((out / "roofline.json").read_text("utf-8"))
    ridges = {
        chip["subject"]: {roof["quantity"]: roof["ridge"] for roof in chip["roofs"]}
        for chip in data["chips"]
    }
    # the HBM ridge points: peak ÷ bandwidth, 2,307 ÷ 7.37 and 2,500 ÷ 8
    assert ridges["tpu-v7"]["hbm.bandwidth"] == pytest.approx(2307 / 7.37, rel=1e-3)
    assert ridges["gb200"]["hbm.bandwidth"] == pytest.approx(312.5, rel=1e-3)
    assert any(p["subject"] == "attn-qkt-d128" for p in data["points"])


def test_a_chip_without_a_peak_is_one_line(course: str, cli: Any, tmp_path: Path) -> None:
    result = cli("plot", "roofline", "--chip", "hbm3e", "--out", str(tmp_path), "--db", course)
    assert result.exit_code == 2
    assert "hbm3e has no peak.bf16_dense" in result.stderr


def test_the_derivation_graph_of_a_ridge_point(course: str, cli: Any) -> None:
    mermaid = cli("graph", "ridge.hbm", "--chip", "tpu-v7", "--db", course)
    assert mermaid.exit_code == 0, mermaid.stderr
    lines = mermaid.stdout.splitlines()
    assert lines[0] == "graph TD"
    assert any("tpu-v7.peak.bf16_dense<br/>2,307 TFLOP/s" in line for line in lines)
    assert any(line.strip().startswith("classDef official") for line in lines)
    dot = cli("graph", "ridge.hbm", "--chip", "gb200", "-f", "dot", "--db", course)
    assert dot.exit_code == 0, dot.stderr
    assert dot.stdout.startswith("digraph derivation {") and dot.stdout.rstrip().endswith("}")
    assert "->" in dot.stdout and "fillcolor=" in dot.stdout
    none = cli("graph", "hbm.stacks", "--chip", "tpu-v7", "--db", course)
    assert none.exit_code == 2 and "no rule derived hbm.stacks for tpu-v7" in none.stderr


def test_the_derivation_graph_as_svg(course: str, cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "ridge.svg"
    args = ("graph", "ridge.hbm", "--chip", "gb200", "-f", "svg", "--out", str(out))
    result = cli(*args, "--db", course)
    assert result.exit_code == 0, result.stderr
    root = ET.parse(out).getroot()
    assert root.tag.endswith("svg")
    text = out.read_text("utf-8")
    assert "gb200" in text and "ridge.hbm" in text  # the labels are in the drawing
