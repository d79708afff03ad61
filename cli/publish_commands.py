"""`facts plot roofline` and `facts graph`: pictures of the catalog's numbers."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from cli.options import DbOption, ReloadOption
from cli.output import deliver, print_line

plot_app = typer.Typer(help="Pictures drawn from the catalog.", no_args_is_help=True)


class GraphFormat(StrEnum):
    """The text formats a derivation graph is written in."""

    mermaid = "mermaid"
    dot = "dot"
    svg = "svg"


@plot_app.command("roofline")
def roofline(
    chips: Annotated[list[str], typer.Option("--chip", help="A chip to draw (repeatable).")],
    out: Annotated[
        Path, typer.Option("--out", "-o", help="Folder for roofline.svg, .png and .json.")
    ] = Path("out"),
    reload: ReloadOption = False,
    db: DbOption = None,
) -> None:
    """Attainable FLOP/s against arithmetic intensity: each chip's roofs and ridge
    points, and the operators whose intensity the catalog knows."""
    from db.database import database
    from db.load import as_loaded
    from db.snapshot import snapshot
    from derive.publish.roofline import NoPeak, draw
    from derive.publish.roofline import roofline as gather

    with database(db, must_exist=True) as engine:
        snap = snapshot(engine, as_loaded(engine, reload=reload))
    subjects = [snap.catalog.subject_named(chip) for chip in chips]
    try:
        picture = gather(snap.builder(), subjects)
    except NoPeak as exc:
        raise typer.BadParameter(str(exc)) from None
    out.mkdir(parents=True, exist_ok=True)
    draw(picture, out / "roofline.svg", out / "roofline.png")
    (out / "roofline.json").write_text(picture.as_json(), encoding="utf-8")
    print_line(f"wrote {out / 'roofline.svg'}, {out / 'roofline.png'}, {out / 'roofline.json'}")


def graph(
    quantity: Annotated[str, typer.Argument(help="The derived quantity (ridge.hbm).")],
    chip: Annotated[str, typer.Option("--chip", help="The subject whose value to draw.")],
    fmt: Annotated[
        GraphFormat,
        typer.Option("--format", "-f", help="Mermaid, DOT or SVG.", case_sensitive=False),
    ] = GraphFormat.mermaid,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Write to this file.", dir_okay=False)
    ] = None,
    reload: ReloadOption = False,
    db: DbOption = None,
) -> None:
    """The derivation graph of one value down to its sourced facts, coloured by tier."""
    from db.database import database
    from db.load import as_loaded
    from db.snapshot import snapshot
    from derive.publish.graph import NoDerivation, derivation_graph

    with database(db, must_exist=True) as engine:
        snap = snapshot(engine, as_loaded(engine, reload=reload))
    subject = snap.catalog.subject_named(chip)
    if quantity not in snap.catalog.quantities:
        raise typer.BadParameter(f"unknown quantity {quantity!r}")
    try:
        drawn = derivation_graph(snap.builder(), snap.outcome, subject, quantity)
    except NoDerivation as exc:
        raise typer.BadParameter(str(exc)) from None
    text = {
        GraphFormat.mermaid: drawn.to_mermaid,
        GraphFormat.dot: drawn.to_dot,
        GraphFormat.svg: drawn.to_svg,
    }[fmt]()
    deliver(text, out)


def register(app: typer.Typer) -> None:
    """Add `facts plot` and `facts graph` to `app`."""
    app.add_typer(plot_app, name="plot")
    app.command()(graph)
