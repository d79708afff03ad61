"""Start a catalog: the layout, a README of the format and a first example that loads."""

from __future__ import annotations

import shutil
from pathlib import Path

from schema.errors import CatalogExists

STARTER = Path(__file__).with_name("starter")
"""The files a new catalog starts with, copied as they are."""


def init_catalog(root: Path) -> list[Path]:
    """Create a new catalog at `root` (a missing or empty folder); return the files written.

    Refuses a folder that holds anything, so that no file of the user's is touched.
    """
    if root.exists() and (not root.is_dir() or any(root.iterdir())):
        what = "a file" if not root.is_dir() else "a folder that is not empty"
        raise CatalogExists(f"{root} is {what}; name a new or empty folder for the catalog")
    written = []
    for source in sorted(p for p in STARTER.rglob("*") if p.is_file()):
        target = root / source.relative_to(STARTER)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        written.append(target)
    return written
