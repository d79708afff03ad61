"""A text's claims ledger: written once, reviewed, then the pins hold while the text moves."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import yaml
from labelled import ENGLISH

TEXT = (
    "# Two chips\n"
    "The A100 has 108 SMs and 2,039 GB/s of HBM2e bandwidth.\n"
    "The MI300X has 304 compute units.\n"
)


def _setup(tmp_path: Path, cli: Any) -> tuple[Path, Path, str]:
    catalog = tmp_path / "catalog"
    shutil.copytree(ENGLISH / "catalog", catalog)
    url = f"sqlite:///{tmp_path / 'ledger.sqlite'}"
    assert cli("load", str(catalog), "--db", url).exit_code == 0
    text = tmp_path / "post.md"
    text.write_text(TEXT, "utf-8")
    return catalog, text, url


def _check(cli: Any, text: Path, url: str, *more: str) -> dict[str, Any]:
    result = cli("check", str(text), "--ledger", "--db", url, "-f", "json", *more)
    assert result.exit_code in (0, 1), result.stderr
    report: dict[str, Any] = json.loads(result.stdout)["files"][0]
    return report


def test_the_first_check_writes_a_ledger_of_every_number(tmp_path: Path, cli: Any) -> None:
    _, text, url = _setup(tmp_path, cli)
    result = cli("check", str(text), "--ledger", "--db", url)
    assert result.exit_code == 0, result.stderr
    ledger = yaml.safe_load((tmp_path / "post.md.ledger.yaml").read_text("utf-8"))
    pins = {(n["number"], n["pin"]) for n in ledger["numbers"]}
    assert ("2,039 GB/s", "a100-sxm4-80gb.hbm.bandwidth") in pins
    assert ("100", "non-claim") in pins  # of A100
    assert "pins to review" in result.stderr


def test_pins_hold_when_a_paragraph_is_inserted_above(tmp_path: Path, cli: Any) -> None:
    _, text, url = _setup(tmp_path, cli)
    cli("check", str(text), "--ledger", "--db", url)
    text.write_text("# Two chips\nA new paragraph with no numbers.\n\n" + TEXT[12:], "utf-8")
    report = _check(cli, text, url)
    bandwidth = next(r for r in report["results"] if r["number"] == "2,039 GB/s")
    assert (bandwidth["line"], bandwidth["pinned"], bandwidth["verdict"]) == (4, True, "matched")
    assert report["ledger"] == {"unpinned": [], "stale": []}


def test_a_changed_sentence_is_a_stale_pin_and_a_new_number(tmp_path: Path, cli: Any) -> None:
    _, text, url = _setup(tmp_path, cli)
    cli("check", str(text), "--ledger", "--db", url)
    text.write_text(TEXT.replace("304 compute units", "304 CUs"), "utf-8")
    report = _check(cli, text, url)
    # Both numbers of the edited sentence (the 300 of MI300X too) lost their pins.
    assert [p["number"] for p in report["ledger"]["stale"]] == ["300", "304"]
    assert [r["number"] for r in report["ledger"]["unpinned"]] == ["300", "304"]


def test_a_fact_changed_in_the_catalog_is_drift(tmp_path: Path, cli: Any) -> None:
    catalog, text, url = _setup(tmp_path, cli)
    cli("check", str(text), "--ledger", "--db", url)
    a100 = catalog / "subjects" / "a100-sxm4-80gb.yaml"
    a100.write_text(a100.read_text("utf-8").replace("2,039 GB/s", "2,048 GB/s"), "utf-8")
    assert cli("load", str(catalog), "--db", url).exit_code == 0
    report = _check(cli, text, url)
    bandwidth = next(r for r in report["results"] if r["number"] == "2,039 GB/s")
    assert bandwidth["drift"] == (
        "a100-sxm4-80gb.hbm.bandwidth was 2,039 GB/s when pinned, now 2,048 GB/s"
    )
    assert bandwidth["verdict"] == "mismatched"
    strict = cli("check", str(text), "--ledger", "--strict", "--db", url)
    assert strict.exit_code == 1


def test_an_accepted_mismatch_passes_strict(tmp_path: Path, cli: Any) -> None:
    _, text, url = _setup(tmp_path, cli)
    text.write_text("The A100 has 128 SMs.\n", "utf-8")
    assert cli("check", str(text), "--strict", "--db", url).exit_code == 1
    cli("check", str(text), "--ledger", "--db", url)
    path = tmp_path / "post.md.ledger.yaml"
    ledger = yaml.safe_load(path.read_text("utf-8"))
    for entry in ledger["numbers"]:
        if entry["number"] == "128":
            entry["accept"] = "quoted on purpose: the wrong count the next line corrects"
    path.write_text(yaml.safe_dump(ledger, allow_unicode=True), "utf-8")
    result = cli("check", str(text), "--ledger", "--strict", "--db", url)
    assert result.exit_code == 0, result.stdout
    assert "accepted: quoted on purpose" in result.stdout


def test_a_malformed_ledger_is_one_line_and_exit_2(tmp_path: Path, cli: Any) -> None:
    _, text, url = _setup(tmp_path, cli)
    (tmp_path / "post.md.ledger.yaml").write_text(
        "numbers:\n  - number: '1'\n    pin: x\n", "utf-8"
    )
    result = cli("check", str(text), "--ledger", "--db", url)
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: {tmp_path / 'post.md.ledger.yaml'}: numbers[0]: missing 'fingerprint'\n"
    )
