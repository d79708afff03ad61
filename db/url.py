"""Which database to use, decided without importing a database library."""

from __future__ import annotations

import os

DEFAULT_URL = "sqlite:///facts.sqlite"
ENV_VAR = "FACTS_DB_URL"


def database_url(explicit: str | None = None) -> str:
    """Return the URL to use: the explicit one, `FACTS_DB_URL`, or SQLite in the working dir."""
    return explicit or os.environ.get(ENV_VAR) or DEFAULT_URL
