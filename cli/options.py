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
    list[Path] | None,
    typer.Option(
        "--rules",
        envvar="FACTS_RULES_DIR",
        help=(
            "Another folder of rule files, beside the product's general rules and the "
            "catalog's own rules/ folder (repeatable; it must hold rules)."
        ),
        show_envvar=True,
        file_okay=False,
    ),
]
StandardRulesOption = Annotated[
    bool,
    typer.Option(
        "--standard-rules/--no-standard-rules",
        envvar="FACTS_STANDARD_RULES",
        help="Use the product's general rules (ridge points, HBM bandwidth, ...).",
        show_envvar=True,
    ),
]
LoadedRulesOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--rules",
        help=(
            "A rule folder the last load used beside the general rules and the catalog's "
            "own (repeatable; default: the folders the last load read)."
        ),
        file_okay=False,
    ),
]
LoadedStandardRulesOption = Annotated[
    bool | None,
    typer.Option(
        "--standard-rules/--no-standard-rules",
        help="Whether the last load used the general rules (default: as it did).",
        show_default=False,
    ),
]
ReloadOption = Annotated[
    bool,
    typer.Option(
        "--reload",
        help=(
            "Load the catalog again first when its files or rules changed since the last "
            "load (otherwise that is refused: the stored derived values would not be theirs)."
        ),
    ),
]
FormatOption = Annotated[
    Format, typer.Option("--format", "-f", help="Output format.", case_sensitive=False)
]
OutOption = Annotated[
    Path | None,
    typer.Option("--out", "-o", help="Write to this file instead of stdout.", dir_okay=False),
]
