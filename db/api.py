"""The library's entry point: what the `facts` commands do, from Python.

    from db import api

    report = api.load("facts")                       # validate, load, derive: all or nothing
    findings = api.audit()                           # every finding, heaviest first
    checked = api.check(Path("post.md").read_text("utf-8"), name="post.md")
    table = api.export("hardware-overview", fmt="md")  # a table of the catalog, rendered

Every function takes `db=` (a database URL; by default `FACTS_DB_URL`, else
`sqlite:///facts.sqlite` in the working folder) and raises a `FactsError` (see the
error trees of `schema.errors`, `db.errors` and `derive.errors`) whose text is the
one line the command would print. The commands call these same functions, so the
two cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from db.load import LoadReport
    from derive.audit import Finding
    from derive.publish.tables import BuiltTable
    from derive.rules import RuleFolders
    from derive.text import TextReport
    from schema.imports.run import ImportOptions, ImportReport

EXPORT_FORMATS = ("md", "csv", "html", "json", "latex")
"""The formats `export` renders a table in (`facts export --format`)."""


def rule_folders(
    catalog: Path | str, rules: Sequence[Path | str] = (), *, standard_rules: bool = True
) -> RuleFolders:
    """The rule folders a load of `catalog` reads: its own `rules/`, the `rules` named,
    and the product's general rules unless `standard_rules` is false."""
    from derive.rules import RuleFolders

    return RuleFolders.of(Path(catalog), [Path(r) for r in rules], standard=standard_rules)


def load(
    catalog: Path | str = "facts",
    *,
    db: str | None = None,
    rules: Sequence[Path | str] = (),
    standard_rules: bool = True,
) -> LoadReport:
    """Validate the catalog under `catalog` and its rules, load them and derive, in one
    transaction; nothing is written when anything is wrong (`CatalogErrors`)."""
    from db.load import load_into

    folders = rule_folders(catalog, rules, standard_rules=standard_rules)
    return load_into(db, Path(catalog), folders)


def import_table(
    table: Path | str,
    catalog: Path | str = "facts",
    mapping: Path | str | None = None,
    options: ImportOptions | None = None,
) -> ImportReport:
    """Import the spec table at `table` into the catalog under `catalog` (see
    `schema.imports.run.import_table`), holding the catalog lock while the import reads
    the catalog and writes its file, as loads and adds do."""
    from db.lock import catalog_lock
    from schema.imports.run import import_table as import_into

    root = Path(catalog)
    with catalog_lock(root):
        return import_into(Path(table), root, None if mapping is None else Path(mapping), options)


def audit(
    *,
    db: str | None = None,
    texts: Sequence[tuple[str, str]] = (),
    rules: Sequence[Path | str] | None = None,
    standard_rules: bool | None = None,
    reload: bool = False,
) -> list[Finding]:
    """Every finding over the loaded catalog, heaviest first; `texts` ((name, content)
    pairs) add their claims' findings. The rules are those of the last load unless
    `rules` / `standard_rules` say otherwise (`reload` loads again if the catalog or
    rules on disk changed, instead of refusing with `Stale`)."""
    from db.audit import audit_database
    from db.database import database
    from db.load import as_loaded

    with database(db, must_exist=True) as engine:
        folders = as_loaded(engine, _paths(rules), standard=standard_rules, reload=reload)
        return audit_database(engine, folders, texts)


def check(text: str, *, db: str | None = None, name: str = "") -> TextReport:
    """Every number of `text` with its verdict against the loaded catalog (`name` is
    how the report and its errors call the text)."""
    from db.known import loaded_view
    from derive.text import check_text

    return check_text(text, loaded_view(db), name)


def built_tables(
    *,
    db: str | None = None,
    tables: Sequence[str] | None = None,
    findings: bool = True,
    rules: Sequence[Path | str] | None = None,
    standard_rules: bool | None = None,
    reload: bool = False,
) -> dict[str, BuiltTable]:
    """The catalog's tables (all, or those named) built from the database, by id, with
    the open findings on their values as footnotes unless `findings` is false."""
    from db.database import database
    from db.load import as_loaded
    from db.snapshot import snapshot

    with database(db, must_exist=True) as engine:
        folders = as_loaded(engine, _paths(rules), standard=standard_rules, reload=reload)
        snap = snapshot(engine, folders)
    wanted = sorted(snap.catalog.tables) if tables is None else list(tables)
    return {table: snap.build_table(table, findings=findings) for table in wanted}


def export(
    table: str,
    *,
    db: str | None = None,
    fmt: str = "md",
    findings: bool = True,
    fragment: bool = False,
) -> str:
    """One of the catalog's tables rendered in `fmt` (one of `EXPORT_FORMATS`); an HTML
    `fragment` is the table alone, to embed in a page."""
    return render_table(
        built_tables(db=db, tables=[table], findings=findings)[table], fmt, fragment
    )


def render_table(built: BuiltTable, fmt: str = "md", fragment: bool = False) -> str:
    """A built table in `fmt` (one of `EXPORT_FORMATS`)."""
    from derive.publish.formats import RENDERERS, to_html_fragment

    if fmt not in EXPORT_FORMATS:
        raise ValueError(f"unknown format {fmt!r}; the formats are {', '.join(EXPORT_FORMATS)}")
    return to_html_fragment(built) if fragment and fmt == "html" else RENDERERS[fmt](built)


def _paths(rules: Sequence[Path | str] | None) -> list[Path] | None:
    return None if rules is None else [Path(r) for r in rules]
