"""One writer at a time per catalog directory, across processes."""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK_NAME = ".facts.lock"


@contextmanager
def catalog_lock(root: Path) -> Iterator[None]:
    """Hold an exclusive lock on the catalog under `root` (waiting for it) while inside.

    Loads and adds take it, so that one never reads a file another is rewriting.
    A directory that cannot hold the lock file (read-only) is read without one.
    """
    try:
        handle = (root / LOCK_NAME).open("a")
    except OSError:
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
