"""Audit the catalog a database holds: read it back, derive, run every check."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine

from db.export import snapshot
from derive.audit import Finding


def audit_database(engine: Engine, rules_dir: Path) -> list[Finding]:
    """Every finding over the stored catalog with the rules under `rules_dir`."""
    return snapshot(engine, rules_dir).findings
