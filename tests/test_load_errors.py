"""Every bad catalog: one line per problem naming file, line and field; exit 2; nothing written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from catalogs import CHIP, SOURCES, write_catalog
from conftest import snapshot

BOOK = (
    "  - id: chip-book\n    title: A book about chips\n    kind: book\n    authors: [A. Author]\n"
)
"""A book that quotes the datasheet: the copy a number may be read in (`via`)."""

_ALIAS_BOMB = (
    "a: &a ["
    + ",".join(["x"] * 9)
    + "]\n"
    + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n"
        for i in range(8)
    )
)
"""Nine to the ninth (387 million) values from a file of ten lines ("billion laughs")."""

BAD_CATALOGS: dict[str, tuple[dict[str, str | bytes], str]] = {
    "malformed YAML": (
        {"subjects/chip-x.yaml": CHIP + "  - id: [unclosed\n"},
        "subjects/chip-x.yaml:20: malformed YAML: did not find expected ',' or ']'",
    ),
    "unknown unit": (
        {"subjects/chip-x.yaml": CHIP.replace("7.37 TB/s", "7.37 TB/S")},
        "subjects/chip-x.yaml:9: facts[0].value: in '7.37 TB/S': unknown unit 'TB/S'; expected "
        "bit, B, FLOP, MAC, OP, cycle, T (transfers), s, Hz, W, % with SI or binary prefixes "
        "(GB/s, TFLOP/s, TOP/s, GT/s, MiB)",
    ),
    "unit of the wrong dimension": (
        {"subjects/chip-x.yaml": CHIP.replace("7.37 TB/s", "64 MiB")},
        "subjects/chip-x.yaml:9: facts[0].value: unit MiB ([information]) cannot convert to "
        "GB/s ([information] / [time]); hbm.bandwidth is measured in GB/s",
    ),
    "unreadable precision": (
        {
            "subjects/chip-x.yaml": CHIP.replace(
                "value: 7.37 TB/s\n", "value: 7.37 TB/s\n    precision: plus or minus\n"
            )
        },
        "subjects/chip-x.yaml:10: facts[0].precision: cannot read precision 'plus or minus'; "
        "expected a half-width like '±0.5 TFLOP/s' or '±1 %'",
    ),
    "unreadable value beside a precision": (
        {
            "subjects/chip-x.yaml": CHIP.replace(
                "value: 7.37 TB/s\n", "value: 7.37 TB/S\n    precision: 0.01 TB/s\n"
            )
        },
        "subjects/chip-x.yaml:9: facts[0].value: in '7.37 TB/S': unknown unit 'TB/S'; expected "
        "bit, B, FLOP, MAC, OP, cycle, T (transfers), s, Hz, W, % with SI or binary prefixes "
        "(GB/s, TFLOP/s, TOP/s, GT/s, MiB)",
    ),
    "unknown source id": (
        {
            "subjects/chip-x.yaml": CHIP.replace(
                "source: vendor-sheet\n    locator", "source: vendor-shet\n    locator"
            )
        },
        "subjects/chip-x.yaml:10: facts[0].source: unknown source 'vendor-shet'; "
        "define it in sources or fix the id",
    ),
    "unknown copy in via": (
        {
            "sources.yaml": SOURCES + BOOK,
            "subjects/chip-x.yaml": CHIP.replace(
                "source: vendor-sheet\n    locator",
                "source: vendor-sheet\n    via: chip-boook\n    locator",
            ),
        },
        "subjects/chip-x.yaml:11: facts[0].via: unknown source 'chip-boook' in `via` (the copy "
        "the number was read in); did you mean chip-book?",
    ),
    "via without the original": (
        {
            "sources.yaml": SOURCES + BOOK,
            "subjects/chip-x.yaml": CHIP.replace(
                "source: vendor-sheet\n    locator", "via: chip-book\n    locator"
            ),
        },
        "subjects/chip-x.yaml:7: facts[0]: `via` names the copy a number was read in; name the "
        "original it copies in `source` (which sets the tier)",
    ),
    "via naming the original itself": (
        {
            "subjects/chip-x.yaml": CHIP.replace(
                "source: vendor-sheet\n    locator",
                "source: vendor-sheet\n    via: vendor-sheet\n    locator",
            ),
        },
        "subjects/chip-x.yaml:7: facts[0]: `via` is the copy the number was read in, `source` "
        "the original: both are 'vendor-sheet'; drop `via` when the number was read in the "
        "original",
    ),
    "duplicate fact id": (
        {"subjects/chip-x.yaml": CHIP.replace("id: chip-x.hbm.stacks", "id: chip-x.hbm.bandwidth")},
        "subjects/chip-x.yaml:14: facts[1].id: duplicate fact id 'chip-x.hbm.bandwidth'; "
        "first defined at subjects/chip-x.yaml:7; ids must be unique",
    ),
    "missing required field": (
        {"subjects/chip-x.yaml": CHIP.replace("    tier: official\n    date", "    date")},
        "subjects/chip-x.yaml:7: facts[0].tier: missing required field `tier`",
    ),
    "count with a fraction": (
        {"subjects/chip-x.yaml": CHIP.replace("value: 8\n", "value: 8.5\n")},
        "subjects/chip-x.yaml:16: facts[1].value: hbm.stacks is a count: '8.5' is not a "
        "whole number of items",
    ),
    "empty file": (
        {"subjects/empty.yaml": "# nothing here yet\n"},
        "subjects/empty.yaml:1: the file is empty; expected a mapping with sources, "
        "quantities, subject, subjects or facts",
    ),
    "non-UTF-8 file": (
        {"sources.yaml": "sources:\n  - id: s\n    title: Caf\xe9\n".encode("latin-1")},
        "sources.yaml:3: byte 0xe9 is not UTF-8; save the file as UTF-8",
    ),
    "misspelt field": (
        {"subjects/chip-x.yaml": CHIP.replace("locator: table 2", "locater: table 2")},
        "subjects/chip-x.yaml:11: facts[0].locater: unknown field `locater`; expected one of: "
        "id, subject, quantity, value, undisclosed, exact, source, via, locator, tier, date, "
        "qualifiers, alternatives, precision, computed_from, note, rank, supersedes, reason, "
        "status",
    ),
    "derived tier written by hand": (
        {
            "subjects/chip-x.yaml": CHIP.replace(
                "tier: official\n    date", "tier: derived\n    date"
            )
        },
        "subjects/chip-x.yaml:12: facts[0].tier: 'derived' is set by rules, never written; "
        "use official, measured, inferred or estimated",
    ),
    "a rank beyond what a database integer holds": (
        {
            "subjects/chip-x.yaml": CHIP.replace(
                "    tier: official\n    date: 2025-04-09",
                "    tier: official\n    rank: 9223372036854775808\n    date: 2025-04-09",
            )
        },
        "subjects/chip-x.yaml:13: facts[0].rank: Input should be less than or equal to 2147483647",
    ),
    "a month 13": (
        {"sources.yaml": SOURCES + "    published: 2026-13\n"},
        "sources.yaml:6: sources[0].published: '2026-13' is not a date; write a year, a "
        "year and month, or a date: 2026, 2026-08 or 2026-08-31 (months 01–12)",
    ),
    "nested aliases that expand to billions": (
        {"extra.yaml": _ALIAS_BOMB},
        "extra.yaml:1: more than 2,000,000 values once its aliases (*name) are expanded; "
        "write the values out, or split the file",
    ),
    "YAML 1.1 boolean is not a date": (
        {"subjects/chip-x.yaml": CHIP.replace("date: 2025-04-09", "date: no")},
        "subjects/chip-x.yaml:13: facts[0].date: Input should be a valid date or datetime, "
        "input is too short",
    ),
}


@pytest.fixture
def loaded(db_url: str, tmp_path: Path, cli: Any) -> tuple[str, Any]:
    good = write_catalog(tmp_path / "good")
    result = cli("load", str(good), "--db", db_url)
    assert result.exit_code == 0, result.stderr
    return db_url, snapshot(db_url)


@pytest.mark.parametrize("case", list(BAD_CATALOGS))
def test_bad_catalog_is_one_line_exit_2_and_writes_nothing(
    case: str, loaded: tuple[str, Any], tmp_path: Path, cli: Any
) -> None:
    db_url, before = loaded
    files, expected = BAD_CATALOGS[case]
    bad = write_catalog(tmp_path / "bad", files)
    result = cli("load", str(bad), "--db", db_url)
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert lines[0] == f"error: {expected}"
    assert lines[-1] == "1 problem in the catalog; nothing was loaded"
    assert "Traceback" not in result.stderr
    assert snapshot(db_url) == before


def test_every_problem_is_reported_at_once(tmp_path: Path, cli: Any) -> None:
    bad = write_catalog(
        tmp_path / "bad",
        {
            "subjects/chip-x.yaml": CHIP.replace("7.37 TB/s", "64 MiB").replace(
                "value: 8\n", "value: 8.5\n"
            ),
        },
    )
    result = cli("load", str(bad))
    assert result.exit_code == 2
    assert [line.split(":")[2] for line in result.stderr.splitlines()[:2]] == ["9", "16"]
    assert result.stderr.splitlines()[-1] == "2 problems in the catalog; nothing was loaded"


def test_failed_load_on_a_fresh_path_creates_no_database(tmp_path: Path, cli: Any) -> None:
    bad = write_catalog(tmp_path / "bad", {"subjects/empty.yaml": ""})
    result = cli("load", str(bad))
    assert result.exit_code == 2
    assert not (tmp_path / "facts.sqlite").exists()


def test_a_write_that_fails_midway_rolls_back(
    loaded: tuple[str, Any], tmp_path: Path, cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import db.sync

    db_url, before = loaded
    real_apply = db.sync._apply
    calls = {"n": 0}

    def failing_apply(*args: Any, **kwargs: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 4:  # sources, quantities and subjects are written; facts fail
            raise RuntimeError("disk full")
        real_apply(*args, **kwargs)

    monkeypatch.setattr(db.sync, "_apply", failing_apply)
    changed = write_catalog(
        tmp_path / "changed",
        {
            "subjects/chip-x.yaml": CHIP.replace("7.37 TB/s", "8 TB/s"),
        },
    )
    with pytest.raises(RuntimeError, match="disk full"):
        from db.database import open_database
        from db.load import load_catalog
        from derive.rules import RuleFolders

        engine = open_database(db_url)
        try:
            load_catalog(engine, changed, RuleFolders(()))  # no rules at all
        finally:
            engine.dispose()
    assert snapshot(db_url) == before


def test_missing_catalog_directory_is_one_line(tmp_path: Path, cli: Any) -> None:
    result = cli("load", str(tmp_path / "nowhere"))
    assert result.exit_code == 2
    assert (
        result.stderr.splitlines()[0] == f"error: {tmp_path / 'nowhere'}: no such catalog directory"
    )
