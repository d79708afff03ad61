"""Rules and quantities belong to catalogs: the product's general rules and standard
vocabulary, a catalog's own `rules/` folder, `facts init`, named rule folders."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import snapshot

CHIP = """\
subject:
  id: chip-q
  name: Chip Q
  kind: chip
facts:
  - id: chip-q.peak
    quantity: peak.bf16_dense
    value: 1,000 TFLOP/s
    source: sheet
    tier: official
    date: 2026-01-05
  - id: chip-q.bw
    quantity: hbm.bandwidth
    value: 4.0 TB/s
    source: sheet
    tier: official
    date: 2026-01-05
"""
SOURCES = """\
sources:
  - {id: sheet, title: Chip Q data sheet, kind: vendor-doc, publisher: Q Corp}
"""
OWN_RULE = """\
rules:
  - id: hbm.seconds_per_terabyte.from-bandwidth
    output: hbm.seconds_per_terabyte
    formula: 1 TB / hbm.bandwidth
    kinds: [chip]
    description: How long the chip takes to read a terabyte from HBM.
    source: sheet
"""
OWN_QUANTITY = """\
quantities:
  - {id: hbm.seconds_per_terabyte, name: Seconds per TB, unit: s, description: x}
"""


def _catalog(root: Path, rules: str | None = None, quantities: str | None = None) -> Path:
    (root / "subjects").mkdir(parents=True)
    (root / "sources.yaml").write_text(SOURCES, "utf-8")
    (root / "subjects" / "chip-q.yaml").write_text(CHIP, "utf-8")
    if quantities is not None:
        (root / "quantities.yaml").write_text(quantities, "utf-8")
    if rules is not None:
        (root / "rules").mkdir()
        (root / "rules" / "own.yaml").write_text(rules, "utf-8")
    return root


def _derived(cli: Any, url: str, name: str) -> dict[str, Any]:
    result = cli("derive", name, "--chip", "chip-q", "--db", url, "-f", "json")
    assert result.exit_code == 0, result.stderr
    (tree,) = json.loads(result.stdout)["derived"]
    return dict(tree)


def test_a_catalog_that_declares_no_quantity_gets_ridge_points_from_the_general_rules(
    tmp_path: Path, db_url: str, cli: Any
) -> None:
    root = _catalog(tmp_path / "cat")
    loaded = cli("load", str(root), "--standard-rules", "--db", db_url)
    assert loaded.exit_code == 0, loaded.stderr
    ridge = _derived(cli, db_url, "ridge.hbm")
    assert ridge["rule"] == "ridge.hbm"
    assert abs(float(ridge["value"]) - 250.0) < 1e-9  # 1,000 TFLOP/s ÷ 4.0 TB/s
    # the general rules whose inputs chip-q lacks (FP8 and INT8 ridges) are skipped, unsaid
    everything = cli("derive", "--all", "--standard-rules", "--db", db_url, "-f", "json")
    assert everything.exit_code == 0, everything.stderr
    assert json.loads(everything.stdout)["problems"] == []


def test_a_catalogs_rules_folder_holds_its_rules_and_is_not_read_as_catalog(
    tmp_path: Path, db_url: str, cli: Any
) -> None:
    root = _catalog(tmp_path / "cat", rules=OWN_RULE, quantities=OWN_QUANTITY)
    loaded = cli("load", str(root), "--no-standard-rules", "--db", db_url)
    assert loaded.exit_code == 0, loaded.stderr
    seconds = _derived(cli, db_url, "hbm.seconds_per_terabyte")
    assert abs(float(seconds["value"]) - 0.25) < 1e-9
    # a command on the database reads the rules of the catalog it was loaded from
    again = cli("derive", "--all", "--no-standard-rules", "--db", db_url, "-f", "json")
    assert again.exit_code == 0, again.stderr
    assert json.loads(again.stdout)["derived"] == {"hbm.seconds_per_terabyte.from-bandwidth": 1}


def test_a_named_rules_folder_that_is_missing_or_empty_is_refused(
    tmp_path: Path, db_url: str, cli: Any
) -> None:
    root = _catalog(tmp_path / "cat")
    assert cli("load", str(root), "--standard-rules", "--db", db_url).exit_code == 0
    (root / "subjects" / "chip-q.yaml").write_text(CHIP.replace("4.0 TB/s", "5.0 TB/s"))
    before = snapshot(db_url)
    empty = tmp_path / "empty"
    empty.mkdir()
    for folder, said in ((tmp_path / "no-such", "no rules directory"), (empty, "holds no rules")):
        result = cli("load", str(root), "--rules", str(folder), "--db", db_url)
        assert result.exit_code == 2
        assert said in result.stderr and "Traceback" not in result.stderr
        assert len(result.stderr.splitlines()) == 1
        assert snapshot(db_url) == before


def test_a_catalogs_rule_of_a_general_rules_id_takes_its_place(
    tmp_path: Path, db_url: str, cli: Any
) -> None:
    mine = """\
rules:
  - id: ridge.hbm
    output: ridge.hbm
    formula: peak.bf16_dense / hbm.bandwidth
    kinds: [chip]
    description: The ridge point as Chip Q's sheet defines it.
    source: sheet
"""
    root = _catalog(tmp_path / "cat", rules=mine)
    assert cli("load", str(root), "--standard-rules", "--db", db_url).exit_code == 0
    listed = json.loads(cli("list", "rules", "--db", db_url, "-f", "json").stdout)
    (ridge,) = [r for r in listed if r["id"] == "ridge.hbm"]
    assert ridge["source"] == "sheet"


def test_a_standard_quantity_declared_again_keeps_its_dimension(tmp_path: Path, cli: Any) -> None:
    words = "quantities:\n  - {id: hbm.bandwidth, name: Memory BW, synonyms: [MBW], unit: TB/s}\n"
    assert cli("validate", str(_catalog(tmp_path / "ok", quantities=words))).exit_code == 0
    wrong = words.replace("unit: TB/s", "unit: GB")
    result = cli("validate", str(_catalog(tmp_path / "bad", quantities=wrong)))
    assert result.exit_code == 2
    first = result.stderr.splitlines()[0]
    assert first.startswith("error: quantities.yaml:2:")
    assert "standard vocabulary" in first and "GB/s" in first


def test_init_starts_a_catalog_that_loads_and_derives_at_once(
    tmp_path: Path, db_url: str, cli: Any
) -> None:
    root = tmp_path / "mine"
    made = cli("init", str(root))
    assert made.exit_code == 0, made.stderr
    assert (root / "README.md").is_file() and list((root / "subjects").glob("*.yaml"))
    assert cli("validate", str(root), "--standard-rules").exit_code == 0
    assert cli("load", str(root), "--standard-rules", "--db", db_url).exit_code == 0
    ridge = cli("derive", "ridge", "--db", db_url)
    assert ridge.exit_code == 0 and "ridge.hbm" in ridge.stdout, ridge.stderr
    again = cli("init", str(root))
    assert again.exit_code == 2 and "not empty" in again.stderr
    assert len(again.stderr.splitlines()) == 1


GDDR_CARD = """\
subject:
  id: chip-q
  name: Chip Q
  kind: chip
facts:
  - {id: chip-q.bus, quantity: gddr.bus_width, value: 384 bit, source: sheet, tier: official}
  - {id: chip-q.pins, quantity: gddr.pin_rate, value: 14.5 Gbit/s, source: sheet, tier: official}
  - {id: chip-q.stacks, quantity: hbm.stacks, value: 4, source: sheet, tier: official}
  - {id: chip-q.width, quantity: hbm.interface_width, value: 1024 bit, source: sheet,
     tier: official}
"""


def test_the_general_rules_derive_a_gddr_bandwidth_and_a_whole_hbm_bus(
    tmp_path: Path, db_url: str, cli: Any
) -> None:
    # 384 data lines × 14.5 Gbit/s = 696 GB/s; 4 stacks × 1,024 lines = 4,096 bits
    root = _catalog(tmp_path / "cat")
    (root / "subjects" / "chip-q.yaml").write_text(GDDR_CARD, "utf-8")
    loaded = cli("load", str(root), "--standard-rules", "--db", db_url)
    assert loaded.exit_code == 0, loaded.stderr
    bandwidth = _derived(cli, db_url, "gddr.bandwidth")
    assert bandwidth["rule"] == "gddr.bandwidth.from-pins"
    assert abs(float(bandwidth["value"]) - 696.0) < 1e-9
    bus = _derived(cli, db_url, "hbm.bus_width")
    assert (bus["rule"], float(bus["value"])) == ("hbm.bus_width.from-stacks", 4096.0)
