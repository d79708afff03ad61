"""A fact's statuses and the audit's finding kinds are declared once (`schema.status`,
`derive.checks.finding.Kind`); every other spelling of them is held to it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

from catalogs import CHIP, write_catalog
from conftest import REPO

from db import api
from db.database import database
from db.models import FactRow
from db.store import read_loaded
from derive.audit import KINDS, Kind
from derive.publish.words import LANGUAGES
from schema.models import WrittenStatus
from schema.reader import read_catalog
from schema.status import REPLACED, WRITTEN_STATUSES, Status

CODE = [
    path
    for package in ("schema", "db", "derive", "cli")
    for path in (REPO / package).rglob("*.py")
    if "migrations" not in path.parts
]


def _written_again(pattern: str, allowed: set[str]) -> list[str]:
    found = re.compile(pattern)
    return [
        str(path.relative_to(REPO))
        for path in CODE
        if str(path.relative_to(REPO)) not in allowed and found.search(path.read_text("utf-8"))
    ]


def test_every_spelling_of_the_statuses_is_the_declared_one() -> None:
    assert get_args(WrittenStatus) == WRITTEN_STATUSES  # what a catalog may write
    assert Status.superseded.value not in WRITTEN_STATUSES  # set by the reader
    constraint = next(c for c in FactRow.__table__.constraints if c.name == "ck_facts_status")
    assert set(re.findall(r"'(\w+)'", str(constraint.sqltext))) == {s.value for s in Status}
    assert {Status.superseded, Status.withdrawn} == REPLACED


def test_no_status_is_compared_or_set_as_bare_text() -> None:
    words = "|".join(s.value for s in Status)
    pattern = rf"(==|!=|\bin\b|status=)\s*\(?[\"']({words})[\"']"
    assert _written_again(pattern, {"schema/status.py"}) == []


def test_a_catalogs_statuses_are_read_as_the_declared_members(tmp_path: Path) -> None:
    chip = (
        CHIP
        + """\
  - id: chip-x.hbm.bandwidth.2
    quantity: hbm.bandwidth
    value: 8 TB/s
    source: vendor-sheet
    tier: official
    supersedes: chip-x.hbm.bandwidth
    reason: the datasheet's second revision
  - id: chip-x.hbm.stacks.2
    quantity: hbm.stacks
    value: 6
    source: vendor-sheet
    tier: official
    status: withdrawn
    reason: a part that never shipped
"""
    )
    root = write_catalog(tmp_path / "catalog", {"subjects/chip-x.yaml": chip})
    url = f"sqlite:///{tmp_path / 'statuses.sqlite'}"
    api.load(root, db=url, standard_rules=False)
    with database(url) as engine, engine.connect() as conn:
        stored = read_loaded(conn).facts
    ids = ("chip-x.hbm.bandwidth", "chip-x.hbm.bandwidth.2", "chip-x.hbm.stacks.2")
    expected = [Status.superseded, Status.current, Status.withdrawn]
    for facts in (read_catalog(root).facts, stored):  # as read from the files and stored
        assert [facts[f].status for f in ids] == expected
        assert all(type(facts[f].status) is Status for f in ids)


def test_every_spelling_of_the_finding_kinds_is_the_declared_one() -> None:
    assert tuple(kind.value for kind in Kind) == KINDS
    assert len(set(KINDS)) == len(KINDS)
    for words in LANGUAGES.values():  # a table's notes name kinds the audit reports
        assert all(isinstance(kind, Kind) for kind in words.findings)
    names = "|".join(re.escape(k) for k in KINDS)
    assert _written_again(rf"kind\s*(=|==|!=|is)\s*[\"']({names})[\"']", set()) == []
