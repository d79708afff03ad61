"""The library entry point (`db.api`): what the commands do, from Python, with the same
results as the command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from catalogs import write_catalog
from conftest import CATALOG, run_cli

import db
from db import api
from db.errors import NoDatabase
from derive.text import Verdict
from schema.errors import CatalogErrors


def test_load_check_audit_and_export_from_python(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'lib.sqlite'}"
    report = api.load(CATALOG, db=url)
    assert report.facts > 100 and not report.unchanged
    assert api.load(CATALOG, db=url).unchanged  # a second load changes nothing

    checked = api.check("The B200 has 150 SMs.", db=url, name="note.md")
    (claim,) = [r for r in checked.results if r.is_claim]
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.mismatched,
        "b200",
        "sm.count",
    )

    findings = api.audit(db=url)
    assert findings and all(f.kind for f in findings)
    assert findings == sorted(findings, key=lambda f: -f.weight)

    table = sorted(api.built_tables(db=url))[0]
    exported = api.export(table, db=url, fmt="md")
    shown = run_cli("export", table, "--format", "md", "--db", url)
    assert shown.exit_code == 0, shown.stderr
    assert shown.stdout.rstrip("\n") == exported.rstrip("\n")


def test_library_errors_are_the_commands_one_liners(tmp_path: Path) -> None:
    bad = write_catalog(tmp_path / "c", {"quantities.yaml": "quantities: [\n"})
    with pytest.raises(CatalogErrors) as refused:
        api.load(bad, db=f"sqlite:///{tmp_path / 'x.sqlite'}")
    assert "quantities.yaml:" in str(refused.value.errors[0])
    with pytest.raises(NoDatabase, match="no database at"):
        api.audit(db=f"sqlite:///{tmp_path / 'missing.sqlite'}")
    with pytest.raises(ValueError, match="unknown format 'docx'"):
        api.render_table(api.built_tables(db=_loaded(tmp_path))["hardware-overview"], "docx")


def test_the_entry_point_is_the_packages_own() -> None:
    assert db.api is api


def _loaded(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'tables.sqlite'}"
    api.load(CATALOG, db=url)
    return url
