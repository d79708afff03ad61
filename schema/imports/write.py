"""The import's YAML file: rendered in memory, then replaced atomically.

Entries are written with the conventions of `schema.writer` (the fields that differ
from their defaults, in the models' order, `to_yaml`'s options), a blank line between
facts; a table's columns and rows one per line, as the catalog's tables are written.
An existing file is only ever added to: new facts after its last fact, new subjects
and sources after the last of theirs, a table's new columns and rows after its last
ones, every other byte left as it was; a file of a shape the text cannot be added to
is edited with ruamel.yaml's round-trip mode, which keeps what a person wrote in it,
comments included. The file is replaced by a rename, never left half written.
"""

from __future__ import annotations

import copy
import datetime as dt
import io
import re
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import yaml
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from schema.errors import CatalogError
from schema.files import round_trip_yaml
from schema.imports.spec import TableChange
from schema.models import Entry, FactEntry, SourceEntry, SubjectEntry, TableEntry
from schema.writer import entry_data
from schema.yaml_source import read_located

_SECTIONS = ("sources", "quantities", "subject", "subjects", "tables", "facts", "acknowledged")
"""The order of an import's file: its table before its facts, so that a correction,
the most common change, is added at the end of the file."""
_DATES = ("date", "accessed")
_INDENT = 2  # `facts:` then `  - id: ...`, as the catalog's files are written


def _data(entry: Entry) -> dict[str, Any]:
    # dates as dates, so that they are written as a person writes them: unquoted
    return {
        key: dt.date.fromisoformat(value) if key in _DATES else value
        for key, value in entry_data(entry).items()
    }


def _dump(data: dict[str, Any]) -> str:
    """`schema.writer.to_yaml`'s output, by libyaml's emitter where it is installed
    (several times faster than PyYAML's own, for tables of thousands of cells)."""
    dumper: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return yaml.dump(
        data,
        Dumper=dumper,
        sort_keys=False,
        allow_unicode=True,
        width=100,
        default_flow_style=False,
    )


def _items(entries: Sequence[Entry], indent: int, *, spaced: bool) -> str:
    """The entries as the items of a block sequence indented by `indent` spaces, with a
    blank line between them if `spaced`."""
    # A list under a key is written with its items at the key's column: "- id: ...".
    text = _dump({"items": [_data(entry) for entry in entries]}).split("\n", 1)[1]
    pad = " " * indent
    out: list[str] = []
    for line in text.splitlines(True):
        if spaced and out and line.startswith("- "):
            out.append("\n")
        out.append(pad + line if line.strip() else line)
    return "".join(out)


def render(
    existing: bytes | None,
    header: str,
    sources: Sequence[SourceEntry] = (),
    subjects: Sequence[SubjectEntry] = (),
    facts: Sequence[FactEntry] = (),
) -> tuple[bytes, dict[str, int]]:
    """The file with the entries added, and the index the first new entry of each
    section has in it (for naming the cell behind a problem of a written fact)."""
    sections: dict[str, Sequence[Entry]] = {
        "sources": sources,
        "subjects": subjects,
        "facts": facts,
    }
    if not existing:
        lines = [f"# {line}".rstrip() for line in header.splitlines()]
        parts = ["\n".join(lines) + "\n"]
        for name, entries in sections.items():
            if entries:
                parts.append(f"{name}:\n" + _items(entries, _INDENT, spaced=name == "facts"))
        first = {name: 0 for name, entries in sections.items() if entries}
        return "\n".join(parts).encode("utf-8"), first
    text: str | None = existing.decode("utf-8")
    first = {}
    for name, entries in sections.items():
        if entries and text is not None:
            text, first[name] = _insert(text, name, entries)
    if text is None:  # a file of a shape the text cannot be added to
        return _round_trip(existing, sections)
    return text.encode("utf-8"), first


def _insert(
    text: str,
    name: str,
    entries: Sequence[Entry],
    items: Callable[[int], str] | None = None,
    note: str = "",
) -> tuple[str | None, int]:
    """`text` with `entries` added at the end of its section `name` (a new section
    where there is none, after the comment `note`), every other byte kept, and the
    number of entries the section held before; None for a file of another shape.
    `items` renders the entries at an indent (default: as `schema.writer` does)."""
    doc = read_located(Path("import"), "import", text.encode("utf-8"))
    data = doc.data
    if not isinstance(data, dict):
        return None, 0
    lines = text.splitlines(True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    keys = list(data)
    spaced = name in ("facts", "tables")
    if items is None:
        items = partial(_items, entries, spaced=spaced)
    if name not in data:
        later = _SECTIONS[_SECTIONS.index(name) + 1 :]
        follow = next((key for key in keys if key in later), None)
        block = note + f"{name}:\n" + items(_INDENT)
        if follow is None:  # at the end, after a blank line
            gap = "\n" if lines and lines[-1].strip() else ""
            return "".join([*lines, gap, block]), 0
        at = above = (doc.line((follow,)) or 1) - 1
        while above > 0 and lines[above - 1].startswith("#"):
            above -= 1
        if above > 0:  # a comment right above the next section stays with it (but
            at = above  # one that heads the file stays at the head)
        gap = "\n" if at > 0 and lines[at - 1].strip() else ""
        return "".join([*lines[:at], gap, block, "\n", *lines[at:]]), 0
    section = data[name]
    start = doc.line((name, 0)) if isinstance(section, list) and section else None
    found = re.match(r"^( *)- ", lines[start - 1]) if start else None
    if start is None or found is None:  # empty, a flow sequence, or items sharing a line
        return None, 0
    position = keys.index(name)
    end = len(lines)
    if position + 1 < len(keys):
        end = (doc.line((keys[position + 1],)) or len(lines) + 1) - 1
    while end > start and (not lines[end - 1].strip() or lines[end - 1].startswith("#")):
        end -= 1  # blank lines and comments before the next section stay before it
    block = ("\n" if spaced else "") + items(len(found[1]))
    return "".join([*lines[:end], block, *lines[end:]]), len(section)


def _section(document: CommentedMap, name: str) -> CommentedSeq:
    found = document.get(name)
    if isinstance(found, CommentedSeq):
        return found
    section = CommentedSeq(list(found or []))
    section.fa.set_block_style()
    if name in document:
        document[name] = section
        return section
    later = _SECTIONS[_SECTIONS.index(name) + 1 :]
    keys = list(document)
    position = next((i for i, key in enumerate(keys) if key in later), len(keys))
    document.insert(position, name, section)
    return section


def _round_trip(
    existing: bytes, sections: dict[str, Sequence[Entry]]
) -> tuple[bytes, dict[str, int]]:
    """The entries added in place, the rest of the file kept by ruamel's round trip."""
    yaml = round_trip_yaml()
    document: Any = yaml.load(existing.decode("utf-8"))
    if not isinstance(document, CommentedMap):  # pragma: no cover - the reader read it
        document = CommentedMap()
    first: dict[str, int] = {}
    for name, entries in sections.items():
        if not entries:
            continue
        section = _section(document, name)
        first[name] = len(section)
        for entry in entries:
            section.append(CommentedMap(_data(entry)))
            if name == "facts" and len(section) > 1:  # a blank line between facts
                section.yaml_set_comment_before_after_key(len(section) - 1, before="\n")
    out = io.StringIO()
    yaml.dump(document, out)
    return out.getvalue().encode("utf-8"), first


TABLE_NOTE = (
    "# The imported table, for `facts export {id}` (after `facts load`): its rows as\n"
    "# columns, its quantity columns as rows. Edit it as you like; importing the table\n"
    "# again only adds a column or a row for a subject or a quantity new to this file.\n"
)


def _flow(data: dict[str, Any]) -> str:
    """A mapping on one line, `{subject: mi300x, label: MI300X}`, quoted where needed."""
    dumper: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    text: str = yaml.dump(
        data,
        Dumper=dumper,
        sort_keys=False,
        allow_unicode=True,
        width=1 << 30,
        default_flow_style=True,
    )
    return text.strip()


def _table_items(entry: TableEntry, indent: int) -> str:
    """A table entry as an item of a block sequence: its fields, then its columns and
    rows one per line, as the catalog's own tables are written."""
    data = entry_data(entry)
    head = {key: value for key, value in data.items() if key not in ("columns", "rows")}
    pad = " " * indent
    lines = _dump(head).splitlines()
    out = [f"{pad}- {lines[0]}\n", *(f"{pad}  {line}\n" for line in lines[1:])]
    for key in ("columns", "rows"):
        out.append(f"{pad}  {key}:\n")
        out.extend(f"{pad}    - {_flow(item)}\n" for item in data[key])
    return "".join(out)


def put_table(content: bytes, change: TableChange) -> bytes:
    """The import's file with its table written: a new entry at the end of its `tables:`
    (a new section where there is none), or an entry's new columns and rows after its
    last ones, every other byte kept; by ruamel's round trip where the text is of
    another shape. The result is read back and must say exactly that."""
    text = content.decode("utf-8")
    try:
        before = read_located(Path("import"), "import", content).data
        if change.position is None:
            items = partial(_table_items, change.entry)
            done, _ = _insert(
                text, "tables", (change.entry,), items, TABLE_NOTE.format(id=change.entry.id)
            )
        else:
            done = _grow(text, change.position, "columns", change.columns)
            if done is not None:
                done = _grow(done, change.position, "rows", change.rows)
        if done is not None:
            after = read_located(Path("import"), "import", done.encode("utf-8")).data
            if after == _expected(before, change):
                return done.encode("utf-8")
    except CatalogError:  # pragma: no cover - the text edit broke the YAML: round trip
        pass
    return _round_trip_table(content, change)


def _expected(before: Any, change: TableChange) -> Any:
    """The import's file as read, with the table change made in the data."""
    data = copy.deepcopy(before)
    if not isinstance(data, dict):
        return None
    if change.position is None:
        data["tables"] = [*(data.get("tables") or []), entry_data(change.entry)]
        return data
    entry = data["tables"][change.position]
    entry["columns"] = [*entry["columns"], *(entry_data(c) for c in change.columns)]
    entry["rows"] = [*entry["rows"], *(entry_data(r) for r in change.rows)]
    return data


def _grow(text: str, position: int, key: str, items: Sequence[Entry]) -> str | None:
    """`text` with `items` added after the last of the table entry's `key` (columns,
    rows), one per line at the indent of the first; None for a file of another shape."""
    if not items:
        return text
    doc = read_located(Path("import"), "import", text.encode("utf-8"))
    data = doc.data
    tables = data.get("tables") if isinstance(data, dict) else None
    if not isinstance(tables, list) or position >= len(tables):
        return None
    entry = tables[position]
    if not isinstance(entry, dict) or not isinstance(entry.get(key), list) or not entry[key]:
        return None
    lines = text.splitlines(True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    start = doc.line(("tables", position, key, 0)) or 0
    found = re.match(r"^( *)- ", lines[start - 1]) if start else None
    if found is None:
        return None
    keys, top = list(entry), list(data)
    at = keys.index(key)
    if at + 1 < len(keys):
        end = (doc.line(("tables", position, keys[at + 1])) or 1) - 1
    elif position + 1 < len(tables):
        end = (doc.line(("tables", position + 1)) or 1) - 1
    elif top.index("tables") + 1 < len(top):
        end = (doc.line((top[top.index("tables") + 1],)) or 1) - 1
    else:
        end = len(lines)
    while end > start and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")):
        end -= 1  # blank lines and comments before what follows stay before it
    block = "".join(f"{found[1]}- {_flow(entry_data(item))}\n" for item in items)
    return "".join([*lines[:end], block, *lines[end:]])


def _flow_map(data: dict[str, Any]) -> CommentedMap:
    item = CommentedMap(data)
    item.fa.set_flow_style()
    return item


def _round_trip_table(content: bytes, change: TableChange) -> bytes:
    """The table change made by ruamel's round trip, the rest of the file kept."""
    yaml = round_trip_yaml()
    document: Any = yaml.load(content.decode("utf-8"))
    if not isinstance(document, CommentedMap):  # pragma: no cover - the reader read it
        document = CommentedMap()
    section = _section(document, "tables")
    if change.position is None:
        data = entry_data(change.entry)
        for key in ("columns", "rows"):
            items = CommentedSeq([_flow_map(item) for item in data[key]])
            items.fa.set_block_style()
            data[key] = items
        section.append(CommentedMap(data))
    else:
        entry = section[change.position]
        for key, added in (("columns", change.columns), ("rows", change.rows)):
            for item in added:
                entry[key].append(_flow_map(entry_data(item)))
    out = io.StringIO()
    yaml.dump(document, out)
    return out.getvalue().encode("utf-8")
