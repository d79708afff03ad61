"""Rendering for the terminal and as JSON; rich is imported only when a table is drawn."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def print_json(data: Any) -> None:
    """Print `data` as indented JSON (dates and decimals as text)."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, default=str) + "\n")


def print_table(title: str | None, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """Print a table with rich, one row per item; empty cells for None."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title, title_justify="left", header_style="bold", box=None, pad_edge=False)
    for column in columns:
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(*("" if cell is None else str(cell) for cell in row))
    # In a pipe or a file, rows stay whole instead of wrapping at 80 columns.
    width = None if sys.stdout.isatty() else 200
    Console(file=sys.stdout, width=width).print(table)


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
