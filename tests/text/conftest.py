"""Fixtures of the text checks: the course's and an English catalog, loaded once each."""

from __future__ import annotations

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
def fourth_view(tmp_path_factory: pytest.TempPathFactory) -> CatalogView:
    """The fourth test catalog (H100, H200, L4, MI325X, HBM3E), with the general rules."""
    return _own_catalog(tmp_path_factory, "fourth")


@pytest.fixture(scope="session")
def fifth_view(tmp_path_factory: pytest.TempPathFactory) -> CatalogView:
    """The fifth test catalog (MI300A, TPU v5p, RTX 6000 Ada, WSE-3, HBM2E), general rules."""
    return _own_catalog(tmp_path_factory, "fifth")


@pytest.fixture(scope="session")
def sixth_view(tmp_path_factory: pytest.TempPathFactory) -> CatalogView:
    """The sixth test catalog (V100, TPU v3, MI210, Trainium2, HBM2), general rules."""
    return _own_catalog(tmp_path_factory, "sixth")


@pytest.fixture(scope="session")
def seventh_view(tmp_path_factory: pytest.TempPathFactory) -> CatalogView:
    """The seventh test catalog (P100, MI100, Max 1550, GC200, A40, GDDR6), general rules."""
    return _own_catalog(tmp_path_factory, "seventh")


@pytest.fixture(scope="session")
def eighth_view(tmp_path_factory: pytest.TempPathFactory) -> CatalogView:
    """The eighth test catalog (Ascend 910, Gaudi 2, Inferentia2, RTX 4090, GroqChip,
    LPDDR5X), general rules."""
    return _own_catalog(tmp_path_factory, "eighth")


@pytest.fixture(scope="session")
def ninth_view(tmp_path_factory: pytest.TempPathFactory) -> CatalogView:
    """The ninth test catalog (T4, TPU v2 and its pod, Maia 100, Wormhole n300, Trainium,
    HBM4), general rules."""
    return _own_catalog(tmp_path_factory, "ninth")


@pytest.fixture(scope="session")
def tenth_view(tmp_path_factory: pytest.TempPathFactory) -> CatalogView:
    """The tenth test catalog (A30, H20, Gaudi, WSE-2, SN40L, GDDR7), general rules."""
    return _own_catalog(tmp_path_factory, "tenth")


@pytest.fixture(scope="session")
def eleventh_view(tmp_path_factory: pytest.TempPathFactory) -> CatalogView:
    """The eleventh test catalog (TPU v4 and its pod, MI250, A10, Cloud AI 100, Bow IPU,
    DDR5), general rules."""
    return _own_catalog(tmp_path_factory, "eleventh")


@pytest.fixture(scope="session")
def twelfth_view(tmp_path_factory: pytest.TempPathFactory) -> CatalogView:
    """The twelfth test catalog (TPU v6e, Ascend 910B, L40, MI60, Max 1100, GDDR6X),
    general rules."""
    return _own_catalog(tmp_path_factory, "twelfth")


@pytest.fixture(scope="session")
def thirteenth_view(tmp_path_factory: pytest.TempPathFactory) -> CatalogView:
    """The thirteenth test catalog (V100 PCIe, Jetson AGX Orin, A2, Radeon Pro W7900,
    Grayskull e150, Arc A770, LPDDR5), general rules."""
    return _own_catalog(tmp_path_factory, "thirteenth")


@pytest.fixture(scope="session")
def fourteenth_view(tmp_path_factory: pytest.TempPathFactory) -> CatalogView:
    """The fourteenth test catalog (Dojo D1, Tesla P40, MI25, Inferentia, Colossus GC2,
    GDDR5X), general rules."""
    return _own_catalog(tmp_path_factory, "fourteenth")


@pytest.fixture(scope="session")
def course_text() -> str:
    """The course text, which lives beside the project in shared/seed."""
    if not SEED.is_file():
        pytest.skip(f"the course text is not at {SEED}")
    return SEED.read_text("utf-8")
