"""A catalog's own units in the database: stored with each load, defined again on read.

The definitions were checked when the catalog was read; a later command (a check, an
export, an audit) defines them in its own process before it reads a value in them.
"""

from __future__ import annotations

import json

from sqlalchemy import Connection, delete, insert, select

from db.errors import StoredUnitRefused
from db.load_state_models import StateRow
from schema.catalog import Catalog, Origin
from schema.units import define_unit, use_catalog_units

UNITS_KEY = "catalog_units"


def store_units(conn: Connection, catalog: Catalog) -> None:
    """Keep the catalog's unit definitions (with where they were written) in the state."""
    conn.execute(delete(StateRow).where(StateRow.key == UNITS_KEY))
    if catalog.units:
        written = [[d, o.file, o.line, o.position] for d, o in catalog.units.items()]
        conn.execute(insert(StateRow), [{"key": UNITS_KEY, "value": json.dumps(written)}])


def define_stored_units(conn: Connection) -> dict[str, Origin]:
    """Define the stored catalog's units in this process; return them with their origins."""
    stored = conn.execute(select(StateRow.value).where(StateRow.key == UNITS_KEY)).scalar()
    use_catalog_units()  # the stored catalog's units, and no other catalog's
    units: dict[str, Origin] = {}
    for definition, file, line, position in json.loads(stored) if stored else []:
        problem = define_unit(definition)
        if problem is not None:
            raise StoredUnitRefused(f"{file}:{line}: the database's unit {definition!r}: {problem}")
        units[definition] = Origin(file, line, position)
    return units
