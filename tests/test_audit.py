"""Each small catalog holds exactly one kind of problem; the audit finds exactly that."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from audit_catalogs import DATED, fact, findings, only, write

from derive.audit import Finding


def run_audit(tmp_path: Path, facts: str = "", **files: str) -> list[Finding]:
    """The audit of the clean catalog with `facts` (and extra sources, rules, ...) added."""
    return findings(tmp_path, facts, **files)


def test_a_clean_catalog_has_no_findings(tmp_path: Path) -> None:
    assert run_audit(tmp_path) == []


def test_conflict_255_vs_256_registers(tmp_path: Path) -> None:
    found = only(
        run_audit(
            tmp_path,
            fact("x.reg", "registers.max_per_thread", "255")
            + fact("x.reg@guide", "registers.max_per_thread", "256"),
        )
    )
    assert (found.kind, found.subject, found.quantity) == (
        "conflict",
        "chip-x",
        "registers.max_per_thread",
    )
    assert found.facts == ("x.reg", "x.reg@guide")
    assert found.diagnosis is not None and found.diagnosis.startswith("they differ by exactly 1")


@pytest.mark.parametrize(
    ("first", "second", "cause"),
    [
        ("7.37 TB/s", "7.37 Tbit/s", "a factor of 8: bit vs byte"),
        ("1,200 GB/s", "400 GB/s", "a factor of 3: per axis vs per chip (three axes)"),
        ("2,307 GB/s", "2,307 MB/s", "a factor of 1000^1: a unit prefix slipped"),
        ("1,555 GB/s", "155.5 GB/s", "a factor of 10: a decimal point slipped by one place"),
        (
            "1,200 GB/s",
            "600 GB/s",
            "a factor of 2: MAC vs FLOP, one- vs two-directional, or dense vs sparse",
        ),
    ],
)
def test_conflicts_name_the_likely_cause(
    tmp_path: Path, first: str, second: str, cause: str
) -> None:
    found = only(
        run_audit(
            tmp_path,
            fact("x.ici", "ici.bandwidth", first) + fact("x.ici@2", "ici.bandwidth", second),
        )
    )
    assert (found.kind, found.diagnosis) == ("conflict", cause)


def test_binary_vs_decimal_prefix(tmp_path: Path) -> None:
    found = only(
        run_audit(
            tmp_path,
            fact("x.vmem", "vmem.capacity", "64 MiB") + fact("x.vmem@mb", "vmem.capacity", "64 MB"),
        )
    )
    assert found.diagnosis == "binary vs decimal prefix (MiB vs MB): a factor of 1.048576"


def test_facts_with_different_qualifiers_do_not_conflict(tmp_path: Path) -> None:
    per_axis = "    qualifiers: {scope: per-axis}\n" + DATED
    assert (
        run_audit(
            tmp_path,
            fact("x.ici", "ici.bandwidth", "1,200 GB/s")
            + fact("x.ici@axis", "ici.bandwidth", "400 GB/s", extra=per_axis),
        )
        == []
    )


def test_mismatch_between_a_stated_and_a_derived_value(tmp_path: Path) -> None:
    found = only(run_audit(tmp_path, fact("x.ridge", "ridge.hbm", "626 FLOP/B")))
    assert (found.kind, found.facts, found.rules) == ("mismatch", ("x.ridge",), ("ridge",))
    assert "50.00% apart" in found.message
    assert found.diagnosis is not None and "MAC vs FLOP" in found.diagnosis


def test_out_of_range_against_a_declared_bound(tmp_path: Path) -> None:
    found = only(run_audit(tmp_path, fact("x.mfu", "utilisation.mfu", "120 %")))
    assert found.kind == "out-of-range"
    assert found.message == "chip-x utilisation.mfu: 120 % is above its quantity's maximum 100 %"


def test_out_of_range_against_another_subjects_range(tmp_path: Path) -> None:
    bound = (
        "bounds:\n  - id: pins.within-std\n    quantity: hbm.pin_rate\n"
        "    within: std:hbm.pin_rate\n    subjects: [chip-x]\n"
        "    description: pins within the standard\n    source: vendor-sheet\n"
    )
    found = only(
        run_audit(
            tmp_path,
            fact("x.pins", "hbm.pin_rate", "7.2 Gbit/s")
            + fact("std.pins", "hbm.pin_rate", "8.0–9.6 Gbit/s", subject="std"),
            rules=bound,
            subjects="  - {id: std, name: Standard, kind: memory-standard}\n",
        )
    )
    assert (found.kind, found.facts) == ("out-of-range", ("x.pins", "std.pins"))
    assert "outside std hbm.pin_rate (8.0–9.6 Gbit/s)" in found.message


def test_imprecise_names_the_low_precision_input(tmp_path: Path) -> None:
    (found,) = [
        f
        for f in run_audit(
            tmp_path,
            fact("y.peak", "peak.bf16_dense", "2,500 TFLOP/s", subject="chip-y")
            + fact("y.bw", "hbm.bandwidth", "8 TB/s", subject="chip-y"),
            subjects="  - {id: chip-y, name: Y, kind: chip}\n",
        )
    ]
    assert (found.kind, found.subject) == ("imprecise", "chip-y")
    assert found.diagnosis == "the rounding of a low-precision input: hbm.bandwidth = 8 TB/s"


def test_unsourced_fact(tmp_path: Path) -> None:
    found = only(run_audit(tmp_path, fact("x.reg", "registers.max_per_thread", "255", source=None)))
    assert (found.kind, found.facts) == ("unsourced", ("x.reg",))


def test_unidentifiable_source(tmp_path: Path) -> None:
    found = only(
        run_audit(
            tmp_path,
            fact("x.reg", "registers.max_per_thread", "255", source="hearsay"),
            sources="  - {id: hearsay, title: A talk, kind: other, published: 2025-01-01}\n",
        )
    )
    assert (found.kind, found.sources) == ("unidentifiable-source", ("hearsay",))


def test_undated_fact_from_an_undated_source(tmp_path: Path) -> None:
    found = only(
        run_audit(
            tmp_path,
            fact("x.reg", "registers.max_per_thread", "255", source="wiki", extra=""),
            sources="  - {id: wiki, title: A wiki page, kind: website, "
            "url: 'https://example.org/wiki'}\n",
        )
    )
    assert (found.kind, found.facts, found.sources) == ("undated", ("x.reg",), ("wiki",))


def test_uncited_source(tmp_path: Path) -> None:
    found = only(
        run_audit(
            tmp_path,
            sources="  - {id: unused, title: A paper, kind: paper, "
            "arxiv: '2401.00001', published: 2024-01}\n",
        )
    )
    assert (found.kind, found.sources) == ("uncited-source", ("unused",))


def test_weak_derivation_names_its_weakest_link(tmp_path: Path) -> None:
    found = [
        f
        for f in run_audit(
            tmp_path,
            fact("y.peak", "peak.bf16_dense", "2,307 TFLOP/s", subject="chip-y")
            + fact("y.bw", "hbm.bandwidth", "7.37 TB/s", tier="inferred", subject="chip-y"),
            subjects="  - {id: chip-y, name: Y, kind: chip}\n",
        )
    ]
    # The inferred bandwidth is also `unsupported` (nothing rebuilds it): the weak one here.
    weak = only([f for f in found if f.kind == "weak"])
    assert (weak.kind, weak.subject, weak.facts) == ("weak", "chip-y", ("y.bw",))
    assert "weakest link y.bw (inferred)" in weak.message


def test_undisclosed_value_used_in_a_derivation(tmp_path: Path) -> None:
    undisclosed = (
        "  - {id: y.bw@vendor, subject: chip-y, quantity: hbm.bandwidth, "
        "undisclosed: true, source: vendor-sheet, tier: official, date: 2025-05-01}\n"
    )
    found = only(
        run_audit(
            tmp_path,
            fact("y.peak", "peak.bf16_dense", "2,307 TFLOP/s", subject="chip-y")
            + fact("y.bw", "hbm.bandwidth", "7.37 TB/s", tier="measured", subject="chip-y")
            + undisclosed,
            subjects="  - {id: chip-y, name: Y, kind: chip}\n",
        )
    )
    assert (found.kind, found.facts) == ("undisclosed-in-use", ("y.bw@vendor",))
    assert found.message.endswith("it took 7.37 TB/s")


def test_a_zero_divisor_is_a_derivation_problem(tmp_path: Path) -> None:
    found = only(
        run_audit(
            tmp_path,
            fact("y.peak", "peak.bf16_dense", "2,307 TFLOP/s", subject="chip-y")
            + fact("y.bw", "hbm.bandwidth", "0 TB/s", subject="chip-y"),
            subjects="  - {id: chip-y, name: Y, kind: chip}\n",
        )
    )
    assert (found.kind, found.subject, found.rules) == ("derivation-problem", "chip-y", ("ridge",))


def test_findings_are_ranked_by_what_rests_on_them(tmp_path: Path) -> None:
    findings = run_audit(
        tmp_path,
        fact("x.reg", "registers.max_per_thread", "255", source=None)
        + fact("x.pins", "hbm.pin_rate", "7.2 Gbit/s", source=None),
    )
    unsourced = [f for f in findings if f.kind == "unsourced"]
    # The pin rate feeds nothing here (no stacks or width); both weigh the same, so by name.
    assert [f.facts for f in unsourced] == [("x.pins",), ("x.reg",)]
    assert all(f.weight == 0 for f in unsourced)


def test_cli_audit_formats_and_strict(db_url: str, tmp_path: Path, cli: Any) -> None:
    root, _ = write(
        tmp_path / "c",
        fact("x.reg", "registers.max_per_thread", "255")
        + fact("x.reg@2", "registers.max_per_thread", "256"),
    )
    assert cli("load", str(root), "--db", db_url).exit_code == 0
    result = cli("audit", "--db", db_url, "--format", "json")
    assert [f["kind"] for f in json.loads(result.stdout)] == ["conflict"]
    assert result.exit_code == 0
    markdown = cli("audit", "--db", db_url, "--format", "markdown").stdout
    # One table ranked across kinds now, each finding with its id and numbers.
    conflict = "conflict:chip-x:registers.max_per_thread:x.reg+x.reg@2"
    assert "| conflict | 1 |" in markdown and f"| {conflict} |" in markdown
    assert "| 255 \\| 256 |" in markdown
    assert cli("audit", "--db", db_url, "--strict").exit_code == 1
    assert cli("audit", "--db", db_url, "--strict", "--skip", "conflict").exit_code == 0
    assert cli("audit", "--db", db_url, "--only", "conflicts").exit_code == 2


def test_table_cells_showing_a_fact_add_to_its_weight(tmp_path: Path) -> None:
    table = (
        "tables:\n  - id: t\n    title: T\n    columns: [{subject: chip-x}]\n"
        "    rows:\n      - {label: regs, quantity: registers.max_per_thread}\n"
        "      - {label: again, text: 'up to {registers.max_per_thread}'}\n"
    )
    found = only(
        run_audit(
            tmp_path,
            fact("x.reg", "registers.max_per_thread", "255")
            + fact("x.reg@guide", "registers.max_per_thread", "256"),
            tables=table,
        )
    )
    assert (found.kind, found.weight) == ("conflict", 2)
