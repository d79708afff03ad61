"""The catalog's words for texts: quantity synonyms and alternative readings of facts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from catalogs import CHIP, QUANTITIES, write_catalog

READING = CHIP.replace(
    "    value: 7.37 TB/s\n",
    "    value: 7.37 TB/s\n    alternatives:\n      - {value: 7.55 TB/s, reason: binary tera}\n",
)


def test_an_alternative_reading_loads_and_dumps_back(tmp_path: Path, cli: Any) -> None:
    catalog = write_catalog(tmp_path / "c", {"subjects/chip-x.yaml": READING})
    url = f"sqlite:///{tmp_path / 'r.sqlite'}"
    assert cli("load", str(catalog), "--db", url).exit_code == 0
    dumped = cli("dump", "--db", url)
    assert dumped.exit_code == 0, dumped.stderr
    assert "alternatives:" in dumped.stdout and "7.55 TB/s" in dumped.stdout


def test_an_alternative_of_another_dimension_is_one_line(tmp_path: Path, cli: Any) -> None:
    bad = READING.replace("7.55 TB/s", "7.55 MiB")
    catalog = write_catalog(tmp_path / "c", {"subjects/chip-x.yaml": bad})
    result = cli("load", str(catalog), "--db", f"sqlite:///{tmp_path / 'r.sqlite'}")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == (
        "error: subjects/chip-x.yaml:10: facts[0].alternatives[0].value: unit MiB "
        "([information]) cannot convert to GB/s ([information] / [time])"
    )


def test_synonyms_name_a_quantity_in_prose(tmp_path: Path, cli: Any) -> None:
    quantities = (
        "quantities:\n"
        "  - id: hbm.bandwidth\n    name: HBM bandwidth\n    unit: GB/s\n"
        "    synonyms: [memory bandwidth]\n"
        "  - id: hbm.stacks\n    name: HBM stacks\n    count: true\n"
        "  - id: nic.bandwidth\n    name: NIC bandwidth\n    unit: GB/s\n"
    )
    chip = CHIP + (
        "  - id: chip-x.nic\n    quantity: nic.bandwidth\n    value: 50 GB/s\n"
        "    source: vendor-sheet\n    tier: official\n"
    )
    catalog = write_catalog(
        tmp_path / "c", {"quantities.yaml": quantities, "subjects/chip-x.yaml": chip}
    )
    url = f"sqlite:///{tmp_path / 's.sqlite'}"
    assert cli("load", str(catalog), "--db", url).exit_code == 0
    text = tmp_path / "t.md"
    text.write_text("Xeno has a memory bandwidth of 7.37 TB/s.\n", "utf-8")
    result = cli("check", str(text), "--db", url, "--show", "matched")
    assert "chip-x hbm.bandwidth = 7.37 TB/s" in result.stdout
    assert "label 'memory bandwidth' near the number" in result.stdout


REGISTERS = (
    "  - id: regs.total\n    name: Register file, whole chip\n"
    "    name_zh: 整芯片寄存器堆容量\n    unit: MiB\n"
    "  - id: regs.per_sm\n    name: Register file per SM\n"
    "    name_zh: 每 SM 寄存器堆\n    unit: KiB\n"
)
REGISTER_FACTS = (
    "  - id: chip-x.regs\n    quantity: regs.total\n    value: 37 MiB\n"
    "    source: vendor-sheet\n    tier: official\n"
    "  - id: chip-x.regs-sm\n    quantity: regs.per_sm\n    value: 256 KiB\n"
    "    source: vendor-sheet\n    tier: official\n"
)


def test_a_word_inside_a_chinese_compound_label_names_its_quantity(
    tmp_path: Path, cli: Any
) -> None:
    # 整芯片寄存器堆容量 holds 寄存器堆, a word another label writes alone: a reader
    # segments the compound, so 寄存器堆 names the whole-chip register file too, and a
    # wrong whole-chip figure is a contradiction of it, not an unresolved number
    catalog = write_catalog(
        tmp_path / "c",
        {
            "quantities.yaml": QUANTITIES + REGISTERS,
            "subjects/chip-x.yaml": CHIP + REGISTER_FACTS,
        },
    )
    url = f"sqlite:///{tmp_path / 'z.sqlite'}"
    assert cli("load", str(catalog), "--db", url).exit_code == 0
    text = tmp_path / "t.md"
    text.write_text("Xeno 的寄存器堆合计 36 MiB。\n", "utf-8")
    result = cli("check", str(text), "--db", url, "--show", "mismatched")
    assert "mismatched" in result.stdout and "chip-x regs.total" in result.stdout
    assert "word '寄存器堆' near the number" in result.stdout
