"""`facts import FILE`: a spec table (CSV, TSV, JSON, Markdown) into a catalog's YAML."""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from cli.options import Format, FormatOption
from cli.output import print_json, print_line


class Tier(StrEnum):
    """The tiers a person may write."""

    official = "official"
    measured = "measured"
    inferred = "inferred"
    estimated = "estimated"


def _date(text: str | None) -> dt.date | None:
    if text is None:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise typer.BadParameter(
            f"{text!r}: write the date as YYYY-MM-DD", param_hint="'--date'"
        ) from None


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def import_(
    table: Annotated[
        Path, typer.Argument(help="The table: .csv, .tsv, .json or .md.", dir_okay=False)
    ],
    into: Annotated[
        Path, typer.Option("--into", help="Catalog directory.", file_okay=False)
    ] = Path("facts"),
    mapping: Annotated[
        Path | None,
        typer.Option(
            "--mapping",
            help="Mapping file (YAML): source, tier, date, headers and row names.",
            dir_okay=False,
        ),
    ] = None,
    source: Annotated[
        str | None, typer.Option("--source", help="Id of the table's source in the catalog.")
    ] = None,
    tier: Annotated[Tier | None, typer.Option("--tier", help="Tier of the table's facts.")] = None,
    date: Annotated[
        str | None,
        typer.Option("--date", help="Date of the facts and corrections (default: today)."),
    ] = None,
    fmt: FormatOption = Format.text,
) -> None:
    """Bring a spec table (CSV, TSV, JSON, Markdown) into the catalog's YAML.

    Wide tables (a row per chip, a column per quantity) or long ones (a row per fact:
    subject,quantity,value,source,locator,tier,date,note). The facts go to
    imports/TABLE.yaml in the catalog; importing the table again adds what is new and
    turns an edited cell into a correction. Nothing is written on any problem.
    """
    from db import api
    from schema.imports.run import ImportOptions

    options = ImportOptions(source, tier.value if tier else None, _date(date))
    report = api.import_table(table, into, mapping, options)
    if fmt is Format.json:
        print_json(asdict(report))
        return
    target = into / report.file
    for note in report.notes:
        print_line(f"note: {note}")
    counts = (
        f"{_count(len(report.added), 'fact')} added, {len(report.corrected)} corrected, "
        f"{len(report.unchanged)} unchanged, {_count(report.skipped, 'empty cell')} skipped"
    )
    if not report.written:
        print_line(f"{table}: nothing changed in {into} ({counts}); nothing was written")
        return
    print_line(f"imported {table} into {target}: {counts}")
    for correction in report.corrected:
        print_line(
            f"  {correction.fact} supersedes {correction.supersedes}: "
            f"{correction.old} → {correction.new}"
        )
    print_line(f"check and load it with: facts load {into}")


def register(app: typer.Typer) -> None:
    """Add `facts import` to `app`."""
    app.command("import")(import_)
