from fractions import Fraction

import pytest

from schema.errors import UnitError
from schema.units import canonical_unit, dimensionality, factor, registry


def test_registry_is_built_once() -> None:
    assert registry() is registry()


@pytest.mark.parametrize(
    ("unit", "target", "expected"),
    [
        ("Gbit/s", "GB/s", Fraction(1, 8)),
        ("TB/s", "GB/s", Fraction(1000)),
        ("MiB", "KiB", Fraction(1024)),
        ("KiB", "kB", Fraction(1024, 1000)),
        ("TFLOP/s", "GFLOP/s", Fraction(1000)),
        ("GHz", "cycle/s", Fraction(10**9)),
        ("%", "", Fraction(1, 100)),
    ],
)
def test_factors_are_exact(unit: str, target: str, expected: Fraction) -> None:
    assert factor(unit, target) == expected


@pytest.mark.parametrize(
    ("unit", "target"),
    [("GB/s", "GHz"), ("B", "FLOP"), ("MAC", "FLOP"), ("cycle", ""), ("MiB", "GB/s")],
)
def test_units_of_different_dimensions_never_convert(unit: str, target: str) -> None:
    # pint's defaults would turn 1 GB/s into 8 GHz and a cycle into 2π radians.
    with pytest.raises(UnitError, match="cannot convert"):
        factor(unit, target)


def test_ridge_point_unit_is_flop_per_byte() -> None:
    assert dimensionality("FLOP/B") == "[computation] / [information]"


@pytest.mark.parametrize("text", ["", "1"])
def test_plain_numbers_have_no_unit(text: str) -> None:
    assert canonical_unit(text) == ""


def test_transfer_rates_are_a_dimension_of_their_own() -> None:
    from schema.errors import UnitError
    from schema.units import canonical_unit, factor

    assert factor(canonical_unit("GT/s"), canonical_unit("MT/s")) == 1000
    # a transfer moves as many bits as the link is wide: GT/s is not Gbit/s
    with pytest.raises(UnitError, match="cannot convert"):
        factor(canonical_unit("GT/s"), canonical_unit("Gbit/s"))
    assert canonical_unit("TB/s") == "TB/s"  # tera-bytes, never transfer-bytes
