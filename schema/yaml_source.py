"""Read one YAML file into plain data, keeping the line of every key and item.

Scalars stay the text that was written (YAML 1.1 would turn `no` into False,
`1e3` into a string and `017` into 15); only an explicit null becomes None.
The field that receives a scalar decides what it means. Lines are recorded
per path of keys and indexes, so a validation error can name the line.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml

from schema.errors import CatalogError, Place

Path_ = tuple[str | int, ...]
_NULL = "tag:yaml.org,2002:null"
try:  # the C parser is several times faster; fall back where libyaml is missing
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader


class LocatedDocument:
    """A file's data as plain dicts, lists and strings, with the line of each path."""

    def __init__(self, file: str, data: Any, lines: dict[Path_, int]) -> None:
        self.file = file
        self.data = data
        self._lines = lines

    def line(self, path: Path_) -> int | None:
        """Return the line of the nearest recorded prefix of `path`."""
        for end in range(len(path), -1, -1):
            line = self._lines.get(path[:end])
            if line is not None:
                return line
        return None

    def excerpt(self, path: Path_, keys: Iterable[str]) -> LocatedDocument:
        """The lines of `path` and of its `keys` only: what errors about one entry need,
        without keeping the whole file in memory."""
        lines = {path: self.line(path) or 1}
        for key in keys:
            line = self._lines.get((*path, key))
            if line is not None:
                lines[(*path, key)] = line
        return LocatedDocument(self.file, None, lines)

    def place(self, path: Path_, field: str | None = None) -> Place:
        """Return the place of `path` in this file, naming `field` (or the path)."""
        return Place(self.file, self.line(path), field if field is not None else dotted(path))


def dotted(path: Path_) -> str:
    """Write a path of keys and indexes the way a reader names a field: facts[3].value."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


MAX_YAML_VALUES = 2_000_000
"""The most values one catalog file may hold once its aliases are expanded: a bound, so
that a file of nested aliases ("billion laughs") is refused instead of filling memory."""


def _plain(
    node: yaml.Node, path: Path_, lines: dict[Path_, int], file: str, budget: list[int]
) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        raise CatalogError(
            Place(file, node.start_mark.line + 1),
            f"more than {MAX_YAML_VALUES:,} values once its aliases (*name) are expanded; "
            "write the values out, or split the file",
        )
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.ScalarNode):
        return None if node.tag == _NULL else node.value
    if isinstance(node, yaml.SequenceNode):
        return [_plain(item, (*path, i), lines, file, budget) for i, item in enumerate(node.value)]
    if isinstance(node, yaml.MappingNode):
        mapping: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise CatalogError(
                    Place(file, key_node.start_mark.line + 1), "a key must be plain text"
                )
            key = key_node.value
            if key in mapping:
                raise CatalogError(
                    Place(file, key_node.start_mark.line + 1, dotted((*path, key))),
                    "this key is given twice in the same mapping; keep one",
                )
            mapping[key] = _plain(value_node, (*path, key), lines, file, budget)
            lines[(*path, key)] = key_node.start_mark.line + 1
        return mapping
    raise CatalogError(Place(file, node.start_mark.line + 1), "unsupported YAML node")


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [value for _, value in node.value]
    return []


def _check_expansion(root: yaml.Node, file: str) -> None:
    """Refuse a document whose aliases expand past `MAX_YAML_VALUES`, or refer to a
    node they are inside of, by counting each distinct node once (time linear in the
    file, however far its aliases would expand)."""
    sizes: dict[int, int] = {}
    inside: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        if done:
            inside.discard(id(node))
            sizes[id(node)] = 1 + sum(sizes[id(c)] for c in _children(node))
            continue
        if id(node) in sizes:
            continue
        inside.add(id(node))
        stack.append((node, True))
        for child in _children(node):
            if id(child) in inside:
                raise CatalogError(
                    Place(file, child.start_mark.line + 1),
                    "an alias (*name) refers to a value it is part of; write the values out",
                )
            if id(child) not in sizes:
                stack.append((child, False))
    if sizes[id(root)] > MAX_YAML_VALUES:
        raise CatalogError(
            Place(file, root.start_mark.line + 1),
            f"more than {MAX_YAML_VALUES:,} values once its aliases (*name) are expanded; "
            "write the values out, or split the file",
        )


def decode_utf8(raw: bytes, display: str) -> str:
    """A file's bytes as text; `CatalogError` at the line of the first byte that is not
    UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CatalogError(
            Place(display, raw[: exc.start].count(b"\n") + 1),
            f"byte 0x{raw[exc.start]:02x} is not UTF-8; save the file as UTF-8",
        ) from None


def read_file(path: Path, display: str) -> bytes:
    """The bytes of a catalog or rule file; `CatalogError` naming it when it cannot be
    read (permissions, a folder or device in its place)."""
    try:
        return path.read_bytes()
    except OSError as exc:
        raise CatalogError(
            Place(display), f"cannot read the file: {exc.strerror or exc}; check its permissions"
        ) from None


def read_located(path: Path, display: str, raw: bytes | None = None) -> LocatedDocument:
    """Read `path` (shown to the user as `display`), or `raw` as its content if given,
    or raise `CatalogError` with a line."""
    raw = read_file(path, display) if raw is None else raw
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise CatalogError(Place(display, 1), "the file is UTF-16; save it as UTF-8")
    if b"\0" in raw:
        raise CatalogError(
            Place(display, raw[: raw.index(b"\0")].count(b"\n") + 1),
            "a NUL byte (0x00): a catalog file is text; remove it, or save the file as UTF-8",
        )
    text = decode_utf8(raw, display)
    if not text.strip() or all(
        not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines()
    ):
        raise CatalogError(
            Place(display, 1),
            "the file is empty; expected a mapping with sources, quantities, "
            "subject, subjects or facts",
        )
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line: int | None = mark.line + 1 if mark is not None else None
        problem = exc.problem or "malformed YAML"
        raise CatalogError(Place(display, line), f"malformed YAML: {problem}") from None
    except yaml.reader.ReaderError as exc:
        line = text[: exc.position].count("\n") + 1 if isinstance(exc.position, int) else None
        raise CatalogError(
            Place(display, line),
            f"character {exc.character!r} is not allowed in YAML; remove it",
        ) from None
    except yaml.YAMLError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise CatalogError(Place(display), f"malformed YAML: {first}") from None
    if node is not None and "&" in text:  # an alias needs an anchor (&name) to refer to
        _check_expansion(node, display)
    lines: dict[Path_, int] = {}
    budget = [MAX_YAML_VALUES]
    data = _plain(node, (), lines, display, budget) if node is not None else None
    return LocatedDocument(display, data, lines)
