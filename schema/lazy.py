"""Package names imported on first use: `import db` costs nothing until a name is used."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def exports(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """A package's module `__getattr__` giving each name of `where` from the module it
    maps to (the module itself when it is the name's own, `db.api` for `api`)."""

    def __getattr__(name: str) -> Any:
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = importlib.import_module(where[name])
        return module if where[name] == f"{package}.{name}" else getattr(module, name)

    return __getattr__
