"""`facts derive`: derived values with their provenance, and rebuilding them."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cli.options import DbOption, Format, FormatOption, RulesOption, StandardRulesOption
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
    sources: Annotated[
        list[str] | None,
        typer.Option(
            "--source",
            help=(
                "Derive from the facts of this source only (repeatable; by original or by the "
                "copy read), and compare with what it states; nothing is written."
            ),
        ),
    ] = None,
    rules: RulesOption = None,
    standard_rules: StandardRulesOption = True,
    db: DbOption = None,
    fmt: FormatOption = Format.text,
) -> None:
    """Show derived values with their derivation tree, or rebuild them all (--all)."""
    if everything and sources:
        raise typer.BadParameter(
            "--all rebuilds and stores every derived value; --source derives in memory from "
            "those sources only: use one or the other"
        )
    if everything and (name is not None or chip is not None):
        named = " ".join(
            part for part in (name, f"--chip {chip}" if chip is not None else None) if part
        )
        raise typer.BadParameter(
            f"--all rebuilds every derived value of every subject, so it takes no "
            f"{named!r}: drop --all to show those, or the rest to rebuild all"
        )
    if everything:
        _derive_all(rules or [], standard_rules, db, fmt)
        return
    if sources:
        _derive_from_sources(sources, name, chip, rules or [], standard_rules, db, fmt)
        return
    if name is None and chip is None:
        raise typer.BadParameter(
            "name a quantity or a subject (facts derive ridge --chip tpu-v7), or use --all"
        )
    from db.derived_queries import derivation_trees
    from db.rawsql import reading

    with reading(db) as reader:
        trees = derivation_trees(reader, name, chip)
    if fmt is Format.json:
        print_json(trees.as_json())
        return
    from cli.tree import render_tree

    for i, tree in enumerate(trees.derived):
        if i:
            print_line("")
        print_line(render_tree(tree))
    for problem in trees.problems:
        print_error(
            f"could not derive {problem.quantity} for {problem.subject} "
            f"(rule {problem.rule_id}): {problem.detail}"
        )
    if not trees.derived and not trees.problems:
        print_error(f"nothing derives {name or 'anything'}" + (f" for {chip}" if chip else ""))


def _derive_from_sources(
    sources: list[str],
    name: str | None,
    chip: str | None,
    rules: list[Path],
    standard: bool,
    db: str | None,
    fmt: Format,
) -> None:
    from db.database import database
    from db.derived import derive_stored_from_sources
    from db.load import loaded_rules
    from derive.from_sources import selected, source_trees

    with database(db, must_exist=True) as engine:
        found, rule_set = derive_stored_from_sources(
            engine, loaded_rules(engine, rules, standard=standard), sources
        )
    shown = source_trees(selected(found, name, chip), rule_set)
    if fmt is Format.json:
        print_json(shown.as_json())
        return
    from cli.tree import render_compared, render_tree

    named = ", ".join(shown.sources)
    print_line(
        f"derived from the {shown.facts} facts of {named} only, "
        "with the rules and their constants; nothing was written"
    )
    for tree in shown.derived:
        print_line("")
        print_line(render_tree(tree))
    if shown.compared:
        print_line("")
        print_line(render_compared(shown.compared))
    for problem in shown.problems:
        if name is None and chip is None and problem.kind == "missing-input":
            continue  # a source holds few of every rule's inputs: named ones are listed
        print_error(
            f"could not derive {problem.quantity} for {problem.subject} "
            f"(rule {problem.rule_id}) from {named}: {problem.detail}"
        )
    if not shown.derived and not shown.problems:
        what = (name or "anything") + (f" for {chip}" if chip else "")
        print_error(f"nothing derives {what} from {named}")


def _derive_all(rules: list[Path], standard: bool, db: str | None, fmt: Format) -> None:
    from db.database import database
    from db.load import loaded_rules, rederive

    with database(db, must_exist=True) as engine:
        report = rederive(engine, loaded_rules(engine, rules, standard=standard))
    if fmt is Format.json:
        print_json(report.as_json())
        return
    print_table("derived", ("rule", "values"), sorted(report.derived.items()))
    if report.problems:
        print_table(
            "could not derive",
            ("rule", "subject", "why"),
            [(p.rule_id, p.subject, p.detail) for p in report.problems],
        )
    print_line(
        f"{report.total} values derived; {len(report.problems)} rule applications could not be made"
    )


def register(app: typer.Typer) -> None:
    """Add `facts derive` to `app`."""
    app.command()(derive)
