"""Fuzzing: a small catalog mutated line by line, and command lines put together from
pieces; whatever comes in, `facts` answers with exit 0 or 2, no traceback, one line
per problem, and a refusal leaves the database byte for byte as it was.

On PostgreSQL the mutated catalogs are loaded into one database, which a refusal
leaves row for row as it was. The number of examples is the hypothesis profile's
(tests/conftest.py): a few under `make test`, many in CI (CI=true).
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from catalogs import CHIP, QUANTITIES, SOURCES, write_catalog
from conftest import run_cli, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

FILES = {"sources.yaml": SOURCES, "quantities.yaml": QUANTITIES, "subjects/chip-x.yaml": CHIP}
NASTY = [
    "", "[", "]", "{", "}", "&a", "*a", "!!binary", "!!python/object:os.system", "---", "? x",
    "null", "~", "yes", "1e400", "9" * 400, "-", "- -", ":", "'", '"', "\t", "\x00", "\x1b[31m",
    "\u202e", "é", "𝟘", "TB/s", "7.37 TB/s", "64 MiB", "2026-13", "derived", "<<: *a", "%YAML 1.1",
]  # fmt: skip
LINE = st.one_of(st.sampled_from(NASTY), st.text(max_size=40))


def _lines() -> list[tuple[str, int]]:
    return [(name, i) for name, text in FILES.items() for i in range(len(text.splitlines()))]


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, str | bytes]:
    """The small catalog with one to three lines replaced, cut, doubled or garbled."""
    files: dict[str, str | bytes] = dict(FILES)
    for _ in range(draw(st.integers(1, 3))):
        name, index = draw(st.sampled_from(_lines()))
        text = files[name]
        lines = (text if isinstance(text, str) else text.decode("utf-8", "replace")).splitlines()
        index = min(index, len(lines) - 1) if lines else 0
        how = draw(st.sampled_from(["value", "line", "cut", "double", "bytes", "indent"]))
        if not lines:
            continue
        if how == "value" and ":" in lines[index]:
            key = lines[index].split(":", 1)[0]
            lines[index] = f"{key}: {draw(LINE)}"
        elif how == "line":
            lines[index] = draw(LINE)
        elif how == "cut":
            del lines[index]
        elif how == "double":
            lines.insert(index, lines[index])
        elif how == "indent":
            lines[index] = " " * draw(st.integers(0, 7)) + lines[index].lstrip()
        if how == "bytes":
            raw = "\n".join(lines).encode("utf-8")
            at = draw(st.integers(0, len(raw)))
            files[name] = raw[:at] + draw(st.binary(min_size=1, max_size=4)) + raw[at:]
        else:
            files[name] = "\n".join(lines) + "\n"
    return files


@pytest.fixture(scope="module")
def loaded() -> Iterator[tuple[Path, Path]]:
    """A loaded SQLite database of the small catalog: its catalog and its file."""
    folder = Path(tempfile.mkdtemp(prefix="facts-fuzz-"))
    root = write_catalog(folder / "good")
    url = f"sqlite:///{folder / 'base.sqlite'}"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("FACTS_STANDARD_RULES", "false")
        assert run_cli("load", str(root), "--db", url).exit_code == 0
    yield root, folder / "base.sqlite"
    shutil.rmtree(folder, ignore_errors=True)


def _check(result: Any) -> None:
    assert result.exit_code in (0, 2), (result.exit_code, result.stderr)
    assert "Traceback" not in result.stderr + result.stdout
    assert "internal error" not in result.stderr
    if result.exit_code == 2:
        lines = result.stderr.splitlines()
        assert lines, "a refusal says why"
        for line in lines:  # one line per problem, then at most a count
            assert line.startswith(("error: ", "… and ")) or line.endswith("nothing was loaded")


def _database(work: Path, data: bytes) -> tuple[str, Path]:
    path = work / "facts.sqlite"
    path.write_bytes(data)
    return f"sqlite:///{path}", path


@given(files=mutated())
def test_a_mutated_catalog_loads_or_is_refused_cleanly(
    files: dict[str, str | bytes], loaded: tuple[Path, Path]
) -> None:
    data = loaded[1].read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        url, path = _database(work, data)
        root = write_catalog(work / "cat", files)
        result = run_cli("load", str(root), "--db", url)
        _check(result)
        if result.exit_code != 0:
            assert path.read_bytes() == data
            wal = path.with_name("facts.sqlite-wal")
            assert not wal.exists() or wal.stat().st_size == 0


@pytest.fixture
def postgresql_loaded(db_url: str, backend: str) -> str:
    """A PostgreSQL database holding the small catalog (the SQLite run is the test above)."""
    if backend != "postgresql":
        pytest.skip("the byte-for-byte SQLite case is the test above")
    with tempfile.TemporaryDirectory() as tmp:
        root = write_catalog(Path(tmp) / "good")
        assert run_cli("load", str(root), "--db", db_url).exit_code == 0
    return db_url


POSTGRESQL_SHARE = 5
"""A load into PostgreSQL costs up to a second: a fifth of the profile's examples."""


@settings(max_examples=max(8, settings().max_examples // POSTGRESQL_SHARE))
@given(files=mutated())
def test_a_mutated_catalog_is_refused_on_postgresql_row_for_row(
    files: dict[str, str | bytes], postgresql_loaded: str
) -> None:
    before = snapshot(postgresql_loaded)
    with tempfile.TemporaryDirectory() as tmp:
        root = write_catalog(Path(tmp) / "cat", files)
        result = run_cli("load", str(root), "--db", postgresql_loaded)
    _check(result)
    if result.exit_code != 0:
        assert snapshot(postgresql_loaded) == before


WORDS = [
    "show", "list", "derive", "audit", "export", "history", "dump", "validate", "db",
    "current", "subjects", "quantities", "sources", "rules", "tables", "chip-x", "Xeno",
    "hbm", "hbm.bandwidth", "ridge", "nope", "--chip", "--all", "--format", "json", "text",
    "-f", "--limit", "0", "-1", "x", "--source", "vendor-sheet", "--db", "--out", "--help",
    "--reload", "--rules", "--standard-rules", "--no-standard-rules", "--text", "", "--",
    "é", "../x", "/", "%s", "{}", "\u202e", "9" * 30,
]  # fmt: skip


@given(words=st.lists(st.sampled_from(WORDS), min_size=1, max_size=6))
def test_a_command_line_of_pieces_answers_cleanly(
    words: list[str], loaded: tuple[Path, Path]
) -> None:
    root, data = loaded[0], loaded[1].read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        url, path = _database(work, data)
        args = [url if prev == "--db" else w for prev, w in zip(["", *words], words, strict=False)]
        args = [
            str(work / "out") if prev == "--out" else w
            for prev, w in zip(["", *args], args, strict=False)
        ]
        if "--db" not in args:
            args += ["--db", url]
        result = run_cli(*args)
        _check(result)
        if result.exit_code != 0:
            assert path.read_bytes() == data
    assert root.is_dir()
