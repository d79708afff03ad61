"""The `facts` command: one typer app per noun, and the single error boundary.

Heavy modules (SQLAlchemy's ORM, alembic, rich, pint) are imported inside the
commands that use them, so that `facts --help` starts fast.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated

import typer

from cli import (
    add_commands,
    audit_commands,
    catalog_commands,
    db_commands,
    derive_commands,
    export_commands,
    import_commands,
    publish_commands,
    text_commands,
)

app = typer.Typer(
    name="facts",
    help="A fact-checked specification database with provenance.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(given: bool) -> None:
    if given:
        from importlib.metadata import PackageNotFoundError, version

        try:
            sys.stdout.write(f"facts {version('facts')}\n")
        except PackageNotFoundError:  # pragma: no cover - run from a source tree
            sys.stdout.write("facts (not installed)\n")
        raise typer.Exit()


@app.callback()
def _options(
    show_version: Annotated[
        bool,
        typer.Option("--version", help="Print the version and exit.", callback=_version),
    ] = False,
) -> None:
    """A fact-checked specification database with provenance."""


catalog_commands.register(app)
add_commands.register(app)
derive_commands.register(app)
audit_commands.register(app)
export_commands.register(app)
import_commands.register(app)
text_commands.register(app)
publish_commands.register(app)
app.add_typer(db_commands.app, name="db")


def main() -> None:
    """Run the command line; a user's mistake is one line on stderr and exit code 2.

    typer reports usage mistakes itself (exit 2); this boundary turns our own
    errors and the database driver's into one line each, never a traceback.
    """
    from schema.errors import CatalogErrors, FactsError

    try:
        app()
    except CatalogErrors as exc:
        for error in exc.errors:
            sys.stderr.write(f"error: {error}\n")
        sys.stderr.write(f"{exc}\n")
        sys.exit(2)
    except FactsError as exc:
        sys.stderr.write(f"error: {exc}\n")
        sys.exit(2)
    except Exception as exc:
        sys.exit(_foreign(exc))


INTERNAL_ERROR = 70
"""Exit code of a bug in facts itself (EX_SOFTWARE), never that of a finding (1)."""


def _foreign(exc: Exception) -> int:
    """Print a database error as one line (URL redacted); anything else is a bug in facts:
    one line and exit code 70, the traceback with FACTS_DEBUG=1."""
    from sqlalchemy.exc import SQLAlchemyError

    if not isinstance(exc, SQLAlchemyError):
        if os.environ.get("FACTS_DEBUG"):
            raise exc
        sys.stderr.write(
            f"internal error: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
            " (a bug in facts; run again with FACTS_DEBUG=1 for the traceback)\n"
        )
        return INTERNAL_ERROR
    from db.engine import redact

    detail = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
    url = getattr(exc, "url", None)
    where = f" ({redact(str(url))})" if url else ""
    sys.stderr.write(f"error: database{where}: {detail}\n")
    return 2
