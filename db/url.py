"""Which database to use, decided without importing a database library."""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import parse_qsl

from db.errors import DatabaseUnavailable, NoDatabase

DEFAULT_URL = "sqlite:///facts.sqlite"
ENV_VAR = "FACTS_DB_URL"
_SQLITE = re.compile(r"(?i)^sqlite(\+\w+)?://")


def database_url(explicit: str | None = None) -> str:
    """Return the URL to use: the explicit one, `FACTS_DB_URL`, or SQLite in the working dir.

    A SQLite URL in URI form (`?uri=true`) is refused with
    `DatabaseUnavailable`: facts names the file itself, to check, copy and lock it.
    """
    url = explicit or os.environ.get(ENV_VAR) or DEFAULT_URL
    if _SQLITE.match(url):
        _, _, query = url.partition("?")
        uri = any(k.lower() == "uri" for k, _ in parse_qsl(query, keep_blank_values=True))
        if uri:
            raise DatabaseUnavailable(
                f"{url.split('?', 1)[0]}: SQLite URI names (?uri=...) are not "
                "supported; write sqlite:///PATH/TO/FILE.sqlite"
            )
    return url


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL, or None for another backend or an in-memory database."""
    if not url.startswith("sqlite:///"):
        return None
    path = url.removeprefix("sqlite:///").split("?", 1)[0]
    return Path(path) if path and path != ":memory:" else None


def refuse_missing(url: str) -> None:
    """Raise `NoDatabase` when `url` names a SQLite file that does not exist."""
    path = sqlite_file(url)
    if path is not None and not path.exists():
        raise NoDatabase(
            f"no database at {path}; `facts load CATALOG` with this --db creates it "
            "(or check the path)"
        )
