"""What a load keeps of each catalog file, so that an unchanged file is not parsed again.

A file's entry is its YAML data as the reader made it (plain dicts, lists and text)
with the line of every path, in two parts: the head (everything but its facts) and
the body (its facts); and an index of its facts (ids, subjects, the facts they
supersede or were computed from, the quantities and sources they name, the facts
its tables name). The reader validates an entry's document exactly as it would the
parsed file, so what comes of it, errors and lines included, is the same.

An entry belongs to the content digest stored beside it, and carries the cache's
format, a digest of the reader's own code (`context`: a program that reads files
otherwise never uses what another made) and a checksum of itself. Anything that does
not match is no entry at all: the file is parsed again.

`FactIndex` and `FactIndex.problems_beyond` are the checks of the reader that span
files, on the indexes of every file: a load that reads the facts of only a few files
whole (and of the others only their heads) runs them to know that nothing else in
the catalog broke.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from schema.models import CatalogFile
from schema.reader import TABLE_REF
from schema.status import Status
from schema.yaml_source import LocatedDocument, Path_

FORMAT = 1
"""The layout of an entry; a change of it makes every stored entry unusable."""
Sealed = tuple[bytes, bytes]
"""An entry as stored: its head (with the index of its facts) and its body, each sealed
with the format, the context and a checksum."""
_MAGIC = b"facts-file-cache"
_FACTS = "facts"


@cache
def context() -> str:
    """A digest of what reading a file depends on besides the file: the cache's format and
    the code of the schema package (models, reader, values, units and their definitions)."""
    digest = hashlib.sha256(f"format {FORMAT}".encode())
    here = Path(__file__).parent
    for path in sorted([*here.glob("*.py"), here / "units.txt"]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:32]


@dataclass(frozen=True, slots=True, kw_only=True)
class FileFacts:
    """The facts of one file as the checks that span files see them, by position."""

    subject: str | None  # the file's `subject:`, that of the facts that name none
    ids: tuple[str, ...]
    subjects: Mapping[int, str] = field(default_factory=dict)  # facts naming their subject
    supersedes: Mapping[int, str] = field(default_factory=dict)
    withdrawn: tuple[int, ...] = ()
    computed_from: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    quantities: tuple[str, ...] = ()  # every quantity its facts name
    sources: tuple[str, ...] = ()  # every source its facts name, `via` included
    table_facts: tuple[str, ...] = ()  # the facts its tables name ({#fact-id})

    def subject_of(self, position: int) -> str | None:
        """The subject of the fact at `position`."""
        return self.subjects.get(position, self.subject)

    @classmethod
    def of(cls, parsed: CatalogFile) -> FileFacts:
        """The index of a validated file."""
        facts = parsed.facts
        named = {
            ref["fact"]
            for table in parsed.tables
            for row in table.rows
            for text in (row.text or "", *row.cells.values())
            for ref in TABLE_REF.finditer(text)
            if ref["fact"] is not None
        }
        return cls(
            subject=parsed.subject.id if parsed.subject is not None else None,
            ids=tuple(f.id for f in facts),
            subjects={i: f.subject for i, f in enumerate(facts) if f.subject is not None},
            supersedes={i: f.supersedes for i, f in enumerate(facts) if f.supersedes is not None},
            withdrawn=tuple(i for i, f in enumerate(facts) if f.status == Status.withdrawn),
            computed_from={i: f.computed_from for i, f in enumerate(facts) if f.computed_from},
            quantities=tuple(sorted({f.quantity for f in facts})),
            sources=tuple(sorted({s for f in facts for s in (f.source, f.via) if s is not None})),
            table_facts=tuple(sorted(named)),
        )

    def as_json(self) -> dict[str, Any]:
        """The index as JSON data (`from_json` reads it back)."""
        return {
            "subject": self.subject,
            "ids": "\n".join(self.ids),  # ids hold no line break: one string is read fastest
            "subjects": list(self.subjects.items()),
            "supersedes": list(self.supersedes.items()),
            "withdrawn": list(self.withdrawn),
            "computed_from": [[i, list(names)] for i, names in self.computed_from.items()],
            "quantities": list(self.quantities),
            "sources": list(self.sources),
            "table_facts": list(self.table_facts),
        }

    @classmethod
    def from_json(cls, data: Any) -> FileFacts:
        """The index `as_json` wrote; `ValueError` (or a `TypeError`, `KeyError`) when the
        data is not one."""
        ids = tuple(_text(data["ids"]).split("\n")) if data["ids"] else ()
        count = len(ids)
        return cls(
            subject=_optional_text(data["subject"]),
            ids=ids,
            subjects={_position(i, count): _text(s) for i, s in data["subjects"]},
            supersedes={_position(i, count): _text(s) for i, s in data["supersedes"]},
            withdrawn=tuple(_position(i, count) for i in data["withdrawn"]),
            computed_from={
                _position(i, count): _texts(names) for i, names in data["computed_from"]
            },
            quantities=_texts(data["quantities"]),
            sources=_texts(data["sources"]),
            table_facts=_texts(data["table_facts"]),
        )


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError("not text")
    return value


def _texts(values: Any) -> tuple[str, ...]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise ValueError("not a list of text")
    return tuple(values)


def _optional_text(value: Any) -> str | None:
    return None if value is None else _text(value)


def _position(value: Any, count: int) -> int:
    if type(value) is not int or not 0 <= value < count:
        raise ValueError("not a position")
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class CachedFile:
    """One file's entry: its data less its facts (the head), its facts' data (the body,
    None when not read), the lines of both, and the index of its facts."""

    name: str
    head: dict[str, Any]
    head_lines: tuple[int, ...]
    facts: FileFacts
    body: list[Any] | None = None
    body_lines: tuple[int, ...] = ()
    facts_at: int | None = None  # where the `facts:` key stood among the file's keys
    head_at: dict[Path_, int] | None = field(default=None, compare=False, repr=False)
    """The line of every path of the head, once worked out from `head_lines`."""

    @classmethod
    def of(cls, doc: LocatedDocument, parsed: CatalogFile) -> CachedFile:
        """The entry of a file the reader read and validated (`doc.data` is a mapping)."""
        data: dict[str, Any] = doc.data
        head = {k: v for k, v in data.items() if k != _FACTS}
        facts_at = list(data).index(_FACTS) if _FACTS in data else None
        body = data.get(_FACTS)
        return cls(
            name=doc.file,
            head=head,
            head_lines=tuple(_lines_of(head, (), doc)),
            facts=FileFacts.of(parsed),
            # A `facts:` key with nothing under it is kept as one: a list of no facts.
            body=[] if facts_at is not None and body is None else body,
            body_lines=tuple(_lines_of(body, (_FACTS,), doc)) if facts_at is not None else (),
            facts_at=facts_at,
        )

    def _head_lines(self) -> dict[Path_, int]:
        if self.head_at is not None:
            return self.head_at
        lines: dict[Path_, int] = {}
        _place_lines(self.head, (), iter(self.head_lines), lines)
        return lines

    def head_document(self) -> LocatedDocument:
        """The file less its facts, as the reader would have read it."""
        return LocatedDocument(self.name, self.head, self._head_lines())

    def document(self) -> LocatedDocument:
        """The whole file, as the reader read it (the body must have been read)."""
        if self.facts_at is None:
            return self.head_document()
        if self.body is None:
            raise ValueError("the body of this entry was not read")
        lines = dict(self._head_lines())
        _place_lines(self.body, (_FACTS,), iter(self.body_lines), lines)
        items = list(self.head.items())
        items.insert(self.facts_at, (_FACTS, self.body))
        return LocatedDocument(self.name, dict(items), lines)

    def encode(self) -> Sealed:
        """The head (with the index) and the body, each sealed (`decode_head`,
        `with_body`)."""
        head = {
            "head": self.head,
            "lines": list(self.head_lines),
            "facts": self.facts.as_json(),
            "facts_at": self.facts_at,
        }
        body = {"body": self.body, "lines": list(self.body_lines)}
        return _seal(zlib.compress(_json(head), 1)), _seal(zlib.compress(_json(body), 1))

    def with_body(self, blob: bytes | None) -> CachedFile | None:
        """This entry with its body read from `blob`; None when the blob is not a sound
        body of this entry."""
        payload = _opened(blob)
        if payload is None:
            return None
        try:
            data = json.loads(zlib.decompress(payload))
            body, lines = data["body"], _lines(data["lines"])
            if self.facts_at is None:  # a file without facts is whole with its head
                return self if body is None and not lines else None
            if not isinstance(body, list):
                return None
            entry = CachedFile(
                name=self.name,
                head=self.head,
                head_lines=self.head_lines,
                facts=self.facts,
                body=body,
                body_lines=lines,
                facts_at=self.facts_at,
                head_at=self.head_at,
            )
            entry.document()  # every line is there, and no more
            if len(body) != len(self.facts.ids):
                return None
        except (ValueError, TypeError, KeyError, zlib.error):
            return None
        return entry


def decode_head(name: str, blob: bytes | None) -> CachedFile | None:
    """The entry of file `name` from its stored head, without its body; None when the
    blob is no sound entry of this format and context."""
    payload = _opened(blob)
    if payload is None:
        return None
    try:
        data = json.loads(zlib.decompress(payload))
        head = data["head"]
        facts_at = data["facts_at"]
        if not isinstance(head, dict) or _FACTS in head:
            return None
        if facts_at is not None and (type(facts_at) is not int or facts_at < 0):
            return None
        head_lines = _lines(data["lines"])
        at: dict[Path_, int] = {}
        _place_lines(head, (), iter(head_lines), at)  # every line is there, and no more
        entry = CachedFile(
            name=name,
            head=head,
            head_lines=head_lines,
            facts=FileFacts.from_json(data["facts"]),
            body=None,
            body_lines=(),
            facts_at=facts_at,
            head_at=at,
        )
    except (ValueError, TypeError, KeyError, zlib.error):
        return None
    if facts_at is None and entry.facts.ids:
        return None
    return entry


def _json(data: Any) -> bytes:
    # ASCII escapes keep every character the reader gave exact, whatever it is.
    return json.dumps(data, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def _seal(payload: bytes) -> bytes:
    check = hashlib.sha256(payload).hexdigest()[:32]
    return b"%s %d %s %s\n" % (_MAGIC, FORMAT, context().encode(), check.encode()) + payload


def _opened(blob: bytes | None) -> bytes | None:
    """The payload of a sealed blob of this format and context, or None."""
    # SQLite keeps whatever type was put in a BLOB column: only bytes can be an entry
    if not blob or not isinstance(blob, bytes | bytearray | memoryview):
        return None
    blob = bytes(blob)  # PostgreSQL's driver gives a memoryview
    header, newline, payload = blob.partition(b"\n")
    if not newline:
        return None
    parts = header.split(b" ")
    if len(parts) != 4 or parts[0] != _MAGIC or parts[1] != str(FORMAT).encode():
        return None
    if parts[2] != context().encode():
        return None
    if parts[3] != hashlib.sha256(payload).hexdigest()[:32].encode():
        return None
    return payload


def _lines(values: Any) -> tuple[int, ...]:
    if not isinstance(values, list) or not all(type(n) is int and n >= 1 for n in values):
        raise ValueError("not lines")
    return tuple(values)


def _lines_of(data: Any, path: Path_, doc: LocatedDocument) -> Iterator[int]:
    """The line of every path in `data`, in the order `_place_lines` reads them back."""
    stack: list[tuple[Any, Path_]] = [(data, path)]
    while stack:
        value, where = stack.pop()
        yield doc.line(where) or 1
        if isinstance(value, dict):
            stack.extend((v, (*where, k)) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((v, (*where, i)) for i, v in reversed(list(enumerate(value))))


def _place_lines(data: Any, path: Path_, lines: Iterator[int], into: dict[Path_, int]) -> None:
    """Give every path of `data` its line from `lines` (what `_lines_of` wrote); a
    `ValueError` when there are more or fewer lines than paths."""
    stack: list[tuple[Any, Path_]] = [(data, path)]
    while stack:
        value, where = stack.pop()
        line = next(lines, None)
        if line is None:
            raise ValueError("fewer lines than paths")
        into[where] = line
        if isinstance(value, dict):
            stack.extend((v, (*where, k)) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((v, (*where, i)) for i, v in reversed(list(enumerate(value))))
        elif value is not None and not isinstance(value, str):
            raise ValueError("not the reader's data")
    if next(lines, None) is not None:
        raise ValueError("more lines than paths")


class FactIndex:
    """Where every fact of the catalog is and how facts are linked, from the index of
    each file: what a load that reads only some files whole needs of the others."""

    def __init__(self, files: Mapping[str, FileFacts]) -> None:
        self.files = files
        self.file_of: dict[str, str] = {}
        self.twice = False  # some fact id is given twice
        self.superseders: dict[str, list[str]] = {}  # a fact → those that supersede it
        self.by_subject: dict[str, set[str]] = {}  # a subject → the files of its facts
        count = 0
        for name, facts in files.items():
            count += len(facts.ids)
            self.file_of.update(dict.fromkeys(facts.ids, name))
            if facts.subject is not None and len(facts.subjects) < len(facts.ids):
                self.by_subject.setdefault(facts.subject, set()).add(name)
            for subject in facts.subjects.values():
                self.by_subject.setdefault(subject, set()).add(name)
            for i, old in facts.supersedes.items():
                self.superseders.setdefault(old, []).append(facts.ids[i])
        self.twice = count != len(self.file_of)

    def files_of_facts(self, ids: Iterable[str]) -> set[str]:
        """The files that hold these facts (those the catalog has)."""
        return {self.file_of[i] for i in ids if i in self.file_of}

    def files_of_subjects(self, subjects: Iterable[str]) -> set[str]:
        """The files that hold facts of these subjects."""
        return {name for s in subjects for name in self.by_subject.get(s, ())}

    def subject_of(self, fact: str) -> str | None:
        """The subject of a fact of the catalog (None for an id it does not have)."""
        name = self.file_of.get(fact)
        if name is None:
            return None
        facts = self.files[name]
        return facts.subject_of(facts.ids.index(fact))

    def closed(self, start: Iterable[str]) -> set[str]:
        """`start` and every file the reader needs beside them to judge their facts as it
        would with the whole catalog: the files of the facts they supersede and are
        computed from, of the facts that supersede theirs, and so on; and those of the
        facts any table names, and what those need."""
        todo = [*start, *self.files_of_facts(f for t in self.files.values() for f in t.table_facts)]
        seen: set[str] = set()
        while todo:
            name = todo.pop()
            if name in seen or name not in self.files:
                continue
            seen.add(name)
            facts = self.files[name]
            linked = [*facts.supersedes.values()]
            for names in facts.computed_from.values():
                linked.extend(names)
            for fact in facts.ids:
                linked.extend(self.superseders.get(fact, ()))
            todo.extend(self.files_of_facts(linked) - seen)
        return seen

    def problems_beyond(
        self,
        subjects: Iterable[str],
        quantities: Iterable[str],
        sources: Iterable[str],
        rules: Iterable[str],
    ) -> list[str]:
        """What the reader would refuse in the facts of any file, by the checks that span
        files: an id given twice; a subject, quantity or source that is not there; a
        correction of a fact that is not there, of itself, of a withdrawn fact or of one
        another fact corrects too; a `computed_from:` that names neither a fact nor one
        of the `rules`. One short sentence per kind found (nothing when all is well)."""
        found: list[str] = []
        if self.twice:
            found.append("a fact id is given twice")
        known = {"subject": set(subjects), "quantity": set(quantities), "source": set(sources)}
        withdrawn: set[str] = set()
        for facts in self.files.values():
            named = [facts.subject] if len(facts.subjects) < len(facts.ids) else []
            if None in named or not known["subject"].issuperset([*named, *facts.subjects.values()]):
                found.append("a fact's subject is not there")
            if not known["quantity"].issuperset(facts.quantities):
                found.append("a fact's quantity is not there")
            if not known["source"].issuperset(facts.sources):
                found.append("a fact's source is not there")
            withdrawn.update(facts.ids[i] for i in facts.withdrawn)
        for old, new in self.superseders.items():
            if old not in self.file_of or old in new or old in withdrawn or len(new) > 1:
                found.append(f"the correction of {old} is not sound")
        rule_ids = set(rules)
        if rule_ids:
            for facts in self.files.values():
                for names in facts.computed_from.values():
                    if any(n not in self.file_of and n not in rule_ids for n in names):
                        found.append("a computed_from names nothing")
        return list(dict.fromkeys(found))
