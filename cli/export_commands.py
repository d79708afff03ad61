"""`facts export`: the course's tables, built from the catalog."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from cli.options import (
    DbOption,
    LoadedRulesOption,
    LoadedStandardRulesOption,
    OutOption,
    ReloadOption,
)
from cli.output import print_line


class ExportFormat(StrEnum):
    """The formats a table exports to."""

    md = "md"
    csv = "csv"
    html = "html"
    latex = "latex"
    json = "json"


def export(
    table: Annotated[str, typer.Argument(help="Table id (facts list tables).")],
    fmt: Annotated[
        ExportFormat, typer.Option("--format", "-f", help="Output format.", case_sensitive=False)
    ] = ExportFormat.md,
    out: OutOption = None,
    rules: LoadedRulesOption = None,
    standard_rules: LoadedStandardRulesOption = None,
    reload: ReloadOption = False,
    db: DbOption = None,
) -> None:
    """Export one of the catalog's tables, with generated footnotes."""
    from db.engine import database
    from db.export import snapshot
    from db.load import as_loaded
    from derive.table_formats import RENDERERS

    with database(db) as engine:
        folders = as_loaded(engine, rules, standard=standard_rules, reload=reload)
        built = snapshot(engine, folders).build_table(table)
    text = RENDERERS[fmt.value](built)
    _deliver(text, out)


def render(
    template: Annotated[
        Path, typer.Argument(help="A Markdown template (Jinja2).", exists=True, dir_okay=False)
    ],
    out: OutOption = None,
    rules: LoadedRulesOption = None,
    standard_rules: LoadedStandardRulesOption = None,
    reload: ReloadOption = False,
    db: DbOption = None,
) -> None:
    """Render a Markdown template whose numbers come from the catalog, with footnotes.

    In the template: {{ fact("tpu-v7", "hbm.bandwidth", unit="TB/s") }},
    {{ derived("gb200", "ridge.hbm") }}, {{ fact_id("gb200.peak.bf16_dense") }}
    and {{ footnotes() }}.
    """
    from db.engine import database
    from db.export import snapshot
    from db.load import as_loaded
    from derive.templates import Renderer

    with database(db) as engine:
        folders = as_loaded(engine, rules, standard=standard_rules, reload=reload)
        snap = snapshot(engine, folders)
    text = Renderer(snap.builder()).render(template.read_text("utf-8"), str(template))
    _deliver(text, out)


def _deliver(text: str, out: Path | None) -> None:
    """Print `text`, or write it to `out` and say so."""
    if out is None:
        typer.echo(text, nl=False)
    else:
        out.write_text(text, encoding="utf-8")
        print_line(f"wrote {out}")


def register(app: typer.Typer) -> None:
    """Add `facts export` and `facts render` to `app`."""
    app.command()(export)
    app.command()(render)
