"""Alembic environment: runs on the Engine or Connection given in the config."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, Engine

from db.migrations.env_models import models

Base = models.Base

config = context.config


def _run(connection: Connection) -> None:
    sqlite = connection.dialect.name == "sqlite"
    if sqlite:
        # Off before BEGIN, or a batch copy of a parent table cascades into its children.
        connection.connection.driver_connection.execute("PRAGMA foreign_keys=OFF")  # type: ignore[union-attr]
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=sqlite,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()
        if sqlite:
            broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
            if broken:
                raise RuntimeError(f"migration broke foreign keys: {broken[:5]}")


def _foreign_keys_on(connection: Connection) -> None:
    # Only outside a transaction does SQLite take this pragma: after the commit.
    if connection.dialect.name == "sqlite":
        connection.connection.driver_connection.execute("PRAGMA foreign_keys=ON")  # type: ignore[union-attr]


def run_migrations_online() -> None:
    """Run the migrations on the configured connection."""
    target = config.attributes.get("connection")
    if isinstance(target, Engine):
        with target.connect() as connection:
            try:
                _run(connection)
                connection.commit()
            finally:
                connection.rollback()
                _foreign_keys_on(connection)
    elif isinstance(target, Connection):
        _run(target)
        if not target.in_transaction():
            _foreign_keys_on(target)
    else:
        raise RuntimeError("facts runs alembic with an Engine or Connection in its attributes")


if context.is_offline_mode():
    raise RuntimeError("offline (SQL script) migrations are not supported")
run_migrations_online()
