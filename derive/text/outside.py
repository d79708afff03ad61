"""Numbers about what a catalog of hardware cannot hold.

A workload's counts that no quantity of the catalog names ("13 billion parameters",
"35,000 requests/s"), and, once nothing resolves them, the units of a product someone
has ("the last 64 Tesla K80 boards") and the numbers of a written computation of how
long some work takes ("70 GB ÷ 4,000 GB/s = 17.5 ms"): they state nothing the catalog
could confirm or contradict, and are non-claims.
"""

from __future__ import annotations

import re

from derive.text.context import Read
from derive.text.known import CatalogView
from derive.text.lexicon import subject_mentions
from derive.text.nonclaims import money
from derive.text.numbers import TextNumber
from derive.text.resolve import held_dimension, takes_time

_WORKLOAD_NOUN = re.compile(
    r"\s{0,2}(?:个)?(?P<noun>parameters?|params|参数|requests?|queries|users?|people|attendees"
    r"|students?|tokens?|请求|用户|人(?![民工])|名(?:学生|同学|用户|工程师)"
    r"|(?:多)?位(?:同学|老师|用户|朋友|来宾|嘉宾|观众|记者)"
    r"|份(?:作业|答卷|报告)?(?![\u4e00-\u9fff])"
    r"|weeks?|个?星期|周(?!期))",
    re.IGNORECASE,
)
"""What a workload or an event counts, not a chip: "13 billion parameters", "70 亿参数",
"35,000 requests/s", "10–14 weeks", "400 people in the room", "共 11 人", "收 38 份"."""


_MODEL_SIZE = re.compile(
    r"\d[\d.]*[BbMT](?:-class)?[- ]?(?:(?:dense\s|sparse\s|MoE\s)?models?|LLMs?|参数"
    r"|(?:的\s?)?[\u4e00-\u9fff]{0,3}模型"
    r"|(?:的\s?)?Q[2-8](?![\d.])|(?:at\s)?(?:INT|FP)[48]\b|instruct|chat)",
    re.IGNORECASE,
)
"""A model's size in parameters, written with a letter: "70B model", "13B-class LLMs",
"7B 模型", "37B 的稠密模型", "14B 的 Q4", "7B Q4" (the B is billions of parameters, never
bytes)."""
_SOME_MODEL_BEFORE = re.compile(r"(?:一个|某个|(?<![A-Za-z])(?i:an?|any|some))\s{0,2}$")
"""An indefinite article before a model's size: "一个 37B 的稠密模型", "a 70B model" is
some model of that size, not one the catalog holds."""
_PARAMETERS = re.compile(r"param|参数", re.IGNORECASE)
"""A label of a quantity that counts a model's parameters."""


def _counts_parameters(view: CatalogView) -> bool:
    """True when the catalog holds some model's parameter count: "70B" may then be its."""
    return any(
        q.count and any(_PARAMETERS.search(label) for label in q.labels())
        for q in view.quantities.values()
    )


_PRICE = re.compile(
    r"price|cost|msrp|subtotal|\bUSD\b|\bRMB\b|\bCNY\b|\$\s?/|[(（]\s?[$¥￥€元]\s?[)）]"
    r"|价格|售价|价钱|报价|成本|单价|总价|小计|金额|费用|租金",
    re.IGNORECASE,
)
"""A label of a quantity, or a table's header, that holds what a product costs: "Price",
"On-demand (USD/hr)", "单价（元）", "小计"."""
_ORDERED_COUNT = re.compile(r"数量|台数|件数|qty\.?|quantity|units", re.IGNORECASE)
"""A table's header over how many of a product a quote or an order lists."""


def _holds_prices(view: CatalogView) -> bool:
    """True when some quantity of the catalog is a price: a sum of money may be its."""
    return any(any(_PRICE.search(label) for label in q.labels()) for q in view.quantities.values())


def a_price(view: CatalogView, read: Read, number: TextNumber) -> bool:
    """True for a sum of money ("$2,499", "¥6,500", a cell under "Price (USD)") where the
    catalog holds no price: what someone paid or asks says nothing of the hardware."""
    cell = read.block.cell
    priced = money(read.block.text, number) or (
        cell is not None
        and number.unit is None
        and bool(_PRICE.search(f"{cell.column_header} {cell.row_header}"))
    )
    return priced and not _holds_prices(view)


def of_a_workload(view: CatalogView, read: Read, number: TextNumber) -> bool:
    """True for a count of a workload's things (parameters, requests, tokens, weeks) when
    no quantity of the catalog is named by that word: it says nothing the catalog could
    hold."""
    start = number.column - 1
    if _MODEL_SIZE.match(read.block.text, start):
        some = _SOME_MODEL_BEFORE.search(read.block.text, max(0, start - 6), start)
        return some is not None or not _counts_parameters(view)
    noun = _WORKLOAD_NOUN.match(read.block.text, number.end)
    if noun is None:
        return False
    start, end = noun.start("noun"), noun.end("noun")
    return not any(
        m.start < end and start < m.end and any(s.target == "quantity" for s in m.senses)
        for m in read.terms_around(start, end)
    )


_UNITS_AFTER = re.compile(
    r"\s{0,2}(?:boards|cards|modules|servers|nodes|systems|superchips|GPUs|accelerators)\b"
    r"|\s{1,2}(?:at|@)\s",
    re.IGNORECASE,
)
"""What makes a number before a product's name a count of its units: "64 Tesla K80
boards", "16 GH200 at 1,000 W"."""


_ORDERED = re.compile(r"\s?[x×]\s")
"""Between a count and a product's name, the units of an order: "24 x Tesla P4"."""
_OPERATOR_BEFORE = re.compile(r"[×x*÷/=＝+]\s*$")
_OPERATOR_AFTER = re.compile(r"\s*[×x*÷/=＝+]")
_MEASURED_OUT = re.compile(r"\s?(?:块|张|片)\s?")
"""A Chinese measure word between a count and a product: "3 块 GTX 1070", "4 张 L20"."""
_BUILT_OF_AFTER = re.compile(r"\s?(?:的|组成|构成|互联|组)")
"""After the product, what makes the count the parts of a system: "8 块 MI300X 的服务器"."""
_INSIDE_BEFORE = re.compile(r"(?:里面?|内|中|装了?|配了?|插了?|搭载了?)\s?$")
"""Before the count, what makes it the parts of a system: "一台 D800，里面 8 张 S4000"."""
_COUNTED_AFTER_NAME = re.compile(r"\s?[×x]\s?")
"""Between a product and the count after it: "GTX 1070 × 3"."""


_MACHINES_AFTER = re.compile(
    r"\s?(?:台|套)(?!式|阶)|\s(?:servers|workstations|machines|desktops|laptops|PCs)\b",
    re.IGNORECASE,
)
"""A count of whole machines: "4 台工作站", "2 套 Jetson", "60 workstations"."""
_AT_MOST_BEFORE = re.compile(
    r"(?:最多|最大|至多|多达|可达|支持|扩展到|(?i:up to|as many as|scales? to|at most))"
    r"[^，。；,;]{0,6}$"
)
"""What makes a count of machines a system's limit, a claim: "最多可以 2,048 台"."""


def units_of_a_product(read: Read, number: TextNumber) -> bool:
    """True for a whole number of units of a product, said as such: "the last 64 Tesla
    K80 boards", "16 GH200 at 1,000 W", "4 台 TITAN RTX 工作站" (how many someone has or
    buys); not a number of chips a system is built of ("8 块 MI300X 的服务器"), which is a
    claim of that system."""
    times = number.unit == "" and number.multiplies  # "24 x" read as one
    if (number.unit is not None and not times) or number.value != number.value.to_integral_value():
        return False
    text = read.block.text
    start = number.column - 1
    cell = read.block.cell
    if cell is not None and any(  # "a100: {qty: 2}": the key within the key is its own
        _ORDERED_COUNT.fullmatch(header.strip()) or _ORDERED_COUNT.fullmatch(header.split()[-1])
        for header in (cell.column_header, cell.row_header)
        if header.strip()
    ):
        return True  # "| 数量 | 2 |", "qty: 2": how many a quote or an inventory lists
    if _MACHINES_AFTER.match(text, number.end):
        return not _AT_MOST_BEFORE.search(text, max(0, start - 16), start)
    for mention, _ in subject_mentions(read.terms_around(number.end, number.end + 6)):
        gap = text[number.end : mention.start]
        if _ORDERED.fullmatch(gap) or (times and not gap.strip()):  # "24 x Tesla P4": ordered
            # not an operand: "2 × 4 x Chip B"
            return not _OPERATOR_BEFORE.search(text, max(0, start - 8), start)
        if _MEASURED_OUT.fullmatch(gap):  # "3 块 GTX 1070、2 块 RX 5600 XT": owned, not built of
            return not _BUILT_OF_AFTER.match(text, mention.end) and not _INSIDE_BEFORE.search(
                text, max(0, start - 6), start
            )
        if gap.strip():
            continue
        return _UNITS_AFTER.match(text, mention.end) is not None
    for mention, _ in subject_mentions(read.terms_around(start - 16, start)):
        if _COUNTED_AFTER_NAME.fullmatch(text, mention.end, start) and not _OPERATOR_AFTER.match(
            text, number.end
        ):
            return True  # "GTX 1070 × 3（2017 年买的）": three of them
    return False


def timing_work(view: CatalogView, read: Read) -> set[int]:
    """The numbers of a written computation whose result is a time where the catalog
    holds no time ("70 ÷ 4,000 = 17.5 ms"): how long some work takes, worked out."""
    found: set[int] = set()
    for chain in read.chains:
        if chain.result is None:
            continue
        unit = read.numbers[chain.result].unit
        if takes_time(unit) and not held_dimension(view, unit):
            found.add(chain.result)
            found.update(index for index, _ in chain.operands)
    return found
