"""The project's generic package names resolve to this tree, and each exports what it says."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO


@pytest.mark.parametrize("package", ["schema", "db", "derive", "cli"])
def test_packages_resolve_to_this_tree(package: str) -> None:
    module = importlib.import_module(package)
    assert Path(module.__file__ or "").resolve().parent == REPO / package


def test_schema_exports() -> None:
    import schema

    assert set(schema.__all__) == {
        "Catalog",
        "CatalogError",
        "CatalogErrors",
        "Fact",
        "FactsError",
        "NormalValue",
        "Origin",
        "ParsedValue",
        "Quantity",
        "Source",
        "Subject",
        "UnitError",
        "ValueSyntaxError",
        "normalise",
        "parse_value",
        "read_catalog",
    }


def test_help_does_not_import_alembic_or_the_orm() -> None:
    code = (
        "import sys\n"
        "from cli.main import app\n"
        "print(sorted(m for m in ('alembic', 'sqlalchemy.orm', 'pint', 'rich.table') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
