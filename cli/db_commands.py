"""`facts db`: the database schema's revision, upgrades and downgrades."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import typer

from cli.options import DbOption, Format, FormatOption
from cli.output import print_json, print_line

app = typer.Typer(help="Manage the database schema.", no_args_is_help=True)


@app.command()
def upgrade(
    revision: Annotated[str, typer.Argument(help="Target revision.")] = "head",
    db: DbOption = None,
) -> None:
    """Upgrade the database schema (a SQLite file is copied first)."""
    from db.database import facts_revision
    from db.migrate import upgrade as run_upgrade
    from db.url import database_url

    _move(
        db,
        "upgraded",
        lambda engine: facts_revision(engine, database_url(db)),
        lambda engine: run_upgrade(engine, revision),
    )


@app.command()
def downgrade(
    revision: Annotated[str, typer.Argument(help="Target revision; 'base' empties it.")] = "-1",
    db: DbOption = None,
) -> None:
    """Downgrade the database schema (a SQLite file is copied first)."""
    from db.migrate import downgrade as run_downgrade
    from db.revision import stored_revision
    from db.url import database_url, refuse_missing

    refuse_missing(database_url(db))
    _move(db, "downgraded", stored_revision, lambda engine: run_downgrade(engine, revision))


def _move(
    db: str | None,
    done: str,
    revision_before: Callable[[Any], str | None],
    run: Callable[[Any], None],
) -> None:
    """Run a schema migration and say where it left the database (or that it did not move)."""
    from db.database import redact, unchecked_database
    from db.migrate import revision_name
    from db.revision import stored_revision
    from db.url import database_url

    with unchecked_database(db) as engine:
        before = revision_before(engine)
        run(engine)
        after = stored_revision(engine)
    where = redact(database_url(db))
    if after == before:
        print_line(f"{where} is at {revision_name(after)} already; nothing was changed")
        return
    print_line(f"{where} {done} to {revision_name(after)}")


@app.command()
def current(db: DbOption = None, fmt: FormatOption = Format.text) -> None:
    """Print the schema revision the database is at, and this program's head."""
    from db.database import unchecked_database
    from db.migrate import is_known_revision
    from db.migrations import HEAD_REVISION
    from db.revision import stored_revision
    from db.url import database_url, refuse_missing

    refuse_missing(database_url(db))
    with unchecked_database(db) as engine:
        revision = stored_revision(engine)
    if revision is None:
        state = "empty"
    elif revision == HEAD_REVISION:
        state = "up to date"
    elif is_known_revision(revision):
        state = "behind: `facts db upgrade` brings it up to date"
    else:
        state = "ahead: written by a newer facts; upgrade facts itself"
    if fmt is Format.json:
        print_json({"revision": revision, "head": HEAD_REVISION, "state": state.split(":")[0]})
        return
    print_line(f"{revision or '(none)'} (head {HEAD_REVISION}, {state})")
