"""Name the likely cause of two numbers that disagree, from their ratio."""

from __future__ import annotations

import math

# (ratio, relative tolerance, cause); the binary-prefix ratios need a tight tolerance.
_CAUSES: tuple[tuple[float, float, str], ...] = (
    (1.024, 0.002, "binary vs decimal prefix (KiB vs kB): a factor of 1.024"),
    (1.048576, 0.002, "binary vs decimal prefix (MiB vs MB): a factor of 1.048576"),
    (1.073741824, 0.002, "binary vs decimal prefix (GiB vs GB): a factor of 1.073741824"),
    (1.099511627776, 0.002, "binary vs decimal prefix (TiB vs TB): a factor of 1.0995"),
    (2.0, 0.01, "a factor of 2: MAC vs FLOP, one- vs two-directional, or dense vs sparse"),
    (3.0, 0.01, "a factor of 3: per axis vs per chip (three axes)"),
    (8.0, 0.01, "a factor of 8: bit vs byte"),
    (10.0, 0.01, "a factor of 10: a decimal point slipped by one place"),
    (100.0, 0.01, "a factor of 100: a decimal point slipped by two places"),
)


def _counts_bytes(unit: str | None) -> bool:
    """True when a quantity in `unit` counts bits or bytes (unknown: may)."""
    return unit is None or "B" in unit or "bit" in unit


def diagnose(a: float, b: float, *, integers: bool = False, unit: str | None = None) -> str | None:
    """Return the likely cause of `a` and `b` disagreeing, or None when no ratio fits.

    A binary prefix, and bit vs byte, are causes only of quantities of bits and bytes
    (`unit`, the quantity's reference unit): a clock 1.0737 times another is not GiB
    vs GB.
    """
    if a == 0 or b == 0 or (a < 0) != (b < 0) or not (math.isfinite(a) and math.isfinite(b)):
        return None
    if integers and abs(a - b) == 1:
        return "they differ by exactly 1: counted inclusively vs exclusively, or a reserved one"
    ratio = max(abs(a), abs(b)) / min(abs(a), abs(b))
    binary = _counts_bytes(unit)
    for target, tolerance, cause in _CAUSES:
        if cause.startswith(("binary", "a factor of 8")) and not binary:
            continue
        if abs(ratio / target - 1) <= tolerance:
            return cause
    power = math.log(ratio, 1000)
    if power >= 0.99 and abs(power - round(power)) < 0.001:  # 1024 is not a prefix slip
        return f"a factor of 1000^{round(power)}: a unit prefix slipped"
    return None
