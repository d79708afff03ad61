"""Schema migrations: empty ↔ head on both backends, fresh databases, refusals, backups."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import CATALOG
from sqlalchemy import create_engine, inspect, text

from db.database import make_engine, open_database
from db.errors import SchemaAhead, SchemaBehind
from db.migrate import downgrade, head_revision, upgrade
from db.migrations import HEAD_REVISION
from db.revision import stored_revision


def _tables(url: str) -> set[str]:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return set(inspect(conn).get_table_names())
    finally:
        engine.dispose()


def test_head_constant_matches_the_scripts() -> None:
    assert head_revision() == HEAD_REVISION


def test_upgrade_from_empty_to_head_and_back_to_empty(db_url: str) -> None:
    engine = make_engine(db_url)
    try:
        upgrade(engine, "head")
        assert {"sources", "subjects", "quantities", "facts", "alembic_version"} <= _tables(db_url)
        assert stored_revision(engine) == HEAD_REVISION
        downgrade(engine, "base")
        assert _tables(db_url) <= {"alembic_version"}
        upgrade(engine, "head")
        assert stored_revision(engine) == HEAD_REVISION
    finally:
        engine.dispose()


def test_first_use_creates_the_schema(db_url: str, cli: Any) -> None:
    # the first command that writes creates it (one that only reads never creates a file)
    result = cli("db", "upgrade", "--db", db_url)
    assert result.exit_code == 0, result.stderr
    assert "facts" in _tables(db_url)


def test_a_database_ahead_of_the_code_is_refused(db_url: str) -> None:
    open_database(db_url).dispose()
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    engine.dispose()
    with pytest.raises(SchemaAhead, match="newer than this facts"):
        open_database(db_url)


def test_postgresql_behind_the_code_is_refused_with_the_command_to_run(
    db_url: str, backend: str, monkeypatch: pytest.MonkeyPatch, cli: Any
) -> None:
    if backend != "postgresql":
        pytest.skip("SQLite databases behind the code are upgraded after a copy")
    open_database(db_url).dispose()
    engine = create_engine(db_url)
    with engine.begin() as conn:  # pretend the database is at an older revision
        conn.execute(text("UPDATE alembic_version SET version_num = '0000'"))
    engine.dispose()
    monkeypatch.setattr("db.migrate.is_known_revision", lambda revision: True)
    with pytest.raises(SchemaBehind, match="run `facts db upgrade` first"):
        open_database(db_url)


def test_sqlite_is_copied_before_its_schema_changes(tmp_path: Path, cli: Any) -> None:
    url = f"sqlite:///{tmp_path / 'kept.sqlite'}"
    assert cli("load", str(CATALOG), "--standard-rules", "--db", url).exit_code == 0
    assert cli("db", "downgrade", "base", "--db", url).exit_code == 0
    copies = list(tmp_path.glob(f"kept.sqlite.bak-{HEAD_REVISION}-*"))
    assert len(copies) == 1
    engine = create_engine(f"sqlite:///{copies[0]}")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM facts")).scalar() > 0
    engine.dispose()


def test_db_current_reports_revision_and_state(db_url: str, cli: Any) -> None:
    current = cli("db", "current", "--db", db_url)
    if db_url.startswith("sqlite:///"):  # reading never creates a database
        assert current.exit_code == 2 and current.stderr.startswith("error: no database at ")
        assert not Path(db_url.removeprefix("sqlite:///")).exists()
    else:
        assert current.stdout.strip() == f"(none) (head {HEAD_REVISION}, empty)"
    assert cli("db", "upgrade", "--db", db_url).exit_code == 0
    assert cli("db", "current", "--db", db_url).stdout.strip() == (
        f"{HEAD_REVISION} (head {HEAD_REVISION}, up to date)"
    )


def test_downgrade_with_data_present_keeps_foreign_keys_checked(tmp_path: Path, cli: Any) -> None:
    # SQLite batch migrations with foreign keys on can silently empty child tables;
    # migrations run with them off and check them before commit.
    url = f"sqlite:///{tmp_path / 'm.sqlite'}"
    assert cli("load", str(CATALOG), "--standard-rules", "--db", url).exit_code == 0
    engine = make_engine(url)
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    upgrade(engine, "head")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM facts")).scalar() > 0
    engine.dispose()


def test_sqlite_behind_the_code_is_copied_then_upgraded_with_its_data(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    engine = make_engine(url)
    upgrade(engine, "0001")
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO sources (id, title, kind, authors, file, line, position) "
                "VALUES ('s', 'A datasheet', 'vendor-doc', '[]', 'sources.yaml', 3, 0)"
            )
        )
    engine.dispose()
    open_database(url).dispose()
    assert stored_revision(make_engine(url)) == HEAD_REVISION
    assert len(list(tmp_path.glob("old.sqlite.bak-0001-*"))) == 1
    engine = make_engine(url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT title FROM sources")).scalar() == "A datasheet"
        assert "derivations" in inspect(conn).get_table_names()
    engine.dispose()


def test_foreign_keys_are_enforced_after_first_use_creates_the_schema(tmp_path: Path) -> None:
    engine = open_database(f"sqlite:///{tmp_path / 'fk.sqlite'}")
    try:
        with engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    finally:
        engine.dispose()


def test_real_catalog_data_survives_every_revision(db_url: str) -> None:
    """The course's catalog, written at the first revision, is intact at the head."""
    from sqlalchemy import insert

    from db.store import _fact_row, _parents_first, _quantity_row, _source_row, _subject_row
    from schema.reader import read_catalog

    catalog = read_catalog(CATALOG)
    engine = make_engine(db_url)
    try:
        upgrade(engine, "0001")
        # The rows as the models write them now, less the columns later revisions added.
        from sqlalchemy import MetaData, Table

        from db.models import Base

        old = MetaData()
        old.reflect(engine, only=["sources", "quantities", "subjects", "facts"])
        rows = {
            "sources": [_source_row(s) for s in catalog.sources.values()],
            "quantities": [_quantity_row(q) for q in catalog.quantities.values()],
            "subjects": [
                _subject_row(s)
                for s in _parents_first(
                    catalog.subjects.values(), lambda s: s.entry.id, lambda s: s.entry.variant_of
                )
            ],
            "facts": [
                _fact_row(f)
                for f in _parents_first(
                    catalog.facts.values(), lambda f: f.entry.id, lambda f: f.entry.supersedes
                )
            ],
        }
        columns = {t: [c.name for c in old.tables[t].columns] for t in rows}
        # The models' column types (exact decimals as text on SQLite), 0001's columns only.
        as_then = MetaData()
        tables = {
            t: Table(
                t,
                as_then,
                *(c._copy() for c in Base.metadata.tables[t].columns if c.name in columns[t]),
            )
            for t in rows
        }
        with engine.begin() as conn:
            for table, batch in rows.items():
                kept = [{k: r[k] for k in columns[table]} for r in batch]
                conn.execute(insert(tables[table]), kept)
        before = {t: _content(engine, t, columns[t]) for t in rows}
        upgrade(engine, "head")
        assert stored_revision(engine) == HEAD_REVISION
        assert {t: _content(engine, t, columns[t]) for t in rows} == before
        assert len(before["facts"]) == len(catalog.facts)
    finally:
        engine.dispose()


def _content(engine: Any, table: str, columns: list[str]) -> list[tuple[Any, ...]]:
    names = ", ".join(columns)
    with engine.connect() as conn:
        return [tuple(r) for r in conn.execute(text(f"SELECT {names} FROM {table} ORDER BY 1"))]
