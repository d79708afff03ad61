"""The `facts` command: one typer app per noun, and the single error boundary.

Heavy modules (SQLAlchemy's ORM, alembic, rich, pint) are imported inside the
commands that use them, so that `facts --help` starts fast.
"""

from __future__ import annotations

import sys

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


def _foreign(exc: Exception) -> int:
    """Print a database error as one line (URL redacted); re-raise anything else."""
    from sqlalchemy.exc import SQLAlchemyError

    if not isinstance(exc, SQLAlchemyError):
        raise exc
    from db.engine import redact

    detail = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
    url = getattr(exc, "url", None)
    where = f" ({redact(str(url))})" if url else ""
    sys.stderr.write(f"error: database{where}: {detail}\n")
    return 2
