"""Tables, rendered text and checked text, all from one small catalog written for the tests."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from rules_fixtures import chip, fact, write_derivation_catalog

TABLE = """\
tables:
  - id: overview
    title: Overview
    corner: layer
    columns:
      - {subject: chip-x, label: X}
      - {subject: chip-y, label: Y}
    rows:
      - {label: HBM bandwidth, quantity: hbm.bandwidth, unit: GB/s}
      - {label: Peak, quantity: peak.bf16_dense}
      - {label: Ridge, derived: ridge.hbm}
      - {label: HBM, text: "{hbm.stacks} stacks, {chip-x:hbm.pin_rate} pins (X)"}
      - {label: Clock, quantity: clock.boost}
"""
X_FACTS = (
    fact("x.stacks", "hbm.stacks", "8")
    + fact("x.width", "hbm.interface_width", "1,024 bit")
    + fact("x.pins", "hbm.pin_rate", "7.2 Gbit/s", "inferred", "    exact: true\n")
    + fact("x.bw", "hbm.bandwidth", "7.37 TB/s")
    + fact("x.peak", "peak.bf16_dense", "2,307 TFLOP/s")
)
Y_CORRECTION = "    supersedes: y.peak@old\n    reason: the datasheet says 2,500\n"


@pytest.fixture
def outputs(db_url: str, tmp_path: Path, cli: Any) -> tuple[str, Path, Path]:
    catalog, rules = write_derivation_catalog(
        tmp_path,
        {
            "chip-x": chip(X_FACTS, "chip-x"),
            "chip-y": chip(_corrected_y(), "chip-y"),
        },
    )
    (catalog / "tables.yaml").write_text(TABLE, encoding="utf-8")
    result = cli("load", str(catalog), "--rules", str(rules), "--db", db_url)
    assert result.exit_code == 0, result.stderr
    return db_url, catalog, rules


def _corrected_y() -> str:
    old = fact(
        "y.peak@old", "peak.bf16_dense", "2,700 TFLOP/s", "estimated", "    date: 2025-01-01\n"
    )
    new = fact(
        "y.peak",
        "peak.bf16_dense",
        "2,500 TFLOP/s",
        "official",
        "    date: 2025-02-01\n" + Y_CORRECTION,
    )
    return (
        fact("y.stacks", "hbm.stacks", "8")
        + fact("y.bw", "hbm.bandwidth", "8 TB/s")
        + old
        + new
        + "  - {id: y.clock, quantity: clock.boost, undisclosed: true, source: vendor-sheet, "
        "tier: official}\n"
    )


def _export(cli: Any, outputs: tuple[str, Path, Path], fmt: str = "json") -> str:
    url, _, rules = outputs
    result = cli("export", "overview", "--format", fmt, "--rules", str(rules), "--db", url)
    assert result.exit_code == 0, result.stderr
    text: str = result.stdout
    return text


def test_cells_show_no_more_digits_than_the_values_have(outputs: Any, cli: Any) -> None:
    table = json.loads(_export(cli, outputs))
    cells = {row["label"]: [c["text"] for c in row["cells"]] for row in table["rows"]}
    # X: 7,372.8 GB/s exactly (from exact pins) beats 7.37 TB/s; Y: "8 TB/s" in GB/s.
    assert cells["HBM bandwidth"] == ["7,372.8 GB/s", "8,000 GB/s"]
    assert cells["Peak"] == ["2,307 TFLOP/s", "2,500 TFLOP/s"]
    assert cells["Ridge"] == ["312.9 FLOP/B", "312.5 FLOP/B"]
    assert cells["HBM"] == ["8 stacks, 7.2 Gbit/s pins (X)", "8 stacks, 7.2 Gbit/s pins (X)"]
    assert cells["Clock"] == ["—", "undisclosed"]


def test_footnotes_name_each_source_once_and_each_weak_tier(outputs: Any, cli: Any) -> None:
    table = json.loads(_export(cli, outputs))
    notes = {n["number"]: n["text"] for n in table["footnotes"]}
    texts = list(notes.values())
    assert sum(t.startswith("Chip X datasheet") for t in texts) == 1
    assert any(t.startswith("inferred:") for t in texts)
    assert any(t.startswith("derived by rule ridge:") for t in texts)
    assert any(t.startswith("not disclosed by the vendor") for t in texts)
    y_peak = table["rows"][1]["cells"][1]
    assert [notes[m] for m in y_peak["marks"]] == [
        "Chip X datasheet (ACME)"
    ]  # official, sourced: one mark
    assert y_peak["facts"] == ["y.peak"]


def test_a_value_with_an_open_finding_is_marked(outputs: Any, tmp_path: Path, cli: Any) -> None:
    url, catalog, rules = outputs
    x = catalog / "subjects" / "chip-x.yaml"
    x.write_text(
        x.read_text("utf-8") + fact("x.peak@2", "peak.bf16_dense", "4,614 TFLOP/s"), "utf-8"
    )
    assert cli("load", str(catalog), "--rules", str(rules), "--db", url).exit_code == 0
    table = json.loads(_export(cli, outputs))
    notes = {n["number"]: n["text"] for n in table["footnotes"]}
    peak = table["rows"][1]["cells"][0]
    assert any(notes[m].startswith("open finding (conflict)") for m in peak["marks"])


def test_every_format_renders(outputs: Any, cli: Any) -> None:
    markdown = _export(cli, outputs, "md")
    assert "| layer | X | Y |" in markdown and "<sup>" in markdown
    rows = list(csv.reader(io.StringIO(_export(cli, outputs, "csv"))))
    assert rows[0] == ["layer", "X", "Y"] and rows[1][0] == "HBM bandwidth"
    html = _export(cli, outputs, "html")
    assert html.startswith('<table id="overview">') and "<ol>" in html
    latex = _export(cli, outputs, "latex")
    assert "\\begin{tabular}{lll}" in latex and "\\textsuperscript{" in latex


def test_export_out_writes_the_file_that_stdout_would_show(
    outputs: Any, tmp_path: Path, cli: Any
) -> None:
    url, _, rules = outputs
    target = tmp_path / "overview.md"
    args = ("export", "overview", "--rules", str(rules), "--db", url)
    result = cli(*args, "--out", str(target))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.strip() == f"wrote {target}"
    assert target.read_text("utf-8") == _export(cli, outputs, "md")


def test_a_value_written_without_a_space_shows_as_written(
    tmp_path: Path, db_url: str, cli: Any
) -> None:
    x_facts = X_FACTS.replace("value: 7.37 TB/s", "value: 7.37TB/s")
    assert "7.37TB/s" in x_facts
    catalog, rules = write_derivation_catalog(tmp_path, {"chip-x": chip(x_facts, "chip-x")})
    assert cli("load", str(catalog), "--rules", str(rules), "--db", db_url).exit_code == 0
    template = tmp_path / "t.md"
    template.write_text('{{ fact_id("x.bw") }}\n', "utf-8")
    result = cli("render", str(template), "--rules", str(rules), "--db", db_url)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("7.37TB/s")


def test_list_tables(outputs: Any, cli: Any) -> None:
    url = outputs[0]
    rows = json.loads(cli("list", "tables", "--db", url, "-f", "json").stdout)
    assert rows == [{"id": "overview", "title": "Overview", "columns": 2, "rows": 5}]


def test_render_puts_catalog_numbers_in_text(outputs: Any, tmp_path: Path, cli: Any) -> None:
    url, _, rules = outputs
    template = tmp_path / "t.md"
    template.write_text(
        'X moves {{ fact("chip-x", "hbm.bandwidth", unit="TB/s") }}; its ridge '
        'is {{ derived("chip-x", "ridge.hbm") }}.\n\n{{ footnotes() }}\n',
        "utf-8",
    )
    result = cli("render", str(template), "--rules", str(rules), "--db", url)
    assert result.exit_code == 0, result.stderr
    first, _, *notes = result.stdout.splitlines()
    assert first == "X moves 7.3728 TB/s[^1]; its ridge is 312.9 FLOP/B[^2]."
    assert notes[0].startswith("[^1]: derived by rule bw.from-pins")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('{{ fact("chip-z", "hbm.bandwidth") }}', "unknown subject 'chip-z'"),
        ('{{ fact("chip-x", "hbm.bandwith") }}', "unknown quantity 'hbm.bandwith'"),
        ('{{ fact_id("y.peak@old") }}', "fact 'y.peak@old' is superseded by 'y.peak'"),
        ('{{ fact_id("y.nothing") }}', "unknown fact 'y.nothing'"),
    ],
)
def test_a_bad_reference_names_the_template_line(
    outputs: Any, tmp_path: Path, cli: Any, body: str, message: str
) -> None:
    url, _, rules = outputs
    template = tmp_path / "bad.md"
    template.write_text(f"# Title\n\nSome text {body}\n", "utf-8")
    result = cli("render", str(template), "--rules", str(rules), "--db", url)
    assert result.exit_code == 2
    assert result.stderr == f"error: {template}:3: {message}\n"


CHINESE = """\
# 测试文本
chip-x 的 HBM bandwidth 是 7.37 TB/s，峰值 2,307 TFLOPS。
chip-y 的 peak 是 2,700 TFLOPS。
chip-y 的 HBM bandwidth 是 9 TB/s。
另外有 42 个东西，见 §2.5，2024 年。
"""
ENGLISH = "The ridge of chip-x is 312.9 FLOP/B while chip-y has a peak of 2,500 TFLOP/s.\n"


def _check(cli: Any, url: str, path: Path) -> dict[str, Any]:
    result = cli("check", str(path), "--db", url, "-f", "json")
    assert result.exit_code == 0, result.stderr
    report: dict[str, Any] = json.loads(result.stdout)["files"][0]
    return report


def test_check_gives_every_number_its_verdict(outputs: Any, tmp_path: Path, cli: Any) -> None:
    text = tmp_path / "zh.md"
    text.write_text(CHINESE, "utf-8")
    report = _check(cli, outputs[0], text)
    verdicts = [(r["line"], r["number"], r["verdict"]) for r in report["results"]]
    assert verdicts == [
        (2, "7.37 TB/s", "matched"),
        (2, "2,307 TFLOPS", "matched"),
        (3, "2,700 TFLOPS", "superseded"),
        (4, "9 TB/s", "mismatched"),
        (5, "42 个", "unresolved"),
        (5, "2.5", "non-claim"),
        (5, "2024", "non-claim"),
    ]
    superseded = report["results"][2]
    assert (superseded["ref"], superseded["correction"], superseded["correction_date"]) == (
        "y.peak@old",
        "y.peak",
        "2025-02-01",
    )
    assert report["results"][3]["ref"] == "y.bw"
    assert (report["numbers"], report["non-claim"], report["unresolved"]) == (7, 2, 1)


def test_check_english_text(outputs: Any, tmp_path: Path, cli: Any) -> None:
    text = tmp_path / "en.md"
    text.write_text(ENGLISH, "utf-8")
    report = _check(cli, outputs[0], text)
    assert [(r["number"], r["verdict"], r["ref"]) for r in report["results"]] == [
        ("312.9 FLOP/B", "matched", "ridge@chip-x"),
        ("2,500 TFLOP/s", "matched", "y.peak"),
    ]


def test_check_refuses_a_verdict_it_does_not_know(outputs: Any, tmp_path: Path, cli: Any) -> None:
    text = tmp_path / "en.md"
    text.write_text(ENGLISH, "utf-8")
    result = cli("check", str(text), "--show", "mismatch", "--db", outputs[0])
    assert result.exit_code == 2
    assert "'mismatch' is not one of" in result.stderr.replace("\n", " ")


def test_an_edited_fact_changes_outputs_and_flags_the_old_quote(
    outputs: Any, tmp_path: Path, cli: Any
) -> None:
    url, catalog, rules = outputs
    text = tmp_path / "quote.md"
    text.write_text("chip-x 的 peak 是 2,307 TFLOPS。\n", "utf-8")
    assert _check(cli, url, text)["results"][0]["verdict"] == "matched"
    template = tmp_path / "t.md"
    template.write_text('{{ fact("chip-x", "peak.bf16_dense") }}\n', "utf-8")
    before = cli("render", str(template), "--rules", str(rules), "--db", url).stdout
    x = catalog / "subjects" / "chip-x.yaml"
    x.write_text(
        x.read_text("utf-8")
        .replace("7.37 TB/s", "7.98 TB/s")
        .replace("2,307 TFLOP/s", "2,400 TFLOP/s"),
        "utf-8",
    )
    assert cli("load", str(catalog), "--rules", str(rules), "--db", url).exit_code == 0
    after = cli("render", str(template), "--rules", str(rules), "--db", url).stdout
    assert (before.split("[")[0], after.split("[")[0]) == ("2,307 TFLOP/s", "2,400 TFLOP/s")
    table = json.loads(_export(cli, outputs))
    assert table["rows"][1]["cells"][0]["text"] == "2,400 TFLOP/s"
    result = _check(cli, url, text)["results"][0]
    assert (result["verdict"], result["ref"]) == ("mismatched", "x.peak")


def test_audit_with_text_includes_its_findings(outputs: Any, tmp_path: Path, cli: Any) -> None:
    url, _, rules = outputs
    text = tmp_path / "zh.md"
    text.write_text(CHINESE, "utf-8")
    result = cli(
        "audit",
        "--text",
        str(text),
        "--rules",
        str(rules),
        "--db",
        url,
        "-f",
        "json",
        "--only",
        "superseded-in-use",
        "--only",
        "text-mismatch",
        "--only",
        "text-unsourced",
    )
    assert result.exit_code == 0, result.stderr
    kinds = [f["kind"] for f in json.loads(result.stdout)]
    # Ranked across kinds now (the mismatch's discrepancy puts it first): compare as a set.
    assert sorted(kinds) == ["superseded-in-use", "text-mismatch", "text-unsourced"]


@pytest.mark.parametrize(
    "body",
    [
        "{{ cycler.__init__.__globals__.os.popen('echo pwned > pwned.txt').read() }}",
        "{{ fact.__globals__ }}",
        "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    ],
)
def test_a_template_cannot_run_code(
    outputs: Any, tmp_path: Path, cli: Any, body: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, _, rules = outputs
    monkeypatch.chdir(tmp_path)
    template = tmp_path / "evil.md"
    template.write_text(f"# Title\n\n{body}\n", "utf-8")
    result = cli("render", str(template), "--rules", str(rules), "--db", url)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {template}:3: refused: ")
    assert len(result.stderr.splitlines()) == 1
    assert not (tmp_path / "pwned.txt").exists()
