"""Computations written out in prose, recognised as the catalog's own derivations.

A text that writes `854.0 ÷ 2,700 ＝ 31.6%` shows a computation. When the catalog
derives a quantity by a rule of the same shape (a product and quotient of
quantities and constants), the written operands and result are the rule's inputs
and output for some subject: the rule's structure, each number's unit and the
values of at least two of them align the rest. The numbers that do not agree (the
superseded 2,700 here) are then judged against the input they stand for.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from functools import cache

from derive.errors import FormulaError
from derive.formula import Bin, Expr, Num, Pow, Ref, parse_formula
from derive.text.numbers import TextNumber

Pair = tuple[str, str]
MAX_OPERANDS = 6
MAX_POWER = 3


@dataclass(frozen=True, slots=True)
class Factor:
    """One factor of a product-and-quotient formula: a quantity or a constant."""

    sign: int  # +1 multiplies, -1 divides
    pair: Pair | None = None
    constant: float | None = None


@dataclass(frozen=True, slots=True)
class Computation:
    """A derivation of the catalog as a product and quotient: output = Π factors^sign."""

    rule: str
    output: Pair
    factors: tuple[Factor, ...]
    steps: int = 1  # the rules it chains: a writer shows the shortest way most often
    exact: bool = False  # a rarer form, read only where every number agrees with it


@cache
def _parsed(formula: str) -> Expr | None:
    """A rule's formula parsed once, however many subjects the rule applies to."""
    try:
        return parse_formula(formula)
    except FormulaError:
        return None


def product_factors(formula: str, subject: str) -> tuple[Factor, ...] | None:
    """The factors of a formula that is only products and quotients, else None."""
    expr = _parsed(formula)
    if expr is None:
        return None
    found: list[Factor] = []

    def walk(node: Expr, sign: int) -> bool:
        if isinstance(node, Ref):
            found.append(Factor(sign, (node.subject or subject, node.quantity)))
            return True
        if isinstance(node, Num):
            found.append(Factor(sign, constant=float(node.value)))
            return True
        if isinstance(node, Bin) and node.op in ("*", "/"):
            return walk(node.left, sign) and walk(node.right, sign if node.op == "*" else -sign)
        if isinstance(node, Pow) and node.exponent == int(node.exponent) and node.exponent:
            power = int(node.exponent)  # mxu.dim^2: the side, twice
            return abs(power) <= MAX_POWER and all(
                walk(node.base, sign if power > 0 else -sign) for _ in range(abs(power))
            )
        return False

    return tuple(found) if walk(expr, 1) else None


def written_out(
    computations: Sequence[Computation], unity: Callable[[Pair], bool]
) -> list[Computation]:
    """The computations a writer may show with one input worked out by its own rule.

    "2 × 4 × 128 × 128 = 131,072" writes MACs per cycle as cores × MXUs per core × MACs
    per MXU with the last made of the MXU's side squared: a factor of one computation
    replaced by the factors of a computation of that very pair. A factor whose value is
    one (`unity`: one MAC per cell) a writer leaves out, so a form without it is kept too.
    """
    making: dict[Pair, list[Computation]] = {}
    for computation in computations:
        making.setdefault(computation.output, []).append(computation)
    found: dict[tuple[Pair, tuple[Factor, ...]], Computation] = {}
    for computation in computations:
        for place, factor in enumerate(computation.factors):
            for inner in making.get(factor.pair, ()) if factor.pair else ():
                if computation.output in {f.pair for f in inner.factors}:
                    continue  # the inverse rule: worked out, the output cancels
                factors = (
                    *computation.factors[:place],
                    *(replace(f, sign=f.sign * factor.sign) for f in inner.factors),
                    *computation.factors[place + 1 :],
                )
                kept = tuple(f for f in factors if f.pair is None or not unity(f.pair))
                for shown in dict.fromkeys((factors, kept)):
                    quantities = sum(f.pair is not None for f in shown)
                    if 2 <= quantities <= MAX_OPERANDS:
                        rule = f"{computation.rule} with {inner.rule}"
                        found.setdefault(
                            (computation.output, shown),
                            Computation(
                                rule, computation.output, shown, computation.steps + inner.steps
                            ),
                        )
    return list(found.values())


def gathered(computations: Sequence[Computation]) -> list[Computation]:
    """The computations a writer may show with several inputs given as the one quantity
    another rule multiplies them into.

    A peak worked out as SMs × Tensor Cores per SM × MACs per Tensor Core × 2 × clock is
    more often written "184 × 128 × 2 × 2.475 GHz": the SMs and the Tensor Cores per SM
    as the Tensor Cores they make (a rule of the catalog), the 2 left the constant it is.
    A form so much rarer than the rules' own is read only where every number agrees.
    """
    products = [
        c
        for c in computations
        if len(c.factors) >= 2 and all(f.pair is not None and f.sign == 1 for f in c.factors)
    ]

    def key(output: Pair, factors: Sequence[Factor]) -> tuple[Pair, tuple[str, ...]]:
        return output, tuple(sorted(map(repr, factors)))

    known = {key(c.output, c.factors) for c in computations}  # an expansion undone
    found: dict[tuple[Pair, tuple[Factor, ...]], Computation] = {}
    for computation in computations:
        for product in products:
            if product.output == computation.output or any(
                f.pair == product.output for f in computation.factors
            ):
                continue
            rest = list(computation.factors)
            for factor in product.factors:
                if factor not in rest:
                    break
                rest.remove(factor)
            else:
                place = computation.factors.index(product.factors[0])
                factors = (*rest[:place], Factor(1, product.output), *rest[place:])
                if key(computation.output, factors) in known:
                    continue
                found.setdefault(
                    (computation.output, factors),
                    Computation(
                        f"{computation.rule} with {product.rule} gathered",
                        computation.output,
                        factors,
                        computation.steps + product.steps,
                        exact=True,
                    ),
                )
    return list(found.values())


def solved(computations: Sequence[Computation]) -> list[Computation]:
    """Each computation solved for each of its inputs whose own value no rule of the
    subject derives: the relation a writer may show the other way round.

    A catalog that states a bandwidth derives the pin rate back from it (pin = bandwidth
    × 1 bit ÷ bus width); "256 × 10 ÷ 8 ＝ 320 GB/s" writes the same relation as bus width
    × pin rate = bandwidth: the input taken as the output, the output as a factor.
    """
    made = {computation.output for computation in computations}
    found: dict[tuple[Pair, tuple[Factor, ...]], Computation] = {}
    for computation in computations:
        for place, factor in enumerate(computation.factors):
            if factor.pair is None or factor.pair in made:
                continue
            sign = factor.sign  # input = output^sign × Π others^(−their sign × sign)
            factors = (
                Factor(sign, computation.output),
                *(
                    replace(other, sign=-other.sign * sign)
                    for index, other in enumerate(computation.factors)
                    if index != place
                ),
            )
            found.setdefault(
                (factor.pair, factors),
                Computation(
                    f"{computation.rule} solved for {factor.pair[1]}", factor.pair, factors
                ),
            )
    return list(found.values())


_WORDS = r"[^，。；;,!?！？()（）×*÷/=≈]{0,24}"
_GAP = re.compile(
    rf"(?P<close>\s{{0,3}}[)）])?\s{{0,3}}(?:[(（][^()（）]{{0,24}}[)）]\s{{0,3}})?{_WORDS}?"
    rf"(?P<op>[×*÷/=≈]|\sx\s){_WORDS}(?P<open>[(（]\s{{0,2}})?$"
)


@dataclass(frozen=True, slots=True)
class Chain:
    """Numbers of one sentence joined by × and ÷, and the result after (or before) =."""

    operands: tuple[tuple[int, int], ...]  # (index of the number on the line, sign)
    result: int | None
    bracketed: frozenset[int] = frozenset()  # the operands inside a bracket: "÷ (8 × 1,024)"

    def places(self) -> list[int]:
        """The indices of its numbers: the operands, then the result if written."""
        found = [index for index, _ in self.operands]
        return found if self.result is None else [*found, self.result]


@dataclass(frozen=True, slots=True)
class _Gap:
    """What joins a number to the next: the operator, and a bracket closed or opened."""

    op: str
    closes: bool = False  # "…）× b": the bracket before the operator ends
    opens: bool = False  # "a ÷（b …": a bracket after the operator begins
    glosses: bool = False  # "37 MiB（256 KiB × 148）": the bracket says how it is made
    spoken: bool = False  # "328 times 64 is 20,992": an operator said in words


_GLOSS = re.compile(r"\s{0,2}[(（]\s{0,2}")
"""A bracket opened right after a number: what follows, up to its close, computes it."""
_CLOSED = re.compile(r"\s{0,2}[)）]")


_WORD_GAP = re.compile(
    r",?\s{1,2}(?P<op>times|over|divided\s+by|is|equals|gives|makes|comes\s+to"
    r"|works\s+out\s+to|that['’]s|you\s+land\s+on|(?:and\s+)?(?:you|we)\s+get|to\s+get"
    r"|giving|yielding)"
    r"(?:\s{1,2}(?:about|around|roughly|nearly|like|just|only|exactly))?,?\s{1,2}",
    re.IGNORECASE,
)
"""Arithmetic said in words, the operator alone between two numbers: "328 times 64 is
20,992", "288 times 8 over 384"."""
_WORD_OPS = {"times": "×", "over": "÷", "divided by": "÷"}
_NAMED_TIMES = re.compile(
    r"(?:\s{1,2}[A-Za-z][A-Za-z-]{0,15}){1,3},?\s{1,2}(?P<op>times|divided\s+by)\s{1,2}",
    re.IGNORECASE,
)
"""A factor's words, then the operator said: "132 SMs times 4 Tensor Cores times 512"."""
_SAID_ZH = re.compile(
    r"\s{0,2}[，,]?\s{0,2}(?:再)?(?P<op>乘以|乘上|乘|除以)\s{0,2}"
    r"|\s{0,2}[，,]?\s{0,2}(?P<is>就是|等于|得到|约等于|约为|大约是|差不多是?)\s{0,2}"
)
"""Arithmetic said in Chinese: "128-bit 乘 17 Gbps 再除以 8，就是 272 GB/s"."""
_BY = re.compile(r"\s{1,2}by\s{1,2}", re.IGNORECASE)
_VERB_BEFORE = re.compile(
    r"\b(?P<verb>divid(?:e|es|ing)|multipl(?:y|ies|ying))\s{1,2}$", re.IGNORECASE
)
"""The verb of "divide A by B", "multiply A by B", right before A."""


def _gaps(text: str, numbers: Sequence[TextNumber]) -> list[_Gap | None]:
    """What joins each number to the next (None where they are not joined)."""
    ops: list[_Gap | None] = []
    for left, right in itertools.pairwise(numbers):
        between = text[left.end : right.column - 1]
        if _BY.fullmatch(between):  # "divide 148 × 10^12 by 4 × 10^12"
            verb = _VERB_BEFORE.search(text, max(0, left.column - 24), left.column - 1)
            if verb is not None:
                ops.append(
                    _Gap("÷" if verb["verb"].lower().startswith("divid") else "×", spoken=True)
                )
                continue
        zh = _SAID_ZH.fullmatch(between)
        if zh:
            op = "=" if zh["is"] else ("÷" if zh["op"].startswith("除") else "×")
            ops.append(_Gap(op, spoken=True))
            continue
        said = _WORD_GAP.fullmatch(between) or _NAMED_TIMES.fullmatch(between)
        if said:
            word = re.sub(r"\s+", " ", said["op"].lower())
            ops.append(_Gap(_WORD_OPS.get(word, "="), spoken=True))
            continue
        gap = _GAP.fullmatch(between)
        if gap:
            ops.append(_Gap(gap["op"].strip(), gap["close"] is not None, gap["open"] is not None))
        else:
            ops.append(_Gap("=", glosses=True) if _GLOSS.fullmatch(between) else None)
    return ops


def _in_a_name(text: str, number: TextNumber) -> bool:
    """True for the digits that end a name, a Latin letter right before them: the 32 of
    "FP32 ＝ 3072 × 2 × 0.745 ≈ 4.58" is no result of the product after it."""
    before = text[number.column - 2] if number.column >= 2 else ""
    return before.isascii() and before.isalpha()


def chains(text: str, numbers: Sequence[TextNumber]) -> list[Chain]:
    """The written computations of a line, `a × b ÷ c = d` or `d = a × b`.

    Words may stand between a number and its operator ("148 个 SM × 每个 SM 4 个"); a
    chain has at least two operands.
    """
    gaps = _gaps(text, numbers)
    ops = [gap.op if gap else None for gap in gaps]
    found: list[Chain] = []
    index = 0
    while index < len(numbers):
        result: int | None = None
        start = index
        leading = gaps[index] if index < len(gaps) else None
        if (
            leading is not None
            and leading.op in ("=", "≈")
            and not leading.spoken
            and not _in_a_name(text, numbers[index])
        ):
            result, start = index, index + 1  # d = a × b; not "FP32 is 5,120 × 2": words
        operands = [(start, 1)]
        inside: set[int] = set()
        at, bracket = start, 0  # the sign a bracket opened after ÷ gives what is inside
        while at < len(ops) and ops[at] in ("×", "*", "x", "÷", "/"):
            gap = gaps[at]
            assert gap is not None
            if gap.closes:
                bracket = 0
            sign = -1 if ops[at] in ("÷", "/") else 1
            if bracket:
                sign *= bracket  # a ÷ (b × c): c divides too
            elif gap.opens:
                bracket = sign
            if bracket:
                inside.add(at + 1)
            operands.append((at + 1, sign))
            at += 1
        after = gaps[at] if at < len(gaps) else None
        if bracket and not (after is not None and after.closes):
            index = at + 1
            continue  # a bracket left open: not a computation read here
        opened = gaps[result] if result is not None else None
        glossed = opened is not None and opened.glosses
        if glossed and not _CLOSED.match(text, numbers[at].end):
            index = at + 1
            continue  # "37 MiB（256 KiB × 148 …": the gloss must close after its last operand
        if result is None and at < len(ops) and ops[at] in ("=", "≈"):
            result = at + 1  # a × b = d
        if len(operands) < 2:
            index += 1  # "FP32 is 5,120 × 2": no computation yet; the next number may begin one
            continue
        if len(operands) <= MAX_OPERANDS:
            found.append(Chain(tuple(operands), result, frozenset(inside)))
        index = max(at + (1 if result is None or result <= at else 2), index + 1)
    return found


def quotient_units(written: Sequence[Chain], numbers: Sequence[TextNumber]) -> dict[int, str]:
    """The unit of the written result of each divisor's computation ("149.7 ÷ 0.696 ≈
    215 FLOP/B": FLOP/B for the 0.696), for the divisors whose result has a unit."""
    found: dict[int, str] = {}
    for chain in written:
        if chain.result is None or not numbers[chain.result].unit:
            continue
        for index, sign in chain.operands:
            if sign < 0:
                found[index] = numbers[chain.result].unit or ""
    return found


@dataclass(frozen=True, slots=True)
class Aligned:
    """A number of a written computation tied to the pair it stands for."""

    index: int
    pair: Pair
    why: str


Agrees = Callable[[TextNumber, Pair], bool]


Shapes = dict[tuple[int, ...], list[tuple[Computation, tuple[Factor, ...]]]]
"""Computations by the sorted signs of their factors: what a chain of operands can be."""


def shapes(computations: Sequence[Computation]) -> Shapes:
    """The computations by the signs of their factors (with and without the constants)."""
    index: Shapes = {}
    for computation in computations:
        quantities = tuple(f for f in computation.factors if f.pair is not None)
        for factors in dict.fromkeys((computation.factors, quantities)):
            key = tuple(sorted(f.sign for f in factors))
            index.setdefault(key, []).append((computation, factors))
    return index


def _orders(signs: Sequence[int], factors: Sequence[Factor]) -> list[tuple[int, ...]]:
    """Every way to give each operand a factor of its own sign."""
    slots = {sign: [i for i, f in enumerate(factors) if f.sign == sign] for sign in (1, -1)}
    wanted = {sign: [i for i, s in enumerate(signs) if s == sign] for sign in (1, -1)}
    if any(len(slots[s]) != len(wanted[s]) for s in (1, -1)):
        return []
    orders = []
    for plus in itertools.permutations(slots[1]):
        for minus in itertools.permutations(slots[-1]):
            order = [0] * len(signs)
            for position, slot in zip(wanted[1], plus, strict=True):
                order[position] = slot
            for position, slot in zip(wanted[-1], minus, strict=True):
                order[position] = slot
            orders.append(tuple(order))
    return orders


Fits = Callable[[TextNumber, Pair], bool]


CONVERSIONS = frozenset({8.0, 1000.0, 1024.0, 1e6, 1048576.0, 1e9, 1e12})
"""Divisors a writer puts in for units (÷ 8 bits per byte, ÷ 1000 for a prefix) that a
rule leaves to its units: a chain may be read without them."""


def conversion(number: TextNumber) -> bool:
    """A number a writer divides by for units: "÷ 8", "÷ 8 bits" (per byte), "÷ 1000"."""
    value = float(number.value)
    return value in CONVERSIONS and (number.unit is None or (value == 8 and number.unit == "bit"))


def _readings(chain: Chain, numbers: Sequence[TextNumber]) -> list[tuple[tuple[int, int], ...]]:
    """The chain's operands as written, and without the unit conversions it writes out."""
    written = chain.operands

    def converts(place: int) -> bool:
        i, sign = written[place]
        if i in chain.bracketed or not conversion(numbers[i]):
            return False  # "÷ (8 × 1,024)": stacks and their width, not units
        if sign < 0:
            return True  # "÷ 8" bits to bytes, "÷ 1000" a prefix
        # "GB/s × 8": bytes made bits (a bare "3,350 × 8" too, read both ways); never
        # "8 stacks ×", first in the chain
        if not place or float(numbers[i].value) != 8:
            return False
        before = numbers[written[place - 1][0]].unit
        return before is None or "B" in before

    bare = tuple(written[p] for p in range(len(written)) if not converts(p))
    return [written] if len(bare) in (len(written), 0) else [written, bare]


def align(
    chain: Chain,
    numbers: Sequence[TextNumber],
    by_shape: Shapes,
    agrees: Agrees,
    fits: Fits = lambda number, pair: True,
    prefer: Callable[[Computation], tuple[float, float]] = lambda computation: (0.0, 0.0),
    allowed: Callable[[Computation], bool] = lambda computation: True,
) -> list[Aligned]:
    """Tie a chain's numbers to the inputs and output of the one computation it writes.

    A computation fits when every operand takes a factor of the same sign (a constant
    by its value, a quantity by position; constants the text leaves out are skipped),
    its result (if written) the output, and at least two of the numbers agree with the
    values they take; a computation not `allowed` (of a subject other than the one the
    words name) is never tried. Of computations fitting equally, the one the words name best
    (`prefer`: how well they name its subject, then its quantities), then the one of
    fewest rules; a tie between computations alike in both leaves the chain alone.
    """
    memo: dict[tuple[int, Pair], bool] = {}

    def agree(index: int, pair: Pair) -> bool:
        key = (index, pair)
        if key not in memo:
            memo[key] = agrees(numbers[index], pair)
        return memo[key]

    best: list[Aligned] = []
    best_score, best_rank = 1, (0.0, 0.0, 0)
    tie = False
    for operands in _readings(chain, numbers):
        signs = [sign for _, sign in operands]
        for computation, factors in by_shape.get(tuple(sorted(signs)), ()):
            if not allowed(computation):
                continue
            for order in _orders(signs, factors):
                pairs: list[tuple[int, Pair]] = []
                ok = True
                for (index, _), slot in zip(operands, order, strict=True):
                    factor = factors[slot]
                    if factor.pair is None:
                        if float(numbers[index].value) != factor.constant:
                            ok = False
                            break
                        continue
                    if not fits(numbers[index], factor.pair):
                        ok = False
                        break
                    pairs.append((index, factor.pair))
                if not ok:
                    continue
                if chain.result is not None:
                    if not fits(numbers[chain.result], computation.output):
                        continue
                    pairs.append((chain.result, computation.output))
                score = sum(agree(i, p) for i, p in pairs)
                if computation.exact and score < len(pairs):
                    continue
                rank = (*prefer(computation), -computation.steps)
                if score > best_score or (score == best_score and best and rank > best_rank):
                    why = f"the text computes {computation.output[1]} by rule {computation.rule}"
                    best = [Aligned(i, p, why) for i, p in pairs]
                    best_score, best_rank, tie = score, rank, False
                elif (
                    score == best_score
                    and rank == best_rank
                    and best
                    and {a.pair for a in best} != {p for _, p in pairs}
                ):
                    tie = True
    return [] if tie else best


DOUBLING_SLACK = 0.01
"""How far a written computation's result may be from its operands' product (rounded
operands, a clock to two places) for the product to be the one it writes."""


def doublings(chain: Chain, numbers: Sequence[TextNumber], claims: Collection[int]) -> set[int]:
    """The bare 2s a chain multiplies or divides by, where its other numbers are claims
    (`claims`, indices of the line's numbers) and its result is the product as written
    ("3352 ÷ 2 ÷ 2 ＝ 838": sparse to dense, FP4 to FP8).

    "5888 × 2 × 1.725 ≈ 20.31" with the cores, the clock and the peak resolved: the 2 is
    the FLOP of a multiply-add, a transfer's two edges, a link's two directions, a
    constant of the formula (the product is read up to a power of ten: GHz times cores
    is GFLOP/s, written in TFLOP/s).
    """
    if chain.result is None:
        return set()
    twos = {i for i, _ in chain.operands if numbers[i].unit is None and numbers[i].value == 2}
    others = [i for i in chain.places() if i not in twos]
    if not twos or len([i for i in others if i in claims]) < 2:
        return set()
    product = 1.0
    for i, sign in chain.operands:
        value = float(numbers[i].value)
        if value == 0:
            return set()
        product *= value if sign > 0 else 1 / value
    result = float(numbers[chain.result].value)
    if result <= 0 or product <= 0:
        return set()
    ratio = math.log10(product / result)
    return twos if abs(ratio - round(ratio)) <= math.log10(1 + DOUBLING_SLACK) else set()
