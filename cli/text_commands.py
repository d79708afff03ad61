"""Commands on texts: how much of a course the catalog covers."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cli.options import DbOption, Format, FormatOption
from cli.output import print_json, print_line, print_table

if TYPE_CHECKING:
    from derive.textcheck import Checked

TextFile = Annotated[
    Path, typer.Argument(help="A Markdown or plain text file.", exists=True, dir_okay=False)
]


def coverage(
    text: TextFile,
    outline: Annotated[
        Path | None,
        typer.Option(
            "--outline",
            help="Sections of the text: lines of 'FIRST_LINE SECTION'.",
            exists=True,
            dir_okay=False,
        ),
    ] = None,
    db: DbOption = None,
    fmt: FormatOption = Format.text,
) -> None:
    """Per section of a text: its numbers, the claims among them, and how many the catalog
    matches with a fact or a derived value; and the facts and rules that cite the section."""
    from db.engine import database
    from db.known import citations, known_values
    from derive.coverage import Section, read_outline
    from derive.coverage import coverage as measure
    from schema.text_numbers import find_numbers

    sections = read_outline(outline.read_text("utf-8")) if outline else [Section("(whole text)", 1)]
    content = text.read_text("utf-8")
    numbers = list(find_numbers(content))
    with database(db) as engine, engine.connect() as conn:
        known = known_values(conn)
        fact_locators, rule_locators = citations(conn)
    report = measure(numbers, content.splitlines(), known, sections, fact_locators, rule_locators)
    totals = {
        "numbers": sum(s.numbers for s in report),
        "claims": sum(s.claims for s in report),
        "matched": sum(s.matched for s in report),
    }
    if fmt is Format.json:
        print_json(
            {
                "sections": [
                    {
                        "section": s.name,
                        "numbers": s.numbers,
                        "claims": s.claims,
                        "matched": s.matched,
                        "facts": s.facts,
                        "rules": s.rules,
                        "unmatched": [{"line": n.line, "number": n.literal} for n in s.unmatched],
                    }
                    for s in report
                ],
                **totals,
            }
        )
        return
    rows = [
        (
            s.name,
            s.numbers,
            s.claims,
            s.matched,
            f"{s.matched / s.claims:.0%}" if s.claims else "",
            len(s.facts),
            len(s.rules),
        )
        for s in report
    ]
    print_table(None, ("section", "numbers", "claims", "matched", "share", "facts", "rules"), rows)
    share = totals["matched"] / totals["claims"] if totals["claims"] else 0.0
    print_line(
        f"{totals['numbers']} numbers, {totals['claims']} claims, {totals['matched']} "
        f"matched by a fact or a derived value ({share:.0%})"
    )


class Verdict(StrEnum):
    """What `facts check` says of a claim."""

    matched = "matched"
    mismatched = "mismatched"
    unknown = "unknown"


def check(
    files: Annotated[
        list[Path],
        typer.Argument(help="Markdown or plain text files.", exists=True, dir_okay=False),
    ],
    show: Annotated[
        list[Verdict] | None,
        typer.Option("--show", help="Only these verdicts.", case_sensitive=False),
    ] = None,
    strict: Annotated[
        bool, typer.Option("--strict", help="Exit with 1 when a number is mismatched.")
    ] = False,
    db: DbOption = None,
    fmt: FormatOption = Format.text,
) -> None:
    """Find every number in the texts and match each claim to a fact or derived value:
    matched, mismatched (with what it contradicts), or unknown (nothing behind it)."""
    from db.engine import database
    from db.known import known_values
    from derive.textcheck import check_text

    with database(db) as engine, engine.connect() as conn:
        known = known_values(conn)
    reports = [check_text(f.read_text("utf-8"), known, str(f)) for f in files]
    wanted = {v.value for v in show or Verdict}
    if fmt is Format.json:
        print_json(
            {
                "files": [
                    {
                        "file": r.file,
                        "numbers": r.numbers,
                        "claims": len(r.results),
                        "matched": r.count("matched"),
                        "mismatched": r.count("mismatched"),
                        "unknown": r.count("unknown"),
                        "results": [c.as_json() for c in r.results if c.status in wanted],
                    }
                    for r in reports
                ],
            }
        )
    else:
        for report in reports:
            for c in report.results:
                if c.status in wanted:
                    print_line(_verdict_line(c))
            print_line(
                f"{report.file}: {report.numbers} numbers, {len(report.results)} claims: "
                f"{report.count('matched')} matched, {report.count('mismatched')} "
                f"mismatched, {report.count('unknown')} unknown"
            )
    if strict and any(r.count("mismatched") for r in reports):
        raise typer.Exit(1)


def _verdict_line(checked: Checked) -> str:
    n, known = checked.number, checked.known
    where = f"{checked.file}:{n.line}:{n.column}"
    if checked.status == "unknown" or known is None:
        return f"{where}  {n.literal}  unknown: no fact or derived value behind it"
    what = f"{known.subject} {known.quantity} = {known.value:.6g} {known.unit}".rstrip()
    if checked.status == "matched":
        return f"{where}  {n.literal}  matched: {what} ({known.kind} {known.ref})"
    cause = f"; likely cause: {checked.cause}" if checked.cause else ""
    return f"{where}  {n.literal}  MISMATCHED: {what} ({known.kind} {known.ref}){cause}"


def register(app: typer.Typer) -> None:
    """Add the text commands to `app`."""
    app.command()(coverage)
    app.command()(check)
