"""The commands as a user runs them: what they print, in text and JSON."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest
import typer.main
from catalogs import SOURCES, write_catalog

from cli.main import app


@pytest.fixture
def small(db_url: str, tmp_path: Path, cli: Any) -> str:
    assert cli("load", str(write_catalog(tmp_path / "cat")), "--db", db_url).exit_code == 0
    return db_url


def test_show_prints_value_as_written_unit_tier_source_locator_and_date(
    small: str, cli: Any
) -> None:
    result = cli("show", "chip-x", "hbm.bandwidth", "--db", small)
    assert result.exit_code == 0
    row = result.stdout.splitlines()[2].split()
    assert row == [
        "hbm.bandwidth",
        "7.37",
        "TB/s",
        "TB/s",
        "official",
        "Chip",
        "X",
        "datasheet",
        "table",
        "2",
        "2025-04-09",
    ]


def test_show_finds_a_subject_by_alias_and_a_quantity_by_prefix(small: str, cli: Any) -> None:
    result = cli("show", "xeno", "hbm", "--db", small, "--format", "json")
    assert result.exit_code == 0
    facts = json.loads(result.stdout)
    assert [(f["quantity"], f["literal"], f["value_norm"], f["reference_unit"]) for f in facts] == [
        ("hbm.bandwidth", "7.37 TB/s", "7370", "GB/s"),
        ("hbm.stacks", "8", "8", ""),
    ]
    assert facts[0]["source_title"] == "Chip X datasheet"


def test_show_unknown_subject_suggests_the_closest(small: str, cli: Any) -> None:
    result = cli("show", "chip-y", "--db", small)
    assert result.exit_code == 2
    assert result.stderr == "error: no subject 'chip-y'; did you mean chip-x?\n"


def test_show_hides_superseded_facts_unless_asked(db_url: str, tmp_path: Path, cli: Any) -> None:
    corrected = tmp_path / "cat"
    write_catalog(corrected)
    extra = corrected / "subjects" / "chip-x.yaml"
    extra.write_text(
        extra.read_text()
        + (
            "  - id: chip-x.hbm.bandwidth@v2\n    quantity: hbm.bandwidth\n    value: 8 TB/s\n"
            "    source: vendor-sheet\n    tier: official\n    date: 2025-06-01\n"
            "    supersedes: chip-x.hbm.bandwidth\n    reason: datasheet revision B\n"
        )
    )
    assert cli("load", str(corrected), "--db", db_url).exit_code == 0
    now = json.loads(cli("show", "chip-x", "hbm.bandwidth", "--db", db_url, "-f", "json").stdout)
    assert [f["literal"] for f in now] == ["8 TB/s"]
    every = json.loads(
        cli("show", "chip-x", "hbm.bandwidth", "--all", "--db", db_url, "-f", "json").stdout
    )
    assert [(f["literal"], f["status"]) for f in every] == [
        ("7.37 TB/s", "superseded"),
        ("8 TB/s", "current"),
    ]


def test_list_each_kind_as_json(small: str, cli: Any) -> None:
    subjects = json.loads(cli("list", "subjects", "--db", small, "-f", "json").stdout)
    quantities = json.loads(cli("list", "quantities", "--db", small, "-f", "json").stdout)
    sources = json.loads(cli("list", "sources", "--db", small, "-f", "json").stdout)
    assert [s["id"] for s in subjects] == ["chip-x"]
    # the catalog's own quantities, and those of the standard vocabulary it includes
    listed = {q["id"]: (q["unit"], q["is_count"]) for q in quantities}
    assert listed["hbm.bandwidth"] == ("GB/s", False)
    assert listed["hbm.stacks"] == ("", True)
    assert listed["ridge.hbm"] == ("FLOP/B", False)
    assert "vendor-sheet" in [s["id"] for s in sources]


def test_a_sources_list_says_when_each_was_read(db_url: str, tmp_path: Path, cli: Any) -> None:
    files = {"sources.yaml": SOURCES + "    accessed: 2025-04-09\n"}
    assert cli("load", str(write_catalog(tmp_path / "cat", files)), "--db", db_url).exit_code == 0
    sources = json.loads(cli("list", "sources", "--db", db_url, "-f", "json").stdout)
    assert {s["id"]: s["accessed"] for s in sources}["vendor-sheet"] == "2025-04-09"
    from db.rawsql import reading

    with reading(db_url) as reader:  # a date, as the ORM reads it, not the stored text
        row = reader.all("SELECT accessed FROM sources WHERE id = 'vendor-sheet'")
        assert row == [{"accessed": dt.date(2025, 4, 9)}]


def test_load_reports_what_it_wrote(db_url: str, tmp_path: Path, cli: Any) -> None:
    result = cli("load", str(write_catalog(tmp_path / "cat")), "--db", db_url, "-f", "json")
    assert json.loads(result.stdout)["facts"] == 2


def test_default_database_is_sqlite_in_the_working_directory(tmp_path: Path, cli: Any) -> None:
    assert cli("load", str(write_catalog(tmp_path / "cat"))).exit_code == 0
    assert (tmp_path / "facts.sqlite").exists()
    assert "chip-x" in cli("list", "subjects").stdout


def test_environment_variable_selects_the_database(
    tmp_path: Path, cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FACTS_DB_URL", f"sqlite:///{tmp_path / 'env.sqlite'}")
    assert cli("load", str(write_catalog(tmp_path / "cat"))).exit_code == 0
    assert (tmp_path / "env.sqlite").exists()
    assert not (tmp_path / "facts.sqlite").exists()


def test_a_password_in_the_url_is_never_printed(cli: Any) -> None:
    result = cli("list", "subjects", "--db", "postgresql+psycopg://bob:s3cret@127.0.0.1:1/x")
    assert result.exit_code == 2
    assert "s3cret" not in result.stderr
    assert result.stderr.startswith("error: cannot open postgresql+psycopg://bob:***@127.0.0.1:1/x")
    assert len(result.stderr.splitlines()) == 1


def test_usage_mistakes_exit_2(cli: Any) -> None:
    result = cli("list", "widgets")
    assert result.exit_code == 2
    assert "Invalid value" in result.stderr or "is not one of" in result.stderr


def test_every_command_has_help_text() -> None:
    group = typer.main.get_group(app)
    commands = dict(group.commands)
    for sub in list(commands.values()):
        commands.update({f"{sub.name} {n}": c for n, c in getattr(sub, "commands", {}).items()})
    assert {
        "load",
        "show",
        "list",
        "dump",
        "db",
        "db upgrade",
        "db downgrade",
        "db current",
    } <= set(commands)
    for name, command in commands.items():
        assert command.help, f"{name} has no help"
