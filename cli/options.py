"""Options shared by every command: the database URL and the output format."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
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
RulesOption = Annotated[
    Path | None,
    typer.Option(
        "--rules",
        envvar="FACTS_RULES_DIR",
        help="Directory of rule files (default: the rules shipped in derive/rules).",
        show_envvar=True,
        file_okay=False,
    ),
]
FormatOption = Annotated[
    Format, typer.Option("--format", "-f", help="Output format.", case_sensitive=False)
]
OutOption = Annotated[
    Path | None,
    typer.Option("--out", "-o", help="Write to this file instead of stdout.", dir_okay=False),
]
