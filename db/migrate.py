"""Schema migrations: alembic configured in code, imported only when a schema changes.

A SQLite file that already holds data is copied next to itself before it is
upgraded or downgraded (SQLite DDL is not transactional under alembic).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import Engine

from db.errors import DatabaseError
from db.revision import stored_revision

MIGRATIONS = Path(__file__).with_name("migrations")


def alembic_config(engine: Engine) -> Config:
    """Return an alembic `Config` bound to `engine`, with no ini file and no logging setup."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = engine
    return config


def head_revision() -> str:
    """Return the head revision of the migration scripts."""
    head = ScriptDirectory(str(MIGRATIONS)).get_current_head()
    assert head is not None
    return head


def is_known_revision(revision: str) -> bool:
    """True when `revision` is one of this program's migration scripts."""
    scripts = ScriptDirectory(str(MIGRATIONS))
    return any(script.revision == revision for script in scripts.walk_revisions())


def backup_sqlite(engine: Engine) -> Path | None:
    """Copy a non-empty SQLite database file before its schema changes; return the copy."""
    if engine.dialect.name != "sqlite" or not engine.url.database:
        return None
    path = Path(engine.url.database)
    if engine.url.database == ":memory:" or not path.exists() or path.stat().st_size == 0:
        return None
    revision = stored_revision(engine)
    if revision is None:
        return None
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    copy = path.with_name(f"{path.name}.bak-{revision}-{stamp}")
    n = 2
    while copy.exists():  # two changes within a second: a copy of each
        copy = path.with_name(f"{path.name}.bak-{revision}-{stamp}-{n}")
        n += 1
    with engine.connect() as conn:
        # A consistent copy even in WAL mode, outside any transaction: let SQLite write it.
        conn.connection.driver_connection.execute(  # type: ignore[union-attr]
            "VACUUM INTO ?", (copy.as_posix(),)
        )
    return copy


def _at(engine: Engine, revision: str) -> bool:
    """True when the database is already at `revision` (head, base or an id): nothing to do."""
    try:
        target = ScriptDirectory(str(MIGRATIONS)).as_revision_number(revision)
    except CommandError:
        return False
    if isinstance(target, tuple):
        return False
    if target is not None and not is_known_revision(target):
        return False  # a relative step (-1, +2): alembic works it out
    return stored_revision(engine) == target


def revision_name(revision: str | None) -> str:
    """A revision as a reader names it: `0007 (precision, computed values, ...)`, or
    `empty (no schema)` for none."""
    if revision is None:
        return "empty (no schema)"
    script = ScriptDirectory(str(MIGRATIONS)).get_revision(revision)
    doc = script.doc.strip().splitlines()[0] if script is not None and script.doc else ""
    return f"{revision} ({doc})" if doc else revision


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Upgrade the schema to `revision`; a database already there is left untouched."""
    if _at(engine, revision):
        return
    backup_sqlite(engine)
    try:
        command.upgrade(alembic_config(engine), revision)
    except CommandError as exc:
        raise DatabaseError(f"cannot upgrade to {revision!r}: {exc}") from None


def downgrade(engine: Engine, revision: str) -> None:
    """Downgrade the schema to `revision` (`base` empties it); one already there is left."""
    if _at(engine, revision):
        return
    backup_sqlite(engine)
    try:
        command.downgrade(alembic_config(engine), revision)
    except CommandError as exc:
        raise DatabaseError(f"cannot downgrade to {revision!r}: {exc}") from None


def current(engine: Engine) -> str | None:
    """Return the schema revision the database is at, None for an empty one."""
    return stored_revision(engine)
