"""Read a value as written on a spec sheet: number, range or bound, then unit.

`parse_value("≈ 2,307 TFLOP/s")` keeps the literal, reads the thousands
separators, the approximation mark and the precision that the written digits
carry (the interval is half a unit in the last written place either side).
Normalising into a quantity's reference unit uses exact decimal arithmetic.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from decimal import Context, Decimal
from functools import cache, lru_cache

from schema.errors import UnitError, ValueSyntaxError
from schema.units import canonical_unit, factor

_MANTISSA = r"[-−]?(?:\d{1,3}(?:,\d{3})+|\d{1,3}(?:_\d{3})+|\d+)(?:\.\d+)?"
_THIN_GROUP = re.compile("(?<=\\d)[\u2009\u202f](?=\\d{3}(?!\\d))")
"""A thin or narrow no-break space between digit groups, as typeset tables write them."""
_EXPONENT = r"(?:[eE][+-]?\d{1,3}|\s*[×x*·]\s*10\s*\^\s*[+-]?\d{1,3})"
_NUMBER = rf"{_MANTISSA}{_EXPONENT}?"
_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻", "0123456789+-")
_POWER = re.compile(r"10([⁺⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3})")
MAX_VALUE = 200
"""The longest value read, in characters: no spec-sheet value comes near it."""
MAX_POWER_OF_TEN = 60
"""Numbers read from files lie within 10^-60 and 10^60 in magnitude (or are 0): every
spec-sheet number does by far, and derivations on them stay within a float's range."""
_APPROX = r"≈|~|约|about|approx\.?|ca\."
_COMPARATOR = r">=|<=|≥|≤|>|<"
_RANGE_SEPARATOR = r"–|—|-|~|to"
_VALUE = re.compile(
    rf"^\s*(?P<approx>{_APPROX})?\s*(?P<cmp>{_COMPARATOR})?\s*(?P<low>{_NUMBER})"
    rf"(?:\s*(?:{_RANGE_SEPARATOR})\s*(?P<high>{_NUMBER}))?"
    rf"(?:\s*(?P<unit>[^\d\s,.].*?))?\s*$"
)
_COMPARATORS = {">=": "≥", "<=": "≤", "≥": "≥", "≤": "≤", ">": ">", "<": "<"}
HINT = (
    "expected a number, range or bound then a unit, like '7.37 TB/s', '2,307 TFLOP/s', "
    "'9.0e11 B/s', '8.0–9.6 Gbit/s', '>9.2 Gbit/s' or '148'"
)


@dataclass(frozen=True, slots=True, kw_only=True)
class ParsedValue:
    """A value as written: magnitudes in the written unit, its unit and its marks."""

    literal: str
    low: Decimal
    high: Decimal | None
    unit: str
    approx: bool
    comparator: str | None
    resolution: Decimal

    @property
    def is_range(self) -> bool:
        """True for a written range such as '8.0–9.6 Gbit/s'."""
        return self.high is not None


@dataclass(frozen=True, slots=True)
class NormalValue:
    """A value in its quantity's reference unit: nominal value and precision interval."""

    value: Decimal
    low: Decimal
    high: Decimal


_SPLIT = re.compile(rf"^(?P<mantissa>{_MANTISSA})(?:[eE](?P<e>[+-]?\d+)|.*\^\s*(?P<p>[+-]?\d+))?$")


def _number(text: str) -> tuple[Decimal, Decimal]:
    """A written number's value and resolution: `9.0e11` is 9.0 × 10¹¹, known to 10¹⁰
    (the mantissa's last digit); `2,500` is known to the hundred."""
    match = _SPLIT.match(text.strip())
    assert match is not None, text  # the caller matched _NUMBER
    mantissa = match["mantissa"]
    value = Decimal(_GROUPING.sub("", mantissa).replace("−", "-"))
    resolution = significant_resolution(mantissa)
    exponent = match["e"] or match["p"]
    if exponent is None:
        return value, resolution
    power = int(exponent)
    if "." not in mantissa:  # 2e14: the exponent's zeros are not significant either
        resolution = Decimal(1).scaleb(len(mantissa.lstrip("-−")) - 1)
    return value.scaleb(power), resolution.scaleb(power)


_GROUPING = re.compile("[,_\u2009\u202f]")


def magnitude_problem(number: str | Decimal, written: str | None = None) -> str | None:
    """Why a number is beyond what is read (`MAX_POWER_OF_TEN`), or None if it is not."""
    value = Decimal(_GROUPING.sub("", number)) if isinstance(number, str) else number
    if not value or -MAX_POWER_OF_TEN <= value.adjusted() < MAX_POWER_OF_TEN:
        return None
    shown = written if written is not None else str(number)
    if len(shown) > 24:
        shown = f"{shown[:12]}…{shown[-8:]} ({len(shown):,} characters)"
    side = "large" if value.adjusted() >= 0 else "small"
    return (
        f"{shown} is too {side}: numbers are read between 1e-{MAX_POWER_OF_TEN} and "
        f"1e{MAX_POWER_OF_TEN} in magnitude (or 0)"
    )


def significant_resolution(text: str) -> Decimal:
    """One unit in the last significant place of a written number: `7.37` → 0.01,
    `7.50` → 0.01, `2,500` → 100 (an integer's trailing zeros are not significant),
    `148` → 1, `0` → 1. Groupings (`,`, `_`, thin spaces) and a sign are ignored."""
    whole, dot, fraction = _GROUPING.sub("", text).lstrip("-−+").partition(".")
    if dot:
        return Decimal(1).scaleb(-len(fraction))
    stripped = whole.rstrip("0")
    return Decimal(1).scaleb(len(whole) - len(stripped)) if stripped else Decimal(1)


@lru_cache(maxsize=65_536)
def parse_value(literal: str) -> ParsedValue:
    """Parse a written value; raise `ValueSyntaxError` or `UnitError` if it cannot be read."""
    if len(literal) > MAX_VALUE:
        raise ValueSyntaxError(
            f"a value of {len(literal):,} characters is not a value; at most {MAX_VALUE} are read"
        )
    powered = _POWER.sub(lambda m: "10^" + m.group(1).translate(_SUPERSCRIPT), literal)
    # thin spaces group digits (`17 200 000`); NFKC would make them plain spaces, which
    # separate numbers: mark them as groups first
    grouped = _THIN_GROUP.sub("_", powered)
    text = unicodedata.normalize("NFKC", grouped)
    match = _VALUE.match(text)
    if match is None:
        if re.search(r"\d,\d", text) and not re.search(r"\d{1,3}(,\d{3})+", text):
            raise ValueSyntaxError(
                f"cannot read {literal!r}: thousands separators are commas in groups of three"
            )
        raise ValueSyntaxError(f"cannot read {literal!r}; {HINT}")
    unit_text = match["unit"] or ""
    try:
        unit = canonical_unit(unit_text)
    except UnitError as exc:
        raise UnitError(f"in {literal!r}: {exc}") from None
    low, resolution = _number(match["low"])
    _within_magnitude(low, match["low"], literal)
    high: Decimal | None = None
    if match["high"]:
        high, high_resolution = _number(match["high"])
        _within_magnitude(high, match["high"], literal)
        if high <= low:
            raise ValueSyntaxError(f"range {literal!r} must go from the lower to the higher value")
        resolution = min(resolution, high_resolution)
    comparator = _COMPARATORS[match["cmp"]] if match["cmp"] else None
    if comparator and high is not None:
        raise ValueSyntaxError(f"{literal!r} is both a bound and a range; write one of them")
    return ParsedValue(
        literal=literal,
        low=low,
        high=high,
        unit=unit,
        approx=bool(match["approx"]),
        comparator=comparator,
        resolution=resolution,
    )


def _within_magnitude(number: Decimal, written: str, literal: str) -> None:
    problem = magnitude_problem(number, written)
    if problem:
        raise ValueSyntaxError(f"in {literal!r}: {problem}")


_CONTEXT = Context(prec=60)
_TWO = Decimal(2)


@cache
def decimal_factor(unit: str, target: str) -> Decimal:
    """The exact factor between two units as a decimal (prefix factors always terminate)."""
    ratio = factor(unit, target)
    return _CONTEXT.divide(Decimal(ratio.numerator), Decimal(ratio.denominator))


def _plain(value: Decimal) -> Decimal:
    # Plain digits, no exponent: '7370', not '7.37E+3'.
    return Decimal(format(value.normalize(_CONTEXT), "f")) if value else Decimal(0)


_PRECISION = re.compile(rf"^\s*(?:±|\+/-|\+-)?\s*(?P<size>{_NUMBER})\s*(?P<unit>\S.*?)?\s*$")
PRECISION_HINT = "expected a half-width like '±0.5 TFLOP/s' or '±1 %'"


@lru_cache(maxsize=4096)
def parse_precision(text: str, unit: str) -> tuple[Decimal, bool]:
    """A fact's explicit `precision:` as (half-width in `unit`, or a fraction if relative).

    `±0.5 TFLOP/s` in a fact written in PFLOP/s is 0.0005 PFLOP/s; `±1 %` is relative.
    Raises `ValueSyntaxError` or `UnitError` when it cannot be read or converted.
    """
    match = _PRECISION.match(unicodedata.normalize("NFKC", text))
    if match is None or match["size"].startswith(("-", "−")):
        raise ValueSyntaxError(f"cannot read precision {text!r}; {PRECISION_HINT}")
    size = _number(match["size"])[0]
    problem = magnitude_problem(size, match["size"])
    if problem:
        raise ValueSyntaxError(f"in precision {text!r}: {problem}")
    written = (match["unit"] or "").strip()
    if written == "%":
        return _CONTEXT.divide(size, Decimal(100)), True
    try:
        scale = decimal_factor(canonical_unit(written), unit)
    except UnitError as exc:
        raise UnitError(f"in precision {text!r}: {exc}") from None
    return _CONTEXT.multiply(size, scale), False


def with_precision(parsed: ParsedValue, precision: str) -> ParsedValue:
    """The parsed value with the half-width its `precision:` states instead of its digits'."""
    half, relative = parse_precision(precision, parsed.unit)
    if relative:
        middle = parsed.low if parsed.high is None else (parsed.low + parsed.high) / _TWO
        half = _CONTEXT.multiply(abs(middle), half)
    return replace(parsed, resolution=_CONTEXT.multiply(half, _TWO))


def written_value(literal: str, precision: str | None) -> ParsedValue:
    """The value a fact states: its literal parsed, with the half-width its `precision:`
    gives instead of its digits' when it has one (what a load reads and a read-back
    rebuilds)."""
    parsed = parse_value(literal)
    return parsed if precision is None else with_precision(parsed, precision)


def normalise(parsed: ParsedValue, reference_unit: str, *, exact: bool) -> NormalValue:
    """Convert a parsed value into `reference_unit` with its precision interval.

    `exact` gives a zero-width interval (counts, defined values). Raises
    `UnitError` when the units' dimensions differ. Decimal arithmetic with one
    cached factor per pair of units: exact, and no pint object per value.
    """
    scale = decimal_factor(parsed.unit, reference_unit)
    ctx = _CONTEXT
    low = parsed.low
    high = parsed.high if parsed.high is not None else low
    half = Decimal(0) if exact else ctx.divide(parsed.resolution, _TWO)
    nominal = ctx.divide(ctx.add(low, high), _TWO)
    return NormalValue(
        value=_plain(ctx.multiply(nominal, scale)),
        low=_plain(ctx.multiply(ctx.subtract(low, half), scale)),
        high=_plain(ctx.multiply(ctx.add(high, half), scale)),
    )
