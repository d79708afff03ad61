"""Tables, templates and the audit show the derived values the last load stored, the
ones `facts derive` shows; a catalog or rules changed since are refused, or reloaded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import CATALOG
from rules_fixtures import chip, fact, write_derivation_catalog

from db.database import database
from db.load import as_loaded
from db.snapshot import snapshot
from db.store import read_loaded
from db.stored_outcome import stored_outcome
from derive.deriver import derive_catalog
from derive.publish.formats import RENDERERS
from derive.publish.tables import TableBuilder
from derive.rules import read_rules

TABLE = (
    "tables:\n  - {id: overview, title: Overview, columns: [{subject: chip-x, label: X}],\n"
    "     rows: [{label: Ridge, derived: ridge.hbm}]}\n"
)
X = fact("x.bw", "hbm.bandwidth", "8 TB/s") + fact("x.peak", "peak.bf16_dense", "2,500 TFLOP/s")


@pytest.fixture
def loaded(db_url: str, tmp_path: Path, cli: Any) -> tuple[str, Path, Path]:
    catalog, rules = write_derivation_catalog(tmp_path, {"chip-x": chip(X, "chip-x")})
    (catalog / "tables.yaml").write_text(TABLE, encoding="utf-8")
    result = cli("load", str(catalog), "--rules", str(rules), "--db", db_url)
    assert result.exit_code == 0, result.stderr
    return db_url, catalog, rules


def _ridge_cell(cli: Any, url: str, *args: str) -> Any:
    return cli("export", "overview", "-f", "json", "--db", url, *args)


def _derived_ridge(cli: Any, url: str) -> float:
    result = cli("derive", "ridge.hbm", "--chip", "chip-x", "-f", "json", "--db", url)
    assert result.exit_code == 0, result.stderr
    value: float = json.loads(result.stdout)["derived"][0]["value"]
    return value


def test_a_rule_edited_after_the_load_is_refused_then_reloaded(
    loaded: tuple[str, Path, Path], cli: Any
) -> None:
    url, catalog, rules = loaded
    first = json.loads(_ridge_cell(cli, url).stdout)["rows"][0]["cells"][0]["text"]
    assert first.startswith("312.5") and _derived_ridge(cli, url) == pytest.approx(312.5)
    rule_file = rules / "rules.yaml"
    rule_file.write_text(
        rule_file.read_text("utf-8").replace(
            "formula: peak.bf16_dense / hbm.bandwidth",
            "formula: 2 * peak.bf16_dense / hbm.bandwidth",
        ),
        "utf-8",
    )
    for command in (
        ("export", "overview"),
        ("audit",),
        ("render", str(_template(catalog))),
    ):
        refused = cli(*command, "--db", url)
        assert refused.exit_code == 2, (command, refused.stdout)
        (line,) = refused.stderr.splitlines()
        assert "the rules are not those of the last load" in line and "--reload" in line
    # the stored value is still the one derive shows: nothing disagrees with it
    assert _derived_ridge(cli, url) == pytest.approx(312.5)
    reloaded = _ridge_cell(cli, url, "--reload")
    assert reloaded.exit_code == 0, reloaded.stderr
    assert json.loads(reloaded.stdout)["rows"][0]["cells"][0]["text"].startswith("625")
    assert _derived_ridge(cli, url) == pytest.approx(625.0)


def test_a_fact_edited_after_the_load_is_refused_naming_its_file(
    loaded: tuple[str, Path, Path], cli: Any
) -> None:
    url, catalog, _ = loaded
    subject = catalog / "subjects" / "chip-x.yaml"
    subject.write_text(subject.read_text("utf-8").replace("8 TB/s", "5 TB/s"), "utf-8")
    refused = _ridge_cell(cli, url)
    assert refused.exit_code == 2
    assert refused.stderr.startswith(f"error: {subject} changed since the last load")


def test_other_rules_than_the_loaded_ones_are_refused(
    loaded: tuple[str, Path, Path], cli: Any
) -> None:
    url, _, _ = loaded
    refused = _ridge_cell(cli, url, "--standard-rules")
    assert refused.exit_code == 2
    assert "the rules are not those of the last load" in refused.stderr


def _template(catalog: Path) -> Path:
    path = catalog.parent / "note.md"
    path.write_text('The ridge is {{ derived("chip-x", "ridge.hbm") }}.\n', "utf-8")
    return path


def test_the_course_tables_from_stored_values_are_those_a_fresh_derivation_gives(
    db_url: str, cli: Any
) -> None:
    # what `facts derive` shows (stored) and what deriving again would give are the same
    # tables, cell by cell, footnote by footnote
    assert cli("load", str(CATALOG), "--standard-rules", "--db", db_url).exit_code == 0
    with database(db_url) as engine:
        folders = as_loaded(engine)
        snap = snapshot(engine, folders)
        with engine.connect() as conn:
            catalog = read_loaded(conn)
            stored = stored_outcome(conn, catalog)
    rules = read_rules(folders, catalog)
    fresh = derive_catalog(catalog, rules)
    assert len(stored.derivations) == len(fresh.derivations) > 200
    for table in catalog.tables.values():
        again = TableBuilder(catalog, rules, fresh, snap.findings).build(table.entry)
        assert RENDERERS["md"](snap.build_table(table.entry.id)) == RENDERERS["md"](again)
