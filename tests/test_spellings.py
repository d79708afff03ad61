"""Unit spellings are declared once (`schema.spellings`): the registry accepts what the
prose checker reads and reads what the registry accepts, and no other module keeps a table
of spellings of its own."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from conftest import REPO

from derive.text.datafile import unit_of_key
from derive.text.numbers import numbers_in_line
from schema.errors import UnitError
from schema.spellings import (
    ADJECTIVES,
    BEFORE_CHINESE,
    KEY_PREFIXES,
    KEY_UNITS,
    MULTIPLES,
    PER,
    PREFIXES,
    PROSE,
    RATES,
    SPELLED_OUT,
    SYMBOLS,
    UNITS,
    UPPER_KILO,
    WORDS,
    Prefix,
)
from schema.units import DEFINITIONS, canonical_unit, dimensionality, factor


def read(line: str) -> str | None:
    """The unit the number finder reads after the first number of `line`."""
    return next(numbers_in_line(line, 1)).unit


def known(unit: str) -> bool:
    """True when `unit` is a canonical unit of the registry, with a dimension."""
    try:
        return canonical_unit(unit) == unit and bool(dimensionality(unit))
    except UnitError:
        return False


@pytest.mark.parametrize("prefix", PREFIXES, ids=lambda p: p.name)
def test_the_registry_defines_each_prefix_as_declared(prefix: Prefix) -> None:
    for symbol in (prefix.symbol, *prefix.others):
        assert factor(f"{symbol}B", "B") == prefix.factor


def test_every_unit_of_the_definitions_file_is_declared_and_known() -> None:
    defined = []
    for line in DEFINITIONS.read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, *rest = (part.strip() for part in line.split("="))
            defined.append(rest[1] if len(rest) > 1 else name)
    assert sorted(defined) == sorted([*SYMBOLS, "%"])
    assert all(known(f"k{symbol}") for symbol in SYMBOLS)


def _aliases() -> list[str]:
    rates = [f"{prefix}{rate}" for prefix in ("", *MULTIPLES) for rate in RATES]
    return [*WORDS, *rates, f"{UPPER_KILO}B", f"{UPPER_KILO}B/s"]


@pytest.mark.parametrize("alias", _aliases())
def test_every_alias_the_registry_accepts_is_read_in_prose(alias: str) -> None:
    assert read(f"The card reads 900 {alias} in the test.") == canonical_unit(alias)


def _symbols_in_prose() -> list[tuple[str, str]]:
    """Each unit's symbol as the number finder reads it, prefixed, over another unit or in
    the plural; with the unit the registry makes of it."""
    found = []
    for unit in UNITS:
        for prefix in unit.prose:
            for over in ("", *(f"/{below}" for below in unit.over)):
                written = f"{prefix}{unit.symbol}{over}"
                found.append((written, canonical_unit(written)))
            if unit.symbol + "s" in unit.words:  # "1,024 bits", "8 Gbits"
                found.append((f"{prefix}{unit.symbol}s", canonical_unit(prefix + unit.symbol)))
    return found


@pytest.mark.parametrize(("written", "unit"), _symbols_in_prose())
def test_every_symbol_prose_writes_is_a_unit_of_the_registry(written: str, unit: str) -> None:
    assert known(unit)
    assert read(f"The card reads 900 {written} in the test.") == unit


@pytest.mark.parametrize(("word", "unit"), [*PROSE.items(), *SPELLED_OUT.items()])
def test_every_word_prose_writes_is_a_unit_of_the_registry(word: str, unit: str) -> None:
    assert known(unit)
    if unit == "OP":  # operations said in words are a unit only as a rate
        assert read(f"每秒 900 {word}") == "OP/s"
    else:
        assert read(f"The card reads 900 {word} in the test.") == unit


def test_the_spellings_read_in_their_context_only_are_units_of_the_registry() -> None:
    for written, unit in BEFORE_CHINESE.items():
        assert known(unit)
        assert read(f"900{written} 显存") == unit
        assert read(f"a 900{written} modem") is None
    for written, unit in ADJECTIVES.items():
        assert known(unit)
        assert read(f"a 900-{written} module") == unit
        assert read(f"a 900 {written} clock") is None
    for word, unit in PER.items():
        assert known(f"FLOP/{unit}")
        assert read(f"It does 900 FLOP per {word} here.") == canonical_unit(f"FLOP/{unit}")


@pytest.mark.parametrize(("key", "unit"), KEY_UNITS.items())
def test_every_key_suffix_is_a_unit_of_the_registry(key: str, unit: str) -> None:
    for prefix in KEY_PREFIXES:
        read_as = unit_of_key(f"chip_{prefix.lower()}{key}")
        assert read_as is None or read_as == (canonical_unit(prefix + unit), prefix.lower() + key)
    assert unit_of_key(f"chip_g{key}") == (canonical_unit(f"G{unit}"), f"g{key}")


def _spelling_tables(path: Path) -> list[int]:
    """The lines of `path` where a dict literal maps a word to a unit of the registry."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Dict) and any(
            isinstance(key, ast.Constant)
            and isinstance(key.value, str)
            and isinstance(value, ast.Constant)
            and isinstance(value.value, str)
            and re.fullmatch(r"[A-Za-zµ%/·]+", value.value) is not None
            and known(value.value)
            for key, value in zip(node.keys, node.values, strict=True)
        ):
            lines.append(node.lineno)
    return lines


def test_no_module_but_the_declaration_keeps_a_table_of_unit_spellings() -> None:
    declaration = REPO / "schema" / "spellings.py"
    assert _spelling_tables(declaration)  # the check finds the tables where they are
    tables = {
        str(path.relative_to(REPO)): found
        for package in ("schema", "derive", "db", "cli")
        for path in sorted((REPO / package).rglob("*.py"))
        if path != declaration and (found := _spelling_tables(path))
    }
    assert tables == {}
