"""What the catalog held on a date, and each correction with its reason."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from catalogs import CHIP, write_catalog

CORRECTED = (
    CHIP
    + """\
  - id: chip-x.hbm.bandwidth@v2
    quantity: hbm.bandwidth
    value: 8 TB/s
    source: vendor-sheet
    tier: official
    date: 2025-06-01
    supersedes: chip-x.hbm.bandwidth
    reason: datasheet revision B
  - id: chip-x.hbm.bandwidth@v3
    quantity: hbm.bandwidth
    value: 8.2 TB/s
    source: vendor-sheet
    tier: official
    date: 2025-09-01
    supersedes: chip-x.hbm.bandwidth@v2
    reason: datasheet revision C
"""
)


@pytest.fixture
def corrected(db_url: str, tmp_path: Path, cli: Any) -> str:
    root = write_catalog(tmp_path / "c", {"subjects/chip-x.yaml": CORRECTED})
    assert cli("load", str(root), "--db", db_url).exit_code == 0
    return db_url


def _values(cli: Any, url: str, *args: str) -> list[tuple[str, str]]:
    result = cli("show", "chip-x", "hbm.bandwidth", "--db", url, "-f", "json", *args)
    assert result.exit_code == 0, result.stderr
    return [(f["literal"], f["status"]) for f in json.loads(result.stdout)]


@pytest.mark.parametrize(
    ("day", "held"),
    [
        ("2025-04-08", []),
        ("2025-04-09", [("7.37 TB/s", "current")]),
        ("2025-07-01", [("8 TB/s", "current")]),
        ("2025-12-31", [("8.2 TB/s", "current")]),
    ],
)
def test_show_as_of_a_date(corrected: str, cli: Any, day: str, held: list[tuple[str, str]]) -> None:
    assert _values(cli, corrected, "--as-of", day) == held


def test_as_of_with_all_shows_what_had_been_replaced_by_then(corrected: str, cli: Any) -> None:
    assert _values(cli, corrected, "--as-of", "2025-07-01", "--all") == [
        ("7.37 TB/s", "superseded"),
        ("8 TB/s", "current"),
    ]


def test_history_lists_every_correction_oldest_first(corrected: str, cli: Any) -> None:
    result = cli("history", "chip-x", "hbm.bandwidth", "--db", corrected, "-f", "json")
    rows = [
        (f["date"], f["literal"], f["status"], f["supersedes"], f["reason"])
        for f in json.loads(result.stdout)
    ]
    assert rows == [
        ("2025-04-09", "7.37 TB/s", "superseded", None, None),
        ("2025-06-01", "8 TB/s", "superseded", "chip-x.hbm.bandwidth", "datasheet revision B"),
        ("2025-09-01", "8.2 TB/s", "current", "chip-x.hbm.bandwidth@v2", "datasheet revision C"),
    ]


def test_a_bad_date_is_a_usage_error(corrected: str, cli: Any) -> None:
    result = cli("show", "chip-x", "--as-of", "last week", "--db", corrected)
    assert result.exit_code == 2
    assert "is not a date; write YYYY-MM-DD" in result.stderr
