"""Numbers in prose: finding, classifying, resolving and judging them, ledgers, coverage."""

from derive.errors import TextTooLarge
from derive.text.check import CheckedNumber, TextReport, check_text
from derive.text.judge import Judgement
from derive.text.known import CatalogView, KnownValue, QuantityName, SubjectName, ValueKind
from derive.text.nonclaims import NonClaim
from derive.text.numbers import TextNumber
from derive.text.verdict import Verdict

__all__ = [
    "CatalogView",
    "CheckedNumber",
    "Judgement",
    "KnownValue",
    "NonClaim",
    "QuantityName",
    "SubjectName",
    "TextNumber",
    "TextReport",
    "TextTooLarge",
    "ValueKind",
    "Verdict",
    "check_text",
]
