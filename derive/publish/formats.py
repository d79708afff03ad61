"""Render a built table as Markdown, CSV, HTML, LaTeX or JSON.

CSV holds values only, with each cell's notes in a column of their own; HTML is a
standalone document (charset, a small stylesheet, footnote marks linked to their
notes) or, with `fragment`, the table alone; LaTeX uses booktabs rules; JSON
carries each cell's value, interval, unit, tier, sources and rule.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from collections.abc import Callable

from derive.publish.tables import BuiltTable, Cell


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
    """CSV: a header row, one row per table row with its values only, each value's
    footnote numbers in a column beside it ("X notes"), then the footnotes."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([table.corner, *(part for h in table.header for part in (h, f"{h} notes"))])
    for label, cells in table.rows:
        writer.writerow(
            [
                label,
                *(part for c in cells for part in (c.text, " ".join(str(m) for m in c.marks))),
            ]
        )
    if table.footnotes:
        writer.writerow([])
        for note in table.footnotes:
            writer.writerow([f"[{note.number}]", note.text])
    return out.getvalue()


_STYLE = """\
table.facts { border-collapse: collapse; font-variant-numeric: tabular-nums; }
table.facts caption { font-weight: bold; margin-bottom: 0.4em; }
table.facts th, table.facts td { border: 1px solid #999; padding: 0.25em 0.6em; }
table.facts thead th { background: #eee; }
table.facts tbody th { text-align: left; font-weight: normal; }
table.facts td.number { text-align: right; }
table.facts sup a { text-decoration: none; }
ol.notes { font-size: 0.9em; }"""

NUMBER_TD = '<td class="number">'
_NUMBER_CELL = re.compile(r"^[≈~≤≥<>]?\s*[\d.,]+(?:\s*[–-]\s*[\d.,]+)?(?:\s+\S+)?$")


def to_html(table: BuiltTable) -> str:
    """A standalone HTML document: the table with its styles and linked notes."""
    body = to_html_fragment(table)
    title = html.escape(table.title)
    return (
        "<!DOCTYPE html>\n"
        '<html><head><meta charset="utf-8">\n'
        f"<title>{title}</title>\n<style>\n{_STYLE}\n</style></head>\n"
        f"<body>\n{body}</body></html>\n"
    )


def _html_marks(table: BuiltTable, cell: Cell) -> str:
    if not cell.marks:
        return ""
    links = ",".join(f'<a href="#{table.id}-note-{m}">{m}</a>' for m in cell.marks)
    return f"<sup>{links}</sup>"


def to_html_fragment(table: BuiltTable) -> str:
    """An HTML table with a caption and an ordered list of footnotes, for embedding."""
    e = html.escape
    parts = [
        f'<table class="facts" id="{e(table.id)}">',
        f"<caption>{e(table.title)}</caption>",
        "<thead><tr>"
        + "".join(f"<th>{e(h)}</th>" for h in [table.corner, *table.header])
        + "</tr></thead>",
        "<tbody>",
    ]
    for label, cells in table.rows:
        row = "".join(
            (NUMBER_TD if _NUMBER_CELL.match(c.text) else "<td>")
            + f"{e(c.text)}{_html_marks(table, c)}</td>"
            for c in cells
        )
        parts.append(f'<tr><th scope="row">{e(label)}</th>{row}</tr>')
    parts.append("</tbody></table>")
    if table.footnotes:
        parts.append(
            '<ol class="notes">'
            + "".join(
                f'<li id="{e(table.id)}-note-{n.number}" value="{n.number}">{e(n.text)}</li>'
                for n in table.footnotes
            )
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
    """A LaTeX tabular with booktabs rules in a table environment, footnotes below
    (needs \\usepackage{booktabs})."""
    columns = "l" * (len(table.header) + 1)
    lines = [
        "\\begin{table}",
        "\\centering",
        f"\\caption{{{_latex(table.title)}}}",
        f"\\begin{{tabular}}{{{columns}}}",
        "\\toprule",
        " & ".join(_latex(h) for h in [table.corner, *table.header]) + " \\\\",
        "\\midrule",
    ]
    for label, cells in table.rows:
        lines.append(
            " & ".join([_latex(label), *(_latex(c.text) + _marks(c, "latex") for c in cells)])
            + " \\\\"
        )
    lines += ["\\bottomrule", "\\end{tabular}"]
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
                            {
                                "text": c.text,
                                "marks": list(c.marks),
                                "facts": list(c.facts),
                                **_shown(c),
                            }
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


def _shown(cell: Cell) -> dict[str, object]:
    """A cell's value for JSON: value, interval and unit, tier, sources, rule."""
    shown = cell.shown
    if shown is None:
        return {}
    return {
        "value": shown.value,
        "low": shown.low,
        "high": shown.high,
        "unit": shown.unit,
        "tier": shown.tier,
        "sources": list(shown.sources),
        "rule": shown.rule,
    }


RENDERERS: dict[str, Callable[[BuiltTable], str]] = {
    "md": to_markdown,
    "csv": to_csv,
    "html": to_html,
    "latex": to_latex,
    "json": to_json,
}
"""Every export format, by the name `facts export --format` takes."""
