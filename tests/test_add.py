"""`facts add`: one fact into its subject's file (comments kept) and the database, at once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import table_rows
from rules_fixtures import chip, fact, write_derivation_catalog

X = "# Chip X, as its datasheet gives it.\n" + chip(
    fact("x.bw", "hbm.bandwidth", "7.37 TB/s")
    + "  # the peak comes from the vendor's launch page\n"
    + fact("x.peak", "peak.bf16_dense", "2,307 TFLOP/s")
)


@pytest.fixture
def catalog(db_url: str, tmp_path: Path, cli: Any) -> tuple[str, Path, Path]:
    root, rules = write_derivation_catalog(tmp_path, {"chip-x": X})
    assert cli("load", str(root), "--rules", str(rules), "--db", db_url).exit_code == 0
    return db_url, root, rules


def _add(cli: Any, url: str, root: Path, rules: Path, *args: str) -> Any:
    return cli(
        "add", *args, "--catalog", str(root), "--rules", str(rules), "--db", url, "-f", "json"
    )


def test_add_appends_to_the_subjects_file_keeping_comments(catalog: Any, cli: Any) -> None:
    url, root, rules = catalog
    before = (root / "subjects" / "chip-x.yaml").read_text("utf-8")
    result = _add(
        cli,
        url,
        root,
        rules,
        "chip-x",
        "hbm.stacks",
        "8",
        "--source",
        "vendor-sheet",
        "--tier",
        "official",
        "--locator",
        "table 3",
    )
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["id"] == "chip-x.hbm.stacks"
    after = (root / "subjects" / "chip-x.yaml").read_text("utf-8")
    assert after.startswith(before)  # every line the person wrote, comments included
    assert after[len(before) :] == (
        "  - id: chip-x.hbm.stacks\n    quantity: hbm.stacks\n    value: '8'\n"
        "    source: vendor-sheet\n    locator: table 3\n    tier: official\n"
    )
    facts = json.loads(cli("show", "chip-x", "hbm.stacks", "--db", url, "-f", "json").stdout)
    assert [f["literal"] for f in facts] == ["8"]


def test_a_taken_id_gets_a_number(catalog: Any, cli: Any) -> None:
    url, root, rules = catalog
    ids = []
    for value, qualifier in (("7.4 TB/s", "scope=board"), ("7.5 TB/s", "scope=module")):
        result = _add(
            cli,
            url,
            root,
            rules,
            "chip-x",
            "hbm.bandwidth",
            value,
            "--source",
            "vendor-sheet",
            "--tier",
            "measured",
            "--qualifier",
            qualifier,
        )
        assert result.exit_code == 0, result.stderr
        ids.append(json.loads(result.stdout)["id"])
    assert ids == ["chip-x.hbm.bandwidth", "chip-x.hbm.bandwidth@2"]
    listed = json.loads(cli("show", "chip-x", "hbm.bandwidth", "--db", url, "-f", "json").stdout)
    assert [(f["literal"], f["qualifiers"]) for f in listed] == [
        ("7.37 TB/s", {}),
        ("7.4 TB/s", {"scope": "board"}),
        ("7.5 TB/s", {"scope": "module"}),
    ]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (
            ["chip-x", "hbm.bandwidth", "64 MiB", "--source", "vendor-sheet", "--tier", "official"],
            "cannot convert to GB/s",
        ),
        (
            ["chip-x", "hbm.bandwidth", "8 TB/s", "--source", "nowhere", "--tier", "official"],
            "unknown source 'nowhere'",
        ),
        (
            ["chip-z", "hbm.bandwidth", "8 TB/s", "--source", "vendor-sheet", "--tier", "official"],
            "unknown subject 'chip-z'",
        ),
    ],
)
def test_a_bad_add_changes_neither_file_nor_database(
    catalog: Any, cli: Any, args: list[str], says: str
) -> None:
    url, root, rules = catalog
    path = root / "subjects" / "chip-x.yaml"
    before_file, before_rows = path.read_bytes(), table_rows(url)
    result = _add(cli, url, root, rules, *args)
    assert result.exit_code == 2
    assert says in result.stderr and "Traceback" not in result.stderr
    assert path.read_bytes() == before_file
    assert table_rows(url) == before_rows
