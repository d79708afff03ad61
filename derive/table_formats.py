"""Render a built table as Markdown, CSV, HTML, LaTeX or JSON."""

from __future__ import annotations

import csv
import html
import io
import json
from collections.abc import Callable

from derive.tables import BuiltTable, Cell


def _marks(cell: Cell, style: str) -> str:
    if not cell.marks:
        return ""
    numbers = ",".join(str(m) for m in cell.marks)
    return {
        "md": f"<sup>{numbers}</sup>",
        "html": f"<sup>{numbers}</sup>",
        "latex": f"\\textsuperscript{{{numbers}}}",
        "csv": f" [{numbers}]",
    }[style]


def to_markdown(table: BuiltTable) -> str:
    """A Markdown table with footnotes below it."""

    def esc(text: str) -> str:
        return text.replace("|", "\\|")

    lines = [f"**{esc(table.title)}**", ""]
    lines.append("| " + " | ".join([esc(table.corner), *map(esc, table.header)]) + " |")
    lines.append("|" + "---|" * (len(table.header) + 1))
    for label, cells in table.rows:
        lines.append(
            "| " + " | ".join([esc(label), *(esc(c.text) + _marks(c, "md") for c in cells)]) + " |"
        )
    if table.caption:
        lines += ["", esc(table.caption)]
    if table.footnotes:
        lines.append("")
        lines += [f"<sup>{n.number}</sup> {esc(n.text)}  " for n in table.footnotes]
    return "\n".join(lines) + "\n"


def to_csv(table: BuiltTable) -> str:
    """CSV: a header row, one row per table row, then the footnotes."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([table.corner, *table.header])
    for label, cells in table.rows:
        writer.writerow([label, *(c.text + _marks(c, "csv") for c in cells)])
    if table.footnotes:
        writer.writerow([])
        for note in table.footnotes:
            writer.writerow([f"[{note.number}]", note.text])
    return out.getvalue()


def to_html(table: BuiltTable) -> str:
    """An HTML table with a caption and an ordered list of footnotes."""
    e = html.escape
    parts = [
        f'<table id="{e(table.id)}">',
        f"<caption>{e(table.title)}</caption>",
        "<thead><tr>"
        + "".join(f"<th>{e(h)}</th>" for h in [table.corner, *table.header])
        + "</tr></thead>",
        "<tbody>",
    ]
    for label, cells in table.rows:
        parts.append(
            f"<tr><th>{e(label)}</th>"
            + "".join(f"<td>{e(c.text)}{_marks(c, 'html')}</td>" for c in cells)
            + "</tr>"
        )
    parts.append("</tbody></table>")
    if table.footnotes:
        parts.append(
            "<ol>"
            + "".join(f'<li value="{n.number}">{e(n.text)}</li>' for n in table.footnotes)
            + "</ol>"
        )
    return "\n".join(parts) + "\n"


_LATEX_SPECIAL = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}


def _latex(text: str) -> str:
    return "".join(_LATEX_SPECIAL.get(ch, ch) for ch in text)


def to_latex(table: BuiltTable) -> str:
    """A LaTeX tabular in a table environment, footnotes in a list below."""
    columns = "l" * (len(table.header) + 1)
    lines = [
        "\\begin{table}",
        "\\centering",
        f"\\caption{{{_latex(table.title)}}}",
        f"\\begin{{tabular}}{{{columns}}}",
        "\\hline",
        " & ".join(_latex(h) for h in [table.corner, *table.header]) + " \\\\",
        "\\hline",
    ]
    for label, cells in table.rows:
        lines.append(
            " & ".join([_latex(label), *(_latex(c.text) + _marks(c, "latex") for c in cells)])
            + " \\\\"
        )
    lines += ["\\hline", "\\end{tabular}"]
    if table.footnotes:
        lines += ["\\begin{flushleft}\\footnotesize"]
        lines += [f"\\textsuperscript{{{n.number}}} {_latex(n.text)}\\\\" for n in table.footnotes]
        lines += ["\\end{flushleft}"]
    lines.append("\\end{table}")
    return "\n".join(lines) + "\n"


def to_json(table: BuiltTable) -> str:
    """The table as JSON: header, rows of cells with marks and facts, footnotes."""
    return (
        json.dumps(
            {
                "id": table.id,
                "title": table.title,
                "corner": table.corner,
                "header": table.header,
                "rows": [
                    {
                        "label": label,
                        "cells": [
                            {"text": c.text, "marks": list(c.marks), "facts": list(c.facts)}
                            for c in cells
                        ],
                    }
                    for label, cells in table.rows
                ],
                "footnotes": [{"number": n.number, "text": n.text} for n in table.footnotes],
                "caption": table.caption,
            },
            ensure_ascii=False,
            indent=2,
        )
        + "\n"
    )


RENDERERS: dict[str, Callable[[BuiltTable], str]] = {
    "md": to_markdown,
    "csv": to_csv,
    "html": to_html,
    "latex": to_latex,
    "json": to_json,
}
"""Every export format, by the name `facts export --format` takes."""
