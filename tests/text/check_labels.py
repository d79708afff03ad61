"""Check a labelled set's labels mechanically (not a test of the checker; never runs it).

    .venv/bin/python tests/text/check_labels.py tests/text/fourth [--db /tmp/fourth-std.sqlite]

A set is a folder with catalog/, zh.md, en.md and their .labels.yaml (fourth/, fifth/).

For zh.md and en.md: every maximal digit run (full-width digits read as ASCII, the regex of
../LABELS.md) has exactly one label, in reading order, with the right line, text and nth;
every verdict and kind is one LABELS.md names; every subject and quantity id (also `also:`
and `about:`) exists in catalog/ or the standard vocabulary. With --db (a scratch database
this catalog was loaded into with the standard rules), each claim's pair must be a fact or
a derived value there, a superseded label must quote a superseded fact, an alternative
label a recorded reading, and an unresolved label's `about:` must not be a known pair.
"""

from __future__ import annotations

import argparse
import re
import sqlite3
import sys
from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
TEXTS = ("zh", "en")
FULL_WIDTH = str.maketrans("０１２３４５６７８９", "0123456789")
NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")
CLAIMS = {"matched", "mismatched", "superseded", "alternative"}
VERDICTS = CLAIMS | {"unresolved", "non-claim", "range-end"}
KINDS = {
    "section",
    "figure",
    "list-marker",
    "date",
    "year",
    "identifier",
    "constant",
    "illustrative",
    "other",
}


def numbers(path: Path) -> list[tuple[int, str, int]]:
    """(line, digits, nth) of every number of a text, in reading order."""
    found = []
    for no, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        seen: Counter[str] = Counter()
        for match in NUMBER.finditer(line.translate(FULL_WIDTH)):
            seen[match.group()] += 1
            found.append((no, match.group(), seen[match.group()]))
    return found


def catalog(folder: Path) -> tuple[set[str], set[str], dict[tuple[str, str], list[dict]]]:
    """Subject ids, quantity ids (with the standard vocabulary) and facts by pair."""
    subjects: set[str] = set()
    quantities = {
        q["id"]
        for q in yaml.safe_load((ROOT / "schema/vocabulary/quantities.yaml").read_text("utf-8"))[
            "quantities"
        ]
    }
    facts: dict[tuple[str, str], list[dict]] = {}
    for path in sorted((folder / "catalog").rglob("*.yaml")):
        data = yaml.safe_load(path.read_text("utf-8")) or {}
        quantities |= {q["id"] for q in data.get("quantities", [])}
        own = (data.get("subject") or {}).get("id")
        if own:
            subjects.add(own)
        subjects |= {s["id"] for s in data.get("subjects", [])}
        for fact in data.get("facts", []):
            facts.setdefault((fact.get("subject", own), fact["quantity"]), []).append(fact)
    return subjects, quantities, facts


def known(db: Path, facts: dict[tuple[str, str], list[dict]]) -> dict[str, set[tuple[str, str]]]:
    """Pairs held as current, superseded and alternative values (facts and derivations)."""
    superseded_ids = {f["supersedes"] for fs in facts.values() for f in fs if "supersedes" in f}
    current, superseded, alternative = set(), set(), set()
    for pair, fs in facts.items():
        for fact in fs:
            if fact["id"] in superseded_ids or fact.get("status") == "withdrawn":
                superseded.add(pair)
            else:
                current.add(pair)
            if fact.get("alternatives"):
                alternative.add(pair)
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        for subject, quantity, alt in con.execute(
            "SELECT subject_id, quantity_id, alternative FROM derivations"
        ):
            (alternative if alt else current).add((subject, quantity))
    return {"current": current, "superseded": superseded, "alternative": alternative}


def check(folder: Path, name: str, ids: tuple[set[str], set[str]], pairs: dict | None) -> list[str]:
    """The problems of one text's labels."""
    subjects, quantities = ids
    text, labels_path = folder / f"{name}.md", folder / f"{name}.labels.yaml"
    labels = yaml.safe_load(labels_path.read_text("utf-8"))
    found = numbers(text)
    problems = []
    got = [(int(e["line"]), str(e["text"]), int(e["nth"])) for e in labels]
    if got != found:
        for i, (want, have) in enumerate(zip(found, got, strict=False)):
            if want != have:
                problems.append(f"{name}: entry {i + 1}: number {want} but label {have}")
                break
        if len(got) != len(found):
            problems.append(f"{name}: {len(found)} numbers but {len(got)} labels")

    def pair_ok(where: str, subject: str | None, quantity: str | None) -> None:
        if subject not in subjects:
            problems.append(f"{where}: unknown subject {subject!r}")
        if quantity not in quantities:
            problems.append(f"{where}: unknown quantity {quantity!r}")

    for e in labels:
        where = f"{name}:{e['line']} {e['text']}#{e['nth']}"
        verdict = e.get("verdict")
        if verdict not in VERDICTS:
            problems.append(f"{where}: verdict {verdict!r}")
        if not e.get("why"):
            problems.append(f"{where}: no why")
        if verdict == "non-claim" and e.get("kind") not in KINDS:
            problems.append(f"{where}: kind {e.get('kind')!r}")
        if verdict != "non-claim" and "kind" in e:
            problems.append(f"{where}: kind on a {verdict}")
        if verdict in CLAIMS:
            pair_ok(where, e.get("subject"), e.get("quantity"))
            for other in e.get("also", []):
                pair_ok(where, *str(other).split(":", 1))
        elif "subject" in e or "quantity" in e or "also" in e:
            problems.append(f"{where}: subject/quantity/also on a {verdict}")
        about = e.get("about")
        if about:
            pair_ok(where, about.get("subject"), about.get("quantity"))
        if pairs is None:
            continue
        pair = (e.get("subject"), e.get("quantity"))
        wanted = {
            "matched": "current",
            "mismatched": "current",
            "superseded": "superseded",
            "alternative": "alternative",
        }.get(verdict or "")
        if wanted and pair not in pairs[wanted]:
            problems.append(f"{where}: {verdict} but {pair} is not a {wanted} pair")
        for other in e.get("also", []):
            if tuple(str(other).split(":", 1)) not in pairs["current"]:
                problems.append(f"{where}: also {other} is not a current pair")
        if about and (about["subject"], about["quantity"]) in pairs["current"]:
            problems.append(f"{where}: unresolved, but {about} is a known pair")
    return problems


def main() -> int:
    """Check both texts; print the counts per verdict."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("set", type=Path, help="the set's folder (tests/text/fourth)")
    parser.add_argument("--db", type=Path, help="scratch SQLite database of its catalog/")
    args = parser.parse_args()
    folder = args.set.resolve()
    subjects, quantities, facts = catalog(folder)
    pairs = known(args.db, facts) if args.db else None
    problems = []
    for name in TEXTS:
        problems += check(folder, name, (subjects, quantities), pairs)
        labels = yaml.safe_load((folder / f"{name}.labels.yaml").read_text("utf-8"))
        counts = Counter(e["verdict"] for e in labels)
        print(f"{name}: {len(labels)} labels: " + ", ".join(f"{v} {n}" for v, n in counts.items()))
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
