"""Acknowledged findings pass --strict; stale acknowledgements are findings; --limit,
--kind and the ids behave the same run after run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from audit_catalogs import fact, findings, write

REGS = fact("x.reg", "registers.max_per_thread", "255") + fact(
    "x.reg@guide", "registers.max_per_thread", "256"
)
CONFLICT = "conflict:chip-x:registers.max_per_thread:x.reg+x.reg@guide"


def ack(finding: str, numbers: str | None = "255 | 256") -> str:
    kept = f"    numbers: '{numbers}'\n" if numbers is not None else ""
    return (
        f"acknowledged:\n  - finding: '{finding}'\n"
        "    reason: the two documents disagree and the course says so\n"
        f"    date: 2026-11-30\n{kept}"
    )


def audit(cli: Any, root: Path, url: str, *args: str) -> Any:
    loaded = cli("load", str(root / "catalog"), "--rules", str(root / "rules"), "--db", url)
    assert loaded.exit_code == 0, loaded.stderr
    return cli("audit", "--db", url, *args)


def kinds(result: Any) -> list[tuple[str, bool]]:
    return [(f["kind"], f["acknowledged"]) for f in json.loads(result.stdout)]


def test_an_acknowledged_finding_passes_strict(tmp_path: Path, db_url: str, cli: Any) -> None:
    write(tmp_path, REGS, acknowledged=ack(CONFLICT))
    result = audit(cli, tmp_path, db_url, "-f", "json", "--strict")
    assert result.exit_code == 0, result.stdout
    (found,) = json.loads(result.stdout)
    assert (found["id"], found["acknowledged"], found["numbers"]) == (CONFLICT, True, "255 | 256")
    assert found["reason"] == "the two documents disagree and the course says so"
    text = audit(cli, tmp_path, db_url).stdout
    assert f"{CONFLICT} (acknowledged)" in text
    assert text.splitlines()[-1] == "1 conflict (1 acknowledged)"


def test_strict_fails_as_soon_as_a_new_contradiction_is_added(
    tmp_path: Path, db_url: str, cli: Any
) -> None:
    write(tmp_path, REGS, acknowledged=ack(CONFLICT))
    assert audit(cli, tmp_path, db_url, "--strict").exit_code == 0
    write(tmp_path, REGS + fact("x.mfu", "utilisation.mfu", "120 %"), acknowledged=ack(CONFLICT))
    result = audit(cli, tmp_path, db_url, "--strict", "-f", "json")
    assert result.exit_code == 1
    assert sorted(kinds(result)) == [("conflict", True), ("out-of-range", False)]


def test_an_acknowledgement_whose_finding_is_gone_is_stale(
    tmp_path: Path, db_url: str, cli: Any
) -> None:
    write(tmp_path, fact("x.reg", "registers.max_per_thread", "255"), acknowledged=ack(CONFLICT))
    result = audit(cli, tmp_path, db_url, "--strict", "-f", "json")
    assert result.exit_code == 1
    (stale,) = json.loads(result.stdout)
    assert stale["kind"] == "stale-acknowledgement"
    assert stale["id"] == f"stale-acknowledgement:{CONFLICT}"
    assert stale["message"] == (
        f"acknowledged.yaml:2: the acknowledgement of {CONFLICT} is stale: its finding is gone"
    )


def test_an_acknowledgement_whose_numbers_changed_is_stale(
    tmp_path: Path, db_url: str, cli: Any
) -> None:
    changed = fact("x.reg", "registers.max_per_thread", "254") + fact(
        "x.reg@guide", "registers.max_per_thread", "256"
    )
    write(tmp_path, changed, acknowledged=ack(CONFLICT))
    result = audit(cli, tmp_path, db_url, "--strict", "-f", "json")
    assert result.exit_code == 1
    found = {f["kind"]: f for f in json.loads(result.stdout)}
    assert set(found) == {"conflict", "stale-acknowledgement"}
    assert found["conflict"]["acknowledged"] is False
    assert found["stale-acknowledgement"]["message"].endswith(
        "stale: the finding's numbers were '255 | 256' and are now '254 | 256'"
    )


def test_an_acknowledgement_without_numbers_holds_while_its_finding_lasts(
    tmp_path: Path,
) -> None:
    found = findings(tmp_path, REGS, acknowledged=ack(CONFLICT, numbers=None))
    assert [(f.id, f.acknowledged) for f in found] == [(CONFLICT, True)]


def test_an_acknowledgement_that_names_no_finding_id_is_refused_at_load(
    tmp_path: Path, db_url: str, cli: Any
) -> None:
    write(tmp_path, REGS, acknowledged=ack("registers are 255"))
    result = cli("load", str(tmp_path / "catalog"), "--db", db_url)
    assert result.exit_code == 2
    first, *rest = result.stderr.splitlines()
    assert first.startswith(
        "error: acknowledged.yaml:2: acknowledged[0].finding: 'registers are 255' is not a "
        "finding id"
    )
    assert rest == ["1 problem in the catalog; nothing was loaded"]
    assert "Traceback" not in result.stderr


def test_proposed_acknowledgements_are_ready_to_paste_with_a_reason(
    tmp_path: Path, db_url: str, cli: Any
) -> None:
    write(tmp_path, REGS)
    proposed = audit(cli, tmp_path, db_url, "-f", "yaml").stdout
    assert f'  - finding: "{CONFLICT}"\n    numbers: "255 | 256"\n' in proposed
    assert "    reason:  # " in proposed
    # Without a reason the catalog refuses it; with one written, --strict passes.
    (tmp_path / "catalog" / "acknowledged.yaml").write_text(proposed, "utf-8")
    assert cli("load", str(tmp_path / "catalog"), "--db", db_url).exit_code == 2
    reasoned = proposed.replace("    reason:  #", "    reason: kept on purpose #")
    (tmp_path / "catalog" / "acknowledged.yaml").write_text(reasoned, "utf-8")
    assert audit(cli, tmp_path, db_url, "--strict").exit_code == 0


MANY = (
    REGS
    + fact("x.mfu", "utilisation.mfu", "120 %")
    + fact("x.ridge", "ridge.hbm", "626 FLOP/B")
    + fact("x.vmem", "vmem.capacity", "64 MiB", source=None)
)


def test_limit_counts_findings_over_all_kinds(tmp_path: Path, db_url: str, cli: Any) -> None:
    write(tmp_path, MANY)
    every = json.loads(audit(cli, tmp_path, db_url, "-f", "json", "--limit", "0").stdout)
    assert sorted(f["kind"] for f in every) == ["conflict", "mismatch", "out-of-range", "unsourced"]
    two = json.loads(audit(cli, tmp_path, db_url, "-f", "json", "--limit", "2").stdout)
    assert [f["id"] for f in two] == [f["id"] for f in every[:2]]
    text = audit(cli, tmp_path, db_url, "--limit", "1").stdout.splitlines()
    assert text[0].startswith(f"[{every[0]['weight']:>3}] {every[0]['id']}: ")
    assert text[1:] == [
        "... and 3 more (--limit 0 shows all)",
        "1 conflict, 1 mismatch, 1 out-of-range, 1 unsourced",
    ]


def test_kind_filters_and_only_is_its_alias(tmp_path: Path, db_url: str, cli: Any) -> None:
    write(tmp_path, MANY)
    for option in ("--kind", "--only"):
        result = audit(cli, tmp_path, db_url, "-f", "json", option, "mismatch", option, "conflict")
        assert sorted(f["kind"] for f in json.loads(result.stdout)) == ["conflict", "mismatch"]
    skipped = audit(cli, tmp_path, db_url, "-f", "json", "--skip", "unsourced")
    assert "unsourced" not in {f["kind"] for f in json.loads(skipped.stdout)}
    assert audit(cli, tmp_path, db_url, "--kind", "conflicts").exit_code == 2


def test_ids_are_stable_across_runs_and_file_order(tmp_path: Path) -> None:
    first = findings(tmp_path / "a", MANY)
    again = findings(tmp_path / "b", MANY)
    parts = MANY.split("  - id: ")[1:]
    reordered = findings(tmp_path / "c", "".join("  - id: " + p for p in reversed(parts)))
    ids = [f.id for f in first]
    assert ids == [f.id for f in again] == [f.id for f in reordered]
    assert len(set(ids)) == len(ids) == 4
    assert [f.message for f in first] == [f.message for f in reordered]


def test_an_edited_acknowledgement_loads_again(tmp_path: Path, db_url: str, cli: Any) -> None:
    write(tmp_path, REGS, acknowledged=ack(CONFLICT))
    assert audit(cli, tmp_path, db_url, "--strict").exit_code == 0
    edited = ack(CONFLICT).replace("the course says so", "the course explains why")
    write(tmp_path, REGS, acknowledged=edited)
    assert audit(cli, tmp_path, db_url, "--strict").exit_code == 0
