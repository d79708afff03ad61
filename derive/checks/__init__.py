"""The audit's checks, one module per kind of finding or small family of kinds.

`run(scope)` gives every finding of the catalog, unranked and unacknowledged;
`derive.audit.audit` ranks them and applies the catalog's acknowledgements.
"""

from __future__ import annotations

from derive.checks.finding import KINDS, Finding, finding_id
from derive.checks.scope import Scope

__all__ = ["KINDS", "Finding", "Scope", "finding_id", "run"]


def run(scope: Scope) -> list[Finding]:
    """Every finding of every check over one scope, in check order."""
    from derive.checks import (
        cells,
        derivations,
        mismatches,
        provenance,
        ranges,
        readings,
        superseded,
    )
    from derive.checks.values import conflicts

    return [
        *conflicts(scope),
        *mismatches.mismatches(scope),
        *ranges.ranges(scope),
        *derivations.derivation_problems(scope),
        *derivations.imprecise(scope),
        *readings.reading_spreads(scope),
        *derivations.weak(scope),
        *cells.weak_cells(scope),
        *derivations.unsupported(scope),
        *derivations.undisclosed_in_use(scope),
        *superseded.superseded_inputs(scope),
        *cells.superseded_cells(scope),
        *provenance.provenance(scope),
    ]
