"""Small catalogs for the audit's checks: each holds one kind of problem."""

from __future__ import annotations

from pathlib import Path

from rules_fixtures import QUANTITIES, RULES

from derive.audit import Finding, audit
from derive.deriver import derive_catalog
from derive.rules import read_rules
from schema.catalog import Catalog
from schema.reader import read_catalog

SOURCES = """\
sources:
  - id: vendor-sheet
    title: Chip X datasheet
    kind: vendor-doc
    publisher: ACME
    url: https://example.com/chip-x.pdf
    published: 2025-04-09
  - id: review
    title: A review of Chip X
    kind: blog
    authors: [A. Writer]
    url: https://example.com/review
    published: 2025-06-01
"""
EXTRA_QUANTITIES = """\
  - {id: registers.max_per_thread, name: Registers per thread, count: true}
  - {id: utilisation.mfu, name: MFU, unit: "%", min: 0 %, max: 100 %}
  - {id: vmem.capacity, name: VMEM, unit: MiB}
  - {id: vmem.limit, name: VMEM limit, unit: KiB}
  - {id: ici.bandwidth, name: ICI bandwidth, unit: GB/s}
"""
SUBJECTS = "subjects:\n  - {id: chip-x, name: Chip X, kind: chip}\n"
DATED = "    date: 2025-05-01\n"
CLEAN = (
    "  - {id: x.peak, subject: chip-x, quantity: peak.bf16_dense, value: '2,307 TFLOP/s', "
    "source: vendor-sheet, tier: official, date: 2025-05-01}\n"
    "  - {id: x.bw, subject: chip-x, quantity: hbm.bandwidth, value: 7.37 TB/s, "
    "source: vendor-sheet, tier: official, date: 2025-05-01}\n"
    "  - {id: x.clock, subject: chip-x, quantity: clock.boost, value: 1.9 GHz, "
    "source: review, tier: measured, date: 2025-06-01}\n"
)


def fact(
    fid: str,
    quantity: str,
    value: str,
    *,
    tier: str = "official",
    source: str | None = "vendor-sheet",
    extra: str = DATED,
    subject: str = "chip-x",
) -> str:
    """One fact as a YAML list item."""
    src = f"    source: {source}\n" if source else ""
    return (
        f"  - id: {fid}\n    subject: {subject}\n    quantity: {quantity}\n"
        f"    value: '{value}'\n{src}    tier: {tier}\n{extra}"
    )


def write(
    root: Path,
    facts: str = "",
    *,
    sources: str = "",
    rules: str = "",
    subjects: str = "",
    tables: str = "",
    acknowledged: str = "",
) -> tuple[Path, Path]:
    """Write a catalog (the clean one plus `facts`) and a rules folder under `root`."""
    catalog = root / "catalog"
    catalog.mkdir(parents=True, exist_ok=True)
    (catalog / "sources.yaml").write_text(SOURCES + sources, "utf-8")
    (catalog / "quantities.yaml").write_text(QUANTITIES + EXTRA_QUANTITIES, "utf-8")
    (catalog / "subjects.yaml").write_text(SUBJECTS + subjects, "utf-8")
    (catalog / "facts.yaml").write_text("facts:\n" + CLEAN + facts, "utf-8")
    if tables:
        (catalog / "tables.yaml").write_text(tables, "utf-8")
    if acknowledged:
        (catalog / "acknowledged.yaml").write_text(acknowledged, "utf-8")
    rules_dir = root / "rules"
    rules_dir.mkdir(parents=True, exist_ok=True)
    (rules_dir / "rules.yaml").write_text(RULES + rules, "utf-8")
    return catalog, rules_dir


def read(root: Path) -> tuple[Catalog, Path]:
    """The catalog written under `root`, and its rules folder."""
    return read_catalog(root / "catalog"), root / "rules"


def audit_of(catalog: Catalog, rules_dir: Path) -> list[Finding]:
    """The audit of an already read catalog."""
    rule_set = read_rules(rules_dir, catalog)
    return audit(catalog, rule_set, derive_catalog(catalog, rule_set))


def findings(root: Path, facts: str = "", **files: str) -> list[Finding]:
    """The audit's findings over the catalog written under `root`."""
    write(root, facts, **files)
    return audit_of(*read(root))


def only(found: list[Finding], kind: str | None = None) -> Finding:
    """The one finding (of `kind`, when given)."""
    chosen = [f for f in found if kind is None or f.kind == kind]
    assert len(chosen) == 1, [f"{f.id}: {f.message}" for f in found]
    return chosen[0]
