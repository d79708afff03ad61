"""What every command does at its edges: version, a database that is not there, an
output that cannot be written, a URL of another database, and a bug in facts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest


def test_version(cli: Any) -> None:
    result = cli("--version")
    assert result.exit_code == 0
    assert result.stdout.startswith("facts ") and result.stdout.split()[1][0].isdigit()


@pytest.mark.parametrize(
    "command",
    [("show", "tpu-v7"), ("list", "subjects"), ("export", "overview"), ("audit",)],
)
def test_a_reading_command_never_creates_a_database(
    tmp_path: Path, cli: Any, command: tuple[str, ...]
) -> None:
    missing = tmp_path / "mistyped.sqlite"
    result = cli(*command, "--db", f"sqlite:///{missing}")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: no database at {missing}; `facts load CATALOG` with this --db creates it "
        "(or check the path)"
    ]
    assert not missing.exists()


def test_an_output_that_cannot_be_written_is_one_line(tmp_path: Path, cli: Any) -> None:
    template = tmp_path / "t.md"
    template.write_text("nothing from the catalog\n", "utf-8")
    url = f"sqlite:///{tmp_path / 'd.sqlite'}"
    from conftest import CATALOG

    assert cli("load", str(CATALOG), "--standard-rules", "--db", url).exit_code == 0
    result = cli("render", str(template), "--out", "/no/such/folder/x.md", "--db", url)
    assert result.exit_code == 2
    assert (
        result.stderr
        == "error: cannot write /no/such/folder/x.md: there is no folder /no/such/folder\n"
    )


def test_another_database_is_named_and_the_password_hidden(cli: Any) -> None:
    result = cli("show", "x", "--db", "mysql://me:secret@host/db")
    assert result.exit_code == 2
    assert "facts does not run on mysql" in result.stderr and "secret" not in result.stderr
    query = cli("show", "x", "--db", "postgresql+psycopg://me@127.0.0.1:1/db?password=hunter2")
    assert query.exit_code == 2 and "hunter2" not in query.stderr


def test_a_bug_in_facts_is_one_line_and_exit_70(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import cli.main

    def broken(**_: Any) -> None:
        raise RuntimeError("something facts did not expect")

    monkeypatch.setattr(cli.main, "app", broken)
    monkeypatch.delenv("FACTS_DEBUG", raising=False)
    with pytest.raises(SystemExit) as exited:
        cli.main.main()
    assert exited.value.code == 70
    assert capsys.readouterr().err == (
        "internal error: RuntimeError: something facts did not expect (a bug in facts; run "
        "again with FACTS_DEBUG=1 for the traceback)\n"
    )
    monkeypatch.setenv("FACTS_DEBUG", "1")
    with pytest.raises(RuntimeError):
        cli.main.main()
