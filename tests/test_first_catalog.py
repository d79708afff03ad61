"""A team's own catalog from nothing: `facts init`, `facts import` of a wide spec table in
e-notation, load, ridge points from the product's general rules, audit, export; no
catalog YAML written by hand (the import's mapping names the table's source and chips)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

TABLES = Path(__file__).parent / "imports"


def _ok(cli: Any, *args: str) -> str:
    result = cli(*args)
    assert result.exit_code == 0, result.stderr
    return str(result.stdout)


def test_a_catalog_from_nothing_derives_audits_and_exports(
    tmp_path: Path, db_url: str, cli: Any
) -> None:
    mine = tmp_path / "mine"
    table = tmp_path / "instinct-ridge.csv"
    shutil.copyfile(TABLES / "instinct-ridge.csv", table)
    mapping = str(TABLES / "instinct-ridge.mapping.yaml")
    _ok(cli, "init", str(mine))
    _ok(
        cli, "import", str(table), "--into", str(mine), "--mapping", mapping, "--date", "2026-11-30"
    )
    _ok(cli, "load", str(mine), "--standard-rules", "--db", db_url)

    # 1,307.4 TFLOP/s ÷ 5.3 TB/s and ÷ 6.0 TB/s, by the general ridge rule: none written here
    derived = json.loads(_ok(cli, "derive", "ridge.hbm", "--db", db_url, "-f", "json"))
    ridges = {t["subject"]: (t["rule"], float(t["value"])) for t in derived["derived"]}
    assert ridges["mi300x"][0] == "ridge.hbm"
    assert abs(ridges["mi300x"][1] - 1307.4 / 5.3) < 1e-6
    assert abs(ridges["mi325x"][1] - 1307.4 / 6.0) < 1e-6

    audit = json.loads(_ok(cli, "audit", "--db", db_url, "-f", "json", "--limit", "0"))
    imported = [f for f in audit if "mi3" in json.dumps(f)]
    assert imported == []  # sourced, dated, identifiable, in agreement

    exported = json.loads(_ok(cli, "export", "instinct-ridge", "--db", db_url, "-f", "json"))
    texts = {row["label"]: [c["text"] for c in row["cells"]] for row in exported["rows"]}
    assert exported["header"] == ["MI300X", "MI325X"]
    assert texts["HBM bandwidth"][0].startswith("5,300 GB/s")
    assert texts["HBM capacity"][1].startswith("256 GB")

    # the same table again changes nothing; an edited cell is a correction, dated
    before = {p: p.read_bytes() for p in mine.rglob("*.yaml")}
    _ok(cli, "import", str(table), "--into", str(mine), "--mapping", mapping)
    assert {p: p.read_bytes() for p in mine.rglob("*.yaml")} == before
    table.write_text(table.read_text("utf-8").replace("6.0e12", "6.2e12"), "utf-8")
    _ok(
        cli, "import", str(table), "--into", str(mine), "--mapping", mapping, "--date", "2026-12-01"
    )
    _ok(cli, "load", str(mine), "--standard-rules", "--db", db_url)
    history = _ok(cli, "history", "mi325x", "hbm.bandwidth", "--db", db_url)
    assert "6.0e12 B/s" in history and "6.2e12 B/s" in history and "2026-12-01" in history
