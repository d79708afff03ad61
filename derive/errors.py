"""Errors of the rules, the deriver, the outputs and the prose checker.

FactsError (schema.errors)
├── FormulaError (ValueError)          a rule's formula that cannot be read, or reaches too far
├── RulesDirectoryMissing (ValueError) a --rules folder that is missing or holds no rules
├── TemplateError (ValueError)         a template that cannot be rendered (reference, syntax)
├── BadAcknowledgement (ValueError)    an acknowledgement naming no kind of finding
│                                      (derive.checks.acknowledged: it words itself)
├── OutlineError (ValueError)          a coverage outline line that is not LINE<TAB>SECTION
├── TextTooLarge (ValueError)          a text past the checker's limits (characters, numbers)
├── LedgerError (ValueError)           a claims ledger that cannot be read
└── TextError (ValueError)             a text that cannot be read: too large, not UTF-8

Outside the tree, caught by their callers (the deriver; `facts plot` and `facts graph`):

ArithmeticError
└── EvaluationProblem (derive.evaluate)  a value a formula cannot compute: reported as a finding
ValueError
├── NoPeak (derive.publish.roofline)     a chip without a peak or a bandwidth: nothing to draw
└── NoDerivation (derive.publish.graph)  a quantity no rule derived: nothing to draw
"""

from __future__ import annotations

from schema.errors import FactsError


class FormulaError(FactsError, ValueError):
    """A formula that cannot be parsed, or that reaches for something it may not."""


class RulesDirectoryMissing(FactsError, ValueError):
    """A rules directory that does not exist, or a named one without rules: refused
    before anything is written."""


class TemplateError(FactsError, ValueError):
    """A template that cannot be rendered: a bad reference, or bad template syntax."""


class OutlineError(FactsError, ValueError):
    """An outline line that is not `LINE<TAB>SECTION`."""


class TextTooLarge(FactsError, ValueError):
    """A text longer than the checker reads."""


class LedgerError(FactsError, ValueError):
    """A ledger file that cannot be read: what is wrong and where."""


class TextError(FactsError, ValueError):
    """A text that cannot be read: too large or not UTF-8."""
