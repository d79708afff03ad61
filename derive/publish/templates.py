"""Render text whose numbers come from the catalog: Jinja2 templates, Markdown in and out.

    HBM bandwidth: {{ fact("tpu-v7", "hbm.bandwidth", unit="TB/s") }}
    ridge point: {{ derived("gb200", "ridge.hbm") }}
    the peak once used: {{ fact_id("gb200.peak.bf16_dense") }}
    {{ footnotes() }}

`fact` gives the stated fact a writer means (the strongest tier, official over
derived), `derived` what the rules derive. Each value carries a Markdown footnote
mark ([^1]) like a table cell; `footnotes()` writes their definitions. A reference
to an unknown subject, quantity or fact, to a superseded fact, or to a quantity whose
strongest facts disagree, is an error that names the template's line.
"""

from __future__ import annotations

from types import TracebackType
from typing import Any

import jinja2
from jinja2.exceptions import SecurityError
from jinja2.sandbox import ImmutableSandboxedEnvironment

from derive.agreement import agree
from derive.errors import TemplateError
from derive.publish.tables import Cell, Notes, TableBuilder
from schema.status import Status

MAX_TEMPLATE_RESULT = 10_000_000
"""The most characters a template's arithmetic may build at once (`'x' * n`, `2 ** n`)."""
MAX_TEMPLATE = 1_000_000
"""The longest template read, in characters."""


class _Reference(LookupError):
    """A reference to something the catalog does not hold (or holds only as superseded)."""


def _line_of(tb: TracebackType | None, template: jinja2.Template) -> int | None:
    # Jinja rewrites tracebacks so that a template's frames carry the template's own lines.
    filename = template.filename or "<template>"
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


class _Sandbox(ImmutableSandboxedEnvironment):
    """The sandbox, with `*` and `**` bounded: a template cannot build a string of
    billions of characters or a number of billions of digits."""

    intercepted_binops = frozenset({"*", "**"})

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        """Refuse a product or power whose result would be too large; compute others."""
        if operator == "**" and isinstance(right, int) and abs(right) > 64:
            raise SecurityError(f"a power of {right} is too large (at most 64)")
        if operator == "*":
            sized = [x for x in (left, right) if isinstance(x, str | list | tuple)]
            count = [x for x in (left, right) if isinstance(x, int)]
            if sized and count and len(sized[0]) * count[0] > MAX_TEMPLATE_RESULT:
                raise SecurityError(f"a repetition of more than {MAX_TEMPLATE_RESULT:,} items")
        return super().call_binop(context, operator, left, right)


class Renderer:
    """Renders templates against one catalog's values."""

    def __init__(self, builder: TableBuilder) -> None:
        self.builder = builder
        self.catalog = builder.catalog

    def _known(self, subject: str, quantity: str) -> None:
        if subject not in self.catalog.subjects:
            raise _Reference(f"unknown subject {subject!r}")
        if quantity not in self.catalog.quantities:
            raise _Reference(f"unknown quantity {quantity!r}")

    def _derived(
        self, subject: str, quantity: str, unit: str | None, digits: int | None, notes: Notes
    ) -> Cell:
        """What the rules derive for a subject's quantity."""
        self._known(subject, quantity)
        cell = self.builder.value_cell(subject, quantity, unit, digits, notes, derived_only=True)
        if cell.text == notes.words.none:
            raise _Reference(f"no derived value for {subject} {quantity}")
        return cell

    def _stated(
        self, subject: str, quantity: str, unit: str | None, digits: int | None, notes: Notes
    ) -> Cell:
        """The fact a writer means: the strongest stated one (official over derived); two
        of that tier that disagree are ambiguous."""
        self._known(subject, quantity)
        facts = self.builder.stated(subject, quantity)
        if not facts:
            hint = f'; derived("{subject}", "{quantity}") gives what the rules derive'
            raise _Reference(f"no stated fact for {subject} {quantity}{hint}")
        best = facts[0]
        rivals = [
            f
            for f in facts[1:]
            if f.entry.tier == best.entry.tier
            and not agree(
                (float(best.normal.low), float(best.normal.high)),  # type: ignore[union-attr]
                (float(f.normal.low), float(f.normal.high)),  # type: ignore[union-attr]
            )
        ]
        if rivals:
            ids = ", ".join(f.entry.id for f in [best, *rivals])
            raise _Reference(
                f"{subject} {quantity} is ambiguous: {best.entry.tier} facts {ids} disagree; "
                "name one with fact_id(...)"
            )
        return self.builder.fact_cell(best, unit, digits, notes)

    def render(self, text: str, name: str = "<template>") -> str:
        """Render template `text`; raise `TemplateError` naming the line of a bad reference."""
        notes = Notes()

        def marked(cell: Cell) -> str:
            return cell.text + "".join(f"[^{m}]" for m in cell.marks)

        def fact(
            subject: str, quantity: str, unit: str | None = None, digits: int | None = None
        ) -> str:
            return marked(self._stated(subject, quantity, unit, digits, notes))

        def derived(
            subject: str, quantity: str, unit: str | None = None, digits: int | None = None
        ) -> str:
            return marked(self._derived(subject, quantity, unit, digits, notes))

        def fact_id(fact_id: str, unit: str | None = None, digits: int | None = None) -> str:
            found = self.catalog.facts.get(fact_id)
            if found is None:
                raise _Reference(f"unknown fact {fact_id!r}")
            if found.status != Status.current:
                raise _Reference(
                    f"fact {fact_id!r} is {found.status}"
                    + (f" by {found.superseded_by!r}" if found.superseded_by else "")
                )
            return marked(self.builder.fact_cell(found, unit, digits, notes))

        def footnotes() -> str:
            return "\n".join(f"[^{n.number}]: {n.text}" for n in notes.texts)

        if len(text) > MAX_TEMPLATE:
            raise TemplateError(
                f"{name}: a template of {len(text):,} characters; at most {MAX_TEMPLATE:,} are read"
            )
        # A template is untrusted input: the sandbox refuses attribute walks such as
        # cycler.__init__.__globals__, and ranges beyond its limit.
        env = _Sandbox(
            undefined=jinja2.StrictUndefined, keep_trailing_newline=True, autoescape=False
        )
        try:
            template = env.from_string(text)
        except jinja2.TemplateSyntaxError as exc:
            raise TemplateError(f"{name}:{exc.lineno}: {exc.message}") from None
        template.filename = name
        try:
            return template.render(fact=fact, derived=derived, fact_id=fact_id, footnotes=footnotes)
        except SecurityError as exc:
            line = _line_of(exc.__traceback__, template)
            where = f"{name}:{line}" if line else name
            raise TemplateError(
                f"{where}: refused: {exc} (a template may call fact, derived, fact_id and "
                "footnotes, nothing else)"
            ) from None
        except (_Reference, jinja2.UndefinedError) as exc:
            line = _line_of(exc.__traceback__, template)
            where = f"{name}:{line}" if line else name
            raise TemplateError(f"{where}: {exc}") from None
        except (jinja2.TemplateError, ArithmeticError, TypeError, ValueError, MemoryError) as exc:
            # the template's own expressions: a range past the sandbox's limit, 1 / 0, ...
            line = _line_of(exc.__traceback__, template)
            where = f"{name}:{line}" if line else name
            raise TemplateError(f"{where}: cannot render: {type(exc).__name__}: {exc}") from None
