"""Writing a catalog file: atomically, and editing it as a person wrote it."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ruamel.yaml import YAML


def round_trip_yaml() -> YAML:
    """ruamel.yaml set up to edit a catalog file and keep what a person wrote in it:
    comments, quotes, the catalog's indentation, lines never re-wrapped."""
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = 4096
    yaml.preserve_quotes = True
    return yaml


def replace_file(path: Path, content: bytes) -> None:
    """Write `content` to `path` through a temporary file and a rename: a reader sees
    the old file or the new one, never a part. The file keeps its mode (a new one gets
    the mode the umask gives, as `open` would)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.fchmod(handle, mode)
        with os.fdopen(handle, "wb") as out:
            out.write(content)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
