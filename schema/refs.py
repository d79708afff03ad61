"""How a quantity is named: its id, a subject's id, and `subject:quantity`.

The one grammar of a reference. A reference can only name an id that exists, so
the ids' own patterns are the truth: a subject's id is a slug (lower-case letters,
digits, '.', '_', '-'), a quantity's id dotted words (lower-case letters, digits,
'_'); neither holds a ':', so the one colon splits them. Formulas, bounds, tables
and the text checker all read and write references here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SLUG = r"[a-z0-9][a-z0-9._-]*"
"""A subject's id, as every slug id (sources, rules, tables) is written."""
QUANTITY_ID = r"[a-z0-9][a-z0-9_]*(?:\.[a-z0-9][a-z0-9_]*)*"
"""A quantity's id: dotted words, `hbm.pin_rate`, `peak.bf16_dense`."""
REF = rf"(?:(?P<subject>{SLUG}):)?(?P<quantity>{QUANTITY_ID})"
"""A reference, `quantity` or `subject:quantity`, as a regex fragment with the groups
`subject` (None when not named) and `quantity`."""
_REF = re.compile(REF)


@dataclass(frozen=True, slots=True)
class Ref:
    """A quantity of the subject at hand, or of another subject when `subject` is set."""

    subject: str | None
    quantity: str

    @classmethod
    def parse(cls, text: str) -> Ref:
        """Read `quantity` or `subject:quantity`; raise ValueError for anything else."""
        found = _REF.fullmatch(text)
        if found is None:
            raise ValueError(
                f"{text!r} is not a reference; write a quantity's id or subject:quantity "
                "(lower-case ids: hbm.pin_rate, gb200:hbm.pin_rate)"
            )
        return cls(found["subject"], found["quantity"])

    def pair(self) -> tuple[str, str]:
        """(subject, quantity) of a reference that names its subject; ValueError otherwise."""
        if self.subject is None:
            raise ValueError(f"{self.quantity!r} names no subject; write subject:quantity")
        return self.subject, self.quantity

    def __str__(self) -> str:
        return f"{self.subject}:{self.quantity}" if self.subject else self.quantity
