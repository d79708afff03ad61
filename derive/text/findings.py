"""The audit's findings from checked texts: the verdicts that need a writer's attention."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from derive.checks.finding import TEXT_PLACE, Finding, Kind
from derive.checks.ranking import ranked
from derive.text.check import CheckedNumber, TextReport
from derive.text.known import ValueKind
from derive.text.verdict import Verdict
from schema.numbers import format_number
from schema.tiers import WEAK_TIERS


def text_findings(reports: Iterable[TextReport]) -> list[Finding]:
    """Mismatched and superseded numbers, numbers matched to an inferred or estimated
    value, and claims the catalog cannot back.

    A number the text's ledger accepts with a reason is left out.
    """
    found = []
    for report in reports:
        for result in report.results:
            if not result.accepted:
                found.extend(_finding(result))
    return ranked(found)


def _finding(result: CheckedNumber) -> list[Finding]:
    n, judgement = result.number, result.judgement
    where = f"{result.file}:{n.line}:{n.column}"
    place = f"{TEXT_PLACE}{result.file}:{n.line}"
    known = judgement.known if judgement else None
    if result.verdict is Verdict.superseded and judgement and known:
        now = judgement.correction
        dated = f", {now.date}" if now and now.date else ""
        instead = f"; now {now.shown()} ({now.ref}{dated})" if now else ""
        return [
            Finding(
                kind=Kind.superseded_in_use,
                message=f"{where}: {n.literal!r} quotes {known.ref} ({known.shown()}), which has "
                f"been {known.status}" + instead,
                subject=known.subject,
                quantity=known.quantity,
                facts=tuple(r for r in (known.ref, now.ref if now else None) if r),
                weight=1,
                numbers=" | ".join([n.literal, known.shown(), *([now.shown()] if now else [])]),
                where=place,
            )
        ]
    if result.verdict is Verdict.mismatched and judgement and known:
        return [
            Finding(
                kind=Kind.text_mismatch,
                message=f"{where}: {n.literal!r}: {known.subject} {known.quantity} is "
                f"{format_number(known.value, 6)} {known.unit} ({known.ref})".rstrip(),
                subject=known.subject,
                quantity=known.quantity,
                facts=(known.ref,) if known.kind is ValueKind.fact else (),
                diagnosis=judgement.cause,
                weight=1,
                numbers=f"{n.literal} | {known.shown()}",
                discrepancy=judgement.difference,
                where=place,
            )
        ]
    if result.verdict is Verdict.matched and known and known.tier in WEAK_TIERS:
        return [
            Finding(
                kind=Kind.weak,
                message=f"{where}: {n.literal!r} is {known.subject} {known.quantity} = "
                f"{known.shown()}, which is {known.tier} ({known.ref})",
                subject=known.subject,
                quantity=known.quantity,
                facts=(known.ref,),
                weight=1,
                numbers=n.literal,
                where=place,
            )
        ]
    if result.verdict is Verdict.unresolved:
        return [
            Finding(
                kind=Kind.text_unsourced,
                message=(
                    f"{where}: {n.literal!r} cannot be tied to a fact or derived value "
                    f"({result.why})"
                ),
                numbers=n.literal,
                where=f"{place}:{n.column}",
            )
        ]
    return []


def claim_counts(reports: Iterable[TextReport]) -> Counter[str]:
    """How many claims of the texts each fact or derived value backs (matched ones)."""
    counts: Counter[str] = Counter()
    for report in reports:
        for result in report.results:
            known = result.judgement.known if result.judgement else None
            if known is not None and result.verdict is Verdict.matched:
                counts[known.ref] += 1
    return counts
