"""Formulas: a small, safe expression language, parsed by hand and never `eval`ed.

    formula  := sum
    sum      := product (('+' | '-') product)*
    product  := unary (('*' | '×' | '/' | '÷') unary)*
    unary    := ('-' | '+') unary | power
    power    := atom ('^' NUMBER)?
    atom     := NUMBER [UNIT] | REF | FUNC '(' formula (',' formula)* ')' | '(' formula ')'
    REF      := [SUBJECT ':'] QUANTITY        hbm.pin_rate, gb200:mac.per_cycle
    FUNC     := min | max | ceil | floor | sqrt

SUBJECT and QUANTITY are a subject's and a quantity's ids and REF a reference, as
`schema.refs` declares them once; a QUANTITY without its SUBJECT starts with a letter
(a digit there starts a NUMBER).
A unit after a number makes a unit-bearing constant (`2 FLOP/MAC`, `1024 bit`);
a dotted name is always a quantity id, never an attribute; nothing else exists.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from derive.errors import FormulaError
from schema.errors import UnitError
from schema.refs import REF, SLUG
from schema.refs import Ref as Ref  # a formula's reference is the catalog's one
from schema.units import canonical_unit
from schema.values import magnitude_problem

FUNCTIONS = ("min", "max", "ceil", "floor", "sqrt")
MAX_FORMULA_LENGTH = 1_000
"""The longest formula read, in characters: the course's longest is under 150."""
MAX_FORMULA_TOKENS = 200
"""The most numbers, names and operators in one formula (its tree stays shallow)."""
MAX_FORMULA_DEPTH = 32
"""The deepest nesting of parentheses and function calls in one formula."""
MAX_EXPONENT = 64
"""The largest power (either sign) a formula may raise to: squares and roots, not 10^400."""
_ALLOWED = "quantity ids, numbers with units, + - * / ^, parentheses and " + ", ".join(FUNCTIONS)


@dataclass(frozen=True, slots=True)
class Num:
    """A constant, with its canonical unit ('' for a plain number)."""

    value: Decimal
    unit: str


@dataclass(frozen=True, slots=True)
class Neg:
    """Unary minus."""

    operand: Expr


@dataclass(frozen=True, slots=True)
class Bin:
    """A binary operation: one of + - * /."""

    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class Pow:
    """A power with a constant exponent."""

    base: Expr
    exponent: Decimal


@dataclass(frozen=True, slots=True)
class Call:
    """A call of one of the whitelisted functions."""

    name: str
    args: tuple[Expr, ...]


Expr = Num | Ref | Neg | Bin | Pow | Call

_TOKEN = re.compile(
    rf"""
    (?P<space>\s+)
  | (?P<ref>(?=[a-z]|{SLUG}:){REF})  # without its subject, a digit first is a number
  | (?P<number>\d+(?:\.\d+)?)
  | (?P<op>\*\*|[-+*/×÷^(),])
  | (?P<word>[_A-Za-z%µ][\w%µ/·]*)
  | (?P<other>.)
    """,
    re.VERBOSE,
)
_UNIT = re.compile(r"[A-Za-z%µ]+(?:/[A-Za-z]+)?")


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str
    text: str
    at: int


def _tokens(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    pos = 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        assert match is not None and match.lastgroup is not None
        kind, value = match.lastgroup, match.group()
        if kind == "number":
            tokens.append(_Token("number", value, pos))
            unit = _UNIT.match(text, _skip_space(text, match.end()))
            if unit and _is_unit(unit.group()):
                tokens.append(_Token("unit", unit.group(), unit.start()))
                pos = unit.end()
                continue
        elif kind == "ref":
            if text.startswith(".", match.end()):
                raise FormulaError(
                    f"{text!r} reaches for an attribute at {text[match.end() :]!r}; "
                    f"formulas use only {_ALLOWED}"
                )
            tokens.append(_Token("ref", value, pos))
        elif kind == "op":
            tokens.append(_Token("op", {"**": "^", "×": "*", "÷": "/"}.get(value, value), pos))
        elif kind in ("word", "other"):
            raise FormulaError(
                f"{text!r} may not use {value!r} (at {pos + 1}); formulas use only {_ALLOWED}"
            )
        pos = match.end()
    return tokens


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] == " ":
        pos += 1
    return pos


def _is_unit(word: str) -> bool:
    try:
        canonical_unit(word)
    except UnitError:
        return False
    return True


class _Parser:
    def __init__(self, text: str) -> None:
        if len(text) > MAX_FORMULA_LENGTH:
            raise FormulaError(
                f"a formula of {len(text):,} characters is too long; at most "
                f"{MAX_FORMULA_LENGTH:,} are read (split it into rules of their own)"
            )
        self.text = text
        self.tokens = _tokens(text)
        if len(self.tokens) > MAX_FORMULA_TOKENS:
            raise FormulaError(
                f"a formula of {len(self.tokens):,} terms and operators is too long; at most "
                f"{MAX_FORMULA_TOKENS} are read (split it into rules of their own)"
            )
        self.pos = 0
        self.depth = 0

    def nested(self) -> None:
        """Enter a parenthesis or a call; refuse nesting deeper than MAX_FORMULA_DEPTH."""
        self.depth += 1
        if self.depth > MAX_FORMULA_DEPTH:
            raise self.fail(
                f"parentheses and calls nest more than {MAX_FORMULA_DEPTH} deep; "
                "split the formula into rules of their own"
            )

    def fail(self, what: str) -> FormulaError:
        at = self.tokens[self.pos].at + 1 if self.pos < len(self.tokens) else len(self.text) + 1
        shown = self.text if len(self.text) <= 80 else f"{self.text[:60]}…"
        return FormulaError(f"{shown!r}: {what} (at {at})")

    def peek(self) -> _Token | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, text: str) -> bool:
        token = self.peek()
        if token is not None and token.kind == "op" and token.text == text:
            self.pos += 1
            return True
        return False

    def parse(self) -> Expr:
        if not self.tokens:
            raise FormulaError("the formula is empty")
        expr = self.sum()
        if self.peek() is not None:
            raise self.fail(f"unexpected {self.tokens[self.pos].text!r}")
        return expr

    def sum(self) -> Expr:
        expr = self.product()
        while (token := self.peek()) is not None and token.text in ("+", "-"):
            self.pos += 1
            expr = Bin(token.text, expr, self.product())
        return expr

    def product(self) -> Expr:
        expr = self.unary()
        while (token := self.peek()) is not None and token.text in ("*", "/"):
            self.pos += 1
            expr = Bin(token.text, expr, self.unary())
        return expr

    def unary(self) -> Expr:
        if self.take("-"):
            return Neg(self.unary())
        if self.take("+"):
            return self.unary()
        return self.power()

    def power(self) -> Expr:
        base = self.atom()
        if self.take("^"):
            negative = self.take("-")
            token = self.peek()
            if token is None or token.kind != "number":
                raise self.fail("an exponent must be a plain number")
            self.pos += 1
            exponent = Decimal(token.text)
            if exponent > MAX_EXPONENT:
                self.pos -= 1
                raise self.fail(
                    f"an exponent of {token.text} is too large; powers go up to {MAX_EXPONENT} "
                    "either way"
                )
            return Pow(base, -exponent if negative else exponent)
        return base

    def atom(self) -> Expr:
        token = self.peek()
        if token is None:
            raise self.fail("the formula ends too early")
        self.pos += 1
        if token.kind == "number":
            problem = magnitude_problem(token.text)
            if problem:
                self.pos -= 1
                raise self.fail(problem)
            unit = ""
            following = self.peek()
            if following is not None and following.kind == "unit":
                unit = canonical_unit(following.text)
                self.pos += 1
            return Num(Decimal(token.text), unit)
        if token.kind == "ref":
            if self.take("("):
                if token.text not in FUNCTIONS:
                    self.pos -= 1
                    raise self.fail(
                        f"may not call {token.text!r}; the functions are " + ", ".join(FUNCTIONS)
                    )
                self.nested()
                args = [self.sum()]
                while self.take(","):
                    args.append(self.sum())
                if not self.take(")"):
                    raise self.fail("expected ')'")
                self.depth -= 1
                return Call(token.text, tuple(args))
            return Ref.parse(token.text)
        if token.kind == "op" and token.text == "(":
            self.nested()
            expr = self.sum()
            if not self.take(")"):
                raise self.fail("expected ')'")
            self.depth -= 1
            return expr
        self.pos -= 1
        raise self.fail(f"unexpected {token.text!r}")


def parse_formula(text: str) -> Expr:
    """Parse a formula; raise `FormulaError` for anything outside the language."""
    return _Parser(text).parse()


def references(expr: Expr) -> list[Ref]:
    """Return the quantity references of a formula, in order, each once."""
    found: list[Ref] = []

    def walk(node: Expr) -> None:
        if isinstance(node, Ref):
            if node not in found:
                found.append(node)
        elif isinstance(node, Neg):
            walk(node.operand)
        elif isinstance(node, Bin):
            walk(node.left)
            walk(node.right)
        elif isinstance(node, Pow):
            walk(node.base)
        elif isinstance(node, Call):
            for arg in node.args:
                walk(arg)

    walk(expr)
    return found
