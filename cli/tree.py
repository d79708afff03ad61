"""Render a derivation tree as text: value, interval, tier, then every input down to facts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from schema.numbers import format_derived, format_interval

if TYPE_CHECKING:
    from derive.from_sources import Comparison
    from derive.tree_model import TreeFact, TreeNode


def _unit(unit: str) -> str:
    return f" {unit}" if unit else ""


def _source(fact: TreeFact, missing: str) -> str:
    """The original source, and the copy the number was read in (`via`) when there is one."""
    source = fact.source_title or missing
    return f"{source} via {fact.via_title or fact.via}" if fact.via else source


def _fact_text(fact: TreeFact) -> str:
    date = fact.date.isoformat() if fact.date else None
    where = ", ".join(x for x in (_source(fact, "(no source)"), fact.locator, date) if x)
    value = fact.literal if not fact.undisclosed else "(undisclosed)"
    return f"{value}  {fact.tier}  {where}"


def _agreement(node: TreeNode) -> str:
    parts = []
    for stated in node.stated:
        fact = stated.fact
        source = _source(fact, "no source")
        if fact.undisclosed:
            parts.append(f"undisclosed by the vendor ({source})")
            continue
        verdict = "agrees with" if stated.agrees else "DISAGREES with"
        parts.append(f"{verdict} {fact.tier} {fact.literal} ({source})")
    return "; ".join(parts)


def _value(node: TreeNode) -> str:
    mark = "≈ " if node.approx else ""
    return f"{mark}{format_derived(node.value, node.low, node.high)}{_unit(node.unit)}"


def _lines(node: TreeNode, prefix: str) -> list[str]:
    lines = [f"{prefix}= {node.formula}   (rule {node.rule})"]
    inputs = node.inputs
    for i, item in enumerate(inputs):
        last = i == len(inputs) - 1
        branch, below = ("└── ", "    ") if last else ("├── ", "│   ")
        reason = f"   [{item.reason}]" if item.reason != "the only value" else ""
        if item.fact is not None:
            lines.append(f"{prefix}{branch}{item.ref}  {_fact_text(item.fact)}{reason}")
            continue
        child = item.derived
        assert child is not None
        agreement = _agreement(child)
        lines.append(
            f"{prefix}{branch}{item.ref}  {_value(child)}  derived · weakest input: "
            f"{child.weakest}" + (f"  {agreement}" if agreement else "") + reason
        )
        lines.extend(_lines(child, prefix + below))
    return lines


def render_tree(node: TreeNode) -> str:
    """Return the text of one derivation with its whole tree."""
    header = (
        f"{node.quantity}  {node.subject}  {_value(node)}  "
        f"{format_interval(node.low, node.high)}  derived · weakest input: {node.weakest}"
    )
    notes = []
    if node.widest:
        notes.append(f"interval widened most by {node.widest}")
    if node.reading:
        notes.append(f"derived with another reading of an input: {node.reading}")
    elif node.conflict:
        notes.append(f"inputs disagree: this is alternative {node.alternative + 1}")
    agreement = _agreement(node)
    if agreement:
        notes.append(agreement)
    lines = [header, *(f"  {note}" for note in notes), *_lines(node, "")]
    return "\n".join(lines)


def render_compared(compared: Sequence[Comparison]) -> str:
    """Return the lines comparing derived values with the facts that state them: matched,
    or MISMATCH with how far apart they are."""
    lines = ["compared with what the sources state:"]
    for c in compared:
        d = c.derivation
        verdict = "matched " if c.matched else "MISMATCH"
        apart = "∞" if c.difference == float("inf") else f"{c.difference:+.2%}"
        reading = f", {d.reading}" if d.reading else ""
        derived = format_derived(d.value, d.low, d.high)
        lines.append(
            f"  {verdict}  {d.subject} {d.quantity}: {c.fact.entry.id} states "
            f"{c.fact.entry.value}, rule {d.rule_id}{reading} derives {derived}{_unit(c.unit)} "
            f"{format_interval(d.low, d.high)} ({apart} apart)"
        )
    return "\n".join(lines)
