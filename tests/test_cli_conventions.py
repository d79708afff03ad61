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


def _on_a_terminal(args: list[str], env: dict[str, str]) -> str:
    """What `facts ARGS` prints when its output is a terminal (a pseudo-terminal)."""
    import os
    import pty
    import subprocess
    import sys

    master, slave = pty.openpty()
    facts = str(Path(sys.executable).with_name("facts"))
    process = subprocess.Popen([facts, *args], stdout=slave, stderr=slave, env=env)
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the terminal closes when the process ends
            break
        if not chunk:
            break
        out += chunk
    process.wait(timeout=60)
    os.close(master)
    return out.decode("utf-8", "replace")


def test_a_terminal_table_takes_columns_and_no_color(tmp_path: Path, cli: Any) -> None:
    import os
    import re

    from catalogs import write_catalog

    url = f"sqlite:///{tmp_path / 't.sqlite'}"
    assert cli("load", str(write_catalog(tmp_path / "c")), "--db", url).exit_code == 0
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    coloured = _on_a_terminal(["list", "quantities", "--db", url], {**env, "COLUMNS": "40"})
    assert "\x1b[" in coloured  # bold headers on a terminal
    visible = re.sub(r"\x1b\[[0-9;]*m", "", coloured)
    assert max(len(line) for line in visible.splitlines()) <= 40
    wide = _on_a_terminal(["list", "quantities", "--db", url], {**env, "COLUMNS": "200"})
    assert max(len(line) for line in re.sub(r"\x1b\[[0-9;]*m", "", wide).splitlines()) > 40
    plain = _on_a_terminal(["list", "quantities", "--db", url], {**env, "NO_COLOR": "1"})
    assert "\x1b[" not in plain and "hbm.bandwidth" in plain
