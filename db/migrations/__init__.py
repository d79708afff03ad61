"""Alembic migrations of the facts database, configured in code (no ini file)."""

HEAD_REVISION = "0009"
"""The newest revision; a test checks it against alembic's script directory."""

__all__ = ["HEAD_REVISION"]
