"""Measure facts on generated catalogs, and the start-up of its commands.

    python bench/run.py [--sizes 10000,50000,200000] [--out bench/results.md]

For each size: load into a fresh SQLite database (and the same fact rows inserted
by sqlite-utils, the peer), derive --all, audit, export, reload unchanged, and
load after changing one fact; each step in a fresh process, with its wall time,
peak memory (maximum resident set) and facts per second. Then the cold start of
`facts --help` and `facts derive ridge --chip tpu-v7` against
`python -c "import sqlalchemy"`, medians of repeated runs in the same session.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
PYTHON = sys.executable
FACTS = str(Path(PYTHON).with_name("facts"))
STEPS = ("load", "sqlite-utils", "derive", "audit", "export", "reload", "change-one")


def step(name: str, catalog: Path, rules: Path, url: str) -> dict[str, float]:
    """Run one measured step in a fresh process."""
    out = subprocess.run(
        [PYTHON, str(HERE / "steps.py"), name, str(catalog), str(rules), url],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
    )
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def timed(command: list[str], runs: int) -> float:
    """The median wall time of `command` over `runs` runs (after one warm-up)."""
    subprocess.run(command, capture_output=True, check=False)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure_size(size: int, work: Path) -> list[dict[str, float]]:
    """Every step on a generated catalog of `size` facts."""
    sys.path.insert(0, str(HERE))
    from generate import generate

    out = generate(work / f"gen{size}", size)
    catalog, rules = out / "catalog", out / "rules"
    url = f"sqlite:///{out / 'facts.sqlite'}"
    rows = []
    for name in STEPS:
        target = f"sqlite:///{out / 'peer.sqlite'}" if name == "sqlite-utils" else url
        result = step(name, catalog, rules, target)
        result["size"] = size
        rows.append(result)
        print(json.dumps(result), file=sys.stderr)
    return rows


def cold_start(runs: int, work: Path) -> dict[str, float]:
    """Start-up of two commands against importing SQLAlchemy, in the same session."""
    url = f"sqlite:///{work / 'course.sqlite'}"
    subprocess.run(
        [FACTS, "load", str(REPO / "facts"), "--db", url], capture_output=True, check=True, cwd=REPO
    )
    sqlalchemy = timed([PYTHON, "-c", "import sqlalchemy"], runs)
    derive = timed([FACTS, "derive", "ridge", "--chip", "tpu-v7", "--db", url], runs)
    help_ = timed([FACTS, "--help"], runs)
    return {
        "import_sqlalchemy": sqlalchemy,
        "derive_ridge": derive,
        "help": help_,
        "ratio": derive / sqlalchemy,
    }


def report(rows: list[dict[str, float]], start: dict[str, float]) -> str:
    """The results as Markdown."""
    lines = [
        "| facts | step | seconds | peak MB | facts/s | files parsed |",
        "|---:|---|---:|---:|---:|---:|",
    ]
    for r in rows:
        rate = f"{r['size'] / r['seconds']:,.0f}" if r["step"] in ("load", "sqlite-utils") else ""
        parsed = f"{int(r['files_parsed']):,}" if r.get("files_parsed", -1) >= 0 else ""
        lines.append(
            f"| {int(r['size']):,} | {r['step']} | {r['seconds']:.2f} | "
            f"{r['peak_mb']:.0f} | {rate} | {parsed} |"
        )
    sizes = sorted({int(r["size"]) for r in rows})
    if len(sizes) > 1:
        lines += [
            "",
            f"Growth from {sizes[0]:,} to {sizes[-1]:,} facts "
            f"({sizes[-1] / sizes[0]:.0f}× the facts):",
            "",
        ]
        for name in ("load", "derive", "audit"):
            first = next(r for r in rows if r["size"] == sizes[0] and r["step"] == name)
            last = next(r for r in rows if r["size"] == sizes[-1] and r["step"] == name)
            lines.append(f"- {name}: {last['seconds'] / first['seconds']:.1f}× the time")
    lines += [
        "",
        "| cold start | median seconds |",
        "|---|---:|",
        f'| python -c "import sqlalchemy" | {start["import_sqlalchemy"]:.3f} |',
        f"| facts derive ridge --chip tpu-v7 | {start['derive_ridge']:.3f} |",
        f"| facts --help | {start['help']:.3f} |",
        f"| ratio derive ÷ import sqlalchemy | {start['ratio']:.2f} |",
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    """Command line: run the benchmark and print (and optionally write) the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,50000,200000")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="facts-bench-"))
    try:
        rows = [r for size in map(int, args.sizes.split(",")) for r in measure_size(size, work)]
        text = report(rows, cold_start(args.runs, work))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(text)
    if args.out:
        args.out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
