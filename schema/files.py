"""Writing a catalog file so that a reader never sees half of it."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def replace_file(path: Path, content: bytes) -> None:
    """Write `content` to `path` through a temporary file and a rename: a reader sees
    the old file or the new one, never a part."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(content)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
