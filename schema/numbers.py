"""Print numbers the way the course writes them: thousands separators, no noise digits."""

from __future__ import annotations

import math

EXACT_DIGITS = 9
"""Significant digits shown for an exact value (7,372.8, 606,208): enough, never noise."""
APPROX_DIGITS = 4
"""Significant digits shown for a value with an interval (312.9, 2.062)."""


def format_number(value: float, digits: int = APPROX_DIGITS) -> str:
    """Round `value` to `digits` significant digits, group thousands with commas."""
    if value == 0 or not math.isfinite(value):
        return "0" if value == 0 else str(value)
    magnitude = math.floor(math.log10(abs(value)))
    decimals = max(0, digits - 1 - magnitude)
    rounded = round(value, decimals)
    text = f"{rounded:,.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def format_derived(value: float, low: float, high: float) -> str:
    """Show a derived value: every digit it has when exact, four significant ones otherwise."""
    exact = low == high or math.isclose(low, high, rel_tol=1e-12)
    return format_number(value, EXACT_DIGITS if exact else APPROX_DIGITS)


def format_interval(low: float, high: float) -> str:
    """Show an interval as '[low … high]': four significant digits, more if they would
    print both ends the same; 'exact' when it has no width."""
    if low == high or math.isclose(low, high, rel_tol=1e-12):
        return "exact"
    digits = APPROX_DIGITS
    while (
        digits < EXACT_DIGITS
        and low != high
        and format_number(low, digits) == format_number(high, digits)
    ):
        digits += 1
    return f"[{format_number(low, digits)} … {format_number(high, digits)}]"
