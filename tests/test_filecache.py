"""What a load keeps of a file stands for it exactly, and nothing else passes for it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import CATALOG

from schema.filecache import CachedFile, FactIndex, FileFacts, decode_head
from schema.reader import catalog_names, read_catalog, read_entries
from schema.yaml_source import LocatedDocument, Path_

AWKWARD = """\
# a comment first
subject:
  id: chip-q
  name: &name "Chip \\u00e9 Q 芯片"
  kind: chip
  aliases: [Q, 'Q 1']
facts:
  - id: q.bw
    quantity: hbm.bandwidth
    value: 8 TB/s
    source: vendor-sheet
    tier: official
    qualifiers: {}
    alternatives:
      - {value: "8,192 GB/s", reason: binary}
    note: ~
  - id: q.peak
    note: *name
    subject: chip-q
    quantity: peak.bf16_dense
    value: 2,500 TFLOP/s
    source: vendor-sheet
    tier: official
    computed_from: [q.bw]
"""


def _paths(data: Any, path: Path_ = ()) -> list[Path_]:
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _paths(value, (*path, i))
    return found


def _same(doc: LocatedDocument, back: LocatedDocument) -> None:
    assert back.file == doc.file
    assert back.data == doc.data and list(back.data) == list(doc.data)
    for path in [*_paths(doc.data), ("facts", 99, "value"), ("nothing",)]:
        assert back.line(path) == doc.line(path), path


def _round_trip(doc: LocatedDocument, entry: CachedFile) -> LocatedDocument:
    head, body = entry.encode()
    kept = decode_head(doc.file, head)
    assert kept is not None
    whole = kept.with_body(body)
    assert whole is not None
    _same(kept.head_document(), entry.head_document())
    return whole.document()


def test_every_file_of_the_course_comes_back_as_read() -> None:
    for name, path in catalog_names(CATALOG, rules=False):
        doc, parsed = read_entries(path, name)
        _same(doc, _round_trip(doc, CachedFile.of(doc, parsed)))


def test_aliases_escapes_empty_values_and_a_bare_facts_key_come_back(tmp_path: Path) -> None:
    head, facts = AWKWARD.split("facts:\n")
    facts_first = "facts:\n" + facts.replace("*name", "x") + head.replace("&name ", "")
    for text in (AWKWARD, facts_first, "facts:\n"):
        path = tmp_path / "f.yaml"
        path.write_text(text, "utf-8")
        doc, parsed = read_entries(path, "subjects/f.yaml")
        back = _round_trip(doc, CachedFile.of(doc, parsed))
        if doc.data == {"facts": None}:
            assert back.data == {"facts": []}  # the same entries: no facts
        else:
            _same(doc, back)


def test_the_course_read_from_its_entries_is_the_course() -> None:
    entries: dict[str, CachedFile] = {}

    def keep(doc: LocatedDocument, parsed: Any) -> None:
        entries[doc.file] = CachedFile.of(doc, parsed)

    from_disk = read_catalog(CATALOG, keep=keep)
    sealed = {name: entry.encode() for name, entry in entries.items()}

    def read(name: str, path: Path) -> LocatedDocument:
        head, body = sealed[name]
        kept = decode_head(name, head)
        assert kept is not None
        whole = kept.with_body(body)
        assert whole is not None
        return whole.document()

    assert read_catalog(CATALOG, files=list(sealed), read=read) == from_disk


def _entry(tmp_path: Path) -> tuple[str, bytes, bytes]:
    path = tmp_path / "f.yaml"
    path.write_text(AWKWARD, "utf-8")
    doc, parsed = read_entries(path, "subjects/f.yaml")
    head, body = CachedFile.of(doc, parsed).encode()
    return doc.file, head, body


def test_any_changed_byte_makes_an_entry_no_entry(tmp_path: Path) -> None:
    name, head, body = _entry(tmp_path)
    kept = decode_head(name, head)
    assert kept is not None and kept.with_body(body) is not None
    for at in range(len(head)):
        assert decode_head(name, head[:at] + bytes([head[at] ^ 0x20]) + head[at + 1 :]) is None
    for at in range(len(body)):
        assert kept.with_body(body[:at] + bytes([body[at] ^ 0x20]) + body[at + 1 :]) is None
    for blob in (b"", b"\n", head[: len(head) // 2], None):
        assert decode_head(name, blob) is None
        assert kept.with_body(blob) is None
    assert kept.with_body(head) is None  # a head is no body


def test_an_entry_made_by_other_code_is_no_entry(tmp_path: Path, monkeypatch: Any) -> None:
    name, head, _ = _entry(tmp_path)
    monkeypatch.setattr("schema.filecache.context", lambda: "0" * 32)
    assert decode_head(name, head) is None
    monkeypatch.setattr("schema.filecache.FORMAT", 2)
    assert decode_head(name, head) is None


def _facts(*ids: str, **fields: Any) -> FileFacts:
    defaults: dict[str, Any] = {
        "subject": "chip-x",
        "quantities": ("hbm.bandwidth",),
        "sources": ("vendor-sheet",),
    }
    return FileFacts(ids=ids, **{**defaults, **fields})


def _problems(files: dict[str, FileFacts], rules: tuple[str, ...] = ("ridge",)) -> list[str]:
    index = FactIndex(files)
    return index.problems_beyond(["chip-x", "chip-y"], ["hbm.bandwidth"], ["vendor-sheet"], rules)


def test_the_index_finds_what_the_reader_refuses_across_files() -> None:
    a = _facts("x.bw", "x.peak")
    assert _problems({"a.yaml": a, "b.yaml": _facts("y.bw", subject="chip-y")}) == []
    for files in (
        {"a.yaml": a, "b.yaml": _facts("x.bw")},  # an id twice
        {"a.yaml": a, "b.yaml": _facts("z.bw", subject="chip-z")},
        {"a.yaml": a, "b.yaml": _facts("z.bw", subject=None)},  # no subject at all
        {"a.yaml": a, "b.yaml": _facts("z.bw", subjects={0: "chip-z"})},
        {"a.yaml": a, "b.yaml": _facts("y.bw", quantities=("hbm.stacks",))},
        {"a.yaml": a, "b.yaml": _facts("y.bw", sources=("a-blog",))},
        {"a.yaml": a, "b.yaml": _facts("y.bw", supersedes={0: "x.gone"})},
        {"a.yaml": a, "b.yaml": _facts("y.bw", supersedes={0: "y.bw"})},
        {"a.yaml": _facts("x.bw", withdrawn=(0,)), "b.yaml": _facts("y", supersedes={0: "x.bw"})},
        {
            "a.yaml": _facts("x.bw", "x.v2", supersedes={1: "x.bw"}),
            "b.yaml": _facts("y.v3", supersedes={0: "x.bw"}),
        },
        {"a.yaml": a, "b.yaml": _facts("y.bw", computed_from={0: ("x.gone",)})},
    ):
        assert _problems(files), files
    unknown = {"a.yaml": a, "b.yaml": _facts("y.bw", computed_from={0: ("x.bw", "ridge")})}
    assert _problems(unknown) == []
    loose = {"a.yaml": a, "b.yaml": _facts("y.bw", computed_from={0: ("x.gone",)})}
    assert _problems(loose, rules=()) == []  # without rules, a name cannot be told wrong


def test_the_files_read_whole_with_a_file_are_those_its_facts_are_linked_to() -> None:
    index = FactIndex(
        {
            "a.yaml": _facts("a.1", "a.2"),
            "b.yaml": _facts("b.1", supersedes={0: "a.1"}),  # corrects a fact of a
            "c.yaml": _facts("c.1", computed_from={0: ("d.1",)}),
            "d.yaml": _facts("d.1"),
            "e.yaml": _facts("e.1", supersedes={0: "b.1"}),  # corrects b's correction
            "t.yaml": FileFacts(subject=None, ids=(), table_facts=("f.1",)),
            "f.yaml": _facts("f.1"),
            "g.yaml": _facts("g.1"),
        }
    )
    tables = {"t.yaml", "f.yaml"} - {"t.yaml"}  # a table's fact is always read whole
    assert index.closed(["a.yaml"]) == {"a.yaml", "b.yaml", "e.yaml", *tables}
    assert index.closed(["c.yaml"]) == {"c.yaml", "d.yaml", *tables}
    assert index.closed(["g.yaml"]) == {"g.yaml", *tables}
    assert index.files_of_subjects(["chip-x"]) == set(index.files) - {"t.yaml"}


@pytest.mark.parametrize("name", ["subjects/x.yaml", "x.yml"])
def test_the_files_of_a_catalog_are_listed_by_name(tmp_path: Path, name: str) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "r.yaml").write_text("rules: []\n", "utf-8")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "h.yaml").write_text("facts: []\n", "utf-8")
    (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / name).write_text("facts: []\n", "utf-8")
    (tmp_path / "notes.txt").write_text("not yaml\n", "utf-8")
    assert [n for n, _ in catalog_names(tmp_path, rules=False)] == [name]
    assert [n for n, _ in catalog_names(tmp_path)] == sorted([name, "rules/r.yaml"])
