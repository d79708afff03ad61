"""Check every number of a text against the catalog: find, classify, resolve, judge.

`check_text` walks the text's blocks in reading order, carrying the subjects of
earlier lines forward, and gives every number a verdict with the words that
decided it (SPEC "Claim"). A firm resolution is judged as it stands; a tentative
one (subject only carried forward, or several pairs whose words tie) is reported
only when the values confirm it, or when they differ by a cause the numbers show
(×2, ×8, 1.024ⁿ, 1000ⁿ); otherwise the number is unresolved, never matched by
coincidence.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter, deque
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from decimal import Decimal

from derive.errors import TextTooLarge
from derive.text.arithmetic import doublings, quotient_units
from derive.text.context import WINDOW, Read, around, blocks_with_context
from derive.text.decide import (
    CONVERSION,
    computed,
    contrasted,
    counterpart,
    decide,
    divisor,
    named_wrongly,
    rates_of_timed_work,
    repeated,
    restated,
    side_by_side,
    speaks_of,
    told_wrong,
    worked_for_one_subject,
)
from derive.text.document import Block
from derive.text.judge import Judgement
from derive.text.known import CatalogView, KnownValue
from derive.text.lexicon import subject_mentions
from derive.text.nonclaims import NonClaim, classify, discrepancy, hypothetical
from derive.text.numbers import TextNumber, numbers_in_line
from derive.text.outside import a_price, of_a_workload, timing_work, units_of_a_product
from derive.text.qualifiers import in_a_qualified_pair, other_than_the_figure
from derive.text.resolve import (
    Context,
    Echo,
    candidates,
    held_dimension,
    model_names,
    scaled,
    spaced_models,
    takes_time,
)
from derive.text.respective import (
    compared_units,
    respective,
    respective_labels,
    shared_units,
    slashed_header_terms,
)
from derive.text.verdict import AGREEING, Verdict
from schema.refs import Ref
from schema.units import use_catalog_units

CONTEXT = 100
"""Characters of a number's sentence either side of it that are kept and searched."""
ECHOES = 40
ECHO_LINES = 10
"""A bare number repeating a claim of the last few lines is about the same pair."""
_TABLE_BEFORE = re.compile(
    r"上面(?:那|这)?(?:张|个)?表|上表|前面(?:那|的)?(?:张)?表|(?:那|这)张表里"
    r"|(?i:(?:the|that) table above|the above table|(?:the|that) earlier table)"
)
"""Words that point back at a table: its figures, repeated bare, mean what they meant
there, however many lines ago ("代价就在上面那张表里：21 掉到 16.8")."""
MAX_TEXT = 20_000_000
"""The longest text checked, in characters: a bound, not a size any real text reaches."""
MAX_NUMBERS = 50_000
"""The most numbers a text may hold: each costs about half a millisecond to judge, and
a 1 MB article holds some 10,000–45,000; a file of nothing but numbers is refused."""
_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckedNumber:
    """One number of a text and what the catalog says of it."""

    file: str
    number: TextNumber
    verdict: Verdict
    non_claim: NonClaim | None = None
    subject: str | None = None
    quantity: str | None = None
    judgement: Judgement | None = None
    why: str = ""
    firm: bool = False
    candidates: tuple[str, ...] = ()
    context: str = ""  # the sentence around the number
    pinned: bool = False  # judged by a reviewed ledger entry
    drift: str | None = None  # the pinned value changed in the catalog since
    accepted: str | None = None  # the ledger's reason for quoting it on purpose

    @property
    def is_claim(self) -> bool:
        """True for a number that states something (every verdict but non-claim)."""
        return self.verdict is not Verdict.non_claim

    @property
    def known(self) -> KnownValue | None:
        """The catalog's value the number was judged against, if any."""
        return self.judgement.known if self.judgement is not None else None

    def as_json(self) -> dict[str, object]:
        """This number and its verdict as JSON-ready data: where it is, what the catalog
        holds for it, and the words that decided."""
        judgement, known = self.judgement, self.known
        fix = judgement.correction if judgement else None
        return {
            "line": self.number.line,
            "column": self.number.column,
            "number": self.number.literal,
            "verdict": self.verdict.value,
            "non_claim": self.non_claim.value if self.non_claim else None,
            "subject": self.subject,
            "quantity": self.quantity,
            "ref": known.ref if known else None,
            "kind": known.kind.value if known else None,
            "value": known.shown() if known else None,
            "correction": fix.ref if fix else None,
            "correction_value": fix.shown() if fix else None,
            "correction_date": fix.date if fix else None,
            "difference": judgement.difference if judgement else None,
            "cause": judgement.cause if judgement else None,
            "rounded": judgement.rounded if judgement else False,
            "why": self.why,
            "firm": self.firm,
            "candidates": list(self.candidates),
            "pinned": self.pinned,
            "drift": self.drift,
            "accepted": self.accepted,
        }


@dataclass(frozen=True, slots=True)
class TextReport:
    """Every number of a text with its verdict."""

    file: str
    results: tuple[CheckedNumber, ...]

    def count(self, verdict: Verdict) -> int:
        """How many numbers have this verdict."""
        return sum(1 for r in self.results if r.verdict is verdict)

    def counts(self) -> dict[str, int]:
        """The number of results per verdict, every verdict present."""
        found = Counter(r.verdict.value for r in self.results)
        return {v.value: found.get(v.value, 0) for v in Verdict}

    def as_json(self, shown: Collection[Verdict] | None = None) -> dict[str, object]:
        """The report as JSON-ready data: the file, how many numbers it holds and how many
        of each verdict, and the results whose verdict is `shown` (all when None)."""
        data: dict[str, object] = {"file": self.file, "numbers": len(self.results)}
        data.update(self.counts())
        data["results"] = [r.as_json() for r in self.results if shown is None or r.verdict in shown]
        return data


ROW_NUMBER_EXTRA = 4
"""How much more than its number a cell of a numbering column may hold ("1(a)", "#12."):
an "Item" column of products' names ("Radeon RX 580 8GB") numbers nothing."""


def _header_subjects(context: Context) -> set[str]:
    """The subjects a table cell's row and column headers name."""
    return {sense.id for _, sense in subject_mentions((*context.row_terms, *context.column_terms))}


def _off_the_headers(view: CatalogView, context: Context, subject: str) -> str | None:
    """The subjects a table cell's headers name, when `subject` is none of theirs (nor of
    their families): "| A770 | 约 275* |" is the A770's figure, whatever else is 275. A
    memory standard a header names may be the memory of the chip the cell is about
    ("| HBM3e（片外） | 8.0 TB/s |"): it takes no figure away."""
    named = {s for s in _header_subjects(context) if view.subjects[s].kind != "memory-standard"}
    if not named or view.family(subject) & {m for s in named for m in view.family(s)}:
        return None
    return ", ".join(sorted(named))


def _taken_from(
    view: CatalogView, block: Block, start: int, subject: str, judgement: Judgement
) -> str | None:
    """The model an old value of `subject` was taken from by mistake, as its note says
    ("Read by mistake from the e75 column"), when the sentence names that model before the
    number: the number is that model's figure, not a quote of the old value. The subject's
    own names (and its family's) are no other model."""
    note = judgement.known.note if judgement.known else None
    if not note:
        return None
    own = {
        name
        for member in view.family(subject)
        for written in view.subjects[member].names()
        for name in model_names(written)
    }
    before = block.text[block.sentence(start)[0] : start]
    taken = (model_names(note) & model_names(before)) - own
    return min(taken) if taken else None


BILLION = Decimal(10) ** 9
"""What a lone "B" after a count's digits stands for."""


def _shifted(number: TextNumber, offset: int) -> TextNumber:
    if not offset:
        return number
    return replace(number, column=number.column + offset, end=number.end + offset)


def _shares_a_number(first: str, second: str) -> bool:
    """True when `second` writes again one of the numbers of `first`."""

    def written(text: str) -> set[str]:  # not the digits of a name (A100, MI300X)
        return {
            n.digits
            for n in numbers_in_line(text, 0)
            if n.column < 2 or not text[n.column - 2].isalnum()
        }

    return bool(written(first) & written(second))


_COMPUTED_AFTER = re.compile(r"\s?[×x*÷=＝]")


_MODEL_DETERMINER = re.compile(
    r"(?<![A-Za-z])(?i:the|a|an|that|this|plain|same|my|our|your|their)\s{1,2}$|[这那]\s?[张块款台]\s?$"
)
"""What stands before a model number said alone: "the 3090", "这张 3090"."""


def _of_a_model(view: CatalogView, read: Read, number: TextNumber) -> bool:
    """True for a bare number that is a model's, written after a space ("Max 1550" of the
    catalog's product line, "昇腾 910", "RTX 4090" of an acronym naming nothing the
    catalog knows), not a value."""
    if number.unit:
        return False
    text, start = read.block.text, number.column - 1
    if number.digits in view.model_digits and _MODEL_DETERMINER.search(
        text, max(0, start - 12), start
    ):
        return True  # "the plain 3090", "that's the 3090's number": the model, said alone
    for model in spaced_models(view, text, max(0, start - 14), number.end):
        if model.number != start:
            continue
        if model.of_a_line:
            return True
        return not _COMPUTED_AFTER.match(text, number.end) and not any(
            m.start < model.number and model.name < m.end  # "每 SM 128 个": a catalog word
            for m in read.terms_around(model.name - 16, model.number)
        )
    return False


def check_text(text: str, view: CatalogView, file: str = "") -> TextReport:
    """Every number of `text` with its verdict against the catalog `view`."""
    if len(text) > MAX_TEXT:
        raise TextTooLarge(
            f"{file or 'the text'} has {len(text):,} characters; at most {MAX_TEXT:,} are read"
        )
    held = sum(1 for _ in itertools.islice(_DIGITS.finditer(text), MAX_NUMBERS + 1))
    if held > MAX_NUMBERS:
        raise TextTooLarge(
            f"{file or 'the text'} holds more than {MAX_NUMBERS:,} numbers; at most "
            f"{MAX_NUMBERS:,} are checked (split it, or check its prose apart from its data)"
        )
    use_catalog_units(view.units)  # its numbers are read in this catalog's units, no other's
    results: list[CheckedNumber] = []
    recent: deque[Echo] = deque(maxlen=ECHOES)
    tabled: deque[Echo] = deque(maxlen=ECHOES)  # the figures of the last table read
    in_table = False
    for read in blocks_with_context(view, text):
        line_start = len(results)
        block, numbers, context = read.block, read.numbers, read.context
        if block.cell is not None and not in_table:
            tabled.clear()  # a new table: a sentence pointing back means this one
        in_table = block.cell is not None
        back_to_table = block.cell is None and _TABLE_BEFORE.search(block.text) is not None
        spans = [(n.column - 1, n.end) for n in numbers]
        written = computed(view, read)
        listed = respective(block, numbers, read.mentions)
        others_labels = respective_labels(block, numbers, read.mentions)
        slashed = slashed_header_terms(block, numbers, context.row_terms)
        terms_of_chains = {index for chain in read.chains for index in chain.places()}
        unit_of_list = compared_units(numbers, block) | shared_units(numbers, block.text)
        divided = quotient_units(read.chains, numbers)
        timed = timing_work(view, read)
        worked = worked_for_one_subject(view, read)
        rates = rates_of_timed_work(view, read)
        flags: dict[tuple[int, int], tuple[bool, bool, bool, bool]] = {}
        # the end and pair of the last claim, and its number
        last: tuple[int, tuple[str, str], TextNumber] | None = None

        def cues(
            span: tuple[int, int],
            flags: dict[tuple[int, int], tuple[bool, bool, bool, bool]] = flags,
            text: str = block.text,
            before: str = context.before,
            sentence_of: Callable[[int], tuple[int, int]] = block.sentence,
            names_subject: Callable[[tuple[int, int]], bool] = read.names_subject,
        ) -> tuple[bool, bool, bool, bool]:
            """What a sentence speaks of: a correction, an error, a made-up example; and
            whether it follows one."""
            if span not in flags:
                words = text[span[0] : span[1]]
                correction, error = speaks_of(f"{before}\n{words}")
                made_up, follows = hypothetical(words), False
                if not made_up and span[0]:
                    # a made-up example goes on in the next sentence that names nothing,
                    # or that works with its numbers ("4 GB …. On an MI300X, 4 ÷ 5,300")
                    previous = text[sentence_of(span[0] - 1)[0] : span[0]]
                    follows = hypothetical(previous)
                    made_up = follows and (
                        not names_subject(span) or _shares_a_number(previous, words)
                    )
                flags[span] = (correction, error, made_up, follows)
            return flags[span]

        for index, found in enumerate(numbers):
            number = _shifted(found, block.offset)
            start = found.column - 1
            low, high = block.sentence(start)
            sentence = block.text[
                max(low, start - CONTEXT) : min(high, found.end + CONTEXT)
            ].strip()
            names_near = around(read.names, start - WINDOW, start + 1)
            kind = classify(
                block.text,
                found,
                index,
                names_near,
                context.sections,
                context.threads,
                context.glued,
            )
            if kind is NonClaim.year and block.cell is not None and block.cell.header_unit():
                kind = None  # "| INT8（TOPS） | 1979 |": a value in the header's unit
            if (
                kind is None
                and block.cell is not None
                and block.cell.numbers_rows()
                and len(block.text.strip()) <= len(found.literal) + ROW_NUMBER_EXTRA
            ):
                kind = NonClaim.list_marker  # the "#" column of a table, "3", "1(a)", "Q2."
            if kind is None and block.cell is not None and block.cell.holds_scores():
                kind = NonClaim.rating  # the "Marks" column of a marking scheme
            if kind is None and _of_a_model(view, read, found):
                kind = NonClaim.identifier  # "Max 1550", "昇腾 910": a model's number
            if kind is None and of_a_workload(view, read, found):
                kind = NonClaim.workload  # "13 billion parameters" of no catalog quantity
            if kind is None and a_price(view, read, found):
                kind = NonClaim.expense  # "$2,499", "¥6,500": what it costs, not what it is
            if written.get(index) is CONVERSION:
                kind = NonClaim.constant  # "× 8" bytes made bits in a computation read
            elif kind is NonClaim.constant and index in written:
                kind = None  # "÷ 8" in a computation the catalog knows: a bandwidth, not bits
            if kind is not None:
                results.append(
                    CheckedNumber(
                        file=file,
                        number=number,
                        verdict=Verdict.non_claim,
                        non_claim=kind,
                        context=sentence,
                    )
                )
                continue
            if index in unit_of_list:  # "80 and 192 GB": the list's unit
                found = unit_of_list[index]
                number = _shifted(found, block.offset)
            if found.unit is None and block.cell is not None:
                scale = block.cell.header_scale()
                if scale is not None:  # "| 晶体管（亿） | 52 |": 52 × 10⁸
                    found = replace(found.times(scale), unit="")
                    number = _shifted(found, block.offset)
                given = block.cell.header_unit()
                if given is not None:  # "Memory bandwidth (GB/s)": the header's unit
                    found = replace(found, unit=given[0], unit_text=given[1])
                    number = _shifted(found, block.offset)
            echoes = [e for e in recent if block.line - e.line <= ECHO_LINES]
            if back_to_table:  # "代价就在上面那张表里：21 掉到 16.8": the table's figures
                echoes += [e for e in tabled if e not in echoes]
            near = read.near_with_line_subject(start - WINDOW, found.end + WINDOW)
            if index in others_labels:  # "… of dense BF16 and FP8, respectively"
                near = [m for m in near if m.start not in others_labels[index]]
            near_spans = around(spans, start - WINDOW, found.end + WINDOW)
            own_context = context
            if index in slashed:  # "| base / boost | 1,200 / 1,455 MHz |": its own part
                own_context = replace(context, row_terms=slashed[index])
            pairs = candidates(
                view, block, found, start, near, own_context, near_spans, echoes, listed.get(index)
            )
            if found.unit_text == "B" and not any(c.labelled_here for c in pairs[:1]):
                # "10.8B transistors", "| Transistors | 17.2 B |": billions of a count
                # its label names, not bytes
                counted = replace(found.times(BILLION), unit="", unit_text="billion")
                read_so = candidates(
                    view, block, counted, start, near, context, near_spans, echoes, None
                )
                if (
                    read_so
                    and read_so[0].labelled_here
                    and view.quantities[read_so[0].quantity].count
                ):
                    found, pairs = counted, read_so
                    number = _shifted(found, block.offset)
            if index in written:
                verdict, chosen, judgement, why, names = written[index]
            else:
                verdict, chosen, judgement, why, names = decide(view, found, pairs, sentence)
                if verdict is Verdict.unresolved and last is not None and last[0] <= start:
                    again = restated(view, found, block.text[last[0] : start], last[1], last[2])
                    if again is None:
                        spoken = [s for _, s in context.named]  # the sentence's, the text's
                        again = side_by_side(
                            view,
                            found,
                            block.text[last[0] : start],
                            last[1],
                            [*spoken, *context.main],
                        )
                    if again is None:
                        named = frozenset(  # the subjects named since that claim
                            sense.id
                            for m in read.terms_around(last[0], start)
                            for sense in m.senses
                            if sense.target == "subject"
                        )
                        again = counterpart(view, found, names, last[1], named)
                    if again is None and not in_a_qualified_pair(block.text, start, found.end):
                        again = divisor(
                            view,
                            found,
                            block.text[last[0] : start],
                            last[1],
                            divided.get(index),
                        )
                    if again is not None:
                        verdict, chosen, judgement, why, names = again
                if index in worked and (
                    verdict is Verdict.unresolved
                    or (verdict is Verdict.mismatched and found.unit is None)
                ):  # the computation's numbers agree one by one: more than a bare mismatch
                    verdict, chosen, judgement, why, names = worked[index]
                elif index in rates and verdict is Verdict.unresolved:
                    verdict, chosen, judgement, why, names = rates[index]
                if verdict is Verdict.unresolved:
                    told = told_wrong(view, found, pairs, cues((low, high))[:2])
                    if told is not None:
                        verdict, chosen, judgement, why, names = told
                elif verdict in AGREEING and chosen is not None and index not in terms_of_chains:
                    wrongly = named_wrongly(view, found, pairs, chosen, cues((low, high))[:2])
                    if wrongly is not None:  # "把 71 TFLOPS 当成了 FP32 峰值"
                        verdict, chosen, judgement, why, names = wrongly
            if block.cell is not None and chosen is not None and verdict is not Verdict.unresolved:
                header = _off_the_headers(view, context, chosen.subject)
                if header is not None:  # the cell's headers name another subject
                    why = f"the cell's headers name {header}, which hold no such value"
                    verdict, chosen, judgement, names = Verdict.unresolved, None, None, ()
            model = (
                _taken_from(view, block, start, chosen.subject, judgement)
                if verdict is Verdict.superseded
                and chosen is not None
                and judgement
                and not any(cues((low, high))[:2])  # a correction explains the old value
                else None
            )
            if model is not None and chosen is not None:  # "e75：96 核" beside the e150's old 96
                why = f"the {model}'s figure, which the catalog once took for {chosen.subject}'s"
                verdict, chosen, judgement, names = Verdict.unresolved, None, None, ()
            instead = (
                other_than_the_figure(view, block, start, spans, chosen.quantity)
                if verdict is Verdict.mismatched and chosen is not None
                else None
            )
            if instead is not None and chosen is not None:  # a total, a setting, a part
                why = f"perhaps {chosen.subject} {chosen.quantity}, but it is {instead}"
                verdict, chosen, judgement, names = Verdict.unresolved, None, None, ()
            if chosen is not None and verdict is not Verdict.unresolved:
                last = (found.end, (chosen.subject, chosen.quantity), found)
            known = judgement.known if judgement is not None else None
            if not found.unit and index in written and chosen and known and known.written_unit:
                # a bare number a written computation resolved: a later repeat means it
                recent.append(
                    Echo(
                        digits=found.digits,
                        literal=found.literal,
                        line=block.line,
                        unit=known.written_unit,
                        unit_text=known.written_unit,
                        subject=chosen.subject,
                        quantity=chosen.quantity,
                    )
                )
            elif (
                found.unit
                or scaled(found)
                or (found.unit == "" and chosen is not None and verdict is not Verdict.unresolved)
            ):  # "24 个张量处理簇" resolved: a later bare 24 may be either it or another 24
                resolved = chosen is not None and verdict is not Verdict.unresolved
                echo = Echo(
                    digits=found.digits,
                    literal=found.literal,
                    line=block.line,
                    unit=found.unit or "",
                    unit_text=found.unit_text,
                    subject=chosen.subject if resolved and chosen else None,
                    quantity=chosen.quantity if resolved and chosen else None,
                )
                recent.append(echo)
                if block.cell is not None and resolved:
                    tabled.append(echo)
            late = None  # what an unresolved number turns out to state nothing of
            if verdict is Verdict.unresolved and units_of_a_product(read, found):
                late = NonClaim.fleet  # "64 Tesla K80 boards": how many someone has
            elif verdict is Verdict.unresolved and discrepancy(block.text, found):
                late = NonClaim.discrepancy  # "两种读法差 2.4%": how far two figures part
            if late is not None:
                results.append(
                    CheckedNumber(
                        file=file,
                        number=number,
                        verdict=Verdict.non_claim,
                        non_claim=late,
                        context=sentence,
                    )
                )
                continue
            _, _, made_up, follows = cues((low, high))
            # under a heading that announces a made-up example ("A toy decode step"), a
            # number the catalog does not back is the example's
            # exercises on chips they name ("| GeForce GTX 1660 Ti | 24 SMs | 64 |", "The
            # RTX 3080 has 4 Tensor Cores per SM") state the chips' figures, not made-up ones
            made_up = made_up or (
                context.made_up
                and not (
                    context.exercises
                    and (read.names_subject((low, high)) or bool(_header_subjects(context)))
                )
            )
            # "假设某卡 … 颗粒跑 32 Gbps", "suppose the B200 ran at 2.2 GHz": a made-up
            # figure is no error of the catalog's
            example = verdict in (Verdict.unresolved, Verdict.mismatched, Verdict.superseded)
            if example and (
                made_up
                or (follows and takes_time(found.unit) and not held_dimension(view, found.unit))
                or (verdict is Verdict.unresolved and index in timed)
            ):  # how long the example's work takes, where the catalog holds no time
                results.append(
                    CheckedNumber(
                        file=file,
                        number=number,
                        verdict=Verdict.non_claim,
                        non_claim=NonClaim.illustrative,
                        why="a made-up example, and nothing in the catalog is named",
                        context=sentence,
                    )
                )
                continue
            results.append(
                CheckedNumber(
                    file=file,
                    number=number,
                    verdict=verdict,
                    subject=chosen.subject
                    if chosen and verdict is not Verdict.unresolved
                    else None,
                    quantity=chosen.quantity
                    if chosen and verdict is not Verdict.unresolved
                    else None,
                    judgement=judgement,
                    why=why,
                    firm=bool(chosen and chosen.firm),
                    candidates=names,
                    context=sentence,
                )
            )
        _settle_repeats(view, results, line_start)
        _settle_doublings(read, results, line_start)
        _settle_contrasts(view, read, results, line_start)
    return TextReport(file, tuple(results))


def _settle_contrasts(
    view: CatalogView, read: Read, results: list[CheckedNumber], first: int
) -> None:
    """Tie each number left unresolved that replaces a claim next to it, or that a claim
    next to it replaces ("512 GB/s, not 484", "864 GB/s (not 960)", "不是 18，是 19.5
    Gbps"), to that claim's pair (`decide.contrasted`)."""
    text, numbers = read.block.text, read.numbers
    for index, number in enumerate(numbers):
        held = results[first + index]
        if held.verdict is not Verdict.unresolved:
            continue
        for other in (index + 1, index - 1):
            if not 0 <= other < len(numbers):
                continue
            claim = results[first + other]
            if claim.subject is None or claim.quantity is None or not claim.is_claim:
                continue
            near = numbers[other]
            earlier, later = (number, near) if other > index else (near, number)
            found = contrasted(
                view,
                number,
                text[earlier.end : later.column - 1],
                (claim.subject, claim.quantity),
                before_first=text[: earlier.column - 1],
            )
            if found is None:
                continue
            verdict, chosen, judgement, why, _ = found
            results[first + index] = replace(
                held,
                verdict=verdict,
                subject=chosen.subject if chosen else None,
                quantity=chosen.quantity if chosen else None,
                judgement=judgement,
                why=why,
                candidates=(),
            )
            break


def _settle_doublings(read: Read, results: list[CheckedNumber], first: int) -> None:
    """Make a constant of each bare 2 left unresolved that a written computation of claims
    multiplies by (`arithmetic.doublings`): "5888 × 2 × 1.725 ≈ 20.31"."""
    claims = {
        index
        for index, result in enumerate(results[first:])
        if result.is_claim and result.verdict is not Verdict.unresolved
    }
    for chain in read.chains:
        for index in doublings(chain, read.numbers, claims):
            held = results[first + index]
            if held.verdict is Verdict.unresolved:
                results[first + index] = CheckedNumber(
                    file=held.file,
                    number=held.number,
                    verdict=Verdict.non_claim,
                    non_claim=NonClaim.constant,
                    context=held.context,
                )


def _settle_repeats(view: CatalogView, results: list[CheckedNumber], first: int) -> None:
    """Unresolved numbers of one line (`results[first:]`) whose words tie them to pairs,
    one of which the same digits on the line agree with, take that pair if they agree."""
    resolved: dict[str, set[str]] = {}
    for result in results[first:]:
        if result.verdict in AGREEING and result.subject and result.quantity:
            pair = str(Ref(result.subject, result.quantity))
            resolved.setdefault(result.number.digits, set()).add(pair)
    if not resolved:
        return
    for index in range(first, len(results)):
        result = results[index]
        if result.verdict is not Verdict.unresolved or not result.candidates:
            continue
        pairs = resolved.get(result.number.digits, set()) & set(result.candidates)
        if len(pairs) != 1:
            continue
        subject, quantity = Ref.parse(pairs.pop()).pair()
        decision = repeated(view, result.number, (subject, quantity), result.candidates)
        if decision is not None:
            verdict, chosen, judgement, why, _ = decision
            results[index] = replace(
                result,
                verdict=verdict,
                subject=subject,
                quantity=quantity,
                judgement=judgement,
                why=why,
                firm=bool(chosen and chosen.firm),
                candidates=(),
            )
