"""The schema revision a database records (alembic's version table): what both opening a
database (`db.database`) and migrating it (`db.migrate`) read, so neither imports the
other for it."""

from __future__ import annotations

from sqlalchemy import Engine, inspect, text


def stored_revision(engine: Engine) -> str | None:
    """Return the schema revision recorded in the database, or None for a fresh one."""
    with engine.connect() as conn:
        if not inspect(conn).has_table("alembic_version"):
            return None
        return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
