"""Decide a claim's verdict from its candidate pairs: firm words, values that settle, causes.

A firm resolution (subject named in the sentence or table, quantity labelled near
the number) is judged as it stands, unless its value is implausibly far from the
pair's (then the value may look among the other pairs the words name). A tentative
one is reported only when a value confirms it and a coincidence is unlikely, when
the numbers show a cause, or where the text itself speaks of a correction or an
error. Judgements are remembered per number and pair on the catalog view.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from derive.text.arithmetic import Chain, Computation, align
from derive.text.arithmetic import conversion as _conversion
from derive.text.context import WINDOW, Read
from derive.text.judge import Judgement, interval_for, judge, plausible
from derive.text.known import CatalogView
from derive.text.lexicon import Mention
from derive.text.numbers import FORMAT_NAME, TextNumber, rate_of
from derive.text.resolve import (
    BY_VALUE,
    FIRM_QUANTITY,
    FIRM_SUBJECT,
    OF_THE_TEXT,
    PASSAGE_LABEL,
    SUBJECT_CARRIED,
    SUBJECT_IN_SENTENCE,
    TIE,
    Candidate,
    compatible,
    counted_per,
    held_dimension,
    of_dimension,
    power_of_two,
    subject_evidence,
    takes_time,
    tied,
    whole_of,
    wide,
)
from derive.text.verdict import AGREEING, Verdict
from schema.refs import Ref
from schema.spellings import BINARY, MULTIPLES
from schema.units import dimensionality, quotient_of, unexplained_dimensions

EXACT = Decimal("0.001")
"""The precision of a whole number written as a factor of a computation."""
NEAR = 1 / 3
"""Values within this factor of a number are the ones it could be confused with."""
STRONG_QUANTITY = 0.8
"""Quantity evidence (a label near the number) that a value may confirm without more."""
COINCIDENCE = 0.15
"""The most chance of a coincidence at which a value may settle pairs whose words tie."""
NAMED_COINCIDENCE = 0.25
"""The same, among the quantities of a subject the sentence names outright."""
BEST_NAMED_COINCIDENCE = 0.2
"""The same, for the quantity the words name best of the subject they name best: a
one-digit "50 GB/s" (45–55) may confirm it, a "40 GB" that 44 would round to may not."""
ROUND_IN_HARDWARE = 8192
"""The largest power of two that many quantities share (lanes, rows, bits, KiB)."""
Decision = tuple[Verdict, "Candidate | None", "Judgement | None", str, tuple[str, ...]]
"""A verdict, the pair chosen, its judgement, why, and the tied pairs when unresolved."""


def _pair_by_value(subject: str, quantity: str) -> Candidate:
    """A pair a number is tried against on its value alone: the subject known, the quantity
    named by nothing but the value."""
    return Candidate(
        subject=subject,
        quantity=quantity,
        subject_score=1.0,
        quantity_score=BY_VALUE,
        subject_why="",
        quantity_why="",
    )


def _pair(candidate: Candidate) -> tuple[str, str]:
    return (candidate.subject, candidate.quantity)


def decide(
    view: CatalogView, number: TextNumber, found: Sequence[Candidate], sentence: str
) -> Decision:
    """(verdict, the pair chosen, its judgement, why, the tied candidates if unresolved)."""
    decision = _decide(view, number, found, sentence)
    verdict, chosen, judgement = decision[:3]
    if verdict is Verdict.matched and chosen is not None and judgement is not None:
        exact = _exactly_elsewhere(view, number, found, chosen, judgement)
        if exact is not None:
            other, held = exact
            why = (
                f"{other.why()} (its digits are {other.quantity}'s, not {chosen.quantity}'s "
                "rounded to them)"
            )
            return Verdict.matched, other, held, why, ()
    return decision


def _exactly_elsewhere(
    view: CatalogView,
    number: TextNumber,
    found: Sequence[Candidate],
    chosen: Candidate,
    judgement: Judgement,
) -> tuple[Candidate, Judgement] | None:
    """Another quantity of the chosen subject whose value the number writes exactly, when
    the chosen one agrees only as the number's halfway rounding ("4 GB" for the 970's 3.5
    GB segment beside its 4 GB): the one the digits are."""
    known = judgement.known
    if known is None or number.high is not None or chosen.labelled_here:
        return None  # "the fast segment is 4 GB": the words beside it name the pair
    claim = interval_for(number, known)
    if claim is None or claim.high <= claim.low:
        return None
    half = (claim.high - claim.low) / 2
    if abs(abs(known.value - claim.value) - half) > half * 1e-6:
        return None  # well inside the interval: a rounding like any other
    for other in found:
        if other.subject != chosen.subject or other.quantity == chosen.quantity:
            continue
        held = judge_pair(view, number, (other.subject, other.quantity))
        if held is None or held.verdict is not Verdict.matched or held.known is None:
            continue
        again = interval_for(number, held.known)
        if again is not None and abs(held.known.value - again.value) <= half * 1e-6:
            return other, held
    return None


def _placed(subject: str, quantity: str, why: str, how: str) -> Candidate:
    """The pair the text's structure chose (a rule's place, a comparison, a restatement,
    a value among one subject's quantities): as firm as a pair its words name outright."""
    return Candidate(
        subject=subject,
        quantity=quantity,
        subject_score=1.0,
        quantity_score=1.0,
        subject_why=why,
        quantity_why=how,
        local_quantity=1.0,
    )


def _decide(
    view: CatalogView, number: TextNumber, found: Sequence[Candidate], sentence: str
) -> Decision:
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
            return Verdict.unresolved, top, None, top.why() + _within_bounds(view, top), ()
        if top.firm and judgement.verdict is Verdict.mismatched:
            other = _firm_agreeing(view, number, found)
            if other is not None:
                return other
        if top.firm and plausible(judgement):
            return judgement.verdict, top, judgement, top.why(), ()
        if judgement.verdict is not Verdict.mismatched and (
            top.quantity_score >= STRONG_QUANTITY
            or _coincidence(view, number, group) <= COINCIDENCE
            or _alone_in_kind(view, number, top)
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
            settled = _settled_by_value(view, number, found) or _settled_within_subject(
                view, number, found, sentence
            )
            if settled is not None:
                return settled
            shown = judgement.known.shown() if judgement.known else "its value"
            doubt = (
                f"to call {shown} a contradiction"
                if judgement.verdict is Verdict.mismatched
                else f"for the agreement with {shown} to be more than a coincidence"
            )
            why = (
                f"perhaps {top.subject} {top.quantity} ({top.why()}), "
                f"but the words are not enough {doubt}"
            )
            return Verdict.unresolved, None, None, why, (str(Ref(top.subject, top.quantity)),)
    names = tuple(str(Ref(c.subject, c.quantity)) for c in group)
    chance = _coincidence(view, number, group)
    for wanted in AGREEING:
        agreeing = [(c, j) for c, j in judged if j is not None and j.verdict is wanted]
        labelled = all(c.local_quantity >= STRONG_QUANTITY for c, _ in agreeing)
        quantities = {c.quantity for c, _ in agreeing}
        if (
            len(quantities) > 1
            and len({c.subject for c, _ in agreeing}) == 1
            and (
                quantities <= _labelled_in(view, sentence)
                or all(c.labelled_here for c, _ in agreeing)  # "BF16 / FP16" header
            )
        ):
            # "SMs and RT Cores, 142 of each": one subject's quantities, each named by
            # its label beside the number, that all hold it: the number states each
            chosen, judgement = max(agreeing, key=lambda cj: cj[0].score)
            shared = ", ".join(sorted({c.quantity for c, _ in agreeing} - {chosen.quantity}))
            why = f"{chosen.why()} (its value is that of {shared} too, named in the sentence)"
            return wanted, chosen, judgement, why, ()
        if len(quantities) > 1 and len({c.subject for c, _ in agreeing}) == 1:
            ranked = sorted(agreeing, key=lambda cj: -cj[0].score)
            (best, judgement), runner_up = ranked[0], ranked[1][0]
            if number.unit and best.score >= runner_up.score * (1 + TIE) and chance <= COINCIDENCE:
                # "昇腾 910B：320 TFLOPS" where the passage speaks of dense BF16 more than
                # of FP16, both 320: the quantity its words name best, which holds it
                why = f"{best.why()} (its value is that of {runner_up.quantity} too)"
                return wanted, best, judgement, why, ()
        picked = _whole_or_its_part(agreeing)
        if picked is not None:  # "128 CUDA" on a one-SM chip: all it has, not each SM's
            chosen, judgement = picked
            alike = next(c.quantity for c, _ in agreeing if c is not chosen)
            why = f"{chosen.why()} (its value is that of {alike} too)"
            return wanted, chosen, judgement, why, ()
        if not agreeing or len({c.quantity for c, _ in agreeing}) != 1:
            continue
        # of one subject's quantities the words name alike, the value picks more readily
        # than among subjects: "6 个堆栈" ties its stacks and its width, and only one is 6
        one_subject = len({c.subject for c in group}) == 1
        if chance <= (NAMED_COINCIDENCE if one_subject else COINCIDENCE) or labelled:
            # One quantity; several subjects holding the same value: the best named one.
            chosen, judgement = max(agreeing, key=lambda cj: cj[0].score)
            if _labelled_otherwise(view, chosen, group) or _subject_by_value_alone(chosen, group):
                continue
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
    settled = _settled_within_subject(view, number, found, sentence)
    if settled is not None:
        return settled
    why = f"its words name {len(group)} pairs equally well and no value settles it"
    return Verdict.unresolved, None, None, why, names


def _whole_or_its_part(
    agreeing: Sequence[tuple[Candidate, Judgement]],
) -> tuple[Candidate, Judgement] | None:
    """Of one subject's two quantities of one family that both hold the number, the whole
    (`cuda_core.count`) and its count per one (`cuda_core.per_sm`), the one the words name
    better: the count per one when the number is said of each ("every SM has 128"), else
    the whole (a count said of no one in particular is all there is)."""
    if len(agreeing) != 2 or len({c.subject for c, _ in agreeing}) != 1:
        return None
    wholes = [(c, j) for c, j in agreeing if counted_per(c.quantity) is None]
    parts = [(c, j) for c, j in agreeing if counted_per(c.quantity) is not None]
    if len(wholes) != 1 or len(parts) != 1:
        return None
    if whole_of(parts[0][0].quantity) != wholes[0][0].quantity:
        return None  # "vmem.capacity_per_core" and "vmem.scoped_limit": no whole and part
    return parts[0] if parts[0][0].score > wholes[0][0].score else wholes[0]


def _labelled_otherwise(view: CatalogView, chosen: Candidate, group: Sequence[Candidate]) -> bool:
    """True when `chosen` is named only by words of the passage (or, beside the number, by
    words of another number format) while the label beside the number names another
    quantity of its subject in the same unit: "FP64: 5.2 TFLOPS (10.3 with the FP64 Tensor
    Cores)" is not the FP32 peak of 10.3 named lines before; "bf16_tflops: 733  # dense"
    is no FP8 peak of 733, however "dense" describes both."""
    unit = view.quantities[chosen.quantity].unit
    own_format = _number_format(chosen.quantity)
    return any(
        c.subject == chosen.subject
        and c.quantity != chosen.quantity
        and not _per_one_of(c.quantity, chosen.quantity)  # "64 CUDA cores" per SM
        and c.labelled_here
        and view.quantities[c.quantity].unit == unit
        and (
            chosen.local_quantity < FIRM_QUANTITY
            or (
                not chosen.labelled_here
                and own_format is not None
                and _number_format(c.quantity) not in (None, own_format)
            )
        )
        for c in group
    )


_FORMAT = re.compile(rf"(?:^|[._])({FORMAT_NAME})(?=[._]|$)", re.IGNORECASE)
"""A number format a quantity's id names: `peak.bf16_dense`, `ridge.gddr_fp32`."""


def _number_format(quantity: str) -> str | None:
    """The number format a quantity's id names (`bf16` of `peak.bf16_dense`), if one."""
    found = _FORMAT.search(quantity)
    return found.group(1).lower() if found else None


def _subject_by_value_alone(chosen: Candidate, group: Sequence[Candidate]) -> bool:
    """True when nothing near names the chosen pair's subject (it is only one the text is
    about) and the words allow others as well: "单卡 ≤ 300 W" in a list of requirements is
    not whichever chip happens to draw 300 W."""
    return chosen.subject_why == OF_THE_TEXT and len({c.subject for c in group}) > 1


def _per_one_of(first: str, second: str) -> bool:
    """True when one quantity counts per one of what the other counts, or of its own
    family: `cuda_core.per_sm` beside `cuda_core.count` or `sm.count` ("every SM carries
    64 CUDA cores" names all three)."""
    for per, other in ((first, second), (second, first)):
        unit = counted_per(per)
        if unit is not None and other.partition(".")[0] in (per.partition(".")[0], unit):
            return True
    return False


def _labelled_in(view: CatalogView, sentence: str) -> set[str]:
    """The quantities one of whose labels (not a mere word of one) the sentence writes."""
    return {
        sense.id
        for mention in view.lexicon.mentions(sentence)
        for sense in mention.senses
        if sense.target == "quantity" and sense.label
    }


def _quantity_words(mentions: Sequence[Mention]) -> dict[str, float]:
    """How strongly the terms around a computation name each quantity (its best term)."""
    found: dict[str, float] = {}
    for mention in mentions:
        for sense in mention.senses:
            if sense.target == "quantity":
                found[sense.id] = max(found.get(sense.id, 0.0), sense.weight)
    return found


def _alone_in_kind(view: CatalogView, number: TextNumber, top: Candidate) -> bool:
    """True when the subject named in the sentence holds this value in no other quantity
    the number could be about, and words in the passage name this one.

    "v7 … ÷ 8 颗" where the passage speaks of stacks: the words chose the pair, and an 8
    among the chip's other counts would have made the agreement say nothing.
    """
    if top.subject_score < FIRM_SUBJECT or top.quantity_score < PASSAGE_LABEL:
        return False
    for quantity in of_dimension(view, top.subject, number.unit, number.unit_text):
        if quantity == top.quantity:
            continue
        judgement = judge_pair(view, number, (top.subject, quantity))
        if judgement is not None and judgement.verdict is not Verdict.mismatched:
            return False
    return True


def _within_bounds(view: CatalogView, candidate: Candidate) -> str:
    """Why a pair with only limits neither backs nor contradicts a number within them."""
    bounds = [v for v in view.pair(candidate.subject, candidate.quantity) if v.bound]
    if not bounds:
        return ""
    shown = ", ".join(v.shown() for v in bounds)
    return f" (within the limit {shown}, which allows it without stating it)"


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
        judgement = judge_pair(view, number, (candidate.subject, candidate.quantity))
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
    several subjects go to the subject the words name best. A current value is preferred
    to an alternative reading or a corrected one, unless the words name the subject of
    that one clearly better: "this 200 read in binary, 204.8", said of one chip, is its
    alternative reading, not another chip's current 204.8.
    """
    if _coincidence(view, number, found) > COINCIDENCE:
        return None
    judged = _judged(view, number, found)
    agreeing = [(c, j) for c, j in judged if j is not None and j.verdict in AGREEING]
    if not agreeing:
        return None
    rank = {verdict: place for place, verdict in enumerate(AGREEING)}
    best = max(agreeing, key=lambda cj: cj[0].subject_score)
    preferred = min(agreeing, key=lambda cj: (rank[cj[1].verdict], -cj[0].subject_score))
    clearly = best[0].subject_score >= preferred[0].subject_score * SUBJECT_MARGIN
    wanted = (best if clearly else preferred)[1].verdict
    agreeing = [(c, j) for c, j in agreeing if j.verdict is wanted]
    if len({c.quantity for c, _ in agreeing}) != 1:
        return None
    chosen, judgement = max(agreeing, key=lambda cj: cj[0].subject_score)
    if _labelled_otherwise(view, chosen, found):
        return None
    why = (
        f"{chosen.why()} (its value agrees with {chosen.quantity} and no other of the "
        f"{len(found)} pairs the words allow)"
    )
    return wanted, chosen, judgement, why, ()


def _converting(number: TextNumber, sentence: str) -> bool:
    """True for a unit conversion's factor multiplied or divided by: the 8 of bits per
    byte, the 1000 of a prefix (not 1024, as often a width of 1024 bits as a binary step)."""
    if not _conversion(number) or number.value not in (8, 1000):
        return False
    digits = re.escape(number.digits)
    return bool(re.search(rf"[×x*÷/]\s*{digits}(?![\d.,])|(?<![\d.,]){digits}\s*[×x*÷/]", sentence))


SUBJECT_MARGIN = 1.3
"""How much better the words must name one subject than any other for its quantities
alone to be weighed by value."""


def _settled_within_subject(
    view: CatalogView, number: TextNumber, found: Sequence[Candidate], sentence: str
) -> Decision | None:
    """The one quantity of the subject the words name best whose value the number states.

    The subject first, from the words; then, only among that subject's quantities the
    words allow, the value: 120 TFLOPS in a paragraph about one GPU is its half-precision
    peak once no other peak of that GPU is near 120, whatever other chips hold.
    """
    by_subject: dict[str, float] = {}
    for candidate in found:
        by_subject[candidate.subject] = max(
            by_subject.get(candidate.subject, 0.0), candidate.subject_score
        )
    ranked = sorted(by_subject.items(), key=lambda item: -item[1])
    if not ranked or (len(ranked) > 1 and ranked[0][1] < ranked[1][1] * SUBJECT_MARGIN):
        return None
    if _converting(number, sentence):
        return None  # "6,000 × 8 ÷ 8,192": bytes made bits, whatever the chip has 8 of
    subject = ranked[0][0]
    own = [c for c in found if c.subject == subject]
    chance = _coincidence(view, number, own, counted=True, faced=True)
    if chance > NAMED_COINCIDENCE:
        return None
    # its value must agree as written to the last place ("40 GB" is no 44 GB here)
    judged = _judged(view, _at_face_value(number), own)
    for wanted in AGREEING:
        agreeing = [(c, j) for c, j in judged if j is not None and j.verdict is wanted]
        if len(agreeing) == 1:
            chosen, judgement = agreeing[0]
            # a coarser number is borne by a subject the sentence names outright ("the A10
            # at 600 GB/s"), or by the quantity the words name best of the subject's
            if ranked[0][1] >= SUBJECT_IN_SENTENCE:
                allowed = NAMED_COINCIDENCE
            elif _best_named(chosen, own):
                allowed = BEST_NAMED_COINCIDENCE
            else:
                allowed = COINCIDENCE
            if chance > allowed:
                return None
            if _labelled_otherwise(view, chosen, own):
                return None
            why = (
                f"{chosen.why()} (of {subject}'s {len(own)} quantities the words allow, its "
                f"value agrees with {chosen.quantity} only)"
            )
            return wanted, chosen, judgement, why, ()
    return None


def _at_face_value(number: TextNumber) -> TextNumber:
    """A whole number with trailing zeros read to its last place ("80 GB" as 79.5–80.5)."""
    whole = number.value == number.value.to_integral_value() and number.high is None
    if not whole or number.approx or number.resolution <= 1:
        return number
    return replace(number, resolution=Decimal(1))


def _best_named(chosen: Candidate, own: Sequence[Candidate]) -> bool:
    """Whether the words name `chosen`'s quantity clearly better than any other of its
    subject's ("片外有 8 GB DRAM，带宽 50 GB/s": the DRAM's bandwidth)."""
    others = [c.quantity_score for c in own if c.quantity != chosen.quantity]
    return chosen.local_quantity >= FIRM_QUANTITY and all(
        chosen.quantity_score >= score * (1 + TIE) for score in others
    )


_CORRECTION = re.compile(
    r"已废|作废|废弃|弃用|更正|纠正|勘误|撤回|改成|改为|不再用|retract|supersed|correct(?:ed|ion)"
    r"|withdr[ae]wn?|no longer|dropped|replaced",
    re.IGNORECASE,
)
_ERROR = re.compile(
    r"错法|错误|算错|写错|弄错|错了|搞错|误算|笔误|误写|把[^。；;]{0,40}写成|写成了|夸大|高估|低估"
    r"|把[^。；;]{0,40}当成了|被当成了|误当成|错当成"
    r"|mistake|wrong|error|incorrect|off by|typo|misprint|misquot\w*|overstat\w*|understat\w*"
    r"|(?:reviews?|reports?|articles?|posts?|listings?|resellers?|retailers?|sellers?|sites?)"
    r"\s+(?:still\s+)?(?:list|lists|listed|quote|quotes|quoted|credit|credits|credited|say|says"
    r"|said|give|gives|gave|print|prints|printed|advertise|advertises|advertised|show|shows)"
    r"|有的(?:文章|资料|网站|商家|评测)|不少(?:文章|资料|网站|商家|评测)|网上(?:流传|常见)"
    r"|对不上|多算了|少算了|有误|误作|误引|虚标|doing the rounds|real figure"
    r"|原文\**\s?[:：]|(?i:\boriginal(?:ly)?\b\**\s?(?:text|read|said|:))",
    re.IGNORECASE,
)


def speaks_of(words: str) -> tuple[bool, bool]:
    """Whether `words` speak of a correction, and of an error."""
    return bool(_CORRECTION.search(words)), bool(_ERROR.search(words))


def told_wrong(
    view: CatalogView,
    number: TextNumber,
    found: Sequence[Candidate],
    cues: tuple[bool, bool],
) -> Decision | None:
    """A number the text itself calls dropped or wrong, tied by what the catalog records.

    Where the words speak of a correction, the candidates' superseded and withdrawn
    values are the ones to compare (one must agree); where they speak of an error, a
    candidate the number misses by a cause the numbers show (×2, ×8, 1.024ⁿ, 1000ⁿ),
    if only one does.
    """
    correction, error = cues
    if correction:
        subjects = {c.subject for c in found}
        old = [
            (subject, quantity)
            for (subject, quantity), values in view.values.items()
            if subject in subjects and any(v.replaced for v in values)
        ]
        agreeing = []
        for pair in old:
            judgement = judge_pair(view, number, pair)
            if judgement is not None and judgement.verdict is Verdict.superseded:
                agreeing.append((pair, judgement))
        if len(agreeing) == 1:
            (subject, quantity), judgement = agreeing[0]
            best = max((c for c in found if c.subject == subject), key=lambda c: c.subject_score)
            why = (
                f"{best.subject_why}; the text speaks of a correction, and {quantity} had "
                "this value"
            )
            chosen = Candidate(
                subject=subject,
                quantity=quantity,
                subject_score=best.subject_score,
                quantity_score=0.5,
                subject_why=best.subject_why,
                quantity_why=why,
            )
            return Verdict.superseded, chosen, judgement, why, ()
    if error and number.unit and not _round_in_hardware(number):
        explained = []
        for candidate in tied(found):
            judgement = judge_pair(view, number, (candidate.subject, candidate.quantity))
            if judgement is not None and _diagnosed(judgement):
                explained.append((candidate, judgement))
        if len(explained) == 1:
            candidate, judgement = explained[0]
            why = f"{candidate.why()}; the text speaks of an error, and only this value explains it"
            return Verdict.mismatched, candidate, judgement, why, ()
        near = {
            (c.subject, c.quantity): (c, j)
            for c in tied(found)
            if (j := judge_pair(view, number, (c.subject, c.quantity))) is not None
            and j.verdict is Verdict.mismatched
            and j.difference is not None
            and abs(j.difference) <= MISQUOTED
        }
        if len(near) == 1:
            candidate, judgement = next(iter(near.values()))
            why = (
                f"{candidate.why()}; the text speaks of an error, and of the pairs its words "
                "name only this value is near it"
            )
            return Verdict.mismatched, candidate, judgement, why, ()
        firm = [c for c in tied(found) if c.firm]
        if len(firm) == 1:  # "some listings give TPU v4 as a 300 W part": however far off
            judgement = judge_pair(view, number, (firm[0].subject, firm[0].quantity))
            if judgement is not None and judgement.verdict is Verdict.mismatched:
                why = f"{firm[0].why()}; the text speaks of an error, and names this pair"
                return Verdict.mismatched, firm[0], judgement, why, ()
    return None


def named_wrongly(
    view: CatalogView,
    number: TextNumber,
    found: Sequence[Candidate],
    chosen: Candidate,
    cues: tuple[bool, bool],
) -> Decision | None:
    """A number the text calls wrong, labelled in its clause as one quantity of a subject
    though another quantity of that subject holds its value ("把 71 TFLOPS 当成了 FP32 峰值：
    71 是 BF16 的数", "v1 的 FP16 写成了 17.83"): a mismatch of the quantity its label names;
    the text says what is wrong, and the value only where the wrong figure came from."""
    if not any(cues) or chosen.labelled_here:
        return None
    family = view.family(chosen.subject)
    named = {
        c.quantity: c
        for c in found
        if c.labelled_here and c.subject in family and c.quantity != chosen.quantity
    }
    if len(named) != 1:
        return None
    (candidate,) = named.values()
    judgement = judge_pair(view, number, (candidate.subject, candidate.quantity))
    if judgement is None or judgement.verdict is not Verdict.mismatched:
        return None
    why = (
        f"{candidate.why()}; the text speaks of an error, and the value is that of "
        f"{chosen.quantity}, where the wrong figure came from"
    )
    return Verdict.mismatched, candidate, judgement, why, ()


MISQUOTED = 0.2
"""How far a number the text calls wrong may be from the one pair its words name that it
misquotes, when the numbers show no cause ("1,108 GB/s, a typo for 1,008")."""


def computed(view: CatalogView, read: Read) -> dict[int, Decision]:
    """The numbers of a line's written computations that a derivation of the catalog explains."""
    block, numbers, context = read.block, read.numbers, read.context
    if not view.computations:
        return {}

    def agrees(number: TextNumber, pair: tuple[str, str]) -> bool:
        if number.unit is None and number.value == number.value.to_integral_value():
            # a whole factor of arithmetic is exact: "× 2" is 2, not any clock of 1.5–2.5 GHz
            number = replace(number, resolution=min(number.resolution, EXACT))
        judgement = judge_pair(view, number, pair)
        return judgement is not None and judgement.verdict is not Verdict.mismatched

    def fits(number: TextNumber, pair: tuple[str, str]) -> bool:
        unit = view.quantities[pair[1]].unit
        return not number.unit or compatible(number.unit, unit)

    decided: dict[int, Decision] = {}
    written = numbers
    for chain in read.chains:
        base = prefix_base(chain, written)
        if base is not None:  # "5.3 × 1024 ＝ 5,427.2 GB/s": TB/s read in binary, no rule
            decided[base] = CONVERSION
            continue
        where = written[chain.operands[0][0]].column - 1
        numbers = list(written)
        if chain.result is not None:  # "每拍 84 × 4 × 128 ＝ 43,008 次乘加": MACs per cycle
            low, _ = block.sentence(where)
            result = numbers[chain.result]
            numbers[chain.result] = result = rate_of(result, block.text[low : result.column - 1])
            counted, _, per = (result.unit or "").partition("/")
            if per == "cycle" and all(sign > 0 for _, sign in chain.operands):
                # "132 SMs times 4 Tensor Cores times 512 MACs is 270,336 MACs a clock": in a
                # product of counts that is a rate per cycle, the MACs counted are a clock's
                for index, _ in chain.operands:
                    if numbers[index].unit == counted:
                        numbers[index] = replace(numbers[index], unit=result.unit)
        near = read.terms_around(where - WINDOW, where + WINDOW)
        named = subject_evidence(view, block, where, near, context)
        placed = [numbers[i].column - 1 for i, _ in chain.operands]
        if chain.result is not None:
            placed.append(numbers[chain.result].column - 1)
        around_chain = read.terms_around(min(placed) - WINDOW, max(placed) + WINDOW)
        labelled = _quantity_words([*around_chain, *context.row_terms, *context.column_terms])

        def prefer(
            computation: Computation,
            named: dict[str, tuple[float, str]] = named,
            labelled: dict[str, float] = labelled,
        ) -> tuple[float, float]:
            """How well the words name its subject, then any of its quantities."""
            quantities = [computation.output[1]]
            quantities += [f.pair[1] for f in computation.factors if f.pair is not None]
            words = max(labelled.get(q, 0.0) for q in quantities)
            return named.get(computation.output[0], (0.0, ""))[0], words

        def allowed(computation: Computation, named: dict[str, tuple[float, str]] = named) -> bool:
            """Not a rule about subjects no word names, where the words name others."""
            pairs = [computation.output, *(f.pair for f in computation.factors if f.pair)]
            return not named or any(subject in named for subject, _ in pairs)

        found = align(chain, numbers, view.computation_shapes, agrees, fits, prefer, allowed)
        judged = {a.index: judge_pair(view, numbers[a.index], a.pair) for a in found}
        carried = (
            chain.result is not None
            and _consistent(chain, numbers)
            and any(
                j is not None and j.verdict is Verdict.mismatched and plausible(j)
                for i, j in judged.items()
                if i != chain.result
            )
        )
        for aligned in found:
            judgement = judged[aligned.index]
            if judgement is None:
                continue
            if not plausible(judgement) and not (carried and aligned.index == chain.result):
                continue  # a wrong operand carries through sound arithmetic to its result
            subject, quantity = aligned.pair
            chosen = _placed(subject, quantity, aligned.why, "its place in it")
            decided[aligned.index] = (judgement.verdict, chosen, judgement, aligned.why, ())
        if found:  # what the rule's reading left out of the chain: its unit conversions
            taken = {a.index for a in found}
            for index, _ in chain.operands:
                if index not in taken and index not in decided:
                    decided[index] = CONVERSION
    return decided


WORKED_AGREEING = 2
"""How many numbers of a written computation must each agree with one of the subject's
quantities, and no other, before any of them is tied by value alone."""
WORKED_EACH = 0.5
"""The most chance of a coincidence of one such number: together (their chances
multiplied) they must be as unlikely as a number settled alone."""


def worked_for_one_subject(view: CatalogView, read: Read) -> dict[int, Decision]:
    """The numbers of a line's written computations that no rule of the catalog explains,
    each tied by its value to one of the quantities of the one subject the words name.

    "Gaudi 2 gives 432 / 600 = 0.72 TFLOPS/W", "32 × 4096 ＝ 131072 MAC/周期": the subject
    is named first, from the words, clearly better than any other (the paragraph's subject
    will do, for a computation on a line of its own); the arithmetic must hold
    (to 1 %, a power of 1000 aside); then each number is looked for among that subject's own
    quantities only, and at least two numbers must each agree with exactly one quantity,
    all different, as unlikely together to be a coincidence as one number settled alone,
    and their dimensions must give the result's. A factor of unit conversion (× 8, ÷ 1000)
    is left to the units.

    When the sentence itself names no subject ("3,350 times 8 over 5,120 is about 5.23",
    answering a question about the chip of lines before), the computation's numbers may
    name it: the one subject of the catalog whose values they agree with so, as unlikely
    together as a number settled alone once for every subject that was tried.
    """
    block, numbers, context = read.block, read.numbers, read.context
    decided: dict[int, Decision] = {}
    for chain in read.chains:
        if chain.result is not None and not _consistent(chain, numbers, prefixed=True):
            continue
        where = numbers[chain.operands[0][0]].column - 1
        near = read.terms_around(where - WINDOW, where + WINDOW)
        named = subject_evidence(view, block, where, near, context)
        subject = _named_best(named, SUBJECT_CARRIED)
        tied_up = _tied_to(view, chain, numbers, subject, COINCIDENCE) if subject else None
        how = f"a computation written about {subject}"
        allowed = COINCIDENCE / max(1, len(view.quantities_of))
        if (
            tied_up is None
            and max((s for s, _ in named.values()), default=0.0) < SUBJECT_IN_SENTENCE
            and _could_be_tied(chain, numbers, allowed)
        ):
            found = [
                (other, taken)
                for other in view.quantities_of
                if (
                    taken := _tied_to(
                        view,
                        chain,
                        numbers,
                        other,
                        allowed,
                        counted=False,  # a power of two is any chip's figure
                    )
                )
                is not None
            ]
            if len(found) == 1:
                (subject, tied_up), how = found[0], "a computation no words tie to a subject"
        if subject is None or tied_up is None:
            continue
        for index, (candidate, judgement) in tied_up.items():
            why = f"{how}, whose values its numbers agree with one by one: {candidate.quantity}"
            chosen = _placed(subject, candidate.quantity, why, "its value")
            decided[index] = (judgement.verdict, chosen, judgement, why, ())
    return decided


def rates_of_timed_work(view: CatalogView, read: Read) -> dict[int, Decision]:
    """The divisors of a written time that are a rate of the subject the words name:
    "V100 PCIe：13 ÷ 900 ≈ 14.4 ms" divides a model's bytes by the V100's 900 GB/s.

    The result is a time the catalog holds none of, the arithmetic holds (a power of 1000
    aside), the subject is named clearly better than any other (a paragraph's will do);
    the divisor, bare or in a rate's unit, agrees with exactly one of that subject's
    quantities of something per time. The other numbers are the example's own.
    """
    block, numbers, context = read.block, read.numbers, read.context
    decided: dict[int, Decision] = {}
    rates: list[str] | None = None
    for chain in read.chains:
        if chain.result is None:
            continue
        result = numbers[chain.result]
        if not takes_time(result.unit) or held_dimension(view, result.unit):
            continue
        if not _consistent(chain, numbers, prefixed=True, rounded=True):
            continue
        where = numbers[chain.operands[0][0]].column - 1
        near = read.terms_around(where - WINDOW, where + WINDOW)
        subject = _named_just_before(read, where) or _named_best(
            subject_evidence(view, block, where, near, context), SUBJECT_CARRIED
        )
        if subject is None:
            continue
        if rates is None:
            rates = [q for q in view.quantities if _per_time(view.quantities[q].unit)]
        for index, sign in chain.operands:
            number = numbers[index]
            if sign > 0 or (number.unit is not None and not _per_time(number.unit)):
                continue
            agreeing = [
                (quantity, judgement)
                for quantity in rates
                if (judgement := judge_pair(view, number, (subject, quantity))) is not None
                and judgement.verdict in AGREEING
            ]
            if len(agreeing) != 1:
                continue
            quantity, judgement = agreeing[0]
            why = f"the rate a time is worked out with for {subject}: its {quantity}"
            chosen = _placed(subject, quantity, why, "its value")
            decided[index] = (judgement.verdict, chosen, judgement, why, ())
    return decided


def _named_just_before(read: Read, where: int) -> str | None:
    """The one subject the sentence names last before `where` ("放在 T4 上：7 ÷ 320 ≈
    0.022 秒；放在 n300 上：7 ÷ 576 ≈ 12 ms"), if one."""
    low = read.block.sentence(where)[0]
    for mention in reversed(read.terms_around(low, where)):
        subjects = {sense.id for sense in mention.senses if sense.target == "subject"}
        if subjects:
            return next(iter(subjects)) if len(subjects) == 1 else None
    return None


def _per_time(unit: str) -> bool:
    """True for a unit of something per unit of time (GB/s, TFLOP/s), not of time alone."""
    dimension = dimensionality(unit)
    return dimension.endswith("/ [time]") and not dimension.startswith("1 /")


def _could_be_tied(chain: Chain, numbers: Sequence[TextNumber], allowed: float) -> bool:
    """Whether the two most precise numbers of `chain` could together be as unlikely a
    coincidence as `allowed` (each at least as likely as its written precision, a count's
    one in its value, or a power of two's one in two): if not, no subject is tried."""
    least = sorted(
        width
        for index in chain.places()
        if not _conversion(numbers[index])
        and (width := _chance_width(numbers[index], counts=True, counted=False)) is not None
    )
    return len(least) >= WORKED_AGREEING and math.prod(least[:WORKED_AGREEING]) <= allowed


def _tied_to(
    view: CatalogView,
    chain: Chain,
    numbers: Sequence[TextNumber],
    subject: str,
    allowed: float,
    *,
    counted: bool = True,
) -> dict[int, tuple[Candidate, Judgement]] | None:
    """The numbers of `chain` each tied by value to one quantity of `subject`, all
    different, when at least two are and together they are no likelier than `allowed`
    to be a coincidence, and the dimensions hold; else None.

    Once the computation is so tied, the rest of its numbers that agree with exactly one
    other quantity of the subject and keep the dimensions whole are that quantity too,
    however likely a coincidence each would be alone ("128 × 6.4 ÷ 8 = 102.4 GB/s": the
    128 lines of its bus), but for a few bare units of arithmetic (`SMALL_FACTOR`) and
    powers of two other than a width's bits (any part of any chip may count 2048)."""
    own = [_pair_by_value(subject, q) for q in view.quantities_of[subject]]
    taken: dict[int, tuple[Candidate, Judgement]] = {}
    chance = 1.0
    leftover: dict[int, tuple[Candidate, Judgement]] = {}
    for index in chain.places():
        number = numbers[index]
        if _conversion(number):
            continue
        pool = [c for c in own if fits_unit(view, number, c.quantity)]
        only = _only_agreeing(view, number, pool) if pool else None
        if only is None:
            continue
        alone = _coincidence(view, number, pool, counted=counted)
        if alone <= WORKED_EACH:
            taken[index] = only
            chance *= alone
        elif not _small_whole(number):
            leftover[index] = only
    chance *= _units_counted(view, chain, numbers, subject, taken)
    if (
        chain.result in taken
        and not _dimensions_hold(view, chain, numbers, taken)
        and len(taken) > WORKED_AGREEING
    ):  # a result its operands' dimensions do not give: its operands alone
        taken.pop(chain.result)
    quantities = [c.quantity for c, _ in taken.values()]
    if (
        len(taken) < WORKED_AGREEING
        or len(set(quantities)) != len(quantities)
        or chance > allowed
        or not _dimensions_hold(view, chain, numbers, taken)
    ):
        return None
    for index, (candidate, judgement) in leftover.items():
        if candidate.quantity in quantities:
            continue
        if _round_in_hardware(numbers[index]) and view.quantities[candidate.quantity].unit != "bit":
            continue  # a power of two is any part's count: only a width's lines are told by it
        if _dimensions_hold(view, chain, numbers, {**taken, index: (candidate, judgement)}):
            taken[index] = (candidate, judgement)
            quantities.append(candidate.quantity)
    return taken


SMALL_FACTOR = 4
"""The largest bare whole number a written computation's arithmetic uses as often as any
quantity's figure (× 2 FLOP a MAC, ÷ 4 for sparsity): never tied as the rest of one."""


def _small_whole(number: TextNumber) -> bool:
    """A whole number of a few, bare: a factor of arithmetic as often as any quantity's."""
    whole = number.value == number.value.to_integral_value()
    return not number.unit and whole and number.value <= SMALL_FACTOR


def _units_counted(
    view: CatalogView,
    chain: Chain,
    numbers: Sequence[TextNumber],
    subject: str,
    taken: dict[int, tuple[Candidate, Judgement]],
) -> float:
    """Ties the factor that counts the units of a per-unit figure the product holds ("4 ×
    200 GB/s" of a board whose GPUs have 200 GB/s each: the 4 is its GPU count), and
    returns that factor's chance of agreeing by coincidence (1 when none is tied)."""
    if chain.result is not None and any(sign < 0 for _, sign in chain.operands):
        return 1.0
    chance = 1.0
    for _, (candidate, _) in list(taken.items()):
        unit = counted_per(candidate.quantity)
        counted = f"{unit}.count"
        if unit is None or counted not in view.quantities_of[subject]:
            continue
        for index, _ in chain.operands:
            number = numbers[index]
            if index in taken or number.unit not in (None, ""):
                continue
            pool = [_pair_by_value(subject, counted)]
            only = _only_agreeing(view, number, pool)
            if only is not None and only[1].verdict is Verdict.matched:
                taken[index] = only
                chance *= _coincidence(view, number, pool, counted=True)
                break
    return chance


PER_OPERATION = frozenset(
    {"[computation]", "[operation]", "[multiply_accumulate]", "[clock_cycle]"}
)
"""What a bare factor of a computation may stand for: so much work per unit or per cycle
("16384 × 2 × 2.52 GHz ≈ 82.6 TFLOPS": the 2 is FLOP per lane per cycle)."""


def _dimensions_hold(
    view: CatalogView,
    chain: Chain,
    numbers: Sequence[TextNumber],
    taken: dict[int, tuple[Candidate, Judgement]],
) -> bool:
    """True when the operands, read as the quantities they were tied to (or in their written
    units), give the dimension of the result written with a unit ("64 GB × 1.6 TB/s" is no
    TFLOPS); a bare factor may only add work per unit or per cycle. A width in bits may
    count its data lines ("32 × 14 ÷ 8 = 56 GB/s": 32 lines of 14 Gbit/s each)."""
    places = [(index, sign) for index, sign in chain.operands]
    if chain.result is not None:
        places.append((chain.result, 0))
    units: dict[int, str] = {}
    for index, _ in places:
        if index in taken:
            units[index] = view.quantities[taken[index][0].quantity].unit
        elif numbers[index].unit is not None:
            units[index] = numbers[index].unit or ""
    result = chain.result
    if result is None or result not in units:
        return True
    bare = any(index not in units for index, _ in chain.operands)
    widths = {index for index, _ in chain.operands if index in taken and units[index] == "bit"}
    if not compatible(units[result], "B/s"):
        widths = set()  # lines carry data: a width counts them in a data rate only
    readings: list[set[int]] = [set(), widths] if widths else [set()]
    for lines in readings:
        factors = [
            ("" if index in lines else units.get(index, ""), sign) for index, sign in chain.operands
        ]
        left = unexplained_dimensions(factors, units[result])
        if not left or (bare and left <= PER_OPERATION):
            return True
    return False


def _only_agreeing(
    view: CatalogView, number: TextNumber, pool: Sequence[Candidate]
) -> tuple[Candidate, Judgement] | None:
    """The one quantity of `pool` whose value the number agrees with, if only one."""
    agreeing = [
        (c, j)
        for c, j in _judged(view, number, pool)
        if j is not None and j.verdict is not Verdict.mismatched
    ]
    return agreeing[0] if len({c.quantity for c, _ in agreeing}) == 1 else None


def fits_unit(view: CatalogView, number: TextNumber, quantity: str) -> bool:
    """True when `number` may be of `quantity`: written without a unit, or in one of its
    dimension."""
    return number.unit is None or compatible(number.unit, view.quantities[quantity].unit)


def _named_best(named: dict[str, tuple[float, str]], floor: float = FIRM_SUBJECT) -> str | None:
    """The subject the words name firmly (at least `floor`) and clearly better than any
    other, if one."""
    ranked = sorted(named.items(), key=lambda item: -item[1][0])
    if not ranked or ranked[0][1][0] < floor:
        return None
    if len(ranked) > 1 and ranked[0][1][0] < ranked[1][1][0] * SUBJECT_MARGIN:
        return None
    return ranked[0][0]


PREFIX_BASES = (Decimal(1000), Decimal(1024))


def prefix_base(chain: Chain, numbers: Sequence[TextNumber]) -> int | None:
    """The index of the base in a product that only changes a unit's prefix: "5.3 × 1024 ＝
    5,427.2 GB/s" (TB/s read as 1,024 GB/s), "8 × 1024 GB/s ＝ 8,192 GB/s". The number
    multiplied is the same quantity in the next prefix up, not a width times a rate."""
    if chain.result is None or len(chain.operands) != 2:
        return None
    result = numbers[chain.result]
    unit = result.unit or ""
    if not unit or unit[0] not in MULTIPLES or unit[1:2] == "i":
        return None
    step = MULTIPLES.index(unit[0]) + 1
    up = (MULTIPLES[step] if step < len(MULTIPLES) else "") + unit[1:]
    for (index, sign), (other, _) in itertools.permutations(chain.operands):
        base, scaled = numbers[index], numbers[other]
        if (
            sign > 0
            and base.value in PREFIX_BASES
            and base.unit in (None, "", unit)
            and scaled.unit in (None, "", up)
            and abs(scaled.value * base.value - result.value) <= Decimal("0.01") * result.value
        ):
            return index
    return None


def _consistent(
    chain: Chain, numbers: Sequence[TextNumber], *, prefixed: bool = False, rounded: bool = False
) -> bool:
    """True when the written result is what the written operands give (to 1 %, or with
    `rounded` to the result's last written digit if that is coarser; with `prefixed`, a
    power of 1000 aside)."""
    assert chain.result is not None
    product = 1.0
    for index, sign in chain.operands:
        value = float(numbers[index].value)
        if not value:
            return False
        product = product * value if sign > 0 else product / value
    result = float(numbers[chain.result].value)
    if not result:
        return False
    if prefixed and product:  # "16384 × 2 × 2.52 ≈ 82.6 TFLOPS": GFLOP/s written as TFLOPS
        steps = round(math.log(abs(product / result), 1000))
        result *= 1000.0**steps
    written = numbers[chain.result]
    tolerance = 0.01
    if rounded:  # "26 / 1,800 ≈ 14 ms": 14.4 written to the millisecond
        tolerance = max(tolerance, float(written.resolution / 2 / abs(written.value)))
    return abs(product - result) <= tolerance * abs(result)


CONVERSION: Decision = (Verdict.non_claim, None, None, "a unit conversion of the computation", ())
"""An operand of a recognised computation that its rule leaves to units (× 8 bits, ÷ 1000)."""


_JUDGED_MAX = 200_000
"""Judgements kept per catalog view: numbers repeat, and so do the pairs they meet."""


def judge_pair(view: CatalogView, number: TextNumber, pair: tuple[str, str]) -> Judgement | None:
    """The verdict on `number` about `pair`, remembered for the same number and pair."""
    key = (
        number.value,
        number.high,
        number.resolution,
        number.unit,
        number.approx,
        number.digits,  # "17 thousand" is not "17,000": a spoken scale is not exact
        pair,
    )
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
    """Each pair's judgement; where one pair's value states the number outright, a value
    that only rounds it compares with nothing (12.3 agrees with "12.3", not with "12")."""
    judged = [(c, judge_pair(view, number, (c.subject, c.quantity))) for c in group]
    if any(j is not None and j.verdict is Verdict.matched and not j.rounded for _, j in judged):
        return [(c, None if j is not None and j.rounded else j) for c, j in judged]
    return judged


def _coincidence(
    view: CatalogView,
    number: TextNumber,
    group: Sequence[Candidate],
    *,
    counted: bool = False,
    faced: bool = False,
) -> float:
    """How likely one of `group`'s values falls in the number's interval by chance.

    The number's relative precision times how many of the values lie within a factor of
    three of it (a pair's equal values, or its superseded ones beside a current one, are
    no chance more):
    a one-digit count can never pick among pairs, a four-digit one can.
    A power of two in binary units is as likely as a wide interval (many quantities
    hold one), unless `counted`: `group` is all it could be about, its values counted.
    """
    counts = bool(group) and all(view.quantities[c.quantity].count for c in group)
    width = _chance_width(number, counts=counts, counted=counted, faced=faced)
    if width is None:
        return 1.0
    near = 0
    for candidate in group:
        close = [
            known
            for known in view.pair(candidate.subject, candidate.quantity)
            if (interval := interval_for(number, known)) is not None
            and known.value
            and NEAR <= abs(known.value / interval.value) <= 1 / NEAR
        ]
        # a fact and the value derived alike are one chance, and an old value beside a
        # current one no chance more
        current = len({known.value for known in close if known.current})
        near += current or min(len(close), 1)
    return width * max(near, 1)


def _chance_width(
    number: TextNumber, *, counts: bool, counted: bool, faced: bool = False
) -> float | None:
    """The number's relative precision, as a chance of falling on a value: a whole number
    said of counts is exact ("其中 80 个": 80, not 75–85); a power of two is as likely
    as one in two unless `counted`. None for zero or a number that is not finite."""
    value = abs(float(number.value))
    if value == 0 or not math.isfinite(value):
        return None
    width = float(number.high_bound - number.low_bound) / value
    whole = number.value == number.value.to_integral_value() and not number.approx
    if whole and counts:
        width = min(width, 1 / value)
    elif faced and whole and number.resolution > 1 and number.high is None:
        # "80 GB", "200 GB/s": trailing zeros may be written digits or mere places; as a
        # chance, between the two readings (75–85 GB and 79.5–80.5 GB)
        width = min(width, math.sqrt(width / value))
    if _round_in_hardware(number) and not counted:
        width = max(width, 0.5)
    return width


def _round_in_hardware(number: TextNumber) -> bool:
    """A power of two counted or sized in binary units: common to many quantities at once.

    128 lanes, 256 rows, 1024 bits, 64 MiB: such a number says little by its digits. A
    long one (524,288) says as much as any other number of its digits.
    """
    if number.value > ROUND_IN_HARDWARE or not power_of_two(number.value):
        return False
    return number.unit in (None, "", "bit", "B") or (number.unit or "").startswith(BINARY)


def _diagnosed(judgement: Judgement) -> bool:
    cause = judgement.cause or ""
    return judgement.verdict is Verdict.mismatched and cause.startswith(("a factor", "binary"))


_RESTATING = re.compile(
    r"^(?:[^,，;；.。()（）]{0,40}[,，])?\s*[(（]?\s*"
    r"(?:or|i\.e\.,?|that is,?|which is|about|roughly|approximately|around|nearly"
    r"|≈|~|即|约|也就是|也即|折合|相当于|大约)"
    r"(?:\s*(?:about|roughly|approximately|around|≈|~|约|大约))?\s*$",
    re.IGNORECASE,
)
"""Words between two numbers that make the second a restatement of the first:
"2,039 GB/s, or about 2 TB/s", "819 GB/s (about 0.82 TB/s)", "7,372.8 GB/s，约 7.4 TB/s",
"1,307.4 TFLOPS of dense BF16, that is ~1.3 PFLOPS" (the first number's own words, a
comma, a word that restates)."""


def counterpart(
    view: CatalogView,
    number: TextNumber,
    tied: Sequence[str],
    pair: tuple[str, str],
    named: frozenset[str] = frozenset(),
) -> Decision | None:
    """A number left unresolved right after a claim about another subject ("B200: 592.
    v7: 4.") is about the one pair the catalog compares with that claim's, of a subject
    its words tie on or that is `named` between the two.

    The catalog's structure, not the value, chooses it: a rule divides one by the other.
    The value then says whether the text agrees.
    """
    others = view.counterparts.get(pair, frozenset())
    tied_pairs = {Ref.parse(t).pair() for t in tied}
    chosen_pairs = sorted(
        (s, q)
        for s, q in others
        if (s, q) in tied_pairs or (s in named and compatible(number.unit, view.quantities[q].unit))
    )
    if len(chosen_pairs) != 1:
        return None
    subject, quantity = chosen_pairs[0]
    judgement = judge_pair(view, number, (subject, quantity))
    if judgement is None or not plausible(judgement):
        return None
    why = f"the catalog compares {subject} {quantity} with the {pair[0]} {pair[1]} just before it"
    chosen = _placed(subject, quantity, why, "its counterpart")
    return judgement.verdict, chosen, judgement, why, ()


_COMPARED_BETWEEN = re.compile(r"^\s*(?:对|(?i:vs\.?|versus|against))\s*$")
"""The word alone between two numbers compared side by side: "2,307 对 2,500", "16 vs 256"."""


def side_by_side(
    view: CatalogView,
    number: TextNumber,
    between: str,
    pair: tuple[str, str],
    subjects: Sequence[str],
) -> Decision | None:
    """A number set side by side with a claim just before it ("两个峰值(2,307 对 2,500)",
    "16 vs 256") is the same quantity of another subject the text compares (`subjects`, the
    ones it speaks of most, and those the sentence names): the one whose value it states,
    or the only other one that has the quantity.

    The structure chooses the quantity; the few subjects compared leave the value little
    to choose from.
    """
    if not _COMPARED_BETWEEN.match(between):
        return None
    subject, quantity = pair
    if number.unit and not compatible(number.unit, view.quantities[quantity].unit):
        return None
    own = view.family(subject)
    others = [  # a subject compared stands for its family: the B200's variants, the GB200
        member
        for member in dict.fromkeys(m for s in subjects for m in sorted(view.family(s)))
        if member not in own and view.pair(member, quantity)
    ]
    judged = [(s, judge_pair(view, number, (s, quantity))) for s in others]
    agreeing = [(s, j) for s, j in judged if j is not None and j.verdict in AGREEING]
    if len(agreeing) == 1:
        chosen_subject, judgement = agreeing[0]
    elif not agreeing and len(judged) == 1 and judged[0][1] is not None:
        chosen_subject, judgement = judged[0][0], judged[0][1]
        if not plausible(judgement):
            return None
    else:
        return None
    why = f"compared ({between.strip()}) with the {subject} {quantity} just before it"
    chosen = _placed(chosen_subject, quantity, why, "the quantity compared")
    return judgement.verdict, chosen, judgement, why, ()


_GLOSS = re.compile(
    r"^\s*[(（]\s*(?:官方|手册|标称|规格表?|数据表|白皮书|厂商|datasheet|spec(?:\s*sheet)?|official(?:ly)?"
    r"|rated|nominal|listed|vendor)?\s*[:：]?\s*$",
    re.IGNORECASE,
)
"""The words between a number and a bare one in brackets that glosses it: "(", "（官方"."""


def restated(
    view: CatalogView,
    number: TextNumber,
    between: str,
    pair: tuple[str, str],
    before: TextNumber | None = None,
) -> Decision | None:
    """A number that restates the one just before it (in another unit, rounded) is about
    the same pair, when the words between say so and its value agrees. A bare number in
    brackets right after it (`before`) is in its unit: "12.288 TFLOPS (12.3 on the
    datasheet)", "13.41 TFLOPS（手册 13.4）".

    Only an agreeing restatement is told: a disagreeing one may restate nothing.
    """
    if number.unit is None and before is not None and before.unit and _GLOSS.match(between):
        number = replace(number, unit=before.unit, unit_text=before.unit_text)
    elif not number.unit or not _RESTATING.match(between):
        return None
    if not compatible(number.unit, view.quantities[pair[1]].unit):
        return None
    judgement = judge_pair(view, number, pair)
    if judgement is None or judgement.verdict is Verdict.mismatched:
        return None
    words = between.strip() or "next to it"
    why = f"restates the number just before it ({words}), about {pair[0]} {pair[1]}"
    chosen = _placed(pair[0], pair[1], why, "the same quantity")
    return judgement.verdict, chosen, judgement, why, ()


_NOT_BETWEEN = re.compile(
    r"^[^\d,，;；.。!?！？()（）\n]{0,24}[,，]?\s*[(（]?\s*"
    r"(?:(?i:not|rather than|instead of)|而不是|而非|不是)"
    r"\s*(?:(?i:the)\s+|那个?|这个?)?[\"“「]?\s*$"
)
"""The words between a figure and the one it replaces: "512 GB/s, not 484", "864 GB/s (not
960)", "28 Xe-cores, not 32", "22.2 FLOP/B, not the 23.8" (the figure's own words, a comma
or a bracket, the word that sets them against each other)."""
_BUT_BETWEEN = re.compile(r"^\s*[\"”」]?\s*[,，;；]?\s*(?:(?i:but)|而是|是|，是)\s*$")
_NOT_BEFORE = re.compile(r"(?:(?<![A-Za-z])(?i:not)|不是)\s*[\"“「]?\s*$")
"""Around a figure that replaces one said before it: "not 484 but 512", "不是 18，是 19.5"."""


def contrasted(
    view: CatalogView,
    number: TextNumber,
    between: str,
    pair: tuple[str, str],
    *,
    before_first: str = "",
) -> Decision | None:
    """A number set against a claim about `pair`, the one replacing the other, is a
    figure of that pair too, however far from it its own words are: "Vega 64 is 512 GB/s,
    not 484", "the W7900 is 864 GB/s (not 960)", "不是 18，是 19.5 Gbps", "not 512 but 484".

    The words between the two (and `before_first`, the words before the first of them)
    must say so; the units must fit the pair; a mismatch must be one a writer could make.
    """
    if not (
        _NOT_BETWEEN.match(between)
        or (_BUT_BETWEEN.match(between) and _NOT_BEFORE.search(before_first[-12:]))
    ):
        return None
    if number.unit and not compatible(number.unit, view.quantities[pair[1]].unit):
        return None
    judgement = judge_pair(view, number, pair)
    if judgement is None or not plausible(judgement):
        return None
    why = f"set against the {pair[0]} {pair[1]} it replaces ({between.strip()})"
    chosen = _placed(pair[0], pair[1], why, "the same quantity")
    return judgement.verdict, chosen, judgement, why, ()


_DIVIDED_BY = re.compile(r"\s*(?:÷|over|divided\s+by|除以)\s*|\s+/\s+", re.IGNORECASE)
"""The words between a claim and the number it is divided by: "2,307 ÷ 7.37", "839 over
3.2", "989 / 4"; not a slash without spaces, which pairs figures ("312/624" dense and
sparse)."""


def divisor(
    view: CatalogView,
    number: TextNumber,
    between: str,
    pair: tuple[str, str],
    result_unit: str | None,
) -> Decision | None:
    """A number the claim just before it is divided by ("149.7 ÷ 0.696 ≈ 215 FLOP/B") is
    another quantity of that claim's subject, never of another chip.

    The quotient's unit, where the text writes one, leaves one dimension for it (TFLOP/s
    over FLOP/B: a bandwidth); the value then settles which of the subject's own quantities
    of that dimension it is, and only when a coincidence among them is unlikely. A bare
    divisor is read as the catalog writes each quantity, a prefix up or down.
    """
    if not _DIVIDED_BY.fullmatch(between):
        return None
    subject, dividend = pair
    numerator = view.quantities[dividend].unit
    pool = [
        _pair_by_value(subject, quantity)
        for quantity in view.quantities_of.get(subject, ())
        if quantity != dividend
        and fits_unit(view, number, quantity)
        and (
            result_unit is None
            or quotient_of(numerator, result_unit, view.quantities[quantity].unit)
        )
    ]
    if not pool or _coincidence(view, number, pool, counted=True) > COINCIDENCE:
        return None
    only = _only_agreeing(view, number, pool)
    if only is None:
        return None
    chosen, judgement = only
    kind = "of the dimension the quotient leaves" if result_unit else "the words allow"
    why = (
        f"{dividend} of {subject} is divided by it; of {subject}'s quantities {kind}, "
        f"its value agrees with {chosen.quantity} only"
    )
    chosen = _placed(subject, chosen.quantity, why, "its place in the quotient")
    return judgement.verdict, chosen, judgement, why, ()


def repeated(
    view: CatalogView, number: TextNumber, pair: tuple[str, str], tied: Sequence[str]
) -> Decision | None:
    """A number its words tie to `pair` among the `tied` (or name only tentatively), whose
    digits the same line resolves to that pair elsewhere ("4 颗 HBM2 … 4 × 8 ＝ 32 GB": the
    stacks, by the catalog's rule): the words and the computation both name it. Not where
    a tied pair of another quantity holds the value too (two peaks of one value: the
    repeat is either); another chip's equal figure is not what the line computes with."""
    judgement = judge_pair(view, number, pair)
    if judgement is None or judgement.verdict is Verdict.mismatched:
        return None
    for other in tied:
        subject, quantity = Ref.parse(other).pair()
        if quantity != pair[1]:
            again = judge_pair(view, number, (subject, quantity))
            if again is not None and again.verdict is not Verdict.mismatched:
                return None
    why = f"its words name {pair[0]} {pair[1]}, and the line resolves the same digits to it"
    chosen = _placed(pair[0], pair[1], why, "the same digits on the line")
    return judgement.verdict, chosen, judgement, why, ()
