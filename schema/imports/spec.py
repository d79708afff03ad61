"""The table specification a wide import writes: the imported table, for `facts export`.

One `tables:` entry in the import's file: a column per subject (the table's rows, in
their order, labelled with the row names as written), a row per quantity column (the
header without its unit, the quantity, the unit to show it in), the subject column's
header in the corner. Its id is the file's stem as a slug (`-import` after it when a
table of the catalog elsewhere has that id), its title the source's; the mapping's
`table:` may name both, or turn the table off (`table: false`).

The entry is written once, then only added to: importing the table again adds a column
for a subject, a row for a quantity, that the import's file did not have before (no
fact of it, no column or row naming it), at the end; everything else a person changed
in the entry (labels, order, a `derived:` row, a removed row) stays as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from pydantic import ValidationError

from schema.catalog import Catalog, Table
from schema.errors import CatalogError, FactsError, Place
from schema.imports.cells import WideColumn, WideShape
from schema.imports.mapping import MappingFile
from schema.imports.resolve import split_unit
from schema.models import TableColumn, TableEntry, TableRow
from schema.units import factor

SUFFIX = "-import"
"""After the file's stem, when a table of the catalog elsewhere already has its id."""
_SCALE = Fraction(1000)  # a header's unit this many times off the quantity's gives way to it


@dataclass(frozen=True, slots=True)
class TableChange:
    """The table entry to write: new (`position` None) or an existing one of the import's
    file (its index in the file's `tables:`) with columns and rows added at the end."""

    entry: TableEntry
    position: int | None
    columns: tuple[TableColumn, ...] = ()
    rows: tuple[TableRow, ...] = ()


@dataclass(slots=True)
class TablePlan:
    """What the import does to its table: the id `facts export` takes (None: no table),
    the change to write (None: nothing), and the notes and problems of it."""

    id: str | None = None
    change: TableChange | None = None
    notes: list[str] = field(default_factory=list)
    errors: list[CatalogError] = field(default_factory=list)


def table_id(stem: str) -> str:
    """A file's stem as a table id: lower case, runs of other characters as '-'."""
    slug = re.sub(r"[^a-z0-9._-]+", "-", stem.lower()).strip("-._")
    return slug[: 120 - len(SUFFIX) - 4] or "table"


def row_unit(column: WideColumn, reference: str) -> str | None:
    """The unit a quantity column is shown in: the column's own (the header's, or the
    mapping's), unless it is more than a thousand times off the quantity's unit
    (bytes/s for GB/s: numbers with a power of ten), then the quantity's; none for a
    column without a unit, or whose unit the quantity cannot be shown in."""
    if column.unit is None:
        return None
    try:
        scale = factor(column.unit, reference)
    except FactsError:
        return None
    if reference and not 1 / _SCALE <= scale <= _SCALE:
        return reference
    return column.unit


def row_label(header: str) -> str:
    """A header without the unit in parentheses or brackets at its end."""
    split = split_unit(header)
    return split[0] if split is not None else header.strip()


def plan_table(
    shape: WideShape | None,
    catalog: Catalog,
    file: str,
    mapped: MappingFile,
    *,
    stem: str,
    title: str,
    holds_facts: bool,
    place: Place,
) -> TablePlan:
    """The table the import of a wide table (`shape`) writes into `file`, diffed with the
    one that file holds; `holds_facts` when the file will hold facts after the import
    (a table is never written alone). `title` is the default title, `place` where a
    problem of the table is reported when the mapping does not name it."""
    result = TablePlan()
    option = mapped.mapping.table
    if shape is None:
        if option is not None and (option.id or option.title):
            result.notes.append("a long table writes no table specification; `table:` is unused")
        return result
    if option is None:
        return result
    mine = sorted(
        (t for t in catalog.tables.values() if t.origin.file == file),
        key=lambda t: t.origin.position,
    )
    ours: Table | None
    if option.id is not None:
        ours = next((t for t in mine if t.entry.id == option.id), None)
    else:
        ours = mine[0] if mine else None
    try:
        columns = [TableColumn(subject=r.subject, label=r.name) for r in shape.rows]
        rows, left_out = _rows(shape, catalog)
    except ValidationError as exc:  # a label the catalog cannot hold (a control character)
        result.errors.extend(_problems(exc, place))
        return result
    if ours is not None:
        result.id = ours.entry.id
        result.change = _added(ours, catalog, file, columns, rows)
        if result.change is not None:
            added = [
                *(f"column {c.subject}" for c in result.change.columns),
                *(f"row {r.quantity}" for r in result.change.rows),
            ]
            result.notes.append(f"table {ours.entry.id}: {', '.join(added)} added")
        return result
    if not holds_facts or not columns or not rows:
        return result
    wanted = option.id or _free(table_id(stem), catalog)
    known = catalog.tables.get(wanted)
    if known is not None:  # only a mapping's id can be taken: a default one is made free
        result.errors.append(
            CatalogError(
                mapped.place("table", "id"),
                f"table {wanted!r} is already defined at {known.origin.file}:"
                f"{known.origin.line}; name another id under `table:` in the mapping",
            )
        )
        return result
    try:
        entry = TableEntry(
            id=wanted,
            title=option.title or title,
            corner=shape.corner or None,
            columns=tuple(columns),
            rows=tuple(rows),
        )
    except ValidationError as exc:
        result.errors.extend(_problems(exc, place))
        return result
    result.id = wanted
    result.change = TableChange(entry, None)
    result.notes.extend(left_out)
    result.notes.extend(
        f"the file's table {t.entry.id} stays as it is: the mapping names another" for t in mine
    )
    result.notes.append(
        f"table {wanted} written: after `facts load`, `facts export {wanted}` shows the "
        "imported table"
    )
    return result


def _problems(exc: ValidationError, place: Place) -> list[CatalogError]:
    """A table entry's validation errors, at the table's place."""
    problems = []
    for error in exc.errors():
        message = str(error["msg"]).removeprefix("Value error, ")
        where = ".".join(str(part) for part in error["loc"])
        problems.append(CatalogError(place, f"the table's {where}: {message}"))
    return problems


def _rows(shape: WideShape, catalog: Catalog) -> tuple[list[TableRow], list[str]]:
    """A row per quantity column, in the table's order, and a note per column left out:
    one row per quantity (a row shows a subject's value of its quantity, whatever the
    qualifiers of the columns)."""
    rows: list[TableRow] = []
    notes: list[str] = []
    seen: dict[str, str] = {}
    for column in shape.columns:
        if column.quantity in seen:
            notes.append(
                f"column {column.header!r} is not in the table: a row shows one value of "
                f"a quantity, whatever its qualifiers, and {column.quantity} is the row of "
                f"column {seen[column.quantity]!r}"
            )
            continue
        seen[column.quantity] = column.header
        reference = catalog.quantities[column.quantity].unit
        rows.append(
            TableRow(
                label=row_label(column.header),
                quantity=column.quantity,
                unit=row_unit(column, reference),
            )
        )
    return rows, notes


def _added(
    ours: Table,
    catalog: Catalog,
    file: str,
    columns: list[TableColumn],
    rows: list[TableRow],
) -> TableChange | None:
    """The columns and rows new to the import's file, added at the end of its table."""
    before = [f for f in catalog.facts.values() if f.origin.file == file]
    entry = ours.entry
    had_subjects = {c.subject for c in entry.columns} | {f.subject for f in before}
    had_quantities = {r.quantity for r in entry.rows if r.quantity is not None}
    had_quantities |= {f.entry.quantity for f in before}
    new_columns = tuple(c for c in columns if c.subject not in had_subjects)
    new_rows = tuple(r for r in rows if r.quantity not in had_quantities)
    if not new_columns and not new_rows:
        return None
    merged = entry.model_copy(
        update={"columns": entry.columns + new_columns, "rows": entry.rows + new_rows}
    )
    return TableChange(merged, ours.origin.position, new_columns, new_rows)


def _free(base: str, catalog: Catalog) -> str:
    """`base`, else `base-import`, `base-import-2`, ...: the first no table has."""
    if base not in catalog.tables:
        return base
    candidate, n = f"{base}{SUFFIX}", 2
    while candidate in catalog.tables:
        candidate, n = f"{base}{SUFFIX}-{n}", n + 1
    return candidate
