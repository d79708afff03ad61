"""Column types shared by the models: exact decimals on every backend."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import Dialect, Numeric, String
from sqlalchemy.types import TypeDecorator, TypeEngine


class ExactDecimal(TypeDecorator[Decimal]):
    """A decimal stored exactly: NUMERIC on PostgreSQL, text on SQLite.

    SQLite has no decimal type (its NUMERIC is a binary double), so the digits
    are kept as text there and read back as `Decimal`.
    """

    impl = String
    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        """Use NUMERIC where the backend has it, text elsewhere."""
        if dialect.name == "postgresql":
            return dialect.type_descriptor(Numeric(asdecimal=True))
        return dialect.type_descriptor(String())

    def process_bind_param(self, value: Decimal | None, dialect: Dialect) -> Any:
        """Write plain digits (no exponent) on text backends."""
        if value is None or dialect.name == "postgresql":
            return value
        return format(value, "f")

    def process_result_value(self, value: Any, dialect: Dialect) -> Decimal | None:
        """Read back a `Decimal` whatever the backend returned."""
        if value is None:
            return None
        return value if isinstance(value, Decimal) else Decimal(value)
