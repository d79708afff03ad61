"""Read a spec table into rows of cells that keep their file, row and column.

CSV, TSV, JSON (a list of objects, or `{"columns": [...], "rows": [...]}`) and
Markdown pipe tables. Every cell stays the text that was written: a JSON number
keeps its digits (`5.30e12` is not turned into a float), a CSV cell its spelling.
The reading is bounded (file size, cell length) and a file that cannot be read is
one line naming where, never a traceback.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from schema.errors import CatalogError, Place
from schema.imports.problems import check
from schema.yaml_source import decode_utf8

MAX_BYTES = 1024 * 1024
"""The largest table read, in bytes: spec tables are a few kilobytes."""
MAX_CELLS = 20_000
"""The most cells a table may have (rows × columns): each may become a fact."""
MAX_CELL = 1_000
"""The longest cell read, in characters."""
FORMATS = {".csv": "csv", ".tsv": "tsv", ".tab": "tsv", ".json": "json", ".md": "md"}
FORMATS[".markdown"] = "md"


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the table: its number (1 is the first row under the header), the line
    it starts on, and its cells in the order of the table's columns."""

    number: int
    line: int | None
    cells: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Table:
    """A table as read: the file (as shown to the user), its headers and its rows."""

    file: str
    columns: tuple[str, ...]
    header_line: int | None
    rows: tuple[Row, ...]

    def place(self, row: Row | None = None, column: str | None = None) -> Place:
        """Where a row, a column or one cell is: line, and the row and column named."""
        parts = []
        if row is not None:
            parts.append(f"row {row.number}")
        if column is not None:
            parts.append(f"column {column!r}")
        line = row.line if row is not None else self.header_line
        return Place(self.file, line, ", ".join(parts) or None)

    def column(self, row: Row, name: str) -> str:
        """The text of `row`'s cell in the column called `name` ('' if there is none)."""
        return row.cells[self.columns.index(name)]


def table_format(path: Path) -> str:
    """`csv`, `tsv`, `json` or `md`, from the file's extension; `CatalogError` otherwise."""
    found = FORMATS.get(path.suffix.lower())
    if found is None:
        raise CatalogError(
            Place(str(path)),
            f"cannot tell the table's format from {path.suffix or 'a name without extension'!r}; "
            "name the file .csv, .tsv, .json or .md",
        )
    return found


def read_table(path: Path, display: str | None = None) -> Table:
    """Read the table at `path` (shown as `display`); raise `CatalogError(s)` if it cannot
    be read: too large, not UTF-8, malformed, ragged rows, or over-long cells."""
    shown = display if display is not None else str(path)
    kind = table_format(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise CatalogError(
                Place(shown),
                f"the file has {size:,} bytes; a table of at most {MAX_BYTES:,} is read "
                "(split it into several files)",
            )
        raw = path.read_bytes()
    except FileNotFoundError:
        raise CatalogError(Place(shown), "no such file") from None
    except IsADirectoryError:
        raise CatalogError(Place(shown), "is a directory, not a table file") from None
    except OSError as exc:
        raise CatalogError(Place(shown), f"cannot be read: {exc.strerror}") from None
    text = decode_utf8(raw, shown)
    text = text.removeprefix("\ufeff")  # a byte-order mark, as spreadsheets write it
    if not text.strip():
        raise CatalogError(Place(shown, 1), "the file is empty; expected a header and rows")
    if kind == "json":
        table = _json_table(text, shown)
    elif kind == "md":
        table = _markdown_table(text, shown)
    else:
        table = _delimited_table(text, shown, "\t" if kind == "tsv" else ",")
    _check_shape(table)
    return table


def _check_shape(table: Table) -> None:
    """Duplicate headers, rows of the wrong length and over-long cells, all at once."""
    errors = []
    seen: dict[str, int] = {}
    for index, name in enumerate(table.columns):
        if len(name) > MAX_CELL:
            errors.append(
                CatalogError(
                    table.place(),
                    f"header {index + 1} has {len(name):,} characters; at most {MAX_CELL:,}",
                )
            )
        elif name and name in seen:
            errors.append(
                CatalogError(
                    table.place(column=name),
                    f"the header is given twice (columns {seen[name] + 1} and {index + 1}); "
                    "every column needs a header of its own",
                )
            )
        seen.setdefault(name, index)
    width = len(table.columns)
    if width * len(table.rows) > MAX_CELLS:
        raise CatalogError(
            table.place(),
            f"the table has {width * len(table.rows):,} cells; at most {MAX_CELLS:,} are "
            "read (split it into several files)",
        )
    for row in table.rows:
        if len(row.cells) != width:
            errors.append(
                CatalogError(
                    table.place(row),
                    f"the row has {len(row.cells)} cells and the header {width}; a missing or "
                    "extra separator would shift its values into the wrong columns",
                )
            )
            continue
        for name, cell in zip(table.columns, row.cells, strict=True):
            if len(cell) > MAX_CELL:
                errors.append(
                    CatalogError(
                        table.place(row, name),
                        f"the cell has {len(cell):,} characters; at most {MAX_CELL:,} are read",
                    )
                )
    check(errors, table.file)


def _delimited_table(text: str, file: str, delimiter: str) -> Table:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    header: list[str] | None = None
    header_line: int | None = None
    rows: list[Row] = []
    while True:
        start = reader.line_num + 1
        try:
            record = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise CatalogError(Place(file, reader.line_num or start), f"malformed: {exc}") from None
        if not any(cell.strip() for cell in record):
            continue  # a blank line
        cells = tuple(cell.strip() for cell in record)
        if header is None:
            header, header_line = list(cells), start
        else:
            rows.append(Row(len(rows) + 1, start, cells))
    if header is None:  # pragma: no cover - an empty file is refused before
        raise CatalogError(Place(file, 1), "no header row")
    return Table(file, tuple(header), header_line, tuple(rows))


_SEPARATOR = re.compile(r"^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$")
_PIPE = re.compile(r"(?<!\\)\|")


def _markdown_cells(line: str) -> tuple[str, ...]:
    text = line.strip()
    text = text.removeprefix("|")
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    return tuple(part.strip().replace("\\|", "|") for part in _PIPE.split(text))


def _markdown_table(text: str, file: str) -> Table:
    lines = text.splitlines()
    starts = [
        i
        for i in range(len(lines) - 1)
        if "|" in lines[i]
        and _SEPARATOR.match(lines[i + 1].strip())
        and len(_markdown_cells(lines[i + 1])) == len(_markdown_cells(lines[i]))
    ]
    if not starts:
        raise CatalogError(
            Place(file),
            "no Markdown table found: expected a header line of `| a | b |` cells and a "
            "`|---|---|` line under it",
        )
    if len(starts) > 1:
        raise CatalogError(
            Place(file, starts[1] + 1),
            f"a second table starts here (the first at line {starts[0] + 1}); import one "
            "table per file",
        )
    start = starts[0]
    header = _markdown_cells(lines[start])
    rows: list[Row] = []
    for index in range(start + 2, len(lines)):
        line = lines[index]
        if "|" not in line or not line.strip():
            break
        rows.append(Row(len(rows) + 1, index + 1, _markdown_cells(line)))
    return Table(file, header, start + 1, tuple(rows))


class _JsonProblem(ValueError):
    """A JSON file that is not a table, at a character offset."""

    def __init__(self, message: str, position: int) -> None:
        super().__init__(message)
        self.position = position


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"the key {key!r} is given twice in one object")
        result[key] = value
    return result


# Numbers keep the digits written: 5.30e12 stays '5.30e12', never a float.
_DECODER = json.JSONDecoder(
    parse_float=str, parse_int=str, parse_constant=str, object_pairs_hook=_no_duplicates
)
_SPACE = " \t\r\n"


def _skip(text: str, at: int) -> int:
    while at < len(text) and text[at] in _SPACE:
        at += 1
    return at


def _value(text: str, at: int) -> tuple[Any, int]:
    try:
        return _DECODER.raw_decode(text, at)
    except json.JSONDecodeError:
        raise
    except ValueError as exc:  # a key given twice
        raise _JsonProblem(str(exc), at) from None


def _items(text: str, at: int) -> tuple[list[tuple[Any, int]], int]:
    """The elements of the array at `text[at]` with the offset each starts at."""
    items: list[tuple[Any, int]] = []
    at = _skip(text, at + 1)
    if text[at : at + 1] == "]":
        return items, at + 1
    while True:
        value, end = _value(text, at)
        items.append((value, at))
        at = _skip(text, end)
        if text[at : at + 1] == ",":
            at = _skip(text, at + 1)
        elif text[at : at + 1] == "]":
            return items, at + 1
        else:
            raise json.JSONDecodeError("expected ',' or ']'", text, at)


def _top(text: str) -> tuple[list[tuple[Any, int]], Any]:
    """The rows (each with its offset) and the columns (None if not given) of the file."""
    at = _skip(text, 0)
    columns: Any = None
    if text[at : at + 1] == "[":
        rows, end = _items(text, at)
    elif text[at : at + 1] == "{":
        rows, end, found = [], at + 1, False
        at = _skip(text, at + 1)
        while text[at : at + 1] != "}":
            key, end = _value(text, at)
            at = _skip(text, end)
            if not isinstance(key, str) or text[at : at + 1] != ":":
                raise json.JSONDecodeError("expected a key and ':'", text, at)
            at = _skip(text, at + 1)
            if key == "rows":
                if text[at : at + 1] != "[":
                    raise _JsonProblem("`rows` must be a list of rows", at)
                rows, end = _items(text, at)
                found = True
            elif key == "columns":
                columns, end = _value(text, at)
            else:
                raise _JsonProblem(
                    f"unexpected key {key!r}; a table object has `columns` and `rows`", at
                )
            at = _skip(text, end)
            if text[at : at + 1] == ",":
                at = _skip(text, at + 1)
            elif text[at : at + 1] != "}":
                raise json.JSONDecodeError("expected ',' or '}'", text, at)
        end = at + 1
        if not found:
            raise _JsonProblem("the table object has no `rows` list", 0)
    else:
        raise _JsonProblem('expected a list of objects, or {"columns": [...], "rows": [...]}', at)
    if _skip(text, end) != len(text):
        raise json.JSONDecodeError("extra data after the table", text, _skip(text, end))
    return rows, columns


def _cell(value: Any) -> str | None:
    """A JSON value as the cell's text; None for what cannot be a cell."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value.strip()
    return None  # true, false, a list or an object


def _json_table(text: str, file: str) -> Table:
    def line(offset: int) -> int:
        return text.count("\n", 0, offset) + 1

    try:
        items, columns = _top(text)
    except json.JSONDecodeError as exc:
        raise CatalogError(Place(file, exc.lineno), f"malformed JSON: {exc.msg}") from None
    except _JsonProblem as exc:
        raise CatalogError(Place(file, line(exc.position)), str(exc)) from None
    if columns is not None and (
        not isinstance(columns, list) or not all(isinstance(c, str) for c in columns)
    ):
        raise CatalogError(Place(file, 1), "`columns` must be a list of header texts")
    names: list[str] = [c.strip() for c in columns] if columns is not None else []
    if columns is None:
        for value, offset in items:
            if not isinstance(value, dict):
                raise CatalogError(
                    Place(file, line(offset)),
                    "a row must be an object of header → value (or give `columns` and "
                    "list rows as arrays)",
                )
            names.extend(k.strip() for k in value if k.strip() not in names)
    table = Table(file, tuple(names), 1, ())
    rows: list[Row] = []
    errors: list[CatalogError] = []
    for number, (value, offset) in enumerate(items, start=1):
        at = Row(number, line(offset), ())
        if isinstance(value, dict):
            unknown = [k for k in value if k.strip() not in names]
            if unknown:
                errors.append(
                    CatalogError(
                        table.place(at, unknown[0]), "this key is not one of the `columns`"
                    )
                )
                continue
            raw = {k.strip(): v for k, v in value.items()}
            values = [raw.get(name) for name in names]
        elif isinstance(value, list):
            values = list(value)
            if len(values) != len(names):
                errors.append(
                    CatalogError(
                        table.place(at),
                        f"the row has {len(values)} cells and `columns` {len(names)}",
                    )
                )
                continue
        else:
            errors.append(CatalogError(table.place(at), "a row must be an object or an array"))
            continue
        cells: list[str] = []
        for name, item in zip(names, values, strict=True):
            cell = _cell(item)
            if cell is None:
                errors.append(
                    CatalogError(
                        table.place(at, name),
                        f"{json.dumps(item)[:40]} is not a cell: write a number or a text",
                    )
                )
                cell = ""
            cells.append(cell)
        rows.append(Row(number, at.line, tuple(cells)))
    check(errors, file)
    return Table(file, tuple(names), 1, tuple(rows))
