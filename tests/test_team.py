"""Several authors at once, and a load killed halfway: nothing lost, nothing half-written."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO, table_rows
from rules_fixtures import chip, fact, write_derivation_catalog

FACTS = [
    sys.executable,
    "-c",
    "import sys; from cli.main import main; sys.argv = ['facts', *sys.argv[1:]]; main()",
]


def _run(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen(
        [*FACTS, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )


def _ok(*args: str) -> None:
    worker = _run(*args)
    _, err = worker.communicate(timeout=300)
    assert worker.returncode == 0, err


def _facts(url: str) -> list[tuple[Any, ...]]:
    """The facts a catalog holds, as any backend returns them."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                text(
                    "SELECT id, subject_id, quantity_id, literal, tier, source_id, status, "
                    "CAST(value_norm AS TEXT) FROM facts ORDER BY id"
                )
            )
            return [tuple(row) for row in rows]
    finally:
        engine.dispose()


@pytest.mark.stress
def test_authors_adding_and_loading_at_once_lose_nothing(db_url: str, tmp_path: Path) -> None:
    base = chip(fact("x.bw", "hbm.bandwidth", "7.37 TB/s"))
    root, rules = write_derivation_catalog(tmp_path / "shared", {"chip-x": base})
    common = ["--catalog", str(root), "--rules", str(rules), "--db", db_url]
    _ok("load", str(root), "--rules", str(rules), "--db", db_url)
    workers = [
        _run(
            "add",
            "chip-x",
            "peak.bf16_dense",
            f"{2000 + i} TFLOP/s",
            "--id",
            f"x.peak{i}",
            "--source",
            "vendor-sheet",
            "--tier",
            "measured",
            *common,
        )
        for i in range(4)
    ] + [_run("load", str(root), "--rules", str(rules), "--db", db_url) for _ in range(2)]
    for worker in workers:
        _, err = worker.communicate(timeout=120)
        assert worker.returncode == 0, err
        assert "locked" not in err
    # The serial result: the final files loaded once into a fresh database.
    serial = f"sqlite:///{tmp_path / 'serial.sqlite'}"
    _ok("load", str(root), "--rules", str(rules), "--db", serial)
    assert _facts(db_url) == _facts(serial)
    assert sum(row[0].startswith("x.peak") for row in _facts(db_url)) == 4


@pytest.mark.stress
def test_a_load_killed_halfway_leaves_the_database_as_it_was(db_url: str, tmp_path: Path) -> None:
    sys.path.insert(0, str(REPO / "bench"))
    from generate import generate

    small = generate(tmp_path / "small", 200)
    large = generate(tmp_path / "large", 20_000, seed=2)
    small_args = (str(small / "catalog"), "--rules", str(small / "rules"), "--db", db_url)
    _ok("load", str(large / "catalog"), "--rules", str(large / "rules"), "--db", db_url)
    finished = table_rows(db_url)  # what the large load leaves when it is let finish
    _ok("load", *small_args)
    before = table_rows(db_url)
    # Kill it at a random moment of its run: how long a whole load takes is measured first.
    start = time.perf_counter()
    _ok(
        "load",
        str(large / "catalog"),
        "--rules",
        str(large / "rules"),
        "--db",
        f"sqlite:///{tmp_path / 'timing.sqlite'}",
    )
    duration = time.perf_counter() - start
    killed = False
    for fraction in (random.uniform(0.3, 0.9), 0.5, 0.3):
        worker = _run(
            "load", str(large / "catalog"), "--rules", str(large / "rules"), "--db", db_url
        )
        time.sleep(duration * fraction)
        worker.send_signal(signal.SIGKILL)
        worker.communicate()
        if worker.returncode == -signal.SIGKILL:
            killed = True
            break
        _ok("load", *small_args)
        before = table_rows(db_url)  # it finished: start again from the small catalog
    assert killed, "every load finished before it could be killed"
    # Killed before its commit, the load left nothing; killed after it, while the
    # process was exiting, it left the whole new catalog, as a load let finish does.
    assert table_rows(db_url) in (before, finished)
    if db_url.startswith("sqlite"):
        import sqlite3

        path = db_url.removeprefix("sqlite:///")
        assert sqlite3.connect(path).execute("PRAGMA integrity_check").fetchone() == ("ok",)
