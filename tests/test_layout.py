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


def test_read_commands_never_import_alembic_or_the_orm(tmp_path: Path) -> None:
    from conftest import CATALOG, run_cli

    url = f"sqlite:///{tmp_path / 'read.sqlite'}"
    assert run_cli("load", str(CATALOG), "--standard-rules", "--db", url).exit_code == 0
    for args in (
        ["derive", "ridge", "--chip", "tpu-v7"],
        ["show", "tpu-v7", "hbm"],
        ["list", "rules"],
        ["history", "gb200", "peak.bf16_dense"],
    ):
        code = (
            "import sys\n"
            f"sys.argv = ['facts', *{args!r}, '--db', {url!r}]\n"
            "from cli.main import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('alembic', 'sqlalchemy', 'pint', 'schema.models') "
            "if m in sys.modules), file=sys.stderr)"
        )
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        )
        assert out.stderr.strip().splitlines()[-1] == "[]", args


def test_audit_exports() -> None:
    import derive.audit
    import derive.checks

    assert set(derive.audit.__all__) == {"KINDS", "Finding", "audit", "finish"}
    assert set(derive.checks.__all__) == {"KINDS", "Finding", "Scope", "finding_id", "run"}
