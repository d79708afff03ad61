"""The one unit vocabulary of the program: canonical names, factors.

Catalog values are split into number and unit by `schema.values`; the unit text
is mapped here to a canonical spelling through an allow-list (the spellings of
`schema.spellings`), then checked by the program's own pint registry (its prefixes
from `schema.spellings`, its units from `units.txt`, never pint's defaults).
Conversion factors are exact fractions, computed once per pair and cached, so
hot loops multiply numbers instead of building pint objects.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from schema.errors import UnitError
from schema.spellings import MULTIPLES, PREFIX_SYMBOLS, PREFIXES, RATES, SYMBOLS, UPPER_KILO, WORDS

if TYPE_CHECKING:
    import pint

DEFINITIONS = Path(__file__).with_name("units.txt")

_PREFIXES = ("", *PREFIX_SYMBOLS)
# Whole-unit spellings of spec sheets, mapped to the canonical form.
_WHOLE_ALIASES: tuple[tuple[re.Pattern[str], str], ...] = (
    *(
        (re.compile(f"^([{''.join(MULTIPLES)}]?){re.escape(rate)}$"), rf"\1{unit}")
        for rate, unit in RATES.items()
    ),
    (re.compile(f"^{UPPER_KILO}B(/.*)?$"), r"kB\1"),
)
_ATOM = re.compile(
    "^(" + "|".join(sorted((p for p in _PREFIXES if p), key=len, reverse=True)) + ")?"
    "(" + "|".join(SYMBOLS) + ")$"
)
KNOWN_UNITS = (
    ", ".join("T (transfers)" if symbol == "T" else symbol for symbol in SYMBOLS)
    + ", % with SI or binary prefixes (GB/s, TFLOP/s, TOP/s, GT/s, MiB)"
)


@cache
def registry() -> pint.UnitRegistry[Fraction]:
    """Return the program's single pint registry, with exact fractional factors."""
    import pint

    prefixes = [prefix.definition for prefix in PREFIXES]
    definitions = DEFINITIONS.read_text("utf-8").splitlines()
    return pint.UnitRegistry([*prefixes, *definitions], non_int_type=Fraction)


def _canonical_atom(atom: str, text: str, catalog: bool) -> str:
    atom = WORDS.get(atom, atom)
    # transfers only with a prefix (GT/s, MT/s): a bare "T" reads as tera or tesla too
    if (not _ATOM.match(atom) or atom == "T") and not (catalog and _catalog_atom(atom)):
        added = f", or a unit of the catalog's units.yaml ({', '.join(sorted(_CATALOG_ATOMS))})"
        raise UnitError(
            f"unknown unit {text!r}; expected {KNOWN_UNITS}{added if _CATALOG_ATOMS else ''}"
        )
    return atom


_CATALOG_ATOMS: set[str] = set()
"""Names (and symbols, aliases) of the units of the catalog being read or used: set anew
for each catalog (`use_catalog_units`), so one catalog's units never leak into another's."""
_CATALOG_NAMES: dict[str, tuple[str, ...]] = {}
"""Each catalog unit defined in this process → its name, symbol and aliases."""


def use_catalog_units(definitions: Iterable[str] = ()) -> list[str]:
    """Make the units of these definitions (and no others) the catalog's; define the new
    ones. Returns what is wrong with each definition that cannot be defined."""
    _CATALOG_ATOMS.clear()
    problems = []
    for definition in definitions:
        problem = define_unit(definition)
        if problem is not None:
            problems.append(problem)
    return problems


def catalog_unit(word: str) -> str | None:
    """The canonical spelling of `word` when it is a unit of the catalog in use (or one of
    them over another unit, "GFLOPS_W", "V/cycle"), else None: how a text may write one."""
    if not _CATALOG_ATOMS:  # most catalogs define none: nothing more to look at
        return None
    if not any(_catalog_atom(a) for a in re.findall(r"[A-Za-z_]+", word)):
        return None
    try:
        return _canonical_uncached(word, True)
    except UnitError:
        return None


def _catalog_atom(atom: str) -> bool:
    """A catalog's unit, bare or with an SI or binary prefix (`ktok` for 1000 tok)."""
    return any(atom.startswith(p) and atom[len(p) :] in _CATALOG_ATOMS for p in _PREFIXES)


_CATALOG_DEFINITIONS: dict[str, str] = {}
"""Each catalog unit's name → its definition: the same definition again is no change."""
MAX_DEFINITION = 200
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,39}$")
_DIMENSION = re.compile(r"^\[[a-z_]{1,40}\]$")
_EXPRESSION = re.compile(r"^[A-Za-z0-9_ .*/()^+-]+$")


def define_unit(definition: str) -> str | None:
    """Add a unit a catalog defines, in the registry's syntax; return what is wrong, or None.

    `name = expression [= symbol] [= alias ...]`, the expression a new dimension
    (`token = [token]`) or a product of numbers and known units (`kilotoken = 1000 *
    token = ktok`). A name the registry already knows, a prefix (`name-`), a directive
    (`@...`) or anything but that syntax is refused: a catalog can add units, never
    change the ones the program is built on. The same definition again is no change.
    """
    text = definition.strip()
    if len(text) > MAX_DEFINITION or "\n" in text:
        return f"a unit definition is one line of at most {MAX_DEFINITION} characters"
    parts = [part.strip() for part in text.split("=")]
    if len(parts) < 2 or not parts[1]:
        return "write a unit as `name = expression [= symbol]`, e.g. `token = [token] = tok`"
    name, expression, *names = parts
    for word in (name, *names):
        if not _NAME.match(word):
            return f"{word!r} is not a unit name (letters, digits and _, not a prefix or directive)"
    known = _CATALOG_DEFINITIONS.get(name)
    if known == text:  # defined before in this process (another load of this catalog)
        _CATALOG_ATOMS.update(_CATALOG_NAMES[name])
        return None
    reg = registry()
    for word in (name, *names):
        if known is not None or word in _CATALOG_ATOMS or _ATOM.match(word) or word in reg:
            return f"unit {word!r} is already defined; a catalog may add units, not redefine them"
    if _DIMENSION.match(expression):
        if expression in {str(d) for d in getattr(reg, "_dimensions", {})}:
            return f"dimension {expression} exists; a new unit of it is `{name} = <units>`"
    elif not _EXPRESSION.match(expression):
        return f"{expression!r} is not an expression of numbers and units"
    else:
        try:
            reg.parse_expression(expression)
        except Exception as exc:  # pint's own errors: an unknown unit, a bad token
            return f"{expression!r} is not an expression of known units ({exc})"
    try:
        reg.define(text)
    except Exception as exc:  # pint refuses the definition: say so, never crash
        return f"the unit registry refuses {text!r} ({exc})"
    _CATALOG_DEFINITIONS[name] = text
    _CATALOG_NAMES[name] = (name, *names)
    _CATALOG_ATOMS.update((name, *names))
    return None


def canonical_unit(text: str) -> str:
    """Map a written unit to its canonical spelling ('' for a plain number).

    Raises `UnitError` for a unit outside the vocabulary. A spelling with a unit of the
    catalog's own is not remembered: the next catalog may not have it.
    """
    try:
        return _canonical(text, False)
    except UnitError:
        if not _CATALOG_ATOMS:
            raise
    return _canonical_uncached(text, True)


@cache
def _canonical(text: str, catalog: bool) -> str:
    return _canonical_uncached(text, catalog)


def _canonical_uncached(text: str, catalog: bool) -> str:
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
    parts = [_canonical_atom(a, text, catalog) for a in re.split(r"\s*[·*]\s*", numerator.strip())]
    canonical = "·".join(parts)
    if slash:
        below = [
            _canonical_atom(a, text, catalog) for a in re.split(r"\s*[·*]\s*", denominator.strip())
        ]
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
def quotient_of(numerator: str, result: str, unit: str) -> bool:
    """True when `numerator` ÷ something in `unit` has the dimension of `result`: a peak in
    TFLOP/s over a bandwidth in GB/s gives FLOP/B. All three are canonical units.

    Clock cycles are left out, as prose leaves them out: a peak in TFLOP/s over a clock in
    GHz is "209,000 FLOP" (per clock, said or not)."""
    left = _without_cycles(_dimensions(numerator) / _dimensions(result))
    return left == _without_cycles(_dimensions(unit))


def _without_cycles(dimensions: Any) -> dict[str, Any]:
    return {name: power for name, power in dict(dimensions).items() if name != "[clock_cycle]"}


def unexplained_dimensions(factors: Sequence[tuple[str, int]], result: str) -> frozenset[str]:
    """The base dimensions by which `result` differs from the product of `factors` (each a
    canonical unit and +1 to multiply, -1 to divide): empty when they agree."""
    product: Any = _dimensions("")
    for unit, sign in factors:
        product = product * _dimensions(unit) if sign > 0 else product / _dimensions(unit)
    return frozenset(str(name) for name in (_dimensions(result) / product))


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
    the deriver computes in them and converts once at the end.
    """
    quantity: Any = registry().parse_expression(_pint_expression(unit))
    return float(quantity.to_base_units().magnitude)


def unit_quantity(unit: str, magnitude: Any = 1) -> Any:
    """Return a pint quantity of `magnitude` in the canonical `unit` (for dimension checks)."""
    return registry().Quantity(magnitude, _pint_expression(unit))
