"""The order findings are reported in, heaviest first across every kind."""

from __future__ import annotations

from collections.abc import Iterable

from derive.checks.finding import KINDS, Finding

_ORDER = {kind: i for i, kind in enumerate(KINDS)}


def rank_key(finding: Finding) -> tuple[int, float, int, str]:
    """Sort key: most resting on it, then the largest discrepancy, then kind order, then id."""
    return (-finding.weight, -(finding.discrepancy or 0.0), _ORDER[finding.kind], finding.id)


def ranked(findings: Iterable[Finding]) -> list[Finding]:
    """The findings once each (by id; the heaviest of a repeated id kept), ranked."""
    best: dict[str, Finding] = {}
    for finding in sorted(findings, key=rank_key):
        best.setdefault(finding.id, finding)
    return list(best.values())
