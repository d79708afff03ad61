"""Tables, rendered text and checked text, all from one small catalog written for the tests."""

from __future__ import annotations

import csv
import io
import json
from html.parser import HTMLParser
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
    # X: the stated 7.37 TB/s in the row's GB/s (the 7,372.8 rebuilt from exact pins
    # agrees: a check, not what the source says); Y: "8 TB/s" in GB/s.
    assert cells["HBM bandwidth"] == ["7,370 GB/s", "8,000 GB/s"]
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
    # phrased for a reader, never the audit's message or fact ids
    assert any(notes[m] == "the sources disagree on this value" for m in peak["marks"])
    assert not any("x.peak" in notes[m] for m in peak["marks"])
    bare = cli("export", "overview", "-f", "json", "--findings", "none", "--db", url)
    assert bare.exit_code == 0, bare.stderr
    left = {n["text"] for n in json.loads(bare.stdout)["footnotes"]}
    assert "the sources disagree on this value" not in left


class _Html(HTMLParser):
    """What a test needs of an HTML page: tables, links, ids, the charset, right cells."""

    def __init__(self) -> None:
        super().__init__()
        self.tables = 0
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.charset = ""
        self.number_cells = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.tables += tag == "table"
        if tag == "a" and found.get("href"):
            self.links.append(str(found["href"]))
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if tag == "meta" and found.get("charset"):
            self.charset = str(found["charset"])
        self.number_cells += tag == "td" and found.get("class") == "number"


def test_every_format_renders(outputs: Any, cli: Any) -> None:
    markdown = _export(cli, outputs, "md")
    assert "| layer | X | Y |" in markdown and "<sup>" in markdown
    # CSV: values only, each value's notes in a column beside it
    rows = list(csv.reader(io.StringIO(_export(cli, outputs, "csv"))))
    assert rows[0] == ["layer", "X", "X notes", "Y", "Y notes"]
    assert rows[1][0] == "HBM bandwidth" and rows[1][1] == "7,370 GB/s"
    assert rows[1][2] and all(part.isdigit() for part in rows[1][2].split())
    # HTML: a standalone page, one table, every footnote mark linked to its note
    page = _Html()
    page.feed(_export(cli, outputs, "html"))
    assert page.charset == "utf-8" and page.tables == 1
    assert page.links and all(link.removeprefix("#") in page.ids for link in page.links)
    assert page.number_cells > 0
    fragment = cli("export", "overview", "-f", "html", "--fragment", "--db", outputs[0])
    assert fragment.stdout.startswith('<table class="facts" id="overview">')
    latex = _export(cli, outputs, "latex")
    assert "\\begin{tabular}{lll}" in latex and "\\toprule" in latex
    assert "\\midrule" in latex and "\\bottomrule" in latex
    # JSON: each value cell's value, interval, unit, tier, sources and rule
    data = json.loads(_export(cli, outputs, "json"))
    bandwidth = data["rows"][0]["cells"][0]  # the stated fact: its source, no rule
    assert bandwidth["unit"] == "GB/s" and bandwidth["low"] <= bandwidth["value"]
    assert bandwidth["rule"] is None and bandwidth["tier"] == "official"
    assert bandwidth["sources"] == ["vendor-sheet"]
    ridge = data["rows"][2]["cells"][0]  # a derived value: its rule, its inputs' sources
    assert ridge["rule"] == "ridge" and ridge["sources"] and ridge["tier"] == "inferred"


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
    # fact() is the official 7.37 TB/s the writer means, not the 7.3728 rebuilt from pins;
    # the ridge's notes are its own: the inputs' source, the rule, its weakest (inferred) tier
    assert first == "X moves 7.37 TB/s[^1]; its ridge is 312.9 FLOP/B[^1][^2][^3]."
    assert notes[0] == "[^1]: Chip X datasheet (ACME)"
    assert notes[1].startswith("[^2]: derived by rule ridge: peak.bf16_dense / hbm.bandwidth")
    assert notes[2].startswith("[^3]: inferred")


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


WRITTEN = """\
  - id: as-written
    title: As the author writes it
    lang: zh
    separator: ""
    columns:
      - {subject: chip-x, label: X}
      - {subject: chip-y, label: Y}
    rows:
      - {label: HBM bandwidth, quantity: hbm.bandwidth, unit: GB/s}
      - {label: Peak, quantity: peak.bf16_dense, approx: true, qualifier: dense}
      - {label: Clock, quantity: clock.boost}
      - {label: Words, text: "{hbm.bandwidth|GB/s} for {peak.bf16_dense}, 1,000 words"}
      - {label: Digits, text: "≈ {peak.bf16_dense|PFLOP/s|2}"}
"""


def test_cells_are_written_as_the_spec_asks(outputs: Any, cli: Any) -> None:
    url, catalog, rules = outputs
    tables = catalog / "tables.yaml"
    tables.write_text(tables.read_text("utf-8") + WRITTEN, "utf-8")
    assert cli("load", str(catalog), "--rules", str(rules), "--db", url).exit_code == 0
    result = cli("export", "as-written", "-f", "json", "--db", url)
    assert result.exit_code == 0, result.stderr
    rows = {r["label"]: [c["text"] for c in r["cells"]] for r in json.loads(result.stdout)["rows"]}
    assert rows["HBM bandwidth"] == ["7370 GB/s", "8000 GB/s"]  # the table's separator: none
    assert rows["Peak"] == ["≈ 2307 TFLOP/s dense", "≈ 2500 TFLOP/s dense"]
    assert rows["Clock"] == ["—", "未公开"]  # undisclosed, in the table's language
    # a text cell's values take the table's separator too; the author's words do not
    assert rows["Words"][0] == "7370 GB/s for 2307 TFLOP/s, 1,000 words"
    assert rows["Digits"] == ["≈ 2.3 PFLOP/s", "≈ 2.5 PFLOP/s"]  # a cell's own digits
    # the default separator is a comma, the same in every cell
    overview = json.loads(_export(cli, outputs))
    bandwidth = [c["text"] for c in overview["rows"][0]["cells"]]
    assert bandwidth == ["7,370 GB/s", "8,000 GB/s"]


def test_export_all_writes_every_table(outputs: Any, tmp_path: Path, cli: Any) -> None:
    url, _, _ = outputs
    folder = tmp_path / "tables"
    result = cli("export", "--all", "--format", "html", "--out", str(folder), "--db", url)
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["overview.html"]
    refused = cli("export", "--all", "--db", url)
    assert refused.exit_code == 2 and "--out" in refused.stderr


WORDS_TABLE = (
    "  - id: with-words\n    title: With a column of words\n    columns:\n"
    "      - {subject: chip-x, label: X}\n      - {key: note, label: Why}\n"
    "    rows:\n      - label: HBM\n        cells:\n"
    '          chip-x: "{hbm.bandwidth|GB/s} stated, {=hbm.bandwidth|GB/s} rebuilt, '
    '{peak.bf16_dense|TFLOP/s|number} TFLOPS"\n'
    '          note: "from pins: {chip-x:hbm.pin_rate}"\n'
)


def test_a_column_of_words_derived_values_and_bare_numbers(outputs: Any, cli: Any) -> None:
    url, catalog, rules = outputs
    tables = catalog / "tables.yaml"
    tables.write_text(tables.read_text("utf-8") + WORDS_TABLE, "utf-8")
    assert cli("load", str(catalog), "--rules", str(rules), "--db", url).exit_code == 0
    result = cli("export", "with-words", "-f", "json", "--db", url)
    assert result.exit_code == 0, result.stderr
    (row,) = json.loads(result.stdout)["rows"]
    assert [c["text"] for c in row["cells"]] == [
        "7,370 GB/s stated, 7,372.8 GB/s rebuilt, 2,307 TFLOPS",
        "from pins: 7.2 Gbit/s",
    ]
    # a column of words has no subject: a reference in it must name one
    tables.write_text(tables.read_text("utf-8").replace("{chip-x:hbm.pin_rate}", "{hbm.pin_rate}"))
    refused = cli("load", str(catalog), "--rules", str(rules), "--db", url)
    assert refused.exit_code == 2
    assert "a column of words has no subject" in refused.stderr


def test_a_cell_shows_the_strongest_sources_side_of_a_conflict(
    db_url: str, tmp_path: Path, cli: Any
) -> None:
    # A measured 7,499.9 GB/s and the official 8 TB/s (7.5-8.5) disagree: a conflict. An
    # inferred 7.50 TB/s (7.495-7.505) agrees with both, and the deriver groups it with
    # the measured value, which it seeds. The cell shows the official value's side of the
    # conflict, marked, not a value of the other side that happens to touch it.
    facts = (
        fact("z.bw", "hbm.bandwidth", "8 TB/s")
        + fact("z.bw-run", "hbm.bandwidth", "7,499.9 GB/s", "measured")
        + fact("z.bw-read", "hbm.bandwidth", "7.50 TB/s", "inferred")
    )
    catalog, rules = write_derivation_catalog(tmp_path, {"chip-z": chip(facts, "chip-z")})
    (catalog / "tables.yaml").write_text(
        "tables:\n  - id: z\n    title: Z\n    columns:\n      - {subject: chip-z, label: Z}\n"
        "    rows:\n      - {label: HBM bandwidth, quantity: hbm.bandwidth}\n",
        encoding="utf-8",
    )
    assert cli("load", str(catalog), "--rules", str(rules), "--db", db_url).exit_code == 0
    result = cli("export", "z", "-f", "json", "--db", db_url)
    assert result.exit_code == 0, result.stderr
    table = json.loads(result.stdout)
    (row,) = table["rows"]
    (cell,) = row["cells"]
    assert (cell["text"], cell["facts"], cell["tier"]) == ("8 TB/s", ["z.bw"], "official")
    marks = [n["text"] for n in table["footnotes"] if n["number"] in cell["marks"]]
    assert "the sources disagree on this value" in marks
