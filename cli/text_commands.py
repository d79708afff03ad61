"""Commands on texts: every number's verdict, a text's ledger, and per-section coverage."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cli.options import DbOption, Format, FormatOption
from cli.output import print_json, print_line, print_table

if TYPE_CHECKING:
    from derive.text import CheckedNumber, TextReport
    from derive.text.ledger import LedgerCheck

TextFile = Annotated[
    Path, typer.Argument(help="A Markdown or plain text file.", exists=True, dir_okay=False)
]
STDIN = "-"


def _verdicts(values: list[str] | None) -> list[str] | None:
    """The verdicts `--show` names, lower-cased; an unknown one is a usage error."""
    from derive.text.verdict import Verdict

    known = [v.value for v in Verdict]
    for value in values or ():
        if value.lower() not in known:
            choices = ", ".join(repr(v) for v in known)
            raise typer.BadParameter(f"{value!r} is not one of {choices}.")
    return [v.lower() for v in values] if values else None


def read_text(name: str) -> str:
    """A text to check from a file, or standard input for '-'; one clear error otherwise."""
    from derive.errors import TextError
    from derive.text.source import decode_text

    if name == STDIN:
        return decode_text(sys.stdin.buffer.read(), "standard input")
    path = Path(name)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise TextError(f"{name}: cannot read it ({exc.strerror or exc})") from None
    return decode_text(data, name)


def check(
    files: Annotated[
        list[str], typer.Argument(help="Markdown or plain text files; '-' reads standard input.")
    ],
    show: Annotated[
        list[str] | None,
        typer.Option(
            "--show",
            help="Only numbers with this verdict (repeat for several).",
            callback=_verdicts,
        ),
    ] = None,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict", help="Exit with 1 on mismatched or superseded numbers not accepted."
        ),
    ] = False,
    strict_unresolved: Annotated[
        bool,
        typer.Option("--strict-unresolved", help="With --strict, unresolved claims fail too."),
    ] = False,
    ledger: Annotated[
        bool,
        typer.Option(
            "--ledger",
            help="Judge by the reviewed pins in TEXT.ledger.yaml; write it if there is none.",
        ),
    ] = False,
    db: DbOption = None,
    fmt: FormatOption = Format.text,
) -> None:
    """Every number of the texts with its verdict: matched, mismatched, superseded,
    alternative, unresolved or non-claim, and the words that decided it."""
    from db.known import loaded_view
    from derive.text import Verdict, check_text

    texts = [(name, read_text(name)) for name in files]
    view = loaded_view(db)  # read once for every text: what `db.api.check` does for one
    reports = [check_text(content, view, name) for name, content in texts]
    checks: list[LedgerCheck | None] = [None] * len(reports)
    if ledger:
        checks = [
            _with_ledger(name, report, view)
            for (name, _), report in zip(texts, reports, strict=True)
        ]
        reports = [c.report if c else r for c, r in zip(checks, reports, strict=True)]
    wanted = {Verdict(v) for v in show} if show else set(Verdict)
    if fmt is Format.json:
        shown = [
            c.as_json(wanted) if c is not None else r.as_json(wanted)
            for r, c in zip(reports, checks, strict=True)
        ]
        print_json({"files": shown})
    else:
        for report, ledger_check in zip(reports, checks, strict=True):
            for result in report.results:
                if result.verdict in wanted:
                    print_line(verdict_line(result))
            if ledger_check is not None:
                for pin in ledger_check.stale:
                    print_line(f"{report.file}: stale pin {pin.number!r} ({pin.context[:60]}…)")
            print_line(_summary(report, ledger_check))
    if strict and any(_fails(r, strict_unresolved) for r in reports):
        raise typer.Exit(1)


def _with_ledger(name: str, report: TextReport, view: Any) -> LedgerCheck | None:
    from derive.text.ledger import apply, dump_ledger, propose, read_ledger

    if name == STDIN:
        raise typer.BadParameter("--ledger needs a file, not standard input")
    path = Path(f"{name}.ledger.yaml")
    if not path.exists():
        path.write_text(dump_ledger(propose(report), Path(name).name), encoding="utf-8")
        sys.stderr.write(f"wrote {path}: {len(report.results)} pins to review\n")
        return None
    return apply(report, read_ledger(read_text(str(path)), str(path)), view)


def _fails(report: TextReport, unresolved: bool) -> bool:
    from derive.text.verdict import FLAGGED, Verdict

    failing = set(FLAGGED)
    if unresolved:
        failing.add(Verdict.unresolved)
    return any(r.verdict in failing and not r.accepted for r in report.results) or any(
        r.drift for r in report.results
    )


def _summary(report: TextReport, ledger_check: LedgerCheck | None) -> str:
    counts = report.counts()
    text = ", ".join(f"{n} {verdict}" for verdict, n in counts.items())
    extra = ""
    if ledger_check is not None:
        drifted = sum(1 for r in report.results if r.drift)
        extra = (
            f"; ledger: {len(ledger_check.unpinned)} unpinned, {len(ledger_check.stale)} stale, "
            f"{drifted} drifted"
        )
    return f"{report.file}: {len(report.results)} numbers: {text}{extra}"


def verdict_line(result: CheckedNumber) -> str:
    """One number's verdict as a line of text."""
    from derive.text.verdict import FLAGGED, Verdict

    n, judgement = result.number, result.judgement
    where = f"{result.file}:{n.line}:{n.column}"
    verdict = result.verdict
    loud = verdict.value.upper() if verdict in FLAGGED else verdict.value
    head = f"{where}  {n.literal}  {loud}"
    if result.non_claim is not None:
        return f"{head} ({result.non_claim.value})"
    if judgement is None or judgement.known is None:
        return f"{head}: {result.why}"
    known = judgement.known
    what = f"{known.subject} {known.quantity} = {known.shown()} ({known.kind.value} {known.ref})"
    parts = [f"{head}: {what}"]
    if judgement.correction is not None:
        fix = judgement.correction
        parts.append(f"now {fix.shown()} ({fix.ref}{', ' + fix.date if fix.date else ''})")
    if judgement.difference is not None and verdict is Verdict.mismatched:
        parts.append(f"{judgement.difference:+.1%}")
    if judgement.cause:
        parts.append(f"likely cause: {judgement.cause}")
    if judgement.rounded:
        parts.append(f"the catalog's {known.shown()} is this number rounded")
    if result.accepted:
        parts.append(f"accepted: {result.accepted}")
    if result.drift:
        parts.append(f"DRIFT: {result.drift}")
    parts.append(f"[{result.why}]")
    return "; ".join(parts)


def coverage(
    text: Annotated[str, typer.Argument(help="A Markdown or plain text file; '-' for stdin.")],
    outline: Annotated[
        Path | None,
        typer.Option(
            "--outline",
            help="Sections of the text: lines of 'FIRST_LINE<TAB>SECTION'.",
            exists=True,
            dir_okay=False,
        ),
    ] = None,
    db: DbOption = None,
    fmt: FormatOption = Format.text,
) -> None:
    """Per section of a text: its numbers, the claims among them, how many the catalog
    backs (the same verdicts as `facts check`), and the facts and rules citing it."""
    from db.known import catalog_view, citations, loaded_connection
    from derive.text import check_text
    from derive.text.coverage import Section, read_outline
    from derive.text.coverage import coverage as measure

    sections = (
        read_outline(read_text(str(outline)), str(outline))
        if outline
        else [Section("(whole text)", 1)]
    )
    content = read_text(text)
    with loaded_connection(db) as conn:
        view = catalog_view(conn)
        fact_locators, rule_locators = citations(conn)
    report = check_text(content, view, text)
    table = measure(report, sections, fact_locators, rule_locators)
    totals = {
        "numbers": sum(s.numbers for s in table),
        "claims": sum(s.claims for s in table),
        "backed": sum(s.backed for s in table),
    }
    if fmt is Format.json:
        print_json(
            {
                "sections": [
                    {
                        "section": s.name,
                        "numbers": s.numbers,
                        "claims": s.claims,
                        "backed": s.backed,
                        "verdicts": dict(s.verdicts),
                        "facts": s.facts,
                        "rules": s.rules,
                        "unresolved": [
                            {"line": r.number.line, "number": r.number.literal}
                            for r in s.unresolved
                        ],
                    }
                    for s in table
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
            s.backed,
            f"{s.backed / s.claims:.0%}" if s.claims else "",
            len(s.facts),
            len(s.rules),
        )
        for s in table
    ]
    print_table(None, ("section", "numbers", "claims", "backed", "share", "facts", "rules"), rows)
    share = totals["backed"] / totals["claims"] if totals["claims"] else 0.0
    print_line(
        f"{totals['numbers']} numbers, {totals['claims']} claims, {totals['backed']} "
        f"tied to a fact or a derived value ({share:.0%})"
    )


def register(app: typer.Typer) -> None:
    """Add the text commands to `app`."""
    app.command()(coverage)
    app.command()(check)
