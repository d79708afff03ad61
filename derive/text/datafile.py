"""A data file pasted into a text, read as a spec sheet: YAML, JSON or TOML keys and the
numbers they hold.

A value nested under keys is a table's cell: the keys above it (and the names its mapping
gives, `model: "A100 80GB PCIe"`, `name = "GeForce GTX 1650"`) are its column, what it is
about; its own key is its row, what it is (`boost_mhz`, whose last part also gives a bare
value its unit). Block mappings (`l40s:` over `  bf16_tflops: 733`), flow mappings
(`{sm: 108, tdp_w: 300}`, across lines too) and TOML tables (`[device.gtx1650]` over
`mem = { gb = 4 }`) are read alike. One pass over each line, a stack of the keys open
above it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from schema.errors import UnitError
from schema.spellings import KEY_PREFIXES, KEY_UNITS
from schema.units import canonical_unit

_KEY = r"[\"']?(?P<key>[A-Za-z_][\w.-]{0,40})[\"']?"
_KEY_OPENS = re.compile(rf"(?P<indent>\s*)(?:-\s+)?{_KEY}\s*:\s*(?:#.*)?")
"""A data file's key that opens a block mapping: "l40s:", "  orin_nx_16gb:"."""
_KEY_VALUE = re.compile(rf"(?P<indent>\s*)(?:-\s+)?{_KEY}\s*:\s+(?=[-+.\d])")
"""A key and the number it holds: "  bf16_tflops: 733     # dense"."""
_FLOW_OPENS = re.compile(rf"(?P<indent>\s*)(?:-\s+)?(?:{_KEY}\s*:\s*)?\{{")
"""A line that opens a flow mapping: "a100: {model: …", "{"."""
_FLOW_STARTS = re.compile(r"\{\s*(?:$|[\"']?[A-Za-z_][\w.-]{0,40}[\"']?\s*[:=])")
"""A flow mapping's first key after its brace, or the end of the line (JSON's "{")."""
_FLOW_TOKEN = re.compile(
    r"[\"']?(?P<key>[A-Za-z_][\w.-]{0,40})[\"']?\s*[:=]\s*"
    r"(?:(?P<open>\{)|(?P<text>\"[^\"]{0,80}\"|'[^']{0,80}')|(?P<number>[-+]?\.?\d[^,}\s]{0,24}))"
    r"|(?P<close>\})|(?P<bare>\{)"
)
"""A flow mapping's parts: a key opening a mapping, a key and its text, a key and its
number, a mapping closed, a mapping opened without a key."""
_FENCE = re.compile(r"\s{0,3}(?:```|~~~)")
"""A Markdown code fence."""
_TOML_TABLE = re.compile(r"\s{0,3}\[\[?(?P<path>[A-Za-z_][\w.\"'-]{0,80})\]\]?\s*(?:#.*)?")
"""A TOML table's header: "[device.gtx1650]", "[[gpu]]"."""
_TOML_PAIR = re.compile(r"\s*(?P<key>[A-Za-z_][\w.-]{0,40})\s*=\s*(?=[-+.\d\"'{])")
"""A TOML key and what it holds, a number, a text or an inline table: "clock_mhz = {"."""
_COMMENT = re.compile(r"(?:^|\s)#")
"""Where a data file's comment begins."""
FLOW_DEPTH = 16
"""The deepest flow mapping kept: deeper ones are read as one (bounded state)."""

_KEY_PREFIXES = {prefix.lower(): prefix for prefix in KEY_PREFIXES}
_KEY_UNIT = re.compile(
    rf"[A-Za-z0-9]_(?P<prefix>{'|'.join(sorted(_KEY_PREFIXES, key=len, reverse=True))})?"
    rf"(?P<base>{'|'.join(KEY_UNITS)})$",
    re.IGNORECASE,
)
"""A key whose last part is a unit in lower case: `boost_mhz`, `mem_gb`, `bf16_tflops`."""
_KEY_WORDS = re.compile(r"[a-z0-9_.-]+(?: [a-z0-9_.-]+)?")
"""A key as data files write it, or a key within one: lower case, one or two words."""


def unit_of_key(key: str) -> tuple[str, str] | None:
    """(canonical unit, as written) a data file's key ends with: `boost_mhz` is MHz; not
    `_gbps`, gigabits in one file and gigabytes in the next. Of a key within a key
    ("clock_mhz boost", "mem gb"), its own last part, else the keys' joined, else the
    enclosing key's."""
    if _KEY_WORDS.fullmatch(key) is None:
        return None  # "Orin Nano 8 GB": a header's words, no key
    parts = key.split()
    for candidate in (key.replace(" ", "_"), *reversed(parts)) if len(parts) > 1 else (key,):
        found = _unit_of_one_key(candidate)
        if found is not None:
            return found
    return None


def _unit_of_one_key(key: str) -> tuple[str, str] | None:
    match = _KEY_UNIT.search(key)
    if match is None:
        return None
    prefix = _KEY_PREFIXES[match["prefix"].lower()] if match["prefix"] else ""
    base = KEY_UNITS[match["base"].lower()]
    if (prefix == "M" and base in ("W", "B")) or (not prefix and base in ("B", "OP/s")):
        return None  # "_mw", "_mb", "_b" (bytes or billions), "_ops": read either way
    try:
        unit = canonical_unit(prefix + base)
    except UnitError:
        return None
    return unit, match.group()[2:]


@dataclass(frozen=True, slots=True)
class Value:
    """A number a data file's key holds: where its text lies in the line, what it is about
    (the keys and names above it) and what it is (its key)."""

    start: int
    end: int
    about: str
    key: str


@dataclass(slots=True)
class _Flow:
    key: str
    names: list[str] = field(default_factory=list)


@dataclass(slots=True)
class DataFile:
    """The keys open above the line being read, across the lines of a data file."""

    parents: list[tuple[int, str]] = field(default_factory=list)  # block keys, by indent
    flows: list[_Flow] = field(default_factory=list)  # flow mappings open
    table: _Flow | None = None  # the TOML table the line is in: its path, its names
    deeper: int = 0  # flow mappings open past FLOW_DEPTH, read as the deepest one kept

    def read(self, line: str) -> list[Value] | None:
        """The values `line` holds as a data file's line (an empty list for a key with no
        number, "l40s:"); None for a line of prose, which ends the data."""
        if _FENCE.match(line):  # a code block opens or closes: whatever was open ends
            self.parents.clear()
            self.flows.clear()
            self.table, self.deeper = None, 0
            return None
        header = _TOML_TABLE.fullmatch(line)
        if header is not None and not self.flows:
            self.parents.clear()
            self.table = _Flow(re.sub(r"[\"'.]", " ", header["path"]).strip())
            return []
        pair = _TOML_PAIR.match(line) if self.table is not None and not self.flows else None
        if pair is not None:
            return self._flow_values(line, pair.start("key"))
        opening = None if self.flows else _FLOW_OPENS.match(line)
        if opening is not None and not _FLOW_STARTS.match(line, opening.end() - 1):
            opening = None  # "Set: {a, b": braces in prose, no mapping
        if self.flows or opening is not None:
            if opening is not None:
                self._pop_to(len(opening["indent"]))
            return self._flow_values(line)
        opens = _KEY_OPENS.fullmatch(line)
        held = _KEY_VALUE.match(line) if opens is None else None
        found = opens or held
        if found is None:
            if line.strip():
                self.parents.clear()  # prose: the data ended
                self.table = None
            return None
        self._pop_to(len(found["indent"]))
        if opens is not None:
            self.parents.append((len(found["indent"]), found["key"]))
            return []
        if not self.parents or held is None:
            return []
        return [Value(held.end(), len(line), self.parents[-1][1], held["key"])]

    def _pop_to(self, indent: int) -> None:
        while self.parents and self.parents[-1][0] >= indent:
            self.parents.pop()

    def _flow_values(self, line: str, start: int = 0) -> list[Value] | None:
        found: list[Value] = []
        tokens = 0
        comment = _COMMENT.search(line, start)  # "# fp32 is ours: 896 x 2": no key of data
        for token in _FLOW_TOKEN.finditer(line, start, comment.start() if comment else len(line)):
            tokens += 1
            if token["open"] or token["bare"]:
                if len(self.flows) < FLOW_DEPTH:
                    self.flows.append(_Flow(token["key"] or ""))
                else:
                    self.deeper += 1
            elif token["close"]:
                if self.deeper:
                    self.deeper -= 1
                elif self.flows:
                    self.flows.pop()
            elif token["text"]:
                holder = self.flows[-1] if self.flows else self.table
                if holder is not None:
                    holder.names.append(token["text"][1:-1])
            elif token["number"]:
                key = token["key"]
                if self.flows and self.flows[-1].key:  # "clock_mhz = { boost = 1665 }"
                    key = f"{self.flows[-1].key} {key}"
                found.append(Value(token.start("number"), token.end("number"), self._about(), key))
        if not tokens and line.strip():  # a brace left open in prose: no data after all
            self.flows.clear()
            self.deeper = 0
            return None
        return found

    def _about(self) -> str:
        """What the open mappings name, nearest first: their names, then their keys (not
        the key of the value's own flow mapping, which is part of its row: "clock_mhz")."""
        open_ = [*reversed(self.flows), *([self.table] if self.table is not None else [])]
        words = [name for flow in open_ for name in flow.names]
        words += [flow.key for flow in open_[1 if self.flows else 0 :] if flow.key]
        words += [key for _, key in reversed(self.parents)]
        return " ".join(words)
