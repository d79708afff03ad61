"""Add one fact: into the YAML file that holds its subject, and into the database.

The file is edited with ruamel.yaml's round-trip mode, so that its comments and
order survive. The change is checked with the whole catalog before anything is
written; the file is replaced atomically, then the database is brought in step
in one transaction, and the file is put back if that fails. The catalog lock
keeps concurrent adds and loads from interleaving.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from sqlalchemy import Engine

from db.errors import DatabaseError, DuplicateFact
from db.load import LoadReport, load_catalog
from db.lock import catalog_lock
from derive.rules import RuleFolders, read_rules
from schema.catalog import Catalog
from schema.errors import CatalogError, CatalogErrors, Place
from schema.files import replace_file, round_trip_yaml
from schema.reader import read_catalog
from schema.status import Status
from schema.yaml_source import decode_utf8, read_file


@dataclass(frozen=True, slots=True)
class AddReport:
    """Which fact was added, to which file, and what the load did."""

    fact_id: str
    file: str
    load: LoadReport


def target_file(catalog: Catalog, subject: str) -> str:
    """The file a new fact of `subject` belongs in: the one it heads, else where its
    facts are, else where it is defined."""
    found = catalog.subjects.get(subject)
    if found is None:
        raise CatalogErrors(
            [
                CatalogError(
                    Place("facts add"),
                    f"unknown subject {subject!r}; define it in the catalog first",
                )
            ]
        )
    if found.file_subject:
        return found.origin.file
    files = [f.origin.file for f in catalog.facts.values() if f.subject == subject]
    return files[-1] if files else found.origin.file


def free_id(catalog: Catalog, subject: str, quantity: str) -> str:
    """`subject.quantity`, or with `@2`, `@3`... when that id is taken."""
    base = f"{subject}.{quantity}"
    if base not in catalog.facts:
        return base
    n = 2
    while f"{base}@{n}" in catalog.facts:
        n += 1
    return f"{base}@{n}"


def same_fact(catalog: Catalog, fact: dict[str, Any]) -> str | None:
    """The id of a current fact that already says what `fact` says (subject, quantity,
    value, source, copy and qualifiers), or None: adding it again would be a duplicate."""
    qualifiers = {str(k): str(v) for k, v in (fact.get("qualifiers") or {}).items()}
    for found in catalog.facts.values():
        entry = found.entry
        if (
            found.status == Status.current
            and found.subject == str(fact["subject"])
            and entry.quantity == str(fact["quantity"])
            and entry.value == str(fact["value"])
            and entry.source == fact.get("source")
            and entry.via == fact.get("via")
            and dict(entry.qualifiers) == qualifiers
        ):
            return entry.id
    return None


def _edited(text: str, fact: dict[str, Any], heads: bool) -> bytes:
    yaml = round_trip_yaml()
    data = yaml.load(text) if text.strip() else CommentedMap()
    if data is None:
        data = CommentedMap()
    entry = CommentedMap()
    for key, value in fact.items():
        if key == "subject" and heads:
            continue
        entry[key] = value
    facts = data.get("facts")
    if not isinstance(facts, CommentedSeq):
        facts = CommentedSeq(list(facts or []))
        data["facts"] = facts
    facts.fa.set_block_style()
    facts.append(entry)
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue().encode("utf-8")


def add_fact(
    engine: Engine, root: Path, rules_dir: RuleFolders | Path | None, fact: dict[str, Any]
) -> AddReport:
    """Add `fact` (the fields of a catalog fact; `id` chosen if absent) to the catalog
    under `root` and to the database, all or nothing."""
    with catalog_lock(root):
        catalog = read_catalog(root)
        subject = str(fact["subject"])
        file = target_file(catalog, subject)
        twin = same_fact(catalog, fact)
        if twin is not None:
            origin = catalog.facts[twin].origin
            raise DuplicateFact(
                f"{origin.file}:{origin.line}: fact {twin} already gives {subject} "
                f"{fact['quantity']} = {fact['value']} from {fact['source']}; nothing was "
                "added (a different value, source or --qualifier makes another fact)"
            )
        fact = {
            "id": fact.get("id") or free_id(catalog, subject, str(fact["quantity"])),
            **{k: v for k, v in fact.items() if k != "id" and v not in (None, {}, False)},
        }
        path = root / file
        old = read_file(path, file)
        new = _edited(decode_utf8(old, file), fact, catalog.subjects[subject].file_subject)
        checked = read_catalog(root, {file: new})
        folders = RuleFolders.given(root, rules_dir)
        rules = read_rules(folders, checked)
        replace_file(path, new)
        try:
            report = load_catalog(engine, root, folders, (checked, rules), locked=True)
        except BaseException:
            replace_file(path, old)
            raise
        if fact["id"] not in checked.facts:  # pragma: no cover - the check above ensures it
            raise DatabaseError(f"fact {fact['id']} did not reach the catalog")
        return AddReport(str(fact["id"]), file, report)
