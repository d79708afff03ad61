"""Open the database: one place that makes engines, checks and upgrades the schema.

SQLite (the embedded default) runs in WAL mode with foreign keys on, a busy
timeout, and `BEGIN IMMEDIATE` for write transactions, so that concurrent
writers wait for each other instead of failing or losing updates. On
PostgreSQL, writers take a transaction-scoped advisory lock.
"""

from __future__ import annotations

import fcntl
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, OperationalError

from db.errors import (
    DatabaseError,
    DatabaseUnavailable,
    SchemaAhead,
    SchemaBehind,
    WriteConflict,
)
from db.migrations import HEAD_REVISION
from db.revision import stored_revision
from db.url import database_url, refuse_missing

BUSY_TIMEOUT_MS = 30_000
_WRITE_LOCK_KEY = 0x66616374  # "fact": the advisory lock every PostgreSQL writer takes
_SCHEMA_LOCK_KEY = 0x66616375  # the advisory lock of whoever creates or upgrades the schema


_PASSWORD_PARAMETER = re.compile(r"(?i)([?&](?:password|passwd|pwd)=)[^&]*")


def redact(url: str) -> str:
    """Return `url` with any password hidden (in it or as `?password=`), fit for messages."""
    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "<unreadable database URL>"
    return _PASSWORD_PARAMETER.sub(r"\1***", shown)


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    # Take over BEGIN from the driver so that writers can ask for IMMEDIATE. Only settings
    # of the connection here: WAL mode is written into the file, and only once the file is
    # known to be a facts database (`_use_wal`), so a refused file is left as it was.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _use_wal(engine: Engine) -> None:
    """Put a SQLite facts database in WAL mode (kept in the file) if it is not yet."""
    if engine.dialect.name != "sqlite" or engine.url.database in (None, "", ":memory:"):
        return
    raw = engine.raw_connection()
    try:  # through the driver: SQLite changes the journal mode only outside a transaction
        driver = raw.driver_connection
        assert driver is not None
        if driver.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            driver.execute("PRAGMA journal_mode=WAL")
    finally:
        raw.close()


@contextmanager
def _first_use(engine: Engine) -> Iterator[None]:
    """Let one process at a time create or upgrade the schema; the others wait, then find
    it done. SQLite: an exclusive `flock` on the database's folder (no file is made);
    PostgreSQL: a session advisory lock."""
    if engine.dialect.name == "postgresql":
        with engine.connect() as conn:
            conn.execute(text("SELECT pg_advisory_lock(:key)"), {"key": _SCHEMA_LOCK_KEY})
            conn.commit()
            try:
                yield
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": _SCHEMA_LOCK_KEY})
                conn.commit()
        return
    database = engine.url.database
    if engine.dialect.name != "sqlite" or not database or database == ":memory:":
        yield
        return
    folder = os.open(Path(database).parent, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(folder, fcntl.LOCK_EX)
        yield
    finally:
        os.close(folder)  # releases the lock


def _sqlite_begin(conn: Connection) -> None:
    immediate = conn.get_execution_options().get("facts_write", False)
    conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def make_engine(url: str) -> Engine:
    """Create an engine for `url` with the settings this program relies on."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise DatabaseUnavailable(
            f"cannot read database URL {redact(url)!r}; expected sqlite:///PATH or "
            "postgresql+psycopg://USER@HOST/NAME"
        ) from None
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        if database and database != ":memory:":
            folder = Path(database).parent
            if not folder.is_dir():
                raise DatabaseUnavailable(f"cannot open {redact(url)}: no folder {folder}")
        engine = create_engine(parsed)
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    if parsed.get_backend_name() != "postgresql":
        raise DatabaseUnavailable(
            f"facts does not run on {parsed.get_backend_name()} ({redact(url)}); it runs on "
            "SQLite (sqlite:///PATH) and PostgreSQL (postgresql+psycopg://USER@HOST/NAME)"
        )
    try:
        return create_engine(parsed, pool_pre_ping=True)
    except ImportError as exc:
        raise DatabaseUnavailable(
            f"the driver for {parsed.get_backend_name()} is not installed ({exc.name}); "
            "install facts[postgresql]"
        ) from None


def _is_empty(engine: Engine) -> bool:
    # alembic's own table, emptied by a downgrade to base, leaves a database empty
    with engine.connect() as conn:
        return not set(inspect(conn).get_table_names()) - {"alembic_version"}


def open_database(url: str | None = None) -> Engine:
    """Open the database at `url`, creating and upgrading a fresh one on first use.

    A SQLite database behind the code is copied, then upgraded; a PostgreSQL
    one behind the code is refused (`SchemaBehind`); one ahead is always
    refused (`SchemaAhead`).
    """
    resolved = database_url(url)
    engine = make_engine(resolved)
    try:
        revision = facts_revision(engine, resolved)
        if revision == HEAD_REVISION:
            _use_wal(engine)
            return engine
        with _first_use(engine):
            revision = facts_revision(engine, resolved)  # another process may have done it
            if revision == HEAD_REVISION:
                _use_wal(engine)
                return engine
            _upgrade_or_refuse(engine, resolved, revision)
    except OperationalError as exc:
        engine.dispose()
        detail = str(exc.orig).strip().splitlines()[0]
        raise DatabaseUnavailable(f"cannot open {redact(resolved)}: {detail}") from None
    except BaseException:
        engine.dispose()
        raise
    return engine


def facts_revision(engine: Engine, resolved: str) -> str | None:
    """The stored schema revision (None for an empty database); `DatabaseUnavailable`
    for a database of other tables, which facts never writes into."""
    revision = stored_revision(engine)
    if revision is None and not _is_empty(engine):
        raise DatabaseUnavailable(
            f"{redact(resolved)} holds tables that are not a facts database; "
            "point --db at another database"
        )
    return revision


def _upgrade_or_refuse(engine: Engine, resolved: str, revision: str | None) -> None:
    from db.migrate import is_known_revision, upgrade

    if revision is not None and not is_known_revision(revision):
        raise SchemaAhead(
            f"{redact(resolved)} is at schema revision {revision}, newer than this facts "
            f"({HEAD_REVISION}); upgrade facts itself"
        )
    if revision is not None and engine.dialect.name != "sqlite":
        raise SchemaBehind(
            f"{redact(resolved)} is at schema revision {revision}, behind this facts "
            f"({HEAD_REVISION}); run `facts db upgrade` first"
        )
    _use_wal(engine)
    upgrade(engine, "head")


@contextmanager
def unchecked_database(url: str | None = None) -> Iterator[Engine]:
    """Yield an engine for `url` without checking its schema (for `facts db`); dispose after."""
    engine = make_engine(database_url(url))
    try:
        yield engine
    finally:
        engine.dispose()


@contextmanager
def database(url: str | None = None, *, must_exist: bool = False) -> Iterator[Engine]:
    """Open the database at `url` (see `open_database`) and dispose of it afterwards.

    With `must_exist`, a SQLite file that is not there is `NoDatabase`, and nothing is
    created: a command that only reads never makes an empty database at a mistyped path.
    """
    if must_exist:
        refuse_missing(database_url(url))
    engine = open_database(url)
    try:
        yield engine
    finally:
        engine.dispose()


@contextmanager
def write_transaction(engine: Engine) -> Iterator[Connection]:
    """Yield a connection in a write transaction, serialised against other writers.

    Commits when the block ends, rolls back on any exception.
    """
    with engine.connect().execution_options(facts_write=True) as conn, conn.begin():
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _WRITE_LOCK_KEY})
        yield conn


@contextmanager
def writing(engine: Engine) -> Iterator[Connection]:
    """A write transaction whose database errors become one-line `DatabaseError`s."""
    try:
        with write_transaction(engine) as conn:
            yield conn
    except IntegrityError as exc:
        raise DatabaseError(
            f"the database refused the write, nothing was written: {exc.orig}"
        ) from None
    except OperationalError as exc:
        if "locked" in str(exc.orig) or "could not serialize" in str(exc.orig):
            raise WriteConflict(f"another writer held the database: {exc.orig}") from None
        raise DatabaseError(f"the write failed and wrote nothing: {exc.orig}") from None
