"""`facts validate`: every problem of a catalog in one run, nothing written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from catalogs import CHIP, QUANTITIES, write_catalog

OTHER_CHIP = """\
subject:
  id: chip-y
  name: Chip Y
  kind: chip
facts:
  - id: chip-y.hbm.stacks
    quantity: hbm.stacks
    value: 8
    sorce: vendor-sheet
    tier: official
"""


def test_five_mistakes_in_three_files_are_listed_in_one_run(tmp_path: Path, cli: Any) -> None:
    bad = write_catalog(
        tmp_path / "bad",
        {
            # 1: a quantity of an unknown unit; 2: a quantity defined twice
            "quantities.yaml": QUANTITIES
            + "  - {id: power.tdp, name: TDP, unit: Watt}\n"
            + "  - {id: hbm.stacks, name: Stacks again, count: true}\n",
            # 3: a value of the wrong dimension; 4: a count that is not whole
            "subjects/chip-x.yaml": CHIP.replace("7.37 TB/s", "64 MiB").replace(
                "value: 8\n", "value: 8.5\n"
            ),
            # 5: a misspelt field
            "subjects/chip-y.yaml": OTHER_CHIP,
        },
    )
    result = cli("validate", str(bad))
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert lines[-1] == "5 problems in the catalog; nothing was loaded"
    assert [line.split(":")[1] for line in lines[:-1]] == [
        " quantities.yaml",
        " quantities.yaml",
        " subjects/chip-x.yaml",
        " subjects/chip-x.yaml",
        " subjects/chip-y.yaml",
    ]
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "facts.sqlite").exists() and not list(tmp_path.glob("*.sqlite"))


def test_a_valid_catalog_is_summed_up(tmp_path: Path, cli: Any) -> None:
    good = write_catalog(tmp_path / "good")
    result = cli("validate", str(good))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(f"{good} is a valid catalog: 1 sources, 2 quantities")
    assert result.stdout.rstrip().endswith("; nothing was written")
    assert not list(tmp_path.rglob("*.sqlite"))
