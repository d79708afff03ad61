"""Fixtures of the text checks: the course's and an English catalog, loaded once each."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import CATALOG, run_cli

from db.known import loaded_view
from derive.text import CatalogView

HERE = Path(__file__).resolve().parent
SEED = HERE.parents[2] / "shared" / "seed" / "000_a3bd6f229aa44ba3.txt"
ENGLISH = HERE / "english"


def _load(catalog: Path, url: str, *rules: str) -> str:
    result = run_cli("load", str(catalog), *rules, "--db", url)
    assert result.exit_code == 0, result.stderr
    return url


def _own_catalog(factory: pytest.TempPathFactory, name: str) -> CatalogView:
    """A labelled set's own catalog (`tests/text/NAME/catalog`), with the general rules."""
    url = f"sqlite:///{factory.mktemp(name) / 'c.sqlite'}"
    return loaded_view(_load(HERE / name / "catalog", url, "--standard-rules"))


@pytest.fixture(scope="session")
def course_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A SQLite database holding the course's catalog and rules."""
    return _load(
        CATALOG, f"sqlite:///{tmp_path_factory.mktemp('course') / 'c.sqlite'}", "--standard-rules"
    )


@pytest.fixture(scope="session")
def course_view(course_url: str) -> CatalogView:
    """The course's catalog as the text checks see it."""
    return loaded_view(course_url)


@pytest.fixture(scope="session")
def english_view(tmp_path_factory: pytest.TempPathFactory) -> CatalogView:
    """The English test catalog (A100, MI300X, Gaudi 2), with no rules."""
    root = tmp_path_factory.mktemp("english")
    return loaded_view(
        _load(ENGLISH / "catalog", f"sqlite:///{root / 'e.sqlite'}", "--no-standard-rules")
    )


@pytest.fixture(scope="session")
def second_view(tmp_path_factory: pytest.TempPathFactory) -> CatalogView:
    """The audit's second test catalog (A100, L40S, MI300X, MI250X, Gaudi 3, TPU v5e)."""
    root = tmp_path_factory.mktemp("second")
    checks = HERE.parent / "checks"
    url = f"sqlite:///{root / 's.sqlite'}"
    return loaded_view(
        _load(
            checks / "second", url, "--no-standard-rules", "--rules", str(checks / "second-rules")
        )
    )


@pytest.fixture(scope="session")
def own_views(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], CatalogView]:
    """A labelled set's own catalog by the set's name (`tests/text/NAME/catalog`, the
    general rules), each loaded once a session, when first asked for."""
    views: dict[str, CatalogView] = {}

    def view(name: str) -> CatalogView:
        if name not in views:
            views[name] = _own_catalog(tmp_path_factory, name)
        return views[name]

    return view


@pytest.fixture(scope="session")
def fourth_view(own_views: Callable[[str], CatalogView]) -> CatalogView:
    """The fourth test catalog (H100, H200, L4, MI325X, HBM3E), with the general rules."""
    return own_views("fourth")


@pytest.fixture(scope="session")
def course_text() -> str:
    """The course text, which lives beside the project in shared/seed."""
    if not SEED.is_file():
        pytest.skip(f"the course text is not at {SEED}")
    return SEED.read_text("utf-8")
