"""The `facts` command: one typer app per noun, and the single error boundary.

Heavy modules (SQLAlchemy's ORM, alembic, rich, pint) are imported inside the
commands that use them, so that `facts --help` starts fast.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated

import typer
from typer._click import Context
from typer._click import exceptions as usage

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


def _flags_show_no_type() -> None:
    """A flag takes no value: show no `<bool>` beside it in help (typer shows one)."""
    from typer.core import TyperOption

    shown = TyperOption.display_type_rich

    def display_type_rich(self: TyperOption, ctx: Context) -> str | None:
        return None if self.is_flag or self.count else shown(self, ctx)

    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]


_flags_show_no_type()
app = typer.Typer(
    name="facts",
    help="A fact-checked specification database with provenance.",
    no_args_is_help=True,
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
        code = app(standalone_mode=False)
    except usage.NoArgsIsHelpError as exc:
        sys.stderr.write(exc.format_message())
        sys.exit(2)
    except usage.UsageError as exc:
        sys.exit(_usage(exc))
    except typer.Abort:
        sys.stderr.write("error: aborted\n")
        sys.exit(1)
    except usage.ClickException as exc:
        sys.stderr.write(f"error: {_first_line(exc.format_message())}\n")
        sys.exit(exc.exit_code)
    except CatalogErrors as exc:
        for error in exc.errors[:MAX_PRINTED_ERRORS]:
            sys.stderr.write(f"error: {error}\n")
        if len(exc.errors) > MAX_PRINTED_ERRORS:
            more = len(exc.errors) - MAX_PRINTED_ERRORS
            sys.stderr.write(f"… and {more:,} more\n")
        sys.stderr.write(f"{exc}\n")
        sys.exit(2)
    except FactsError as exc:
        sys.stderr.write(f"error: {exc}\n")
        sys.exit(2)
    except Exception as exc:
        sys.exit(_foreign(exc))
    sys.exit(code if isinstance(code, int) else 0)


def _first_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return " ".join(lines) if len(lines) <= 3 else lines[0]


def _usage(exc: usage.UsageError) -> int:
    """A mistake in the command line: one line naming it and where help is, exit 2."""
    where = f" (see `{exc.ctx.command_path} --help`)" if exc.ctx is not None else ""
    sys.stderr.write(f"error: {_first_line(exc.format_message())}{where}\n")
    return exc.exit_code


MAX_PRINTED_ERRORS = 50
"""The most problems of a catalog printed one per line; the rest are counted."""
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
    from db.database import redact

    detail = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
    url = getattr(exc, "url", None)
    where = f" ({redact(str(url))})" if url else ""
    sys.stderr.write(f"error: database{where}: {detail}\n")
    return 2
