"""Loads do only the work a change needs, and end where a full load would."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from conftest import snapshot, table_rows
from hypothesis import given, settings
from hypothesis import strategies as st
from rules_fixtures import chip, fact, write_derivation_catalog
from sqlalchemy import create_engine, text

X = chip(
    fact("x.stacks", "hbm.stacks", "8")
    + fact("x.width", "hbm.interface_width", "1,024 bit")
    + fact("x.pins", "hbm.pin_rate", "7.2 Gbit/s", "official", "    exact: true\n")
    + fact("x.bw", "hbm.bandwidth", "7.37 TB/s")
    + fact("x.peak", "peak.bf16_dense", "2,307 TFLOP/s")
    + fact("x.macs", "mac.per_cycle", "524,288 MAC/cycle")
)
Y = chip(
    fact("y.bw", "hbm.bandwidth", "8 TB/s") + fact("y.peak", "peak.bf16_dense", "2,500 TFLOP/s"),
    "chip-y",
)


def _load(cli: Any, catalog: Path, rules: Path, url: str) -> dict[str, Any]:
    result = cli("load", str(catalog), "--rules", str(rules), "--db", url, "-f", "json")
    assert result.exit_code == 0, result.stderr
    report: dict[str, Any] = json.loads(result.stdout)
    return report


def _derived(url: str) -> list[tuple[Any, ...]]:
    """Every stored derivation without its row id: what a reader can observe."""
    rows = table_rows(url, ("id", "owner", "derivation_id", "input_derivation_id"))
    return sorted(rows["derivations"]) + sorted(rows["derivation_inputs"])


def test_reloading_an_unchanged_catalog_does_nothing(db_url: str, tmp_path: Path, cli: Any) -> None:
    catalog, rules = write_derivation_catalog(tmp_path, {"chip-x": X, "chip-y": Y})
    first = _load(cli, catalog, rules, db_url)
    assert (first["unchanged"], first["facts"]) == (False, 8)
    before = snapshot(db_url)
    again = _load(cli, catalog, rules, db_url)
    assert (again["unchanged"], again["facts"], again["facts_changed"]) == (True, 8, 0)
    assert snapshot(db_url) == before
    said = cli("load", str(catalog), "--rules", str(rules), "--db", db_url).stdout
    assert said.startswith("catalog unchanged since the last load: 8 facts")


def test_changing_one_fact_derives_only_its_subject_again(
    db_url: str, tmp_path: Path, cli: Any
) -> None:
    catalog, rules = write_derivation_catalog(tmp_path, {"chip-x": X, "chip-y": Y})
    _load(cli, catalog, rules, db_url)
    path = catalog / "subjects" / "chip-y.yaml"
    path.write_text(path.read_text("utf-8").replace("2,500 TFLOP/s", "2,250 TFLOP/s"), "utf-8")
    report = _load(cli, catalog, rules, db_url)
    assert (report["facts_changed"], report["subjects_rederived"]) == (1, 1)
    ridge = json.loads(
        cli("derive", "ridge", "--chip", "chip-y", "--db", db_url, "-f", "json").stdout
    )["derived"][0]
    assert abs(ridge["value"] - 2250e12 / 8e12) < 1e-9


def test_a_comment_moves_lines_without_deriving_again(
    db_url: str, tmp_path: Path, cli: Any
) -> None:
    catalog, rules = write_derivation_catalog(tmp_path, {"chip-x": X, "chip-y": Y})
    _load(cli, catalog, rules, db_url)
    derived = _derived(db_url)
    for path in (catalog / "subjects" / "chip-y.yaml", catalog / "quantities.yaml"):
        path.write_text("# checked against the datasheet\n\n" + path.read_text("utf-8"), "utf-8")
    report = _load(cli, catalog, rules, db_url)
    assert (report["unchanged"], report["facts_changed"]) == (False, 0)
    assert report["subjects_rederived"] == 0
    assert _derived(db_url) == derived
    engine = create_engine(db_url)
    with engine.connect() as conn:
        line = conn.execute(text("SELECT line FROM facts WHERE id = 'y.bw'")).scalar_one()
    engine.dispose()
    written = (catalog / "subjects" / "chip-y.yaml").read_text("utf-8").splitlines()
    assert "id: y.bw" in written[line - 1]  # the stored line followed the comment


def test_an_incremental_load_ends_where_a_full_load_would(tmp_path: Path, cli: Any) -> None:
    catalog, rules = write_derivation_catalog(tmp_path / "a", {"chip-x": X, "chip-y": Y})
    incremental = f"sqlite:///{tmp_path / 'incremental.sqlite'}"
    _load(cli, catalog, rules, incremental)
    x = catalog / "subjects" / "chip-x.yaml"
    x.write_text(
        x.read_text("utf-8")
        .replace("7.2 Gbit/s", "6.4 Gbit/s")
        .replace("  - id: x.bw\n", "  - id: x.bw2\n"),
        "utf-8",
    )
    (catalog / "subjects" / "chip-y.yaml").unlink()
    report = _load(cli, catalog, rules, incremental)
    assert report["facts"] == 6
    full = f"sqlite:///{tmp_path / 'full.sqlite'}"
    _load(cli, catalog, rules, full)
    assert _derived(incremental) == _derived(full)
    facts = table_rows(incremental, ("line",))["facts"]
    assert facts == table_rows(full, ("line",))["facts"]


# -- reading only the files that changed --------------------------------------------------

SOURCES = """\
sources:
  - {id: vendor-sheet, title: Chip datasheet, kind: vendor-doc, publisher: ACME}
  - {id: lab-bench, title: A lab's measurements, kind: measurement, publisher: Lab}
"""
TABLES = """\
tables:
  - id: overview
    title: Overview
    columns: [{subject: chip-a}, {subject: chip-d}]
    rows:
      - {label: Peak, quantity: peak.bf16_dense}
      - {label: Note, text: "chip D's peak is {#d.peak}"}
"""
CORRECTIONS = """\
facts:
  - id: b.peak@v2
    subject: chip-b
    quantity: peak.bf16_dense
    value: 2,250 TFLOP/s
    source: vendor-sheet
    tier: official
    supersedes: b.peak
    reason: errata
  - id: c.bw@lab
    subject: chip-c
    quantity: hbm.bandwidth
    value: 7.1 TB/s
    source: lab-bench
    tier: measured
    computed_from: [c.stacks, c.pins]
"""


def _chip_facts(p: str) -> str:
    return (
        fact(f"{p}.stacks", "hbm.stacks", "8")
        + fact(f"{p}.width", "hbm.interface_width", "1,024 bit")
        + fact(f"{p}.pins", "hbm.pin_rate", "7.2 Gbit/s", "official", "    exact: true\n")
        + fact(f"{p}.bw", "hbm.bandwidth", "7.37 TB/s")
        + fact(f"{p}.peak", "peak.bf16_dense", "2,307 TFLOP/s")
        + fact(f"{p}.macs", "mac.per_cycle", "524,288 MAC/cycle")
    )


def _linked_catalog(root: Path) -> tuple[Path, Path]:
    """Five chips, a variant of one in a file of its own, facts about two of them in a
    third file (a correction of one, a measurement computed from the other's), sources
    cited across files and a table that names a fact."""
    chips = {f"chip-{p}": chip(_chip_facts(p), f"chip-{p}") for p in "abcde"}
    chips["chip-a2"] = (
        "subject:\n  id: chip-a2\n  name: Chip A2\n  kind: chip\n  variant_of: chip-a\n"
        "facts:\n" + fact("a2.clock", "clock.boost", "2.1 GHz")
    )
    catalog, rules = write_derivation_catalog(root, chips)
    (catalog / "sources.yaml").write_text(SOURCES, "utf-8")
    (catalog / "corrections.yaml").write_text(CORRECTIONS, "utf-8")
    (catalog / "tables.yaml").write_text(TABLES, "utf-8")
    return catalog, rules


def _loaded_linked_catalog(root: Path, cli: Any) -> tuple[Path, Path, str]:
    """`_linked_catalog` written under `root` and loaded once into a SQLite database there:
    (catalog, rules, database URL)."""
    catalog, rules = _linked_catalog(root)
    url = f"sqlite:///{root / 'incremental.sqlite'}"
    _load(cli, catalog, rules, url)
    return catalog, rules, url


def _observed(url: str) -> dict[str, list[str]]:
    """Every row a reader can observe, derivations named by what they are instead of by
    their row ids (which depend on the order loads made them in), and not the files'
    digests and entries (what the loads kept, not the catalog)."""
    rows = table_rows(url)
    rows.pop("catalog_files")
    engine = create_engine(url)
    with engine.connect() as conn:
        made = {r.id: r._asdict() for r in conn.execute(text("SELECT * FROM derivations"))}
        inputs: dict[int, list[dict[str, Any]]] = {}
        for r in conn.execute(text("SELECT * FROM derivation_inputs")):
            inputs.setdefault(r.derivation_id, []).append(r._asdict())
    engine.dispose()
    named: dict[int, str] = {}

    def name(row_id: int | None) -> str | None:
        if row_id is None:
            return None
        if row_id not in named:
            row = {k: v for k, v in made[row_id].items() if k != "id"}
            used = []
            for i in sorted(inputs.get(row_id, []), key=lambda i: i["position"]):
                others = [
                    {**o, "derivation": name(o["derivation"])} if "derivation" in o else o
                    for o in json.loads(i["others"])
                ]
                used.append(
                    {
                        **i,
                        "derivation_id": None,
                        "input_derivation_id": name(i["input_derivation_id"]),
                        "others": others,
                    }
                )
            named[row_id] = repr((row, used))
        return named[row_id]

    rows["derivations"] = sorted(str(name(row_id)) for row_id in made)
    rows.pop("derivation_inputs")
    rows["derivation_problems"] = table_rows(url, ("id",))["derivation_problems"]
    return rows


def _outputs(url: str) -> tuple[Any, ...]:
    """What the outputs read of a database (`db.snapshot`): the catalog read back, the
    stored derivations and the audit's findings, in an order of their own."""
    from db.database import open_database
    from db.load import as_loaded
    from db.snapshot import snapshot as outputs

    engine = open_database(url)
    try:
        snap = outputs(engine, as_loaded(engine))
    finally:
        engine.dispose()
    return (
        snap.catalog,
        sorted(map(repr, snap.outcome.derivations)),
        sorted(map(repr, snap.outcome.problems)),
        sorted(map(repr, snap.findings)),
    )


def _compare_with_a_fresh_load(cli: Any, catalog: Path, rules: Path, url: str, tmp: Path) -> None:
    fresh = f"sqlite:///{tmp / 'fresh.sqlite'}"
    _load(cli, catalog, rules, fresh)
    assert _observed(url) == _observed(fresh)
    assert _outputs(url) == _outputs(fresh)


def _parsed_texts(monkeypatch: Any) -> list[str]:
    """The text of every YAML document parsed from now on (catalog and rule files)."""
    import yaml

    texts: list[str] = []
    compose = yaml.compose

    def counted(text: str, *args: Any, **kwargs: Any) -> Any:
        texts.append(text)
        return compose(text, *args, **kwargs)

    monkeypatch.setattr(yaml, "compose", counted)
    return texts


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), "utf-8")


def test_one_edited_fact_parses_its_file_only_and_ends_where_a_fresh_load_would(
    tmp_path: Path, cli: Any, monkeypatch: Any
) -> None:
    catalog, rules = _linked_catalog(tmp_path)
    url = f"sqlite:///{tmp_path / 'incremental.sqlite'}"
    assert _load(cli, catalog, rules, url)["files_parsed"] == 10
    edited = catalog / "subjects" / "chip-c.yaml"
    _edit(edited, "2,307 TFLOP/s", "2,250 TFLOP/s")
    parsed = _parsed_texts(monkeypatch)
    report = _load(cli, catalog, rules, url)
    assert (report["files_parsed"], report["facts_changed"]) == (1, 1)
    texts = {p.read_text("utf-8") for p in catalog.rglob("*.yaml")}
    assert [t for t in parsed if t in texts] == [edited.read_text("utf-8")]
    _compare_with_a_fresh_load(cli, catalog, rules, url, tmp_path)


def test_entries_serve_and_fail_safe_on_either_backend(
    db_url: str, tmp_path: Path, cli: Any
) -> None:
    catalog, rules = _linked_catalog(tmp_path)
    _load(cli, catalog, rules, db_url)
    engine = create_engine(db_url)
    with engine.begin() as conn:  # one entry's head of no use: its file is parsed again
        conn.execute(
            text("UPDATE catalog_files SET head = :head WHERE path = 'subjects/chip-a.yaml'"),
            {"head": b"facts-file-cache 1 0 0\n{}"},
        )
    engine.dispose()
    _edit(catalog / "subjects" / "chip-c.yaml", "2,307 TFLOP/s", "2,250 TFLOP/s")
    assert _load(cli, catalog, rules, db_url)["files_parsed"] == 2
    ridge = json.loads(
        cli("derive", "ridge", "--chip", "chip-c", "--db", db_url, "-f", "json").stdout
    )["derived"][0]
    assert abs(ridge["value"] - 2250e12 / 7.3728e12) < 1e-9  # over 8 × 1,024 bit × 7.2 Gbit/s
    _edit(catalog / "subjects" / "chip-c.yaml", "2,250 TFLOP/s", "2,240 TFLOP/s")
    assert _load(cli, catalog, rules, db_url)["files_parsed"] == 1


def test_after_an_add_only_the_file_added_to_is_parsed_again(tmp_path: Path, cli: Any) -> None:
    catalog, rules, url = _loaded_linked_catalog(tmp_path, cli)
    added = cli(
        *("add", "chip-e", "clock.boost", "2.1 GHz", "--source", "vendor-sheet"),
        *("--tier", "official", "--catalog", str(catalog), "--rules", str(rules)),
        *("--db", url),
    )
    assert added.exit_code == 0, added.stderr
    kept = _stored_entries(url)
    assert kept["subjects/chip-e.yaml"] == (None, None)  # the add read it, kept nothing
    assert all(head for name, (head, _) in kept.items() if name.startswith("subjects/chip-a"))
    _edit(catalog / "subjects" / "chip-c.yaml", "2,307 TFLOP/s", "2,250 TFLOP/s")
    assert _load(cli, catalog, rules, url)["files_parsed"] == 2  # chip-c, and chip-e once
    _compare_with_a_fresh_load(cli, catalog, rules, url, tmp_path)


EDITS = {
    "a value corrected elsewhere": ("subjects/chip-b.yaml", "2,307 TFLOP/s", "2,300 TFLOP/s"),
    "a correction dropped": ("corrections.yaml", "    supersedes: b.peak\n", ""),
    "a correction of another file's fact": (
        "corrections.yaml",
        "    computed_from: [c.stacks, c.pins]\n",
        "    computed_from: [c.stacks, c.pins]\n  - id: e.bw@v2\n    subject: chip-e\n"
        "    quantity: hbm.bandwidth\n    value: 7.3 TB/s\n    source: vendor-sheet\n"
        "    tier: official\n    supersedes: e.bw\n    reason: errata\n",
    ),
    "a fact withdrawn": (
        "subjects/chip-d.yaml",
        "  - id: d.bw\n",
        "  - id: d.bw\n    status: withdrawn\n    reason: a misprint\n",
    ),
    "a parent's fact a variant inherits": (
        "subjects/chip-a.yaml",
        "524,288 MAC/cycle",
        "262,144 MAC/cycle",
    ),
    "a subject renamed": ("subjects/chip-e.yaml", "name: chip-e", "name: Chip E"),
    "a fact removed": (
        "subjects/chip-e.yaml",
        fact("e.macs", "mac.per_cycle", "524,288 MAC/cycle"),
        "",
    ),
    "a comment": ("subjects/chip-d.yaml", "facts:\n", "# checked\nfacts:\n"),
    "a source cited no more": ("corrections.yaml", "source: lab-bench", "source: vendor-sheet"),
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_an_edit_reads_little_and_ends_where_a_fresh_load_would(
    edit: str, tmp_path: Path, cli: Any
) -> None:
    catalog, rules, url = _loaded_linked_catalog(tmp_path, cli)
    name, old, new = EDITS[edit]
    _edit(catalog / name, old, new)
    assert _load(cli, catalog, rules, url)["files_parsed"] == 1
    _compare_with_a_fresh_load(cli, catalog, rules, url, tmp_path)


def test_a_parents_new_fact_gives_its_variant_a_value_as_a_fresh_load_would(
    tmp_path: Path, cli: Any
) -> None:
    catalog, rules = _linked_catalog(tmp_path)
    parent = catalog / "subjects" / "chip-a.yaml"
    peak = fact("a.peak", "peak.bf16_dense", "2,307 TFLOP/s")
    _edit(parent, peak, "")
    (catalog / "subjects" / "chip-a2.yaml").write_text(
        "subject:\n  id: chip-a2\n  name: Chip A2\n  kind: chip\n  variant_of: chip-a\n"
        "facts:\n" + fact("a2.bw", "hbm.bandwidth", "8 TB/s"),
        "utf-8",
    )
    url = f"sqlite:///{tmp_path / 'incremental.sqlite'}"
    _load(cli, catalog, rules, url)
    with parent.open("a", encoding="utf-8") as out:
        out.write(peak)  # the variant can derive its ridge point, with no fact it used changed
    report = _load(cli, catalog, rules, url)
    assert (report["facts_changed"], report["subjects_rederived"]) == (1, 2)
    _compare_with_a_fresh_load(cli, catalog, rules, url, tmp_path)


def test_facts_moved_between_files_and_a_new_file_end_where_a_fresh_load_would(
    tmp_path: Path, cli: Any
) -> None:
    catalog, rules, url = _loaded_linked_catalog(tmp_path, cli)
    corrections = catalog / "corrections.yaml"
    text = corrections.read_text("utf-8")
    moved = text[text.index("  - id: c.bw@lab\n") :]
    corrections.write_text(text[: text.index("  - id: c.bw@lab\n")], "utf-8")
    (catalog / "more.yaml").write_text("facts:\n" + moved, "utf-8")
    (catalog / "subjects" / "chip-f.yaml").write_text(chip(_chip_facts("f"), "chip-f"), "utf-8")
    (catalog / "subjects" / "chip-d.yaml").unlink()
    _edit(catalog / "tables.yaml", "chip-d}]", "chip-f}]")
    _edit(catalog / "tables.yaml", "{#d.peak}", "{#f.peak}")
    report = _load(cli, catalog, rules, url)
    assert report["files_parsed"] == 4
    _compare_with_a_fresh_load(cli, catalog, rules, url, tmp_path)


BREAKS = {
    "a corrected fact renamed": ("subjects/chip-b.yaml", "id: b.peak\n", "id: b.peak2\n"),
    "a subject another file names removed": (
        "subjects/chip-c.yaml",
        "  id: chip-c\n",
        "  id: chip-c3\n",
    ),
    "a cited source removed": (
        "sources.yaml",
        "  - {id: lab-bench, title: A lab's measurements, kind: measurement, publisher: Lab}\n",
        "",
    ),
    "an id another file gives": ("subjects/chip-a.yaml", "id: a.stacks\n", "id: b.peak@v2\n"),
    "a corrected fact withdrawn": (
        "subjects/chip-b.yaml",
        "  - id: b.peak\n",
        "  - id: b.peak\n    status: withdrawn\n    reason: gone\n",
    ),
    "a second correction": (
        "subjects/chip-b.yaml",
        "  - id: b.macs\n",
        "  - id: b.peak@v3\n    quantity: peak.bf16_dense\n    value: 2,200 TFLOP/s\n"
        "    source: vendor-sheet\n    tier: official\n    supersedes: b.peak\n"
        "    reason: again\n  - id: b.macs\n",
    ),
    "a fact another is computed from renamed": (
        "subjects/chip-c.yaml",
        "id: c.pins\n",
        "id: c.pins2\n",
    ),
    "a fact a table names renamed": ("subjects/chip-d.yaml", "id: d.peak\n", "id: d.peak2\n"),
    "a fact a table names corrected": (
        "subjects/chip-d.yaml",
        "  - id: d.macs\n",
        "  - id: d.peak@v2\n    quantity: peak.bf16_dense\n    value: 2,200 TFLOP/s\n"
        "    source: vendor-sheet\n    tier: official\n    supersedes: d.peak\n"
        "    reason: errata\n  - id: d.macs\n",
    ),
    "a cycle of corrections": (
        "subjects/chip-b.yaml",
        "  - id: b.peak\n",
        "  - id: b.peak\n    supersedes: b.peak@v2\n    reason: back\n",
    ),
}


@pytest.mark.parametrize("broken", sorted(BREAKS))
def test_an_edit_that_breaks_another_file_is_refused_as_a_fresh_load_refuses_it(
    broken: str, tmp_path: Path, cli: Any
) -> None:
    catalog, rules, url = _loaded_linked_catalog(tmp_path, cli)
    before = snapshot(url)
    name, old, new = BREAKS[broken]
    _edit(catalog / name, old, new)
    refused = cli("load", str(catalog), "--rules", str(rules), "--db", url)
    fresh = f"sqlite:///{tmp_path / 'fresh.sqlite'}"
    expected = cli("load", str(catalog), "--rules", str(rules), "--db", fresh)
    assert (refused.exit_code, expected.exit_code) == (2, 2)
    assert refused.stderr == expected.stderr
    assert refused.stderr.startswith("error: ")
    assert snapshot(url) == before


def _stored_entries(url: str) -> dict[str, tuple[bytes | None, bytes | None]]:
    engine = create_engine(url)
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT path, head, body FROM catalog_files")).all()
    engine.dispose()
    return {path: (head, body) for path, head, body in rows}


def _store(url: str, path: str, column: str, value: bytes | None) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(
            text(f"UPDATE catalog_files SET {column} = :value WHERE path = :path"),
            {"value": value, "path": path},
        )
    engine.dispose()


def _flipped(blob: bytes | None, at: int) -> bytes:
    assert blob is not None
    return blob[:at] + bytes([blob[at] ^ 0x01]) + blob[at + 1 :]


def test_a_tampered_or_stale_entry_is_parsed_again(tmp_path: Path, cli: Any) -> None:
    catalog, rules, url = _loaded_linked_catalog(tmp_path, cli)
    kept = _stored_entries(url)
    a, b, d, e = (f"subjects/chip-{p}.yaml" for p in "abde")
    _store(url, a, "head", _flipped(kept[a][0], len(kept[a][0] or b"") - 3))  # its data
    _store(
        url,
        d,
        "head",
        (kept[d][0] or b"").replace(b"facts-file-cache 1 ", b"facts-file-cache 0 ", 1),
    )  # another format
    _store(url, e, "head", None)
    _store(url, b, "body", b"not an entry")  # its body: read only with the file whole
    _edit(catalog / "subjects" / "chip-c.yaml", "2,307 TFLOP/s", "2,250 TFLOP/s")
    # chip-c, a, d and e again, and b: its facts are read whole with corrections.yaml,
    # which holds a fact of chip-c (a measurement computed from two of its facts)
    assert _load(cli, catalog, rules, url)["files_parsed"] == 5
    _compare_with_a_fresh_load(cli, catalog, rules, url, tmp_path)
    healed = _stored_entries(url)
    assert all(healed[n] == kept[n] for n in (a, b, d, e))  # as a fresh load keeps them
    _store(url, b, "body", _flipped(kept[b][1], 60))
    _edit(catalog / "corrections.yaml", "2,250 TFLOP/s", "2,200 TFLOP/s")
    assert _load(cli, catalog, rules, url)["files_parsed"] == 2  # corrections.yaml, chip-b
    (tmp_path / "fresh.sqlite").unlink()
    _compare_with_a_fresh_load(cli, catalog, rules, url, tmp_path)


def test_entries_made_by_other_code_are_not_used(
    tmp_path: Path, cli: Any, monkeypatch: Any
) -> None:
    catalog, rules, url = _loaded_linked_catalog(tmp_path, cli)
    monkeypatch.setattr("schema.filecache.context", lambda: "0" * 32)  # the reader changed
    _edit(catalog / "subjects" / "chip-c.yaml", "2,307 TFLOP/s", "2,250 TFLOP/s")
    assert _load(cli, catalog, rules, url)["files_parsed"] == 10  # every file, the whole way
    _edit(catalog / "subjects" / "chip-c.yaml", "2,250 TFLOP/s", "2,240 TFLOP/s")
    assert _load(cli, catalog, rules, url)["files_parsed"] == 1  # their new entries serve
    _compare_with_a_fresh_load(cli, catalog, rules, url, tmp_path)


def test_a_quantity_or_rule_change_reads_every_file_from_its_entry(
    tmp_path: Path, cli: Any
) -> None:
    catalog, rules, url = _loaded_linked_catalog(tmp_path, cli)
    _edit(catalog / "quantities.yaml", "name: Clock,", "name: Boost clock,")
    assert _load(cli, catalog, rules, url)["files_parsed"] == 1
    _edit(rules / "rules.yaml", "description: ridge point", "description: the ridge point")
    report = _load(cli, catalog, rules, url)
    assert (report["files_parsed"], report["subjects_rederived"]) == (0, 6)
    _compare_with_a_fresh_load(cli, catalog, rules, url, tmp_path)


def test_an_edit_of_the_course_reads_one_file_and_ends_where_a_fresh_load_would(
    catalog_copy: Path, tmp_path: Path, cli: Any
) -> None:
    def load(url: str) -> dict[str, Any]:
        args = ("load", str(catalog_copy), "--standard-rules", "--db", url, "-f", "json")
        result = cli(*args)
        assert result.exit_code == 0, result.stderr
        report: dict[str, Any] = json.loads(result.stdout)
        return report

    url = f"sqlite:///{tmp_path / 'incremental.sqlite'}"
    load(url)
    _edit(catalog_copy / "subjects" / "tpu-v7.yaml", "value: 7.37 TB/s", "value: 7.36 TB/s")
    report = load(url)
    assert (report["files_parsed"], report["facts_changed"]) == (1, 1)
    fresh = f"sqlite:///{tmp_path / 'fresh.sqlite'}"
    load(fresh)
    assert _observed(url) == _observed(fresh)
    assert _outputs(url) == _outputs(fresh)


EXAMPLES = max(5, settings().max_examples // 20)
"""A few loads per example: a twentieth of the profile's examples."""


@settings(max_examples=EXAMPLES)
@given(steps=st.lists(st.sampled_from(sorted({**EDITS, **BREAKS})), min_size=1, max_size=4))
def test_any_run_of_edits_ends_where_fresh_loads_would(steps: list[str], tmp_path: Path) -> None:
    from conftest import run_cli

    work = Path(tempfile.mkdtemp(dir=tmp_path))
    catalog, rules = _linked_catalog(work)
    url = f"sqlite:///{work / 'incremental.sqlite'}"
    assert run_cli("load", str(catalog), "--rules", str(rules), "--db", url).exit_code == 0
    for n, step in enumerate(steps):
        name, old, new = {**EDITS, **BREAKS}[step]
        path = catalog / name
        if old not in path.read_text("utf-8"):
            continue  # an earlier step took it away
        _edit(path, old, new)
        before = snapshot(url)
        loaded = run_cli("load", str(catalog), "--rules", str(rules), "--db", url)
        fresh = f"sqlite:///{work / f'fresh{n}.sqlite'}"
        expected = run_cli("load", str(catalog), "--rules", str(rules), "--db", fresh)
        assert (loaded.exit_code, loaded.stderr) == (expected.exit_code, expected.stderr), step
        if loaded.exit_code == 0:
            assert _observed(url) == _observed(fresh), step
        else:
            assert snapshot(url) == before


def test_a_file_saved_during_a_first_load_is_read_again_by_the_next(
    tmp_path: Path, cli: Any, monkeypatch: Any
) -> None:
    import db.load

    catalog, rules = _linked_catalog(tmp_path)
    edited = catalog / "subjects" / "chip-c.yaml"
    read_all = db.load.read_all

    def saved_meanwhile(*args: Any, **kwargs: Any) -> Any:
        read = read_all(*args, **kwargs)
        _edit(edited, "2,307 TFLOP/s", "2,250 TFLOP/s")  # an editor saves after the read
        return read

    monkeypatch.setattr(db.load, "read_all", saved_meanwhile)
    url = f"sqlite:///{tmp_path / 'incremental.sqlite'}"
    _load(cli, catalog, rules, url)  # a first load: into a new SQLite file
    monkeypatch.setattr(db.load, "read_all", read_all)
    _edit(catalog / "subjects" / "chip-e.yaml", "2,307 TFLOP/s", "2,300 TFLOP/s")
    report = _load(cli, catalog, rules, url)  # chip-c's saved text is not the one loaded
    assert (report["files_parsed"], report["facts_changed"]) == (2, 2)
    _compare_with_a_fresh_load(cli, catalog, rules, url, tmp_path)


def test_a_load_by_other_code_ends_where_a_fresh_load_by_it_would(
    tmp_path: Path, cli: Any, monkeypatch: Any
) -> None:
    import db.store
    import db.sync

    catalog, rules, url = _loaded_linked_catalog(tmp_path, cli)
    fact_row = db.store._fact_row

    def upgraded(fact: Any) -> dict[str, Any]:  # a new version writes a fact's row otherwise
        row = fact_row(fact)
        return {**row, "note": f"{row['note'] or ''} (read by the new version)"}

    monkeypatch.setattr(db.store, "_fact_row", upgraded)
    monkeypatch.setattr(db.sync, "program_digest", lambda: "0" * 64)
    _edit(catalog / "subjects" / "chip-c.yaml", "2,307 TFLOP/s", "2,250 TFLOP/s")
    assert _load(cli, catalog, rules, url)["files_parsed"] == 1  # the others from their entries
    _compare_with_a_fresh_load(cli, catalog, rules, url, tmp_path)
    _edit(catalog / "subjects" / "chip-c.yaml", "2,250 TFLOP/s", "2,240 TFLOP/s")
    assert _load(cli, catalog, rules, url)["facts_changed"] == 1  # the quick way again


def test_an_entry_of_another_type_is_parsed_again(tmp_path: Path, cli: Any) -> None:
    catalog, rules, url = _loaded_linked_catalog(tmp_path, cli)
    engine = create_engine(url)
    with engine.begin() as conn:  # SQLite keeps any type in a BLOB column: a text, a number
        conn.execute(text("UPDATE catalog_files SET head = 'garbage' WHERE path LIKE '%chip-a%'"))
        conn.execute(text("UPDATE catalog_files SET head = 2.5 WHERE path LIKE '%chip-d%'"))
        conn.execute(text("UPDATE catalog_files SET body = 'x' WHERE path LIKE '%chip-b%'"))
    engine.dispose()
    _edit(catalog / "subjects" / "chip-c.yaml", "2,307 TFLOP/s", "2,250 TFLOP/s")
    assert _load(cli, catalog, rules, url)["files_parsed"] == 5  # chip-a, a2, b, c and d
    _compare_with_a_fresh_load(cli, catalog, rules, url, tmp_path)


def test_a_large_edit_with_a_problem_is_read_once_the_whole_way(
    tmp_path: Path, cli: Any, monkeypatch: Any
) -> None:
    # Past QUICK_BYTES to parse anew, the quick way is not tried: a catalog with problems
    # would have its edited file composed twice (20,000 errors in 5 MB took 3 times as long).
    from db import incremental

    catalog, rules, url = _loaded_linked_catalog(tmp_path, cli)
    edited = catalog / "subjects" / "chip-c.yaml"
    _edit(edited, "2,307 TFLOP/s", "2,307 MiB")  # a unit of the wrong dimension
    monkeypatch.setattr(incremental, "QUICK_BYTES", 1)
    parsed = _parsed_texts(monkeypatch)
    result = cli("load", str(catalog), "--rules", str(rules), "--db", url)
    assert result.exit_code == 2 and "MiB" in result.stderr, result.stderr
    assert parsed.count(edited.read_text("utf-8")) == 1
