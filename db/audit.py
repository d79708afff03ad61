"""Audit the catalog a database holds: read it back, derive, run every check."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine

from db.derived import derive_catalog
from db.store import read_loaded
from derive.audit import Finding, audit
from derive.rules import read_rules


def audit_database(engine: Engine, rules_dir: Path) -> list[Finding]:
    """Every finding over the stored catalog with the rules under `rules_dir`."""
    with engine.connect() as conn:
        catalog = read_loaded(conn)
    rules = read_rules(rules_dir, catalog)
    return audit(catalog, rules, derive_catalog(catalog, rules))
