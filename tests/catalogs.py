"""Small catalogs written for the tests."""

from __future__ import annotations

from pathlib import Path

SOURCES = """\
sources:
  - id: vendor-sheet
    title: Chip X datasheet
    kind: vendor-doc
    publisher: ACME
"""
QUANTITIES = """\
quantities:
  - id: hbm.bandwidth
    name: HBM bandwidth
    unit: GB/s
  - id: hbm.stacks
    name: HBM stacks
    count: true
"""
CHIP = """\
subject:
  id: chip-x
  name: Chip X
  kind: chip
  aliases: [Xeno]
facts:
  - id: chip-x.hbm.bandwidth
    quantity: hbm.bandwidth
    value: 7.37 TB/s
    source: vendor-sheet
    locator: table 2
    tier: official
    date: 2025-04-09
  - id: chip-x.hbm.stacks
    quantity: hbm.stacks
    value: 8
    source: vendor-sheet
    tier: official
"""


def write_catalog(root: Path, files: dict[str, str | bytes] | None = None) -> Path:
    """Write the small valid catalog under `root`, with `files` replacing or adding files."""
    contents: dict[str, str | bytes] = {
        "sources.yaml": SOURCES,
        "quantities.yaml": QUANTITIES,
        "subjects/chip-x.yaml": CHIP,
    }
    contents.update(files or {})
    for name, text in contents.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
    return root
