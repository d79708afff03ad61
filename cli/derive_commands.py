"""`facts derive`: derived values with their provenance, and rebuilding them."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cli.options import DbOption, Format, FormatOption, RulesOption
from cli.output import print_error, print_json, print_line, print_table


def derive(
    name: Annotated[
        str | None, typer.Argument(help="Quantity id or dotted prefix (ridge, hbm.bandwidth).")
    ] = None,
    chip: Annotated[
        str | None, typer.Option("--chip", "--subject", help="Subject id, name or alias.")
    ] = None,
    everything: Annotated[
        bool, typer.Option("--all", help="Rebuild every derived value and summarise.")
    ] = False,
    rules: RulesOption = None,
    db: DbOption = None,
    fmt: FormatOption = Format.text,
) -> None:
    """Show derived values with their derivation tree, or rebuild them all (--all)."""
    if everything:
        _derive_all(rules, db, fmt)
        return
    if name is None and chip is None:
        raise typer.BadParameter(
            "name a quantity or a subject (facts derive ridge --chip tpu-v7), or use --all"
        )
    from db.derived_queries import derivation_trees
    from db.rawsql import reading

    with reading(db) as reader:
        trees, problems = derivation_trees(reader, name, chip)
    if fmt is Format.json:
        print_json({"derived": trees, "problems": problems})
        return
    from cli.tree import render_tree

    for i, tree in enumerate(trees):
        if i:
            print_line("")
        print_line(render_tree(tree))
    for problem in problems:
        print_error(
            f"could not derive {problem['quantity']} for {problem['subject']} "
            f"(rule {problem['rule']}): {problem['detail']}"
        )
    if not trees and not problems:
        print_error(f"nothing derives {name or 'anything'}" + (f" for {chip}" if chip else ""))


def _derive_all(rules: Path | None, db: str | None, fmt: Format) -> None:
    from db.engine import database
    from db.load import rederive
    from derive.rules import RULES_DIR

    with database(db) as engine:
        report = rederive(engine, rules or RULES_DIR)
    if fmt is Format.json:
        print_json(
            {
                "derived": report.derived,
                "total": report.total,
                "problems": report.problems,
                "conflicts": report.conflicts,
            }
        )
        return
    print_table("derived", ("rule", "values"), sorted(report.derived.items()))
    if report.problems:
        print_table(
            "could not derive",
            ("rule", "subject", "why"),
            [(p["rule"], p["subject"], p["detail"]) for p in report.problems],
        )
    print_line(
        f"{report.total} values derived; {len(report.problems)} rule applications could not be made"
    )


def register(app: typer.Typer) -> None:
    """Add `facts derive` to `app`."""
    app.command()(derive)
