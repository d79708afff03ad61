"""Evaluate a parsed formula on intervals, in the registry's base units.

A rule's formula is compiled once into nested closures. Every input arrives as
(low, high) in its quantity's reference unit; it is scaled to base units by a
factor folded in at compile time, combined with interval arithmetic, and the
result is scaled to the output's reference unit. A nominal value is the same
evaluation on zero-width intervals.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

from derive.formula import Bin, Call, Expr, Neg, Num, Pow, Ref
from schema.units import base_factor

Interval = tuple[float, float]


class EvaluationProblem(ArithmeticError):
    """A formula that cannot be evaluated on these inputs (a zero divisor, a bad domain)."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


def _mul(a: Interval, b: Interval) -> Interval:
    if a[0] >= 0 and b[0] >= 0:  # the common case: quantities are positive
        return (a[0] * b[0], a[1] * b[1])
    products = (a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1])
    return (min(products), max(products))


def _div(a: Interval, b: Interval, divisor: Expr, units: Mapping[str, str]) -> Interval:
    if b[0] == 0 == b[1]:
        raise EvaluationProblem("division-by-zero", f"division by zero ({_show(divisor)} is 0)")
    if b[0] <= 0 <= b[1]:
        shown = "a sub-expression's interval"
        if isinstance(divisor, Ref):
            unit = units[divisor.quantity]
            low, high = in_unit(b, unit)
            shown = f"{divisor}, whose interval [{low:g}, {high:g}]{' ' + unit if unit else ''}"
        raise EvaluationProblem("zero-in-interval", f"division by {shown} contains zero")
    return _mul(a, (1 / b[1], 1 / b[0]))


def _pow(a: Interval, exponent: float) -> Interval:
    if a[0] < 0 and not exponent.is_integer():
        raise EvaluationProblem("domain", f"a negative value raised to {exponent:g}")
    if exponent < 0 and a[0] <= 0 <= a[1]:
        raise EvaluationProblem("zero-in-interval", "a negative power of a value that may be 0")
    try:
        ends = (a[0] ** exponent, a[1] ** exponent)
    except OverflowError:
        raise _overflow() from None
    low, high = min(ends), max(ends)
    if a[0] < 0 < a[1] and exponent > 0 and exponent % 2 == 0:
        low = 0.0
    return (low, high)


def _overflow() -> EvaluationProblem:
    return EvaluationProblem(
        "overflow", "the result is beyond the range of numbers computed with (about 1.8e308)"
    )


def _finite(a: Interval) -> Interval:
    if not (math.isfinite(a[0]) and math.isfinite(a[1])):
        raise _overflow()
    return a


def _show(expr: Expr) -> str:
    return str(expr) if isinstance(expr, Ref) else "a sub-expression"


def in_unit(interval: Interval, unit: str) -> Interval:
    """Convert an interval in base units into `unit`."""
    scale = base_factor(unit)
    return (interval[0] / scale, interval[1] / scale)


Compiled = Callable[[Sequence[Interval]], Interval]
"""A formula compiled once per rule: the inputs' intervals, by position, to the result's."""


def compile_formula(
    expr: Expr, refs: Sequence[Ref], units: Mapping[str, str], output_unit: str
) -> Compiled:
    """Compile `expr` into a function of its references' intervals (in their quantities'
    reference units) returning the result in `output_unit`: interval arithmetic in base
    units, with unit factors folded in once instead of looked up per value."""
    position = {ref: i for i, ref in enumerate(refs)}
    out_scale = base_factor(output_unit)

    def build(node: Expr) -> Compiled:
        if isinstance(node, Num):
            value = float(node.value) * base_factor(node.unit)
            constant = (value, value)
            return lambda _: constant
        if isinstance(node, Ref):
            index, scale = position[node], base_factor(units[node.quantity])
            return lambda xs: (xs[index][0] * scale, xs[index][1] * scale)
        if isinstance(node, Neg):
            inner = build(node.operand)

            def negate(xs: Sequence[Interval]) -> Interval:
                low, high = inner(xs)
                return (-high, -low)

            return negate
        if isinstance(node, Pow):
            base, exponent = build(node.base), float(node.exponent)
            return lambda xs: _pow(base(xs), exponent)
        if isinstance(node, Bin):
            left, right, divisor = build(node.left), build(node.right), node.right
            if node.op == "+":
                return lambda xs: _add(left(xs), right(xs))
            if node.op == "-":
                return lambda xs: _sub(left(xs), right(xs))
            if node.op == "*":
                return lambda xs: _mul(left(xs), right(xs))
            return lambda xs: _div(left(xs), right(xs), divisor, units)
        assert isinstance(node, Call)
        args = [build(arg) for arg in node.args]
        name = node.name
        return lambda xs: _call(name, [arg(xs) for arg in args])

    body = build(expr)
    return lambda xs: _finite(_scaled(body(xs), out_scale))


def _add(a: Interval, b: Interval) -> Interval:
    return (a[0] + b[0], a[1] + b[1])


def _sub(a: Interval, b: Interval) -> Interval:
    return (a[0] - b[1], a[1] - b[0])


def _scaled(a: Interval, scale: float) -> Interval:
    return (a[0] / scale, a[1] / scale)


def _call(name: str, args: list[Interval]) -> Interval:
    if name == "min":
        return (min(a[0] for a in args), min(a[1] for a in args))
    if name == "max":
        return (max(a[0] for a in args), max(a[1] for a in args))
    ((low, high),) = args
    if name == "sqrt":
        if low < 0:
            raise EvaluationProblem("domain", "the square root of a value that may be negative")
        return (math.sqrt(low), math.sqrt(high))
    _finite((low, high))
    if name == "ceil":
        return (float(math.ceil(low)), float(math.ceil(high)))
    return (float(math.floor(low)), float(math.floor(high)))
