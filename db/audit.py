"""Audit the catalog a database holds: read it back, derive, run every check, and
add the findings of the texts given."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

from sqlalchemy import Engine

from db.snapshot import snapshot
from derive.audit import Finding, finish
from derive.rules import RuleFolders


def audit_database(
    engine: Engine, rules_dir: RuleFolders | Path, texts: Sequence[tuple[str, str]] = ()
) -> list[Finding]:
    """Every finding over the stored catalog with the rules under `rules_dir`.

    `texts` are (name, content) pairs: their claims' findings are added, and the
    claims they back weigh on the findings of the values they quote.
    """
    snap = snapshot(engine, rules_dir)
    if not texts:
        return snap.findings
    from db.known import catalog_view
    from derive.text import check_text
    from derive.text.findings import claim_counts, text_findings

    with engine.connect() as conn:
        view = catalog_view(conn)
    reports = [check_text(content, view, name) for name, content in texts]
    claims = claim_counts(reports)
    weighed = [
        dataclasses.replace(f, weight=f.weight + sum(claims[fact] for fact in f.facts))
        if any(fact in claims for fact in f.facts)
        else f
        for f in snap.findings
    ]
    return finish([*weighed, *text_findings(reports)], snap.catalog, texts_checked=True)
