"""`facts import`: a spec table (CSV, TSV, JSON, Markdown) into a catalog's YAML.

    tables.py    read the file into rows of cells that keep their file, line, row, column
    mapping.py   the mapping file: source, tier, date, locators, headers and row names
    resolve.py   a header to a quantity, a row name to a subject, by their words
    cells.py     the cells of a wide or a long table into readings, one per statement
    plan.py      readings into facts, diffed with the catalog: unchanged, new, corrections
    spec.py      a wide table's table specification, for `facts export`: new, or added to
    write.py     the import's YAML file, added to in memory and replaced atomically
    problems.py  every problem of an import at once, capped
    run.py       `import_table`: all of it, checked whole before anything is written

Its names are imported on first use: `import schema.imports` loads nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from schema.lazy import exports

if TYPE_CHECKING:
    from schema.imports.problems import ImportErrors
    from schema.imports.run import ImportOptions, ImportReport, import_table

_WHERE = {
    "ImportErrors": "schema.imports.problems",
    "ImportOptions": "schema.imports.run",
    "ImportReport": "schema.imports.run",
    "import_table": "schema.imports.run",
}

__all__ = [
    "ImportErrors",
    "ImportOptions",
    "ImportReport",
    "import_table",
]


__getattr__ = exports("schema.imports", _WHERE)
