"""load → dump → load changes nothing: generated catalogs and the real one."""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any

from conftest import CATALOG, RULES, table_rows
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from db.database import open_database
from db.load import load_catalog
from db.store import read_back
from derive.rules import RuleFolders
from schema.writer import to_yaml, write_catalog

SLUG = st.text(string.ascii_lowercase + string.digits, min_size=1, max_size=8)
TEXT = st.text(
    st.characters(exclude_categories=("Cs", "Cc"), include_characters="\n\t"),
    min_size=1,
    max_size=30,
).filter(lambda s: s.strip() != "")
UNITS = {
    "GB/s": ["GB/s", "TB/s", "Gbit/s", "Gbps", "MB/s", "KiB/s"],
    "": [""],
    "GHz": ["GHz", "MHz", "Hz"],
    "MiB": ["MiB", "KiB", "GB", "B", "KB"],
    "TFLOP/s": ["TFLOP/s", "TFLOPS", "PFLOP/s"],
}


@st.composite
def literal(draw: Any, units: list[str], count: bool) -> str:
    unit = draw(st.sampled_from(units))
    whole = draw(st.integers(0, 10**7))
    text = f"{whole:,}" if draw(st.booleans()) else str(whole)
    if not count and draw(st.booleans()):
        text += "." + draw(st.text("0123456789", min_size=1, max_size=4))
    if not count and draw(st.booleans()):
        text = draw(st.sampled_from(["≈", "~", "约 ", ">", "≤ "])) + text
    return f"{text} {unit}".strip()


@st.composite
def catalogs(draw: Any) -> dict[str, dict[str, Any]]:
    sources = [
        {
            "id": f"src-{i}",
            "title": draw(TEXT),
            "kind": draw(st.sampled_from(["paper", "blog"])),
            **({"note": draw(TEXT)} if draw(st.booleans()) else {}),
            **(
                {"revision": draw(st.sampled_from(["Rev. 1.2", "a" * 40]))}
                if draw(st.booleans())
                else {}
            ),
            **({"published": "2025-04"} if draw(st.booleans()) else {}),
        }
        for i in range(draw(st.integers(1, 3)))
    ]
    quantities = [
        {"id": f"q{i}.{draw(SLUG)}", "name": draw(TEXT), "unit": unit, "count": unit == ""}
        for i, unit in enumerate(
            draw(st.lists(st.sampled_from(sorted(UNITS)), min_size=1, max_size=4))
        )
    ]
    files: dict[str, dict[str, Any]] = {
        "sources.yaml": {"sources": sources},
        "quantities.yaml": {"quantities": quantities},
    }
    for s in range(draw(st.integers(1, 3))):
        subject = {"id": f"chip-{s}", "name": draw(TEXT), "kind": "chip"}
        if draw(st.booleans()):
            subject["aliases"] = draw(st.lists(TEXT, max_size=2))
        facts = []
        for f in range(draw(st.integers(0, 5))):
            q = draw(st.sampled_from(quantities))
            fact: dict[str, Any] = {
                "id": f"chip-{s}.f{f}",
                "quantity": q["id"],
                "tier": draw(st.sampled_from(["official", "measured", "inferred", "estimated"])),
            }
            if draw(st.integers(0, 5)) == 0:
                fact["undisclosed"] = True
            else:
                fact["value"] = draw(literal(UNITS[q["unit"]], q["count"]))
            if draw(st.booleans()):
                fact["source"] = draw(st.sampled_from(sources))["id"]
                copies = [s["id"] for s in sources if s["id"] != fact["source"]]
                if copies and draw(st.booleans()):
                    fact["via"] = draw(st.sampled_from(copies))  # read in a copy of it
            if draw(st.booleans()):
                fact["note"] = draw(TEXT)
            if draw(st.booleans()):
                fact["qualifiers"] = {"scope": draw(TEXT)}
            if draw(st.booleans()):
                fact["date"] = "2026-08-31"
            if facts and draw(st.integers(0, 4)) == 0:
                fact["supersedes"] = facts[-1]["id"]
                fact["reason"] = draw(TEXT)
            facts.append(fact)
        files[f"subjects/chip-{s}.yaml"] = {"subject": subject, "facts": facts}
    return files


def _dump(url: str, out: Path) -> dict[str, str]:
    engine = open_database(url)
    try:
        with engine.connect() as conn:
            write_catalog(read_back(conn), out)
    finally:
        engine.dispose()
    return {
        p.relative_to(out).as_posix(): p.read_text("utf-8") for p in sorted(out.rglob("*.yaml"))
    }


def _load(url: str, root: Path, rules: RuleFolders | Path) -> None:
    engine = open_database(url)
    try:
        load_catalog(engine, root, rules)
    finally:
        engine.dispose()


def _rows(url: str, ignore: tuple[str, ...] = ("line",)) -> Any:
    """Every row, minus the columns in `ignore` (a dump may lay a file out differently)
    and the digests of the files last loaded (a dump is other files with the same content)."""
    rows = table_rows(url, ignore)
    rows.pop("catalog_files", None)
    rows["state"] = [
        r
        for r in rows.get("state", [])
        if not any(k in r for k in ("catalog_directory", "rule_folders"))
    ]
    return rows


def _round_trip(url: str, source: Path, work: Path, rules: RuleFolders | Path) -> None:
    _load(url, source, rules)
    first = _rows(url)
    dumped = _dump(url, work / "dump1")
    _load(url, work / "dump1", rules)
    assert _rows(url) == first
    assert _dump(url, work / "dump2") == dumped


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(files=catalogs())
def test_generated_catalogs_survive_load_dump_load(
    files: dict[str, dict[str, Any]], db_url: str, tmp_path_factory: Any
) -> None:
    work = tmp_path_factory.mktemp("rt")
    for name, data in files.items():
        path = work / "src" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(to_yaml(data), encoding="utf-8")
    (work / "no-rules").mkdir()
    _round_trip(db_url, work / "src", work, work / "no-rules")


def test_the_real_catalog_survives_load_dump_load(db_url: str, tmp_path: Path) -> None:
    _round_trip(db_url, CATALOG, tmp_path, RuleFolders.of(CATALOG))


def test_dump_to_stdout_is_a_loadable_one_file_catalog(
    db_url: str, tmp_path: Path, cli: Any
) -> None:
    # One file instead of several: only where entries were written may change.
    placement = ("line", "file", "position", "file_subject", "subject_written")
    assert cli("load", str(CATALOG), "--standard-rules", "--db", db_url).exit_code == 0
    before = _rows(db_url, placement)
    single = cli("dump", "--db", db_url)
    assert single.exit_code == 0
    (tmp_path / "one").mkdir()
    (tmp_path / "one" / "all.yaml").write_text(single.stdout, encoding="utf-8")
    # the dump is the catalog; its own rules stay in its rules/ folder, named here
    again = cli(
        "load", str(tmp_path / "one"), "--standard-rules", "--rules", str(RULES), "--db", db_url
    )
    assert again.exit_code == 0, again.stderr
    assert _rows(db_url, placement) == before
