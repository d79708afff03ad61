"""Rendering for the terminal and as JSON; rich is imported only when a table is drawn."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def print_json(data: Any) -> None:
    """Print `data` as indented JSON (dates and decimals as text)."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, default=str) + "\n")


def print_table(title: str | None, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """Print a table, one row per item, empty cells for None: aligned by rich on a
    terminal (as wide as it is, or COLUMNS; no colour with NO_COLOR), tab-separated
    plain lines in a pipe or a file, so that each row is whole for grep and cut."""
    cells = [["" if cell is None else str(cell) for cell in row] for row in rows]
    if not sys.stdout.isatty():
        if title:
            sys.stdout.write(f"{title}\n")
        for line in (list(columns), *cells):
            sys.stdout.write("\t".join(_one_line(cell) for cell in line) + "\n")
        return
    from rich.console import Console
    from rich.table import Table

    plain = bool(os.environ.get("NO_COLOR"))
    table = Table(
        title=title,
        title_justify="left",
        header_style="" if plain else "bold",
        title_style="" if plain else None,
        box=None,
        pad_edge=False,
    )
    for column in columns:
        table.add_column(column, overflow="fold")
    for row in cells:
        table.add_row(*row)
    Console(file=sys.stdout, color_system=None if plain else "auto", highlight=False).print(table)


def _one_line(cell: str) -> str:
    return cell.replace("\t", " ").replace("\r", " ").replace("\n", " ")


def print_line(text: str) -> None:
    """Print one line of plain text."""
    sys.stdout.write(text + "\n")


def print_error(text: str) -> None:
    """Print one line to standard error."""
    sys.stderr.write(text + "\n")


def deliver(text: str, out: Path | None) -> None:
    """Print `text`, or write it to `out` and say so (`Unwritable` where it cannot)."""
    if out is None:
        sys.stdout.write(text)
        return
    from schema.errors import Unwritable

    if not out.parent.is_dir():
        raise Unwritable(f"cannot write {out}: there is no folder {out.parent}")
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise Unwritable(f"cannot write {out}: {exc.strerror or exc}") from None
    print_line(f"wrote {out}")
