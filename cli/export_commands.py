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
from cli.output import deliver


class ExportFormat(StrEnum):
    """The formats a table exports to."""

    md = "md"
    csv = "csv"
    html = "html"
    latex = "latex"
    json = "json"


class FindingNotes(StrEnum):
    """Whether open findings on a value shown become footnotes."""

    footnote = "footnote"
    none = "none"


EXTENSIONS = {"md": "md", "csv": "csv", "html": "html", "latex": "tex", "json": "json"}


def export(
    table: Annotated[
        str | None, typer.Argument(help="Table id (facts list tables); none with --all.")
    ] = None,
    fmt: Annotated[
        ExportFormat, typer.Option("--format", "-f", help="Output format.", case_sensitive=False)
    ] = ExportFormat.md,
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write to this file (with --all: this folder)."),
    ] = None,
    every: Annotated[
        bool, typer.Option("--all", help="Every table of the catalog, one file each in --out.")
    ] = False,
    findings: Annotated[
        FindingNotes,
        typer.Option("--findings", help="Open findings on values shown as footnotes, or none."),
    ] = FindingNotes.footnote,
    fragment: Annotated[
        bool, typer.Option("--fragment", help="HTML: the table alone, to embed in a page.")
    ] = False,
    rules: LoadedRulesOption = None,
    standard_rules: LoadedStandardRulesOption = None,
    reload: ReloadOption = False,
    db: DbOption = None,
) -> None:
    """Export the catalog's tables, with generated footnotes."""
    from db import api

    if every == (table is not None):
        raise typer.BadParameter("name one table, or pass --all (with --out DIR)")
    if every and out is None:
        raise typer.BadParameter("--all writes one file per table: name the folder with --out")
    if every and out is not None and out.exists() and not out.is_dir():
        raise typer.BadParameter(f"{out} is a file; --all writes into a folder")
    built = api.built_tables(
        db=db,
        tables=None if every else [str(table)],
        findings=findings is FindingNotes.footnote,
        rules=rules,
        standard_rules=standard_rules,
        reload=reload,
    )
    if table is not None:
        deliver(api.render_table(built[table], fmt.value, fragment), out)
        return
    assert out is not None
    out.mkdir(parents=True, exist_ok=True)
    for table_id, one in built.items():
        deliver(
            api.render_table(one, fmt.value, fragment), out / f"{table_id}.{EXTENSIONS[fmt.value]}"
        )


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
    from cli.text_commands import read_text
    from db.database import database
    from db.load import as_loaded
    from db.snapshot import snapshot
    from derive.publish.templates import Renderer

    content = read_text(str(template))
    with database(db, must_exist=True) as engine:
        folders = as_loaded(engine, rules, standard=standard_rules, reload=reload)
        snap = snapshot(engine, folders)
    text = Renderer(snap.builder()).render(content, str(template))
    deliver(text, out)


def register(app: typer.Typer) -> None:
    """Add `facts export` and `facts render` to `app`."""
    app.command()(export)
    app.command()(render)
