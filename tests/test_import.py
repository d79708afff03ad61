"""`facts import FILE`: a spec table into a catalog's YAML, as a user sees it.

The tables under tests/imports/ hold public numbers of chips the course does not
discuss: AMD Instinct MI300X and MI325X (AMD's specifications), NVIDIA A100 SXM4
80GB (NVIDIA's datasheet) and Intel Gaudi 3 (Intel's white paper).
"""

from __future__ import annotations

import datetime as dt
import difflib
import json
import shutil
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from schema.imports.run import ImportOptions, import_table
from schema.models import SourceEntry
from schema.reader import read_catalog

TABLES = Path(__file__).resolve().parent / "imports"
MAPPING = TABLES / "amd-instinct.mapping.yaml"
SOURCE = "amd-instinct-mi300x-mi325x-specs"
BW = f"mi300x.hbm.bandwidth@{SOURCE}"

CATALOG = """\
sources:
  - id: nvidia-a100-datasheet
    title: NVIDIA A100 Tensor Core GPU datasheet
    kind: vendor-doc
    publisher: NVIDIA
  - id: intel-gaudi-3-white-paper
    title: Intel Gaudi 3 AI Accelerator white paper
    kind: vendor-doc
    publisher: Intel
quantities:
  - id: hbm.bandwidth
    name: HBM bandwidth
    synonyms: [memory bandwidth]
    unit: GB/s
  - id: hbm.capacity
    name: HBM capacity
    unit: GB
  - id: peak.bf16_dense
    name: Peak BF16 dense throughput
    synonyms: [dense BF16]
    unit: TFLOP/s
  - id: sm.count
    name: SM count
    count: true
  - id: hbm.stacks
    name: HBM stacks
    count: true
  - id: cu.count
    name: Compute units
    synonyms: [CUs]
    count: true
subjects:
  - {id: a100-sxm4-80gb, name: A100 SXM4 80GB, kind: chip, vendor: NVIDIA, aliases: [A100]}
  - {id: gaudi3, name: Gaudi 3, kind: chip, vendor: Intel}
"""


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A small catalog of its own: two sources, the quantities, two subjects."""
    catalog = tmp_path / "catalog"
    catalog.mkdir()
    (catalog / "catalog.yaml").write_text(CATALOG, encoding="utf-8")
    return catalog


def files(root: Path) -> dict[str, bytes]:
    """Every file of the catalog (the lock file aside), by path: to compare bytes."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.name != ".facts.lock"
    }


def run(cli: Any, table: Path, root: Path, *args: str) -> Any:
    """`facts import TABLE --into ROOT ARGS...`."""
    return cli("import", str(table), "--into", str(root), *args)


def copy(table: Path, tmp_path: Path, edit: tuple[str, str] | None = None) -> Path:
    """A copy of `table` under tmp_path (same name), with one text replaced."""
    target = tmp_path / "tables" / table.name
    target.parent.mkdir(exist_ok=True)
    shutil.copy(table, target)
    if edit is not None:
        text = target.read_text("utf-8")
        assert edit[0] in text
        target.write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    return target


def only_added(before: str, after: str) -> bool:
    """True when `after` is `before` with lines inserted: none changed or removed."""
    matcher = difflib.SequenceMatcher(
        None, before.splitlines(True), after.splitlines(True), autojunk=False
    )
    return all(tag in ("equal", "insert") for tag, *_ in matcher.get_opcodes())


def errors(result: Any) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.startswith("error: ")]


def test_a_wide_csv_in_e_notation_is_imported_and_loads(root: Path, cli: Any, db_url: str) -> None:
    result = run(
        cli, TABLES / "amd-instinct.csv", root, "--mapping", str(MAPPING), "--date", "2026-09-10"
    )
    assert result.exit_code == 0, result.stderr
    assert "8 facts added, 0 corrected, 0 unchanged" in result.stdout
    written = root / "imports" / "amd-instinct.yaml"
    assert written.is_file()

    catalog = read_catalog(root)
    fact = catalog.facts[BW]
    assert (fact.subject, fact.entry.quantity, fact.entry.value) == (
        "mi300x",
        "hbm.bandwidth",
        "5.3e12 B/s",  # the header's unit after the bare number, as the mapping says
    )
    assert fact.normal is not None and fact.normal.value == Decimal(5300)  # GB/s: 5.3 TB/s
    assert (fact.entry.source, fact.entry.tier, str(fact.entry.date)) == (
        SOURCE,
        "official",
        "2026-09-10",
    )
    assert fact.entry.locator == "specifications"
    capacity = catalog.facts[f"mi325x.hbm.capacity@{SOURCE}"]
    assert capacity.entry.value == "256 GB"  # the unit in the header's parentheses
    peak = catalog.facts[f"mi325x.peak.bf16_dense@{SOURCE}"]
    assert peak.normal is not None and peak.normal.value == Decimal("1307.4")  # TFLOP/s
    assert catalog.facts[f"mi300x.cu.count@{SOURCE}"].entry.value == "304"
    assert catalog.sources[SOURCE].entry.publisher == "AMD"
    assert catalog.subjects["mi325x"].entry.name == "AMD Instinct MI325X"

    from db.database import database
    from db.load import load_catalog

    with database(db_url) as engine:
        report = load_catalog(engine, root)
    assert report.facts == 8
    shown = json.loads(cli("show", "MI300X", "hbm.bandwidth", "--db", db_url, "-f", "json").stdout)
    assert [(f["literal"], f["source_id"], f["tier"]) for f in shown] == [
        ("5.3e12 B/s", SOURCE, "official")
    ]
    assert Decimal(shown[0]["value_norm"]) == Decimal(5300)


def test_the_same_file_again_changes_nothing(root: Path, cli: Any) -> None:
    assert run(cli, TABLES / "amd-instinct.csv", root, "--mapping", str(MAPPING)).exit_code == 0
    before = files(root)
    again = run(
        cli, TABLES / "amd-instinct.csv", root, "--mapping", str(MAPPING), "--date", "2027-01-01"
    )
    assert again.exit_code == 0, again.stderr
    assert "nothing changed" in again.stdout and "8 unchanged" in again.stdout
    assert files(root) == before  # byte for byte


def test_an_edited_cell_becomes_a_correction_with_the_new_date(
    root: Path, cli: Any, tmp_path: Path, db_url: str
) -> None:
    table = copy(TABLES / "amd-instinct.csv", tmp_path)
    mapping = ("--mapping", str(MAPPING))
    assert run(cli, table, root, *mapping, "--date", "2026-09-10").exit_code == 0
    first = (root / "imports" / "amd-instinct.yaml").read_text("utf-8")
    copy(TABLES / "amd-instinct.csv", tmp_path, ("MI300X,5.3e12", "MI300X,5.2e12"))

    result = run(cli, table, root, *mapping, "--date", "2026-09-20")
    assert result.exit_code == 0, result.stderr
    assert "0 facts added, 1 corrected, 7 unchanged" in result.stdout
    after = (root / "imports" / "amd-instinct.yaml").read_text("utf-8")
    assert after.startswith(first)  # only added to: nothing overwritten
    catalog = read_catalog(root)
    new = catalog.facts[f"{BW}@2026-09-20"]
    assert new.entry.supersedes == BW
    assert (new.entry.value, str(new.entry.date)) == ("5.2e12 B/s", "2026-09-20")
    assert new.entry.reason is not None
    assert "row 1, column 'Memory BW (bytes/s)'" in new.entry.reason
    assert "'5.3e12 B/s'" in new.entry.reason
    old = catalog.facts[BW]
    assert (old.status, old.superseded_by, old.entry.value) == (
        "superseded",
        new.entry.id,
        "5.3e12 B/s",
    )

    # the corrected table again: nothing more
    assert "nothing changed" in run(cli, table, root, *mapping, "--date", "2026-09-30").stdout

    assert cli("load", str(root), "--db", db_url).exit_code == 0
    history = json.loads(
        cli("history", "mi300x", "hbm.bandwidth", "--db", db_url, "-f", "json").stdout
    )
    assert [(f["literal"], f["status"], str(f["date"])) for f in history] == [
        ("5.3e12 B/s", "superseded", "2026-09-10"),
        ("5.2e12 B/s", "current", "2026-09-20"),
    ]


def test_a_new_column_and_a_new_row_add_facts(root: Path, cli: Any, tmp_path: Path) -> None:
    table = copy(TABLES / "amd-instinct.csv", tmp_path)
    assert run(cli, table, root, "--mapping", str(MAPPING)).exit_code == 0
    lines = table.read_text("utf-8").splitlines()
    lines = [lines[0] + ",HBM stacks", lines[1] + ",8", lines[2] + ",8"]
    lines.append("MI300A,5.3e12,128,9.806e14,228,8")
    table.write_text("\n".join(lines) + "\n", encoding="utf-8")
    mapping = tmp_path / "mapping.yaml"
    mapping.write_text(
        MAPPING.read_text("utf-8")
        + "  - {id: mi300a, name: AMD Instinct MI300A, kind: chip, vendor: AMD, "
        "aliases: [MI300A]}\n",
        encoding="utf-8",
    )
    result = run(cli, table, root, "--mapping", str(mapping))
    assert result.exit_code == 0, result.stderr
    assert "7 facts added, 0 corrected, 8 unchanged" in result.stdout
    catalog = read_catalog(root)
    assert catalog.facts[f"mi325x.hbm.stacks@{SOURCE}"].entry.value == "8"
    assert catalog.facts[f"mi300a.cu.count@{SOURCE}"].entry.value == "228"
    assert catalog.subjects["mi300a"].origin.file == "imports/amd-instinct.yaml"


def test_a_bad_cell_is_one_line_naming_row_and_column_and_nothing_is_written(
    root: Path, cli: Any, tmp_path: Path
) -> None:
    table = copy(TABLES / "amd-instinct.csv", tmp_path, (",256,", ",256 GB/s,"))
    before = files(root)
    result = run(cli, table, root, "--mapping", str(MAPPING))
    assert result.exit_code == 2
    assert errors(result) == [
        f"error: {table}:3: row 2, column 'HBM capacity (GB)': unit GB/s ([information] / "
        "[time]) cannot convert to GB ([information]); hbm.capacity is measured in GB"
    ]
    assert "1 problem importing" in result.stderr and "nothing was written" in result.stderr
    assert "Traceback" not in result.stderr
    assert files(root) == before  # no imports/ folder, nothing changed


def test_every_bad_cell_at_once_and_an_imported_catalog_stays_as_it_was(
    root: Path, cli: Any, tmp_path: Path
) -> None:
    table = copy(TABLES / "amd-instinct.csv", tmp_path)
    assert run(cli, table, root, "--mapping", str(MAPPING)).exit_code == 0
    before = files(root)
    copy(TABLES / "amd-instinct.csv", tmp_path, ("MI300X,5.3e12,192", "MI300X,5.2e12,lots"))
    text = table.read_text("utf-8").replace("6.0e12", '"6,0e12"')
    table.write_text(text, encoding="utf-8")
    result = run(cli, table, root, "--mapping", str(MAPPING))
    assert result.exit_code == 2
    lines = errors(result)
    assert len(lines) == 2, result.stderr
    assert lines[0].startswith(f"error: {table}:2: row 1, column 'HBM capacity (GB)': cannot read")
    assert lines[1].startswith(f"error: {table}:3: row 2, column 'Memory BW (bytes/s)': ")
    assert "groups of three" in lines[1]
    assert files(root) == before  # the good edited cell (5.2e12) is not written either


@pytest.mark.parametrize("suffix", ["tsv", "json", "md"])
def test_tsv_json_and_markdown_read_like_the_csv(suffix: str, tmp_path: Path, cli: Any) -> None:
    facts = {}
    for kind in ("csv", suffix):
        catalog = tmp_path / kind
        catalog.mkdir()
        (catalog / "catalog.yaml").write_text(CATALOG, encoding="utf-8")
        result = run(
            cli,
            TABLES / f"amd-instinct.{kind}",
            catalog,
            "--mapping",
            str(MAPPING),
            "--date",
            "2026-09-10",
        )
        assert result.exit_code == 0, result.stderr
        facts[kind] = {
            fid: (f.entry.value, f.normal) for fid, f in read_catalog(catalog).facts.items()
        }
    assert facts[suffix] == facts["csv"]
    assert len(facts["csv"]) == 8


def test_json_rows_as_arrays_keep_their_digits_and_lines(
    root: Path, cli: Any, tmp_path: Path
) -> None:
    table = tmp_path / "mi300x.json"
    table.write_text(
        '{"columns": ["Accelerator", "Memory BW (bytes/s)", "HBM capacity (GB)"],\n'
        ' "rows": [\n'
        '  ["MI300X", 5.30e12, 192],\n'
        '  ["MI325X", 6.0e12, true]\n'
        " ]}\n",
        encoding="utf-8",
    )
    mapping = ("--mapping", str(MAPPING))
    result = run(cli, table, root, *mapping)
    assert errors(result) == [
        f"error: {table}:4: row 2, column 'HBM capacity (GB)': true is not a cell: write a "
        "number or a text"
    ]
    table.write_text(table.read_text("utf-8").replace("true", '"256"'), encoding="utf-8")
    assert run(cli, table, root, *mapping).exit_code == 0
    assert read_catalog(root).facts[BW].entry.value == "5.30e12 B/s"  # not 5300000000000.0


def test_a_long_table_needs_no_mapping(root: Path, cli: Any) -> None:
    result = run(cli, TABLES / "accelerators-long.csv", root, "--date", "2026-09-10")
    assert result.exit_code == 0, result.stderr
    assert "7 facts added" in result.stdout
    catalog = read_catalog(root)
    a100 = catalog.facts["a100-sxm4-80gb.hbm.bandwidth@nvidia-a100-datasheet"]
    assert a100.entry.value == "2,039 GB/s" and a100.normal is not None
    assert a100.normal.value == Decimal(2039)
    gaudi = catalog.facts["gaudi3.peak.bf16_dense@intel-gaudi-3-white-paper"]
    assert (gaudi.subject, gaudi.entry.value, gaudi.entry.note) == (
        "gaudi3",  # the row names it "Gaudi 3"
        "1,835 TFLOP/s",
        "matrix engines",
    )
    assert catalog.facts["a100-sxm4-80gb.sm.count@nvidia-a100-datasheet"].entry.value == "108"
    again = run(cli, TABLES / "accelerators-long.csv", root)
    assert "nothing changed" in again.stdout and "7 unchanged" in again.stdout


def test_a_long_table_reports_its_unknown_names(root: Path, cli: Any, tmp_path: Path) -> None:
    table = tmp_path / "long.csv"
    table.write_text(
        "subject,quantity,value,tier\n"
        "Gaudi 3,hbm.bandwdith,3.7 TB/s,official\n"
        "Gaudi 4,hbm.capacity,128 GB,official\n"
        "Gaudi 3,hbm.capacity,128 GB,certain\n",
        encoding="utf-8",
    )
    result = run(cli, table, root, "--source", "intel-gaudi-3-white-paper")
    assert result.exit_code == 2
    lines = errors(result)
    assert len(lines) == 3, result.stderr
    assert lines[0].startswith(
        f"error: {table}:2: row 1, column 'quantity': no quantity has the id, name, name_zh "
        "or synonym 'hbm.bandwdith'; the closest: hbm.bandwidth (HBM bandwidth)"
    )
    assert lines[1] == (
        f"error: {table}:3: row 2, column 'subject': no subject has the id, name or alias "
        "'Gaudi 4'; the closest: gaudi3 (Gaudi 3)"
    )
    assert lines[2] == (
        f"error: {table}:4: row 3, column 'tier': tier 'certain': expected official, "
        "measured, inferred or estimated"
    )


def test_a_unit_in_brackets_at_the_end_of_a_header(root: Path, cli: Any, tmp_path: Path) -> None:
    table = tmp_path / "gaudi.csv"
    table.write_text(
        "Chip,HBM bandwidth [TB/s],Memory capacity (GB),Scale-out bandwidth (GB/s)\n"
        "Gaudi 3,3.7,128 GB,\n",
        encoding="utf-8",
    )
    args = ("--source", "intel-gaudi-3-white-paper", "--tier", "official")
    result = run(cli, table, root, *args)
    # 'memory capacity' is no name of hbm.capacity in this catalog; the last header
    # names no quantity at all, whatever its unit
    assert result.exit_code == 2
    assert [line.split(": ", 3)[2] for line in errors(result)] == [
        "column 'Memory capacity (GB)'",
        "column 'Scale-out bandwidth (GB/s)'",
    ]
    assert (
        "no quantity has the id, name, name_zh or synonym 'Memory capacity'" in (errors(result)[0])
    )
    mapping = tmp_path / "gaudi.mapping.yaml"
    mapping.write_text(
        "columns:\n  Memory capacity (GB): hbm.capacity\nskip: [Scale-out bandwidth (GB/s)]\n",
        encoding="utf-8",
    )
    result = run(cli, table, root, *args, "--mapping", str(mapping))
    assert result.exit_code == 0, result.stderr
    catalog = read_catalog(root)
    bandwidth = catalog.facts["gaudi3.hbm.bandwidth@intel-gaudi-3-white-paper"]
    assert bandwidth.entry.value == "3.7 TB/s"
    assert catalog.facts["gaudi3.hbm.capacity@intel-gaudi-3-white-paper"].entry.value == "128 GB"


def test_an_unknown_header_is_an_error_with_a_suggestion(
    root: Path, cli: Any, tmp_path: Path
) -> None:
    table = copy(TABLES / "amd-instinct.csv", tmp_path, ("Compute units", "Compute unit"))
    before = files(root)
    result = run(cli, table, root, "--mapping", str(MAPPING))
    assert result.exit_code == 2
    assert errors(result) == [
        f"error: {table}:1: column 'Compute unit': no quantity has the id, name, name_zh or "
        "synonym 'Compute unit'; the closest: cu.count (Compute units); map the header under "
        "`columns:` in the mapping, or list it under `skip:`"
    ]
    assert files(root) == before


def test_an_unknown_row_name_is_an_error_with_a_suggestion(
    root: Path, cli: Any, tmp_path: Path
) -> None:
    table = copy(TABLES / "amd-instinct.csv", tmp_path, ("Instinct MI325X", "MI325"))
    result = run(cli, table, root, "--mapping", str(MAPPING))
    assert result.exit_code == 2
    (line,) = errors(result)
    assert line.startswith(f"error: {table}:3: row 2, column 'Accelerator': no subject has")
    assert "the closest: mi325x (AMD Instinct MI325X)" in line


def test_undisclosed_and_empty_cells(root: Path, cli: Any, tmp_path: Path) -> None:
    table = tmp_path / "a100.csv"
    table.write_text("GPU,SM count,HBM capacity (GB)\nA100,undisclosed,—\n", encoding="utf-8")
    args = ("--source", "nvidia-a100-datasheet", "--tier", "official")
    result = run(cli, table, root, *args)
    assert result.exit_code == 0, result.stderr
    assert "1 fact added, 0 corrected, 0 unchanged, 1 empty cell skipped" in result.stdout
    fact = read_catalog(root).facts["a100-sxm4-80gb.sm.count@nvidia-a100-datasheet"]
    assert fact.entry.undisclosed and fact.entry.value is None
    table.write_text("GPU,SM count\nA100,108\n", encoding="utf-8")
    result = run(cli, table, root, *args, "--date", "2026-10-01")
    assert "1 corrected" in result.stdout, result.stderr
    assert "undisclosed → 108" in result.stdout


def test_without_source_or_tier_nothing_is_guessed(root: Path, cli: Any) -> None:
    result = run(cli, TABLES / "amd-instinct.csv", root)
    assert result.exit_code == 2
    messages = errors(result)
    for name in ("source", "tier"):
        assert (
            f"error: the import's options: no {name} for the table's facts: give `{name}:` "
            f"in the mapping or --{name}"
        ) in messages
    # and without the mapping, 'Memory BW' is no name of a quantity
    assert any("column 'Memory BW (bytes/s)': no quantity has" in m for m in messages)


def test_a_table_that_cannot_be_read_is_one_line(root: Path, cli: Any, tmp_path: Path) -> None:
    latin = tmp_path / "latin.csv"
    latin.write_bytes("Chip,HBM capacity (GB)\nGaudi 3,128\nCaf\xe9,1\n".encode("latin-1"))
    result = run(cli, latin, root, "--source", "intel-gaudi-3-white-paper", "--tier", "official")
    assert result.exit_code == 2
    assert errors(result) == [f"error: {latin}:3: byte 0xe9 is not UTF-8; save the file as UTF-8"]
    ragged = tmp_path / "ragged.csv"
    ragged.write_text("Chip,HBM capacity (GB)\nGaudi 3,128,96\n", encoding="utf-8")
    (line,) = errors(run(cli, ragged, root, "--source", "intel-gaudi-3-white-paper"))
    assert line.startswith(f"error: {ragged}:2: row 1: the row has 3 cells and the header 2")
    big = tmp_path / "big.csv"
    big.write_text("Chip,HBM capacity (GB)\n" + "Gaudi 3," + "1" * 2000 + "\n", encoding="utf-8")
    (line,) = errors(run(cli, big, root, "--source", "intel-gaudi-3-white-paper"))
    assert "row 1, column 'HBM capacity (GB)': the cell has 2,000 characters" in line
    other = tmp_path / "table.xlsx"
    other.write_bytes(b"PK")
    (line,) = errors(run(cli, other, root))
    assert "name the file .csv, .tsv, .json or .md" in line
    assert files(root) == {"catalog.yaml": CATALOG.encode()}


def test_a_mapping_problem_names_its_line(root: Path, cli: Any, tmp_path: Path) -> None:
    mapping = tmp_path / "m.yaml"
    mapping.write_text(
        "source: nvidia-a100-datashet\ntier: official\ncolumns:\n  SMs: sm.cnt\nrowz: {}\n",
        encoding="utf-8",
    )
    table = tmp_path / "a100.csv"
    table.write_text("GPU,SMs\nA100,108\n", encoding="utf-8")
    result = run(cli, table, root, "--mapping", str(mapping))
    assert result.exit_code == 2
    (line,) = errors(result)
    assert line.startswith(f"error: {mapping}:5: rowz: unknown field `rowz`")
    mapping.write_text(
        "source: nvidia-a100-datashet\ntier: official\ncolumns:\n  SMs: sm.cnt\n",
        encoding="utf-8",
    )
    source, column = errors(run(cli, table, root, "--mapping", str(mapping)))
    assert source.startswith(f"error: {mapping}:1: source: unknown source")
    assert "the closest: nvidia-a100-datasheet" in source
    assert column.startswith(
        f"error: {mapping}:4: columns.SMs: unknown quantity 'sm.cnt'; the closest: sm.count "
        "(SM count)"
    )


def test_the_library_reports_what_it_did(root: Path, tmp_path: Path) -> None:
    options = ImportOptions(date=dt.date(2026, 9, 10))
    report = import_table(TABLES / "amd-instinct.csv", root, MAPPING, options)
    assert report.written and report.file == "imports/amd-instinct.yaml"
    assert len(report.added) == 8 and not report.corrected and not report.unchanged
    assert report.sources_added == (SOURCE,)
    assert report.subjects_added == ("mi300x", "mi325x")
    again = import_table(TABLES / "amd-instinct.csv", root, MAPPING, options)
    assert not again.written and len(again.unchanged) == 8


def test_a_source_revision_is_written_where_the_format_has_one(root: Path, tmp_path: Path) -> None:
    mapping = tmp_path / "m.yaml"
    mapping.write_text(
        MAPPING.read_text("utf-8").replace(
            "  publisher: AMD\n", "  publisher: AMD\n  revision: r1\n"
        ),
        encoding="utf-8",
    )
    report = import_table(TABLES / "amd-instinct.csv", root, mapping)
    source = read_catalog(root).sources[SOURCE].entry
    if "revision" in SourceEntry.model_fields:
        assert source.model_dump().get("revision") == "r1"
        assert not [note for note in report.notes if "revision" in note]
    else:
        assert "revision 'r1' is not written" in report.notes[0]


HAND_WRITTEN = """\
facts:
  - id: gaudi3.hbm.capacity
    subject: gaudi3
    quantity: hbm.capacity
    value: 128 GB
    source: intel-gaudi-3-white-paper
    tier: official
    date: 2026-08-01
"""


def test_a_fact_written_by_hand_is_compared_too(root: Path, cli: Any, tmp_path: Path) -> None:
    (root / "gaudi3.yaml").write_text(HAND_WRITTEN, encoding="utf-8")
    table = tmp_path / "gaudi.csv"
    table.write_text("Chip,HBM capacity (GB)\nGaudi 3,128\n", encoding="utf-8")
    args = ("--source", "intel-gaudi-3-white-paper", "--tier", "official")
    before = files(root)
    result = run(cli, table, root, *args)
    assert "nothing changed" in result.stdout and "1 unchanged" in result.stdout
    assert files(root) == before  # '128' in a GB column is the hand-written 128 GB
    table.write_text("Chip,HBM capacity (GB)\nGaudi 3,1.28e2\n", encoding="utf-8")
    assert "nothing changed" in run(cli, table, root, *args).stdout  # same number, digits
    table.write_text("Chip,HBM capacity (GB)\nGaudi 3,96\n", encoding="utf-8")
    result = run(cli, table, root, *args, "--date", "2026-10-01")
    assert "1 corrected" in result.stdout, result.stderr
    catalog = read_catalog(root)
    fact = catalog.facts["gaudi3.hbm.capacity@intel-gaudi-3-white-paper@2026-10-01"]
    assert fact.entry.supersedes == "gaudi3.hbm.capacity"
    assert catalog.facts["gaudi3.hbm.capacity"].status == "superseded"
    assert (root / "gaudi3.yaml").read_text("utf-8") == HAND_WRITTEN


def test_which_fact_a_cell_corrects_is_never_guessed(root: Path, cli: Any, tmp_path: Path) -> None:
    second = HAND_WRITTEN.replace("facts:\n", "").replace("gaudi3.hbm.capacity", "gaudi3.x")
    (root / "gaudi3.yaml").write_text(
        HAND_WRITTEN + second.replace("128 GB", "144 GB"), encoding="utf-8"
    )
    table = tmp_path / "gaudi.csv"
    table.write_text("Chip,HBM capacity (GB)\nGaudi 3,96\n", encoding="utf-8")
    args = ("--source", "intel-gaudi-3-white-paper", "--tier", "official")
    (line,) = errors(run(cli, table, root, *args))
    assert line.startswith(f"error: {table}:2: row 1, column 'HBM capacity (GB)': '96 GB' differs")
    assert "gaudi3.hbm.capacity, gaudi3.x" in line


def test_a_person_s_comments_in_the_import_file_stay(root: Path, cli: Any, tmp_path: Path) -> None:
    table = tmp_path / "gaudi.csv"
    table.write_text("Chip,HBM capacity (GB)\nGaudi 3,128\n", encoding="utf-8")
    args = ("--source", "intel-gaudi-3-white-paper", "--tier", "official")
    assert run(cli, table, root, *args).exit_code == 0
    written = root / "imports" / "gaudi.yaml"
    edited = written.read_text("utf-8").replace(
        "    tier: official\n", "    tier: official  # checked against the white paper\n"
    )
    written.write_text(edited, encoding="utf-8")
    table.write_text("Chip,HBM capacity (GB),HBM bandwidth (TB/s)\nGaudi 3,128,3.7\n", "utf-8")
    assert "1 fact added" in run(cli, table, root, *args).stdout
    after = written.read_text("utf-8")
    assert only_added(edited, after)  # the new fact, and the table's new row
    assert after.endswith(
        "\n  - id: gaudi3.hbm.bandwidth@intel-gaudi-3-white-paper\n"
        "    subject: gaudi3\n"
        "    quantity: hbm.bandwidth\n"
        "    value: 3.7 TB/s\n"
        "    source: intel-gaudi-3-white-paper\n"
        "    tier: official\n"
        f"    date: {dt.date.today().isoformat()}\n"
    )


def test_a_file_of_another_shape_is_edited_keeping_its_comments(root: Path, tmp_path: Path) -> None:
    table = tmp_path / "gaudi.csv"
    table.write_text("Chip,HBM capacity (GB),HBM bandwidth (TB/s)\nGaudi 3,128,3.7\n", "utf-8")
    (root / "imports").mkdir()
    (root / "imports" / "gaudi.yaml").write_text(
        "# kept\nfacts: [{id: gaudi3.hbm.capacity@intel-gaudi-3-white-paper, subject: gaudi3, "
        "quantity: hbm.capacity, value: 128 GB, source: intel-gaudi-3-white-paper, "
        "tier: official}]\n",
        encoding="utf-8",
    )
    options = ImportOptions(source="intel-gaudi-3-white-paper", tier="official")
    report = import_table(table, root, None, options)
    assert report.added == ("gaudi3.hbm.bandwidth@intel-gaudi-3-white-paper",)
    assert len(report.unchanged) == 1
    text = (root / "imports" / "gaudi.yaml").read_text("utf-8")
    assert text.startswith("# kept\n")
    assert set(read_catalog(root).facts) == {
        "gaudi3.hbm.capacity@intel-gaudi-3-white-paper",
        "gaudi3.hbm.bandwidth@intel-gaudi-3-white-paper",
    }


def test_many_bad_cells_are_capped_with_a_count(root: Path, cli: Any, tmp_path: Path) -> None:
    table = tmp_path / "bad.csv"
    table.write_text(
        "subject,quantity,value\n" + "Gaudi 3,hbm.capacity,lots\n" * 60, encoding="utf-8"
    )
    result = run(cli, table, root, "--source", "intel-gaudi-3-white-paper", "--tier", "official")
    assert result.exit_code == 2
    assert len(errors(result)) == 50
    assert f"60 problems importing {table} (the first 50 shown); nothing was written" in (
        result.stderr
    )


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("t.json", '[{"Chip": "Gaudi 3",\n "HBM capacity (GB)": 128,}]', ":2: malformed JSON"),
        ("t.json", '{"Chip": "Gaudi 3"}', ":1: unexpected key 'Chip'"),
        ("t.json", '[{"Chip": "A", "Chip": "B"}]', "the key 'Chip' is given twice"),
        ("t.md", "| a |\n|---|\n| 1 |\n\n| b |\n|---|\n", ":5: a second table starts here"),
        ("t.md", "no table here\n", "no Markdown table found"),
        ("t.csv", "Chip,HBM,HBM\nGaudi 3,1,2\n", ":1: column 'HBM': the header is given twice"),
        ("t.csv", 'Chip,HBM\n"Gaudi 3,1\n', "malformed"),
        ("t.csv", "\n\n", ":1: the file is empty"),
    ],
)
def test_a_file_that_is_not_a_table_is_one_line(
    name: str, content: str, expected: str, root: Path, cli: Any, tmp_path: Path
) -> None:
    table = tmp_path / name
    table.write_text(content, encoding="utf-8")
    result = run(cli, table, root, "--source", "intel-gaudi-3-white-paper", "--tier", "official")
    assert result.exit_code == 2
    (line,) = errors(result)
    assert expected in line and line.startswith(f"error: {table}")
    assert "Traceback" not in result.stderr


def test_skipped_columns_and_rows_and_a_named_subject_column(
    root: Path, cli: Any, tmp_path: Path
) -> None:
    table = tmp_path / "gaudi.md"
    table.write_text(
        "Intel's numbers.\n\n"
        "| Notes | Chip | HBM capacity (GB) |\n"
        "|:--|:--|--:|\n"
        "| from the white paper | Gaudi 3 | 128 |\n"
        "| | Average | 128 |\n",
        encoding="utf-8",
    )
    mapping = tmp_path / "gaudi.mapping.yaml"
    mapping.write_text(
        "source: intel-gaudi-3-white-paper\ntier: official\nsubject_column: chip\n"
        "skip: [notes]\nskip_rows: [average]\n",
        encoding="utf-8",
    )
    result = run(cli, table, root, "--mapping", str(mapping))
    assert result.exit_code == 0, result.stderr
    assert "1 fact added" in result.stdout
    assert set(read_catalog(root).facts) == {"gaudi3.hbm.capacity@intel-gaudi-3-white-paper"}


# The table specification a wide import writes: the imported table, for `facts export`.

TABLE_ID = "amd-instinct"


def exported(cli: Any, root: Path, db_url: str, table: str = TABLE_ID) -> dict[str, Any]:
    """`facts load ROOT`, then `facts export TABLE -f json`: the table as a user gets it."""
    loaded = cli("load", str(root), "--db", db_url, "--no-standard-rules")
    assert loaded.exit_code == 0, loaded.stderr
    result = cli("export", table, "--db", db_url, "-f", "json", "--no-standard-rules")
    assert result.exit_code == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def cells(table: dict[str, Any]) -> dict[str, list[str]]:
    """Each row's label → the texts of its cells, column by column."""
    return {row["label"]: [c["text"] for c in row["cells"]] for row in table["rows"]}


def test_a_wide_import_writes_its_table_and_export_shows_it(
    root: Path, cli: Any, db_url: str
) -> None:
    result = run(cli, TABLES / "amd-instinct.csv", root, "--mapping", str(MAPPING))
    assert result.exit_code == 0, result.stderr
    assert f"`facts export {TABLE_ID}`" in result.stdout
    spec = read_catalog(root).tables[TABLE_ID]
    assert spec.origin.file == "imports/amd-instinct.yaml"
    assert (spec.entry.title, spec.entry.corner) == (
        "AMD Instinct MI300X and MI325X accelerator specifications",  # the source's title
        "Accelerator",
    )
    assert [(c.subject, c.label) for c in spec.entry.columns] == [
        ("mi300x", "MI300X"),
        ("mi325x", "Instinct MI325X"),  # the row names as written
    ]
    assert [(r.label, r.quantity, r.unit) for r in spec.entry.rows] == [
        # bytes/s is a billion times off GB/s: the quantity's own unit, not 5.3e12 B/s
        ("Memory BW", "hbm.bandwidth", "GB/s"),
        ("HBM capacity", "hbm.capacity", "GB"),
        ("Dense BF16", "peak.bf16_dense", "TFLOP/s"),
        ("Compute units", "cu.count", None),
    ]

    table = exported(cli, root, db_url)
    assert (table["id"], table["corner"], table["header"]) == (
        TABLE_ID,
        "Accelerator",
        ["MI300X", "Instinct MI325X"],
    )
    assert cells(table) == {
        "Memory BW": ["5,300 GB/s", "6,000 GB/s"],
        "HBM capacity": ["192 GB", "256 GB"],
        "Dense BF16": ["1,307.4 TFLOP/s", "1,307.4 TFLOP/s"],
        "Compute units": ["304", "304"],
    }
    bandwidth = table["rows"][0]["cells"][0]
    assert bandwidth["facts"] == [BW] and bandwidth["marks"] == [1]
    assert table["footnotes"] == [
        {"number": 1, "text": "AMD Instinct MI300X and MI325X accelerator specifications (AMD)"}
    ]
    markdown = cli("export", TABLE_ID, "--db", db_url, "--no-standard-rules").stdout
    assert "| Memory BW | 5,300 GB/s<sup>1</sup> | 6,000 GB/s<sup>1</sup> |" in markdown


def test_the_same_table_again_leaves_its_table_as_it_was(root: Path, cli: Any) -> None:
    options = ImportOptions(date=dt.date(2026, 9, 10))
    first = import_table(TABLES / "amd-instinct.csv", root, MAPPING, options)
    assert first.export_table == TABLE_ID
    assert first.table_columns_added == ("mi300x", "mi325x")
    assert first.table_rows_added == (
        "hbm.bandwidth",
        "hbm.capacity",
        "peak.bf16_dense",
        "cu.count",
    )
    written = root / "imports" / "amd-instinct.yaml"
    before = written.read_bytes()
    assert before.count(b"\ntables:\n") == 1
    later = ImportOptions(date=dt.date(2027, 1, 1))
    for suffix in ("csv", "tsv", "json", "md"):  # the same table, in every format
        report = import_table(TABLES / f"amd-instinct.{suffix}", root, MAPPING, later)
        assert not report.written and report.export_table == TABLE_ID
        assert not report.table_columns_added and not report.table_rows_added
    assert written.read_bytes() == before  # byte for byte


def test_a_new_column_adds_a_row_keeping_what_a_person_edited(
    root: Path, cli: Any, tmp_path: Path, db_url: str
) -> None:
    table = copy(TABLES / "amd-instinct.csv", tmp_path)
    assert run(cli, table, root, "--mapping", str(MAPPING)).exit_code == 0
    written = root / "imports" / "amd-instinct.yaml"
    text = written.read_text("utf-8")
    old_row = "      - {label: Memory BW, quantity: hbm.bandwidth, unit: GB/s}\n"
    assert old_row in text
    edited = text.replace(
        old_row,
        "      - {label: HBM bandwidth, quantity: hbm.bandwidth, unit: TB/s}  # as AMD says\n"
        "      - {label: Ridge point, derived: ridge.hbm, digits: 4}\n",
    ).replace("      - {label: Compute units, quantity: cu.count}\n", "")
    written.write_text(edited, encoding="utf-8")

    lines = table.read_text("utf-8").splitlines()
    lines = [lines[0] + ",HBM stacks", lines[1] + ",8", lines[2] + ",8"]
    table.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run(cli, table, root, "--mapping", str(MAPPING))
    assert result.exit_code == 0, result.stderr
    assert "2 facts added, 0 corrected, 8 unchanged" in result.stdout
    assert "table amd-instinct: row hbm.stacks added" in result.stdout
    after = written.read_text("utf-8")
    assert only_added(edited, after)
    assert (
        "      - {label: Dense BF16, quantity: peak.bf16_dense, unit: TFLOP/s}\n"
        "      - {label: HBM stacks, quantity: hbm.stacks}\n"
    ) in after  # at the end of the rows; the removed row stays removed

    table_ = exported(cli, root, db_url)
    assert list(cells(table_)) == [
        "HBM bandwidth",
        "Ridge point",
        "HBM capacity",
        "Dense BF16",
        "HBM stacks",
    ]
    assert cells(table_)["HBM bandwidth"] == ["5.3 TB/s", "6 TB/s"]  # the person's unit
    assert cells(table_)["HBM stacks"] == ["8", "8"]

    # a new row of the table adds a column (and its subject), after the others
    mapping = tmp_path / "mapping.yaml"
    mapping.write_text(
        MAPPING.read_text("utf-8")
        + "  - {id: mi300a, name: AMD Instinct MI300A, kind: chip, vendor: AMD, "
        "aliases: [MI300A]}\n",
        encoding="utf-8",
    )
    with table.open("a", encoding="utf-8") as out:
        out.write("MI300A,5.3e12,128,9.806e14,228,8\n")
    result = run(cli, table, root, "--mapping", str(mapping))
    assert result.exit_code == 0, result.stderr
    assert "table amd-instinct: column mi300a added" in result.stdout
    spec = read_catalog(root).tables[TABLE_ID].entry
    assert [c.label for c in spec.columns] == ["MI300X", "Instinct MI325X", "MI300A"]
    assert [r.label for r in spec.rows] == list(cells(table_))  # no row came back
    table_ = exported(cli, root, db_url)
    assert table_["header"] == ["MI300X", "Instinct MI325X", "MI300A"]
    assert cells(table_)["Dense BF16"][2] == "980.6 TFLOP/s"


def test_the_mapping_names_the_table_or_turns_it_off(
    root: Path, cli: Any, tmp_path: Path, db_url: str
) -> None:
    mapping = tmp_path / "m.yaml"
    mapping.write_text(MAPPING.read_text("utf-8") + "table: false\n", encoding="utf-8")
    assert run(cli, TABLES / "amd-instinct.csv", root, "--mapping", str(mapping)).exit_code == 0
    written = root / "imports" / "amd-instinct.yaml"
    assert b"tables:" not in written.read_bytes()
    assert not read_catalog(root).tables

    # on again, with an id and a title: the file that has facts and no table gets one
    mapping.write_text(
        MAPPING.read_text("utf-8") + "table: {id: mi300-series, title: AMD Instinct MI300}\n",
        encoding="utf-8",
    )
    before = written.read_text("utf-8")
    result = run(cli, TABLES / "amd-instinct.csv", root, "--mapping", str(mapping))
    assert result.exit_code == 0, result.stderr
    assert "0 facts added, 0 corrected, 8 unchanged" in result.stdout
    assert only_added(before, written.read_text("utf-8"))
    assert set(read_catalog(root).tables) == {"mi300-series"}
    table = exported(cli, root, db_url, "mi300-series")
    assert table["title"] == "AMD Instinct MI300"
    assert cells(table)["HBM capacity"] == ["192 GB", "256 GB"]

    mapping.write_text(MAPPING.read_text("utf-8") + "table: [x]\n", encoding="utf-8")
    (line,) = errors(run(cli, TABLES / "amd-instinct.csv", root, "--mapping", str(mapping)))
    assert line.startswith(f"error: {mapping}:")
    assert "table: expected `false` (no table specification), or `{id: ..., title: ...}`" in line


OTHER_TABLE = """\
tables:
  - id: amd-instinct
    title: Hand-written
    columns: [{subject: gaudi3}]
    rows: [{label: HBM, quantity: hbm.capacity}]
"""


def test_a_table_id_taken_elsewhere_gets_a_suffix(root: Path, cli: Any, tmp_path: Path) -> None:
    (root / "tables.yaml").write_text(OTHER_TABLE, encoding="utf-8")
    result = run(cli, TABLES / "amd-instinct.csv", root, "--mapping", str(MAPPING))
    assert result.exit_code == 0, result.stderr
    tables = read_catalog(root).tables
    assert tables["amd-instinct"].entry.title == "Hand-written"
    assert tables["amd-instinct-import"].origin.file == "imports/amd-instinct.yaml"
    assert "`facts export amd-instinct-import`" in result.stdout

    # a mapping's id that is taken is an error at its line, and nothing is written
    other = tmp_path / "other"
    other.mkdir()
    (other / "catalog.yaml").write_text(CATALOG, encoding="utf-8")
    (other / "tables.yaml").write_text(OTHER_TABLE, encoding="utf-8")
    mapping = tmp_path / "m.yaml"
    mapping.write_text(
        MAPPING.read_text("utf-8") + "table:\n  id: amd-instinct\n", encoding="utf-8"
    )
    before = files(other)
    result = run(cli, TABLES / "amd-instinct.csv", other, "--mapping", str(mapping))
    assert result.exit_code == 2
    line = len(MAPPING.read_text("utf-8").splitlines()) + 2  # `id:` under `table:`
    assert errors(result) == [
        f"error: {mapping}:{line}: table.id: table 'amd-instinct' is already defined at "
        "tables.yaml:2; name another id under `table:` in the mapping"
    ]
    assert files(other) == before


def test_a_long_table_and_a_header_s_own_unit(root: Path, cli: Any, tmp_path: Path) -> None:
    assert run(cli, TABLES / "accelerators-long.csv", root).exit_code == 0
    assert not read_catalog(root).tables  # a row per fact: no table to show
    table = tmp_path / "gaudi-3.csv"
    table.write_text(
        "Chip,HBM bandwidth [TB/s],HBM capacity (GB),HBM stacks\nGaudi 3,3.7,128,8\n", "utf-8"
    )
    args = ("--source", "intel-gaudi-3-white-paper", "--tier", "official")
    result = run(cli, table, root, *args)
    assert result.exit_code == 0, result.stderr
    spec = read_catalog(root).tables["gaudi-3"].entry
    assert spec.title == "Intel Gaudi 3 AI Accelerator white paper"
    assert [(r.label, r.unit) for r in spec.rows] == [
        ("HBM bandwidth", "TB/s"),  # as the header says: 3.7 TB/s
        ("HBM capacity", "GB"),
        ("HBM stacks", None),
    ]
