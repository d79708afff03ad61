"""LaTeX math as numbers are read in it: its operators as signs, its braces as spaces.

`$$f = \\frac{989 \\times 10^{12}}{270336 \\times 2} \\approx 1.83\\ \\text{GHz}$$` reads as
`f = 989 × 10^12 ÷ (270336 × 2) ≈ 1.83 GHz`, padded with spaces to the same length, so
that columns count the same characters as in the written line.
"""

from __future__ import annotations

import re

_COMMAND = re.compile(r"\\(?:[A-Za-z]+|[,;:! ])")
_SIGNS = {
    "times": "×",
    "cdot": "×",
    "div": "÷",
    "approx": "≈",
    "sim": "~",
    "simeq": "≈",
    "eq": "=",
}
"""Commands that are operators, and the sign each is read as."""
_GROUPS = frozenset(
    {"text", "textrm", "mathrm", "mathbf", "mathit", "textbf", "textit", "operatorname"}
)
"""Commands whose braced argument is words or a unit: read as written."""
_MATH = re.compile(r"\\(?:times|cdot|div|approx|frac|text|mathrm)(?![A-Za-z])")
"""A line with any of these is read as math."""


def plain_math(line: str) -> str:
    """`line` with its LaTeX math read as plain arithmetic, of the same length.

    `\\times` and `\\cdot` become ×, `\\div` ÷, `\\approx` ≈; `\\frac{a}{b}` becomes
    `a ÷(b)`; `10^{12}` becomes `10^12`; `\\text{GHz}` becomes `GHz`; other commands,
    braces and the `$` that delimit the math become spaces. A line without such commands
    is returned as it is.
    """
    if "\\" not in line or not _MATH.search(line):
        return line
    out: list[str] = []
    closers: list[str] = []  # what each open brace becomes when it closes
    at, end = 0, len(line)
    while at < end:
        char = line[at]
        command = _COMMAND.match(line, at) if char == "\\" else None
        if command is not None:
            name, width = command.group()[1:], command.end() - at
            braced = line.startswith("{", command.end())
            if name in _SIGNS:
                out.append(_SIGNS[name] + " " * (width - 1))
            elif name == "frac" and braced:
                out.append(" " * (width + 1))
                closers.append("frac")
                at = command.end() + 1
                continue
            elif name in _GROUPS and braced:
                out.append(" " * (width + 1))
                closers.append(" ")
                at = command.end() + 1
                continue
            else:
                out.append(" " * width)
            at = command.end()
        elif char == "^" and line.startswith("{", at + 1):
            out.append("^")  # 10^{12}: the brace's two characters are spaces after 12
            closers.append("  ")
            at += 2
        elif char == "{":
            out.append(" ")
            closers.append(" ")
            at += 1
        elif char == "}":
            closer = closers.pop() if closers else " "
            if closer == "frac" and line.startswith("{", at + 1):
                out.append("÷(")  # the numerator ends, the denominator is bracketed
                closers.append(")")
                at += 2
                continue
            out.append(" " if closer == "frac" else closer)
            at += 1
        elif char == "$":
            out.append(" ")  # a delimiter of the math, never a dollar
            at += 1
        else:
            out.append(char)
            at += 1
    return "".join(out)
