"""Write a `Catalog` back as YAML, into the files its entries came from.

Only fields that differ from their defaults are written, in the models' field
order, so that load → dump → load changes nothing and a dumped file reads
like one a person wrote.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path, PurePosixPath
from typing import Any

import yaml

from schema.catalog import Catalog, Fact, Origin
from schema.errors import Unwritable
from schema.models import Entry, FactEntry

_SECTIONS = (
    "units",
    "sources",
    "quantities",
    "subject",
    "subjects",
    "facts",
    "tables",
    "acknowledged",
)


def _scalar(value: Any) -> Any:
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, tuple):
        return [_scalar(v) for v in value]
    if isinstance(value, dict):
        return {k: _scalar(v) for k, v in value.items()}
    if isinstance(value, Entry):
        return entry_data(value)  # a nested entry: an alternative reading of a fact
    return value


def entry_data(entry: Entry, *, drop: tuple[str, ...] = ()) -> dict[str, Any]:
    """Return the fields of `entry` that differ from their defaults, in field order."""
    data: dict[str, Any] = {}
    for name, info in type(entry).model_fields.items():
        value = getattr(entry, name)
        if name in drop:
            continue
        default = info.get_default(call_default_factory=True)
        if info.is_required() or value != default:
            data[name] = _scalar(value)
    return data


def _fact_data(fact: Fact, file_subject: str | None) -> dict[str, Any]:
    entry: FactEntry = fact.entry
    data = entry_data(entry, drop=("subject",))
    if entry.subject is not None or fact.subject != file_subject:
        data = {"id": data.pop("id"), "subject": fact.subject, **data}
    return data


def documents(catalog: Catalog) -> dict[str, dict[str, Any]]:
    """Return each file's data (path relative to the catalog root → mapping)."""
    files: dict[str, dict[str, list[tuple[int, Any]]]] = {}
    heads: dict[str, str] = {}

    def put(origin: Origin, section: str, data: Any) -> None:
        if origin.standard:
            return  # the product's vocabulary: part of every catalog, written by none
        files.setdefault(origin.file, {}).setdefault(section, []).append((origin.position, data))

    for source in catalog.sources.values():
        put(source.origin, "sources", entry_data(source.entry))
    for quantity in catalog.quantities.values():
        put(quantity.origin, "quantities", entry_data(quantity.entry))
    for subject in catalog.subjects.values():
        if subject.file_subject:
            heads[subject.origin.file] = subject.entry.id
            put(subject.origin, "subject", entry_data(subject.entry))
        else:
            put(subject.origin, "subjects", entry_data(subject.entry))
    for fact in catalog.facts.values():
        put(fact.origin, "facts", _fact_data(fact, heads.get(fact.origin.file)))
    for table in catalog.tables.values():
        put(table.origin, "tables", table.entry.model_dump(mode="json", exclude_defaults=True))
    for acknowledgement in catalog.acknowledgements.values():
        put(acknowledgement.origin, "acknowledged", entry_data(acknowledgement.entry))
    for definition, origin in catalog.units.items():
        put(origin, "units", definition)
    result: dict[str, dict[str, Any]] = {}
    for file in sorted(files):
        sections = files[file]
        doc: dict[str, Any] = {}
        for section in _SECTIONS:
            if section in sections:
                items = [data for _, data in sorted(sections[section], key=lambda p: p[0])]
                doc[section] = items[0] if section == "subject" else items
        result[file] = doc
    return result


def single_document(catalog: Catalog) -> dict[str, Any]:
    """Return the whole catalog as one mapping: a loadable one-file catalog."""
    doc: dict[str, Any] = {}
    doc["sources"] = [
        entry_data(s.entry) for s in catalog.sources.values() if not s.origin.standard
    ]
    doc["quantities"] = [
        entry_data(q.entry) for q in catalog.quantities.values() if not q.origin.standard
    ]
    doc["subjects"] = [entry_data(s.entry) for s in catalog.subjects.values()]
    doc["facts"] = [_fact_data(f, None) for f in catalog.facts.values()]
    doc["tables"] = [
        t.entry.model_dump(mode="json", exclude_defaults=True) for t in catalog.tables.values()
    ]
    doc["acknowledged"] = [entry_data(a.entry) for a in catalog.acknowledgements.values()]
    return {key: value for key, value in doc.items() if value}


def to_yaml(data: dict[str, Any]) -> str:
    """Render one file's data as YAML text."""
    return yaml.safe_dump(
        data, sort_keys=False, allow_unicode=True, width=100, default_flow_style=False
    )


def write_catalog(catalog: Catalog, root: Path) -> list[Path]:
    """Write the catalog's files under `root`; return the paths written.

    Every file's stored name is checked before anything is written: one that is
    absolute or climbs out of `root` (`../x.yaml`) is `Unwritable`, and nothing is.
    """
    planned = documents(catalog)
    for file in planned:
        parts = PurePosixPath(file).parts
        if not parts or PurePosixPath(file).is_absolute() or ".." in parts or "\\" in file:
            raise Unwritable(
                f"the database names a catalog file {file!r}, which is not a path inside "
                f"{root}; nothing was written (load the catalog again to fix the names)"
            )
    written = []
    for file, data in planned.items():
        path = root / file
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(to_yaml(data), encoding="utf-8")
        except OSError as exc:
            raise Unwritable(f"cannot write {path}: {exc.strerror or exc}") from None
        written.append(path)
    return written
