"""The one unit vocabulary of the program: spellings, canonical names, factors.

Catalog values are split into number and unit by `schema.values`; the unit text
is mapped here to a canonical spelling through an allow-list, then checked by
the program's own pint registry (built from `units.txt`, never pint's defaults).
Conversion factors are exact fractions, computed once per pair and cached, so
hot loops multiply numbers instead of building pint objects.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from schema.errors import UnitError

if TYPE_CHECKING:
    import pint

DEFINITIONS = Path(__file__).with_name("units.txt")

_PREFIXES = ("", "k", "M", "G", "T", "P", "E", "m", "u", "µ", "n", "Ki", "Mi", "Gi", "Ti", "Pi")
_BASES = ("bit", "B", "FLOP", "MAC", "OP", "cycle", "s", "Hz")
_ATOM_ALIASES = {"byte": "B", "bytes": "B", "bits": "bit", "sec": "s", "cycles": "cycle"}
# Whole-unit spellings of spec sheets, mapped to the canonical form.
_WHOLE_ALIASES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^([kMGTPE]?)FLOPS$"), r"\1FLOP/s"),
    (re.compile(r"^([kMGTPE]?)OPS$"), r"\1OP/s"),
    (re.compile(r"^([kMGTPE]?)bps$"), r"\1bit/s"),
    (re.compile(r"^([kMGTPE]?)b/s$"), r"\1bit/s"),
    (re.compile(r"^KB(/.*)?$"), r"kB\1"),
)
_ATOM = re.compile(
    "^(" + "|".join(sorted((p for p in _PREFIXES if p), key=len, reverse=True)) + ")?"
    "(" + "|".join(_BASES) + ")$"
)
KNOWN_UNITS = (
    "bit, B, FLOP, MAC, OP, cycle, s, Hz, % with SI or binary prefixes (GB/s, TFLOP/s, TOP/s, MiB)"
)


@cache
def registry() -> pint.UnitRegistry[Fraction]:
    """Return the program's single pint registry, with exact fractional factors."""
    import pint

    return pint.UnitRegistry(str(DEFINITIONS), non_int_type=Fraction)


def _canonical_atom(atom: str, text: str) -> str:
    atom = _ATOM_ALIASES.get(atom, atom)
    if not _ATOM.match(atom):
        raise UnitError(f"unknown unit {text!r}; expected {KNOWN_UNITS}")
    return atom


@cache
def canonical_unit(text: str) -> str:
    """Map a written unit to its canonical spelling ('' for a plain number).

    Raises `UnitError` for a unit outside the vocabulary.
    """
    spelled = text.strip()
    if spelled in ("", "1"):
        return ""
    if spelled == "%":
        return "%"
    for pattern, replacement in _WHOLE_ALIASES:
        if pattern.match(spelled):
            spelled = pattern.sub(replacement, spelled)
            break
    numerator, slash, denominator = spelled.partition("/")
    parts = [_canonical_atom(a, text) for a in re.split(r"\s*[·*]\s*", numerator.strip())]
    canonical = "·".join(parts)
    if slash:
        below = [_canonical_atom(a, text) for a in re.split(r"\s*[·*]\s*", denominator.strip())]
        if "/" in denominator:
            raise UnitError(f"unit {text!r} has more than one '/'; write it as A/B")
        canonical += "/" + "·".join(below)
    return canonical


def _pint_expression(unit: str) -> str:
    if unit == "":
        return "dimensionless"
    if unit == "%":
        return "percent"
    numerator, _, denominator = unit.partition("/")
    expression = " * ".join(numerator.split("·"))
    if denominator:
        expression = f"({expression}) / ({' * '.join(denominator.split('·'))})"
    return expression


@cache
def _dimensions(unit: str) -> Any:
    return registry().parse_expression(_pint_expression(unit)).dimensionality


@cache
def dimensionality(unit: str) -> str:
    """Return the dimension of a canonical unit as text, e.g. '[information] / [time]'."""
    dim = _dimensions(unit)
    return str(dim) if dim else "dimensionless"


@cache
def factor(unit: str, target: str) -> Fraction:
    """Return the exact factor that converts a magnitude in `unit` into `target`.

    Raises `UnitError` when the two have different dimensions.
    """
    if unit == target:
        return Fraction(1)
    # Checked on the cached dimensions first: `cache` keeps no exceptions, and text
    # matching asks for many pairs that cannot convert, again and again.
    if _dimensions(unit) != _dimensions(target):
        raise UnitError(
            f"unit {unit or 'none'} ({dimensionality(unit)}) cannot convert to "
            f"{target or 'a plain number'} ({dimensionality(target)})"
        )
    reg = registry()
    source: Any = reg.parse_expression(_pint_expression(unit))
    goal: Any = reg.parse_expression(_pint_expression(target))
    ratio = (source / goal).to("dimensionless").magnitude
    return Fraction(ratio)


@cache
def base_factor(unit: str) -> float:
    """Return the factor that takes a magnitude in `unit` to the registry's base units.

    Values of one dimension in base units can be added and compared directly:
    the derivation engine computes in them and converts once at the end.
    """
    quantity: Any = registry().parse_expression(_pint_expression(unit))
    return float(quantity.to_base_units().magnitude)


def unit_quantity(unit: str, magnitude: Any = 1) -> Any:
    """Return a pint quantity of `magnitude` in the canonical `unit` (for dimension checks)."""
    return registry().Quantity(magnitude, _pint_expression(unit))
