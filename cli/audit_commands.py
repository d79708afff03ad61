"""`facts audit`: findings grouped by kind and ranked by what rests on them."""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cli.options import DbOption, RulesOption
from cli.output import print_json, print_line

if TYPE_CHECKING:
    from derive.audit import Finding


class AuditFormat(StrEnum):
    """How `facts audit` prints its findings."""

    text = "text"
    markdown = "markdown"
    json = "json"


def _markdown(findings: list[Finding]) -> str:
    from derive.audit import KINDS

    counts = Counter(f.kind for f in findings)
    lines = ["# Audit", "", "| kind | findings |", "|---|---|"]
    lines += [f"| {kind} | {counts[kind]} |" for kind in KINDS if counts[kind]]
    for kind in KINDS:
        group = [f for f in findings if f.kind == kind]
        if not group:
            continue
        lines += [
            "",
            f"## {kind} ({len(group)})",
            "",
            "| rests on it | finding | likely cause |",
            "|---|---|---|",
        ]
        for f in group:
            message = f.message.replace("|", "\\|")
            lines.append(f"| {f.weight} | {message} | {f.diagnosis or ''} |")
    return "\n".join(lines)


def _text(findings: list[Finding], limit: int) -> str:
    from derive.audit import KINDS

    lines = []
    for kind in KINDS:
        group = [f for f in findings if f.kind == kind]
        if not group:
            continue
        lines.append(f"{kind} ({len(group)})")
        for f in group[:limit]:
            cause = f"\n      likely cause: {f.diagnosis}" if f.diagnosis else ""
            lines.append(f"  [{f.weight:>3}] {f.message}{cause}")
        if len(group) > limit:
            lines.append(f"  ... and {len(group) - limit} more (--limit 0 shows all)")
        lines.append("")
    counts = Counter(f.kind for f in findings)
    lines.append(", ".join(f"{counts[k]} {k}" for k in KINDS if counts[k]) or "no findings")
    return "\n".join(lines)


def audit(
    only: Annotated[
        list[str] | None, typer.Option("--only", help="Only these kinds (repeatable).")
    ] = None,
    skip: Annotated[list[str] | None, typer.Option("--skip", help="Leave out these kinds.")] = None,
    strict: Annotated[
        bool, typer.Option("--strict", help="Exit with 1 when there are findings.")
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
        int, typer.Option("--limit", help="Findings shown per kind in the terminal (0: all).")
    ] = 10,
    rules: RulesOption = None,
    db: DbOption = None,
    fmt: Annotated[
        AuditFormat, typer.Option("--format", "-f", help="Output format.", case_sensitive=False)
    ] = AuditFormat.text,
) -> None:
    """List contradictions, mismatches, out-of-range values and weak provenance, heaviest first.

    The number in brackets is how many derived values rest on the finding.
    """
    from db.audit import audit_database
    from db.engine import database
    from derive.audit import KINDS
    from derive.rules import RULES_DIR

    for kind in [*(only or []), *(skip or [])]:
        if kind not in KINDS:
            raise typer.BadParameter(f"unknown kind {kind!r}; the kinds are {', '.join(KINDS)}")
    with database(db) as engine:
        findings = audit_database(engine, rules or RULES_DIR)
        if texts:
            from cli.text_commands import read_text
            from db.known import catalog_view
            from derive.text import check_text
            from derive.text.findings import text_findings

            with engine.connect() as conn:
                view = catalog_view(conn)
            reports = [check_text(read_text(str(t)), view, str(t)) for t in texts]
            findings = sorted(
                [*findings, *text_findings(reports)], key=lambda f: KINDS.index(f.kind)
            )
    findings = [f for f in findings if (not only or f.kind in only) and f.kind not in (skip or [])]
    if fmt is AuditFormat.json:
        print_json([f.as_json() for f in findings])
    elif fmt is AuditFormat.markdown:
        print_line(_markdown(findings))
    else:
        print_line(_text(findings, limit or len(findings) or 1))
    if strict and findings:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add `facts audit` to `app`."""
    app.command()(audit)
