"""The project's generic package names resolve to this tree, and each exports what it says."""

from __future__ import annotations

import ast
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


def _module_imports() -> dict[str, set[str]]:
    """Each module of the four packages, and the project modules it imports anywhere in
    it (at the top or inside a function: a deferred import is an import all the same)."""
    files: dict[str, Path] = {}
    for package in ("schema", "db", "derive", "cli"):
        for path in (REPO / package).rglob("*.py"):
            if "versions" in path.parts:
                continue  # alembic's revision scripts
            parts = path.relative_to(REPO).with_suffix("").parts
            files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            found: list[str] = []
            if isinstance(node, ast.Import):
                found = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            graph[name] |= {f for f in found if f in files and f != name}
    return graph


def test_no_two_modules_import_each_other_even_inside_functions() -> None:
    graph = _module_imports()
    cycles = []
    for start in graph:  # a path from a module's imports back to itself
        seen, todo = set(), list(graph[start])
        while todo:
            module = todo.pop()
            if module == start:
                cycles.append(start)
                break
            if module not in seen:
                seen.add(module)
                todo.extend(graph[module])
    assert cycles == []
    assert "db.database" not in graph["db.migrate"]  # the revision is read in db.revision
