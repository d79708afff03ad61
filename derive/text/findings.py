"""The audit's findings from checked texts: the verdicts that need a writer's attention."""

from __future__ import annotations

from collections.abc import Iterable

from derive.audit import KINDS, Finding
from derive.text.check import TextReport
from derive.text.known import ValueKind
from derive.text.verdict import Verdict
from schema.numbers import format_number


def text_findings(reports: Iterable[TextReport]) -> list[Finding]:
    """Mismatched and superseded numbers, and claims the catalog cannot back.

    A number the text's ledger accepts with a reason is left out.
    """
    found = []
    for report in reports:
        for result in report.results:
            n, judgement = result.number, result.judgement
            where = f"{result.file}:{n.line}:{n.column}"
            if result.accepted:
                continue
            if result.verdict is Verdict.superseded and judgement and judgement.known:
                old, now = judgement.known, judgement.correction
                instead = (
                    f"; now {now.shown()} ({now.ref}{', ' + now.date if now.date else ''})"
                    if now
                    else ""
                )
                found.append(
                    Finding(
                        "superseded-in-use",
                        f"{where}: {n.literal!r} quotes {old.ref} ({old.shown()}), which has "
                        f"been {old.status}" + instead,
                        old.subject,
                        old.quantity,
                        tuple(r for r in (old.ref, now.ref if now else None) if r),
                        weight=1,
                    )
                )
            elif result.verdict is Verdict.mismatched and judgement and judgement.known:
                known = judgement.known
                found.append(
                    Finding(
                        "text-mismatch",
                        f"{where}: {n.literal!r}: {known.subject} {known.quantity} is "
                        f"{format_number(known.value, 6)} {known.unit} ({known.ref})".rstrip(),
                        known.subject,
                        known.quantity,
                        (known.ref,) if known.kind is ValueKind.fact else (),
                        diagnosis=judgement.cause,
                        weight=1,
                    )
                )
            elif result.verdict is Verdict.unresolved:
                found.append(
                    Finding(
                        "text-unsourced",
                        f"{where}: {n.literal!r} cannot be tied to a fact or derived value "
                        f"({result.why})",
                    )
                )
    order = {kind: i for i, kind in enumerate(KINDS)}
    return sorted(found, key=lambda f: (order[f.kind], f.message))
