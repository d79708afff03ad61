"""One measured step in a fresh process: prints JSON with seconds and peak memory.

python bench/steps.py load|derive|audit|export|sqlite-utils CATALOG RULES DB_URL
"""

from __future__ import annotations

import json
import resource
import sys
import time
from pathlib import Path


def _load(catalog: Path, rules: Path, url: str) -> int:
    from db.database import database
    from db.load import load_catalog

    with database(url) as engine:
        report = load_catalog(engine, catalog, rules)
    _EXTRA["files_parsed"] = getattr(report, "files_parsed", -1)  # -1: before it was counted
    return report.facts


def _derive(catalog: Path, rules: Path, url: str) -> int:
    from db.database import database
    from db.load import rederive

    with database(url) as engine:
        return rederive(engine, rules).total


def _audit(catalog: Path, rules: Path, url: str) -> int:
    """As `facts audit`: checked against the files on disk, then the stored values."""
    from db.audit import audit_database
    from db.database import database
    from db.load import as_loaded

    with database(url) as engine:
        return len(audit_database(engine, as_loaded(engine)))


def _export(catalog: Path, rules: Path, url: str) -> int:
    """Build a 20-row table over the first 50 chips, in every format."""
    from db.database import database
    from db.load import as_loaded
    from db.snapshot import snapshot
    from derive.publish.formats import RENDERERS
    from schema.models import TableEntry

    with database(url) as engine:
        snap = snapshot(engine, as_loaded(engine))
    subjects = sorted(snap.catalog.subjects)[:50]
    quantities = sorted(snap.catalog.quantities)
    table = TableEntry.model_validate(
        {
            "id": "bench",
            "title": "bench",
            "columns": [{"subject": s} for s in subjects],
            "rows": [{"label": q, "quantity": q} for q in quantities],
        }
    )
    built = snap.builder().build(table)
    return sum(len(render(built)) for render in RENDERERS.values())


def _reload(catalog: Path, rules: Path, url: str) -> int:
    """Load again an unchanged catalog: what is left is hashing its files."""
    return _load(catalog, rules, url)


def _change_one(catalog: Path, rules: Path, url: str) -> int:
    """Change one fact's value in one file and load: only what depends on it is redone."""
    from db.database import database
    from db.load import load_catalog

    path = sorted((catalog / "subjects").glob("*.yaml"))[
        len(list((catalog / "subjects").glob("*.yaml"))) // 2
    ]
    text = path.read_text("utf-8")
    path.write_text(
        text.replace("value: 8\n", "value: 6\n", 1)
        if "value: 8\n" in text
        else text.replace("value: 4\n", "value: 8\n", 1),
        "utf-8",
    )
    with database(url) as engine:
        report = load_catalog(engine, catalog, rules)
    _EXTRA["files_parsed"] = getattr(report, "files_parsed", -1)
    return report.subjects_rederived


def _sqlite_utils(catalog: Path, rules: Path, url: str) -> int:
    """The peer for loading: the same fact rows inserted by sqlite-utils, no validation."""
    import sqlite_utils

    from db.store import _fact_row
    from schema.reader import read_catalog

    rows = [_fact_row(f) for f in read_catalog(catalog).facts.values()]
    for row in rows:
        for key, value in list(row.items()):
            if not isinstance(value, (str, int, float, type(None))):
                row[key] = str(value)
    global _START
    _START = time.perf_counter()  # the peer is timed on inserting, not on reading YAML
    db = sqlite_utils.Database(url.removeprefix("sqlite:///"))
    db["facts"].insert_all(rows, pk="id", replace=True, batch_size=10_000)
    return len(rows)


_START = 0.0
_EXTRA: dict[str, int] = {}
"""More figures of a step, printed with its own (the files a load parsed)."""

STEPS = {
    "load": _load,
    "reload": _reload,
    "change-one": _change_one,
    "derive": _derive,
    "audit": _audit,
    "export": _export,
    "sqlite-utils": _sqlite_utils,
}


def main() -> None:
    """Run one step and print its figures as JSON."""
    step, catalog, rules, url = sys.argv[1:5]
    global _START
    _START = time.perf_counter()
    count = STEPS[step](Path(catalog), Path(rules), url)
    seconds = time.perf_counter() - _START
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    figures = {"step": step, "seconds": seconds, "peak_mb": peak_mb, "count": count}
    print(json.dumps({**figures, **_EXTRA}))


if __name__ == "__main__":
    main()
