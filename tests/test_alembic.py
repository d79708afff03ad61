"""pytest-alembic's checks of the migrations, on every backend under test."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pytest_alembic.tests import (
    test_model_definitions_match_ddl,
    test_single_head_revision,
    test_up_down_consistency,
    test_upgrade,
)

from db.migrate import MIGRATIONS

__all__ = [
    "test_model_definitions_match_ddl",
    "test_single_head_revision",
    "test_up_down_consistency",
    "test_upgrade",
]


@pytest.fixture
def alembic_config() -> dict[str, Any]:
    return {"script_location": str(MIGRATIONS)}


@pytest.fixture
def alembic_engine(db_url: str) -> Iterator[Any]:
    from db.database import make_engine

    engine = make_engine(db_url)
    yield engine
    engine.dispose()
