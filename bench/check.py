"""Measure `facts check` on the course text and on generated 1 MB texts.

    python bench/check.py [--runs 3]

Loads the course's catalog into a fresh SQLite database, then times `facts check`
in a fresh process (wall time, peak memory) on: the course text; 1 MB of it
(repeated) with its line breaks; the same 1 MB as one line; and the English test
article, 1 MB with line breaks, against the English test catalog; and two long lines
that once cost the square of their numbers (a list of 20,000 numbers; 8,000 pairs of
figures after a pair of qualifiers). Prints a Markdown table; medians of the runs.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
FACTS = str(Path(sys.executable).with_name("facts"))
SEED = REPO.parent / "shared" / "seed" / "000_a3bd6f229aa44ba3.txt"
ENGLISH = REPO / "tests" / "text" / "english"
MEGABYTE = 1_000_000
LISTED = 20_000
"""Numbers in the one-line list: its time grows as its numbers do, not as their square."""
PAIRS = 8_000


def _load(catalog: Path, url: str, *rules: str) -> None:
    subprocess.run(
        [FACTS, "load", str(catalog), *rules, "--db", url],
        check=True,
        capture_output=True,
    )


def _megabyte(text: str, *, one_line: bool) -> str:
    if one_line:
        text = text.replace("\n", " ")
    copies = MEGABYTE // len(text.encode()) + 1
    data = (text * copies).encode()[:MEGABYTE]
    return data.decode("utf-8", errors="ignore")


def _time(text: Path, url: str, runs: int) -> tuple[float, float, int]:
    seconds, peaks, numbers = [], [], 0
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        start = time.perf_counter()
        done = subprocess.run(
            [FACTS, "check", str(text), "--db", url, "--show", "mismatched"],
            capture_output=True,
            text=True,
            check=True,
        )
        seconds.append(time.perf_counter() - start)
        peaks.append(max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
        numbers = int(done.stdout.strip().splitlines()[-1].split(": ")[1].split()[0])
    return statistics.median(seconds), max(peaks) / 1024, numbers


def main() -> None:
    """Run the measurements and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        course_url = f"sqlite:///{root / 'course.sqlite'}"
        english_url = f"sqlite:///{root / 'english.sqlite'}"
        _load(REPO / "facts", course_url)  # the general rules and the course's own
        _load(ENGLISH / "catalog", english_url, "--no-standard-rules")
        article = (ENGLISH / "article.md").read_text("utf-8")
        texts: list[tuple[str, str, str]] = [
            (
                "English article, 1 MB with line breaks",
                _megabyte(article, one_line=False),
                english_url,
            ),
            (
                "one line, a list of 20,000 numbers",
                ", ".join(str(i) for i in range(LISTED)),
                english_url,
            ),
            (
                "one line, 8,000 pairs of figures after a pair of qualifiers",
                "（稠密 / 稀疏）：" + "；".join(f"FP8 {i} / {2 * i}" for i in range(1, PAIRS)),
                english_url,
            ),
        ]
        if SEED.is_file():
            course = SEED.read_text("utf-8")
            texts = [
                ("course text", course, course_url),
                ("course, 1 MB with line breaks", _megabyte(course, one_line=False), course_url),
                ("course, 1 MB on one line", _megabyte(course, one_line=True), course_url),
                *texts,
            ]
        print("| text | bytes | characters | numbers | seconds | peak MB |")
        print("|---|---:|---:|---:|---:|---:|")
        for index, (name, content, url) in enumerate(texts):
            path = root / f"text-{index}.md"
            path.write_text(content, "utf-8")
            seconds, peak, numbers = _time(path, url, args.runs)
            size = len(content.encode())
            print(
                f"| {name} | {size:,} | {len(content):,} | {numbers:,} | {seconds:.2f} | "
                f"{peak:.0f} |"
            )


if __name__ == "__main__":
    main()
