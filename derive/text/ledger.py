"""A text's claims ledger: each number pinned, once reviewed, to what it stands for.

The ledger is plain YAML beside the text (`TEXT.ledger.yaml`). Each entry holds a
number as written, the sentence around it and a fingerprint of both (so a pin
survives lines inserted above it, and notices when its own sentence changes), the
pin (a fact id, a derived value `rule@subject`, a reading `fact~N`, `non-claim` or
`unresolved`), the value it had when pinned, and optionally an acceptance: a reason
why the text quotes a mismatched or superseded value on purpose.

`propose` writes the checker's verdicts as a first ledger for a person to review;
`apply` re-judges a checked text by its ledger and reports drift (a pinned value
that changed in the catalog), pins whose sentence is gone, and numbers not pinned.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

import yaml

from derive.errors import LedgerError
from derive.text.check import CheckedNumber, TextReport
from derive.text.judge import judge
from derive.text.known import CatalogView
from derive.text.verdict import FLAGGED, Verdict

MAX_LEDGER = 20_000_000
NON_CLAIM = Verdict.non_claim.value
UNRESOLVED = Verdict.unresolved.value
"""The pins of a number that states nothing, and of one the review left unresolved."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Pin:
    """One reviewed number of a text."""

    number: str
    context: str
    fingerprint: str
    pin: str
    subject: str | None = None
    quantity: str | None = None
    value: str | None = None
    accept: str | None = None


@dataclass(frozen=True, slots=True)
class LedgerCheck:
    """A text checked by its ledger: the results, and what the ledger no longer matches."""

    report: TextReport
    stale: tuple[Pin, ...]  # pins whose number and sentence are no longer in the text
    unpinned: tuple[CheckedNumber, ...]  # numbers the ledger does not know yet

    def as_json(self, shown: Collection[Verdict] | None = None) -> dict[str, object]:
        """The report as JSON-ready data (`TextReport.as_json`), with the numbers the
        ledger does not pin and the pins it holds for no number of the text."""
        data = self.report.as_json(shown)
        data["ledger"] = {
            "unpinned": [r.as_json() for r in self.unpinned],
            "stale": [{"number": p.number, "context": p.context} for p in self.stale],
        }
        return data


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def fingerprints(report: TextReport) -> list[str]:
    """A fingerprint per result: its number, its sentence, and which of the same it is."""
    seen: Counter[tuple[str, str]] = Counter()
    prints = []
    for result in report.results:
        key = (result.number.literal, _normal(result.context))
        seen[key] += 1
        digest = hashlib.sha256(f"{key[0]}\x00{key[1]}\x00{seen[key]}".encode()).hexdigest()
        prints.append(digest[:16])
    return prints


def _pin_of(result: CheckedNumber) -> str:
    if result.verdict is Verdict.non_claim:
        return NON_CLAIM
    if result.known is None:
        return UNRESOLVED
    return result.known.ref


def propose(report: TextReport) -> list[Pin]:
    """The checker's verdicts as pins for a person to review."""
    pins = []
    for result, fingerprint in zip(report.results, fingerprints(report), strict=True):
        known = result.known
        pins.append(
            Pin(
                number=result.number.literal,
                context=_normal(result.context)[:200],
                fingerprint=fingerprint,
                pin=_pin_of(result),
                subject=result.subject,
                quantity=result.quantity,
                value=known.shown() if known else None,
            )
        )
    return pins


def dump_ledger(pins: Sequence[Pin], text_name: str) -> str:
    """The ledger as YAML, one entry per number, in the text's order."""
    entries = []
    for pin in pins:
        entry: dict[str, Any] = {
            "number": pin.number,
            "context": pin.context,
            "fingerprint": pin.fingerprint,
            "pin": pin.pin,
        }
        for name in ("subject", "quantity", "value", "accept"):
            if getattr(pin, name) is not None:
                entry[name] = getattr(pin, name)
        entries.append(entry)
    header = (
        f"# Claims ledger of {text_name}: review each pin once; `accept: REASON` keeps a\n"
        "# mismatched or superseded number the text quotes on purpose.\n"
    )
    body = yaml.safe_dump(
        {"text": text_name, "numbers": entries}, allow_unicode=True, sort_keys=False, width=100
    )
    return header + body


_FIELDS = {"number", "context", "fingerprint", "pin", "subject", "quantity", "value", "accept"}


def read_ledger(content: str, name: str) -> list[Pin]:
    """Read a ledger; raise `LedgerError` naming the file and entry when it is malformed."""
    if len(content) > MAX_LEDGER:
        raise LedgerError(
            f"{name}: {len(content):,} characters; a ledger is at most {MAX_LEDGER:,}"
        )
    try:
        events = yaml.parse(content, Loader=yaml.CSafeLoader)
        if any(isinstance(e, yaml.AliasEvent) for e in events):
            raise LedgerError(f"{name}: aliases (*name) are not allowed in a ledger")
        data = yaml.load(content, Loader=yaml.CSafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f":{mark.line + 1}" if mark is not None else ""
        raise LedgerError(f"{name}{where}: not valid YAML") from None
    if not isinstance(data, dict) or not isinstance(data.get("numbers"), list):
        raise LedgerError(f"{name}: expected a mapping with a `numbers:` list")
    pins = []
    for index, entry in enumerate(data["numbers"]):
        where = f"{name}: numbers[{index}]"
        if not isinstance(entry, dict):
            raise LedgerError(f"{where}: expected a mapping")
        unknown = set(entry) - _FIELDS
        if unknown:
            raise LedgerError(
                f"{where}: unknown key {sorted(unknown)[0]!r}; keys are {sorted(_FIELDS)}"
            )
        missing = {"number", "fingerprint", "pin"} - set(entry)
        if missing:
            raise LedgerError(f"{where}: missing {sorted(missing)[0]!r}")
        values = {k: (None if entry.get(k) is None else str(entry[k])) for k in _FIELDS}
        pins.append(
            Pin(
                number=values["number"] or "",
                context=values["context"] or "",
                fingerprint=values["fingerprint"] or "",
                pin=values["pin"] or "",
                subject=values["subject"],
                quantity=values["quantity"],
                value=values["value"],
                accept=values["accept"],
            )
        )
    return pins


def apply(report: TextReport, pins: Sequence[Pin], view: CatalogView) -> LedgerCheck:
    """Judge each number by its pin; report drift, stale pins and unpinned numbers."""
    by_print = {pin.fingerprint: pin for pin in pins}
    used: set[str] = set()
    results: list[CheckedNumber] = []
    unpinned: list[CheckedNumber] = []
    for result, fingerprint in zip(report.results, fingerprints(report), strict=True):
        pin = by_print.get(fingerprint)
        if pin is None:
            unpinned.append(result)
            results.append(result)
            continue
        used.add(fingerprint)
        results.append(_pinned(result, pin, view))
    stale = tuple(pin for pin in pins if pin.fingerprint not in used)
    return LedgerCheck(TextReport(report.file, tuple(results)), stale, tuple(unpinned))


def _pinned(result: CheckedNumber, pin: Pin, view: CatalogView) -> CheckedNumber:
    if pin.pin == NON_CLAIM:
        return replace(result, verdict=Verdict.non_claim, why="pinned as a non-claim", pinned=True)
    if pin.pin == UNRESOLVED:
        return replace(
            result,
            verdict=Verdict.unresolved,
            why="pinned as unresolved",
            pinned=True,
            accepted=pin.accept,
        )
    known = view.find(pin.pin)
    if known is None:
        return replace(
            result,
            verdict=Verdict.unresolved,
            why=f"pinned to {pin.pin}, which the catalog no longer holds",
            drift=f"{pin.pin} is gone from the catalog",
            pinned=True,
        )
    values = view.pair(known.subject, known.quantity)
    judgement = judge(result.number, values, count=view.quantities[known.quantity].count)
    drift = None
    if pin.value is not None and known.shown() != pin.value:
        drift = f"{pin.pin} was {pin.value} when pinned, now {known.shown()}"
    verdict = judgement.verdict if judgement else Verdict.unresolved
    return replace(
        result,
        verdict=verdict,
        subject=known.subject,
        quantity=known.quantity,
        judgement=judgement,
        why=f"pinned to {pin.pin}",
        firm=True,
        pinned=True,
        drift=drift,
        accepted=pin.accept if verdict in FLAGGED else None,
    )
