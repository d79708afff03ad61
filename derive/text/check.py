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

import re
from bisect import bisect_left, bisect_right
from collections import Counter, deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from derive.text.arithmetic import align, chains
from derive.text.document import Block, read_document
from derive.text.judge import Judgement, Verdict, interval_for, judge, plausible
from derive.text.known import CatalogView
from derive.text.lexicon import Mention, subject_mentions
from derive.text.nonclaims import NonClaim, classify, hypothetical
from derive.text.numbers import TextNumber, numbers_in_line
from derive.text.resolve import (
    BY_VALUE,
    FIRM_QUANTITY,
    Candidate,
    Context,
    Echo,
    candidates,
    compatible,
    subject_evidence,
    tied,
    wide,
)
from schema.errors import FactsError

WINDOW = 240
"""Characters either side of a number whose words can speak of it."""
PASSAGE = ((-1, 0.3), (-2, 0.2), (-3, 0.15), (1, 0.2), (2, 0.1))
"""The lines around a line whose words also speak of its numbers, and how much."""
MAIN_SUBJECTS = 4
CARRIED = 4
"""How many subjects of earlier lines are carried forward, most recent first."""
NEAR = 1 / 3
"""Values within this factor of a number are the ones it could be confused with."""
STRONG_QUANTITY = 1.0
"""Quantity evidence (a label near the number) that a value may confirm without more."""
COINCIDENCE = 0.15
"""The most chance of a coincidence at which a value may settle pairs whose words tie."""
Decision = tuple[Verdict, "Candidate | None", "Judgement | None", str, tuple[str, ...]]
"""A verdict, the pair chosen, its judgement, why, and the tied pairs when unresolved."""
ECHOES = 40
ECHO_LINES = 10
"""A bare number repeating a claim of the last few lines is about the same pair."""
MAX_TEXT = 20_000_000
"""The longest text checked, in characters: a bound, not a size any real text reaches."""


class TextTooLarge(FactsError, ValueError):
    """A text longer than the checker reads."""


@dataclass(frozen=True, slots=True)
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


def _shifted(number: TextNumber, offset: int) -> TextNumber:
    if not offset:
        return number
    return replace(number, column=number.column + offset, end=number.end + offset)


def _pair(candidate: Candidate) -> tuple[str, str]:
    return (candidate.subject, candidate.quantity)


def _decide(
    view: CatalogView, number: TextNumber, found: Sequence[Candidate], sentence: str
) -> Decision:
    """(verdict, the pair chosen, its judgement, why, the tied candidates if unresolved)."""
    if not found:
        why = "no subject and quantity of the catalog named near it"
        return Verdict.unresolved, None, None, why, ()
    group = tied(found)
    if group[0].quantity_score <= BY_VALUE:
        settled = _settled_by_value(view, number, found)
        if settled is not None:
            return settled
    if group[0].quantity_score <= BY_VALUE:  # nothing but the value points at any pair
        group = [c for c in found if c.quantity_score <= BY_VALUE]
    judged = _judged(view, number, group)
    if len(group) == 1 and group[0].quantity_score > BY_VALUE:
        top, judgement = judged[0]
        if judgement is None:
            return Verdict.unresolved, top, None, top.why(), ()
        if top.firm and judgement.verdict is Verdict.mismatched:
            other = _firm_agreeing(view, number, found)
            if other is not None:
                return other
        if top.firm and plausible(judgement):
            return judgement.verdict, top, judgement, top.why(), ()
        if judgement.verdict is not Verdict.mismatched and (
            top.quantity_score >= STRONG_QUANTITY
            or _coincidence(view, number, group) <= COINCIDENCE
        ):
            why = f"{top.why()} (tentative: the value agrees)"
            return judgement.verdict, top, judgement, why, ()
        if (
            _diagnosed(judgement)
            and top.local_quantity >= FIRM_QUANTITY
            and not _round_in_hardware(number)
        ):
            return judgement.verdict, top, judgement, f"{top.why()} (tentative)", ()
        group = wide(found)  # the words' best pair does not fit: let the value look wider
        judged = _judged(view, number, group)
        if len(group) == 1:
            settled = _settled_by_value(view, number, found)
            if settled is not None:
                return settled
            shown = judgement.known.shown() if judgement.known else "its value"
            why = (
                f"perhaps {top.subject} {top.quantity} ({top.why()}), but the words are "
                f"not enough to call {shown} a contradiction"
            )
            return Verdict.unresolved, None, None, why, (f"{top.subject}:{top.quantity}",)
    names = tuple(f"{c.subject}:{c.quantity}" for c in group)
    chance = _coincidence(view, number, group)
    for wanted in (Verdict.matched, Verdict.alternative, Verdict.superseded):
        agreeing = [(c, j) for c, j in judged if j is not None and j.verdict is wanted]
        if not agreeing or len({c.quantity for c, _ in agreeing}) != 1:
            continue
        labelled = all(c.local_quantity >= STRONG_QUANTITY for c, _ in agreeing)
        if chance <= COINCIDENCE or labelled:
            # One quantity; several subjects holding the same value: the best named one.
            chosen, judgement = max(agreeing, key=lambda cj: cj[0].score)
            others = len({_pair(c) for c, _ in agreeing}) - 1
            also = f", and the same for {others} other subject(s)" if others else ""
            why = (
                f"{chosen.why()} (its value agrees with 1 of {len(group)} pairs its words "
                f"name{also})"
            )
            return wanted, chosen, judgement, why, ()
    diagnosed = [
        (c, j)
        for c, j in judged
        if j is not None and _diagnosed(j) and c.local_quantity >= FIRM_QUANTITY
    ]
    if len(diagnosed) == 1 and diagnosed[0][0].firm and not _round_in_hardware(number):
        chosen, judgement = diagnosed[0]
        return Verdict.mismatched, chosen, judgement, chosen.why(), ()
    settled = _settled_by_value(view, number, found)
    if settled is not None:
        return settled
    why = f"its words name {len(group)} pairs equally well and no value settles it"
    return Verdict.unresolved, None, None, why, names


def _firm_agreeing(
    view: CatalogView, number: TextNumber, found: Sequence[Candidate]
) -> Decision | None:
    """Another pair the words name as firmly (within the wide margin) that the value fits.

    "192 GB (186 GB visible)" under an "HBM capacity" row: the row names the capacity,
    "visible" the visible capacity, and 186 GB is the one it agrees with.
    """
    firm = [c for c in wide(found)[1:] if c.firm]
    agreeing = []
    for candidate in firm:
        judgement = _judge_pair(view, number, (candidate.subject, candidate.quantity))
        if judgement is not None and judgement.verdict is not Verdict.mismatched:
            agreeing.append((candidate, judgement))
    if len({_pair(c) for c, _ in agreeing}) != 1:
        return None
    chosen, judgement = agreeing[0]
    why = f"{chosen.why()} (the words name it too, and its value agrees)"
    return judgement.verdict, chosen, judgement, why, ()


def _settled_by_value(
    view: CatalogView, number: TextNumber, found: Sequence[Candidate]
) -> Decision | None:
    """Among every pair the words allow, the one quantity whose value the number states.

    Only for a number whose digits are unlikely to meet one of these values by chance
    (`_coincidence` over all of them); pairs of one quantity with the same value for
    several subjects go to the subject the words name best.
    """
    if _coincidence(view, number, found) > COINCIDENCE:
        return None
    judged = _judged(view, number, found)
    for wanted in (Verdict.matched, Verdict.alternative, Verdict.superseded):
        agreeing = [(c, j) for c, j in judged if j is not None and j.verdict is wanted]
        if agreeing and len({c.quantity for c, _ in agreeing}) == 1:
            chosen, judgement = max(agreeing, key=lambda cj: cj[0].subject_score)
            why = (
                f"{chosen.why()} (its value agrees with {chosen.quantity} and no other of the "
                f"{len(found)} pairs the words allow)"
            )
            return wanted, chosen, judgement, why, ()
    return None


_CORRECTION = re.compile(
    r"已废|作废|废弃|弃用|更正|纠正|勘误|撤回|改成|改为|不再用|retract|supersed|correct(?:ed|ion)"
    r"|withdr[ae]wn?|no longer|dropped|replaced",
    re.IGNORECASE,
)
_ERROR = re.compile(
    r"错法|错误|算错|写错|弄错|错了|搞错|误算|mistake|wrong|error|incorrect|off by", re.IGNORECASE
)


def _told_wrong(
    view: CatalogView, number: TextNumber, found: Sequence[Candidate], words: str
) -> Decision | None:
    """A number the text itself calls dropped or wrong, tied by what the catalog records.

    Where the words speak of a correction, the candidates' superseded and withdrawn
    values are the ones to compare (one must agree); where they speak of an error, a
    candidate the number misses by a cause the numbers show (×2, ×8, 1.024ⁿ, 1000ⁿ),
    if only one does.
    """
    if _CORRECTION.search(words):
        subjects = {c.subject for c in found}
        old = [
            (subject, quantity)
            for (subject, quantity), values in view.values.items()
            if subject in subjects and any(v.status in ("superseded", "withdrawn") for v in values)
        ]
        agreeing = []
        for pair in old:
            judgement = _judge_pair(view, number, pair)
            if judgement is not None and judgement.verdict is Verdict.superseded:
                agreeing.append((pair, judgement))
        if len(agreeing) == 1:
            (subject, quantity), judgement = agreeing[0]
            best = max((c for c in found if c.subject == subject), key=lambda c: c.subject_score)
            why = (
                f"{best.subject_why}; the text speaks of a correction, and {quantity} had "
                "this value"
            )
            chosen = Candidate(subject, quantity, best.subject_score, 0.5, best.subject_why, why)
            return Verdict.superseded, chosen, judgement, why, ()
    if _ERROR.search(words) and number.unit and not _round_in_hardware(number):
        explained = []
        for candidate in tied(found):
            judgement = _judge_pair(view, number, (candidate.subject, candidate.quantity))
            if judgement is not None and _diagnosed(judgement):
                explained.append((candidate, judgement))
        if len(explained) == 1:
            candidate, judgement = explained[0]
            why = f"{candidate.why()}; the text speaks of an error, and only this value explains it"
            return Verdict.mismatched, candidate, judgement, why, ()
    return None


def _computed(
    view: CatalogView,
    block: Block,
    numbers: Sequence[TextNumber],
    mentions: Sequence[Mention],
    context: Context,
) -> dict[int, Decision]:
    """The numbers of a line's written computations that a derivation of the catalog explains."""
    if not view.computations:
        return {}

    def agrees(number: TextNumber, pair: tuple[str, str]) -> bool:
        judgement = _judge_pair(view, number, pair)
        return judgement is not None and judgement.verdict is not Verdict.mismatched

    def fits(number: TextNumber, pair: tuple[str, str]) -> bool:
        unit = view.quantities[pair[1]].unit
        return not number.unit or (number.unit == "" and unit == "") or compatible(number, unit)

    decided: dict[int, Decision] = {}
    for chain in chains(block.text, numbers):
        where = numbers[chain.operands[0][0]].column - 1
        named = subject_evidence(view, block, where, mentions, context)

        def prefer(subject: str, named: dict[str, tuple[float, str]] = named) -> float:
            return named.get(subject, (0.0, ""))[0]

        for aligned in align(chain, numbers, view.computations, agrees, fits, prefer):
            number = numbers[aligned.index]
            judgement = _judge_pair(view, number, aligned.pair)
            if judgement is None or not plausible(judgement):
                continue
            subject, quantity = aligned.pair
            chosen = Candidate(subject, quantity, 1.0, 1.0, aligned.why, "its place in it", 1.0)
            decided[aligned.index] = (judgement.verdict, chosen, judgement, aligned.why, ())
    return decided


_JUDGED_MAX = 200_000
"""Judgements kept per catalog view: numbers repeat, and so do the pairs they meet."""


def _judge_pair(view: CatalogView, number: TextNumber, pair: tuple[str, str]) -> Judgement | None:
    """The verdict on `number` about `pair`, remembered for the same number and pair."""
    key = (number.value, number.high, number.resolution, number.unit, number.approx, pair)
    cache = view.judgements
    if key in cache:
        remembered: Judgement | None = cache[key]
        return remembered
    values = view.pair(*pair)
    found = judge(number, values, count=view.quantities[pair[1]].count) if values else None
    if len(cache) >= _JUDGED_MAX:
        cache.clear()
    cache[key] = found
    return found


def _judged(
    view: CatalogView, number: TextNumber, group: Sequence[Candidate]
) -> list[tuple[Candidate, Judgement | None]]:
    return [(c, _judge_pair(view, number, (c.subject, c.quantity))) for c in group]


def _coincidence(view: CatalogView, number: TextNumber, group: Sequence[Candidate]) -> float:
    """How likely one of `group`'s values falls in the number's interval by chance.

    The number's relative precision times how many of the values lie within a factor
    of three of it: a one-digit count can never pick among pairs, a four-digit one can.
    """
    value = abs(float(number.value))
    if value == 0:
        return 1.0
    width = float(number.high_bound - number.low_bound) / value
    if _round_in_hardware(number):
        width = max(width, 0.5)
    near = 0
    for candidate in group:
        for known in view.pair(candidate.subject, candidate.quantity):
            interval = interval_for(number, known)
            if interval and known.value and NEAR <= abs(known.value / interval.value) <= 1 / NEAR:
                near += 1
    return width * max(near, 1)


def _round_in_hardware(number: TextNumber) -> bool:
    """A power of two counted or sized in binary units: common to many quantities at once.

    128 lanes, 256 rows, 1024 bits, 64 MiB: such a number says little by its digits.
    """
    value = number.value
    if value != value.to_integral_value() or value <= 0:
        return False
    whole = int(value)
    binary = number.unit in (None, "", "bit", "B") or (number.unit or "").startswith(
        ("Ki", "Mi", "Gi", "Ti")
    )
    return binary and whole & (whole - 1) == 0


def _diagnosed(judgement: Judgement) -> bool:
    cause = judgement.cause or ""
    return judgement.verdict is Verdict.mismatched and cause.startswith(("a factor", "binary"))


def _main_subjects(named: Counter[str]) -> tuple[str, ...]:
    """The subjects a text names most: at least a quarter as often as the first, and 3 times."""
    if not named:
        return ()
    top = named.most_common(1)[0][1]
    return tuple(s for s, n in named.most_common(MAIN_SUBJECTS) if n >= max(3, top / 4))


def name_spans(mentions: Sequence[Mention]) -> list[tuple[int, int]]:
    """The spans of names with digits in them (RTX 4090, FP8, L2): their digits name."""
    return [(m.start, m.end) for m in mentions if any(c.isdigit() for c in m.term)]


def _section_numbers(read: Sequence[tuple[Block, list[Mention]]]) -> frozenset[str]:
    """The dotted section numbers a text refers to unmistakably somewhere (§3.4, 3.2 那张图)."""
    found: set[str] = set()
    for block, mentions in read:
        names = name_spans(mentions)
        for index, number in enumerate(numbers_in_line(block.text, block.line)):
            if "." not in number.digits:
                continue
            start = number.column - 1
            near = names[
                bisect_left(names, (start - WINDOW, 0)) : bisect_right(names, (start + 1, 0))
            ]
            if classify(block.text, number, index, near) is NonClaim.section:
                found.add(number.digits)
    return frozenset(found)


def _blocks_with_context(
    view: CatalogView, text: str
) -> Iterator[tuple[Block, list[Mention], Context]]:
    read = [(block, view.lexicon.mentions(block.text)) for block in read_document(text)]
    counted: Counter[str] = Counter(
        sense.id for _, mentions in read for _, sense in subject_mentions(mentions)
    )
    main = _main_subjects(counted)
    sections = _section_numbers(read)
    carried: tuple[str, ...] = ()
    columns: list[str] = []
    heading: tuple[str, ...] = ()
    paragraphs = [i for i, (block, _) in enumerate(read) if block.cell is None]
    place = {index: rank for rank, index in enumerate(paragraphs)}
    for index, (block, mentions) in enumerate(read):
        named = [sense.id for _, sense in subject_mentions(mentions)]
        nearby: list[tuple[float, Mention]] = []
        rank = place.get(index)
        following: list[str] = []
        if rank is not None:
            for offset, closeness in PASSAGE:
                other = rank + offset
                if 0 <= other < len(paragraphs):
                    nearby.extend((closeness, m) for m in read[paragraphs[other]][1])
                    if offset > 0:
                        following += [
                            sense.id for _, sense in subject_mentions(read[paragraphs[other]][1])
                        ]
        if block.heading:
            heading = tuple(dict.fromkeys(named))
            carried = heading
        before = read[paragraphs[rank - 1]][0].text if rank else ""
        yield (
            block,
            mentions,
            Context(
                carried,
                heading,
                tuple(nearby),
                main,
                sections,
                tuple(dict.fromkeys(following)),
                before,
            ),
        )
        if block.cell is not None:
            if block.cell.in_header:
                columns = [*columns, *named] if not block.cell.is_row_header else named
                named = []
            elif block.cell.is_row_header:
                named = [*columns, *named]  # a table's row speaks of its columns' subjects
            else:
                named = []
        if not block.heading and named:
            carried = tuple(dict.fromkeys([*reversed(named), *carried]))[:CARRIED]


def check_text(text: str, view: CatalogView, file: str = "") -> TextReport:
    """Every number of `text` with its verdict against the catalog `view`."""
    if len(text) > MAX_TEXT:
        raise TextTooLarge(
            f"{file or 'the text'} has {len(text):,} characters; at most {MAX_TEXT:,} are read"
        )
    results: list[CheckedNumber] = []
    recent: deque[Echo] = deque(maxlen=ECHOES)
    for block, mentions, context in _blocks_with_context(view, text):
        numbers = list(numbers_in_line(block.text, block.line))
        spans = [(n.column - 1, n.end) for n in numbers]
        named_spans = name_spans(mentions)
        starts = [m.start for m in mentions]
        computed = _computed(view, block, numbers, mentions, context)
        for index, found in enumerate(numbers):
            number = _shifted(found, block.offset)
            start = found.column - 1
            low, high = block.sentence(start)
            sentence = block.text[low:high].strip()
            names_near = named_spans[
                bisect_left(named_spans, (start - WINDOW, 0)) : bisect_right(
                    named_spans, (start + 1, 0)
                )
            ]
            kind = classify(block.text, found, index, names_near, context.sections)
            if kind is NonClaim.constant and index in computed:
                kind = None  # "÷ 8" in a computation the catalog knows: a bandwidth, not bits
            if kind is not None:
                results.append(
                    CheckedNumber(file, number, Verdict.non_claim, kind, context=sentence)
                )
                continue
            echoes = [e for e in recent if block.line - e.line <= ECHO_LINES]
            low_at = bisect_left(starts, start - WINDOW)
            high_at = bisect_right(starts, found.end + WINDOW)
            near = mentions[low_at:high_at]
            near_spans = spans[
                bisect_left(spans, (start - WINDOW, 0)) : bisect_right(
                    spans, (found.end + WINDOW, 0)
                )
            ]
            pairs = candidates(view, block, found, start, near, context, near_spans, echoes)
            if index in computed:
                verdict, chosen, judgement, why, names = computed[index]
            else:
                verdict, chosen, judgement, why, names = _decide(view, found, pairs, sentence)
                if verdict is Verdict.unresolved:
                    told = _told_wrong(view, found, pairs, f"{context.before}\n{sentence}")
                    if told is not None:
                        verdict, chosen, judgement, why, names = told
            if found.unit:
                resolved = chosen is not None and verdict is not Verdict.unresolved
                recent.append(
                    Echo(
                        found.digits,
                        found.literal,
                        block.line,
                        found.unit,
                        found.unit_text,
                        chosen.subject if resolved and chosen else None,
                        chosen.quantity if resolved and chosen else None,
                    )
                )
            if verdict is Verdict.unresolved and hypothetical(sentence):
                results.append(
                    CheckedNumber(
                        file,
                        number,
                        Verdict.non_claim,
                        NonClaim.illustrative,
                        why="a made-up example, and nothing in the catalog is named",
                        context=sentence,
                    )
                )
                continue
            results.append(
                CheckedNumber(
                    file,
                    number,
                    verdict,
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
    return TextReport(file, tuple(results))
