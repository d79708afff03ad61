"""`facts check` as a user runs it: verdict lines, JSON, exit codes, bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli
from labelled import ENGLISH


@pytest.fixture
def english_db(db_url: str, tmp_path: Path, cli: Any) -> str:
    result = cli("load", str(ENGLISH / "catalog"), "--db", db_url)
    assert result.exit_code == 0, result.stderr
    return db_url


def test_each_number_gets_a_line_and_the_file_a_summary(
    english_db: str, tmp_path: Path, cli: Any
) -> None:
    text = tmp_path / "t.md"
    text.write_text("The A100 has 128 SMs.\nSee Section 3.2.\n", "utf-8")
    result = cli("check", str(text), "--db", english_db)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].startswith(f"{text}:1:14  128  MISMATCHED: a100-sxm4-80gb sm.count = 108")
    assert (
        "+18.5%" in lines[1] and "['a100' in the sentence; label 'sms' near the number]" in lines[1]
    )
    assert lines[-1] == (
        f"{text}: 3 numbers: 0 matched, 1 mismatched, 0 superseded, 0 alternative, "
        "0 unresolved, 2 non-claim"
    )


def test_a_number_the_catalogs_coarser_value_rounds_says_so(
    english_db: str, tmp_path: Path, cli: Any
) -> None:
    text = tmp_path / "t.md"
    text.write_text("The MI300X peak memory bandwidth is 5.31 TB/s.\n", "utf-8")
    result = cli("check", str(text), "--db", english_db, "--show", "matched")
    assert result.exit_code == 0, result.stderr
    (line,) = [line for line in result.stdout.splitlines() if "5.31 TB/s" in line]
    assert "matched: mi300x hbm.bandwidth = 5.3 TB/s" in line
    assert "the catalog's 5.3 TB/s is this number rounded" in line
    as_json = cli("check", str(text), "--db", english_db, "-f", "json", "--show", "matched")
    (report,) = json.loads(as_json.stdout)["files"]
    assert [r["rounded"] for r in report["results"]] == [True]


def test_strict_fails_on_mismatches_and_optionally_on_unresolved(
    english_db: str, tmp_path: Path, cli: Any
) -> None:
    good = tmp_path / "good.md"
    good.write_text("The A100 has 108 SMs. Its cooler weighs 4 kilos.\n", "utf-8")
    bad = tmp_path / "bad.md"
    bad.write_text("The A100 has 128 SMs.\n", "utf-8")
    assert cli("check", str(good), "--strict", "--db", english_db).exit_code == 0
    assert (
        cli("check", str(good), "--strict", "--strict-unresolved", "--db", english_db).exit_code
        == 1
    )
    assert cli("check", str(bad), "--strict", "--db", english_db).exit_code == 1


def test_standard_input_and_json(
    english_db: str, cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import sys

    stdin = io.TextIOWrapper(io.BytesIO(b"MI300X: 192 GB of HBM3.\n"), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    result = cli("check", "-", "--db", english_db, "-f", "json", "--show", "matched")
    assert result.exit_code == 0, result.stderr
    (report,) = json.loads(result.stdout)["files"]
    assert [(r["number"], r["subject"], r["quantity"]) for r in report["results"]] == [
        ("192 GB", "mi300x", "hbm.capacity")
    ]


def test_a_text_that_is_not_utf8_is_one_line_and_exit_2(
    english_db: str, tmp_path: Path, cli: Any
) -> None:
    text = tmp_path / "latin1.txt"
    text.write_bytes("line one\ncaf\xe9 2 GB\n".encode("latin-1"))
    result = cli("check", str(text), "--db", english_db)
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: {text}:2: not UTF-8 (byte 0xe9 at offset 12); save the text as UTF-8\n"
    )


def test_a_database_never_loaded_is_refused_and_not_created(tmp_path: Path) -> None:
    text = tmp_path / "t.md"
    text.write_text("The A100 has 108 SMs.\n", "utf-8")
    missing = tmp_path / "nowhere.sqlite"
    result = run_cli("check", str(text), "--strict", "--db", f"sqlite:///{missing}")
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: no database at {missing}; run `facts load` first (or point --db at one)\n"
    )
    assert not missing.exists()


def test_an_empty_database_is_refused(db_url: str, tmp_path: Path, cli: Any) -> None:
    assert cli("db", "upgrade", "--db", db_url).exit_code == 0
    text = tmp_path / "t.md"
    text.write_text("The A100 has 108 SMs.\n", "utf-8")
    result = cli("check", str(text), "--db", db_url)
    assert result.exit_code == 2
    assert result.stderr == "error: the database holds no catalog yet; run `facts load` first\n"


def test_coverage_uses_the_same_verdicts(english_db: str, tmp_path: Path, cli: Any) -> None:
    text = tmp_path / "t.md"
    text.write_text(
        "# A\nThe A100 has 108 SMs.\n# B\nThe A100 has 128 SMs. Its cooler weighs 4 kilos.\n",
        "utf-8",
    )
    outline = tmp_path / "outline.tsv"
    outline.write_text("1\tA\n3\tB\n", "utf-8")
    result = cli("coverage", str(text), "--outline", str(outline), "--db", english_db, "-f", "json")
    assert result.exit_code == 0, result.stderr
    sections = {s["section"]: s for s in json.loads(result.stdout)["sections"]}
    assert (sections["A"]["claims"], sections["A"]["backed"]) == (1, 1)
    assert (sections["B"]["claims"], sections["B"]["backed"]) == (2, 1)
    assert sections["B"]["verdicts"] == {"non-claim": 1, "mismatched": 1, "unresolved": 1}


def test_a_text_of_nothing_but_numbers_is_refused_at_once(
    english_db: str, tmp_path: Path, cli: Any
) -> None:
    # 1 MB of numbers on one line would take a minute to judge, number by number
    text = tmp_path / "numbers.txt"
    text.write_text("7.37 TB/s " * 100_000, "utf-8")
    for command in (("check", str(text)), ("coverage", str(text)), ("audit", "--text", str(text))):
        result = cli(*command, "--db", english_db)
        assert result.exit_code == 2, (command, result.stderr)
        (line,) = result.stderr.splitlines()
        assert "holds more than 50,000 numbers" in line and str(text) in line
