"""`facts derive --source S`: a table's own ratios rebuilt from that table alone.

The catalog: a glossary table (made up for this test, shaped like the tables of
blogs and books) quotes, for the A100 80GB SXM, NVIDIA's BF16 Tensor Core peak
(312 TFLOP/s) and its HBM bandwidth rounded to 2 TB/s, and prints the ridge point it
computed from them (156 FLOP/B). NVIDIA's datasheet states the bandwidth to the GB/s:
2,039 GB/s. Derived from everything, the ridge point rests on 2,039 GB/s
(153.0 FLOP/B) and the table's 156 is a mismatch; derived from the table alone, its
own 312 / 2 gives back its 156.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from derive.audit import audit
from derive.deriver import derive_catalog
from derive.from_sources import derive_from_sources, facts_of_sources
from derive.rules import read_rules
from schema.errors import UnknownName
from schema.reader import read_catalog

GLOSSARY = "example-glossary-table"
SOURCES = f"""\
sources:
  - id: nvidia-a100-datasheet
    title: NVIDIA A100 Tensor Core GPU datasheet
    kind: vendor-doc
    publisher: NVIDIA
  - id: {GLOSSARY}
    title: "A glossary's table of representative bandwidths (made up for this test)"
    kind: other
    publisher: Example Press
  - id: example-review
    title: A review that corrects the glossary (made up for this test)
    kind: other
    publisher: Example Press
  - id: williams-roofline-2009
    title: "Roofline: An Insightful Visual Performance Model for Multicore Architectures"
    kind: paper
    doi: 10.1145/1498765.1498785
"""
QUANTITIES = """\
quantities:
  - {id: peak.bf16_dense, name: Peak BF16 dense throughput, unit: TFLOP/s}
  - {id: hbm.bandwidth, name: HBM bandwidth, unit: GB/s}
  - {id: ridge.hbm, name: HBM ridge point, unit: FLOP/B}
"""
A100 = f"""\
subject:
  id: a100
  name: A100 80GB SXM
  kind: chip
  vendor: NVIDIA
facts:
  - id: a100.peak.bf16_dense
    quantity: peak.bf16_dense
    value: 312 TFLOP/s
    source: nvidia-a100-datasheet
    tier: official
  - id: a100.hbm.bandwidth
    quantity: hbm.bandwidth
    value: 2,039 GB/s
    source: nvidia-a100-datasheet
    tier: official
  # the glossary's table: NVIDIA's numbers as it quotes them, and its own ridge point
  - id: a100.peak.bf16_dense@glossary
    quantity: peak.bf16_dense
    value: 312 TFLOP/s
    source: nvidia-a100-datasheet
    via: {GLOSSARY}
    locator: table of representative bandwidths
    tier: official
  - id: a100.hbm.bandwidth@glossary
    quantity: hbm.bandwidth
    value: 2 TB/s
    source: nvidia-a100-datasheet
    via: {GLOSSARY}
    locator: table of representative bandwidths
    tier: official
    note: the table rounds the bandwidth to 2 TB/s
  - id: a100.ridge.hbm@glossary
    quantity: ridge.hbm
    value: 156 FLOP/B
    source: {GLOSSARY}
    locator: table of representative bandwidths
    tier: inferred
    computed_from: [ridge.hbm]
"""
RULES = """\
rules:
  - id: ridge.hbm
    output: ridge.hbm
    formula: peak.bf16_dense / hbm.bandwidth
    description: HBM ridge point = dense BF16 peak / HBM bandwidth
    source: williams-roofline-2009
"""


def _write(root: Path) -> tuple[Path, Path]:
    catalog, rules = root / "catalog", root / "rules"
    (catalog / "subjects").mkdir(parents=True)
    (catalog / "sources.yaml").write_text(SOURCES, "utf-8")
    (catalog / "quantities.yaml").write_text(QUANTITIES, "utf-8")
    (catalog / "subjects" / "a100.yaml").write_text(A100, "utf-8")
    rules.mkdir()
    (rules / "rules.yaml").write_text(RULES, "utf-8")
    return catalog, rules


def _ridge(derivations: Any) -> Any:
    (ridge,) = [d for d in derivations if d.quantity == "ridge.hbm" and d.reading is None]
    return ridge


def _input(derivation: Any, quantity: str) -> str:
    (use,) = [u for u in derivation.inputs if u.quantity == quantity]
    assert use.used.stated is not None
    return str(use.used.stated.fact_id)


def test_the_table_rebuilds_its_own_ridge_point_while_the_catalog_flags_it(
    tmp_path: Path,
) -> None:
    catalog_dir, rules_dir = _write(tmp_path)
    catalog = read_catalog(catalog_dir)
    rules = read_rules(rules_dir, catalog)

    # From every source: the more precise 2,039 GB/s wins, 153.0 FLOP/B, and the
    # table's 156 FLOP/B is a mismatch of the audit.
    everything = derive_catalog(catalog, rules)
    ridge = _ridge(everything.derivations)
    assert _input(ridge, "hbm.bandwidth") == "a100.hbm.bandwidth"
    assert ridge.value == pytest.approx(312 / 2.039, rel=1e-9)
    assert not ridge.low <= 156 <= ridge.high
    findings = audit(catalog, rules, everything)
    assert [f.id for f in findings if f.kind == "mismatch"] == [
        "mismatch:a100:ridge.hbm:a100.ridge.hbm@glossary/ridge.hbm"
    ]

    # From the table alone: its own 312 / 2 gives back its 156, matched.
    own = derive_from_sources(catalog, rules, [GLOSSARY])
    assert sorted(own.catalog.facts) == [
        "a100.hbm.bandwidth@glossary",
        "a100.peak.bf16_dense@glossary",
        "a100.ridge.hbm@glossary",
    ]
    ridge = _ridge(own.outcome.derivations)
    assert _input(ridge, "hbm.bandwidth") == "a100.hbm.bandwidth@glossary"
    assert _input(ridge, "peak.bf16_dense") == "a100.peak.bf16_dense@glossary"
    assert ridge.value == pytest.approx(156)
    (compared,) = own.comparisons
    assert compared.fact.entry.id == "a100.ridge.hbm@glossary"
    assert compared.matched
    assert compared.difference == pytest.approx(0)


def test_the_vendor_source_selects_its_copies_too(tmp_path: Path) -> None:
    catalog_dir, _ = _write(tmp_path)
    catalog = read_catalog(catalog_dir)
    # By original: the datasheet's numbers, read in it and in the glossary's copy.
    assert sorted(facts_of_sources(catalog, ["nvidia-a100-datasheet"]).facts) == [
        "a100.hbm.bandwidth",
        "a100.hbm.bandwidth@glossary",
        "a100.peak.bf16_dense",
        "a100.peak.bf16_dense@glossary",
    ]


def test_an_unknown_source_is_refused_with_the_nearest_id(tmp_path: Path) -> None:
    catalog_dir, _ = _write(tmp_path)
    with pytest.raises(UnknownName, match=r"no source 'nvidia-a100'; did you mean nvidia-a100-"):
        facts_of_sources(read_catalog(catalog_dir), ["nvidia-a100"])


def test_a_correction_by_another_source_does_not_hide_what_this_source_states(
    tmp_path: Path,
) -> None:
    catalog_dir, rules_dir = _write(tmp_path)
    corrected = A100 + (
        "  - id: a100.ridge.hbm@guide\n    quantity: ridge.hbm\n    value: 153 FLOP/B\n"
        "    source: example-review\n    tier: inferred\n"
        "    supersedes: a100.ridge.hbm@glossary\n    reason: the table rounds its bandwidth\n"
    )
    (catalog_dir / "subjects" / "a100.yaml").write_text(corrected, "utf-8")
    catalog = read_catalog(catalog_dir)
    own = derive_from_sources(catalog, read_rules(rules_dir, catalog), [GLOSSARY])
    assert [c.fact.entry.id for c in own.comparisons if c.matched] == ["a100.ridge.hbm@glossary"]


def test_cli_derive_source_writes_nothing_and_reports_matched(
    tmp_path: Path, cli: Any, db_url: str
) -> None:
    catalog_dir, rules_dir = _write(tmp_path)
    rules = ("--rules", str(rules_dir), "--no-standard-rules")
    loaded = cli("load", str(catalog_dir), *rules, "--db", db_url)
    assert loaded.exit_code == 0, loaded.stderr

    normal = cli("derive", "ridge", "--chip", "a100", *rules, "--db", db_url)
    assert normal.exit_code == 0, normal.stderr
    assert normal.stdout.startswith("ridge.hbm  a100  153 FLOP/B")
    assert "DISAGREES with inferred 156 FLOP/B" in normal.stdout
    # the two readings of the datasheet's 312 are one witness; the direct one is taken
    assert "peak.bf16_dense  312 TFLOP/s  official  NVIDIA A100 Tensor Core GPU datasheet" in (
        normal.stdout
    )
    assert "2 of them are one original's (nvidia-a100-datasheet), counted once" in normal.stdout

    before = cli("derive", "ridge", "--chip", "a100", "-f", "json", *rules, "--db", db_url)
    own = cli(
        "derive", "ridge", "--chip", "A100 80GB SXM", "--source", GLOSSARY, *rules, "--db", db_url
    )
    assert own.exit_code == 0, own.stderr
    lines = own.stdout.splitlines()
    assert lines[0].startswith(f"derived from the 3 facts of {GLOSSARY} only")
    assert "ridge.hbm  a100  156 FLOP/B" in own.stdout
    assert "agrees with inferred 156 FLOP/B (A glossary's table" in own.stdout
    assert (
        "hbm.bandwidth  2 TB/s  official  NVIDIA A100 Tensor Core GPU datasheet via "
        "A glossary's table of representative bandwidths"
    ) in own.stdout
    (verdict,) = [line for line in lines if "a100.ridge.hbm@glossary states" in line]
    assert verdict.split()[0] == "matched"
    assert verdict.endswith("(+0.00% apart)")

    data = json.loads(
        cli("derive", "--source", GLOSSARY, "-f", "json", *rules, "--db", db_url).stdout
    )
    assert [(c["fact"], c["verdict"]) for c in data["compared"]] == [
        ("a100.ridge.hbm@glossary", "matched")
    ]
    # nothing was written: the stored derivation is still the one from every source
    after = cli("derive", "ridge", "--chip", "a100", "-f", "json", *rules, "--db", db_url)
    assert after.stdout == before.stdout
    assert json.loads(after.stdout)["derived"][0]["value"] == pytest.approx(312 / 2.039)


def test_cli_unknown_source_is_one_error_line(tmp_path: Path, cli: Any, db_url: str) -> None:
    catalog_dir, rules_dir = _write(tmp_path)
    rules = ("--rules", str(rules_dir), "--no-standard-rules")
    assert cli("load", str(catalog_dir), *rules, "--db", db_url).exit_code == 0
    result = cli("derive", "ridge", "--source", "glossary-table", *rules, "--db", db_url)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: no source 'glossary-table'; did you mean {GLOSSARY}?"
    ]
    assert result.stdout == ""
    subject = cli("derive", "ridge", "--chip", "a10", "--source", GLOSSARY, *rules, "--db", db_url)
    assert (subject.exit_code, subject.stderr) == (
        2,
        "error: no subject 'a10'; did you mean a100?\n",
    )


def test_cli_source_does_not_combine_with_all(tmp_path: Path, cli: Any, db_url: str) -> None:
    catalog_dir, rules_dir = _write(tmp_path)
    rules = ("--rules", str(rules_dir), "--no-standard-rules")
    assert cli("load", str(catalog_dir), *rules, "--db", db_url).exit_code == 0
    result = cli("derive", "--all", "--source", GLOSSARY, *rules, "--db", db_url)
    assert result.exit_code == 2
    said = " ".join(result.stderr.replace("│", " ").split())  # typer draws a box around it
    assert "--source derives in memory from those sources only" in said
