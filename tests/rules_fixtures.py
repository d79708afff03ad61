"""Rule files and catalogs written for the derivation tests."""

from __future__ import annotations

from pathlib import Path

from catalogs import SOURCES

QUANTITIES = """\
quantities:
  - {id: hbm.bandwidth, name: HBM bandwidth, unit: GB/s}
  - {id: hbm.stacks, name: HBM stacks, count: true}
  - {id: hbm.interface_width, name: Interface width, unit: bit, count: true}
  - {id: hbm.pin_rate, name: Pin rate, unit: Gbit/s}
  - {id: peak.bf16_dense, name: Peak, unit: TFLOP/s}
  - {id: mac.per_cycle, name: MACs per cycle, unit: MAC/cycle, count: true}
  - {id: clock.boost, name: Clock, unit: GHz}
  - {id: ridge.hbm, name: Ridge point, unit: FLOP/B}
"""
RULES = """\
rules:
  - id: bw.from-pins
    output: hbm.bandwidth
    formula: hbm.stacks * hbm.interface_width * hbm.pin_rate / 1 bit
    description: bandwidth from pins
    source: vendor-sheet
  - id: pins.from-bw
    output: hbm.pin_rate
    formula: hbm.bandwidth * 1 bit / (hbm.stacks * hbm.interface_width)
    description: pin rate back from bandwidth
  - id: clock.from-peak
    output: clock.boost
    formula: peak.bf16_dense / (mac.per_cycle * 2 FLOP/MAC)
    description: clock implied by a peak
  - id: ridge
    output: ridge.hbm
    formula: peak.bf16_dense / hbm.bandwidth
    description: ridge point
"""


def chip(facts: str, subject: str = "chip-x") -> str:
    """A subject file for `subject` with the given facts (YAML list items)."""
    return f"subject:\n  id: {subject}\n  name: {subject}\n  kind: chip\nfacts:\n{facts}"


def fact(fid: str, quantity: str, value: str, tier: str = "official", extra: str = "") -> str:
    """One fact as a YAML list item."""
    return (
        f"  - id: {fid}\n    quantity: {quantity}\n    value: {value}\n"
        f"    source: vendor-sheet\n    tier: {tier}\n{extra}"
    )


def write_derivation_catalog(
    root: Path, subjects: dict[str, str], rules: str = RULES
) -> tuple[Path, Path]:
    """Write a catalog with `subjects` (file name → text) and a rules dir; return both."""
    catalog = root / "catalog"
    (catalog / "subjects").mkdir(parents=True)
    (catalog / "sources.yaml").write_text(SOURCES, encoding="utf-8")
    (catalog / "quantities.yaml").write_text(QUANTITIES, encoding="utf-8")
    for name, text in subjects.items():
        (catalog / "subjects" / f"{name}.yaml").write_text(text, encoding="utf-8")
    rules_dir = root / "rules"
    rules_dir.mkdir()
    (rules_dir / "rules.yaml").write_text(rules, encoding="utf-8")
    return catalog, rules_dir


HBM_PARTS = (
    "  - id: x.stacks\n    quantity: hbm.stacks\n    value: 8\n    source: vendor-sheet\n"
    "    tier: official\n"
    "  - id: x.width\n    quantity: hbm.interface_width\n    value: 1,024 bit\n"
    "    source: vendor-sheet\n    tier: official\n"
)
"""Eight stacks of 1,024 bit, as facts of a subject file."""
