"""The project's generic package names resolve to this tree, and each exports what it says."""

from __future__ import annotations

import ast
import glob
import importlib
import re
import subprocess
import sys
import tomllib
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO


@pytest.mark.parametrize("package", ["schema", "db", "derive", "cli"])
def test_packages_resolve_to_this_tree(package: str) -> None:
    module = importlib.import_module(package)
    assert Path(module.__file__ or "").resolve().parent == REPO / package


PACKAGES = sorted(
    ".".join(init.relative_to(REPO).parent.parts)
    for layer in ("schema", "db", "derive")
    for init in (REPO / layer).rglob("__init__.py")
)


@pytest.mark.parametrize("package", PACKAGES)
def test_every_package_states_its_public_names_and_each_resolves(package: str) -> None:
    module = importlib.import_module(package)
    names = getattr(module, "__all__", None)
    assert names, f"{package}/__init__.py states no __all__"
    for name in names:
        assert getattr(module, name) is not None, (package, name)


@pytest.mark.parametrize("layer", ["schema", "db", "derive"])
def test_every_error_a_layer_raises_is_one_of_its_public_names(layer: str) -> None:
    errors = importlib.import_module(f"{layer}.errors")
    raised = {
        name
        for name, value in vars(errors).items()
        if isinstance(value, type)
        and issubclass(value, Exception)
        and value.__module__ == errors.__name__
    }
    assert raised, layer
    assert raised <= set(importlib.import_module(layer).__all__), layer


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

    assert set(derive.audit.__all__) == {"KINDS", "Finding", "Kind", "audit", "finish"}
    assert set(derive.checks.__all__) == {"KINDS", "Finding", "Scope", "finding_id", "run"}


def _module_imports() -> dict[str, set[str]]:
    """Each module of the four packages, and the project modules it imports anywhere in
    it (at the top or inside a function: a deferred import is an import all the same).

    Importing `a.b.c` runs `a/__init__.py` and `a/b/__init__.py` first: those packages
    count as imported too, except the packages the importing module is itself inside
    (they have run before it, whatever it imports)."""
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
            packages = {
                ".".join(f.split(".")[:n]) for f in found for n in range(1, f.count(".") + 1)
            }
            graph[name] |= {
                f
                for f in {*found, *packages}
                if f in files and f != name and not name.startswith(f"{f}.")
            }
    return graph


def test_no_two_modules_import_each_other_even_inside_functions() -> None:
    graph = _module_imports()
    cycles = []
    for start in sorted(graph):  # a path from a module's imports back to itself
        came_from: dict[str, str] = {}
        todo = [start]
        while todo and start not in came_from:
            module = todo.pop()
            for imported in sorted(graph[module]):
                if imported not in came_from:
                    came_from[imported] = module
                    todo.append(imported)
        if start in came_from:
            path = [start]
            while len(path) == 1 or path[-1] != start:
                path.append(came_from[path[-1]])
            cycles.append(" <- ".join(path))
    assert cycles == []
    assert "db.database" not in graph["db.migrate"]  # the revision is read in db.revision


_NOT_DRAWN = {
    "db.incremental.TakeTheWholeWay": "control flow: a load's quick way gives way to the "
    "whole way inside db.sync; it never leaves the load",
}
"""Exception classes an errors module's tree leaves out, each with its reason (private
classes, a leading underscore, are left out too: they never leave their module)."""

_ENTRY = re.compile(r"(?P<lead>[ │├└─]*)(?P<name>[A-Z]\w*)(?P<rest>.*)")


def _exception_classes(package: str) -> list[type[BaseException]]:
    """The public exception classes defined in the modules of `package`."""
    found: list[type[BaseException]] = []
    for path in sorted((REPO / package).rglob("*.py")):
        parts = path.relative_to(REPO).with_suffix("").parts
        if "migrations" in parts and parts[-1] != "__init__":
            continue  # alembic's environment and revision scripts run only under alembic
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        for value in vars(importlib.import_module(name)).values():
            if (
                isinstance(value, type)
                and issubclass(value, BaseException)
                and value.__module__ == name
                and not value.__name__.startswith("_")
                and f"{name}.{value.__name__}" not in _NOT_DRAWN
            ):
                found.append(value)
    return found


def _drawn_tree(doc: str) -> dict[str, tuple[str | None, str]]:
    """The entries of the trees a docstring draws: each name, with the name of the
    nearest entry drawn less indented above it (None for a root) and the rest of its
    line. An entry is a line that branches (├── or └──), or a root: a name whose next
    line branches."""
    lines = doc.splitlines()
    above: list[tuple[int, str]] = []
    drawn: dict[str, tuple[str | None, str]] = {}
    for index, line in enumerate(lines):
        entry = _ENTRY.fullmatch(line)
        if entry is None:
            continue
        following = lines[index + 1].lstrip(" │") if index + 1 < len(lines) else ""
        branch = "├" in entry["lead"] or "└" in entry["lead"]
        if not branch and not following.startswith(("├", "└")):
            continue  # prose
        column = len(entry["lead"])
        parent = next((name for at, name in reversed(above) if at < column), None)
        above.append((column, entry["name"]))
        drawn[entry["name"]] = (parent, entry["rest"])
    return drawn


@pytest.mark.parametrize("package", ["schema", "db", "derive"])
def test_the_errors_tree_draws_every_exception_class_under_its_base(package: str) -> None:
    errors = importlib.import_module(f"{package}.errors")
    drawn = _drawn_tree(errors.__doc__ or "")
    classes = _exception_classes(package)
    assert classes, package
    for cls in classes:
        assert cls.__name__ in drawn, f"{cls.__module__}.{cls.__name__} is not drawn"
        parent, rest = drawn[cls.__name__]
        bases = [base.__name__ for base in cls.__bases__]
        if parent is None:  # a root: it stands on the builtins alone
            assert all(base.__module__ == "builtins" for base in cls.__bases__), cls
        else:
            assert parent in bases, f"{cls.__name__} is drawn under {parent}, not a base"
        others = [base for base in bases if base != parent and base != "Exception"]
        assert all(re.search(rf"\b{base}\b", rest) for base in others), (cls, others)
    named = {c.__name__ for c in classes} | {b.__name__ for c in classes for b in c.__bases__}
    assert set(drawn) <= named, f"drawn but no class of {package}: {set(drawn) - named}"


def _found(find: dict[str, Any]) -> set[str]:
    """The packages `[tool.setuptools.packages.find]` finds, by setuptools' rules (read
    here, as a virtual environment need not hold setuptools): every folder whose dotted
    name matches an `include` pattern and no `exclude` one; without namespaces, only
    folders with an __init__.py, and nothing below a folder without one."""
    namespaces = find.get("namespaces", True)
    include, exclude = find.get("include", ["*"]), find.get("exclude", [])
    found: set[str] = set()
    todo = [p for p in REPO.iterdir() if p.is_dir()]
    while todo:
        folder = todo.pop()
        if "." in folder.name or not (namespaces or (folder / "__init__.py").is_file()):
            continue
        name = ".".join(folder.relative_to(REPO).parts)
        if any(fnmatchcase(name, p) for p in include) and not any(
            fnmatchcase(name, p) for p in exclude
        ):
            found.add(name)
        todo.extend(p for p in folder.iterdir() if p.is_dir())
    return found


def _installed() -> tuple[set[str], dict[str, set[str]]]:
    """The packages the build installs, as pyproject.toml names or has setuptools find
    them, and the files each installs beside its modules (its `package-data`)."""
    setup = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    listed = setup["packages"]
    packages = set(listed) if isinstance(listed, list) else _found(listed["find"])
    data = {
        package: {
            found
            for pattern in patterns
            for found in glob.glob(pattern, root_dir=REPO / package.replace(".", "/"))
        }
        for package, patterns in setup.get("package-data", {}).items()
    }
    return packages, data


@pytest.mark.parametrize("package", ["schema", "db", "derive", "cli"])
def test_the_build_installs_every_module_and_every_file_the_code_reads(package: str) -> None:
    # `pipx install .` installs what setuptools finds and the package data only: a folder
    # of code left out fails only once installed (`facts export` without derive/publish)
    packages, data = _installed()
    missing = []
    for path in sorted((REPO / package).rglob("*")):
        rel = path.relative_to(REPO)
        if path.is_dir() or "__pycache__" in rel.parts or path.name.startswith("."):
            continue
        if path.suffix == ".py" and ".".join(rel.parent.parts) in packages:
            continue  # a module of a package
        owners = (rel.parts[:n] for n in range(1, len(rel.parts)))  # the folders above it
        if not any(
            Path(*rel.parts[len(owner) :]).as_posix() in data.get(".".join(owner), set())
            for owner in owners
            if ".".join(owner) in packages
        ):
            missing.append(str(rel))
    assert missing == []
