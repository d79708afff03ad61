"""Run the real `facts` on many kinds of bad input and tabulate what a user sees.

python bench/bad_inputs.py [--only SUBSTRING] [--jobs 2] [--timeout 5]

Each case runs `facts ...` in a fresh process (a `timeout`-second limit) in a folder
of its own, with a copy of a loaded SQLite database: mutated catalogs (structure,
scalars, units, formulas, sizes, encodings), bad command lines, bad database URLs and
bad text files. The table gives the exit code, whether a traceback was printed, the
first line of the message, whether the database stayed byte for byte the same
(checked when the command refused: exit code other than 0), and the seconds taken;
then the totals. The target is 0 tracebacks, 0 hangs, 0 internal errors (exit 70)
and 0 changed databases.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

from catalogs import SOURCES  # noqa: E402
from rules_fixtures import QUANTITIES, RULES  # noqa: E402

FACTS = [str(REPO / ".venv" / "bin" / "facts")]
DB = "facts.sqlite"
FACT = {
    "id": "chip-x.bw",
    "quantity": "hbm.bandwidth",
    "value": "7.37 TB/s",
    "source": "vendor-sheet",
    "locator": "table 2",
    "tier": "official",
    "date": "2025-04-09",
}


def fact_yaml(fields: dict[str, str]) -> str:
    """One fact as a YAML list item, fields written as given (raw YAML)."""
    lines = []
    for i, (key, value) in enumerate(fields.items()):
        lines.append(f"{'  - ' if i == 0 else '    '}{key}: {value}")
    return "\n".join(lines) + "\n"


def chip_file(*facts: str) -> str:
    """A subject file for chip-x with the given fact items."""
    return "subject:\n  id: chip-x\n  name: Chip X\n  kind: chip\nfacts:\n" + "".join(facts)


PEAK = fact_yaml(
    {
        "id": "chip-x.peak",
        "quantity": "peak.bf16_dense",
        "value": "2,307 TFLOP/s",
        "source": "vendor-sheet",
        "tier": "official",
    }
)
STACKS = fact_yaml(
    {
        "id": "chip-x.stacks",
        "quantity": "hbm.stacks",
        "value": "8",
        "source": "vendor-sheet",
        "tier": "official",
    }
)
GOOD: dict[str, str | bytes] = {
    "sources.yaml": SOURCES,
    "quantities.yaml": QUANTITIES,
    "subjects/chip-x.yaml": chip_file(fact_yaml(FACT), PEAK, STACKS),
    "rules/r.yaml": RULES,
}
TEMPLATE = 'Chip X moves {{ fact("chip-x", "hbm.bandwidth") }}.\n'
TEXT = "Chip X has 7.37 TB/s of HBM bandwidth and 2,307 TFLOP/s.\n"


@dataclass
class Case:
    """One bad input: the files it writes over the good catalog, and the command."""

    name: str
    args: list[str]
    files: dict[str, str | bytes | None] = field(default_factory=dict)
    prepare: Callable[[Path], None] | None = None
    env: dict[str, str] = field(default_factory=dict)
    in_catalog: bool = False
    """Whether `files` are paths in the catalog (else in the case's working folder)."""


@dataclass
class Outcome:
    """What one case did."""

    case: str
    code: int | None
    traceback: bool
    message: str
    unchanged: bool
    seconds: float
    lines: int


def write_files(root: Path, files: dict[str, str | bytes | None]) -> None:
    """Write (or, for None, remove) files under `root`."""
    for name, content in files.items():
        path = root / name
        if content is None:
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            else:
                path.unlink(missing_ok=True)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


def load_case(name: str, files: dict[str, str | bytes | None], *extra: str) -> Case:
    """`facts load cat` with `files` over the good catalog."""
    return Case(name, ["load", "cat", *extra], files, in_catalog=True)


def fact_case(name: str, **fields: str | None) -> Case:
    """A load whose first fact has `fields` replaced (None drops the field)."""
    changed = dict(FACT)
    for key, value in fields.items():
        key = key.rstrip("_")
        if value is None:
            changed.pop(key, None)
        else:
            changed[key] = value
    return load_case(name, {"subjects/chip-x.yaml": chip_file(fact_yaml(changed), PEAK, STACKS)})


def rule_case(name: str, formula: str) -> Case:
    """A load with one more rule, of `formula`."""
    rules = RULES + (
        "  - id: extra\n    output: ridge.hbm\n"
        f"    formula: {formula}\n    description: a bad rule\n"
    )
    return load_case(name, {"rules/r.yaml": rules})


def _alias_bomb() -> str:
    head = "a: &a [" + ",".join(["x"] * 9) + "]\n"
    return head + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n"
        for i in range(8)
    )


def _many_errors(count: int) -> str:
    items = "".join(
        fact_yaml(
            {
                "id": f"chip-x.e{i}",
                "quantity": "hbm.bandwidth",
                "value": "64 MiB",
                "source": "vendor-sheet",
                "tier": "official",
            }
        )
        for i in range(count)
    )
    return chip_file(items)


def _foreign_sqlite(folder: Path) -> None:
    (folder / DB).unlink()
    with sqlite3.connect(folder / DB) as conn:
        conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        conn.execute("INSERT INTO notes (body) VALUES ('mine')")
    conn.close()


def _ahead(folder: Path) -> None:
    with sqlite3.connect(folder / DB) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0999'")
    conn.close()


def _truncated(folder: Path) -> None:
    data = (folder / DB).read_bytes()
    (folder / DB).write_bytes(data[: len(data) // 3])


def _text_as_db(folder: Path) -> None:
    (folder / DB).write_text("this is not a database\n" * 100, "utf-8")


def _lock_symlink(folder: Path) -> None:
    (folder / "cat" / ".facts.lock").unlink(missing_ok=True)
    (folder / "cat" / ".facts.lock").symlink_to(folder / "elsewhere.txt")


def _lock_fifo(folder: Path) -> None:
    (folder / "cat" / ".facts.lock").unlink(missing_ok=True)
    os.mkfifo(folder / "cat" / ".facts.lock")


def _unreadable(folder: Path) -> None:
    target = folder / "cat" / "subjects" / "chip-x.yaml"
    if os.geteuid() == 0:  # root reads through chmod 000: a file that cannot be read instead
        target.unlink()
        target.symlink_to("/proc/self/mem")
    else:
        target.chmod(0)


def _stored_path(path: str) -> Callable[[Path], None]:
    def prepare(folder: Path) -> None:
        with sqlite3.connect(folder / DB) as conn:
            conn.execute("UPDATE facts SET file = ? WHERE id = 'chip-x.peak'", (path,))
        conn.close()

    return prepare


def _read_only_catalog(folder: Path) -> None:
    (folder / "cat" / "subjects").chmod(0o500)


def cases() -> list[Case]:
    """Every bad input."""
    out: list[Case] = []
    chip = chip_file(fact_yaml(FACT), PEAK, STACKS)
    # --- structure ------------------------------------------------------------------
    structure: dict[str, str | bytes] = {
        "malformed YAML": chip + "  - id: [unclosed\n",
        "tab indentation": chip.replace("    quantity", "\tquantity", 1),
        "top-level list": "- a\n- b\n",
        "top-level scalar": "just words\n",
        "empty file": "",
        "comments only": "# nothing\n",
        "unknown top-level key": chip + "extra: 1\n",
        "facts is a mapping": "subject:\n  id: chip-x\n  name: X\n  kind: chip\nfacts: {a: 1}\n",
        "facts item is a scalar": (
            "subject:\n  id: chip-x\n  name: X\n  kind: chip\nfacts:\n  - 7\n"
        ),
        "subject without id": "subject:\n  name: X\n  kind: chip\n",
        "subject is a list": "subject: [a, b]\n",
        "duplicate key": chip.replace("    locator: table 2\n", "    locator: a\n    locator: b\n"),
        "a mapping as a key": "? {a: 1}\n: x\n",
        "alias bomb": _alias_bomb(),
        "alias to nothing": chip.replace("table 2", "*nowhere"),
        "merge key": "base: &b {name: X}\nsubject:\n  <<: *b\n  id: chip-y\n  kind: chip\n",
        "python tag": "subject: !!python/object:os.system {id: x}\n",
        "binary tag": "subject:\n  id: !!binary aGVsbG8=\n  name: X\n  kind: chip\n",
        "custom tag": "subject: !mytag {id: x}\n",
        "two documents": chip + "---\n" + chip,
        "10,000 nested lists": "x: " + "[" * 10_000 + "]" * 10_000 + "\n",
        "10,000 nested mappings": "x: " + "{a: " * 10_000 + "1" + "}" * 10_000 + "\n",
        "one line of 2 MB": "subject:\n  id: chip-y\n  name: "
        + "y" * 2_000_000
        + "\n  kind: chip\n",
        "a key of 100,000 characters": "k" * 100_000 + ": 1\n",
        "NUL byte": chip.replace("table 2", "table\x002").encode("utf-8"),
        "latin-1": chip.replace("table 2", "tablé 2").encode("latin-1"),
        "UTF-16": chip.encode("utf-16"),
        "UTF-8 BOM": b"\xef\xbb\xbf" + chip.encode("utf-8"),
        "CR line endings": chip.replace("\n", "\r").encode("utf-8"),
        "CRLF line endings": chip.replace("\n", "\r\n").encode("utf-8"),
        "surrogate bytes": chip.encode("utf-8").replace(b"table 2", b"table \xed\xa0\x80"),
        "overlong UTF-8": chip.encode("utf-8").replace(b"table 2", b"table \xc0\xaf"),
        "random bytes": bytes(range(256)) * 40,
        "control characters": chip.replace("table 2", "table \x1b[31m2\x07"),
        "right-to-left override": chip.replace("table 2", "table \u202e2"),
        "unicode line separator": chip.replace("table 2", "table\u20282"),
        "duplicate fact id": chip.replace("id: chip-x.stacks", "id: chip-x.bw"),
        "duplicate subject": chip + "",
    }
    for name, content in structure.items():
        target = "subjects/chip-y.yaml" if name == "duplicate subject" else "subjects/chip-x.yaml"
        out.append(load_case(f"catalog: {name}", {target: content}))
    out.append(
        load_case("catalog: 5 MB of 20,000 errors", {"subjects/chip-x.yaml": _many_errors(20_000)})
    )
    out.append(load_case("catalog: unknown source file name", {"sources.yml": "sources: 7\n"}))
    out.append(load_case("catalog: a folder named like a file", {"subjects/dir.yaml/x.txt": "x"}))
    out.append(
        load_case(
            "catalog: no files at all",
            {"sources.yaml": None, "quantities.yaml": None, "subjects": None, "rules": None},
        )
    )
    # --- scalars of a fact ---------------------------------------------------------
    bad_scalars = {
        "a list": "[1, 2]",
        "a mapping": "{a: 1}",
        "null": "null",
        "empty": '""',
        "10,000 characters": "x" * 10_000,
        "a number": "12",
        "yes": "yes",
        "control character": '"a\\x07b"',
    }
    for key in ("id", "quantity", "value", "source", "tier", "date", "locator", "rank"):
        for label, value in bad_scalars.items():
            out.append(fact_case(f"fact {key}: {label}", **{key: value}))
    more_fields = {
        "exact: maybe": {"exact": "maybe"},
        "undisclosed with a value": {"undisclosed": "true"},
        "no value": {"value": None},
        "no tier": {"tier": None},
        "qualifiers a list": {"qualifiers": "[a, b]"},
        "qualifiers nested": {"qualifiers": "{a: {b: c}}"},
        "alternatives a string": {"alternatives": "x"},
        "alternatives bad item": {"alternatives": "[{value: nonsense}]"},
        "precision unreadable": {"precision": "±abc"},
        "precision 1e400": {"precision": "±1e400 GB/s"},
        "precision wrong unit": {"precision": "±1 s"},
        "precision negative": {"precision": "-1 GB/s"},
        "computed_from unknown": {"computed_from": "[nope]"},
        "computed_from itself": {"computed_from": "[chip-x.bw]"},
        "supersedes unknown": {"supersedes": "nope", "reason": "r"},
        "supersedes itself": {"supersedes": "chip-x.bw", "reason": "r"},
        "supersedes without reason": {"supersedes": "chip-x.peak"},
        "status unknown": {"status": "retired"},
        "withdrawn without reason": {"status": "withdrawn"},
        "via unknown": {"via": "nope"},
        "via itself": {"via": "vendor-sheet"},
        "subject another": {"subject": "chip-z"},
        "note of 1 MB": {"note": "n" * 1_000_000},
        "unknown field": {"colour": "red"},
        "rank 2**63": {"rank": "9223372036854775808"},
        "rank -2**63": {"rank": "-9223372036854775809"},
        "date 2025-02-30": {"date": "2025-02-30"},
        "date 99999-01-01": {"date": "99999-01-01"},
        "date month 13": {"date": "2025-13-01"},
        "date with time zone": {"date": "2025-01-01T00:00:00+99:00"},
        "date yesterday": {"date": "yesterday"},
        "tier derived": {"tier": "derived"},
        "tier unknown": {"tier": "rumoured"},
    }
    for name, fields in more_fields.items():
        out.append(fact_case(f"fact {name}", **fields))
    # --- values and units -------------------------------------------------------------
    values = [
        "7.37 TB/S",
        "64 MiB",
        "TB/s",
        "NaN TB/s",
        "inf TB/s",
        "Infinity GB/s",
        "-7.37 TB/s",
        "1e400 GB/s",
        "1e-400 GB/s",
        "9e99 GB/s",
        "1" * 190 + " GB/s",
        "1" * 201 + " GB/s",
        "7,37 TB/s",
        "7.37.1 TB/s",
        "9.6–8.0 Gbit/s",
        ">8.0–9.6 Gbit/s",
        "≈≈7 TB/s",
        "７.３７ TB/s",
        "٧٫٣٧ TB/s",
        "7.37 TB/s/s",
        "0x10 GB/s",
        "1_0 GB/s",
        "10^ GB/s",
        "2 × 10^999 GB/s",
        "2 × 10⁹⁹⁹ GB/s",
        "2 × 10⁹⁹ GB/s",
        "7.37 T\u200bB/s",
        "7.37 TB/s\u0301",
        "7.37 ТB/s",
        "1e59 TB/s",
        "7.37 TB/s " * 20,
        "0 TB/s",
        "-0 TB/s",
        "1e0000000001 GB/s",
        ",".join(["1", *["000"] * 20]) + " GB/s",
    ]
    for value in values:
        quoted = "'" + value.replace("'", "''") + "'"
        out.append(fact_case(f"value {value[:40]!r}", value=quoted))
    counts = ["8.5", "1e100", "-8", "8 GB", "9" * 100]
    for value in counts:
        stacks = STACKS.replace("value: 8", f"value: '{value}'")
        out.append(
            load_case(
                f"count value {value[:30]!r}",
                {"subjects/chip-x.yaml": chip_file(fact_yaml(FACT), PEAK, stacks)},
            )
        )
    # --- quantities and sources --------------------------------------------------------
    out += [
        load_case(
            "quantity unknown unit",
            {"quantities.yaml": QUANTITIES + "  - {id: q.x, name: X, unit: furlong}\n"},
        ),
        load_case(
            "quantity duplicate id",
            {"quantities.yaml": QUANTITIES + "  - {id: hbm.bandwidth, name: X, unit: GB/s}\n"},
        ),
        load_case(
            "quantity count with a unit of time",
            {"quantities.yaml": QUANTITIES + "  - {id: q.x, name: X, unit: s, count: true}\n"},
        ),
        load_case(
            "quantity bad id",
            {"quantities.yaml": QUANTITIES + "  - {id: 'Q X!', name: X, unit: s}\n"},
        ),
        load_case("source bad kind", {"sources.yaml": SOURCES.replace("vendor-doc", "rumour")}),
        load_case(
            "source duplicate", {"sources.yaml": SOURCES + SOURCES.replace("sources:\n", "")}
        ),
        load_case(
            "source published 2026-13", {"sources.yaml": SOURCES + "    published: 2026-13\n"}
        ),
        load_case(
            "source url javascript", {"sources.yaml": SOURCES + "    url: 'javascript:alert(1)'\n"}
        ),
        load_case("units.yaml unreadable unit", {"units.yaml": "units:\n  - 'zorch = 1 / 0'\n"}),
    ]
    # --- formulas ------------------------------------------------------------------------
    formulas = {
        "1,000 terms": " + ".join(["peak.bf16_dense / hbm.bandwidth"] * 1_000),
        "5,000 parentheses": "(" * 5_000 + "peak.bf16_dense / hbm.bandwidth" + ")" * 5_000,
        "33 parentheses": "(" * 33 + "peak.bf16_dense / hbm.bandwidth" + ")" * 33,
        "10^400": "10^400 * peak.bf16_dense / hbm.bandwidth",
        "x^10000000000": "peak.bf16_dense / hbm.bandwidth * hbm.stacks^10000000000",
        "ceil(400 digits)": f"ceil({'9' * 400}) * peak.bf16_dense / hbm.bandwidth",
        "a 400-digit constant": "9" * 400 + " * peak.bf16_dense / hbm.bandwidth",
        "overflow while deriving": "1" + "0" * 59 + "^64 * peak.bf16_dense / hbm.bandwidth",
        "product overflowing": " * ".join(["1" + "0" * 59] * 6)
        + " * peak.bf16_dense / hbm.bandwidth",
        "python": "__import__('os').system('true')",
        "attribute": "hbm.bandwidth.__class__",
        "unknown function": "exp(peak.bf16_dense / hbm.bandwidth)",
        "empty": "''",
        "a list": "[a, b]",
        "null": "null",
        "division by a zero constant": "peak.bf16_dense / hbm.bandwidth / 0",
        "zero in an interval": "peak.bf16_dense / (hbm.bandwidth - hbm.bandwidth)",
        "square root of a negative": "sqrt(0 - 1) * peak.bf16_dense / hbm.bandwidth",
        "adding different dimensions": "peak.bf16_dense + hbm.bandwidth",
        "unknown quantity": "peak.nope / hbm.bandwidth",
        "itself as input": "ridge.hbm * 1",
        "unknown subject": "chip-q:peak.bf16_dense / hbm.bandwidth",
        "unicode operators": "peak.bf16_dense ÷ hbm.bandwidth × 1",
        "unbalanced": "(peak.bf16_dense / hbm.bandwidth",
        "negative exponent of zero": "peak.bf16_dense / hbm.bandwidth * (hbm.stacks - 8)^-1",
        "200 unary minus": "-" * 200 + "peak.bf16_dense / hbm.bandwidth",
        "ceil of a dimension": "ceil(hbm.bandwidth)",
        "min of different dimensions": "min(peak.bf16_dense, hbm.bandwidth)",
        "sqrt of two": "sqrt(1, 2) * peak.bf16_dense / hbm.bandwidth",
        "exponent 0.5e1": "(peak.bf16_dense / hbm.bandwidth)^0.5e1",
    }
    for name, formula in formulas.items():
        text = (
            formula
            if formula in ("''", "[a, b]", "null")
            else "'" + formula.replace("'", "''") + "'"
        )
        out.append(rule_case(f"formula: {name}", text))
    out += [
        load_case(
            "rules: cycle",
            {
                "rules/r.yaml": RULES
                + "  - {id: c1, output: hbm.stacks, formula: 'hbm.stacks * 1', description: d}\n"
            },
        ),
        load_case(
            "rules: duplicate id",
            {
                "rules/r.yaml": RULES
                + "  - {id: ridge, output: ridge.hbm, description: d,\n"
                + "     formula: 'peak.bf16_dense / hbm.bandwidth'}\n"
            },
        ),
        load_case(
            "rules: unknown output",
            {"rules/r.yaml": RULES + "  - {id: z, output: nope.q, formula: '1', description: d}\n"},
        ),
        load_case("rules: not a list", {"rules/r.yaml": "rules: 7\n"}),
        load_case(
            "rules: bound of wrong dimension",
            {
                "rules/r.yaml": RULES
                + "bounds:\n  - {id: b, quantity: hbm.bandwidth, description: d,\n"
                + "     within: chip-x:peak.bf16_dense}\n"
            },
        ),
        load_case("rules: NUL byte", {"rules/r.yaml": (RULES + "# \x00\n").encode()}),
        load_case("rules: latin-1", {"rules/r.yaml": (RULES + "# caf\xe9\n").encode("latin-1")}),
        Case("rules: --rules folder missing", ["load", "cat", "--rules", "nowhere"]),
        Case(
            "rules: --rules folder empty", ["load", "cat", "--rules", "empty"], {"empty/.keep": ""}
        ),
    ]
    # --- the files themselves ------------------------------------------------------------
    out += [
        Case("file: unreadable catalog file", ["load", "cat"], prepare=_unreadable),
        Case("file: lock file a symlink", ["load", "cat"], prepare=_lock_symlink),
        Case("file: lock file a FIFO", ["load", "cat"], prepare=_lock_fifo),
        Case(
            "file: read-only subjects folder, add",
            [
                "add",
                "chip-x",
                "hbm.stacks",
                "9",
                "--source",
                "vendor-sheet",
                "--tier",
                "official",
                "--catalog",
                "cat",
                "--no-standard-rules",
            ],
            prepare=_read_only_catalog,
        ),
        Case("catalog is a file", ["load", "sources.txt"], {"sources.txt": "x"}),
        Case("catalog missing", ["load", "nowhere"]),
        Case(
            "validate a bad catalog",
            ["validate", "cat"],
            {"cat/subjects/chip-x.yaml": "subject: 7\n"},
        ),
    ]
    # --- command lines --------------------------------------------------------------------
    add = ["add", "chip-x", "hbm.stacks", "9", "--catalog", "cat", "--no-standard-rules"]
    commands = {
        "unknown command": ["frobnicate"],
        "unknown option": ["show", "chip-x", "--frob"],
        "missing argument": ["show"],
        "format xml": ["show", "chip-x", "--format", "xml"],
        "empty --db": ["show", "chip-x", "--db", ""],
        "unknown subject": ["show", "chip-nope"],
        "unknown quantity": ["show", "chip-x", "nope.nope"],
        "subject path-like": ["show", "../../etc/passwd"],
        "subject of 100,000 characters": ["show", "x" * 100_000],
        "derive unknown chip": ["derive", "ridge", "--chip", "nope"],
        "derive --all with --chip": ["derive", "ridge", "--chip", "chip-x", "--all"],
        "derive --all with --source": ["derive", "--all", "--source", "vendor-sheet"],
        "derive nothing": ["derive"],
        "derive unknown source": ["derive", "ridge", "--source", "nope"],
        "export unknown table": ["export", "nope"],
        "export --all without --out": ["export", "--all"],
        "export --out missing folder": ["export", "--all", "--out", "no/such/folder"],
        "audit --limit -1": ["audit", "--limit", "-1"],
        "audit --limit abc": ["audit", "--limit", "abc"],
        "audit --limit 10^20": ["audit", "--limit", "100000000000000000000"],
        "list nope": ["list", "nope"],
        "history unknown": ["history", "chip-x", "nope"],
        "add missing --source": ["add", "chip-x", "hbm.stacks", "9", "--tier", "official"],
        "add bad tier": [*add, "--source", "vendor-sheet", "--tier", "rumoured"],
        "add bad value": [
            *add[:3],
            "nine",
            *add[4:],
            "--source",
            "vendor-sheet",
            "--tier",
            "official",
        ],
        "add unknown subject": [
            "add",
            "chip-q",
            "hbm.stacks",
            "9",
            "--catalog",
            "cat",
            "--source",
            "vendor-sheet",
            "--tier",
            "official",
            "--no-standard-rules",
        ],
        "add qualifier without =": [
            *add,
            "--source",
            "vendor-sheet",
            "--tier",
            "official",
            "--qualifier",
            "scope",
        ],
        "add the same fact again": [
            "add",
            "chip-x",
            "hbm.stacks",
            "8",
            "--catalog",
            "cat",
            "--source",
            "vendor-sheet",
            "--tier",
            "official",
            "--no-standard-rules",
        ],
        "add an existing id": [
            *add,
            "--source",
            "vendor-sheet",
            "--tier",
            "official",
            "--id",
            "chip-x.bw",
        ],
        "add date 2025-02-30": [
            *add,
            "--source",
            "vendor-sheet",
            "--tier",
            "official",
            "--date",
            "2025-02-30",
        ],
        "add value 1e400": [
            *add[:3],
            "1e400",
            *add[4:],
            "--source",
            "vendor-sheet",
            "--tier",
            "official",
        ],
        "import missing file": ["import", "nope.csv", "--into", "cat"],
        "import binary file": ["import", "x.csv", "--into", "cat"],
        "import mapping unreadable": ["import", "t.csv", "--into", "cat", "--mapping", "m.yaml"],
        "graph unknown": ["graph", "nope.nope", "--chip", "chip-x"],
        "plot unknown chip": ["plot", "roofline", "--chip", "nope", "--out", "plots"],
        "db upgrade unknown revision": ["db", "upgrade", "zzzz"],
        "db downgrade unknown revision": ["db", "downgrade", "zzzz"],
        "init into a file": ["init", "sources.txt"],
        "init into the catalog": ["init", "cat"],
        "dump --out a file": ["dump", "--out", "sources.txt"],
        "show-completion unknown shell": ["--show-completion", "tcsh-nope"],
        "unicode option": ["show", "chip-x", "—format", "json"],
    }
    extra_files: dict[str, dict[str, str | bytes | None]] = {
        "import binary file": {"x.csv": bytes(range(256)) * 10},
        "import mapping unreadable": {"t.csv": "a,b\n1,2\n", "m.yaml": b"\xff\xfe\x00"},
        "init into a file": {"sources.txt": "x"},
        "dump --out a file": {"sources.txt": "x"},
    }
    for name, args in commands.items():
        out.append(Case(f"command: {name}", args, extra_files.get(name, {})))
    # --- stored paths that dump would follow out of its folder ------------------------------
    for stored in ("../escaped.yaml", "/tmp/facts-bench-absolute.yaml", "a/../../b.yaml"):
        out.append(
            Case(
                f"dump: stored path {stored}",
                ["dump", "--out", "dumped"],
                prepare=_stored_path(stored),
            )
        )
    # --- database URLs -----------------------------------------------------------------------
    urls = {
        "mysql": "mysql://me:secret@localhost/db",
        "oracle": "oracle://me@localhost/db",
        "nonsense": "garbage",
        "scheme only": "://",
        "sqlite no path": "sqlite://",
        "sqlite empty path": "sqlite:///",
        "sqlite missing folder": "sqlite:////no/such/folder/x.sqlite",
        "sqlite a folder": "sqlite:///cat",
        "sqlite uri=true": "sqlite:///file:facts.sqlite?mode=ro&uri=true",
        "sqlite password": "sqlite:///facts.sqlite?password=hunter2",
        "postgresql refused": "postgresql+psycopg://me:secret@127.0.0.1:1/db?connect_timeout=2",
        "postgresql ?password": "postgresql+psycopg://me@127.0.0.1:1/db?password=hunter2&connect_timeout=2",
        "postgresql no driver name": "postgresql://me@127.0.0.1:1/db?connect_timeout=2",
        "unknown driver": "sqlite+nodriver:///facts.sqlite",
        "percent escapes": "sqlite:///%zz%00.sqlite",
    }
    for name, url in urls.items():
        out.append(Case(f"url: {name} (show)", ["show", "chip-x", "--db", url]))
        if name in (
            "mysql",
            "sqlite uri=true",
            "sqlite a folder",
            "postgresql refused",
            "nonsense",
        ):
            out.append(Case(f"url: {name} (load)", ["load", "cat", "--db", url]))
    out += [
        Case("database: a foreign SQLite file (load)", ["load", "cat"], prepare=_foreign_sqlite),
        Case("database: a foreign SQLite file (show)", ["show", "chip-x"], prepare=_foreign_sqlite),
        Case(
            "database: a foreign SQLite file (db upgrade)",
            ["db", "upgrade"],
            prepare=_foreign_sqlite,
        ),
        Case("database: ahead of the code (load)", ["load", "cat"], prepare=_ahead),
        Case("database: ahead of the code (db current)", ["db", "current"], prepare=_ahead),
        Case("database: ahead of the code (db upgrade)", ["db", "upgrade"], prepare=_ahead),
        Case("database: truncated (show)", ["show", "chip-x"], prepare=_truncated),
        Case("database: truncated (load)", ["load", "cat"], prepare=_truncated),
        Case("database: a text file (load)", ["load", "cat"], prepare=_text_as_db),
        Case("database: a text file (audit)", ["audit"], prepare=_text_as_db),
        Case(
            "database: FACTS_DB_URL mysql",
            ["list", "subjects"],
            env={"FACTS_DB_URL": "mysql://x@h/d"},
        ),
    ]
    # --- text files ------------------------------------------------------------------------------
    texts: dict[str, str | bytes] = {
        "latin-1": "Chip X has 7,37 TB/s, café.\n".encode("latin-1"),
        "UTF-16": TEXT.encode("utf-16"),
        "NUL bytes": TEXT.encode() + b"\x00\x00",
        "random bytes": bytes(range(256)) * 20,
        "empty": b"",
        "1 MB on one line": ("7.37 TB/s " * 100_000).encode(),
    }
    for name, content in texts.items():
        for command in (["check"], ["coverage"], ["render"], ["audit", "--text"]):
            out.append(
                Case(f"text {name}: {' '.join(command)}", [*command, "t.md"], {"t.md": content})
            )
    out += [
        Case("text: a folder", ["check", "cat"]),
        Case("text: missing", ["check", "nope.md"]),
        Case(
            "template: unknown fact",
            ["render", "t.md"],
            {"t.md": '{{ fact("chip-q", "hbm.bandwidth") }}\n'},
        ),
        Case("template: syntax error", ["render", "t.md"], {"t.md": "{% for x in %}\n"}),
        Case("template: unknown function", ["render", "t.md"], {"t.md": "{{ system('ls') }}\n"}),
        Case(
            "template: python attribute",
            ["render", "t.md"],
            {"t.md": "{{ ''.__class__.__mro__ }}\n"},
        ),
        Case(
            "template: huge loop",
            ["render", "t.md"],
            {"t.md": "{% for i in range(10**9) %}x{% endfor %}\n"},
        ),
        Case(
            "coverage: outline latin-1",
            ["coverage", "t.md", "--outline", "o.tsv"],
            {"t.md": TEXT, "o.tsv": "1\tcaf\xe9\n".encode("latin-1")},
        ),
        Case(
            "coverage: outline nonsense",
            ["coverage", "t.md", "--outline", "o.tsv"],
            {"t.md": TEXT, "o.tsv": "a\tb\tc\td\n\x00\n"},
        ),
        Case(
            "check: ledger corrupt",
            ["check", "t.md", "--ledger"],
            {"t.md": TEXT, "t.md.ledger.yaml": "pins: [[[\n"},
        ),
        Case(
            "check: ledger latin-1",
            ["check", "t.md", "--ledger"],
            {"t.md": TEXT, "t.md.ledger.yaml": "pins: caf\xe9\n".encode("latin-1")},
        ),
    ]
    return out


def _db_state(folder: Path) -> dict[str, bytes]:
    # the file and its write-ahead log; an empty log (a reader opened it) holds nothing
    return {
        p.name: p.read_bytes()
        for p in (folder / DB, folder / f"{DB}-wal")
        if p.is_file() and not p.is_symlink() and p.stat().st_size
    }


def run_case(case: Case, base: Path, work: Path, timeout: float) -> Outcome:
    """Run one case in a folder of its own; never raise."""
    folder = Path(tempfile.mkdtemp(dir=work))
    shutil.copytree(base / "cat", folder / "cat")
    shutil.copy(base / DB, folder / DB)
    write_files(folder / "cat" if case.in_catalog else folder, case.files)
    if case.prepare is not None:
        case.prepare(folder)
    before = _db_state(folder)
    env = {k: v for k, v in os.environ.items() if not k.startswith("FACTS_")}
    env.update({"FACTS_STANDARD_RULES": "false", "NO_COLOR": "1", "COLUMNS": "100"})
    env.update(case.env)
    start = time.perf_counter()
    try:
        done = subprocess.run(
            [*FACTS, *case.args],
            cwd=folder,
            env=env,
            capture_output=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
            check=False,
        )
        code: int | None = done.returncode
        stdout, stderr = (
            done.stdout.decode("utf-8", "replace"),
            done.stderr.decode("utf-8", "replace"),
        )
    except subprocess.TimeoutExpired as exc:
        code = None
        stdout = (exc.stdout or b"").decode("utf-8", "replace")
        stderr = (exc.stderr or b"").decode("utf-8", "replace")
    seconds = time.perf_counter() - start
    unchanged = code == 0 or _db_state(folder) == before
    lines = [line for line in stderr.splitlines() if line.strip()]
    message = lines[0] if lines else (stdout.splitlines()[0] if stdout.strip() else "")
    shutil.rmtree(folder, ignore_errors=True)
    for leaked in (Path("/tmp/facts-bench-absolute.yaml"),):
        leaked.unlink(missing_ok=True)
    return Outcome(
        case.name,
        code,
        "Traceback" in stderr or "Traceback" in stdout,
        message,
        unchanged,
        seconds,
        len(lines),
    )


def prepare_base(work: Path) -> Path:
    """The good catalog, loaded into a SQLite file, in `work/base`."""
    base = work / "base"
    write_files(base / "cat", dict(GOOD))
    env = {k: v for k, v in os.environ.items() if not k.startswith("FACTS_")}
    env["FACTS_STANDARD_RULES"] = "false"
    subprocess.run([*FACTS, "load", "cat"], cwd=base, env=env, check=True, capture_output=True)
    return base


def main() -> int:
    """Run every case; print the table and the totals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="run the cases whose name contains this")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=5.0)
    parsed = parser.parse_args()
    chosen = [c for c in cases() if parsed.only in c.name]
    with tempfile.TemporaryDirectory(prefix="facts-bad-") as tmp:
        work = Path(tmp)
        base = prepare_base(work)
        with ThreadPoolExecutor(parsed.jobs) as pool:
            outcomes = list(pool.map(lambda c: run_case(c, base, work, parsed.timeout), chosen))
    width = max(len(o.case) for o in outcomes)
    print(f"{'case':<{width}}  exit  tb   db same  seconds  message")
    for o in outcomes:
        code = "hang" if o.code is None else str(o.code)
        print(
            f"{o.case:<{width}}  {code:>4}  {'yes' if o.traceback else 'no':<3}  "
            f"{'yes' if o.unchanged else 'NO':<7}  {o.seconds:7.2f}  {o.message[:140]}"
        )
    hangs = sum(o.code is None for o in outcomes)
    internal = [o.case for o in outcomes if o.code == 70]
    tracebacks = sum(o.traceback for o in outcomes)
    changed = sum(not o.unchanged for o in outcomes)
    longest = max(outcomes, key=lambda o: o.seconds)
    print(
        f"\n{len(outcomes)} cases: {tracebacks} tracebacks, {hangs} hangs, {changed} changed "
        f"databases, {len(internal)} internal errors (exit 70); longest {longest.seconds:.2f} s "
        f"({longest.case})"
    )
    for name in internal:
        print(f"internal error: {name}")
    return 1 if tracebacks or hangs or changed or internal else 0


if __name__ == "__main__":
    sys.exit(main())
