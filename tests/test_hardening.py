"""Bad input at the edges (issue 14): each case is one line on stderr, exit 2, and a
database left as it was; limits are named constants."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from catalogs import CHIP, write_catalog
from conftest import snapshot
from rules_fixtures import chip, fact, write_derivation_catalog

RULE = "rules:\n  - id: r1\n    output: ridge.hbm\n    formula: {formula}\n    description: d\n"
RIDGE_FACTS = chip(
    fact("x.bw", "hbm.bandwidth", "7.37 TB/s") + fact("x.peak", "peak.bf16_dense", "2307 TFLOP/s")
)


def _rules(tmp_path: Path, formula: str) -> tuple[Path, Path]:
    root, rules = write_derivation_catalog(tmp_path / "d", {"chip-x": RIDGE_FACTS})
    (rules / "r.yaml").write_text(RULE.format(formula=formula), "utf-8")
    return root, rules


def _one_error(result: Any) -> str:
    assert result.exit_code == 2, result.stderr
    assert "Traceback" not in result.stderr
    return str(result.stderr.splitlines()[0])


@pytest.mark.parametrize(
    ("formula", "says"),
    [
        (
            " + ".join(["peak.bf16_dense / hbm.bandwidth"] * 1_000),
            "a formula of 33,997 characters is too long; at most 1,000 are read",
        ),
        (
            "(" * 5_000 + "peak.bf16_dense / hbm.bandwidth" + ")" * 5_000,
            "a formula of 10,031 characters is too long; at most 1,000 are read",
        ),
        (
            "(" * 40 + "peak.bf16_dense / hbm.bandwidth" + ")" * 40,
            "parentheses and calls nest more than 32 deep",
        ),
        ("10^400 * peak.bf16_dense / hbm.bandwidth", "an exponent of 400 is too large"),
        (
            "peak.bf16_dense / hbm.bandwidth * hbm.stacks^10000000000",
            "an exponent of 10000000000 is too large; powers go up to 64 either way",
        ),
        (f"ceil({'9' * 400}) * peak.bf16_dense / hbm.bandwidth", "(400 characters) is too large"),
        ("9" * 400 + " * peak.bf16_dense / hbm.bandwidth", "numbers are read between 1e-60 and"),
    ],
    ids=["1000-terms", "5000-parens", "40-parens", "10^400", "x^1e10", "ceil-400", "constant-400"],
)
def test_a_formula_past_a_limit_is_one_line_at_its_place(
    tmp_path: Path, cli: Any, formula: str, says: str
) -> None:
    from derive.formula import MAX_EXPONENT, MAX_FORMULA_DEPTH, MAX_FORMULA_LENGTH

    assert (MAX_FORMULA_LENGTH, MAX_FORMULA_DEPTH, MAX_EXPONENT) == (1_000, 32, 64)
    root, rules = _rules(tmp_path, f"'{formula}'")
    result = cli("load", str(root), "--rules", str(rules))
    line = _one_error(result)
    assert line.startswith("error: rules/r.yaml:4: rules[0].formula: rule r1: ")
    assert says in line
    assert not (tmp_path / "facts.sqlite").exists()


def test_a_derivation_that_overflows_is_a_finding_not_inf(tmp_path: Path, cli: Any) -> None:
    root, rules = _rules(tmp_path, "'1" + "0" * 59 + "^64 * peak.bf16_dense / hbm.bandwidth'")
    assert cli("load", str(root), "--rules", str(rules)).exit_code == 0
    result = cli("derive", "ridge", "--chip", "chip-x")
    assert "inf" not in result.stdout
    assert result.stderr.splitlines() == [
        "could not derive ridge.hbm for chip-x (rule r1): the result is beyond the range of "
        "numbers computed with (about 1.8e308)"
    ]
    audit = cli("audit", "--format", "json")
    assert audit.exit_code == 0
    assert "beyond the range" in audit.stdout


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("9e400 TB/s", "in '9e400 TB/s': 9e400 is too large: numbers are read between 1e-60"),
        ("1e-70 TB/s", "in '1e-70 TB/s': 1e-70 is too small"),
        ("9" * 100 + " TB/s", "999999999999…99999999 (100 characters) is too large"),
    ],
)
def test_a_number_beyond_the_magnitude_read_is_refused(
    db_url: str, tmp_path: Path, cli: Any, value: str, says: str
) -> None:
    from schema.values import MAX_POWER_OF_TEN

    assert MAX_POWER_OF_TEN == 60
    good = write_catalog(tmp_path / "good")
    assert cli("load", str(good), "--db", db_url).exit_code == 0
    before = snapshot(db_url)
    bad = write_catalog(
        tmp_path / "bad", {"subjects/chip-x.yaml": CHIP.replace("7.37 TB/s", value)}
    )
    line = _one_error(cli("load", str(bad), "--db", db_url))
    assert line == f"error: subjects/chip-x.yaml:9: facts[0].value: {says}" or says in line
    assert snapshot(db_url) == before


def test_an_unreadable_catalog_file_is_one_line(
    tmp_path: Path, cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = write_catalog(tmp_path / "c")
    target = root / "subjects" / "chip-x.yaml"
    if os.geteuid() != 0:
        target.chmod(0)
    else:  # root reads through chmod 000: the read fails as it would for anyone else
        real = Path.read_bytes

        def denied(self: Path) -> bytes:
            if self == target:
                raise PermissionError(13, "Permission denied", str(self))
            return real(self)

        monkeypatch.setattr(Path, "read_bytes", denied)
    result = cli("load", str(root))
    assert _one_error(result) == (
        "error: subjects/chip-x.yaml: cannot read the file: Permission denied; check its "
        "permissions"
    )
    assert not (tmp_path / "facts.sqlite").exists()


def test_a_nul_byte_in_a_catalog_file_names_its_line(tmp_path: Path, cli: Any) -> None:
    root = write_catalog(
        tmp_path / "c", {"subjects/chip-x.yaml": CHIP.replace("table 2", "table\x002")}
    )
    assert _one_error(cli("load", str(root))) == (
        "error: subjects/chip-x.yaml:11: a NUL byte (0x00): a catalog file is text; remove it, "
        "or save the file as UTF-8"
    )


@pytest.mark.parametrize("command", [("check",), ("coverage",), ("render",), ("audit", "--text")])
def test_a_text_that_is_not_utf8_is_one_line(tmp_path: Path, cli: Any, command: tuple[str]) -> None:
    url = f"sqlite:///{tmp_path / 'd.sqlite'}"
    assert cli("load", str(write_catalog(tmp_path / "c")), "--db", url).exit_code == 0
    text = tmp_path / "t.md"
    text.write_bytes("Chip X has 7.37 TB/s, café.\n".encode("latin-1"))
    result = cli(*command, str(text), "--db", url)
    assert _one_error(result) == (
        f"error: {text}:1: not UTF-8 (byte 0xe9 at offset 25); save the text as UTF-8"
    )


def test_many_problems_print_a_capped_list(tmp_path: Path, cli: Any) -> None:
    from cli.main import MAX_PRINTED_ERRORS

    facts = "".join(
        f"  - {{id: chip-x.e{i}, quantity: hbm.bandwidth, value: 64 MiB, source: vendor-sheet, "
        "tier: official}\n"
        for i in range(MAX_PRINTED_ERRORS + 30)
    )
    bad = write_catalog(tmp_path / "c", {"subjects/chip-x.yaml": CHIP + facts})
    result = cli("load", str(bad))
    lines = result.stderr.splitlines()
    assert result.exit_code == 2
    assert len(lines) == MAX_PRINTED_ERRORS + 2
    assert lines[-2] == "… and 30 more"
    assert lines[-1] == f"{MAX_PRINTED_ERRORS + 30} problems in the catalog; nothing was loaded"


def _add_args(root: Path, rules: Path, url: str) -> list[str]:
    return [
        "add", "chip-x", "hbm.stacks", "8", "--source", "vendor-sheet", "--tier", "official",
        "--catalog", str(root), "--rules", str(rules), "--db", url,
    ]  # fmt: skip


def test_add_keeps_the_files_mode_and_refuses_the_same_fact_twice(
    db_url: str, tmp_path: Path, cli: Any
) -> None:
    root, rules = write_derivation_catalog(tmp_path, {"chip-x": RIDGE_FACTS})
    file = root / "subjects" / "chip-x.yaml"
    file.chmod(0o644)
    assert cli("load", str(root), "--rules", str(rules), "--db", db_url).exit_code == 0
    first = cli(*_add_args(root, rules, db_url))
    assert first.exit_code == 0, first.stderr
    assert stat.S_IMODE(file.stat().st_mode) == 0o644
    text, before = file.read_text("utf-8"), snapshot(db_url)
    again = cli(*_add_args(root, rules, db_url))
    assert _one_error(again) == (
        f"error: subjects/chip-x.yaml:{text.count(chr(10)) - 4}: fact chip-x.hbm.stacks already "
        "gives chip-x hbm.stacks = 8 from vendor-sheet; nothing was added (a different value, "
        "source or --qualifier makes another fact)"
    )
    assert file.read_text("utf-8") == text and snapshot(db_url) == before


def test_a_no_op_upgrade_makes_no_backup(tmp_path: Path, cli: Any) -> None:
    url = f"sqlite:///{tmp_path / 'd.sqlite'}"
    assert cli("load", str(write_catalog(tmp_path / "c")), "--db", url).exit_code == 0
    for _ in range(2):
        result = cli("db", "upgrade", "--db", url)
        assert result.exit_code == 0
        assert "already; nothing was changed" in result.stdout
    assert sorted(p.name for p in tmp_path.glob("d.sqlite.bak-*")) == []


def test_current_names_a_database_ahead_and_downgrade_names_the_revision(
    tmp_path: Path, cli: Any
) -> None:
    from db.migrations import HEAD_REVISION

    url = f"sqlite:///{tmp_path / 'd.sqlite'}"
    assert cli("db", "upgrade", "--db", url).exit_code == 0
    down = cli("db", "downgrade", "--db", url)
    assert down.exit_code == 0
    assert "-1" not in down.stdout.removeprefix(url)  # the URL's folder may hold "pytest-16"
    assert down.stdout.startswith(f"{url} downgraded to 000{int(HEAD_REVISION) - 1} (")
    base = cli("db", "downgrade", "base", "--db", url)
    assert base.stdout == f"{url} downgraded to empty (no schema)\n"
    assert cli("db", "upgrade", "--db", url).exit_code == 0
    with sqlite3.connect(tmp_path / "d.sqlite") as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0999'")
    conn.close()
    current = cli("db", "current", "--db", url)
    assert current.stdout == (
        f"0999 (head {HEAD_REVISION}, ahead: written by a newer facts; upgrade facts itself)\n"
    )


def test_a_foreign_sqlite_file_is_left_byte_for_byte(tmp_path: Path, cli: Any) -> None:
    path = tmp_path / "mine.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (body TEXT)")
        conn.execute("INSERT INTO notes VALUES ('mine')")
    conn.close()
    before = path.read_bytes()
    for command in (("load", str(write_catalog(tmp_path / "c"))), ("db", "upgrade")):
        result = cli(*command, "--db", f"sqlite:///{path}")
        assert _one_error(result) == (
            f"error: sqlite:///{path} holds tables that are not a facts database; point --db "
            "at another database"
        )
    assert path.read_bytes() == before
    assert not path.with_name("mine.sqlite-wal").exists()


def test_dump_refuses_a_stored_path_outside_its_folder(tmp_path: Path, cli: Any) -> None:
    url = f"sqlite:///{tmp_path / 'd.sqlite'}"
    assert cli("load", str(write_catalog(tmp_path / "c")), "--db", url).exit_code == 0
    with sqlite3.connect(tmp_path / "d.sqlite") as conn:
        conn.execute("UPDATE facts SET file = '../escaped.yaml' WHERE id = 'chip-x.hbm.stacks'")
    conn.close()
    result = cli("dump", "--out", str(tmp_path / "out"), "--db", url)
    assert _one_error(result).startswith(
        "error: the database names a catalog file '../escaped.yaml', which is not a path inside"
    )
    assert not (tmp_path / "escaped.yaml").exists() and not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", ["load", "import"])
def test_the_catalog_lock_never_follows_a_symlink(tmp_path: Path, cli: Any, command: str) -> None:
    # loads and imports (which write into the catalog) both take the catalog lock
    root = write_catalog(tmp_path / "c")
    elsewhere = tmp_path / "elsewhere"
    (root / ".facts.lock").symlink_to(elsewhere)
    table = Path(__file__).resolve().parent / "imports" / "accelerators-long.csv"
    args = ["load", str(root)] if command == "load" else ["import", str(table), "--into", str(root)]
    assert _one_error(cli(*args)) == (
        f"error: {root / '.facts.lock'} is a symbolic link; facts does not follow it: remove it "
        "(facts makes the lock file itself)"
    )
    assert not elsewhere.exists()


def test_a_sqlite_uri_url_is_refused(cli: Any) -> None:
    result = cli("show", "x", "--db", "sqlite:///file:d.sqlite?mode=ro&uri=true")
    assert _one_error(result) == (
        "error: sqlite:///file:d.sqlite: SQLite URI names (?uri=...) are not supported; write "
        "sqlite:///PATH/TO/FILE.sqlite"
    )


def test_plain_tables_in_a_pipe_and_no_escape_codes(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'd.sqlite'}"
    env = {**os.environ, "NO_COLOR": "1", "FACTS_STANDARD_RULES": "false"}
    facts = str(Path(sys.executable).with_name("facts"))
    root, rules = write_derivation_catalog(tmp_path / "d", {"chip-x": RIDGE_FACTS})
    subprocess.run(
        [facts, "load", str(root), "--rules", str(rules), "--db", url], env=env, check=True
    )
    listed = subprocess.run(
        [facts, "list", "rules", "--db", url], env=env, capture_output=True, text=True, check=True
    )
    lines = listed.stdout.splitlines()
    assert lines[0].split("\t")[:3] == ["id", "output", "formula"]
    ridge = [line for line in lines if line.startswith("ridge\t")]
    assert ridge == [
        "ridge\tridge.hbm\tpeak.bf16_dense / hbm.bandwidth\tevery subject\t\t\tridge point"
    ]
    assert "\x1b" not in listed.stdout


def test_derive_all_refuses_a_chip(cli: Any) -> None:
    assert _one_error(cli("derive", "ridge", "--chip", "x", "--all")) == (
        "error: Invalid value: --all rebuilds every derived value of every subject, so it takes "
        "no 'ridge --chip x': drop --all to show those, or the rest to rebuild all (see `facts "
        "derive --help`)"
    )


def test_help_shows_no_bool_metavar_and_completion_is_offered(cli: Any) -> None:
    for command in (("derive",), ("load",), ("audit",), ("show",), ()):
        result = cli(*command, "--help")
        assert result.exit_code == 0
        assert "<bool>" not in result.stdout
    assert "--show-completion" in cli("--help").stdout


def test_a_usage_mistake_is_one_line(cli: Any) -> None:
    assert _one_error(cli("show", "x", "--frob")) == (
        "error: No such option: --frob (Possible options: --db) (see `facts show --help`)"
    )


def test_four_first_loads_at_once_all_succeed(db_url: str, tmp_path: Path) -> None:
    root = write_catalog(tmp_path / "c")
    env = {**os.environ, "FACTS_STANDARD_RULES": "false"}
    facts = str(Path(sys.executable).with_name("facts"))
    workers = [
        subprocess.Popen(
            [facts, "load", str(root), "--db", db_url, "-f", "json"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    outcomes = [(w.wait(timeout=120), *w.communicate()) for w in workers]
    assert [code for code, _, _ in outcomes] == [0, 0, 0, 0], [err for _, _, err in outcomes]
    reports = [json.loads(out) for _, out, _ in outcomes]
    assert sorted(r["unchanged"] for r in reports) == [False, True, True, True]
    assert all(r["facts"] == 2 for r in reports)
    assert list(tmp_path.glob("*.bak-*")) == []
