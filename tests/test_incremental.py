"""Loads do only the work a change needs, and end where a full load would."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import snapshot, table_rows
from rules_fixtures import chip, fact, write_derivation_catalog
from sqlalchemy import create_engine, text

X = chip(
    fact("x.stacks", "hbm.stacks", "8")
    + fact("x.width", "hbm.interface_width", "1,024 bit")
    + fact("x.pins", "hbm.pin_rate", "7.2 Gbit/s", "official", "    exact: true\n")
    + fact("x.bw", "hbm.bandwidth", "7.37 TB/s")
    + fact("x.peak", "peak.bf16_dense", "2,307 TFLOP/s")
    + fact("x.macs", "mac.per_cycle", "524,288 MAC/cycle")
)
Y = chip(
    fact("y.bw", "hbm.bandwidth", "8 TB/s") + fact("y.peak", "peak.bf16_dense", "2,500 TFLOP/s"),
    "chip-y",
)


def _load(cli: Any, catalog: Path, rules: Path, url: str) -> dict[str, Any]:
    result = cli("load", str(catalog), "--rules", str(rules), "--db", url, "-f", "json")
    assert result.exit_code == 0, result.stderr
    report: dict[str, Any] = json.loads(result.stdout)
    return report


def _derived(url: str) -> list[tuple[Any, ...]]:
    """Every stored derivation without its row id: what a reader can observe."""
    rows = table_rows(url, ("id", "owner", "derivation_id", "input_derivation_id"))
    return sorted(rows["derivations"]) + sorted(rows["derivation_inputs"])


def test_reloading_an_unchanged_catalog_does_nothing(db_url: str, tmp_path: Path, cli: Any) -> None:
    catalog, rules = write_derivation_catalog(tmp_path, {"chip-x": X, "chip-y": Y})
    first = _load(cli, catalog, rules, db_url)
    assert (first["unchanged"], first["facts"]) == (False, 8)
    before = snapshot(db_url)
    again = _load(cli, catalog, rules, db_url)
    assert (again["unchanged"], again["facts"], again["facts_changed"]) == (True, 8, 0)
    assert snapshot(db_url) == before
    said = cli("load", str(catalog), "--rules", str(rules), "--db", db_url).stdout
    assert said.startswith("catalog unchanged since the last load: 8 facts")


def test_changing_one_fact_derives_only_its_subject_again(
    db_url: str, tmp_path: Path, cli: Any
) -> None:
    catalog, rules = write_derivation_catalog(tmp_path, {"chip-x": X, "chip-y": Y})
    _load(cli, catalog, rules, db_url)
    path = catalog / "subjects" / "chip-y.yaml"
    path.write_text(path.read_text("utf-8").replace("2,500 TFLOP/s", "2,250 TFLOP/s"), "utf-8")
    report = _load(cli, catalog, rules, db_url)
    assert (report["facts_changed"], report["subjects_rederived"]) == (1, 1)
    ridge = json.loads(
        cli("derive", "ridge", "--chip", "chip-y", "--db", db_url, "-f", "json").stdout
    )["derived"][0]
    assert abs(ridge["value"] - 2250e12 / 8e12) < 1e-9


def test_a_comment_moves_lines_without_deriving_again(
    db_url: str, tmp_path: Path, cli: Any
) -> None:
    catalog, rules = write_derivation_catalog(tmp_path, {"chip-x": X, "chip-y": Y})
    _load(cli, catalog, rules, db_url)
    derived = _derived(db_url)
    for path in (catalog / "subjects" / "chip-y.yaml", catalog / "quantities.yaml"):
        path.write_text("# checked against the datasheet\n\n" + path.read_text("utf-8"), "utf-8")
    report = _load(cli, catalog, rules, db_url)
    assert (report["unchanged"], report["facts_changed"]) == (False, 0)
    assert report["subjects_rederived"] == 0
    assert _derived(db_url) == derived
    engine = create_engine(db_url)
    with engine.connect() as conn:
        line = conn.execute(text("SELECT line FROM facts WHERE id = 'y.bw'")).scalar_one()
    engine.dispose()
    written = (catalog / "subjects" / "chip-y.yaml").read_text("utf-8").splitlines()
    assert "id: y.bw" in written[line - 1]  # the stored line followed the comment


def test_an_incremental_load_ends_where_a_full_load_would(tmp_path: Path, cli: Any) -> None:
    catalog, rules = write_derivation_catalog(tmp_path / "a", {"chip-x": X, "chip-y": Y})
    incremental = f"sqlite:///{tmp_path / 'incremental.sqlite'}"
    _load(cli, catalog, rules, incremental)
    x = catalog / "subjects" / "chip-x.yaml"
    x.write_text(
        x.read_text("utf-8")
        .replace("7.2 Gbit/s", "6.4 Gbit/s")
        .replace("  - id: x.bw\n", "  - id: x.bw2\n"),
        "utf-8",
    )
    (catalog / "subjects" / "chip-y.yaml").unlink()
    report = _load(cli, catalog, rules, incremental)
    assert report["facts"] == 6
    full = f"sqlite:///{tmp_path / 'full.sqlite'}"
    _load(cli, catalog, rules, full)
    assert _derived(incremental) == _derived(full)
    facts = table_rows(incremental, ("line",))["facts"]
    assert facts == table_rows(full, ("line",))["facts"]
