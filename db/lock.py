"""One writer at a time per catalog directory, across processes."""

from __future__ import annotations

import errno
import fcntl
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from db.errors import LockRefused

LOCK_NAME = ".facts.lock"


@contextmanager
def catalog_lock(root: Path) -> Iterator[None]:
    """Hold an exclusive lock on the catalog under `root` (waiting for it) while inside.

    Loads and adds take it, so that one never reads a file another is rewriting.
    A directory that cannot hold the lock file (read-only) is read without one. The
    lock file is never followed through a symbolic link, nor opened if it is not a
    regular file (`LockRefused`): a planted link cannot make facts create or lock
    a file elsewhere.
    """
    path = root / LOCK_NAME
    flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    try:
        handle = os.open(path, flags, 0o644)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise LockRefused(
                f"{path} is a symbolic link; facts does not follow it: remove it "
                "(facts makes the lock file itself)"
            ) from None
        if exc.errno in (errno.ENXIO, errno.EISDIR):
            raise _not_a_file(path) from None
        yield
        return
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise _not_a_file(path)
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
    finally:
        os.close(handle)


def _not_a_file(path: Path) -> LockRefused:
    return LockRefused(f"{path} is not a plain file; remove it (facts makes the lock file itself)")
