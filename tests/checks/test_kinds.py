"""One small catalog per kind of finding: the audit finds exactly that, with its id."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from audit_catalogs import DATED, audit_of, fact, findings, only, read, write

CHIP_Y = "  - {id: chip-y, name: Y, kind: chip}\n"


def test_a_clean_catalog_has_no_findings(tmp_path: Path) -> None:
    assert findings(tmp_path) == []


def test_conflict(tmp_path: Path) -> None:
    found = only(
        findings(
            tmp_path,
            fact("x.reg@guide", "registers.max_per_thread", "256")
            + fact("x.reg", "registers.max_per_thread", "255"),
        )
    )
    assert (found.kind, found.subject, found.quantity) == (
        "conflict",
        "chip-x",
        "registers.max_per_thread",
    )
    assert found.id == "conflict:chip-x:registers.max_per_thread:x.reg+x.reg@guide"
    assert found.numbers == "255 | 256"
    assert found.diagnosis is not None and found.diagnosis.startswith("they differ by exactly 1")


def test_agreement_is_pairwise_and_the_last_digit_is_diagnosed(tmp_path: Path) -> None:
    # 0.81 (0.805–0.815) only touches 0.82 and 820 GB/s (0.815–0.825): no agreement
    # through touching edges, and none through the third value.
    found = only(
        findings(
            tmp_path,
            fact("x.bw@a", "hbm.bandwidth", "0.81 TB/s", subject="chip-y")
            + fact("x.bw@b", "hbm.bandwidth", "0.82 TB/s", subject="chip-y")
            + fact("x.bw@c", "hbm.bandwidth", "820 GB/s", subject="chip-y"),
            subjects=CHIP_Y,
        )
    )
    assert (found.kind, found.subject, found.quantity) == ("conflict", "chip-y", "hbm.bandwidth")
    assert found.id == "conflict:chip-y:hbm.bandwidth:x.bw@a+x.bw@b+x.bw@c"
    assert found.numbers == "0.81 TB/s | 0.82 TB/s | 820 GB/s"
    assert found.diagnosis == (
        "they differ in the last written digit: each rounds a value the other excludes"
    )


def test_mismatch(tmp_path: Path) -> None:
    found = only(findings(tmp_path, fact("x.ridge", "ridge.hbm", "626 FLOP/B")))
    assert (found.kind, found.subject, found.quantity) == ("mismatch", "chip-x", "ridge.hbm")
    assert found.id == "mismatch:chip-x:ridge.hbm:x.ridge/ridge"
    assert found.diagnosis is not None and "MAC vs FLOP" in found.diagnosis
    assert found.numbers == "313.026 FLOP/B | 626 FLOP/B"


def test_out_of_range_of_the_quantity(tmp_path: Path) -> None:
    found = only(findings(tmp_path, fact("x.mfu", "utilisation.mfu", "120 %")))
    assert (found.kind, found.id) == ("out-of-range", "out-of-range:chip-x:utilisation.mfu:x.mfu")
    assert found.numbers == "120 % | 100 %"


LIMIT_BOUND = (
    "bounds:\n  - id: limit.at-most-capacity\n    quantity: vmem.limit\n"
    "    at_most: vmem.capacity\n    kinds: [chip]\n"
    "    description: a configured limit is at most the memory it configures\n"
)


def test_a_limit_in_kib_is_compared_with_a_capacity_in_mib(tmp_path: Path) -> None:
    found = only(
        findings(
            tmp_path,
            fact("x.vmem", "vmem.capacity", "64 MiB")
            + fact("x.limit", "vmem.limit", "131,072 KiB"),
            rules=LIMIT_BOUND,
        )
    )
    assert (found.kind, found.subject, found.quantity) == ("out-of-range", "chip-x", "vmem.limit")
    assert found.id == "out-of-range:chip-x:vmem.limit:x.limit+x.vmem/limit.at-most-capacity"
    assert (
        found.diagnosis == "a factor of 2: MAC vs FLOP, one- vs two-directional, or dense vs sparse"
    )
    assert found.numbers == "131,072 KiB | 64 MiB"


def test_a_limit_equal_to_its_capacity_in_another_unit_is_within_it(tmp_path: Path) -> None:
    assert (
        findings(
            tmp_path,
            fact("x.vmem", "vmem.capacity", "64 MiB") + fact("x.limit", "vmem.limit", "65,536 KiB"),
            rules=LIMIT_BOUND,
        )
        == []
    )


def test_derivation_problem(tmp_path: Path) -> None:
    found = only(
        findings(
            tmp_path,
            fact("y.peak", "peak.bf16_dense", "2,307 TFLOP/s", subject="chip-y")
            + fact("y.bw", "hbm.bandwidth", "0 TB/s", subject="chip-y"),
            subjects=CHIP_Y,
        )
    )
    assert (found.kind, found.id) == (
        "derivation-problem",
        "derivation-problem:chip-y:ridge.hbm:/ridge",
    )


def test_imprecise(tmp_path: Path) -> None:
    found = only(
        findings(
            tmp_path,
            fact("y.peak", "peak.bf16_dense", "2,500 TFLOP/s", subject="chip-y")
            + fact("y.bw", "hbm.bandwidth", "8 TB/s", subject="chip-y"),
            subjects=CHIP_Y,
        )
    )
    assert (found.kind, found.id) == ("imprecise", "imprecise:chip-y:ridge.hbm:y.bw/ridge")
    assert found.diagnosis == "the rounding of a low-precision input: hbm.bandwidth = 8 TB/s"


CONFIRMED_INFERRED = fact(
    "y.bw", "hbm.bandwidth", "7.37 TB/s", tier="inferred", subject="chip-y"
) + fact(
    "y.bw@review", "hbm.bandwidth", "7.4 TB/s", tier="measured", source="review", subject="chip-y"
)
"""An inferred bandwidth that a less precise review confirms: the deriver and the
tables take the more precise, inferred one; it is not unsupported."""


def test_weak_derivation_names_its_weakest_link(tmp_path: Path) -> None:
    found = only(
        findings(
            tmp_path,
            fact("y.peak", "peak.bf16_dense", "2,307 TFLOP/s", subject="chip-y")
            + CONFIRMED_INFERRED,
            subjects=CHIP_Y,
        )
    )
    assert (found.kind, found.subject, found.quantity) == ("weak", "chip-y", "ridge.hbm")
    assert found.id == "weak:chip-y:ridge.hbm:y.bw/ridge"
    assert "weakest link y.bw (inferred)" in found.message
    assert found.numbers == "7.37 TB/s"


def test_weak_table_cell(tmp_path: Path) -> None:
    table = (
        "tables:\n  - id: t\n    title: T\n    columns: [{subject: chip-y}]\n"
        "    rows:\n      - {label: bandwidth, quantity: hbm.bandwidth}\n"
    )
    found = only(findings(tmp_path, CONFIRMED_INFERRED, subjects=CHIP_Y, tables=table))
    assert (found.kind, found.subject, found.quantity) == ("weak", "chip-y", "hbm.bandwidth")
    assert found.id == "weak:chip-y:hbm.bandwidth:y.bw@table:t"
    assert found.where == "table:t"


def test_unsupported(tmp_path: Path) -> None:
    found = only(
        findings(tmp_path, fact("x.reg", "registers.max_per_thread", "255", tier="inferred"))
    )
    assert (found.kind, found.subject, found.quantity) == (
        "unsupported",
        "chip-x",
        "registers.max_per_thread",
    )
    assert found.id == "unsupported:chip-x:registers.max_per_thread:x.reg"


def test_an_inferred_value_another_source_states_is_supported(tmp_path: Path) -> None:
    assert (
        findings(
            tmp_path,
            fact("x.reg", "registers.max_per_thread", "255", tier="inferred")
            + fact("x.reg@review", "registers.max_per_thread", "255", source="review"),
        )
        == []
    )


def test_the_same_source_does_not_support_itself(tmp_path: Path) -> None:
    found = findings(
        tmp_path,
        fact("x.reg", "registers.max_per_thread", "255", tier="inferred")
        + fact("x.reg@2", "registers.max_per_thread", "255"),
    )
    assert [f.id for f in found] == ["unsupported:chip-x:registers.max_per_thread:x.reg"]


def test_an_inferred_value_a_rule_rebuilds_is_supported(tmp_path: Path) -> None:
    # The pin rate is rebuilt from the bandwidth by rule pins.from-bw: not unsupported
    # (the derivation resting on it is weak instead).
    found = findings(
        tmp_path,
        fact("x.stacks", "hbm.stacks", "8", extra="    exact: true\n" + DATED)
        + fact("x.width", "hbm.interface_width", "1,024 bit", extra="    exact: true\n" + DATED)
        + fact("x.pins", "hbm.pin_rate", "7.2 Gbit/s", tier="inferred"),
    )
    assert "unsupported" not in {f.kind for f in found}


def test_undisclosed_in_use(tmp_path: Path) -> None:
    undisclosed = (
        "  - {id: y.bw@vendor, subject: chip-y, quantity: hbm.bandwidth, "
        "undisclosed: true, source: vendor-sheet, tier: official, date: 2025-05-01}\n"
    )
    found = only(
        findings(
            tmp_path,
            fact("y.peak", "peak.bf16_dense", "2,307 TFLOP/s", subject="chip-y")
            + fact("y.bw", "hbm.bandwidth", "7.37 TB/s", tier="measured", subject="chip-y")
            + undisclosed,
            subjects=CHIP_Y,
        )
    )
    assert found.id == "undisclosed-in-use:chip-y:ridge.hbm:y.bw@vendor/ridge"
    assert found.numbers == "7.37 TB/s"


CORRECTED = fact("x.reg", "registers.max_per_thread", "256") + fact(
    "x.reg@fixed",
    "registers.max_per_thread",
    "255",
    extra="    supersedes: x.reg\n    reason: the guide was corrected\n    date: 2025-06-01\n",
)


def test_superseded_in_use_by_a_fact_computed_from_it(tmp_path: Path) -> None:
    found = only(
        findings(
            tmp_path,
            CORRECTED
            + fact(
                "x.regs.total",
                "registers.max_per_thread",
                "256",
                subject="chip-y",
                extra="    computed_from: [x.reg]\n" + DATED,
            ),
            subjects=CHIP_Y,
        )
    )
    assert found.kind == "superseded-in-use"
    assert found.id == "superseded-in-use:chip-y:registers.max_per_thread:x.reg+x.regs.total"
    assert found.numbers == "256 | 255"
    assert found.message.endswith("has been superseded; now 255 (x.reg@fixed, 2025-06-01)")


def test_superseded_in_use_by_a_table_cell(tmp_path: Path) -> None:
    # The reader refuses a table naming a superseded fact; a fact superseded after the
    # table was written (in the stored catalog) is what this check is for.
    table = (
        "tables:\n  - id: t\n    title: T\n    columns: [{subject: chip-x}]\n"
        "    rows:\n      - {label: regs, text: 'up to {#x.reg}'}\n"
    )
    write(tmp_path, fact("x.reg", "registers.max_per_thread", "256"), tables=table)
    catalog, rules = read(tmp_path)
    old = catalog.facts["x.reg"]
    catalog.facts["x.reg"] = dataclasses.replace(old, status="withdrawn")
    found = only(audit_of(catalog, rules))
    assert found.id == "superseded-in-use:chip-x:registers.max_per_thread:x.reg@table:t"
    assert "withdrawn" in found.message


def test_unsourced(tmp_path: Path) -> None:
    found = only(findings(tmp_path, fact("x.reg", "registers.max_per_thread", "255", source=None)))
    assert found.id == "unsourced:chip-x:registers.max_per_thread:x.reg"


def test_unidentifiable_source(tmp_path: Path) -> None:
    found = only(
        findings(
            tmp_path,
            fact("x.reg", "registers.max_per_thread", "255", source="hearsay"),
            sources="  - {id: hearsay, title: A talk, kind: other, published: 2025-01-01}\n",
        )
    )
    assert found.id == "unidentifiable-source:hearsay"


def test_undated(tmp_path: Path) -> None:
    found = only(
        findings(
            tmp_path,
            fact("x.reg", "registers.max_per_thread", "255", source="wiki", extra=""),
            sources="  - {id: wiki, title: A wiki page, kind: website, "
            "url: 'https://example.org/wiki'}\n",
        )
    )
    assert (found.id, found.numbers) == ("undated:wiki", "1 facts")


def test_uncited_source(tmp_path: Path) -> None:
    found = only(
        findings(
            tmp_path,
            sources="  - {id: unused, title: A paper, kind: paper, "
            "arxiv: '2401.00001', published: 2024-01}\n",
        )
    )
    assert found.id == "uncited-source:unused"


def test_reading_spread(tmp_path: Path) -> None:
    # chip-y's "8 TB/s" may be 8 × 1,024 GB/s: its ridge is 2,500 / 8 = 312.5 FLOP/B as
    # written and 2,500 / 8.192 = 305.176 with the other reading, 2.34 % apart.
    reading = DATED + "    alternatives:\n      - {value: '8,192 GB/s', reason: 8 x 1024}\n"
    found = only(
        findings(
            tmp_path,
            fact("y.peak", "peak.bf16_dense", "2,500 TFLOP/s", subject="chip-y")
            + fact("y.bw", "hbm.bandwidth", "8 TB/s", subject="chip-y", extra=reading),
            subjects=CHIP_Y,
        ),
        "reading-spread",
    )
    assert (found.subject, found.quantity) == ("chip-y", "ridge.hbm")
    assert found.id == "reading-spread:chip-y:ridge.hbm:y.bw/ridge"
    assert found.numbers == "312.5 FLOP/B | 305.176 FLOP/B"
    assert found.discrepancy is not None and round(found.discrepancy, 4) == round(1 - 1 / 1.024, 4)
    assert found.diagnosis is not None and "binary vs decimal prefix" in found.diagnosis
