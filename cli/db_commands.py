"""`facts db`: the database schema's revision, upgrades and downgrades."""

from __future__ import annotations

from typing import Annotated

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
    from db.engine import redact, unchecked_database
    from db.migrate import upgrade as run_upgrade
    from db.url import database_url

    with unchecked_database(db) as engine:
        run_upgrade(engine, revision)
    print_line(f"{redact(database_url(db))} upgraded to {revision}")


@app.command()
def downgrade(
    revision: Annotated[str, typer.Argument(help="Target revision; 'base' empties it.")] = "-1",
    db: DbOption = None,
) -> None:
    """Downgrade the database schema (a SQLite file is copied first)."""
    from db.engine import redact, unchecked_database
    from db.migrate import downgrade as run_downgrade
    from db.url import database_url

    with unchecked_database(db) as engine:
        run_downgrade(engine, revision)
    print_line(f"{redact(database_url(db))} downgraded to {revision}")


@app.command()
def current(db: DbOption = None, fmt: FormatOption = Format.text) -> None:
    """Print the schema revision the database is at, and this program's head."""
    from db.engine import stored_revision, unchecked_database
    from db.migrations import HEAD_REVISION

    with unchecked_database(db) as engine:
        revision = stored_revision(engine)
    if fmt is Format.json:
        print_json({"revision": revision, "head": HEAD_REVISION})
        return
    state = "up to date" if revision == HEAD_REVISION else "behind" if revision else "empty"
    print_line(f"{revision or '(none)'} (head {HEAD_REVISION}, {state})")
