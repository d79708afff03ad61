"""`facts audit`: every finding, heaviest first across kinds, with its stable id."""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cli.options import DbOption, LoadedRulesOption, LoadedStandardRulesOption, ReloadOption
from cli.output import print_json, print_line

if TYPE_CHECKING:
    from derive.audit import Finding


class AuditFormat(StrEnum):
    """How `facts audit` prints its findings."""

    text = "text"
    markdown = "markdown"
    json = "json"
    yaml = "yaml"


def _summary(findings: list[Finding]) -> str:
    from derive.audit import Kind

    counts = Counter(f.kind for f in findings)
    acked = Counter(f.kind for f in findings if f.acknowledged)
    parts = [
        f"{counts[k]} {k}" + (f" ({acked[k]} acknowledged)" if acked[k] else "")
        for k in Kind
        if counts[k]
    ]
    return ", ".join(parts) or "no findings"


def _markdown(findings: list[Finding], shown: list[Finding]) -> str:
    from derive.audit import Kind

    counts = Counter(f.kind for f in findings)
    lines = ["# Audit", "", "| kind | findings |", "|---|---|"]
    lines += [f"| {kind} | {counts[kind]} |" for kind in Kind if counts[kind]]
    lines += [
        "",
        "| rests on it | id | finding | numbers | likely cause | acknowledged |",
        "|---|---|---|---|---|---|",
    ]
    for f in shown:
        cells = [f.id, f.message, f.numbers, f.diagnosis or "", f.reason or ""]
        row = " | ".join(c.replace("|", "\\|") for c in cells)
        lines.append(f"| {f.weight} | {row} |")
    return "\n".join(lines)


def _text(findings: list[Finding], shown: list[Finding]) -> str:
    lines = []
    for f in shown:
        mark = " (acknowledged)" if f.acknowledged else ""
        cause = f" — likely cause: {f.diagnosis}" if f.diagnosis else ""
        lines.append(f"[{f.weight:>3}] {f.id}{mark}: {f.message}{cause}")
    if len(findings) > len(shown):
        lines.append(f"... and {len(findings) - len(shown)} more (--limit 0 shows all)")
    lines.append(_summary(findings))
    return "\n".join(lines)


def audit(
    kinds: Annotated[
        list[str] | None,
        typer.Option("--kind", "--only", help="Only findings of this kind (repeatable)."),
    ] = None,
    skip: Annotated[list[str] | None, typer.Option("--skip", help="Leave out these kinds.")] = None,
    strict: Annotated[
        bool, typer.Option("--strict", help="Exit with 1 when there are unacknowledged findings.")
    ] = False,
    texts: Annotated[
        list[Path] | None,
        typer.Option(
            "--text",
            help="Also check the numbers of this text (repeatable).",
            exists=True,
            dir_okay=False,
        ),
    ] = None,
    limit: Annotated[
        int, typer.Option("--limit", help="Findings shown, counted over all kinds (0: all).")
    ] = 20,
    rules: LoadedRulesOption = None,
    standard_rules: LoadedStandardRulesOption = None,
    reload: ReloadOption = False,
    db: DbOption = None,
    fmt: Annotated[
        AuditFormat, typer.Option("--format", "-f", help="Output format.", case_sensitive=False)
    ] = AuditFormat.text,
) -> None:
    """List contradictions, mismatches, out-of-range values and weak provenance, heaviest first.

    Each line starts with how much rests on the finding (derived values, table
    cells, text claims) and its stable id, which `acknowledged:` in a catalog file
    names. `-f yaml` prints ready-to-paste `acknowledged:` entries for the open
    findings, each with an empty `reason:` that a person must write.
    """
    import datetime as dt

    from db import api
    from derive.audit import KINDS
    from derive.checks.acknowledged import proposals

    for kind in [*(kinds or []), *(skip or [])]:
        if kind not in KINDS:
            raise typer.BadParameter(f"unknown kind {kind!r}; the kinds are {', '.join(KINDS)}")
    read: list[tuple[str, str]] = []
    if texts:
        from cli.text_commands import read_text

        read = [(str(t), read_text(str(t))) for t in texts]
    findings = api.audit(
        db=db, texts=read, rules=rules, standard_rules=standard_rules, reload=reload
    )
    findings = [
        f for f in findings if (not kinds or f.kind in kinds) and f.kind not in (skip or [])
    ]
    shown = findings[:limit] if limit > 0 else findings
    if fmt is AuditFormat.json:
        print_json([f.as_json() for f in shown])
    elif fmt is AuditFormat.markdown:
        print_line(_markdown(findings, shown))
    elif fmt is AuditFormat.yaml:
        print_line(proposals(shown, dt.date.today().isoformat()))
    else:
        print_line(_text(findings, shown))
    if strict and any(not f.acknowledged for f in findings):
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add `facts audit` to `app`."""
    app.command()(audit)
