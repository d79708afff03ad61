"""Derivation rules, the deriver that applies them, the audit's checks, the outputs
(`derive.publish`) and numbers in prose (`derive.text`); pure: nothing here reads or
writes a database.

Names are imported on first use: `import derive` costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from schema.lazy import exports

if TYPE_CHECKING:
    from derive import audit
    from derive.audit import Finding, Kind
    from derive.deriver import Deriver, Outcome, derive_catalog
    from derive.errors import (
        FormulaError,
        LedgerError,
        OutlineError,
        RulesDirectoryMissing,
        TemplateError,
        TextError,
        TextTooLarge,
    )
    from derive.rules import RuleFolders, RuleSet, read_rules

_WHERE = {
    "Finding": "derive.audit",
    "Kind": "derive.audit",
    "audit": "derive.audit",
    "Deriver": "derive.deriver",
    "Outcome": "derive.deriver",
    "derive_catalog": "derive.deriver",
    "FormulaError": "derive.errors",
    "LedgerError": "derive.errors",
    "OutlineError": "derive.errors",
    "RulesDirectoryMissing": "derive.errors",
    "TemplateError": "derive.errors",
    "TextError": "derive.errors",
    "TextTooLarge": "derive.errors",
    "RuleFolders": "derive.rules",
    "RuleSet": "derive.rules",
    "read_rules": "derive.rules",
}

__all__ = [
    "Deriver",
    "Finding",
    "FormulaError",
    "Kind",
    "LedgerError",
    "Outcome",
    "OutlineError",
    "RuleFolders",
    "RuleSet",
    "RulesDirectoryMissing",
    "TemplateError",
    "TextError",
    "TextTooLarge",
    "audit",
    "derive_catalog",
    "read_rules",
]


__getattr__ = exports("derive", _WHERE)
