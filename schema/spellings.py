"""How units are written, declared once: the prefixes, the units' symbols and every other
spelling of them, on spec sheets, in prose and in a data file's keys.

What a unit *is* (its dimension, its factor to the others) is the registry's
definitions file, `units.txt`; the registry (`schema.units`) defines its prefixes from
`PREFIXES` and reads its allow-list from the rest. The prose checker (`derive.text`)
builds its patterns from the same tables, so a spelling the registry accepts is one the
number finder reads, and the other way round (`tests/test_spellings.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True, slots=True)
class Prefix:
    """A unit prefix: its symbol (and any other symbol), its name, its factor radix**power."""

    symbol: str
    name: str
    radix: int
    power: int
    others: tuple[str, ...] = ()

    @property
    def factor(self) -> Fraction:
        """The exact factor the prefix multiplies by."""
        return Fraction(self.radix) ** self.power

    @property
    def definition(self) -> str:
        """The prefix in the registry's syntax: `kilo- = 1e3 = k-`, `kibi- = 2**10 = Ki-`."""
        value = f"1e{self.power}" if self.radix == 10 else f"{self.radix}**{self.power}"
        symbols = (f"{symbol}-" for symbol in (self.symbol, *self.others))
        return " = ".join((f"{self.name}-", value, *symbols))


PREFIXES = (
    Prefix("k", "kilo", 10, 3),
    Prefix("M", "mega", 10, 6),
    Prefix("G", "giga", 10, 9),
    Prefix("T", "tera", 10, 12),
    Prefix("P", "peta", 10, 15),
    Prefix("E", "exa", 10, 18),
    Prefix("m", "milli", 10, -3),
    Prefix("u", "micro", 10, -6, others=("µ",)),
    Prefix("n", "nano", 10, -9),
    Prefix("Ki", "kibi", 2, 10),
    Prefix("Mi", "mebi", 2, 20),
    Prefix("Gi", "gibi", 2, 30),
    Prefix("Ti", "tebi", 2, 40),
    Prefix("Pi", "pebi", 2, 50),
)
"""Every prefix a unit may carry: SI, then binary."""
PREFIX_SYMBOLS = tuple(symbol for p in PREFIXES for symbol in (p.symbol, *p.others))
"""Every prefix as written before a unit's symbol (µ and u both micro)."""
MULTIPLES = tuple(
    p.symbol for p in sorted(PREFIXES, key=lambda p: p.factor) if p.radix == 10 and p.power > 0
)
"""The decimal prefixes that multiply, each the next one's 1000th: k, M, G, T, P, E."""
BINARY = tuple(p.symbol for p in PREFIXES if p.radix == 2)
"""The binary prefixes, each the next one's 1024th: Ki, Mi, Gi, Ti, Pi."""
BINARY_OF = {
    decimal.symbol: binary.symbol
    for decimal in PREFIXES
    for binary in PREFIXES
    if (decimal.radix, binary.radix) == (10, 2) and decimal.power * 10 == binary.power * 3 > 0
}
"""A multiple's binary counterpart, the same step up: k → Ki (1000 → 1024), M → Mi."""
UPPER_KILO = "K"
"""Spec sheets' kilo before bytes: KB is kB, KB/s kB/s (KiB stays kibibytes)."""
SPELLED = ("k", "M", "G", "T", "P")
"""The prefixes prose spells out before a unit's name: kilobyte to petaflop."""


@dataclass(frozen=True, slots=True)
class Unit:
    """How one unit of the registry is written, besides its symbol with any prefix."""

    symbol: str
    words: tuple[str, ...] = ()  # other words for it alone, read as the symbol: bytes
    rates: tuple[str, ...] = ()  # spec sheets' spelling of it per second: (T)FLOPS, (G)bps
    prose: tuple[str, ...] = ()  # the prefixes prose puts on the symbol ("" bare; () none)
    over: tuple[str, ...] = ()  # the units prose writes it over: FLOP/s, FLOP/B
    per_watt: bool = False  # its rate written per watt in prose: "0.72 TFLOPS/W"

    @property
    def plural(self) -> str | None:
        """The symbol with an s, when that is one of its words ("1,024 bits")."""
        return self.symbol + "s" if self.symbol + "s" in self.words else None


_MULTIPLIED = ("", *MULTIPLES)
UNITS = (
    Unit(
        "bit",
        words=("bits",),
        rates=("bps", "b/s"),
        prose=("", "k", "M", "G", "T", "P"),
        over=("s",),
    ),
    Unit("B", words=("byte", "bytes"), prose=(*_MULTIPLIED, UPPER_KILO, *BINARY), over=("s",)),
    Unit("FLOP", rates=("FLOPS",), prose=_MULTIPLIED, over=("s", "B", "cycle"), per_watt=True),
    Unit("MAC", prose=("",), over=("cycle",)),
    Unit("OP", rates=("OPS",), prose=_MULTIPLIED, over=("s", "B", "cycle"), per_watt=True),
    Unit("cycle", words=("cycles",)),
    # transfers, only with a prefix (a bare T reads as tera); "32 GT/s" in prose is read
    # by the words around it, not as a unit (reading it changes what the checker finds)
    Unit("T"),
    Unit("s", words=("sec",), prose=("m", "µ", "n")),  # not "us", an English word
    Unit("Hz", prose=("", "k", "M", "G")),
    Unit("W", prose=("", "k", "M")),
)
"""The units of the registry's definitions, each with any prefix; % apart."""
SYMBOLS = tuple(unit.symbol for unit in UNITS)
WORDS = {word: unit.symbol for unit in UNITS for word in unit.words}
"""Another word for a unit alone → its symbol: bytes is B."""
RATES = {rate: f"{unit.symbol}/s" for unit in UNITS for rate in unit.rates}
"""A spec sheet's spelling of a whole rate → the unit per second: FLOPS is FLOP/s."""

NAMES = {"hertz": "Hz", "byte": "B", "bit": "bit", "flop": "FLOP/s", "op": "OP/s", "-op": "OP/s"}
"""A unit's name after a spelled-out prefix (`SPELLED`): "1,695 megahertz", "24 gigabytes",
"19.5 gigabits", "35.6 teraflops" and "26 tera-ops" (rates, as prose says them)."""
SPELLED_OUT = {
    prefix.name + name: prefix.symbol + unit
    for prefix in PREFIXES
    if prefix.symbol in SPELLED
    for name, unit in NAMES.items()
}
"""Each unit's name after each prefix spelled out → the unit: gigabyte is GB."""
PER = {"byte": "B", "cycle": "cycle", "clock": "cycle", "second": "s", "watt": "W"}
"""A unit named after "per" or "a": "185 FLOP per byte", "131,072 MACs per cycle", "936
gigabytes a second"."""
PROSE = {
    "B/周期/SM": "B/cycle",
    "B/周期": "B/cycle",
    "次乘加/拍": "MAC/cycle",
    "MAC/周期": "MAC/cycle",
    "MAC/拍": "MAC/cycle",
    "次乘加/周期": "MAC/cycle",
    "FLOP/byte": "FLOP/B",
    "FLOP/周期": "FLOP/cycle",
    "FLOPs/byte": "FLOP/B",
    "个周期": "cycle",
    "周期": "cycle",
    "拍": "cycle",
    "次乘加": "MAC",
    "次浮点运算": "FLOP",
    "次运算": "OP",
    "operations": "OP",
    "operation": "OP",
    "ops": "OP",
    "毫秒": "ms",
    "微秒": "µs",
    "纳秒": "ns",
    "秒钟": "s",
    "秒": "s",
    "字节": "B",
    "bytes/s": "B/s",
    "MAC": "MAC",  # "131,072 MACs": the symbol with an s, which the registry does not read
    "GbE": "Gbit/s",  # "24 × 200GbE", "400 GbE 端口": an Ethernet port's rate
    "Gb": "Gbit",  # "8Gb 颗粒", "8 Gb parts": a die's density in bits
    "Mb": "Mbit",
    "watt": "W",
    "kilowatt": "kW",
    "milliwatt": "mW",
    "gigs": "GB",  # "24 gigs of GDDR6X", "936 gigs a second"
    "megs": "MB",
    "gigabits per pin": "Gbit/s",  # a pin's rate, its "per second" left unsaid
    "gigabit per pin": "Gbit/s",
    "Gbit per pin": "Gbit/s",
    "Gb per pin": "Gbit/s",
}
"""Units as prose writes them in words, English and Chinese, besides `WORDS` and the
spelled-out `NAMES` (a final s of a plural is read too)."""
BEFORE_CHINESE = {"G": "GB"}
"""Units prose writes only before Chinese: "16G 显存", "24G 的 GDDR5", a capacity said the
Chinese way ("5G" or "4G LTE" in English is no size)."""
ADJECTIVES = {"gig": "GB", "meg": "MB"}
"""Units said only as an adjective's second half, or before the thing they size: "a 16-gig
module", "the 8 gig card" (a "1.1 gig" clock is no gigabyte)."""

KEY_PREFIXES = ("Ki", "Mi", "Gi", "Ti", "k", "M", "G", "T", "P")
"""The prefixes of a data file's key, in lower case: `_mhz` is MHz (m mega, never milli)."""
KEY_UNITS = {"hz": "Hz", "b": "B", "w": "W", "watts": "W", "flops": "FLOP/s", "ops": "OP/s"}
"""A data file key's last part, in lower case → its unit: `boost_mhz`, `bf16_tflops`;
not `_gbps`, gigabits in one file and gigabytes in the next."""
