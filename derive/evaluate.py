"""Evaluate a parsed formula on intervals, in the registry's base units.

Every input arrives as (low, high) in its quantity's reference unit; it is
scaled to base units with a cached factor, combined with interval arithmetic,
and the result is scaled to the output's reference unit. A nominal value is
the same evaluation on zero-width intervals.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from derive.formula import Bin, Expr, Neg, Num, Pow, Ref
from schema.units import base_factor

Interval = tuple[float, float]


class EvaluationProblem(ArithmeticError):
    """A formula that cannot be evaluated on these inputs (a zero divisor, a bad domain)."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


def _mul(a: Interval, b: Interval) -> Interval:
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
    ends = (a[0] ** exponent, a[1] ** exponent)
    low, high = min(ends), max(ends)
    if a[0] < 0 < a[1] and exponent > 0 and exponent % 2 == 0:
        low = 0.0
    return (low, high)


def _show(expr: Expr) -> str:
    return str(expr) if isinstance(expr, Ref) else "a sub-expression"


def evaluate(expr: Expr, inputs: Mapping[Ref, Interval], units: Mapping[str, str]) -> Interval:
    """Return the interval of `expr` in base units, given each reference's interval."""
    if isinstance(expr, Num):
        value = float(expr.value) * base_factor(expr.unit)
        return (value, value)
    if isinstance(expr, Ref):
        low, high = inputs[expr]
        scale = base_factor(units[expr.quantity])
        return (low * scale, high * scale)
    if isinstance(expr, Neg):
        low, high = evaluate(expr.operand, inputs, units)
        return (-high, -low)
    if isinstance(expr, Pow):
        return _pow(evaluate(expr.base, inputs, units), float(expr.exponent))
    if isinstance(expr, Bin):
        a = evaluate(expr.left, inputs, units)
        b = evaluate(expr.right, inputs, units)
        if expr.op == "+":
            return (a[0] + b[0], a[1] + b[1])
        if expr.op == "-":
            return (a[0] - b[1], a[1] - b[0])
        if expr.op == "*":
            return _mul(a, b)
        return _div(a, b, expr.right, units)
    args = [evaluate(arg, inputs, units) for arg in expr.args]
    if expr.name == "min":
        return (min(a[0] for a in args), min(a[1] for a in args))
    if expr.name == "max":
        return (max(a[0] for a in args), max(a[1] for a in args))
    ((low, high),) = args
    if expr.name == "sqrt":
        if low < 0:
            raise EvaluationProblem("domain", "the square root of a value that may be negative")
        return (math.sqrt(low), math.sqrt(high))
    if expr.name == "ceil":
        return (float(math.ceil(low)), float(math.ceil(high)))
    return (float(math.floor(low)), float(math.floor(high)))


def in_unit(interval: Interval, unit: str) -> Interval:
    """Convert an interval in base units into `unit`."""
    scale = base_factor(unit)
    return (interval[0] / scale, interval[1] / scale)
