"""Acknowledgements: findings a catalog keeps on purpose, and those gone stale.

A finding whose id a catalog acknowledges is marked (it no longer fails
`--strict`). An acknowledgement is stale when its finding is gone, or when it
records the finding's `numbers` and they have changed; each stale one is a
finding of kind `stale-acknowledgement`. An acknowledgement of a finding that
comes from a text is only judged when texts were checked.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from derive.checks.finding import KINDS, Finding, Kind, from_text, id_kind
from schema.catalog import Acknowledgement
from schema.errors import FactsError


class BadAcknowledgement(FactsError, ValueError):
    """An acknowledgement whose finding id names no kind of finding."""

    def __init__(self, where: str, finding: str) -> None:
        super().__init__(
            f"{where}: acknowledged finding {finding!r} is not a finding id; an id starts "
            f"with its kind and a colon ({', '.join(KINDS[:3])}, ...), as "
            "`facts audit -f json` prints it"
        )


def check(acknowledgements: Mapping[str, Acknowledgement]) -> None:
    """Raise `BadAcknowledgement` for the first acknowledgement whose id is malformed."""
    for ack in acknowledgements.values():
        if id_kind(ack.entry.finding) is None:
            where = f"{ack.origin.file}:{ack.origin.line}"
            raise BadAcknowledgement(where, ack.entry.finding)


def apply(
    findings: Iterable[Finding],
    acknowledgements: Mapping[str, Acknowledgement],
    *,
    texts_checked: bool = False,
) -> list[Finding]:
    """The findings with the acknowledged ones marked, and the stale acknowledgements."""
    check(acknowledgements)
    by_id = {ack.entry.finding: ack for ack in acknowledgements.values()}
    found = list(findings)
    present = {f.id: f for f in found}
    marked = []
    for finding in found:
        ack = by_id.get(finding.id)
        if ack is not None and _holds(ack, finding):
            finding = dataclasses.replace(finding, acknowledged=True, reason=ack.entry.reason)
        marked.append(finding)
    for finding_id, ack in sorted(by_id.items()):
        current = present.get(finding_id)
        if current is None and from_text(finding_id) and not texts_checked:
            continue  # a text's finding is only there when the text is checked
        if current is not None and _holds(ack, current):
            continue
        where = f"{ack.origin.file}:{ack.origin.line}"
        why = (
            "its finding is gone"
            if current is None
            else f"the finding's numbers were {ack.entry.numbers!r} and are now {current.numbers!r}"
        )
        marked.append(
            Finding(
                kind=Kind.stale_acknowledgement,
                message=f"{where}: the acknowledgement of {finding_id} is stale: {why}",
                facts=current.facts if current is not None else (),
                numbers=ack.entry.numbers or "",
                where=where,
                id=f"stale-acknowledgement:{finding_id}",
            )
        )
    return marked


def _holds(ack: Acknowledgement, finding: Finding) -> bool:
    """True when the acknowledgement still covers the finding (its numbers unchanged)."""
    return ack.entry.numbers is None or ack.entry.numbers == finding.numbers


def proposals(findings: Iterable[Finding], today: str) -> str:
    """Ready-to-paste `acknowledged:` YAML for the unacknowledged findings.

    The reason is left empty on purpose: a person writes why a finding is kept, and
    the catalog refuses an acknowledgement without one.
    """
    lines = ["acknowledged:"]
    for finding in findings:
        if finding.acknowledged or finding.kind is Kind.stale_acknowledgement:
            continue
        lines.append(f"  - finding: {_quoted(finding.id)}")
        if finding.numbers:
            lines.append(f"    numbers: {_quoted(finding.numbers)}")
        lines += [f"    date: {today}", f"    reason:  # {_comment(finding.message)}"]
    return "\n".join(lines if len(lines) > 1 else ["acknowledged: []"])


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _comment(text: str) -> str:
    return " ".join(text.split())[:160]
