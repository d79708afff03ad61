"""A number read in a copy (`via`: a book quoting the vendor's table) is its original's:
two copies of one original are one witness, in the audit and in input selection."""

from __future__ import annotations

from pathlib import Path

from audit_catalogs import fact, findings, only, read, write

from derive.deriver import derive_catalog
from derive.publish.formats import to_markdown
from derive.publish.tables import TableBuilder
from derive.rules import read_rules

BOOKS = """\
  - id: book-a
    title: A book about chips
    kind: book
    authors: [A. Author]
  - id: book-b
    title: Another book about chips
    kind: book
    authors: [B. Author]
"""
DATED = "    date: 2025-05-01\n"


def _via(copy: str) -> str:
    return f"    via: {copy}\n{DATED}"


def test_two_copies_of_one_original_do_not_support_an_inferred_number(tmp_path: Path) -> None:
    # The datasheet's register count, read in two books: one witness, still unsupported.
    found = findings(
        tmp_path,
        fact("x.reg@a", "registers.max_per_thread", "255", tier="inferred", extra=_via("book-a"))
        + fact("x.reg@b", "registers.max_per_thread", "255", tier="inferred", extra=_via("book-b")),
        sources=BOOKS,
    )
    assert sorted(f.id for f in found if f.kind == "unsupported") == [
        "unsupported:chip-x:registers.max_per_thread:x.reg@a",
        "unsupported:chip-x:registers.max_per_thread:x.reg@b",
    ]


def test_a_copy_does_not_support_the_original_it_copies(tmp_path: Path) -> None:
    found = findings(
        tmp_path,
        fact("x.reg", "registers.max_per_thread", "255", tier="inferred")
        + fact("x.reg@a", "registers.max_per_thread", "255", extra=_via("book-a")),
        sources=BOOKS,
    )
    assert [f.id for f in found if f.kind == "unsupported"] == [
        "unsupported:chip-x:registers.max_per_thread:x.reg"
    ]


def test_a_copy_of_another_original_does_support_it(tmp_path: Path) -> None:
    # The review's own measurement, read in a book, is a second witness of the 255.
    found = findings(
        tmp_path,
        fact("x.reg@a", "registers.max_per_thread", "255", tier="inferred", extra=_via("book-a"))
        + fact(
            "x.reg@b",
            "registers.max_per_thread",
            "255",
            tier="measured",
            source="review",
            extra=_via("book-b"),
        ),
        sources=BOOKS,
    )
    assert [f.id for f in found if f.kind == "unsupported"] == []


def test_copies_that_disagree_are_a_conflict_a_copy_caused(tmp_path: Path) -> None:
    found = only(
        findings(
            tmp_path,
            fact("x.ici@a", "ici.bandwidth", "1,200 GB/s", extra=_via("book-a"))
            + fact("x.ici@b", "ici.bandwidth", "1,020 GB/s", extra=_via("book-b")),
            sources=BOOKS,
        ),
        "conflict",
    )
    assert "1,200 GB/s (vendor-sheet via book-a)" in found.message
    assert found.diagnosis == (
        "both are vendor-sheet's number, read in book-a and in book-b: a copy differs from "
        "its original"
    )


def test_a_source_cited_only_as_a_copy_is_cited(tmp_path: Path) -> None:
    found = findings(
        tmp_path,
        fact("x.reg", "registers.max_per_thread", "255", extra=_via("book-a")),
        sources=BOOKS,
    )
    assert [f.id for f in found if f.kind == "uncited-source"] == ["uncited-source:book-b"]


def test_the_original_read_directly_is_taken_before_its_copy(tmp_path: Path) -> None:
    # Two readings of the datasheet's 7.37 TB/s agree and are equally precise: the one
    # read in the datasheet itself is the input, and the reason says they are one.
    write(
        tmp_path,
        fact("x.bw@a", "hbm.bandwidth", "7.37 TB/s", extra=_via("book-a")),
        sources=BOOKS,
    )
    catalog, rules_dir = read(tmp_path)
    rules = read_rules(rules_dir, catalog)
    outcome = derive_catalog(catalog, rules)
    (ridge,) = [d for d in outcome.derivations if d.quantity == "ridge.hbm"]
    (use,) = [u for u in ridge.inputs if u.quantity == "hbm.bandwidth"]
    assert use.used.stated is not None and use.used.stated.fact_id == "x.bw"
    assert use.reason.endswith("2 of them are one original's (vendor-sheet), counted once")


def test_a_table_footnote_names_the_copy_a_number_was_read_in(tmp_path: Path) -> None:
    table = (
        "tables:\n  - id: t\n    title: T\n    columns: [{subject: chip-y}]\n"
        "    rows:\n      - {label: bandwidth, quantity: hbm.bandwidth}\n"
    )
    write(
        tmp_path,
        fact("y.bw", "hbm.bandwidth", "7.37 TB/s", subject="chip-y", extra=_via("book-a")),
        sources=BOOKS,
        subjects="  - {id: chip-y, name: Y, kind: chip}\n",
        tables=table,
    )
    catalog, rules_dir = read(tmp_path)
    rules = read_rules(rules_dir, catalog)
    built = TableBuilder(catalog, rules, derive_catalog(catalog, rules), []).build(
        catalog.tables["t"].entry
    )
    assert [n.text for n in built.footnotes] == [
        "Chip X datasheet (ACME, https://example.com/chip-x.pdf), as quoted in A book about chips"
    ]
    assert "as quoted in A book about chips" in to_markdown(built)
