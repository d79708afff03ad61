"""Fixtures: a fresh database per test on each selected backend, and a CLI runner.

Backends: `--backend sqlite,postgresql` or FACTS_TEST_BACKENDS (default sqlite).
PostgreSQL tests create a database of their own on the server named by
FACTS_TEST_PG_URL (default: the local socket as the current user) and drop it.
"""

from __future__ import annotations

import io
import os
import shutil
import sys
import uuid
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)
"""CI (CI=true) runs many examples of the fuzz tests, `make test` a few; HYPOTHESIS_PROFILE
picks one by name."""

REPO = Path(__file__).resolve().parent.parent
CATALOG = REPO / "facts"
RULES = CATALOG / "rules"
"""The course's own rules (the product's general rules are read beside them)."""
PG_ADMIN_DEFAULT = "postgresql+psycopg://root@/postgres?host=/var/run/postgresql"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--backend",
        default=os.environ.get("FACTS_TEST_BACKENDS", "sqlite"),
        help="comma-separated database backends to run on: sqlite, postgresql",
    )


def _backends(config: pytest.Config) -> list[str]:
    chosen = [b.strip() for b in str(config.getoption("--backend")).split(",") if b.strip()]
    unknown = set(chosen) - {"sqlite", "postgresql"}
    if unknown:
        raise pytest.UsageError(f"unknown backend(s): {', '.join(sorted(unknown))}")
    return chosen


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Stress tests run in CI (CI=true) or with FACTS_STRESS=1; `make test` skips them."""
    if os.environ.get("CI") or os.environ.get("FACTS_STRESS"):
        return
    skip = pytest.mark.skip(reason="a stress test: CI runs it (or FACTS_STRESS=1 make test)")
    for item in items:
        if "stress" in item.keywords:
            item.add_marker(skip)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "db_url" in metafunc.fixturenames:
        metafunc.parametrize("backend", _backends(metafunc.config), scope="function")


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test touches a real database: work in a temporary folder, no FACTS_DB_URL.

    Small test catalogs bring rules of their own, so by default the product's general
    rules are left out; a test that wants them says `--standard-rules` (the course's
    own rules are read from its catalog's rules/ folder).
    """
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("FACTS_DB_URL", raising=False)
    monkeypatch.delenv("FACTS_RULES_DIR", raising=False)
    monkeypatch.setenv("FACTS_STANDARD_RULES", "false")


@pytest.fixture
def db_url(backend: str, tmp_path: Path) -> Iterator[str]:
    """The URL of a fresh, empty database on the backend under test."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'test.sqlite'}"
        return
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    admin_url = make_url(os.environ.get("FACTS_TEST_PG_URL", PG_ADMIN_DEFAULT))
    name = f"facts_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield admin_url.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@dataclass
class Result:
    """What a command printed and returned."""

    exit_code: int
    stdout: str
    stderr: str


def run_cli(*args: str) -> Result:
    """Run `facts ARGS...` in this process, as a user would from a shell."""
    from cli.main import main

    out, err = io.StringIO(), io.StringIO()
    saved = sys.argv
    sys.argv = ["facts", *args]
    code = 0
    try:
        with redirect_stdout(out), redirect_stderr(err):
            main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.argv = saved
    return Result(code, out.getvalue(), err.getvalue())


@pytest.fixture
def cli() -> Any:
    """The in-process `facts` runner."""
    return run_cli


@pytest.fixture
def catalog_copy(tmp_path: Path) -> Path:
    """A writable copy of the project's real catalog."""
    target = tmp_path / "catalog"
    shutil.copytree(CATALOG, target)
    return target


def table_rows(url: str, ignore: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """Every row of every table, sorted, without the columns named in `ignore`."""
    from sqlalchemy import MetaData, create_engine, select

    engine = create_engine(url)
    try:
        meta = MetaData()
        meta.reflect(engine)
        with engine.connect() as conn:
            return {
                name: sorted(
                    repr({k: v for k, v in row._mapping.items() if k not in ignore})
                    for row in conn.execute(select(table))
                )
                for name, table in meta.tables.items()
            }
    finally:
        engine.dispose()


def snapshot(url: str) -> Any:
    """The database's state: file bytes for SQLite, every row of every table otherwise."""
    if url.startswith("sqlite:///"):
        path = Path(url.removeprefix("sqlite:///"))
        files = [path, path.with_name(path.name + "-wal")]
        return {f.name: f.read_bytes() for f in files if f.exists()}
    return table_rows(url)
