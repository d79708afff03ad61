"""Tell the numbers that state nothing about the world from claim-shaped ones.

A number is a non-claim when its own writing says so: a section or figure
reference, a list or step marker, a date or a year, digits inside a name or a model
number, a version or a URL, an arithmetic constant of a formula (the 8 of "÷ 8" bits
per byte), an ordinal, a count about the page itself (likes, comments). Whether a
claim-shaped number is about something the catalog knows is decided later, by
resolution; an illustrative number of a worked toy example is one that a hypothetical
sentence holds and nothing resolves (see `hypothetical`).

Each test looks at a bounded window around the number.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from decimal import Decimal
from enum import StrEnum

from derive.text.numbers import DATE, POST_OPENING, SUPERSCRIPT_DIGITS, UNIT_WORD, TextNumber
from schema.errors import UnitError
from schema.units import factor


class NonClaim(StrEnum):
    """Why a number states nothing."""

    section = "section"
    figure = "figure"
    list_marker = "list-marker"
    date = "date"
    year = "year"
    identifier = "identifier"
    constant = "constant"
    illustrative = "illustrative"
    ordinal = "ordinal"
    metadata = "metadata"
    discrepancy = "discrepancy"
    rating = "rating"
    workload = "workload"
    fleet = "fleet"
    expense = "expense"
    requirement = "requirement"  # the bound a figure is checked against, not a value


_WINDOW = 24
_SECTION_BEFORE = re.compile(
    r"(?:§\s?|§\d+(?:\.\d+)*\s?[–-]\s?|(?:section|sections|sec\.|chapter|ch\.|part|lesson)\s"
    r"|第\s?|专题\s?|节号\s?"
    r"|(?:第|§|sections?\s)\s?\d{1,2}(?:\.\d{1,2})*\s?(?:[、,，和与及&]|and|or)\s?)$",
    re.IGNORECASE,
)
"""Words before a section number, the second of a list of them too ("第 1、2 节",
"sections 3 and 4", "§2, 3")."""
_SECTION_SHAPE = re.compile(r"\d{1,2}(?:\.\d{1,2}){1,2}")
_SECTION_SUFFIX = re.compile(r"[a-d](?![A-Za-z])")
_SECTION_AFTER = re.compile(
    r"\s?(?:那张|那一?节|那里|那次|那段|那条|那个|那六|那两|那一|这一?节|节|整节|一节|小节|说的|讲的"
    r"|里|末尾|末|开头|开始|起|中的|的那|的图|图上)"
)
_FIGURE_BEFORE = re.compile(
    r"(?:图|表|figures?|figs?\.|tables?|tab\.|steps?|equations?|eqs?\.|listings?|slides?"
    r"|problems?|problem sets?|exercises?|questions?|tasks?|assignments?|homework|习题|练习"
    r"|第\s?|议题|附件|附录|appendix|attachment|annex|exhibit|agenda item|action item)\s?$",
    re.IGNORECASE,
)
_FIGURE_PART_BEFORE = re.compile(
    r"(?:图|表|(?i:figures?|figs?\.|tables?|tab\.))\s?\d{1,2}\s?[-–]\s?$"
)
"""A figure's or table's number within its chapter: the 1 of "表 2-1", "Table 3-2"."""
_FIGURE_AFTER_ORDINAL = re.compile(r"\s?(?:步|栏|档|张|行|列|页|条|点|项|个问题|种|课)")
_FORMAT_AFTER = re.compile(
    r"\s?(?:peaks?|formats?|precisions?|float(?:ing)?|math|arithmetic|inputs?|accumulat\w*"
    r"|integers?|data\s?types?|types?|mode|乘加|点积|整数|浮点)(?![A-Za-z])",
    re.IGNORECASE,
)
"""What after a width in bits makes it a number format's name ("16-bit peak", "best 16-bit
format", "8 位整数"), not a bus or a channel ("16-bit channels", "1024 位总线")."""
_QUANTIZED_AFTER = re.compile(
    r"\s?(?:\d[\d.]*[BM][- ])?(?:models?|LLMs?|quanti[sz]\w*|quants?|weights?|checkpoints?"
    r"|量化|权重|模型)(?![A-Za-z])",
    re.IGNORECASE,
)
"""After a width in bits, what makes it the width a model's weights are quantised to:
"4-bit models", "4 bit 量化"."""
_QUANTIZED_BEFORE = re.compile(r"(?i:(?<![A-Za-z])(?:at|to|in))\s$")
_CLAUSE_END = re.compile(r"\s*(?:[.,;:!?)，。；：！？）]|$|(?:but|and|or)\s)")
"""A small width in bits after "at" that ends its clause is a quantisation's too: "fine
at 8-bit.", "run it at 4-bit but"."""
_BITS_FORMAT_AFTER = re.compile(r"\s?(?:位|比特|bit)\s?(?:精度|浮点|整数|格式|整型|乘加|点积)")
_PAGE_BEFORE = re.compile(r"(?:page|pages|p\.|pp\.)\s?$", re.IGNORECASE)
_LINE_BEFORE = re.compile(r"(?<![A-Za-z])lines?\s?$", re.IGNORECASE)
"""A line of a document cited by its number ("Line 212", "at line 248"), with no unit
after it ("cache line 128 bytes" sizes a line)."""
_ORDINAL_AFTER = re.compile(r"(?:st|nd|rd|th)(?![A-Za-z])|\s?(?:分位|th percentile|percentile)")
_NAME_BEFORE = re.compile(r"[A-Za-z_]$|[A-Za-z][-/]$")
_NUMBER_BEFORE_DASH = re.compile(r"(?:\d|\s)[-–]$")
_UNIT_THEN_SLASH = re.compile(rf"\d\s?(?:{UNIT_WORD.pattern}|[kMGT]T/s)/$")
"""A number with its unit, then a slash: the next number is the next figure of a compact
spec line ("GDDR6 8GB/256bit/14Gbps/448GB/s"), not the digits of a name."""
_VARIANT_BEFORE = re.compile(r"(?:\d{3,5}|Ti|XT|Super|SUPER|Pro)\s{1,2}$")
"""A model's number or suffix right before a capacity said the Chinese way ("3080 10G")."""
_NAME_AFTER = re.compile(r"(?!n[-\s]?(?:prefetch|预取)|[kMG]T/s)[A-Za-z_]|-[A-Z]{2,}-")
"""A letter right after the digits ("4K", "5090X"), or an upper-case code joined on
("7710-ML-EQUIP", a budget line); not a DRAM's prefetch ("8n prefetch", "4n 预取") nor
its transfers a second ("400MT/s")."""
_REFERENCE_BEFORE = re.compile(
    r"(?<![A-Za-z])(?i:room|rm\.|ext\.?|extension|tel\.?|phone|fax|sku|po|p\.o\.|ticket|entry"
    r"|invoice|order no\.?|part no\.?|serial(?: no\.?)?|ref\.?|rev\.?|no\.|issue|episode"
    r"|vol\.?|volume)\s?$|(?<![A-Za-z])(?i:uid|id)\s?[:：#]?\s?$"
    r"|(?:编号|订单号|料号|序列号|工单号|分机|工号|学号|房间号?|门牌号?)\s?[:：]?\s?$"
)
"""The label of a reference number: "Room 3.114", "ext. 207", "PO 4500", "SKU 1182", "UID
500233", "商品编号 100087362215", "分机 8217"."""
_LEADING_ZERO = re.compile(r"0\d+")
"""Digits with a leading zero ("0058", "0142"): a code, never an amount."""
_PHONE = re.compile(
    r"\+\d{1,3}(?:[ -]\(?\d{2,4}\)?){2,4}(?!\d)|(?<![\d.,])1[3-9]\d[ -]?\d{4}[ -]?\d{4}(?!\d)"
)
"""A telephone number: "+1 555 0142", "+86 10 6275 1234"."""
_VERSION_BEFORE = re.compile(
    r"(?:^|[^A-Za-z])[A-Z][A-Za-z]*[A-Z][A-Za-z]*\s$|v(?:ersion)?\s?$|[a-z]+[A-Z][A-Za-z]*\s$"
    r"|[a-z]+_[a-z]+\s$|(?i:capability|revision|release|generation|gen|driver|sdk|toolkit"
    r"|runtime|firmware|version)(?:\s(?i:number))?(?:\s?[:：](?:\*\*|__)?\s{0,16}|\s{1,16})$"
)
_DOTTED_AFTER = re.compile(r"\.\d|\s?版(?![本权])")
"""A third part after a number's decimals, or an edition: the 2.1 of "torch_npu 2.1.0",
of "规格书 2.1 版", is a version."""
_RELEASE_BEFORE = re.compile(
    r"(?:驱动|(?i:driver|Hot Chips|ISSCC|ISCA|MICRO|HPCA|ASPLOS|NeurIPS|ICML|SC|GTC))\s?$"
    r"|(?<![\w-])(?:Linux|Ubuntu|Debian|Fedora|RHEL|Python|CUDA(?: Toolkit)?|cuDNN|cuBLAS(?:Lt)?"
    r"|ROCm|HIP|rocBLAS|MIOpen|JetPack|L4T|PyTorch|TensorFlow|JAX|Windows|macOS|iOS|Android"
    r"|LLVM|GCC|Clang|NCCL|RCCL|TensorRT|vLLM|Triton|OpenCL|Vulkan|DirectX|OpenGL|Docker"
    r"|Kubernetes|oneAPI|SYCL|Xcode|GPU Boost|(?i:compute capability)|llama\.cpp|Ollama"
    r"|MLPerf|OpenMPI)\s?$"
)
"""A driver's release, a conference's edition or a piece of software's version: "驱动 550",
"Hot Chips 34", "Ubuntu 22.04", "CUDA 12.4"."""
_FLOOR_AFTER = re.compile(r"\s?楼(?![上下])")
"""A post of a forum thread, numbered by its floor: "2楼", "**10楼**"."""
_EDIT_MARK = re.compile(r"(?<![A-Za-z])(?i:edit|update|upd)\s?$")
_CHOICE_BEFORE = re.compile(
    r"(?<![A-Za-z])(?i:option|lot|phase|stage|round|tier)\s?$|(?:方案|选项|标段|批次|阶段)\s?$"
)
"""The label of a choice, a part of a tender or of a plan, or an edit: "option 3", "Lot 4",
"phase 2", "方案 2", "标段 3", "edit 2:"."""
_DEVICE_BEFORE = re.compile(r"(?<![A-Za-z])(?i:device|dev|cuda:|rank)\s?$")
"""A device's index: "Device 0", "dev 0:", "cuda:1"."""
_DISCREPANCY_BEFORE = re.compile(
    r"(?:差|相差|差了|差出|差不到|偏差|误差|(?i:off by|within|differ(?:s|ence of)? by))"
    r"\s?(?:约|大约|整整|about|only|just|exactly)?\s?$"
)
"""What two figures of one thing differ by ("两种读法差 2.4%", "close within 2%")."""
_SLIPPED_BY = re.compile(
    r"(?:[多少]算了?|夸大了?|放大了?|大了|高了|低了"
    r"|(?i:(?:over|under)stated by|inflated by|too (?:high|low) by))"
    r"\s?(?:约|大约|整整|about|only|just)?\s?$"
)
"""What a slip made a figure off by ("多算了 8 倍", "overstated by 8x"); of a percentage
these words compare two things instead ("显存带宽反而低了约 5%")."""
_METADATA_BEFORE = re.compile(
    r"(?:赞同|点赞|赞|评论|回复|收藏|阅读|浏览|关注|粉丝|转发|播放|弹幕|投币|硬币|分享|编辑)"
    r"(?:次数|量|数)?\s?[:：（(]?\s?$"
    r"|评论区\s?[（(]\s?$|(?:评论|回复|弹幕)\**\s?[（(]\s?共\s?$"
    r"|(?:👍|👎|❤️?|⭐|🔥|▲|⬆️?|●|\[语音\]|\[voice\]|[\U0001F300-\U0001FAFF\u2600-\u27BF]\ufe0f?)\s?$"
    # a forum user's name in bold or italics, then their standing: "**ati_veteran** (316)",
    # "*cache_money* 7,710" (a lower-case handle without digits: no product's name)
    r"|(?<![\w*])\*{1,2}[a-z_][A-Za-z_.\-]{3,30}\*{1,2}\s?\(?\s?$"
    r"|(?i:likes?|upvotes?|views?|comments?|replies|followers|stars|reposts?|retweets?)"
    r"\s?(?:[:：]|\s?\()\s?$"
)
_METADATA_AFTER = re.compile(
    r"\s?(?:条评论|条回复|人赞同|人点赞|次阅读|次浏览|个赞|人关注|分钟阅读|分钟读完)"
    r"|\s(?i:min(?:ute)?s?\.? read)(?![A-Za-z])"
    r"|\s(?i:likes?|upvotes?|views|comments?|replies|followers|readers|subscribers"
    r"|members)(?![A-Za-z])"
)
"""Counts about the page itself: likes, comments, views ("赞同 4,812", "326 条评论")."""
_PER_BYTE = r"bits? (?:per|in an?|to an?) byte|bytes? (?:per|in an?) (?:KB|KiB|kilobyte)"
_DEFINITION_AFTER = re.compile(rf"\s?(?i:{_PER_BYTE})|\s?(?:位每字节|比特每字节)")
_DEFINITION_BEFORE = re.compile(
    r"\b(?:KB|KiB|MB|MiB|GB|GiB|kilobyte)s? means\s$|(?:每|一个)字节\s?(?:是|有)?\s?$"
)
_BITS_AFTER = re.compile(r"\s?(?:位|比特|bits?\b)")
_TIMES_BEFORE = re.compile(r"(?:[×*]|(?<![A-Za-z])times|\sx)\s{0,2}$")
_TIMES_AFTER = re.compile(r"\s{0,2}(?:[×*]|times(?![A-Za-z])|x\s)")
"""A factor's neighbours: "× 2 ×", and as said aloud, "times 2 times", "2 x 1.5 GHz"."""
_BYTES_TIMES_BEFORE = re.compile(r"\d\s?[kMGTPE]?i?B(?:/s)?\s?[×*]\s?$")
_BITS_LATER = re.compile(r"bit|[kMGTP]b(?:ps|/s)|位")
_FLOP_WORDS = re.compile(r"FLOP|flop|[Pp]eak|峰值|算力")
_FORMAT_WORDS = re.compile(r"(?<![A-Za-z])(?:FP|BF|TF)(?:64|32|16|8)")
"""A number format, whose throughput a product of cores, 2 and a clock is ("FP32 = CUDA
核心 × 2（FMA 算两次）× boost")."""
_CLOCK_WORDS = re.compile(
    r"GHz|MHz|hertz|\bgigs?\b|频率|时钟|clock|boost|\d[eE]9|翻一倍|翻倍|doubles?", re.IGNORECASE
)
"""A product with a clock in it: "16384 × 2 × 2.52 GHz ≈ 82.6 TFLOPS", "MAC 数 × 2 × 频率"."""
_OPERATIONS = re.compile(r"FLOP|flop|operations?\b|ops\b|浮点运算|运算", re.IGNORECASE)
"""What a multiply-accumulate counts as: "each MAC as 2 operations", "每次乘加算 2 次运算"."""
_MAC_WORDS = re.compile(r"MAC|FMA|乘加|multiply-accumulate|fused multiply", re.IGNORECASE)
_CLOCK_OPERAND_AFTER = re.compile(r"\s{0,2}[×*x]\s{0,2}\d[\d.,]*\s?(?:[eE]9|GHz|MHz|gig)")
"""The clock as the next factor: "4864 * 2 * 1.78e9", "× 2 × 1.5 GHz"."""
_BARE_CLOCK_AFTER = re.compile(r"\s{0,2}[×*x]\s{0,2}[0-9]\.\d{1,4}(?![\d.,])(?!\s?[A-Za-z%])")
"""The next factor a clock in GHz written without its unit: "× 2 × 1.71 ≈ 29767 GFLOPS"."""
_POWER_OF_TEN = re.compile(r"1(?:\.0+)?[eE][+-]?\d{1,2}")
"""One written as a power of ten, "1e3", "1e12": a unit's scale, never a value."""
_MONEY_BEFORE = re.compile(r"(?:(?<![$\\])\$|[€£¥￥]|US\$|(?i:usd|rmb|eur)\s?)\s?$")
_MONEY_AFTER = re.compile(
    r"\s?(?:美元|美刀|刀(?![片法])|元|块钱|块包邮|入手|入的|入了|收的|包邮"
    r"|(?i:usd|dollars|bucks|euros?)(?![A-Za-z]))"
)
_PRICE_BEFORE = re.compile(
    r"(?:首发价?|售价|到手价?|报价|标价|定价|原价|(?i:msrp|priced at|sells? for|paid))"
    r"\s?(?:约|大约|才|只要|仅|about|around|~)?\s?$"
)
"""A price written without its currency: "首发 3899", "3299 入的", "MSRP 549"."""
_TOTAL_BEFORE = re.compile(
    r"(?:(?i:total|subtotal|budget|ceiling|shipping|freight|tax|in all)|合计|总计|总价|总额|预算"
    r"|运费)[^;。；]{0,60}$|[=＝]\s{0,2}(?:[$€£¥]|US\$)?\s{0,2}$"
)
_TOTAL_AFTER = re.compile(r"\s?(?:(?i:ceiling|budget|cap|in total|total)(?![A-Za-z])|预算|上限)")
"""What makes a sum of money an order's, not a product's: "Total … $31,455.40", "= $9,336.00"."""
_OPTION_BEFORE = re.compile(r"(?:^|\s)(?P<dashes>--?)[A-Za-z][\w-]*[ =](?:[\w.]{1,16},){0,8}$")
"""A command-line option's value: "--iters 20", "nvpmodel -m 1", "--size 4GiB" (a long
option's, whatever its unit), "--pair 0,1"."""
_PER_MAC_AFTER = re.compile(
    r"\s?(?:per|each|an?|every)\s(?:FMA|MAC|multiply-accumulate|fused multiply-add)\b"
    r"|\s?(?:每次|每个)\s?(?:乘加|FMA|MAC)",
    re.IGNORECASE,
)
"""After "2 FLOP": each multiply-accumulate ("2 FLOP per FMA", "2 FLOP 每次乘加")."""
_FLOP_PER_MAC_BEFORE = re.compile(r"[×x*]\s{0,2}$")
_PER_MAC_BEFORE = re.compile(
    r"(?:(?:每|一)(?:次|个)?\s?(?:乘加|MAC|FMA)|(?:per|each|one|an?)\s+(?:MAC|FMA"
    r"|multiply-accumulate))"
    r"[^。.;；,，\d]{0,12}$",
    re.IGNORECASE,
)
_LIST_MARKER = re.compile(r"\s*(?:>\s?)*\s*(?:[-*+]\s+)?$")
_BRACKETED_MARKER = re.compile(r"\s*(?:>\s?)*\s*(?:[-*+]\s+)?[（(]$")
"""Before a list marker in brackets at a line's start: "（1）", "> (2) "."""
_LIST_AFTER = re.compile(r"(?:[.、)]|\.\))\s|[)）、](?=[^\s\d.,])")
_YEAR_AFTER = re.compile(r"\s?(?:年|年代|s\b)")
_YEAR_BEFORE = re.compile(
    r"(?:in|since|by|until|from|of|circa|year|ISCA|NeurIPS|ICML|MICRO|HPCA|ASPLOS|SC|Hot Chips)"
    r"\s?$|[(（]$",
    re.IGNORECASE,
)
_MONTH_DAY_AFTER = re.compile(r"\s?(?:月|日|号)")
_MONTHS = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t|tember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
)
_MONTH_NAME_AFTER = re.compile(rf"\s(?:of\s)?{_MONTHS}(?![A-Za-z])")
_MONTH_NAME_BEFORE = re.compile(rf"(?<![A-Za-z]){_MONTHS}\s$")
_CONNECTOR_AFTER = re.compile(
    r"-pin(?![A-Za-z])|\+\d{1,2}\s?-?pin|\s?(?:针|pin)\s?(?:接口|供电|connector|插槽|金手指|SO-?DIMM|DIMM)",
    re.I,
)
"""A connector's pins: "an 8-pin connector", "8 pin 供电", "6+8pin", "260 针 SO-DIMM"."""
_DIFF_HUNK = re.compile(r"^\s*@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@")
"""A diff's hunk header, "@@ -41,12 +41,12 @@": the lines it changes."""
_CONTENTS = re.compile(r"^\s*(?:目录|目次|(?i:contents|table of contents))\s?[:：]")
"""A line listing a text's sections: "目录：1 基本信息　2 发展历程"."""
_CONTENTS_ITEM_AFTER = re.compile(r"[\s\u3000]{1,2}[^\d\s]")
_OF_COUNT_BEFORE = re.compile(
    r"(?<![A-Za-z])(?i:entry|entries|item|step|part|question|slide|page|chapter|episode)"
    r"\s\d{1,3}\s(?:of|/)\s$"
)
"""The total after a place in a sequence: the 11 of "changelog entry 4 of 11"."""
_AGE_BEFORE = re.compile(r"(?<![A-Za-z])(?i:turns|turned)\s$")
"""An anniversary: "GDDR3 turns 20"."""
_CALENDAR_SPAN_AFTER = re.compile(
    r"\s?(?:天|周|星期|个月|小时|分钟|(?i:(?:business\s)?days?|weeks?|months?|years?|hours?"
    r"|minutes?)(?![A-Za-z]))"
)
_CLOCK_TIME_AFTER = re.compile(r"\s?(?:[AaPp]\.?[Mm]\.?)(?![A-Za-z])")
"""A time of day: "until 2 PM", "at 9 a.m."."""
_ROOM_AFTER = re.compile(r"\s?(?:会议室|教室|实验室|房间|号楼|室(?![内外温]))")
"""A room's or a building's number: "B 座 402 会议室", "412 室"."""
_ROOM_BEFORE = re.compile(r"[A-Za-z\u4e00-\u9fff]\s?座\s?$")
"""A room's number after its building: "B 座 407"."""
_NUMBERED_LINE_AFTER = re.compile(r"\u3000")
"""An ideographic space after a line's first number: "7.1　v3.1 表 1 把…", a numbered item."""
_YEARS_AFTER = re.compile(r"\s?年(?!代|[前后底初中])")
"""年 after a small number: a span ("运行 8 年"), not a year ("2018 年")."""
_RATING_AFTER = re.compile(
    r"\s?(?:分(?![钟之位配区])|/\s?10(?!\d)|(?i:out of 10|points?|marks?)(?![A-Za-z]))"
)
_RATING_BEFORE = re.compile(
    r"满分\s?$|(?i:scored?|scores)\s?[:：]?\s?$|(?i:scores? (?:are|is) out of)\s$"
    r"|(?:得分|(?i:scored?|score))\s?[:：]?\s?\d{1,3}(?:\.\d)?\s?/\s?$"
)
"""A score: "满分 10 分", "8.5 分", "7/10", "scored 8.5 out of 10", the most of "得分 10/10"."""
_SCORED_LINE = re.compile(
    r"(?:打分|评分|得分|(?i:scores?|ratings?))[^。.;；\n]{0,12}?"
    r"(?:满分\s?(\d{1,3})|(?i:out of)\s(\d{1,3}))"
)
"""A line that gives scores out of a maximum: "综合打分（满分 10 分）：W7900 8.5、Orin 7.5"."""
SCORED_REACH = 160
"""How far after the scale of a line's scores its scores may stand."""


def _scored(line: str, number: TextNumber) -> bool:
    """True for a number no greater than the maximum of the scores its line gives before it."""
    start = number.column - 1
    scale = _SCORED_LINE.search(line, max(0, start - SCORED_REACH), start)
    if scale is None or scale.end() > start:
        return False
    top = Decimal(scale.group(1) or scale.group(2))
    return number.high is None and number.value <= top and number.digits != str(top)


_CONSTANT_DIVISOR_BEFORE = re.compile(
    r"(?:[÷/]|(?P<said>除以|(?i:divided by))|(?P<told>(?i:divide (?:it |them )?by)))\s{0,2}$"
)
"""A divisor: written (÷ 8), or said ("除以 2", "divide by 2": halving a sparse figure)."""
_CONVERSION_CONSTANTS = frozenset({"8", "1000", "1,000", "1024", "1,024", "100"})
_PREFIX_BASES = frozenset({"1000", "1,000", "1024", "1,024"})
_BASE_AFTER = re.compile(r"\s{0,2}(?:进制|换算|-based|based|as the base)", re.IGNORECASE)
_PREFIXED_TIMES_BEFORE = re.compile(r"\d\s{0,2}(?:[kKMGTP]i?B(?:/s)?\s{0,2})?[×x*]\s{0,2}$")
_PREFIXED_UNIT = re.compile(r"(?<![A-Za-z])[kKMGTP]i?B(?:/s)?(?![A-Za-z])")
"""'5.3 × 1024', '8 TB/s × 1,000': a number times the base of a unit prefix."""
_SUPERSCRIPT_POWER = re.compile(f"[{SUPERSCRIPT_DIGITS}]")
_URL = re.compile(r"https?://|www\.|arxiv:|doi:", re.IGNORECASE)
_ARXIV_ID = re.compile(r"\d{4}\.\d{4,5}(?:v\d+)?$")


_FOOTNOTE_BEFORE = re.compile(r"<sup>[\d,\s]*$|\[\^$", re.IGNORECASE)
_NOTE_BEFORE = re.compile(r"[\[［(（]\s?(?:注|脚注|注释|note|fn\.?)\s?$|[\[［]$", re.IGNORECASE)
_NOTE_AFTER = re.compile(r"\s?[\]］)）]")
"""A note's or a citation's mark: "[注2]", "（注 3）", "[12]", "(note 4)"."""
_HEADING_NUMBER = re.compile(r"\s{0,3}#{1,6}\s+(?:§\s?)?$")
_RUN_IN_HEADING = re.compile(r"\s{0,3}(?:[-*+]\s+)?(?:\*\*|__)(?:§\s?)?$")
_RUN_IN_TITLE = re.compile(r"\.?\s{1,2}[^\d*_|][^*_|]{0,60}?(?:\*\*|__)")
"""A bold title opening a paragraph, numbered like a section: "**1.1 峰值算力。**", "**5.1
为什么旧版写 48 TFLOPS？**"."""
_INDEX_BEFORE = re.compile(r"(?<![A-Za-z])[a-z]\s?=\s?$")
_COEFFICIENT_AFTER = re.compile(r"\s?[·*/]\s?[A-Za-z\u4e00-\u9fff(]|\s?[·]\s?\d")
_MONTH_DAY = r"(?<![\d.,/-])(?:1[0-2]|0?[1-9])-(?:3[01]|[12]\d|0?[1-9])"
_MONTH_DAY_TIME = re.compile(
    rf"{_MONTH_DAY}\s{{1,2}}[0-2]?\d[:：][0-5]\d(?!\d)"
    rf"|(?:创建|更新|日期|截止|关闭|到货|提交|发布|(?i:date|created|updated|due|closed))"
    rf"\s?[:：]?\s{{0,2}}{_MONTH_DAY}(?![\d-])"
)
"""A post's month, day and time of day ("12-10 21:07", "11-28 08：55"), or a month and day
a date's word leads ("创建：11-16")."""
_IN_A_TITLE = re.compile(r"《[^》]{0,38}$")
"""Inside the marks of a work's title, before its end: "《赛博朋克 2077》"."""
_MERGE_REQUEST_BEFORE = re.compile(r"(?<![\w!])!$")
"""GitLab's mark of a merge request before its number: "MR !118"."""
_THREAD_MARK = re.compile(POST_OPENING + r"(\d{1,2})/(\d{1,2})(?!\d)")
"""A thread's post numbered at the start of its line: "3/16 【RTX 2060】…"."""
THREAD_POSTS = 3
"""How many lines must open with a count of one total for the text to be a numbered thread."""
_ENUMERATION = re.compile(r"\d{1,2}(?:[–-]\d{1,2})?(?:\s?[·・]\s?\d{1,2}(?:[–-]\d{1,2})?){3,}")


_GLUED = re.compile(r"([\u4e00-\u9fff])(\d{1,2})(?=[\s:：，,。；;）)]|$)")
_AMOUNT_BEFORE = frozenset(
    "约共有为是达到至超近余多第每乘除加减和或及与等比仅才只的了在于以从按前后上下中内外间高低大小"
)
"""Characters a Chinese writer puts right before an amount ("约4", "共8"): no label."""
GLUED_LABELS = 3
"""How often a character must carry a number glued to it, two of them different, for the
text to number things by it ("包1 … 包2 … 包3")."""


def glued_labels(lines: Sequence[str]) -> frozenset[str]:
    """The Chinese characters a text numbers things by, the number glued on: the 包 of
    "包1 GPU 服务器", "包2 加速卡", "包3 终端" (three times or more, two numbers at least)."""
    seen: dict[str, list[str]] = {}
    for line in lines:
        for match in _GLUED.finditer(line):
            if match[1] not in _AMOUNT_BEFORE:
                seen.setdefault(match[1], []).append(match[2])
    return frozenset(
        char
        for char, numbers in seen.items()
        if len(numbers) >= GLUED_LABELS and len(set(numbers)) >= 2
    )


def thread_totals(lines: Sequence[str]) -> frozenset[int]:
    """The totals a text numbers its posts against: "1/16", "2/16", … opening at least
    `THREAD_POSTS` lines, each count within its total."""
    counts: dict[int, set[int]] = {}
    for line in lines:
        match = _THREAD_MARK.match(line)
        if match and 0 < int(match[1]) <= int(match[2]):
            counts.setdefault(int(match[2]), set()).add(int(match[1]))
    return frozenset(total for total, seen in counts.items() if len(seen) >= THREAD_POSTS)


def _of_a_thread_mark(line: str, number: TextNumber, threads: Collection[int]) -> bool:
    """True for either number of "k/n" where n is a thread's total and k within it."""
    if not threads or number.high is not None:
        return False
    start = number.column - 1
    fraction = re.fullmatch(r"\d/(\d{1,2})", number.literal.strip())
    if fraction:  # "4/16 的脊点", read as a fraction: the 4th post of 16
        return int(fraction[1]) in threads
    after = re.match(r"/(\d{1,2})(?![\d.,])", line[number.end : number.end + 4])
    if after and int(after[1]) in threads and 0 < number.value <= int(after[1]):
        return not (start and line[start - 1] in "0123456789.,")
    before = re.search(r"(?<![\d.,])(\d{1,2})/$", line[max(0, start - 3) : start])
    return bool(
        before
        and number.value == number.value.to_integral_value()
        and int(number.value) in threads
        and 0 < int(before[1]) <= int(number.value)
        and not re.match(r"[\d.,]", line[number.end : number.end + 1])
    )


def _in_currency(line: str, number: TextNumber) -> bool:
    """True for a number written with a currency: "$2,499", "¥6,500", "3299 元", "249 刀"."""
    start = number.column - 1
    return bool(
        _MONEY_BEFORE.search(line[max(0, start - _WINDOW) : start])
        or _MONEY_AFTER.match(line, number.end)
    )


def money(line: str, number: TextNumber) -> bool:
    """True for a sum of money: "$2,499", "¥6,500", "3299 元", "249 刀", "80 bucks", and
    a price said without its currency ("首发 3899", "MSRP 549")."""
    start = number.column - 1
    return not number.unit_text and (
        _in_currency(line, number)
        or (
            number.value >= 10 and bool(_PRICE_BEFORE.search(line[max(0, start - _WINDOW) : start]))
        )
    )


_CONFUSIONS = frozenset({"8", "10", "100", "1000", "1,000", "1024", "1,024"})
"""The factors a unit's slip makes (bits for bytes, a prefix, a decimal point): "差了
8 倍" is how far one figure is off, "差 2.6 倍" how two chips compare."""


def discrepancy(line: str, number: TextNumber) -> bool:
    """True for a percentage or a unit's slip by which two figures of one thing differ
    ("两种读法差 2.4%", "close within 2%", "差了 1000 倍", "多算了 8 倍", "off by 8x", "off by
    exactly 8"): no
    claim, where the catalog holds no comparison it states."""
    start = number.column - 1
    factor = number.digits in _CONFUSIONS and number.unit_text in ("x", "×", "倍", "")
    before = line[max(0, start - _WINDOW) : start]
    return (number.unit_text == "%" or factor) and bool(
        _DISCREPANCY_BEFORE.search(before) or (factor and _SLIPPED_BY.search(before))
    )


_COMPARED_BEFORE = re.compile(
    r"(?<![A-Za-z\d.,_-])\d[\d.,]*\s?(?:[A-Za-z/%]{1,8}\s?)?(?:≥|≤|>=|<=|⩾|⩽)\s{0,2}$"
)
"""A figure, then a comparison: the number after it is the bound the figure is checked
against ("Meets (94 ≥ 80)", "3,200 W ≤ 3,600 W"), no value of any hardware."""


def classify(
    line: str,
    number: TextNumber,
    index: int,
    names: Sequence[tuple[int, int]] = (),
    sections: Collection[str] = (),
    threads: Collection[int] = (),
    glued: Collection[str] = (),
) -> NonClaim | None:
    """Why `number` (the `index`-th on its plain `line`) states nothing, or None for a claim.

    `names` are the spans of names on the line (a number inside "RTX 4090" or "FP8" is
    part of a name); `sections` the section numbers the text refers to elsewhere;
    `threads` the totals its posts are numbered against ("3/16"); `glued` the characters
    it numbers things by ("包1").
    """
    start = number.column - 1
    if any(a <= start < b for a, b in names):
        return NonClaim.identifier
    if start and line[start - 1] in glued and not number.unit and _GLUED.match(line, start - 1):
        return NonClaim.identifier  # 包1, 包2: a thing numbered, not an amount
    if _FOOTNOTE_BEFORE.search(line[max(0, start - 40) : start]) or line.startswith(
        "[^", max(0, start - 2)
    ):
        return NonClaim.figure  # <sup>4,5</sup>, [^3]: footnote marks
    if (
        not number.unit_text
        and _NOTE_BEFORE.search(line[max(0, start - 8) : start])
        and _NOTE_AFTER.match(line, number.end)
    ):
        return NonClaim.figure  # [注2], [12]: a note's or a citation's mark
    before = line[max(0, start - _WINDOW) : start]
    after = line[number.end : number.end + _WINDOW]
    if _COMPARED_BEFORE.search(line[max(0, start - 32) : start]):
        return NonClaim.requirement  # "Meets (94 ≥ 80)": the bound a figure is checked against
    if not number.unit and (
        _METADATA_BEFORE.search(before) or _METADATA_AFTER.match(line, start + len(number.digits))
    ):
        return NonClaim.metadata  # 赞同 4,812 · 326 条评论: the page's, not the hardware's
    if before.endswith("#") or _MERGE_REQUEST_BEFORE.search(before):
        return NonClaim.identifier  # notes #14, issue #3, MR !118
    if _IN_A_TITLE.search(line[max(0, start - 40) : start]) and "》" in line[number.end :]:
        return NonClaim.identifier  # 《赛博朋克 2077》: a work's title
    hunk = _DIFF_HUNK.match(line)
    if hunk is not None and number.end <= hunk.end():
        return NonClaim.identifier  # @@ -41,12 +41,12 @@: a diff's line numbers
    if not number.unit and _CONTENTS.match(line) and _CONTENTS_ITEM_AFTER.match(line, number.end):
        return NonClaim.section  # 目录：1 基本信息　2 发展历程
    if not number.unit and _OF_COUNT_BEFORE.search(before):
        return NonClaim.identifier  # changelog entry 4 of 11
    if not number.unit and number.high is None and _FLOOR_AFTER.match(line, number.end):
        return NonClaim.list_marker  # 2楼: a post of a thread, by its floor
    if not number.unit and (
        (_EDIT_MARK.search(before) and re.match(r"\s?[:：]", line[number.end : number.end + 2]))
        or _CHOICE_BEFORE.search(before)
        or (_DEVICE_BEFORE.search(before) and number.value < 100)
    ):
        return NonClaim.identifier  # edit 2:, option 3, Device 0: a label, not an amount
    if not number.unit and _RELEASE_BEFORE.search(before):
        return NonClaim.identifier  # 驱动 550, Hot Chips 34, ISSCC 2023's session 2
    right_after = line[start + len(number.digits) : start + len(number.digits) + _WINDOW]
    has_unit = bool(number.unit_text)
    if ("^" in number.literal or _SUPERSCRIPT_POWER.search(number.literal)) and number.digits in (
        "2",
        "10",
    ):
        return NonClaim.constant  # 10^9, 2^30: a power of the base, said as a definition
    if not has_unit and _POWER_OF_TEN.fullmatch(number.literal.strip()):
        return NonClaim.constant  # / 1e3, * 1e12: a power of ten that scales a unit
    if number.value < 100 and (
        re.match(r":\d{1,2}(?!\d)", line[number.end : number.end + 4])
        or re.search(r"(?<![\w.,])\d{1,2}:$", before)
    ):
        return NonClaim.identifier  # 2:4 sparsity, 16:9: a ratio written as a label
    if index == 0 and _HEADING_NUMBER.match(line[:start]):
        return NonClaim.section  # ## 2. Peak throughput
    if (
        index == 0
        and not number.unit_text
        and _RUN_IN_HEADING.fullmatch(line[:start])
        and (_SECTION_SHAPE.fullmatch(number.digits) or line.startswith(".", number.end))
        and _RUN_IN_TITLE.match(line, number.end)
    ):
        return NonClaim.section  # **1.1 峰值算力。**: a numbered run-in heading
    if DATE.fullmatch(number.literal):
        return NonClaim.date
    if not has_unit and _of_a_thread_mark(line, number, threads):
        return NonClaim.list_marker  # 3/16, "4/16 的脊点": a post of a thread, or one cited
    if any(
        m.start() <= start < m.end()
        for m in _MONTH_DAY_TIME.finditer(line, max(0, start - 14), min(len(line), start + 16))
    ):
        return NonClaim.date  # 12-10 21:07: when a post was written
    token = line[max(0, start - 200) : start].rsplit(None, 1)[-1:]  # the word it ends
    if (token and _URL.search(token[0])) or _ARXIV_ID.fullmatch(number.digits):
        return NonClaim.identifier
    section_before = before.rstrip().endswith("§") or _SECTION_BEFORE.search(before)
    if section_before and (not has_unit or number.unit == ""):
        if before.rstrip().endswith("第") and _FIGURE_AFTER_ORDINAL.match(after):
            return NonClaim.figure
        return NonClaim.section
    if (
        not has_unit
        and _SECTION_SHAPE.fullmatch(number.digits)
        and _SECTION_SUFFIX.match(right_after)
    ):
        return NonClaim.section  # 3.2b
    if (
        _NAME_BEFORE.search(before)
        and not _NUMBER_BEFORE_DASH.search(before)
        and not _UNIT_THEN_SLASH.search(before)
    ):
        return NonClaim.identifier  # H100, v7, m16n8k16, sm_100, T-1
    if number.unit_text == "G" and _VARIANT_BEFORE.search(before):
        return NonClaim.identifier  # "3080 10G", "4060 Ti 16G": a variant's name
    if not has_unit and not number.powered and _NAME_AFTER.match(right_after):
        return NonClaim.identifier  # 3D, 4K, 5090X
    if (
        not has_unit
        and _in_currency(line, number)
        and (
            _TOTAL_BEFORE.search(line[max(0, start - 80) : start].rstrip("$€£¥ "))
            or _TOTAL_AFTER.match(line, number.end)
        )
    ):
        return NonClaim.expense  # = $9,336.00, a budget of $35,000: what an order costs
    option = _OPTION_BEFORE.search(before)
    if option is not None and (not has_unit or option["dashes"] == "--"):
        return NonClaim.identifier  # --iters 20, --size 4GiB: a command's argument
    if _PAGE_BEFORE.search(before) or (
        not has_unit and (_REFERENCE_BEFORE.search(before) or _LINE_BEFORE.search(before))
    ):
        return NonClaim.identifier  # page 12, Room 3.114, ext. 207, line 248
    if not has_unit and _LEADING_ZERO.fullmatch(number.digits):
        return NonClaim.identifier  # 0058, 0142: a leading zero numbers no amount
    window = max(0, start - 20)
    if any(
        m.start() <= start < m.end()
        for m in _PHONE.finditer(line, window, min(len(line), number.end + 20))
    ):
        return NonClaim.identifier  # +1 555 0142
    if number.unit == "bit" and (
        _QUANTIZED_AFTER.match(line, number.end)
        or (
            number.value <= 8  # "at 192-bit" is a bus
            and _QUANTIZED_BEFORE.search(before)
            and _CLAUSE_END.match(line, number.end)
        )
    ):
        return NonClaim.identifier  # 4-bit models, "fine at 8-bit": a quantisation's width
    if (number.unit == "bit" and _FORMAT_AFTER.match(line, number.end)) or (
        not has_unit and _BITS_FORMAT_AFTER.match(line, number.end)
    ):
        return NonClaim.identifier  # 16-bit peak, 8 位整数: the name of a number format
    if _FIGURE_BEFORE.search(before) or (not has_unit and _FIGURE_PART_BEFORE.search(before)):
        return NonClaim.figure
    if _ORDINAL_AFTER.match(right_after) and not has_unit:
        return NonClaim.ordinal
    if index == 0 and _LIST_MARKER.fullmatch(line[:start]) and _LIST_AFTER.match(right_after):
        return NonClaim.list_marker
    if (
        index == 0
        and not has_unit
        and number.digits.isdigit()
        and len(number.digits) <= 2
        and _BRACKETED_MARKER.fullmatch(line[:start])
        and re.match(r"[)）]\s?[^\s*|]", right_after)
    ):
        return NonClaim.list_marker  # （1）RX 5600 XT 的…
    if not has_unit and _MONTH_DAY_AFTER.match(right_after):
        return NonClaim.date
    if (
        not has_unit
        and number.value <= 31
        and (_MONTH_NAME_AFTER.match(right_after) or _MONTH_NAME_BEFORE.search(before))
    ):
        return NonClaim.date  # 2 December 2026, Dec. 2
    if not has_unit and (
        _RATING_AFTER.match(line, start + len(number.digits))
        or _RATING_BEFORE.search(before)
        or _scored(line, number)
    ):
        return NonClaim.rating  # 8.5 分, 7/10: a reviewer's score
    if not has_unit and (_CLOCK_TIME_AFTER.match(right_after) and number.value <= 12):
        return NonClaim.date  # until 2 PM
    if not has_unit and (_ROOM_AFTER.match(right_after) or _ROOM_BEFORE.search(before)):
        return NonClaim.identifier  # 402 会议室, B 座 407
    if not has_unit and _CONNECTOR_AFTER.match(line, number.end):
        return NonClaim.identifier  # an 8-pin connector
    if not has_unit and number.value < 100 and _AGE_BEFORE.search(before):
        return NonClaim.date  # GDDR3 turns 20
    if (
        index == 0
        and not has_unit
        and not line[:start].strip()
        and _SECTION_SHAPE.fullmatch(number.digits)
        and _NUMBERED_LINE_AFTER.match(line, number.end)
    ):
        return NonClaim.section  # 7.1　(an ideographic space) the item's text
    if not has_unit and (
        _CALENDAR_SPAN_AFTER.match(right_after)
        or (number.value < 100 and _YEARS_AFTER.match(right_after))
    ):
        return NonClaim.date  # "stayed in the text for 26 days": when, not what hardware is
    if (
        not has_unit
        and re.fullmatch(r"(?:19[7-9]\d|20[0-3]\d)", number.digits)
        and (
            _YEAR_AFTER.match(right_after)
            or _YEAR_BEFORE.search(before)
            or not (re.search(r"[×÷=*/+]\s*$", before) or re.match(r"\s*[×÷=≈*/]", after))
        )
    ):
        return NonClaim.year  # not "1979 ÷ 4": an operand
    if _SECTION_SHAPE.fullmatch(number.digits) and (
        (not has_unit and _SECTION_AFTER.match(right_after)) or number.unit_text in ("条", "款")
    ):
        return NonClaim.section  # 3.4 那张图, 3.1 说的, 5.2 条 (a clause of a document)
    for match in _ENUMERATION.finditer(line, max(0, start - 40), number.end + 40):
        if match.start() <= start < match.end():
            return NonClaim.list_marker  # 0 · 1 · 2 · 3: an enumeration of labels
    if not has_unit and _INDEX_BEFORE.search(before) and number.value < 10:
        return NonClaim.identifier  # k=0, n=1: an index, not a value
    if not has_unit and number.value <= 16 and _COEFFICIENT_AFTER.match(right_after):
        return NonClaim.constant  # 2·M·N·K, 1/M
    if (
        not has_unit
        and number.digits in sections
        and number.high is None
        and not re.match(r"\s?[×x÷/*倍%]", right_after)
    ):
        return NonClaim.section  # a section number this text refers to elsewhere
    if number.digits in _PREFIX_BASES and _BASE_AFTER.match(right_after):
        return NonClaim.constant  # 1024 进制, base 1024: how a prefix is read
    if (
        not has_unit
        and number.digits in _PREFIX_BASES
        and _PREFIXED_TIMES_BEFORE.search(before)
        and _PREFIXED_UNIT.search(line, max(0, start - 40), start)
    ):
        return NonClaim.constant  # 5.3 TB/s read as 5.3 × 1024 GB/s: a prefix's base
    divisor = _CONSTANT_DIVISOR_BEFORE.search(before) if not has_unit else None
    if divisor and number.digits in _CONVERSION_CONSTANTS and not divisor["told"]:
        return NonClaim.constant  # ÷ 8 (bits per byte), / 1000 (a prefix)
    if divisor and number.digits == "2" and (divisor["said"] or divisor["told"]):
        return NonClaim.constant  # 稠密算力须除以 2: halving, of no quantity
    if (
        not has_unit
        and "." in number.digits
        and (_VERSION_BEFORE.search(before) or _DOTTED_AFTER.match(line, number.end))
    ):
        return NonClaim.identifier  # PCIe 4.0, CUDA 12.4, compute capability 8.0, 2.1.0
    if _defines_a_unit(line, number):
        return NonClaim.constant  # 1 TB/s = 1,000 GB/s, 1 亿 ＝ 10⁸: what a unit means
    if _DEFINITION_AFTER.match(right_after) or (
        _DEFINITION_BEFORE.search(before) and (number.unit or _BITS_AFTER.match(right_after))
    ):
        return NonClaim.constant  # 8 bits per byte; a KB means 1,024 bytes; 每字节 8 位
    if (
        not has_unit
        and number.digits == "8"
        and _BYTES_TIMES_BEFORE.search(before)
        and _BITS_LATER.search(line, number.end, number.end + 40)
    ):
        return NonClaim.constant  # 5,300 GB/s × 8 ÷ 8,192 bit: bytes made bits
    if (
        (not has_unit or number.unit_text in ("×", "x"))  # "× 2 × 频率": read as 2×
        and number.digits == "2"
        and (_TIMES_BEFORE.search(before) or _TIMES_AFTER.match(right_after))
    ):
        near = line[max(0, start - 80) : number.end + 80]
        throughput = _FLOP_WORDS.search(near) or _FORMAT_WORDS.search(near)
        if (
            throughput and (_MAC_WORDS.search(near) or _CLOCK_WORDS.search(near))
        ) or _CLOCK_OPERAND_AFTER.match(line, number.end):
            return NonClaim.constant  # MACs × 2 × clock = FLOP/s: two FLOP per MAC
        if _BARE_CLOCK_AFTER.match(line, number.end) and (
            _FLOP_WORDS.search(near) or _CLOCK_WORDS.search(near)
        ):
            return NonClaim.constant  # 8704 × 2 × 1.71 ≈ 29767 GFLOPS: the clock in GHz, bare
    if (
        number.value == 2
        and number.unit in ("FLOP", "FLOP/MAC")
        and (_FLOP_PER_MAC_BEFORE.search(before) or _PER_MAC_AFTER.match(line, number.end))
    ):
        return NonClaim.constant  # × 2 FLOP: two FLOP per multiply-accumulate
    if (
        number.value == 2
        and _PER_MAC_BEFORE.search(line[max(0, start - 40) : start])
        and _OPERATIONS.match(right_after.lstrip(" 个次"))
    ):
        return NonClaim.constant  # 每次乘加算 2 个 FLOP, each MAC is 2 FLOP: a definition
    return None


_HYPOTHETICAL = re.compile(
    r"假设|假如|比如|例如|举个.{0,4}例子|打个比方|设想|不妨|如果一个|玩具|假想|虚构|即使|就算|哪怕"
    r"|小练习|(?<![A-Za-z])(?i:quick exercise|as an exercise)"
    r"|suppose|assume|imagine|for example|for instance|e\.g\.|say,|toy|hypothetical"
    r"|made[- ]up|fictional|imaginary|even if"
    r"|back[- ]of[- ](?:the[- ])?envelope|粗算|毛估"
    r"|(?:一个|(?<![A-Za-z])an?)\s{0,2}\d[\d.,]*[-\s]{0,2}(?:B|亿|billion)[- ]?(?:个)?"
    r"(?:参数|parameters?|params?)?(?:的)?(?:[- ][A-Za-z0-9]{1,8}){0,2}[- ]?[\u4e00-\u9fff]{0,3}"
    r"(?:模型|model)",
    re.IGNORECASE,
)


def hypothetical(sentence: str) -> bool:
    """True for a sentence that sets up a made-up example rather than stating a fact."""
    return _HYPOTHETICAL.search(sentence) is not None


_EXERCISES = re.compile(
    r"习题|练习|思考题|课后题|作业题|\b(?:exercises?|problems?|problem set|quiz)\b", re.IGNORECASE
)
_ANSWERS = re.compile(
    r"(?:参考)?答案|解答|\b(?:solutions?|answers?|worked answers?)\b", re.IGNORECASE
)


def of_exercises(heading: str, *, set_anywhere: bool = True) -> bool:
    """True for a heading over exercises or their answers ("习题", "### 答案", "Exercises"):
    their numbers are the exercises' own unless the catalog backs them. An answer is an
    exercise's only where the text sets exercises (`set_anywhere`): "Answer 1 — accepted"
    in a question-and-answer thread answers about real hardware."""
    if _EXERCISES.search(heading):
        return True
    return set_anywhere and _ANSWERS.search(heading) is not None


def sets_exercises(headings: Iterable[str]) -> bool:
    """True when one of a text's headings sets exercises ("Problem 2", "习题")."""
    return any(_EXERCISES.search(heading) for heading in headings)


_EQUALS_BEFORE = re.compile(r"\s{0,2}[=＝≈]\s{0,2}$")
_EQUALS_AFTER = re.compile(r"\s{0,2}[=＝≈]\s{0,2}(?=\d)")
_DEFINED_SPAN = 40
"""How far either side of "=" the other number of a unit's definition may stand."""
_DEFINED_STEPS = 3
"""How many "=" or "≈" back a unit's definition may go ("1 GiB = 2³⁰ B ≈ 1.074 GB")."""


def _defines_a_unit(line: str, number: TextNumber) -> bool:
    """True for either side of "1 TB/s = 1,000 GB/s", "1 GiB ＝ 2³⁰ 字节 ≈ 1.074 GB" or
    "1 亿 ＝ 10⁸": a unit (or a scale word) said in another, exactly or to the digits
    written.

    Only the few characters around the "=" are read again, so a line of a thousand
    numbers costs a thousand short looks, not a thousand reads of the line.
    """
    from derive.text.numbers import numbers_in_line

    if number.digits == "1" and (equals := _EQUALS_AFTER.match(line, number.end)):
        after = list(numbers_in_line(line[equals.end() : equals.end() + _DEFINED_SPAN], 0))
        if after and after[0].column == 1 and _defined(number, after[0]):
            return True
    start = number.column - 1
    for _ in range(_DEFINED_STEPS):  # back along "= … ≈ …" to the "1 X" it defines
        if not _EQUALS_BEFORE.search(line, max(0, start - 4), start):
            return False
        low = max(0, start - _DEFINED_SPAN)
        window = line[low:start]
        before = list(numbers_in_line(window, 0))
        if not before or not _EQUALS_BEFORE.fullmatch(window[before[-1].end :]):
            return False
        if before[-1].digits == "1":
            return _defined(before[-1], number)
        start = low + before[-1].column - 1
    return False


def _defined(one: TextNumber, other: TextNumber) -> bool:
    """True when `other` states what `one` ("1 GiB", "1 亿") is, to its written digits."""
    if one.digits != "1":
        return False
    if not one.unit and not other.unit:
        return one.value != 1 and one.value == other.value  # 1 亿 = 10⁸
    if not (one.unit and other.unit and one.unit != other.unit):
        return False
    try:
        scale = float(factor(one.unit, other.unit)) * float(one.value)
    except UnitError:
        return False
    return other.low_bound <= scale <= other.high_bound or abs(scale - float(other.value)) <= (
        1e-9 * float(other.value)
    )
