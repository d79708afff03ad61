"""Options shared by every command: the database URL and the output format."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer


class Format(StrEnum):
    """How a command prints its result."""

    text = "text"
    json = "json"


DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="FACTS_DB_URL",
        help="Database URL (default: SQLite file facts.sqlite in the working directory).",
        show_envvar=True,
    ),
]
FormatOption = Annotated[
    Format, typer.Option("--format", "-f", help="Output format.", case_sensitive=False)
]
