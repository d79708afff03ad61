"""Findings from a checked text: weak claims, superseded quotes, and their
acknowledgements, which are only judged when the text is checked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from audit_catalogs import fact, write

CHIP_Y = "  - {id: chip-y, name: chip-y, kind: chip}\n"
Y_FACTS = (
    fact("y.bw", "hbm.bandwidth", "8 TB/s", tier="inferred", subject="chip-y")
    + fact("y.peak@old", "peak.bf16_dense", "2,700 TFLOP/s", subject="chip-y")
    + fact(
        "y.peak",
        "peak.bf16_dense",
        "2,500 TFLOP/s",
        subject="chip-y",
        extra="    supersedes: y.peak@old\n    reason: the sheet was corrected\n"
        "    date: 2025-06-01\n",
    )
)
TEXT = "chip-y 的 HBM bandwidth 是 8 TB/s。\nchip-y 的 peak 是 2,700 TFLOPS。\n"


def _audit(cli: Any, root: Path, url: str, *args: str) -> Any:
    loaded = cli("load", str(root / "catalog"), "--rules", str(root / "rules"), "--db", url)
    assert loaded.exit_code == 0, loaded.stderr
    return cli("audit", "--db", url, "--limit", "0", *args)


def _from_text(result: Any) -> dict[str, dict[str, Any]]:
    return {f["kind"]: f for f in json.loads(result.stdout) if "@text:" in f["id"]}


def test_a_text_quoting_weak_and_superseded_values(tmp_path: Path, db_url: str, cli: Any) -> None:
    write(tmp_path, Y_FACTS, subjects=CHIP_Y)
    text = tmp_path / "ch1.md"
    text.write_text(TEXT, "utf-8")
    found = _from_text(_audit(cli, tmp_path, db_url, "--text", str(text), "-f", "json"))
    assert set(found) == {"weak", "superseded-in-use"}
    assert found["weak"]["id"] == f"weak:chip-y:hbm.bandwidth:y.bw@text:{text}:1"
    superseded = found["superseded-in-use"]
    assert superseded["id"] == (
        f"superseded-in-use:chip-y:peak.bf16_dense:y.peak+y.peak@old@text:{text}:2"
    )
    assert superseded["message"].endswith(
        "quotes y.peak@old (2,700 TFLOP/s), which has been superseded; "
        "now 2,500 TFLOP/s (y.peak, 2025-06-01)"
    )
    assert superseded["numbers"] == "2,700 TFLOPS | 2,700 TFLOP/s | 2,500 TFLOP/s"


def test_a_text_findings_acknowledgement_is_judged_only_with_the_text(
    tmp_path: Path, db_url: str, cli: Any
) -> None:
    text = tmp_path / "ch1.md"
    text.write_text(TEXT, "utf-8")
    finding = f"superseded-in-use:chip-y:peak.bf16_dense:y.peak+y.peak@old@text:{text}:2"
    acknowledged = (
        f"acknowledged:\n  - finding: '{finding}'\n"
        "    reason: the chapter tells the story of the correction\n"
    )
    write(tmp_path, Y_FACTS, subjects=CHIP_Y, acknowledged=acknowledged)
    without = json.loads(_audit(cli, tmp_path, db_url, "-f", "json").stdout)
    assert "stale-acknowledgement" not in {f["kind"] for f in without}
    found = _from_text(_audit(cli, tmp_path, db_url, "--text", str(text), "-f", "json"))
    assert found["superseded-in-use"]["acknowledged"] is True
    text.write_text(TEXT.replace("2,700", "2,500"), "utf-8")
    stale = json.loads(_audit(cli, tmp_path, db_url, "--text", str(text), "-f", "json").stdout)
    assert f"stale-acknowledgement:{finding}" in {f["id"] for f in stale}
