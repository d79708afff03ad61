"""`facts add`: one fact into its subject's YAML file and into the database, at once."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import typer

from cli.options import DbOption, Format, FormatOption, RulesOption, StandardRulesOption
from cli.output import print_json, print_line


def add(
    subject: Annotated[str, typer.Argument(help="Subject id.")],
    quantity: Annotated[str, typer.Argument(help="Quantity id.")],
    value: Annotated[str, typer.Argument(help="The value as written: '7.37 TB/s', '148'.")],
    source: Annotated[str, typer.Option("--source", help="Source id: the original.")],
    tier: Annotated[str, typer.Option("--tier", help="official, measured, inferred or estimated.")],
    fact_id: Annotated[
        str | None, typer.Option("--id", help="Fact id (default: subject.quantity[@n]).")
    ] = None,
    via: Annotated[
        str | None,
        typer.Option(
            "--via", help="Source id of the copy the number was read in, if not the original."
        ),
    ] = None,
    locator: Annotated[
        str | None, typer.Option("--locator", help="Page, table, section...")
    ] = None,
    date: Annotated[
        str | None, typer.Option("--date", help="When the catalog takes it (YYYY-MM-DD).")
    ] = None,
    note: Annotated[str | None, typer.Option("--note", help="A short note.")] = None,
    qualifier: Annotated[
        list[str] | None, typer.Option("--qualifier", help="KEY=VALUE (repeatable).")
    ] = None,
    exact: Annotated[bool, typer.Option("--exact", help="The value is exact.")] = False,
    supersedes: Annotated[
        str | None, typer.Option("--supersedes", help="Id of the fact this corrects.")
    ] = None,
    reason: Annotated[str | None, typer.Option("--reason", help="Why it corrects it.")] = None,
    catalog: Annotated[
        Path, typer.Option("--catalog", help="Catalog directory.", file_okay=False)
    ] = Path("facts"),
    rules: RulesOption = None,
    standard_rules: StandardRulesOption = True,
    db: DbOption = None,
    fmt: FormatOption = Format.text,
) -> None:
    """Add a fact to its subject's YAML file (comments and order kept) and to the database."""
    from db.add import add_fact
    from db.database import database
    from derive.rules import RuleFolders

    qualifiers = {}
    for item in qualifier or []:
        key, sep, val = item.partition("=")
        if not sep or not key:
            raise typer.BadParameter(f"{item!r}: write a qualifier as KEY=VALUE")
        qualifiers[key.strip()] = val.strip()
    fact = {
        "id": fact_id,
        "subject": subject,
        "quantity": quantity,
        "value": value,
        "exact": exact,
        "source": source,
        "via": via,
        "locator": locator,
        "tier": tier,
        "date": date,
        "qualifiers": qualifiers,
        "note": note,
        "supersedes": supersedes,
        "reason": reason,
    }
    with database(db) as engine:
        report = add_fact(
            engine, catalog, RuleFolders.of(catalog, rules or [], standard=standard_rules), fact
        )
    if fmt is Format.json:
        print_json({"id": report.fact_id, "file": report.file, "load": asdict(report.load)})
        return
    print_line(
        f"added {report.fact_id} to {catalog / report.file}; "
        f"{report.load.subjects_rederived} subjects derived again"
    )


def register(app: typer.Typer) -> None:
    """Add `facts add` to `app`."""
    app.command()(add)
