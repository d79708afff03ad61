"""Qualifiers that tell which of a family of figures a number is: sparse or dense.

"250 TOPS of INT8 and 500 with sparsity": the sparsity is the 500's, the number it is
nearest to in its clause, not the 250's; "With 2:4 sparsity NVIDIA doubles the tensor
figures to 330, 661 and 1,321" qualifies every number after it in the sentence. A number
said to be sparse is only a quantity the catalog calls sparse; one said to be dense is
none that it calls sparse (a figure not called either is taken as dense, as spec sheets
write it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from derive.text.document import Block
from derive.text.known import CatalogView

_SPARSE = re.compile(r"\bspars(?:e|ity)\b|稀疏", re.IGNORECASE)
_DENSE = re.compile(r"\bdense\b|稠密|非稀疏", re.IGNORECASE)
_CALLED_SPARSE = re.compile(r"spars|稀疏", re.IGNORECASE)


ATTACHED = 8
"""Within this many characters before a number, a qualifier is that number's own."""
_RATIO = re.compile(r"\d{1,2}:\d")


def _named(text: str, at: int) -> bool:
    """True for digits that name rather than count: the end of a name written right
    before them ("FP8", "H100"), or a pattern's ratio ("2:4" sparsity)."""
    before = text[at - 1] if at > 0 else ""
    return (before.isascii() and before.isalpha()) or before == ":" or bool(_RATIO.match(text, at))


def _said_of(
    pattern: re.Pattern[str], block: Block, start: int, spans: Sequence[tuple[int, int]]
) -> bool:
    """True when `pattern` is said of the number at `start`: in its clause, nearer to it
    than to any other number there; or in its sentence before the sentence's first number."""
    text = block.text
    s_low, s_high = block.sentence(start)
    c_low, c_high = block.clause(start)
    in_sentence = [  # not the digits of a name ("FP8", "H100")
        (a, b) for a, b in spans if s_low <= a < s_high and (a == start or not _named(text, a))
    ]
    first = min((a for a, _ in in_sentence), default=start)
    opening = pattern.search(text, s_low, min(first, start))
    if opening and (first == start or first - opening.end() > ATTACHED):
        return True  # not "用稀疏的 1,979 来算 …, 得到约 591": the 1,979's own
    own = next(((a, b) for a, b in in_sentence if a == start), (start, start + 1))
    others = [(a, b) for a, b in in_sentence if c_low <= a < c_high and (a, b) != own]
    for match in pattern.finditer(text, c_low, c_high):

        def distance(span: tuple[int, int], at: re.Match[str] = match) -> int:
            return max(span[0] - at.end(), at.start() - span[1], 0)

        if all(distance(own) < distance(other) for other in others):
            return True
    return False


def excluded(
    view: CatalogView, block: Block, start: int, spans: Sequence[tuple[int, int]]
) -> frozenset[str] | None:
    """The quantities the number at `start` cannot be for what its words call it (sparse
    or dense), as a filter: None when its words call it neither, or both."""
    sparse = _said_of(_SPARSE, block, start, spans)
    dense = _said_of(_DENSE, block, start, spans)
    if sparse == dense:
        return None
    called_sparse = frozenset(
        q
        for q, named in view.quantities.items()
        if _CALLED_SPARSE.search(" ".join((q, *named.labels())))
    )
    if sparse:
        return frozenset(view.quantities) - called_sparse
    return called_sparse
