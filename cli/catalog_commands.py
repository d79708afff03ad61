"""Commands on the catalog: validate, load, show, list, dump."""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from cli.options import DbOption, Format, FormatOption, RulesOption, StandardRulesOption
from cli.output import print_json, print_line, print_table

CatalogDir = Annotated[Path, typer.Argument(help="Catalog directory.", file_okay=False)]


class ListKind(StrEnum):
    """What `facts list` lists."""

    subjects = "subjects"
    quantities = "quantities"
    sources = "sources"
    rules = "rules"
    tables = "tables"


def init(
    directory: Annotated[Path, typer.Argument(help="A new or empty folder.", file_okay=False)],
    fmt: FormatOption = Format.text,
) -> None:
    """Start a catalog: the layout, a README of the format and a first example file."""
    from schema.new_catalog import init_catalog

    written = init_catalog(directory)
    if fmt is Format.json:
        print_json({"catalog": str(directory), "files": [str(p) for p in written]})
        return
    for path in written:
        print_line(f"created {path}")
    print_line(f"next: facts validate {directory} && facts load {directory}")


def validate(
    directory: CatalogDir = Path("facts"),
    rules: RulesOption = None,
    standard_rules: StandardRulesOption = True,
    fmt: FormatOption = Format.text,
) -> None:
    """Check the catalog and the rules and list every problem at once; write nothing."""
    from db.load import read_all
    from derive.rules import RuleFolders

    folders = RuleFolders.of(directory, rules or [], standard=standard_rules)
    catalog, rule_set = read_all(directory, folders)
    counts = {**catalog.counts(), "rules": len(rule_set.rules)}
    standard = len(catalog.quantities) - counts["quantities"]
    if fmt is Format.json:
        print_json({"valid": True, **counts, "standard_quantities": standard})
        return
    listed = ", ".join(f"{n} {kind}" for kind, n in counts.items())
    print_line(
        f"{directory} is a valid catalog: {listed} (with the {standard} quantities of "
        "the standard vocabulary); nothing was written"
    )


def load(
    directory: CatalogDir = Path("facts"),
    rules: RulesOption = None,
    standard_rules: StandardRulesOption = True,
    db: DbOption = None,
    fmt: FormatOption = Format.text,
) -> None:
    """Validate the catalog and the rules, load them and derive, all or nothing."""
    from db import api
    from db.database import redact
    from db.url import database_url

    report = api.load(directory, db=db, rules=rules or [], standard_rules=standard_rules)
    where = redact(database_url(db))
    if fmt is Format.json:
        print_json({"database": where, **asdict(report)})
        return
    if report.unchanged:
        print_line(f"catalog unchanged since the last load: {report.facts} facts in {where}")
        return
    print_line(
        f"loaded {report.facts} facts, {report.subjects} subjects, "
        f"{report.quantities} quantities, {report.sources} sources and {report.rules} rules "
        f"into {where}; {report.facts_changed} facts changed, "
        f"{report.subjects_rederived} subjects derived again, {report.derived} values derived"
    )


def show(
    subject: Annotated[str, typer.Argument(help="Subject id, name or alias (tpu-v7, Ironwood).")],
    quantity: Annotated[
        str | None, typer.Argument(help="Quantity id or dotted prefix (hbm, hbm.bandwidth).")
    ] = None,
    history: Annotated[
        bool, typer.Option("--all", help="Include superseded and withdrawn facts.")
    ] = False,
    as_of: Annotated[
        str | None,
        typer.Option("--as-of", help="What the catalog held on this date (YYYY-MM-DD)."),
    ] = None,
    db: DbOption = None,
    fmt: FormatOption = Format.text,
) -> None:
    """Show a subject's facts: value as written, tier, source, locator, date."""
    from db.queries import facts_about
    from db.rawsql import reading
    from schema.status import Status

    day = _date(as_of) if as_of else None
    with reading(db) as reader:
        views = facts_about(reader, subject, quantity, include_superseded=history, as_of=day)
    if fmt is Format.json:
        print_json([view.as_json() for view in views])
        return
    if not views:
        print_line(f"no facts for {subject}" + (f" {quantity}" if quantity else ""))
        return
    rows = []
    for v in views:
        value = v.literal if v.literal is not None else "(undisclosed)"
        if v.status != Status.current:
            value += f"  [{v.status}]"
        rows.append((v.quantity, value, v.unit, v.tier, v.source_text, v.locator, v.date))
    print_table(
        views[0].subject, ("quantity", "value", "unit", "tier", "source", "locator", "date"), rows
    )


def _date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise typer.BadParameter(f"{text!r} is not a date; write YYYY-MM-DD") from None


def history(
    subject: Annotated[str, typer.Argument(help="Subject id, name or alias.")],
    quantity: Annotated[str, typer.Argument(help="Quantity id.")],
    db: DbOption = None,
    fmt: FormatOption = Format.text,
) -> None:
    """Show every fact a subject's quantity has had, oldest first, with each correction."""
    from db.queries import history as read_history
    from db.rawsql import reading

    with reading(db) as reader:
        views = read_history(reader, subject, quantity)
    if fmt is Format.json:
        print_json([view.as_json() for view in views])
        return
    if not views:
        print_line(f"no facts for {subject} {quantity}")
        return
    rows = []
    for v in views:
        change = f"supersedes {v.supersedes}: {v.reason}" if v.supersedes else (v.reason or "")
        rows.append(
            (
                v.effective_date or "(undated)",
                v.literal or "(undisclosed)",
                v.tier,
                v.status,
                v.source_text,
                change,
            )
        )
    print_table(
        f"{views[0].subject} {quantity}",
        ("date", "value", "tier", "status", "source", "change"),
        rows,
    )


def list_(
    kind: Annotated[ListKind, typer.Argument(help="What to list.")],
    db: DbOption = None,
    fmt: FormatOption = Format.text,
) -> None:
    """List the subjects, quantities, sources, rules or tables in the database."""
    from db.derived_queries import rule_rows
    from db.queries import list_rows
    from db.rawsql import reading

    with reading(db) as reader:
        rows = rule_rows(reader) if kind is ListKind.rules else list_rows(reader, kind.value)
    if fmt is Format.json:
        print_json(rows)
        return
    columns = list(rows[0]) if rows else ["id"]
    print_table(None, columns, [[_cell(row[c]) for c in columns] for row in rows])


def _cell(value: object) -> object:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else ""
    return value


def dump(
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            help="Write the catalog's files under this directory "
            "(default: one YAML document on standard output).",
            file_okay=False,
        ),
    ] = None,
    db: DbOption = None,
    fmt: FormatOption = Format.text,
) -> None:
    """Write the database's catalog back as YAML (or JSON)."""
    from db.database import database
    from db.store import read_back
    from schema.writer import single_document, to_yaml, write_catalog

    with database(db, must_exist=True) as engine, engine.connect() as conn:
        catalog = read_back(conn)
    if out is not None:
        written = write_catalog(catalog, out)
        print_line(f"wrote {len(written)} files under {out}")
    elif fmt is Format.json:
        print_json(single_document(catalog))
    else:
        typer.echo(to_yaml(single_document(catalog)), nl=False)


def register(app: typer.Typer) -> None:
    """Add the catalog commands to `app`."""
    app.command()(init)
    app.command()(validate)
    app.command()(load)
    app.command()(show)
    app.command()(history)
    app.command("list")(list_)
    app.command()(dump)
