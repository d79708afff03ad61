"""A catalog's own units (`units.yaml`, the registry's syntax): added, never redefining."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml
from conftest import REPO

UNITS = """\
units:
  - sample = [sample] = smp
"""
QUANTITIES = """\
quantities:
  - id: inference.samples_per_second
    name: Inference throughput
    unit: smp/s
    description: Samples a chip serves per second in a published benchmark.
"""
CHIP = """\
subject: {id: chip-u, name: Chip U, kind: chip}
facts:
  - id: chip-u.samples
    quantity: inference.samples_per_second
    value: 1.2e4 ksmp/s
    source: bench
    tier: measured
    date: 2026-03-02
"""
SOURCES = "sources:\n  - {id: bench, title: A benchmark, kind: measurement, publisher: Lab}\n"


def _catalog(root: Path, units: str = UNITS) -> Path:
    (root / "subjects").mkdir(parents=True)
    (root / "units.yaml").write_text(units, "utf-8")
    (root / "quantities.yaml").write_text(QUANTITIES, "utf-8")
    (root / "sources.yaml").write_text(SOURCES, "utf-8")
    (root / "subjects" / "chip-u.yaml").write_text(CHIP, "utf-8")
    return root


def test_a_catalog_unit_loads_converts_and_comes_back_in_the_dump(
    tmp_path: Path, db_url: str, cli: Any
) -> None:
    root = _catalog(tmp_path / "cat")
    loaded = cli("load", str(root), "--db", db_url)
    assert loaded.exit_code == 0, loaded.stderr
    shown = cli("show", "chip-u", "--db", db_url, "-f", "json")
    assert shown.exit_code == 0, shown.stderr
    assert "1.2e4 ksmp/s" in shown.stdout
    dumped = cli("dump", "--db", db_url, "--out", str(tmp_path / "dump"))
    assert dumped.exit_code == 0, dumped.stderr
    written = yaml.safe_load((tmp_path / "dump" / "units.yaml").read_text("utf-8"))
    assert written == {"units": ["sample = [sample] = smp"]}
    assert cli("load", str(tmp_path / "dump"), "--db", db_url).exit_code == 0


def test_another_process_reads_the_stored_units(tmp_path: Path, cli: Any) -> None:
    url = f"sqlite:///{tmp_path / 'u.sqlite'}"
    assert cli("load", str(_catalog(tmp_path / "cat")), "--db", url).exit_code == 0
    text = tmp_path / "note.md"
    text.write_text("Chip U serves 12,000,000 smp/s.\n", "utf-8")
    command = [sys.executable, "-c", "from cli.main import main; main()", "check", str(text)]
    result = subprocess.run(
        [*command, "--db", url, "-f", "json"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert '"matched"' in result.stdout and "Traceback" not in result.stderr


def test_a_unit_the_program_knows_cannot_be_redefined(tmp_path: Path, cli: Any) -> None:
    for i, (units, said) in enumerate(
        [
            ("units:\n  - GB = 3 bit\n", "unit 'GB' is already defined"),
            ("units:\n  - bit = [mood]\n", "unit 'bit' is already defined"),
            ("units:\n  - weird = __import__('os')\n", "is not an expression"),
            ("units:\n  - '@defaults'\n", "write a unit as `name = expression"),
        ]
    ):
        root = _catalog(tmp_path / f"bad{i}", units)
        result = cli("validate", str(root))
        assert result.exit_code == 2
        (line,) = [e for e in result.stderr.splitlines() if e.startswith("error: units.yaml")]
        assert line.startswith("error: units.yaml:2:") and said in line, line
        assert "Traceback" not in result.stderr


def test_units_belong_in_units_yaml(tmp_path: Path, cli: Any) -> None:
    root = _catalog(tmp_path / "cat")
    (root / "quantities.yaml").write_text(QUANTITIES + UNITS, "utf-8")
    result = cli("validate", str(root))
    assert result.exit_code == 2
    assert "`units:` belong in units.yaml" in result.stderr


def test_one_catalogs_units_are_not_anothers(tmp_path: Path, cli: Any) -> None:
    assert cli("validate", str(_catalog(tmp_path / "with"))).exit_code == 0
    without = _catalog(tmp_path / "without")
    (without / "units.yaml").unlink()
    result = cli("validate", str(without))
    assert result.exit_code == 2
    assert "unknown unit 'smp/s'" in result.stderr
