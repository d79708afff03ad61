"""The verdicts of the text checks: a module of its own, so the CLI names them cheaply."""

from __future__ import annotations

from enum import StrEnum


class Verdict(StrEnum):
    """What the checker says of a number of a text."""

    matched = "matched"
    mismatched = "mismatched"
    superseded = "superseded"
    alternative = "alternative"
    unresolved = "unresolved"
    non_claim = "non-claim"


AGREEING = (Verdict.matched, Verdict.alternative, Verdict.superseded)
"""The verdicts of a number a value the catalog records for its pair agrees with, in the
order a decision prefers them: a current value, an alternative reading, a corrected one."""
FLAGGED = (Verdict.mismatched, Verdict.superseded)
"""The verdicts of a number the catalog contradicts, or that quotes a value since corrected:
`facts check` writes them loud, `--strict` fails on them, a ledger may accept them."""
