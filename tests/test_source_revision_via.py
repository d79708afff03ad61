"""A source's `revision` and a fact's `via` (the copy it was read in): loaded, shown,
dumped back, and the copy never taken for the original."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from catalogs import CHIP, SOURCES, write_catalog

COPIES = SOURCES.replace(
    "    publisher: ACME\n", "    publisher: ACME\n    revision: Rev. 1.2\n"
) + ("  - id: chip-book\n    title: A book about chips\n    kind: book\n    authors: [A. Author]\n")
READ_IN_THE_BOOK = CHIP.replace(
    "    source: vendor-sheet\n    locator: table 2\n",
    "    source: vendor-sheet\n    via: chip-book\n    locator: table 2\n",
)


def _load(tmp_path: Path, cli: Any, db_url: str) -> Path:
    root = write_catalog(
        tmp_path / "catalog",
        {"sources.yaml": COPIES, "subjects/chip-x.yaml": READ_IN_THE_BOOK},
    )
    result = cli("load", str(root), "--db", db_url)
    assert result.exit_code == 0, result.stderr
    return root


def test_show_names_the_original_and_the_copy_it_was_read_in(
    tmp_path: Path, cli: Any, db_url: str
) -> None:
    _load(tmp_path, cli, db_url)
    shown = cli("show", "chip-x", "hbm.bandwidth", "--db", db_url)
    assert shown.exit_code == 0, shown.stderr
    assert "Chip X datasheet via A book about chips" in shown.stdout
    (view,) = json.loads(
        cli("show", "chip-x", "hbm.bandwidth", "-f", "json", "--db", db_url).stdout
    )
    assert (view["source_id"], view["via_id"]) == ("vendor-sheet", "chip-book")
    # the fact read in the original names no copy
    (stacks,) = json.loads(cli("show", "chip-x", "hbm.stacks", "-f", "json", "--db", db_url).stdout)
    assert (stacks["source_id"], stacks["via_id"]) == ("vendor-sheet", None)


def test_dump_writes_revision_and_via_back(tmp_path: Path, cli: Any, db_url: str) -> None:
    _load(tmp_path, cli, db_url)
    out = tmp_path / "dumped"
    assert cli("dump", "--out", str(out), "--db", db_url).exit_code == 0
    sources = yaml.safe_load((out / "sources.yaml").read_text("utf-8"))["sources"]
    (sheet,) = [s for s in sources if s["id"] == "vendor-sheet"]
    assert sheet["revision"] == "Rev. 1.2"
    facts = yaml.safe_load((out / "subjects" / "chip-x.yaml").read_text("utf-8"))["facts"]
    (bandwidth,) = [f for f in facts if f["id"] == "chip-x.hbm.bandwidth"]
    assert (bandwidth["source"], bandwidth["via"]) == ("vendor-sheet", "chip-book")
    # in the order a person writes it: the original, then the copy, then where in it
    keys = list(bandwidth)
    assert keys.index("source") < keys.index("via") < keys.index("locator")


def test_a_copy_the_catalog_no_longer_reads_can_be_dropped(
    tmp_path: Path, cli: Any, db_url: str
) -> None:
    root = _load(tmp_path, cli, db_url)
    (root / "subjects" / "chip-x.yaml").write_text(CHIP, "utf-8")
    (root / "sources.yaml").write_text(SOURCES, "utf-8")
    again = cli("load", str(root), "--db", db_url)
    assert again.exit_code == 0, again.stderr
    (view,) = json.loads(
        cli("show", "chip-x", "hbm.bandwidth", "-f", "json", "--db", db_url).stdout
    )
    assert view["via_id"] is None
    listed = json.loads(cli("list", "sources", "-f", "json", "--db", db_url).stdout)
    assert "chip-book" not in [s["id"] for s in listed]


def test_add_records_the_copy_a_number_was_read_in(tmp_path: Path, cli: Any, db_url: str) -> None:
    root = _load(tmp_path, cli, db_url)
    added = cli(
        "add",
        "chip-x",
        "hbm.stacks",
        "8",
        "--source",
        "vendor-sheet",
        "--via",
        "chip-book",
        "--tier",
        "official",
        "--id",
        "chip-x.hbm.stacks@book",
        "--catalog",
        str(root),
        "--db",
        db_url,
    )
    assert added.exit_code == 0, added.stderr
    assert "    source: vendor-sheet\n    via: chip-book\n" in (
        (root / "subjects" / "chip-x.yaml").read_text("utf-8")
    )
    shown = json.loads(cli("show", "chip-x", "hbm.stacks", "-f", "json", "--db", db_url).stdout)
    assert {(v["id"], v["via_id"]) for v in shown} == {
        ("chip-x.hbm.stacks", None),
        ("chip-x.hbm.stacks@book", "chip-book"),
    }
