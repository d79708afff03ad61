"""Publishing from the catalog: table specs built into cells and footnotes, their formats,
and templates whose numbers come from the database.

Its names are imported on first use: `import derive.publish` loads nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from schema.lazy import exports

if TYPE_CHECKING:
    from derive.publish.formats import RENDERERS
    from derive.publish.graph import NoDerivation, derivation_graph
    from derive.publish.roofline import NoPeak, draw
    from derive.publish.tables import BuiltTable, Cell, TableBuilder
    from derive.publish.templates import Renderer
    from derive.publish.words import Words, words_for

_WHERE = {
    "RENDERERS": "derive.publish.formats",
    "NoDerivation": "derive.publish.graph",
    "derivation_graph": "derive.publish.graph",
    "NoPeak": "derive.publish.roofline",
    "draw": "derive.publish.roofline",
    "BuiltTable": "derive.publish.tables",
    "Cell": "derive.publish.tables",
    "TableBuilder": "derive.publish.tables",
    "Renderer": "derive.publish.templates",
    "Words": "derive.publish.words",
    "words_for": "derive.publish.words",
}

__all__ = [
    "RENDERERS",
    "BuiltTable",
    "Cell",
    "NoDerivation",
    "NoPeak",
    "Renderer",
    "TableBuilder",
    "Words",
    "derivation_graph",
    "draw",
    "words_for",
]


__getattr__ = exports("derive.publish", _WHERE)
