"""Sentences a writer would type, judged against the course's catalog and an English one."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from pathlib import Path

import pytest
from catalogs import write_catalog
from conftest import run_cli

from db.known import loaded_view
from derive.text import CatalogView, CheckedNumber, Verdict, check_text
from derive.text.decide import decide
from derive.text.nonclaims import NonClaim
from derive.text.numbers import numbers_in_line
from derive.text.resolve import Candidate


def _claims(text: str, view: CatalogView) -> list[CheckedNumber]:
    return [r for r in check_text(text, view).results if r.is_claim]


def _one(text: str, view: CatalogView) -> CheckedNumber:
    (claim,) = _claims(text, view)
    return claim


def test_150_sms_on_a_b200_contradict_the_148_sms_of_its_sm_count(
    course_view: CatalogView,
) -> None:
    claim = _one("The B200 has 150 SMs.", course_view)
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.mismatched,
        "b200",  # the parent of gb200 and b200-hgx, which share its SM count
        "sm.count",
    )
    assert claim.judgement is not None and claim.judgement.known is not None
    assert claim.judgement.known.value == 148
    assert round(claim.judgement.difference or 0, 4) == round(2 / 148, 4)


def test_four_mxus_of_tpu_v7_are_the_tpus_count_not_a_gpu_quantity_of_value_4(
    course_view: CatalogView,
) -> None:
    claim = _one("TPU v7 has 4 MXUs.", course_view)
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.matched,
        "tpu-v7",
        "mxu.count",
    )


def test_a_table_cell_takes_its_subject_from_the_column_header(course_view: CatalogView) -> None:
    table = (
        "| quantity | TPU v7 | GB200 |\n"
        "|---|---|---|\n"
        "| HBM bandwidth | 7.37 TB/s | 8 TB/s |\n"
        "| SM count | — | 148 |\n"
    )
    claims = _claims(table, course_view)
    assert [(c.number.literal, c.verdict, c.subject, c.quantity) for c in claims] == [
        ("7.37 TB/s", Verdict.matched, "tpu-v7", "hbm.bandwidth"),
        ("8 TB/s", Verdict.matched, "gb200", "hbm.bandwidth"),
        ("148", Verdict.matched, "gb200", "sm.count"),
    ]


def test_the_texts_own_precision_decides_agreement(course_view: CatalogView) -> None:
    # 8 TB/s is 7.5–8.5 TB/s, but 8.192 TB/s is its binary reading, which the catalog
    # records as an alternative: the rounded 8 does not confirm it.
    binary = _one("The GB200 HBM bandwidth is 8.192 TB/s.", course_view)
    assert binary.verdict is Verdict.alternative
    # while an approximate 7.4 TB/s is the official 7.37 TB/s.
    assert _one("TPU v7 HBM bandwidth is about 7.4 TB/s.", course_view).verdict is Verdict.matched


def test_a_superseded_value_names_its_correction_and_date(course_view: CatalogView) -> None:
    claim = _one("The GB200 dense BF16 peak is 2,700 TFLOP/s.", course_view)
    assert claim.verdict is Verdict.superseded
    assert claim.judgement is not None and claim.judgement.correction is not None
    fix = claim.judgement.correction
    assert (fix.shown(), fix.date) == ("2,500 TFLOP/s", "2026-08-31")


def test_an_alternative_reading_is_said_as_such(course_view: CatalogView) -> None:
    claim = _one("GB200 HBM bandwidth: 8,192 GB/s.", course_view)
    assert (claim.verdict, claim.quantity) == (Verdict.alternative, "hbm.bandwidth")


def test_a_number_whose_words_name_nothing_is_unresolved_not_matched(
    course_view: CatalogView,
) -> None:
    # 4 is the value of many quantities; nothing here names one of them.
    claim = _one("We got 4 of them for the coffee.", course_view)
    assert claim.verdict is Verdict.unresolved


def test_the_subject_is_carried_to_the_next_lines(course_view: CatalogView) -> None:
    text = "TPU v7 is Google's seventh TPU.\nIts HBM bandwidth is 7.37 TB/s.\n"
    claim = _one(text, course_view)
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.matched,
        "tpu-v7",
        "hbm.bandwidth",
    )


def test_a_written_computation_is_read_as_the_catalogs_rule(course_view: CatalogView) -> None:
    claims = _claims("GB200: 2,500 ÷ 8 = 312.5 FLOP/byte.", course_view)
    assert [(c.number.digits, c.quantity, c.verdict) for c in claims] == [
        ("2,500", "peak.bf16_dense", Verdict.matched),
        ("8", "hbm.bandwidth", Verdict.matched),
        ("312.5", "ridge.hbm", Verdict.matched),
    ]


def test_english_sentences_against_another_catalog(english_view: CatalogView) -> None:
    text = (
        "The A100 has 108 SMs and 80 GB of HBM2e.\n"
        "The MI300X has 304 compute units and 5.3 TB/s of memory bandwidth.\n"
        "The A100 delivers 624 TFLOPS of dense BF16.\n"
    )
    claims = _claims(text, english_view)
    verdicts = [(c.number.digits, c.verdict, c.subject, c.quantity) for c in claims]
    assert verdicts[:4] == [
        ("108", Verdict.matched, "a100-sxm4-80gb", "sm.count"),
        ("80", Verdict.matched, "a100-sxm4-80gb", "hbm.capacity"),
        ("304", Verdict.matched, "mi300x", "cu.count"),
        ("5.3", Verdict.matched, "mi300x", "hbm.bandwidth"),
    ]
    dense = verdicts[4]
    assert (dense[1], dense[3]) == (Verdict.mismatched, "peak.bf16_dense")


def test_the_text_package_exports_what_it_says() -> None:
    import derive.text

    assert set(derive.text.__all__) == {
        "CatalogView",
        "CheckedNumber",
        "Judgement",
        "KnownValue",
        "NonClaim",
        "QuantityName",
        "SubjectName",
        "TextNumber",
        "TextReport",
        "TextTooLarge",
        "ValueKind",
        "Verdict",
        "check_text",
    }


def test_numbers_beyond_any_value_are_judged_without_a_crash(course_view: CatalogView) -> None:
    text = (
        "TPU v7 HBM bandwidth is 1e400 TB/s or 9.9e-400 GB/s.\n"
        f"GB200 peak {'9' * 5000} TFLOP/s, 99999999^99 and 10^99 bytes.\n"
    )
    results = check_text(text, course_view).results
    assert all(r.verdict is not Verdict.matched for r in results)
    assert results[1].number.value == Decimal("1e400")  # after the 7 of "v7"


def test_a_table_header_gives_its_cells_their_unit(english_view: CatalogView) -> None:
    # The row header says GB/s; the bare 2,039 is the A100's 2,039 GB/s, not 2,039 TB/s.
    table = "| | A100 SXM4 |\n|---|---:|\n| Memory bandwidth (GB/s) | 2,039 |\n"
    claim = _one(table, english_view)
    expected = (Verdict.matched, "a100-sxm4-80gb", "hbm.bandwidth", "GB/s")
    assert (claim.verdict, claim.subject, claim.quantity, claim.number.unit) == expected


def test_a_bare_number_is_read_at_the_writers_prefix(english_view: CatalogView) -> None:
    # 5,300 beside a catalog that writes 5.3 TB/s: the writer means GB/s, no prefix slipped.
    results = check_text("The MI300X reaches 1,307.4 ÷ 5,300 in TFLOP/s and GB/s.", english_view)
    bare = next(r for r in results.results if r.number.digits == "5,300")
    assert bare.verdict is not Verdict.mismatched
    assert not (bare.judgement and (bare.judgement.cause or "").startswith("a factor of 1000"))


def test_a_made_up_example_goes_on_until_a_subject_is_named(english_view: CatalogView) -> None:
    text = (
        "Suppose a kernel moves 1 GB and does 100 GFLOP of work. The transfer takes about "
        "0.19 ms. The MI300X's HBM3 delivers 5.3 TB/s."
    )
    results = {r.number.digits: r for r in check_text(text, english_view).results}
    assert results["0.19"].verdict is Verdict.non_claim
    assert results["5.3"].verdict is Verdict.matched


def test_a_number_that_names_its_quantity_repeats_no_earlier_number(
    english_view: CatalogView,
) -> None:
    # The second 8 is a count of stacks, not the 8 TB/s of the line before, read again.
    text = "The MI300X sits near 8 TB/s in some decks.\nThe MI300X uses 8 stacks of HBM3.\n"
    stacks = next(
        r for r in check_text(text, english_view).results if r.number.line == 2 and r.is_claim
    )
    assert (stacks.verdict, stacks.quantity, stacks.number.unit) == (
        Verdict.matched,
        "hbm.stacks",
        None,
    )


def test_a_restatement_in_another_unit_is_about_the_same_pair(english_view: CatalogView) -> None:
    claims = _claims("The A100 80GB reads its HBM2e at 2,039 GB/s, or about 2 TB/s.", english_view)
    assert [(c.number.literal, c.verdict, c.quantity) for c in claims] == [
        ("2,039 GB/s", Verdict.matched, "hbm.bandwidth"),
        ("2 TB/s", Verdict.matched, "hbm.bandwidth"),
    ]
    # a restatement whose value disagrees restates nothing: it is not called matched
    (_, other) = _claims(
        "The A100 80GB reads its HBM2e at 2,039 GB/s, or about 5 TB/s.", english_view
    )
    assert other.verdict is not Verdict.matched


def test_a_number_right_after_a_possessive_is_that_subjects(english_view: CatalogView) -> None:
    claims = _claims("The MI300X's 192 GB are 2.4 times the A100's 80 GB.", english_view)
    found = {c.number.literal: (c.verdict, c.subject, c.quantity) for c in claims}
    assert found["192 GB"] == (Verdict.matched, "mi300x", "hbm.capacity")
    assert found["80 GB"] == (Verdict.matched, "a100-sxm4-80gb", "hbm.capacity")


def test_a_derivation_from_official_inputs_is_as_strong_as_an_official_fact(
    second_view: CatalogView,
) -> None:
    # The second catalog plants 3.2768 Tbit/s (a bit/byte slip) beside the data sheet's
    # stacks, width and pin rate, which rebuild 3,276.8 GB/s: the text quoting the data
    # sheet is backed by that rebuild; the slip is the audit's to report, not the text's.
    claim = _one("The MI250X reaches 3,276.8 GB/s of HBM bandwidth.", second_view)
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.matched,
        "mi250x",
        "hbm.bandwidth",
    )
    assert claim.judgement is not None and claim.judgement.known is not None
    assert claim.judgement.known.kind.value == "derived"


def test_a_thousands_separator_does_not_end_the_numbers_clause(english_view: CatalogView) -> None:
    # "8,192-bit bus": the word after the number is its own, not another clause's
    claim = _one("The MI300X reads its HBM3 stacks over an 8,192-bit bus.", english_view)
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.matched,
        "mi300x",
        "hbm.bus_width",
    )


def test_a_long_lines_subject_stays_its_own(english_view: CatalogView) -> None:
    # the name is more than the resolution window before the number, on the same line
    filler = "it is built from chiplets stacked on an interposer, as its maker explains " * 4
    line = f"The MI300X is another kind of part: {filler}and it carries 192 GB of HBM3."
    claim = _one(line, english_view)
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.matched,
        "mi300x",
        "hbm.capacity",
    )


def test_a_count_written_with_a_classifier_is_never_a_figure_of_another_dimension(
    english_view: CatalogView,
) -> None:
    # "48 颗" counts things: Gaudi 2's 48 MB of SRAM beside it is no confirmation
    counted = _one("Gaudi 2 的 SRAM 容量分成 48 颗。", english_view)
    assert counted.verdict is Verdict.unresolved
    # while a count the catalog holds is still found by the classifier's number
    stacks = _one("Gaudi 2 用了 6 颗 HBM。", english_view)
    assert (stacks.verdict, stacks.subject, stacks.quantity) == (
        Verdict.matched,
        "gaudi2",
        "hbm.stacks",
    )


def _chip(
    ident: str,
    name: str,
    facts: Sequence[tuple[str, ...]],
    *,
    aliases: str = "",
    kind: str = "chip",
) -> str:
    """A subject file of one made-up chip: facts as (quantity, value[, tier])."""
    head = f"subject:\n  id: {ident}\n  name: {name}\n  kind: {kind}\n"
    if aliases:
        head += f"  aliases: [{aliases}]\n"
    return (
        head
        + "facts:\n"
        + "".join(
            f"  - id: {ident}.{fact[0]}\n    quantity: {fact[0]}\n    value: {fact[1]}\n"
            f"    source: vendor-sheet\n    tier: {fact[2] if len(fact) > 2 else 'official'}\n"
            for fact in facts
        )
    )


def _quantity(ident: str, name: str, unit: str) -> str:
    """A quantities.yaml declaring one quantity of the catalog's own."""
    return f"quantities:\n  - id: {ident}\n    name: {name}\n    unit: {unit}\n"


def _loaded(
    tmp_path: Path, files: dict[str, str | bytes], rules: str = "--no-standard-rules"
) -> CatalogView:
    """The view of a small catalog written under `tmp_path` and loaded with `rules`."""
    catalog = write_catalog(tmp_path / "c", files)
    url = f"sqlite:///{tmp_path / 'c.sqlite'}"
    loaded = run_cli("load", str(catalog), "--db", url, rules)
    assert loaded.exit_code == 0, loaded.stderr
    return loaded_view(url)


def _chip_a(
    tmp_path: Path,
    facts: Sequence[tuple[str, ...]],
    quantities: str = "",
    *,
    rules: str = "--no-standard-rules",
) -> CatalogView:
    """The view of a catalog of one made-up chip, Chip A, with `facts` (and `quantities`,
    a quantities.yaml of its own), loaded with `rules`."""
    files: dict[str, str | bytes] = {"subjects/chip-a.yaml": _chip("chip-a", "Chip A", facts)}
    if quantities:
        files["quantities.yaml"] = quantities
    return _loaded(tmp_path, files, rules)


def _chips_a_b(
    tmp_path: Path,
    a_facts: Sequence[tuple[str, ...]],
    b_facts: Sequence[tuple[str, ...]],
    quantities: str = "",
    *,
    rules: str = "--no-standard-rules",
) -> CatalogView:
    """The view of a catalog of two made-up chips, Chip A and Chip B, with their facts (and
    `quantities`, a quantities.yaml of its own), loaded with `rules`."""
    files: dict[str, str | bytes] = {
        "subjects/chip-a.yaml": _chip("chip-a", "Chip A", a_facts),
        "subjects/chip-b.yaml": _chip("chip-b", "Chip B", b_facts),
    }
    if quantities:
        files["quantities.yaml"] = quantities
    return _loaded(tmp_path, files, rules)


def _pin_chip(tier: str) -> str:
    facts = [
        ("hbm.bandwidth", "8 TB/s", "inferred"),
        ("hbm.stacks", "8", tier),
        ("hbm.interface_width", "1024 bit", tier),
        ("hbm.pin_rate", "7.2 Gbit/s", tier),
    ]
    return _chip("chip-x", "Chip X", facts, aliases="Xeno")


@pytest.mark.parametrize(
    ("inputs", "verdict"), [("inferred", "matched"), ("official", "mismatched")]
)
def test_a_rebuild_overrules_a_stated_figure_only_when_its_inputs_are_stronger(
    tmp_path: Path, inputs: str, verdict: str
) -> None:
    # 8 × 1024 bit × 7.2 Gbit/s = 7,372.8 GB/s contradicts the stated, inferred 8 TB/s.
    # From inferred inputs the rebuild is no stronger than the figure: the text quoting
    # the figure is backed by it (the conflict is the audit's); from official ones it wins.
    view = _loaded(tmp_path, {"subjects/chip-x.yaml": _pin_chip(inputs)}, "--standard-rules")
    claim = _one("Xeno has an HBM bandwidth of 8 TB/s.", view)
    assert (claim.verdict.value, claim.quantity) == (verdict, "hbm.bandwidth")


@pytest.mark.parametrize(
    "text",
    [
        "The A100 and the MI300X carry 80 and 128 GB of HBM respectively.",
        "A100 vs MI300X: 80 GB vs 128 GB of HBM.",
        "A100 与 MI300X 的 HBM 容量分别是 80 GB 和 128 GB。",
    ],
)
def test_numbers_listed_in_the_order_of_listed_subjects_are_theirs(
    english_view: CatalogView, text: str
) -> None:
    # the second number is the MI300X's, so 128 GB contradicts its 192 GB rather than
    # going unresolved between two subjects that both fail to hold it
    first, second = _claims(text, english_view)
    assert (first.verdict, first.subject, first.quantity) == (
        Verdict.matched,
        "a100-sxm4-80gb",
        "hbm.capacity",
    )
    assert (second.verdict, second.subject, second.quantity) == (
        Verdict.mismatched,
        "mi300x",
        "hbm.capacity",
    )
    assert "number 2 of a list in the order of" in second.why


def test_a_list_without_respectively_pairs_nothing(english_view: CatalogView) -> None:
    claims = _claims(
        "The A100 and the MI300X came out in different years, 80 and 96.", english_view
    )
    assert all("of a list in the order of" not in c.why for c in claims)


def test_the_bare_numbers_of_a_list_take_the_unit_of_its_last(english_view: CatalogView) -> None:
    # "80 and 192 GB": the 80 is in GB too, read as written, not as the catalog writes it
    first, _ = _claims(
        "The A100 and the MI300X carry 80 and 192 GB of HBM respectively.", english_view
    )
    assert first.verdict is Verdict.matched
    assert "the text gives no unit" not in first.why


def test_a_number_changed_to_another_takes_its_unit(tmp_path: Path) -> None:
    # "from 400 to 390.6 OP/B": the 400 is an intensity in OP/B too, the INT8 ridge
    facts = [
        ("peak.bf16_dense", "320 TFLOPS"),
        ("peak.int8_dense", "640 TOPS"),
        ("hbm.bandwidth", "1.6 TB/s"),
    ]
    view = _chip_a(tmp_path, facts, rules="--standard-rules")
    for text in (
        "Read in binary, Chip A's ridges move from 200 to 195.3 FLOP/B and from 400 to 390.6 OP/B.",
        "按二进制读，Chip A 的两个拐点从 200 到 195.3 FLOP/B、从 400 到 390.6 OP/B。",
    ):
        said = {c.number.digits: c for c in _claims(text, view)}
        assert (said["400"].verdict, said["400"].quantity) == (
            Verdict.matched,
            "ridge.hbm_int8",
        ), said["400"].why
        assert (said["200"].verdict, said["200"].quantity) == (Verdict.matched, "ridge.hbm")


def test_snake_case_keys_of_a_code_block_name_subjects_and_quantities(tmp_path: Path) -> None:
    # a benchmark's spec file quoted in a text: `zeta_nx_16gb` is Zeta NX 16GB, and
    # `tensor_cores` its Tensor Cores, as if written with spaces
    cores = [("cuda_core.count", "1024"), ("tensor_core.count", "32")]
    files: dict[str, str | bytes] = {
        "subjects/zeta.yaml": _chip("zeta-nx-16gb", "Zeta NX 16GB", cores),
        "subjects/omega.yaml": _chip(
            "omega", "Omega", [("cuda_core.count", "2048"), ("tensor_core.count", "64")]
        ),
    }
    view = _loaded(tmp_path, files)
    text = "```yaml\nzeta_nx_16gb:\n  cuda_cores: 1024\n  tensor_cores: 32\n```"
    said = {c.number.digits: c for c in _claims(text, view)}
    assert [(c.verdict, c.subject, c.quantity) for c in (said["1024"], said["32"])] == [
        (Verdict.matched, "zeta-nx-16gb", "cuda_core.count"),
        (Verdict.matched, "zeta-nx-16gb", "tensor_core.count"),
    ]
    # the same keys under another subject's key are that subject's, and 32 is not its 64
    other = {c.number.digits: c for c in _claims(text.replace("zeta_nx_16gb", "omega"), view)}
    assert other["32"].subject != "zeta-nx-16gb"


def test_a_limit_states_its_own_value_and_allows_the_values_within_it(
    second_view: CatalogView,
) -> None:
    # the HBM3 standard's pin rate is "≤6.4 Gbit/s": a limit, not a point of 6.35–6.45
    limit = _one("HBM3 allows at most 6.4 Gbit/s per pin.", second_view)
    assert (limit.verdict, limit.subject, limit.quantity) == (
        Verdict.matched,
        "hbm3",
        "hbm.pin_rate",
    )
    within = _one("An HBM3 pin runs at 5.2 Gbit/s.", second_view)
    assert within.verdict is Verdict.unresolved
    assert "within the limit ≤6.4 Gbit/s" in within.why
    beyond = _one("An HBM3 pin runs at 7.2 Gbit/s.", second_view)
    assert (beyond.verdict, beyond.subject) == (Verdict.mismatched, "hbm3")


@pytest.mark.parametrize(
    "text",
    [
        "The MI300X is AMD's part.\n\nIts HBM3 runs at 5.2 Gbit/s per pin.",
        "MI300X 是 AMD 的旗舰。\n\n它的 HBM3 每个引脚跑 5.2 Gbit/s。",
    ],
)
def test_its_points_back_at_the_subject_the_paragraph_before_opened_with(
    second_view: CatalogView, text: str
) -> None:
    # "its HBM3": the memory standard is named as a part of the MI300X, whose pin rate it is
    claim = _one(text, second_view)
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.matched,
        "mi300x",
        "hbm.pin_rate",
    )
    assert "(the mi300x spoken of before)" in claim.why


def test_a_made_up_example_goes_on_in_a_sentence_that_works_with_its_numbers(
    second_view: CatalogView,
) -> None:
    worked = check_text(
        "Suppose a kernel reads 4 GB of data. On the MI300X that takes 4 ÷ 5,300 ≈ 0.75 ms.",
        second_view,
    ).results
    assert {r.number.literal: r.non_claim for r in worked}["0.75 ms"] is NonClaim.illustrative
    # a sentence that names a chip and takes up none of the example's numbers states facts
    stated = _claims("Suppose a kernel reads 4 GB of data. The MI300X moves 5.3 TB/s.", second_view)
    assert [(c.number.literal, c.verdict, c.subject) for c in stated] == [
        ("5.3 TB/s", Verdict.matched, "mi300x")
    ]


def test_a_whole_factor_of_a_computation_is_exact(second_view: CatalogView) -> None:
    # "× 2" is two FLOP per MAC, not a clock of 1.5–2.5 GHz that a bare 2 would allow
    results = check_text(
        "TPU v5e 的频率要倒推：197 TFLOPS ÷（65,536 × 2）≈ 1.50 GHz。", second_view
    )
    found = {r.number.literal: (r.verdict, r.quantity, r.non_claim) for r in results.results}
    assert found["1.50 GHz"] == (Verdict.matched, "clock.boost", None)
    # the rule peak ÷ (MACs × 2 FLOP/MAC) reads the 2 as its constant
    assert found["2"] == (Verdict.non_claim, None, NonClaim.constant)


def test_a_table_row_wrapped_onto_the_next_line_keeps_its_columns(
    english_view: CatalogView,
) -> None:
    table = (
        "| quantity | A100 | MI300X |\n"
        "|---|---|---|\n"
        "| HBM capacity | 80 GB |\n"  # the row goes on in the next line
        "128 GB |\n"
        "HBM bandwidth | 2,039 GB/s | 4.0 TB/s |\n"  # a row without its leading pipe
    )
    # the wrong figures are the MI300X's by their column, so they are contradictions,
    # not numbers of a paragraph that names two chips
    claims = _claims(table, english_view)
    assert [(c.number.literal, c.verdict, c.subject, c.quantity) for c in claims] == [
        ("80 GB", Verdict.matched, "a100-sxm4-80gb", "hbm.capacity"),
        ("128 GB", Verdict.mismatched, "mi300x", "hbm.capacity"),
        ("2,039 GB/s", Verdict.matched, "a100-sxm4-80gb", "hbm.bandwidth"),
        ("4.0 TB/s", Verdict.mismatched, "mi300x", "hbm.bandwidth"),
    ]


def test_a_bracket_in_a_written_computation_divides_all_it_holds(
    second_view: CatalogView,
) -> None:
    # bandwidth × 8 (bytes made bits) ÷ (stacks × width) = pin rate: the rule, read
    claims = _claims(
        "The MI250X works back to its pin rate: 3,276.8 GB/s × 8 ÷ (8 × 1,024) = 3.2 Gbit/s.",
        second_view,
    )
    found = {c.number.literal: (c.verdict, c.quantity) for c in claims}
    assert found == {
        "3,276.8 GB/s": (Verdict.matched, "hbm.bandwidth"),
        "8": (Verdict.matched, "hbm.stacks"),
        "1,024": (Verdict.matched, "hbm.interface_width"),
        "3.2 Gbit/s": (Verdict.matched, "hbm.pin_rate"),
    }


def test_how_long_a_made_up_examples_work_takes_is_the_examples(
    second_view: CatalogView,
) -> None:
    results = check_text(
        "Suppose a kernel reads 4 GB of data. On the MI300X the transfer takes 0.75 ms.",
        second_view,
    ).results
    assert {r.number.literal: r.non_claim for r in results}["0.75 ms"] is NonClaim.illustrative


def test_a_unit_conversion_a_recognised_computation_leaves_out_is_a_constant(
    second_view: CatalogView,
) -> None:
    results = check_text(
        "MI250X: 3,276.8 × 8 ÷ (8 × 1,024) = 3.2 Gbit/s per pin.", second_view
    ).results
    eights = [r for r in results if r.number.literal == "8"]
    assert [r.non_claim for r in eights] == [NonClaim.constant, None]
    assert (eights[1].verdict, eights[1].quantity) == (Verdict.matched, "hbm.stacks")


@pytest.mark.parametrize(
    "text",
    [
        "MI300X 是 AMD 的旗舰。\n\n变的是显存：8 颗 HBM3，引脚速率 5.2 Gbit/s。",
        "The MI300X is AMD's flagship.\n\nIt has 8 stacks of HBM3, whose pins run at 5.2 Gbit/s.",
    ],
)
def test_a_memory_standard_counted_as_a_part_is_not_the_subject(
    second_view: CatalogView, text: str
) -> None:
    # "8 颗 HBM3": the memory the chip is built of; its pin rate is the chip's, not the
    # standard's limit
    claim = next(c for c in _claims(text, second_view) if c.number.literal == "5.2 Gbit/s")
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.matched,
        "mi300x",
        "hbm.pin_rate",
    )


def test_a_quantity_set_equal_to_a_number_is_what_the_number_is(fourth_view: CatalogView) -> None:
    # "label = N" names the number's quantity as firmly as a label can: the subject
    # carried from the paragraph before is enough once the value agrees
    for text, quantity in (
        ("We start from the H100 SXM5.\n\nThere, CUDA cores per SM = 128.", "cuda_core.per_sm"),
        ("We start from the H100 SXM5.\n\nThere, tensor cores per SM = 4.", "tensor_core.per_sm"),
    ):
        claim = _one(text, fourth_view)
        assert (claim.verdict, claim.subject, claim.quantity) == (
            Verdict.matched,
            "h100-sxm5-80gb",
            quantity,
        ), claim.why


def test_a_number_that_begins_a_product_is_not_set_equal_to_the_term_before(
    fourth_view: CatalogView,
) -> None:
    # "bandwidth = 1024 × 9.6 Gb/s": 1024 is a factor of the bandwidth, not the bandwidth;
    # of HBM3E's own quantities it is the value of one, its interface width
    text = "Per stack, the HBM3E bandwidth = 1024 × 9.6 Gb/s."
    (factor,) = [r for r in check_text(text, fourth_view).results if r.number.digits == "1024"]
    assert (factor.verdict, factor.subject, factor.quantity) == (
        Verdict.matched,
        "hbm3e",
        "hbm.interface_width",
    ), factor.why


def test_a_bracket_after_a_number_that_computes_it_is_read_by_the_rule_its_words_name(
    course_view: CatalogView,
) -> None:
    # The register file and the shared memory of the B200 are both 256 KiB × 148 SMs =
    # 37 MiB: the words beside the computation say which rule the bracket writes
    claims = _claims("The B200's register file is 37 MiB (256 KiB × 148).", course_view)
    assert [(c.number.literal, c.verdict, c.subject, c.quantity) for c in claims] == [
        ("37 MiB", Verdict.matched, "b200", "registers.capacity"),
        ("256 KiB", Verdict.matched, "b200", "registers.per_sm"),
        ("148", Verdict.matched, "b200", "sm.count"),
    ]
    shared = _claims("B200 的共享内存 37 MiB（256 KiB × 148）。", course_view)
    assert [c.quantity for c in shared] == [
        "l1smem.capacity",
        "l1smem.capacity_per_sm",
        "sm.count",
    ]
    # without its closing bracket the gloss is not a computation
    (left_open, *_) = _claims("The B200's register file is 37 MiB (256 KiB × 148 and", course_view)
    assert left_open.why != claims[0].why


def test_a_count_of_whole_things_is_never_read_as_a_width_in_bits(
    course_view: CatalogView,
) -> None:
    # 颗 counts chips and stacks; 根 (wires) may count the bits of an interface
    (stacks,) = [
        r
        for r in check_text("TPU v7 的 HBM 一共 8 颗。", course_view).results
        if r.number.unit == ""
    ]
    assert "tpu-v7:hbm.interface_width" not in stacks.candidates
    assert stacks.verdict is not Verdict.matched or stacks.quantity == "hbm.stacks"
    wires = _one("TPU v7 的每颗 HBM stack 有 1024 根数据线。", course_view)
    assert (wires.subject, wires.quantity) == ("tpu-v7", "hbm.interface_width")


def test_a_bare_number_repeated_after_a_computation_resolved_it_means_the_same(
    course_view: CatalogView,
) -> None:
    text = "TPU v7 每个 ICI 轴的带宽 400 GB/s ＝ 1,200 ÷ 3 个轴；别把它和 1,200 混为一谈。"
    first, again = [r for r in check_text(text, course_view).results if r.number.digits == "1,200"]
    assert (first.subject, first.quantity) == ("tpu-v7", "ici.bandwidth_per_chip")
    assert (again.verdict, again.subject, again.quantity) == (
        Verdict.matched,
        "tpu-v7",
        "ici.bandwidth_per_chip",
    )
    assert "repeats the 1,200" in again.why


def test_a_number_of_times_is_a_ratio_never_a_count(fourth_view: CatalogView) -> None:
    # "132 倍" says how many times more, whatever is counted: not the 132 SMs
    ratio = _one("H100 SXM5 的 SM 比上一代多 132 倍。", fourth_view)
    assert (ratio.verdict, ratio.quantity) == (Verdict.unresolved, None)
    count = _one("H100 SXM5 的 SM 有 132 个。", fourth_view)
    assert (count.verdict, count.subject, count.quantity) == (
        Verdict.matched,
        "h100-sxm5-80gb",
        "sm.count",
    )


def test_a_scaled_number_written_again_is_the_same_number(course_view: CatalogView) -> None:
    # "671B" again, paragraphs later and beside words that name another quantity
    # (weights, as an MXU loads them): the same literal means the same pair
    text = (
        "DeepSeek V3 一共 671B 参数。\n\n"
        "TPU v7 的 MXU 装一次权重要 256 个周期。\n\n"
        "而 671B 的权重都得放进显存。"
    )
    first, again = [r for r in check_text(text, course_view).results if r.number.digits == "671"]
    assert (first.subject, first.quantity) == ("deepseek-v3", "model.params_total")
    assert (again.verdict, again.subject, again.quantity) == (
        Verdict.matched,
        "deepseek-v3",
        "model.params_total",
    )
    assert again.why == "repeats the 671B of line 1"


_COMPARED_CHIPS = {
    "sources.yaml": (
        "sources:\n"
        "  - id: h100-datasheet\n    title: NVIDIA H100 Tensor Core GPU datasheet\n"
        "    kind: vendor-doc\n    publisher: NVIDIA\n"
        "  - id: cdna3-paper\n    title: AMD CDNA 3 architecture white paper\n"
        "    kind: vendor-doc\n    publisher: AMD\n"
    ),
    "quantities.yaml": (
        "quantities:\n"
        "  - {id: sm.count, name: SM count, name_zh: SM 数, count: true}\n"
        "  - {id: tensor_core.count, name: Tensor cores, synonyms: [tensor core], count: true}\n"
        "  - {id: tensor_core.per_sm, name: Tensor cores per SM, count: true}\n"
        "  - {id: cu.count, name: Compute units, synonyms: [CU], count: true}\n"
        "  - {id: matrix_core.count, name: Matrix cores, count: true}\n"
        "  - {id: matrix_core.per_cu, name: Matrix cores per CU, count: true}\n"
        "  - {id: compare.matrix_unit_ratio, name: 'Matrix units, one over the other'}\n"
    ),
    "subjects/h100.yaml": (
        "subject: {id: h100, name: NVIDIA H100 SXM5, kind: chip, aliases: [H100]}\n"
        "facts:\n"
        + "".join(
            f"  - {{id: h100.{q}, quantity: {q}, value: {v}, source: h100-datasheet, "
            "tier: official}\n"
            for q, v in (("sm.count", 132), ("tensor_core.count", 528), ("tensor_core.per_sm", 4))
        )
    ),
    "subjects/mi300x.yaml": (
        "subject: {id: mi300x, name: AMD Instinct MI300X, kind: chip, aliases: [MI300X]}\n"
        "facts:\n"
        + "".join(
            f"  - {{id: mi300x.{q}, quantity: {q}, value: {v}, source: cdna3-paper, "
            "tier: official}\n"
            for q, v in (("cu.count", 304), ("matrix_core.count", 1216), ("matrix_core.per_cu", 4))
        )
    ),
    "subjects/h100-vs-mi300x.yaml": (
        "subject: {id: h100-vs-mi300x, name: H100 against MI300X, kind: other}\n"
    ),
    "rules/compare.yaml": (
        "rules:\n"
        "  - id: compare.matrix_unit_ratio.mi300x-over-h100\n"
        "    output: compare.matrix_unit_ratio\n"
        "    formula: mi300x:matrix_core.count / h100:tensor_core.count\n"
        "    subjects: [h100-vs-mi300x]\n"
        "    description: How many times more matrix units the MI300X has than the H100.\n"
    ),
}


def test_a_number_right_after_a_claim_on_another_subject_is_its_counterpart(
    tmp_path: Path,
) -> None:
    # The catalog divides the MI300X's matrix cores by the H100's tensor cores: said
    # side by side, "MI300X: 1216" is its matrix cores, not its CUs or cores per CU
    for name, content in _COMPARED_CHIPS.items():
        path = (
            tmp_path / ("rules" if name.startswith("rules/") else "c") / name.removeprefix("rules/")
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    catalog = tmp_path / "c"
    url = f"sqlite:///{tmp_path / 'c.sqlite'}"
    loaded = run_cli(
        "load", str(catalog), "--db", url, "--no-standard-rules", "--rules", str(tmp_path / "rules")
    )
    assert loaded.exit_code == 0, loaded.stderr
    view = loaded_view(url)
    for text, value, verdict in (
        ("Side by side: the H100 has 528 tensor cores; the MI300X has 1216.", "1216", "matched"),
        ("Side by side: the H100 has 528 tensor cores; the MI300X has 1200.", "1200", "mismatched"),
        ("两边并排看：H100 有 528 个 tensor core，MI300X 有 1200 个。", "1200", "mismatched"),
    ):
        (other,) = [r for r in check_text(text, view).results if r.number.digits == value]
        assert (other.verdict.value, other.subject, other.quantity) == (
            verdict,
            "mi300x",
            "matrix_core.count",
        ), other.why
    # with no claim on the other chip just before, the words alone do not say which count
    alone = check_text("Side by side: the MI300X has 1200.", view).results
    assert [r.verdict for r in alone if r.number.digits == "1200"] == [Verdict.unresolved]


def test_a_number_after_a_claim_on_another_chip_takes_the_quantity_compared_with_it(
    course_view: CatalogView,
) -> None:
    for text in (
        "Matrix units, side by side: the B200 has 592 tensor cores; TPU v7 has 4.",
        "比一比两边的矩阵单元：B200 有 592 个 tensor core，TPU v7 有 4 个。",
    ):
        claims = _claims(text, course_view)
        assert [(c.verdict, c.subject, c.quantity) for c in claims] == [
            (Verdict.matched, "b200", "tensor_core.count"),
            (Verdict.matched, "tpu-v7", "mxu.count"),
        ]
        # the catalog's comparison, not the value, chooses the pair: a wrong 6 is told
        wrong = _claims(text.replace("4", "6"), course_view)[1]
        assert (wrong.verdict, wrong.subject, wrong.quantity) == (
            Verdict.mismatched,
            "tpu-v7",
            "mxu.count",
        )
        assert "compares" in wrong.why


def test_a_memory_standard_counted_after_a_number_names_the_count_of_its_stacks(
    fourth_view: CatalogView,
) -> None:
    # "6 颗 HBM3E": the standard's family word (the HBM of "HBM stacks") names the count
    claims = _claims("H200 的显存：6 颗 HBM3E，共 141 GB。", fourth_view)
    assert [(c.verdict, c.subject, c.quantity) for c in claims] == [
        (Verdict.matched, "h200-sxm-141gb", "hbm.stacks"),
        (Verdict.matched, "h200-sxm-141gb", "hbm.capacity"),
    ]


def test_a_memory_standard_named_as_a_part_is_no_subject_for_the_rest_of_its_line(
    fourth_view: CatalogView,
) -> None:
    text = "MI325X 起初说是 288 GB HBM3E。后来写成 256 GB，带宽 6 TB/s 没变。"
    bandwidth = [r for r in check_text(text, fourth_view).results if r.number.digits == "6"]
    assert [(r.verdict, r.subject, r.quantity) for r in bandwidth][-1] == (
        Verdict.matched,
        "mi325x",
        "hbm.bandwidth",
    )


def test_a_vendor_of_one_product_in_the_catalog_names_that_product(
    fourth_view: CatalogView,
) -> None:
    claim = _one("AMD 的显存带宽是 6 TB/s。", fourth_view)
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.matched,
        "mi325x",
        "hbm.bandwidth",
    )
    assert "'AMD' in the sentence" in claim.why
    # NVIDIA makes three of its chips: the vendor names none of them
    nvidia = _one("NVIDIA quotes 3.35 TB/s of memory bandwidth.", fourth_view)
    assert nvidia.verdict is Verdict.unresolved


def test_a_capital_word_only_one_subjects_name_holds_names_it(course_view: CatalogView) -> None:
    # "HGX" stands in the name of the HGX B200 alone
    claim = _one("On the HGX board the clock was measured at 1.83 GHz.", course_view)
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.matched,
        "b200-hgx",
        "clock.boost",
    )
    assert "'hgx' in the sentence" in claim.why


def test_per_chip_names_a_labels_scope(course_view: CatalogView) -> None:
    # "chip" alone names no quantity; "per chip" tells the chip's ICI from an axis's
    claim = _one("TPU v7 moves 1,200 GB/s per chip over its links.", course_view)
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.matched,
        "tpu-v7",
        "ici.bandwidth_per_chip",
    )


def test_a_vendor_in_a_row_header_names_its_one_product(fourth_view: CatalogView) -> None:
    table = "| Part | Memory bandwidth (TB/s) |\n|---|---|\n| AMD flagship | 6 |\n"
    claim = _one(table, fourth_view)
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.matched,
        "mi325x",
        "hbm.bandwidth",
    )


def _array_chip() -> str:
    facts = [
        ("tensorcore.count", "2"),
        ("mxu.per_core", "4"),
        ("mxu.dim", "128"),
        ("mxu.mac_per_cell", "1 MAC/cycle"),
    ]
    return _chip("chip-z", "Chip Z", facts, aliases="Zeta")


def test_a_computation_may_work_out_one_input_by_its_own_rule(tmp_path: Path) -> None:
    # MACs per cycle = cores × MXUs per core × MACs per MXU, and MACs per MXU = side² ×
    # MACs per cell: a writer shows the side twice and leaves the one MAC per cell out
    view = _loaded(tmp_path, {"subjects/chip-z.yaml": _array_chip()}, "--standard-rules")
    for text in (
        "Zeta does 2 × 4 × 128 × 128 = 131,072 MACs per cycle.",
        "Zeta：2 × 4 × 128 × 128 ＝ 每周期 131,072 次乘加。",
        "Zeta 每拍做 2 × 4 × 128 × 128 ＝ 131,072 次乘加。",  # the rate said before the sum
        "Per cycle, Zeta does 2 × 4 × 128 × 128 = 131,072 MACs.",
    ):
        right = _claims(text, view)
        assert [(c.number.digits, c.verdict, c.quantity) for c in right] == [
            ("2", Verdict.matched, "tensorcore.count"),
            ("4", Verdict.matched, "mxu.per_core"),
            ("128", Verdict.matched, "mxu.dim"),
            ("128", Verdict.matched, "mxu.dim"),
            ("131,072", Verdict.matched, "mac.per_cycle"),
        ]
    wrong = _claims("Zeta does 2 × 4 × 256 × 256 = 524,288 MACs per cycle.", view)
    assert [(c.number.digits, c.verdict, c.quantity) for c in wrong] == [
        ("2", Verdict.matched, "tensorcore.count"),
        ("4", Verdict.matched, "mxu.per_core"),
        ("256", Verdict.mismatched, "mxu.dim"),
        ("256", Verdict.mismatched, "mxu.dim"),
        ("524,288", Verdict.mismatched, "mac.per_cycle"),
    ]


def test_a_computation_about_one_chip_is_no_rule_of_a_chip_no_word_names(
    tmp_path: Path,
) -> None:
    # Chip A's bandwidth is rebuilt from 4 stacks of 1024 bits; the sum below is about
    # Chip B, whose HBM the catalog does not describe: its 4 and 1024 are not Chip A's
    hbm = [("hbm.stacks", "4"), ("hbm.interface_width", "1024 bit"), ("hbm.pin_rate", "2 Gbit/s")]
    view = _chips_a_b(tmp_path, hbm, [("sm.count", "80")], rules="--standard-rules")
    text = "Chip B: 4 × 1024 × 3.2 / 8 = 1638.4 GB/s."
    claims = _claims(text, view)
    assert all(c.subject != "chip-a" for c in claims), [(c.number.digits, c.why) for c in claims]
    # said of Chip A, the same sum is its rule, and its 3.2 a contradiction of the 2 Gbit/s
    said = {c.number.digits: c for c in _claims(text.replace("Chip B", "Chip A"), view)}
    assert (said["4"].subject, said["4"].quantity) == ("chip-a", "hbm.stacks")
    assert (said["1024"].verdict, said["1024"].quantity) == (Verdict.matched, "hbm.interface_width")


def test_a_computation_may_give_several_inputs_as_the_one_quantity_they_make(
    tmp_path: Path,
) -> None:
    # peak = SMs × Tensor Cores per SM × MACs per Tensor Core × 2 × clock, written with the
    # SMs and Tensor Cores per SM as the Tensor Cores they make: the 2 is FLOP per MAC
    facts = [
        ("sm.count", "46"),
        ("tensor_core.per_sm", "4"),
        ("tensor_core.mac_per_cycle", "128 MAC/cycle"),
        ("clock.boost", "2.475 GHz"),
    ]
    view = _loaded(
        tmp_path, {"subjects/gpu-q.yaml": _chip("gpu-q", "GPU Q", facts)}, "--standard-rules"
    )
    for text in (
        "GPU Q: 184 × 128 × 2 × 2.475 GHz ≈ 116.6 TFLOPS of dense FP16.",
        "GPU Q 的稠密 FP16：184 × 128 × 2 × 2.475 GHz ≈ 116.6 TFLOPS。",
    ):
        checked = check_text(text, view, "t").results
        assert [
            (c.number.digits, c.verdict, c.quantity) for c in checked if c.number.digits != "16"
        ] == [
            ("184", Verdict.matched, "tensor_core.count"),
            ("128", Verdict.matched, "tensor_core.mac_per_cycle"),
            ("2", Verdict.non_claim, None),
            ("2.475", Verdict.matched, "clock.boost"),
            ("116.6", Verdict.matched, "peak.bf16_dense"),
        ]


def test_a_bare_number_written_with_a_power_of_ten_carries_no_prefix(
    english_view: CatalogView,
) -> None:
    # 1,307.4 × 10^12 beside a peak the catalog writes in TFLOP/s is FLOP/s, not 10^12 times it
    for text, verdict in (
        ("The MI300X's dense BF16 peak is 1,307.4 × 10^12.", Verdict.matched),
        ("The MI300X's dense BF16 peak is 1.3074e15.", Verdict.matched),
        ("The MI300X's dense BF16 peak is 2.6148e15.", Verdict.mismatched),
    ):
        claim = _one(text, english_view)
        assert (claim.verdict, claim.subject, claim.quantity) == (
            verdict,
            "mi300x",
            "peak.bf16_dense",
        ), (text, claim.why)


def test_a_number_two_quantities_of_one_subject_share_is_matched_when_the_sentence_names_both(
    tmp_path: Path,
) -> None:
    # A made-up GPU with as many Tensor Cores as SMs: "one of each, 96 of each" states
    # both counts; a sentence naming one of them only is no tie at all
    facts = [("sm.count", "96"), ("tensor_core.count", "96"), ("hbm.capacity", "96 GB")]
    view = _loaded(tmp_path, {"subjects/chip-q.yaml": _chip("chip-q", "Chip Q", facts)})
    claim = _one("On Chip Q the SMs and the Tensor Cores pair up one to one, 96 of each.", view)
    assert claim.verdict is Verdict.matched
    assert claim.quantity in {"sm.count", "tensor_core.count"}
    assert "too, named in the sentence" in claim.why
    wrong = _one("On Chip Q the SMs and the Tensor Cores pair up one to one, 90 of each.", view)
    assert wrong.verdict is not Verdict.matched


def _two_gpus() -> dict[str, str | bytes]:
    return {
        "subjects/chip-a.yaml": _chip(
            "chip-a", "Chip A", [("peak.fp8_dense", "120 TFLOPS"), ("peak.bf16_dense", "15 TFLOPS")]
        ),
        "subjects/chip-b.yaml": _chip(
            "chip-b", "Chip B", [("peak.bf16_dense", "110 TFLOPS"), ("peak.fp8_dense", "60 TFLOPS")]
        ),
    }


def test_the_subject_named_best_is_settled_first_then_its_quantity_by_value(
    tmp_path: Path,
) -> None:
    # 120 TFLOPS is near three peaks of the catalog, too many to pick one by value; of
    # Chip A's two, only its FP8 peak is near it: the words name Chip A
    view = _loaded(tmp_path, _two_gpus())
    text = "Chip A came in 2019.\n\nThe first sheet had quoted 120 TFLOPS.\n\nChip B came next."
    claim = _one(text, view)
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.matched,
        "chip-a",
        "peak.fp8_dense",
    ), claim.why
    assert "of chip-a's 2 quantities" in claim.why
    # named as well as the other, no subject comes first: the value alone picks nothing
    both = _one("Chip A and Chip B came in 2019.\n\nThe sheet had quoted 120 TFLOPS.", view)
    assert both.verdict is Verdict.unresolved


def test_qi_points_back_at_a_subject_but_qizhong_among_them_does_not(
    english_view: CatalogView,
) -> None:
    # 其 HBM 容量 (its HBM capacity) is the MI300X's; 其中 (of them) names nobody
    its = _one("MI300X 的 HBM 很大。其 HBM 容量是 192 GB。", english_view)
    assert "'其' (the mi300x spoken of before)" in its.why
    among = _one("MI300X 的 HBM 很大。其中 192 GB 是 HBM3。", english_view)
    assert "'其'" not in among.why


@pytest.mark.parametrize(
    "line",
    [
        "Unlike the A100, it has 180 GB of HBM.",
        "The card has 180 GB of HBM, more than the A100.",
        "The card has 180 GB of HBM, like the A100.",
        "The card has 180 GB of HBM, twice the A100.",
        "它的 HBM 容量是 180 GB，和 A100 完全不同。",
    ],
)
def test_a_subject_named_as_what_another_is_compared_with_is_not_the_claims(
    english_view: CatalogView, line: str
) -> None:
    # the sentence is about the MI300X of the line before, the A100 its yardstick: the
    # 180 GB is weighed against the MI300X's 192 GB, never against the A100's 80 GB
    text = f"AMD shipped the MI300X late in the year.\n{line}"
    (claim,) = [r for r in check_text(text, english_view).results if r.number.digits == "180"]
    about = (claim.subject, claim.quantity) if claim.subject else claim.candidates
    assert about in (("mi300x", "hbm.capacity"), ("mi300x:hbm.capacity",)), claim.why
    assert "a100" not in claim.why


def test_a_unit_only_one_quantity_of_the_catalog_is_in_names_that_quantity(
    tmp_path: Path,
) -> None:
    # "draws 300 W": no word names board power, the watt does; a one-digit 300 agreeing
    # is then no coincidence, and 250 W is the same quantity, wrong
    quantities = (
        "quantities:\n  - id: hbm.bandwidth\n    name: HBM bandwidth\n    unit: GB/s\n"
        "  - id: power.board\n    name: Board power\n    unit: W\n"
    )
    chip = _chip("chip-w", "Chip W", [("power.board", "300 W"), ("hbm.bandwidth", "900 GB/s")])
    view = _loaded(tmp_path, {"quantities.yaml": quantities, "subjects/chip-w.yaml": chip})
    right = _one("Chip W came out in spring.\nThe module draws up to 300 W.", view)
    assert (right.verdict, right.quantity) == (Verdict.matched, "power.board"), right.why
    assert "the catalog's only quantity in W" in right.why
    wrong = _one("Chip W draws up to 250 W.", view)
    assert (wrong.verdict, wrong.quantity) == (Verdict.mismatched, "power.board"), wrong.why


def test_a_vendor_of_one_product_earlier_on_the_line_names_it(english_view: CatalogView) -> None:
    # "——" ends a sentence; AMD, maker of the catalog's one MI300X, still names it
    claim = _one("A100 先发布。\nAMD 的回应晚了一年——显存 192 GB。", english_view)
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.matched,
        "mi300x",
        "hbm.capacity",
    ), claim.why
    assert "'AMD' earlier on the line" in claim.why


def test_a_power_of_two_is_settled_by_value_among_the_named_subjects_own_quantities(
    tmp_path: Path,
) -> None:
    # 32 GiB is a size many quantities hold, too common to pick among chips by; of the
    # carried Chip A's own quantities only its HBM is near it: its HBM capacity
    files: dict[str, str | bytes] = {
        "subjects/chip-a.yaml": _chip(
            "chip-a", "Chip A", [("hbm.capacity", "32 GiB"), ("hbm.interface_width", "1024 bit")]
        ),
        "subjects/chip-b.yaml": _chip("chip-b", "Chip B", [("hbm.capacity", "16 GiB")]),
    }
    view = _loaded(tmp_path, files)
    text = "Chip A came in 2019.\n\nIt was sold with 32 GiB.\n\nChip B came next."
    claim = _one(text, view)
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.matched,
        "chip-a",
        "hbm.capacity",
    ), claim.why


def test_a_subject_compared_with_that_has_its_own_number_is_that_numbers(
    english_view: CatalogView,
) -> None:
    # "vs the A100's 2.039": the A100 is no yardstick here, the 2.039 is its bandwidth
    first, second = _claims("The MI300X has 5.3 TB/s vs the A100's 2.039.", english_view)
    assert (first.subject, first.quantity) == ("mi300x", "hbm.bandwidth")
    assert (second.verdict, second.subject, second.quantity) == (
        Verdict.matched,
        "a100-sxm4-80gb",
        "hbm.bandwidth",
    ), second.why


def test_a_repeat_of_earlier_digits_is_not_the_earlier_subjects_when_the_sentence_names_another(
    english_view: CatalogView,
) -> None:
    # the 8,192 of an A100 computation repeats no MI300X bus width of the line before
    text = "The MI300X has an 8,192-bit bus.\nOn the A100, 108 × 8,192 × 1.41 GHz is the peak."
    repeat = [r for r in check_text(text, english_view).results if r.number.line == 2]
    (again,) = [r for r in repeat if r.number.digits == "8,192"]
    assert again.subject != "mi300x" and "repeats" not in again.why, again.why


def test_a_word_with_a_generation_names_the_family_and_a_conversion_factor_is_no_count(
    tmp_path: Path,
) -> None:
    # "HBM2" is a word of one label here; with its generation it is still an HBM word,
    # so "4 颗 HBM2" counts the stacks; the 8 of "× 8 ÷ 4,096" turns bytes into bits
    quantities = (
        "quantities:\n"
        "  - id: hbm.capacity\n    name: HBM2 capacity\n    unit: GB\n"
        "  - id: hbm.stacks\n    name: HBM stacks\n    count: true\n"
        "  - id: hbm.bandwidth\n    name: HBM bandwidth\n    unit: GB/s\n"
    )

    def memory(stacks: str) -> list[tuple[str, ...]]:
        return [("hbm.capacity", "32 GB"), ("hbm.stacks", stacks), ("hbm.bandwidth", "900 GB/s")]

    files: dict[str, str | bytes] = {
        "quantities.yaml": quantities,
        "subjects/chip-h.yaml": _chip("chip-h", "Chip H", memory("8")),
        "subjects/chip-k.yaml": _chip("chip-k", "Chip K", memory("4")),
    }
    view = _loaded(tmp_path, files)
    stacks = _one("Chip H 的显存是 8 颗 HBM2。", view)
    assert (stacks.verdict, stacks.quantity) == (Verdict.matched, "hbm.stacks"), stacks.why
    text = (
        "Chip H came first.\n\nAcross its HBM stacks, 900 × 8 ÷ 4,096 ≈ 1.76 per pin.\n\n"
        "Chip K came next."
    )
    (eight,) = [r for r in check_text(text, view).results if r.number.digits == "8"]
    assert eight.quantity != "hbm.stacks", eight.why


_EACH = [("2", "tensorcore.count"), ("4", "mxu.per_core")]
_WHOLE = [("4", "mxu.per_core"), ("8", "mxu.count")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Chip Z has 2 TensorCores, each with 4 MXUs.", _EACH),
        ("Chip Z pairs its 2 TensorCores with 4 MXUs each.", _EACH),
        ("Zeta 有 2 个 TensorCore，每个 4 个 MXU。", _EACH),
        ("Zeta 的 2 个 TensorCore 各有 4 个 MXU。", _EACH),
        ("Chip Z has 2 TensorCores. Each TensorCore also has 4 MXUs.", _EACH),
        ("Each chip of Chip Z has 2 TensorCores, and every TensorCore holds 4 MXUs.", _EACH),
        ("Zeta 的 MXU 每个 TensorCore 4 个，一共 8 个。", _WHOLE),
        ("On Zeta, MXUs per TensorCore: 4, for a total of 8.", _WHOLE),
    ],
)
def test_a_count_is_per_one_when_said_of_each_and_the_wholes_when_said_of_all(
    tmp_path: Path, text: str, expected: list[tuple[str, str]]
) -> None:
    # 4 MXUs each (per TensorCore), never the chip's 8: the per-one count of the family;
    # a count said of all of them after ("一共 8 个", "a total of 8") is the whole's
    view = _loaded(tmp_path, {"subjects/chip-z.yaml": _array_chip()}, "--standard-rules")
    claims = _claims(text, view)
    assert [(c.number.digits, c.verdict, c.quantity) for c in claims] == [
        (digits, Verdict.matched, quantity) for digits, quantity in expected
    ], [c.why for c in claims]


def test_a_count_a_part_and_the_whole_share_is_the_wholes_unless_said_of_each(
    tmp_path: Path,
) -> None:
    # a chip of one SM: 128 CUDA cores in all, and 128 per SM
    facts = [("sm.count", "1"), ("cuda_core.per_sm", "128"), ("cuda_core.count", "128")]
    view = _loaded(tmp_path, {"subjects/chip-n.yaml": _chip("chip-n", "Chip N", facts)})
    whole = _one("Chip N has 128 CUDA cores.", view)
    assert (whole.verdict, whole.quantity) == (Verdict.matched, "cuda_core.count"), whole.why
    each = _one("On Chip N, every SM has 128 CUDA cores.", view)
    assert (each.verdict, each.quantity) == (Verdict.matched, "cuda_core.per_sm"), each.why


def _card_on_a_die(tmp_path: Path, note: str) -> CatalogView:
    """Card K, 26 SMs and 3,328 CUDA cores, a fact of which carries `note`."""
    chip = _chip("card-k", "Card K", [("sm.count", "26"), ("cuda_core.count", "3328")])
    chip += f"    note: {note}\n"
    return _loaded(tmp_path, {"subjects/card-k.yaml": chip})


def test_a_die_the_catalogs_notes_build_a_card_on_speaks_of_that_card(tmp_path: Path) -> None:
    view = _card_on_a_die(tmp_path, "The XG106 die with 26 of its SMs enabled.")
    text = "## Card K\n\nThe slide: XG106 | 26 SM | 3328 CUDA cores."
    claims = {c.number.digits: c for c in _claims(text, view)}
    assert (claims["26"].verdict, claims["26"].quantity) == (Verdict.matched, "sm.count")
    assert claims["3328"].verdict is Verdict.matched, claims["3328"].why
    # the whole die's figure is the die's, not the card's
    full = "## Card K\n\nThe full XG106 has 30 SMs."
    assert not any(c.verdict is Verdict.mismatched for c in _claims(full, view))


def test_a_model_named_only_beside_a_card_is_still_another_model(tmp_path: Path) -> None:
    view = _card_on_a_die(tmp_path, "Checked against the datasheet.")
    text = "## Card K\n\nThe slide: XG106 | 30 SM."
    assert not any(c.verdict is Verdict.mismatched for c in _claims(text, view))


@pytest.mark.parametrize(
    "correction",
    ["9.1　原第 3.1 条的功耗应为 192 W。", "9.1 The TDP in section 3.1 should read 192 W."],
)
def test_a_clause_cited_by_its_number_brings_the_subject_it_was_written_under(
    tmp_path: Path, correction: str
) -> None:
    quantities = _quantity("power.tdp", "TDP", "W")
    view = _chips_a_b(tmp_path, [("power.tdp", "192 W")], [("power.tdp", "75 W")], quantities)
    text = (
        "### 3　Package 1\n\nReference card: Chip A.\n\n3.1　TDP at most 192 W.\n\n"
        "### 4　Package 2\n\nReference card: Chip B.\n\n4.1　TDP at most 75 W.\n\n"
        f"### 9　Corrections\n\n{correction}\n"
    )
    claim = [c for c in _claims(text, view) if c.number.digits == "192"][-1]
    assert (claim.verdict, claim.subject) == (Verdict.matched, "chip-a"), claim.why


def test_a_number_is_the_quantity_it_writes_exactly_not_one_it_rounds_halfway(
    tmp_path: Path,
) -> None:
    # a card of 4 GB whose fast segment is 3.5 GB: "4 GB" is the card's, though 3.5
    # rounds halfway up to 4; a "4 GB" the words beside it call the segment stays theirs
    quantities = (
        "quantities:\n"
        "  - id: gddr.capacity\n    name: memory capacity\n    unit: GB\n"
        "  - id: gddr.capacity_fast\n    name: fast segment\n"
        "    synonyms: [3.5 GB segment]\n    unit: GB\n"
    )
    chip = _chip("chip-g", "Chip G", [("gddr.capacity", "4 GB"), ("gddr.capacity_fast", "3.5 GB")])
    view = _loaded(tmp_path, {"quantities.yaml": quantities, "subjects/chip-g.yaml": chip})
    text = (
        "Chip G splits its memory into a 3.5 GB segment and a slow 0.5 GB one. "
        "Reviewers call Chip G a 4 GB card."
    )
    card = next(c for c in _claims(text, view) if c.number.digits == "4")
    assert (card.verdict, card.quantity) == (Verdict.matched, "gddr.capacity"), card.why
    segment = _one("Chip G's fast segment is 4 GB.", view)
    assert segment.quantity == "gddr.capacity_fast", segment.why


def test_a_compact_spec_line_of_slashes_is_a_list_of_figures_not_a_division(
    tmp_path: Path,
) -> None:
    facts = [
        ("gddr.capacity", "8 GB"),
        ("gddr.bus_width", "256 bit"),
        ("gddr.pin_rate", "13 Gbit/s"),
        ("gddr.bandwidth", "416 GB/s"),
    ]
    view = _loaded(tmp_path, {"subjects/chip-a.yaml": _chip("chip-a", "Chip A", facts)})
    claims = _claims("## Chip A\n\nMemory: GDDR6 8GB/256bit/13Gbps/416GB/s.", view)
    assert [(c.number.digits, c.verdict, c.quantity) for c in claims] == [
        ("8", Verdict.matched, "gddr.capacity"),
        ("256", Verdict.matched, "gddr.bus_width"),
        ("13", Verdict.matched, "gddr.pin_rate"),
        ("416", Verdict.matched, "gddr.bandwidth"),
    ], [c.why for c in claims]
    assert not any("computation" in c.why for c in claims)


@pytest.mark.parametrize(
    ("stated", "text", "verdict"),
    [
        ("1,792 KiB", "Chip A's L2 cache is 1792KB.", Verdict.matched),
        ("1,792 KiB", "Chip A 的 L2 缓存是 1.75MB。", Verdict.matched),
        ("1,792 KiB", "Chip A's L2 cache is 1,835 kB.", Verdict.matched),
        ("1,792 kB", "Chip A's L2 cache is 1.75MB.", Verdict.mismatched),
    ],
)
def test_a_memorys_size_in_kb_is_read_as_memory_is_sized_where_the_catalog_sizes_it_so(
    tmp_path: Path, stated: str, text: str, verdict: Verdict
) -> None:
    # JEDEC sizes memory in powers of 1024: "1792KB" of an L2 stated as 1,792 KiB is it;
    # of one stated as 1,792 kB (decimal), "1.75MB" is its binary reading, off by 2.4 %
    view = _chip_a(tmp_path, [("l2.capacity", stated)], _quantity("l2.capacity", "L2 cache", "KiB"))
    claim = _one(text, view)
    assert (claim.verdict, claim.quantity) == (verdict, "l2.capacity"), claim.why


@pytest.mark.parametrize(
    "text",
    [
        "Chip A's memory bandwidth is 224 GB/s (196 / 28).",
        "| card | memory bandwidth |\n|---|---|\n| Chip A | 224 GB/s (196 + 28) |\n",
    ],
)
def test_the_parts_a_figure_is_split_into_contradict_nothing(tmp_path: Path, text: str) -> None:
    view = _chip_a(
        tmp_path,
        [("mem.bandwidth", "224 GB/s")],
        _quantity("mem.bandwidth", "memory bandwidth", "GB/s"),
    )
    results = {r.number.digits: r for r in check_text(text, view).results}
    assert results["224"].verdict is Verdict.matched, results["224"].why
    assert all(results[d].verdict is not Verdict.mismatched for d in ("196", "28"))
    wrong = _one("Chip A's memory bandwidth is 196 GB/s.", view)
    assert wrong.verdict is Verdict.mismatched, wrong.why


def test_a_table_cell_is_its_headers_subjects_figure_or_none(tmp_path: Path) -> None:
    # Chip B holds no INT8 peak: its cell's 275 is not Chip A's 275, however it agrees
    quantities = _quantity("peak.int8_dense", "INT8", "TOP/s")
    view = _chips_a_b(
        tmp_path, [("peak.int8_dense", "275 TOP/s")], [("sm.count", "80")], quantities
    )
    table = "| | Chip A | Chip B |\n|---|---|---|\n| INT8 (TOPS) | 275 | 275* |\n"
    first, second = [r for r in check_text(table, view).results if r.number.digits == "275"]
    assert (first.verdict, first.subject) == (Verdict.matched, "chip-a"), first.why
    assert second.verdict is Verdict.unresolved, second.why


def test_an_old_value_the_catalog_took_from_another_model_is_that_models_beside_its_name(
    tmp_path: Path,
) -> None:
    chip = (
        "subject:\n  id: chip-e\n  name: Chip E\n  kind: chip\nfacts:\n"
        "  - id: chip-e.sm.count@xe75\n    quantity: sm.count\n    value: 96\n"
        "    source: vendor-sheet\n    tier: official\n    date: 2026-11-26\n"
        "    note: Read by mistake from the XE75 column.\n"
        "  - id: chip-e.sm.count\n    quantity: sm.count\n    value: 120\n"
        "    source: vendor-sheet\n    tier: official\n    date: 2026-12-03\n"
        "    supersedes: chip-e.sm.count@xe75\n    reason: The first entry took the XE75's.\n"
    )
    view = _loaded(tmp_path, {"subjects/chip-e.yaml": chip})
    other = _claims("Chip E's little brother, the XE75, has 96 SMs.", view)[0]
    assert (other.number.digits, other.verdict) == ("96", Verdict.unresolved), other.why
    quoted = _one("An old table gave Chip E 96 SMs.", view)
    assert (quoted.verdict, quoted.quantity) == (Verdict.superseded, "sm.count"), quoted.why
    # where the sentence speaks of the correction, the origin it names explains the old value
    corrected = _claims("Corrected: the old 96 SMs were the XE75's figure (96 SMs).", view)
    assert [(c.number.digits, c.verdict) for c in corrected][-1] == ("96", Verdict.superseded)


def test_the_last_word_of_a_subjects_name_names_it_when_the_rest_is_spoken_of(
    tmp_path: Path,
) -> None:
    # "Chip P Pod" is Chip P's name and one word more: "a pod" said of Chip P is it
    quantities = (
        "quantities:\n"
        "  - id: hbm.capacity\n    name: HBM capacity\n    unit: GB\n"
        "  - id: system.chips\n    name: chips in the system\n"
        "    synonyms: [chips]\n    count: true\n"
    )
    subjects = (
        "subjects:\n"
        "  - {id: chip-p, name: Chip P, kind: chip}\n"
        "  - {id: chip-p-pod, name: Chip P Pod, kind: system}\n"
        "  - {id: chip-r-pod, name: Chip R Pod, kind: system}\n"
        "facts:\n"
        "  - {id: p.hbm, subject: chip-p, quantity: hbm.capacity, value: 32 GB,"
        " source: vendor-sheet, tier: official}\n"
        "  - {id: pp.chips, subject: chip-p-pod, quantity: system.chips, value: 1024,"
        " source: vendor-sheet, tier: official}\n"
        "  - {id: rp.chips, subject: chip-r-pod, quantity: system.chips, value: 1024,"
        " source: vendor-sheet, tier: official}\n"
    )
    view = _loaded(tmp_path, {"quantities.yaml": quantities, "subjects/chip-p.yaml": subjects})
    text = "Chip P has 32 GB of HBM. A pod wires 1,024 chips together."
    _, claim = _claims(text, view)
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.matched,
        "chip-p-pod",
        "system.chips",
    ), claim.why


def test_a_vendor_with_one_chip_and_systems_of_it_names_the_chip(tmp_path: Path) -> None:
    subjects = (
        "subjects:\n"
        "  - {id: chip-g, name: Chip G, kind: chip, vendor: Gexa}\n"
        "  - {id: chip-g-pod, name: Chip G Pod, kind: system, vendor: Gexa}\n"
        "  - {id: chip-h, name: Chip H, kind: chip, vendor: Hollo}\n"
        "facts:\n"
        "  - {id: g.hbm, subject: chip-g, quantity: hbm.capacity, value: 32 GB,"
        " source: vendor-sheet, tier: official}\n"
        "  - {id: h.hbm, subject: chip-h, quantity: hbm.capacity, value: 32 GB,"
        " source: vendor-sheet, tier: official}\n"
    )
    quantities = _quantity("hbm.capacity", "HBM capacity", "GB")
    view = _loaded(tmp_path, {"quantities.yaml": quantities, "subjects/chips.yaml": subjects})
    claim = _one("Gexa's part carries 32 GB of HBM.", view)
    assert (claim.verdict, claim.subject) == (Verdict.matched, "chip-g"), claim.why


def _launch_chip(*facts: tuple[str, str]) -> str:
    """Chip L: a launch peak of 120 TFLOPS corrected to 125 (made up), and `facts`."""
    return (
        _chip("chip-l", "Chip L", facts, aliases="Lumo")
        + "  - id: chip-l.peak.bf16_dense@launch\n    quantity: peak.bf16_dense\n"
        "    value: 120 TFLOPS\n    source: vendor-sheet\n    tier: official\n"
        "    date: 2026-01-10\n"
        "  - id: chip-l.peak.bf16_dense\n    quantity: peak.bf16_dense\n"
        "    value: 125 TFLOPS\n    source: vendor-sheet\n    tier: official\n"
        "    date: 2026-03-01\n    supersedes: chip-l.peak.bf16_dense@launch\n"
        "    reason: the shipped part's clock\n"
    )


def test_a_figure_a_correction_replaced_is_superseded_though_its_digits_allow_the_new_one(
    tmp_path: Path,
) -> None:
    # "120" allows 115–125 by its trailing zero, and so the current 125; but it is the
    # superseded figure's own digits, and the text quotes that figure.
    view = _loaded(tmp_path, {"subjects/chip-l.yaml": _launch_chip()}, "--standard-rules")
    old = _one("Lumo's dense BF16 peak is 120 TFLOPS.", view)
    assert (old.verdict, old.quantity) == (Verdict.superseded, "peak.bf16_dense"), old.why
    assert old.judgement is not None and old.judgement.correction is not None
    assert old.judgement.correction.shown() == "125 TFLOPS"
    now = _one("Lumo's dense BF16 peak is 125 TFLOPS.", view)
    assert (now.verdict, now.quantity) == (Verdict.matched, "peak.bf16_dense")


def test_a_pair_with_an_old_and_a_new_value_is_one_chance_of_a_coincidence(
    tmp_path: Path,
) -> None:
    # Only the unit names a peak, of two; the old 120 and the new 125 of the one pair it
    # quotes are not two chances of meeting 120 by accident (the FP8 peak is far from it):
    # the chip carried from the line before settles it by value.
    chip = _launch_chip(("peak.fp8_dense", "1,000 TFLOPS"))
    view = _loaded(tmp_path, {"subjects/chip-l.yaml": chip})
    text = "## Chip L\n\nLumo boosts its clocks.\n\nThe launch had quoted 120 TFLOPS.\n"
    claim = _one(text, view)
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.superseded,
        "chip-l",
        "peak.bf16_dense",
    ), claim.why


@pytest.mark.parametrize(
    "sentence",
    [
        "## Chip L\n\nLumo reaches 125 TFLOPS. Its predecessor managed only 45 TFLOPS.\n",
        "## Chip L\n\nLumo 的峰值 125 TFLOPS。上一代每芯片只有 45 TFLOPS。\n",
    ],
)
def test_a_number_of_the_previous_generation_is_not_the_chip_spoken_of(
    tmp_path: Path, sentence: str
) -> None:
    # 45 TFLOPS would agree with the chip's FP8 peak of 45.3: but the clause speaks of
    # another generation, which the catalog does not hold.
    chip = _launch_chip(("peak.fp8_dense", "45.3 TFLOPS"))
    view = _loaded(tmp_path, {"subjects/chip-l.yaml": chip}, "--standard-rules")
    first, second = _claims(sentence, view)
    assert (first.verdict, first.quantity) == (Verdict.matched, "peak.bf16_dense")
    assert second.verdict is Verdict.unresolved, second.why


@pytest.mark.parametrize(
    "sentence",
    [
        "Chip A's ridge point is 149.7 ÷ 0.696 ≈ 215 FLOP/B.",
        "芯片 Chip A 的屋脊点：149.7 ÷ 0.696 ≈ 215 FLOP/B。",
        "For Chip A, 149.7 TFLOPS over 0.696 is about 215.",
    ],
)
def test_a_number_a_claim_is_divided_by_is_a_quantity_of_the_same_subject(
    tmp_path: Path, sentence: str
) -> None:
    # No rule of this catalog derives a ridge point: the quotient's unit (FLOP/B) over the
    # peak leaves a bandwidth, and among Chip A's own quantities its value settles it,
    # read in GB/s as the catalog writes it; Chip B's equal bandwidth is not spoken of.
    facts = [("peak.bf16_dense", "149.7 TFLOPS"), ("gddr.bandwidth", "696 GB/s")]
    view = _loaded(
        tmp_path,
        {
            "subjects/chip-a.yaml": _chip("chip-a", "Chip A", facts),
            "subjects/chip-b.yaml": _chip("chip-b", "Chip B", [("gddr.bandwidth", "696 GB/s")]),
        },
        "--standard-rules",
    )
    claims = [c for c in _claims(sentence, view) if c.verdict is not Verdict.unresolved]
    assert [(c.number.digits, c.verdict, c.subject, c.quantity) for c in claims] == [
        ("149.7", Verdict.matched, "chip-a", "peak.bf16_dense"),
        ("0.696", Verdict.matched, "chip-a", "gddr.bandwidth"),
    ]


def test_a_number_takes_the_pair_its_repeat_on_the_line_is_resolved_to(tmp_path: Path) -> None:
    # "4 颗 HBM2" alone: four is also the chip's MXU count and core count, and the words
    # name the stacks only by the memory's name; the computation that follows resolves the
    # same 4 to the stacks by the catalog's rule, as the words had it.
    facts = [
        ("hbm.stacks", "4"),
        ("hbm.capacity_per_stack", "8 GB"),
        ("hbm.capacity", "32 GB"),
        ("mxu.count", "4"),
        ("tensorcore.count", "4"),
    ]
    view = _chip_a(tmp_path, facts, rules="--standard-rules")
    text = "## Chip A\n\n它有 4 颗 HBM2，每颗 8 GB，合计 4 × 8 ＝ 32 GB。\n"
    first = _claims(text, view)[0]
    assert (first.number.literal, first.verdict, first.quantity) == (
        "4 颗",
        Verdict.matched,
        "hbm.stacks",
    ), first.why


_POWER = (
    "quantities:\n  - id: power.tdp\n    name: board power\n    unit: W\n"
    "  - id: hbm.bandwidth\n    name: HBM bandwidth\n    unit: GB/s\n"
)


@pytest.mark.parametrize(
    "sentence",
    [
        "按 BF16 每瓦算：Chip A 是 432 ÷ 600 ≈ 0.72 TFLOPS/W。",
        "Per watt, Chip A gives 432 / 600 = 0.72 TFLOPS/W.",
    ],
)
def test_a_computation_about_one_chip_ties_its_numbers_to_that_chips_quantities(
    tmp_path: Path, sentence: str
) -> None:
    # No rule derives efficiency: the chip is named first, the arithmetic holds, and each
    # number agrees with one of its quantities and no other, both together no coincidence;
    # Chip B's equal peak is not what the sentence speaks of.
    facts = [("peak.bf16_dense", "432 TFLOPS"), ("power.tdp", "600 W")]
    view = _chips_a_b(tmp_path, facts, [("peak.bf16_dense", "432 TFLOPS")], _POWER)
    claims = _claims(sentence, view)
    assert [(c.number.digits, c.verdict, c.subject, c.quantity) for c in claims[:2]] == [
        ("432", Verdict.matched, "chip-a", "peak.bf16_dense"),
        ("600", Verdict.matched, "chip-a", "power.tdp"),
    ], [c.why for c in claims]


def test_the_digits_ending_a_name_are_no_result_of_the_product_after_them(
    tmp_path: Path,
) -> None:
    # The 32 of FP32 before "＝" is the name's, so the product's result is the 4.58 after ≈
    # and the computation's numbers are Chip A's, the clock among them (Chip B's is the
    # same: the value alone chooses no chip).
    facts = [("cuda_core.count", "3072"), ("clock.boost", "745 MHz"), ("peak.fp32", "4.58 TFLOPS")]
    b_facts = [("cuda_core.count", "6144"), ("clock.boost", "745 MHz"), ("peak.fp32", "9.1 TFLOPS")]
    view = _chips_a_b(tmp_path, facts, b_facts, _quantity("peak.fp32", "FP32 peak", "TFLOP/s"))
    for text in (
        "Chip A has 3072 cores at 745 MHz. FP32 ＝ 3072 × 2 × 0.745 ≈ 4.58 TFLOPS.",
        "Chip A 有 3072 个核心，745 MHz。FP32 = 3072 × 2 × 0.745 ≈ 4.58 TFLOPS。",
    ):
        (clock,) = [c for c in check_text(text, view).results if c.number.digits == "0.745"]
        assert (clock.verdict, clock.subject, clock.quantity) == (
            Verdict.matched,
            "chip-a",
            "clock.boost",
        ), (text, clock.why)


def test_a_power_of_two_left_in_a_computation_tied_to_a_chip_is_no_count_of_it(
    tmp_path: Path,
) -> None:
    # The clock and the peak tie the computation to Chip A; 2048, a power of two, agrees
    # with Chip A's core count, but any part of any chip may count 2048: left unresolved
    # (a width's bits are another matter: they count the lines of the data rate beside them).
    a_facts = [
        ("cuda_core.count", "2048"),
        ("clock.boost", "1.3 GHz"),
        ("peak.fp32", "5.3 TFLOPS"),
        ("tensor_core.count", "1024"),
        ("sm.count", "1536"),
    ]
    b_facts = [
        ("cuda_core.count", "4096"),
        ("clock.boost", "1.7 GHz"),
        ("peak.fp32", "13.9 TFLOPS"),
    ]
    view = _chips_a_b(tmp_path, a_facts, b_facts, _quantity("peak.fp32", "FP32 peak", "TFLOP/s"))
    for text in (
        "Chip A and Chip B compared. The FP32 peak: 2048 × 2 × 1.3 GHz ≈ 5.3 TFLOPS.",
        "Chip A 和 Chip B 对比。FP32 峰值：2048 × 2 × 1.3 GHz ≈ 5.3 TFLOPS。",
    ):
        got = {c.number.digits: c for c in check_text(text, view).results}
        assert (got["1.3"].verdict, got["1.3"].quantity) == (Verdict.matched, "clock.boost")
        assert got["2048"].verdict is Verdict.unresolved, (text, got["2048"].why)
        assert got["2"].verdict is Verdict.non_claim


def test_a_width_in_bits_counts_the_lines_of_a_data_rate(tmp_path: Path) -> None:
    # 32 bits × 14 Gbit/s is no GB/s, but 32 lines of 14 Gbit/s each are.
    quantities = (
        "quantities:\n"
        "  - {id: mem.width, name: device width, unit: bit}\n"
        "  - {id: mem.pin_rate, name: pin rate, unit: Gbit/s}\n"
        "  - {id: mem.device_bandwidth, name: device bandwidth, unit: GB/s}\n"
    )
    facts = [
        ("mem.width", "32 bit"),
        ("mem.pin_rate", "14 Gbit/s"),
        ("mem.device_bandwidth", "56 GB/s"),
    ]
    view = _loaded(
        tmp_path,
        {
            "quantities.yaml": quantities,
            "subjects/mem-x.yaml": _chip("mem-x", "MEM-X", facts, kind="memory-standard"),
        },
    )
    for text in (
        "One MEM-X device: 32 × 14 ÷ 8 = 56 GB/s.",
        "一颗 MEM-X 颗粒：32 × 14 ÷ 8 = 56 GB/s。",
    ):
        got = {c.number.digits: (c.verdict, c.quantity) for c in check_text(text, view).results}
        assert got["32"] == (Verdict.matched, "mem.width"), (text, got)
        assert got["14"] == (Verdict.matched, "mem.pin_rate"), (text, got)


def _three_chips(tmp_path: Path, b_facts: Sequence[tuple[str, ...]]) -> CatalogView:
    return _loaded(
        tmp_path,
        {
            "quantities.yaml": _POWER,
            "subjects/chip-a.yaml": _chip(
                "chip-a",
                "Chip A",
                [
                    ("peak.bf16_dense", "432 TFLOPS"),
                    ("power.tdp", "600 W"),
                    ("cuda_core.count", "2048"),
                    ("sm.count", "32"),
                    ("cuda_core.per_sm", "64"),
                ],
            ),
            "subjects/chip-b.yaml": _chip("chip-b", "Chip B", b_facts),
            "subjects/chip-c.yaml": _chip(
                "chip-c", "Chip C", [("peak.bf16_dense", "250 TFLOPS"), ("power.tdp", "600 W")]
            ),
        },
    )


def test_a_computation_no_words_tie_to_a_chip_is_about_the_one_chip_its_numbers_fit(
    tmp_path: Path,
) -> None:
    # The answer names no chip: of the three, only Chip A holds both 432 TFLOPS and 600 W,
    # and the arithmetic ties them together. Chip B shares the peak, Chip C the power.
    view = _three_chips(tmp_path, [("peak.bf16_dense", "432 TFLOPS"), ("power.tdp", "350 W")])
    text = "Q: And per watt, at full load?\n\nA: 432 / 600 = 0.72 TFLOPS/W.\n"
    claims = _claims(text, view)
    assert [(c.number.digits, c.verdict, c.subject, c.quantity) for c in claims[:2]] == [
        ("432", Verdict.matched, "chip-a", "peak.bf16_dense"),
        ("600", Verdict.matched, "chip-a", "power.tdp"),
    ], [c.why for c in claims]


def test_a_computation_two_chips_fit_alike_or_of_powers_of_two_names_no_chip(
    tmp_path: Path,
) -> None:
    # Chip B holds 432 TFLOPS and 600 W too: the numbers fit two chips, and name neither.
    # 2,048 / 32 = 64 fits Chip A alone, but powers of two are any chip's figures.
    view = _three_chips(tmp_path, [("peak.bf16_dense", "432 TFLOPS"), ("power.tdp", "600 W")])
    text = "Q: And per watt?\n\nA: 432 / 600 = 0.72 TFLOPS/W, and 2,048 / 32 = 64.\n"
    claims = _claims(text, view)
    assert [(c.number.digits, c.verdict) for c in claims[:2]] == [
        ("432", Verdict.unresolved),
        ("600", Verdict.unresolved),
    ], [c.why for c in claims]
    assert [c.verdict for c in claims if c.number.digits in ("2,048", "32", "64")] == [
        Verdict.unresolved
    ] * 3, [c.why for c in claims]


def test_the_factor_of_a_per_gpu_figure_in_a_boards_product_is_its_gpu_count(
    tmp_path: Path,
) -> None:
    # "4 × 200 GB/s" of a four-GPU board: 200 is each GPU's bandwidth and 4 counts the
    # GPUs, as the per-GPU quantity's name says; a 3 is no count of the board's GPUs.
    quantities = (
        "quantities:\n"
        "  - id: gpu.count\n    name: GPUs\n    unit: ''\n    count: true\n"
        "  - id: gddr.bandwidth_per_gpu\n    name: bandwidth per GPU\n    unit: GB/s\n"
        "  - id: gddr.bandwidth\n    name: board bandwidth\n    unit: GB/s\n"
    )
    facts = [
        ("gpu.count", "4"),
        ("gddr.bandwidth_per_gpu", "200 GB/s"),
        ("gddr.bandwidth", "800 GB/s"),
        ("sm.count", "40"),
        ("clock.boost", "1.7 GHz"),  # values near 4: alone, a 4 could be a coincidence
        ("peak.bf16_dense", "4.5 TFLOPS"),
        ("hbm.pin_rate", "10 Gbit/s"),
    ]
    view = _chip_a(tmp_path, facts, quantities)
    table = "| | Chip A |\n|---|---|\n| Bandwidth | 4 × 200 GB/s |\n| Other | 3 × 200 GB/s |\n"
    results = [(r.number.digits, r.verdict, r.quantity) for r in check_text(table, view).results]
    assert results[:2] == [
        ("4", Verdict.matched, "gpu.count"),
        ("200", Verdict.matched, "gddr.bandwidth_per_gpu"),
    ], results
    assert results[2][:2] == ("3", Verdict.unresolved), results


def test_a_computation_whose_units_do_not_give_its_result_ties_nothing(tmp_path: Path) -> None:
    # 64 would agree with the chip's 64 GB of HBM, but 64 GB × 1.6 TB/s is no TFLOPS: the
    # 64 is the made-up intensity of the example, and stays unresolved.
    facts = [("hbm.capacity", "64 GB"), ("hbm.bandwidth", "1.6 TB/s")]
    view = _chip_a(tmp_path, facts, rules="--standard-rules")
    claims = _claims("在 Chip A 上，能达到的算力约为 64 × 1.6 TB/s ≈ 102 TFLOPS。", view)
    first = claims[0]
    assert (first.number.digits, first.verdict) == ("64", Verdict.unresolved), first.why


def test_a_repeat_of_digits_two_quantities_were_given_is_a_repeat_of_neither(
    tmp_path: Path,
) -> None:
    # The line before gave 181.0 twice, as the BF16 peak and as the INT8 rate: a later bare
    # "181.0" repeats one of them, and the words do not say which.
    facts = [("peak.bf16_dense", "181.0 TFLOPS"), ("peak.int8_dense", "181.0 TOPS")]
    view = _chip_a(tmp_path, facts)
    text = (
        "Chip A 的 BF16 是 181.0 TFLOPS，INT8 也是 181.0 TOPS。\n\n"
        "别的芯片单精度也有 181 TFLOPS；注意它和 Chip A 的 181.0 说的不是同一种精度。\n"
    )
    claims = _claims(text, view)
    assert [(c.verdict, c.quantity) for c in claims[:2]] == [
        (Verdict.matched, "peak.bf16_dense"),
        (Verdict.matched, "peak.int8_dense"),
    ]
    assert claims[-1].verdict is Verdict.unresolved, claims[-1].why


def test_a_section_whose_heading_announces_a_toy_example_holds_the_examples_numbers(
    second_view: CatalogView,
) -> None:
    # The list items under "A toy decode step" work the example through; the chip's own
    # figure among them is still checked against the catalog.
    text = (
        "## 9. A toy decode step\n\n"
        "Take a model of 13 GB and a batch of one.\n\n"
        "- At the MI300X's 5.3 TB/s that is about 2.5 ms per token, ≈ 408 tokens/s.\n"
        "- On a smaller part it takes about 15.9 ms.\n\n"
        "## 10. Summary\n\n"
        "- On a smaller part it takes about 15.9 ms.\n"
    )
    results = check_text(text, second_view).results
    verdicts = {(r.number.line, r.number.literal): r.verdict for r in results}
    assert verdicts[(5, "5.3 TB/s")] is Verdict.matched
    for number in ((5, "2.5 ms"), (5, "408 tokens"), (6, "15.9 ms")):
        assert verdicts[number] is Verdict.non_claim, number
    assert verdicts[(10, "15.9 ms")] is Verdict.unresolved  # the next section states it


@pytest.mark.parametrize(
    "text",
    [
        "| Chip | Memory |\n|---|---|\n| Chip A | HBM2 ×4 |\n",
        "| Chip | Memory |\n|---|---|\n| Chip A | 4 × HBM2 |\n",
        "Chip A carries 4 × HBM2.",
    ],
)
def test_a_count_multiplying_a_memory_generation_counts_its_stacks(
    tmp_path: Path, text: str
) -> None:
    # No HBM2 subject in the catalog: "HBM2" is a word of the HBM family, and a whole number
    # times it counts the family's parts, here the stacks (not the four MXUs).
    facts = [("hbm.stacks", "4"), ("mxu.count", "4"), ("hbm.capacity", "32 GB")]
    view = _chip_a(tmp_path, facts, rules="--standard-rules")
    claim = _one(text, view)
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.matched,
        "chip-a",
        "hbm.stacks",
    ), claim.why


@pytest.mark.parametrize(
    "sentence",
    [
        "网上有不少文章把 Chip A 的带宽写成 1,108 GB/s，那是笔误。",
        "Some reviews list Chip A at 1,108 GB/s, a typo.",
    ],
)
def test_a_number_the_text_calls_a_misquote_is_the_one_pair_it_is_near(
    tmp_path: Path, sentence: str
) -> None:
    # No cause the numbers show (×2, ×8, 1.024ⁿ): of the chip's two bandwidths the words
    # allow, 1,108 is within a fifth of one only, which the text says was written wrong.
    facts = [("gddr.bandwidth", "1,008 GB/s"), ("hbm.bandwidth", "300 GB/s")]
    view = _chip_a(tmp_path, facts)
    claim = _one(sentence, view)
    assert (claim.verdict, claim.quantity) == (Verdict.mismatched, "gddr.bandwidth"), claim.why


def test_a_whole_count_is_exact_when_its_value_settles_a_tie(tmp_path: Path) -> None:
    # "80" would allow 75–85 by its trailing zero, and so the 84 SMs of the full die; of
    # counts it is 80 exactly: the chip's enabled SMs, whatever the words tie it to.
    facts = [("sm.count", "80"), ("sm.count_full", "84"), ("tensor_core.per_sm", "8")]
    quantities = (
        "quantities:\n  - id: sm.count_full\n    name: SMs of the full die\n    count: true\n"
        "    name_zh: 完整的核心\n"
    )
    view = _chip_a(tmp_path, facts, quantities)
    text = "## Chip A\n\n完整的核心有 84 个 SM，它启用其中 80 个。\n"
    claims = _claims(text, view)
    assert [(c.number.digits, c.verdict, c.quantity) for c in claims] == [
        ("84", Verdict.matched, "sm.count_full"),
        ("80", Verdict.matched, "sm.count"),
    ], [c.why for c in claims]


@pytest.mark.parametrize(
    "sentence",
    [
        "有人把 Chip A 的 5.3 TB/s 换算成 5.3 × 1024 = 5,427.2 GB/s。",
        "Read in binary, Chip A's 5.3 TB/s is 5.3 × 1,024 = 5,427.2 GB/s.",
    ],
)
def test_a_product_that_only_changes_a_prefix_makes_its_base_a_constant(
    tmp_path: Path, sentence: str
) -> None:
    # 1024 is the chip's interface width too, and rules multiply widths by pin rates (one
    # derived back from the binary reading of the bandwidth the catalog records): but
    # 5.3 × 1024 = 5,427.2 GB/s is TB/s read as 1,024 GB/s, and 1024 is the base.
    facts = [("hbm.stacks", "8"), ("hbm.interface_width", "1024 bit")]
    chip = _chip("chip-a", "Chip A", facts) + (
        "  - id: chip-a.hbm.bandwidth\n    quantity: hbm.bandwidth\n    value: 5.3 TB/s\n"
        "    source: vendor-sheet\n    tier: official\n    alternatives:\n"
        '      - value: "5,427.2 GB/s"\n        reason: the rounded 5.3 TB/s with a binary tera\n'
    )
    view = _loaded(tmp_path, {"subjects/chip-a.yaml": chip}, "--standard-rules")
    results = check_text(sentence, view).results
    base = next(r for r in results if r.number.digits in ("1024", "1,024"))
    assert (base.verdict, base.non_claim) == (Verdict.non_claim, NonClaim.constant), base.why


def test_two_numbers_set_against_each_other_share_the_unit_written_after_them(
    tmp_path: Path,
) -> None:
    # "2,048 versus 450 GB/s": the 2,048 is a bandwidth, not the 2,048-bit interface the
    # same memory also has.
    facts = [("hbm.interface_width", "2048 bit"), ("hbm.bandwidth_per_stack", "2,048 GB/s")]
    chip = _chip("mem-a", "Mem A", facts, kind="memory-standard")
    view = _loaded(tmp_path, {"subjects/mem-a.yaml": chip}, "--standard-rules")
    claim = _claims("Per stack, Mem A moves 2,048 versus about 450 GB/s before it.", view)[0]
    assert (claim.number.unit, claim.quantity) == ("GB/s", "hbm.bandwidth_per_stack"), claim.why


def test_a_lone_digit_repeats_no_figure_of_an_earlier_line(tmp_path: Path) -> None:
    # "4 TiB" of the pod, lines before, is not what the "4" of the stacks' product repeats.
    view = _loaded(
        tmp_path,
        {
            "subjects/pod.yaml": _chip("pod-a", "Pod A", [("hbm.capacity", "4 TiB")]),
            "subjects/chip-a.yaml": _chip(
                "chip-a", "Chip A", [("hbm.stacks", "4"), ("hbm.interface_width", "1024 bit")]
            ),
        },
    )
    text = "Pod A holds 4 TiB of HBM.\n\nChip A is next.\n\nIt is 4 × 1,024 bits wide.\n"
    fours = [c for c in _claims(text, view) if c.number.digits == "4"]
    assert fours[-1].subject != "pod-a", fours[-1].why


@pytest.mark.parametrize(
    "text",
    [
        "Chip A 的峰值是 190（BF16）。",
        "| 芯片 | 峰值（TFLOPS） |\n|---|---|\n| Chip A | 190（BF16） |\n",
        "Chip A peaks at 190 TFLOPS (BF16).",
    ],
)
def test_a_bracket_right_after_a_number_says_what_it_is_of(tmp_path: Path, text: str) -> None:
    # Both peaks are 190, and "TFLOPS" is a word of the FP16 one ("FP16 TFLOPS"); the
    # bracket names the format, though a bracket ends a clause.
    quantities = (
        "quantities:\n  - id: peak.fp16\n    name: Peak FP16 throughput\n"
        "    synonyms: [FP16, FP16 TFLOPS]\n    unit: TFLOP/s\n"
    )
    facts = [("peak.bf16_dense", "190 TFLOPS"), ("peak.fp16", "190 TFLOPS")]
    view = _chip_a(tmp_path, facts, quantities)
    claim = _one(text, view)
    assert (claim.verdict, claim.quantity) == (Verdict.matched, "peak.bf16_dense"), claim.why


def test_a_rule_is_recognised_written_the_other_way_round(tmp_path: Path) -> None:
    # The catalog states the bandwidth and derives the pin rate back from it (pin =
    # bandwidth × 1 bit ÷ bus width); the text writes bus width × pin rate ÷ 8 = bandwidth.
    facts = [("gddr.bandwidth", "320 GB/s"), ("gddr.bus_width", "256 bit")]
    view = _chip_a(tmp_path, facts, rules="--standard-rules")
    claims = _claims("## Chip A\n\n它的带宽：２５６ × １０ ÷ ８ ＝ ３２０ GB/s。\n", view)
    assert [(c.number.digits, c.verdict, c.quantity) for c in claims] == [
        ("256", Verdict.matched, "gddr.bus_width"),
        ("10", Verdict.matched, "gddr.pin_rate"),
        ("320", Verdict.matched, "gddr.bandwidth"),
    ], [c.why for c in claims]


@pytest.mark.parametrize(
    "sentence",
    [
        "Chip A has HBM stacks with about 4.1 times the bandwidth.",
        "Chip A 的 HBM 堆栈带宽约是它的 4.1 倍。",
    ],
)
def test_a_ratio_is_no_count_of_things(tmp_path: Path, sentence: str) -> None:
    # "4.1 times" is a ratio, not the chip's four HBM stacks off by 2.5 %.
    facts = [("hbm.stacks", "4"), ("hbm.bandwidth", "1.8 TB/s")]
    view = _chip_a(tmp_path, facts)
    claim = _one(sentence, view)
    assert claim.verdict is Verdict.unresolved, claim.why


@pytest.mark.parametrize(
    ("text", "quantity"),
    [
        ("## Chip A\n\n- L2：60 MB；功耗：400 W\n", "l2.capacity"),
        ("## Chip A\n\n- L2: 60 MB; HBM: 64 GB\n", "l2.capacity"),
    ],
)
def test_the_key_of_a_key_value_line_names_its_value(
    tmp_path: Path, text: str, quantity: str
) -> None:
    # "L2：60 MB": the colon ends a clause, but the key is what the value is; 60 MB would
    # be no more than a coincidence among the chip's capacities otherwise.
    facts = [("l2.capacity", "60 MB"), ("hbm.capacity", "64 GB"), ("sram.capacity", "50 MB")]
    quantities = (
        "quantities:\n  - id: l2.capacity\n    name: L2 cache capacity\n    synonyms: [L2]\n"
        "    unit: MB\n  - id: sram.capacity\n    name: SRAM capacity\n    unit: MB\n"
    )
    view = _chip_a(tmp_path, facts, quantities)
    claim = _claims(text, view)[0]
    assert (claim.verdict, claim.quantity) == (Verdict.matched, quantity), claim.why


def test_a_colon_before_a_computation_names_no_operand(tmp_path: Path) -> None:
    # "SRAM：188 ÷ 80 ≈ 2.4 FLOP/B": the colon introduces the computation, whose 188 is no
    # SRAM capacity.
    facts = [("peak.bf16_dense", "188 TFLOPS"), ("sram.capacity", "230 MB")]
    quantities = _quantity("sram.capacity", "SRAM capacity", "MB")
    view = _chip_a(tmp_path, facts, quantities)
    claim = _claims("Chip A 只看片上 SRAM：188 ÷ 80 ≈ 2.4 FLOP/B。", view)[0]
    assert claim.quantity != "sram.capacity", claim.why


@pytest.mark.parametrize(
    "sentence",
    ["假设某卡用 12 颗 Mem G，颗粒跑 32 Gbps。", "Suppose a card runs its Mem G parts at 32 Gbps."],
)
def test_a_made_up_figure_in_an_example_is_no_error_of_the_catalogs(
    tmp_path: Path, sentence: str
) -> None:
    # The example's card is made up: its 32 Gbps is no mismatch of the standard's 48.
    chip = _chip("mem-g", "Mem G", [("gddr.pin_rate", "48 Gbit/s")], kind="memory-standard")
    view = _loaded(tmp_path, {"subjects/mem-g.yaml": chip})
    results = check_text(sentence, view).results
    rate = next(r for r in results if r.number.digits == "32")
    assert (rate.verdict, rate.non_claim) == (Verdict.non_claim, NonClaim.illustrative), rate.why


_PEAKS = (
    "quantities:\n"
    "  - id: peak.fp32\n    name: Peak FP32 throughput\n    synonyms: [FP32]\n"
    "    unit: TFLOP/s\n"
    "  - id: peak.fp64\n    name: Peak FP64 throughput\n    synonyms: [FP64]\n"
    "    unit: TFLOP/s\n"
    "  - id: peak.fp16\n    name: Peak FP16 throughput\n    synonyms: [FP16]\n"
    "    unit: TFLOP/s\n"
    "  - id: peak.int8_dense\n    name: Peak INT8 dense throughput\n"
    "    synonyms: [INT8, dense INT8]\n    unit: TOP/s\n"
    "  - id: peak.int4_dense\n    name: Peak INT4 dense throughput\n"
    "    synonyms: [INT4, dense INT4]\n    unit: TOP/s\n"
)


def _peaks_of(tmp_path: Path, facts: Sequence[tuple[str, ...]]) -> CatalogView:
    """Chip A with `facts`, its peaks named as in `_PEAKS`."""
    return _chip_a(tmp_path, facts, _PEAKS)


@pytest.mark.parametrize(
    "text",
    [
        "Chip A runs FP32 at 10.3 TFLOPS.\nFP64: 5.2 TFLOPS (10.3 with the FP64 Tensor Cores)\n",
        "Chip A 的 FP32 是 10.3 TFLOPS。\nFP64：5.2 TFLOPS（用 FP64 Tensor Core 时 10.3）\n",
    ],
)
def test_a_label_beside_the_number_keeps_the_value_from_choosing_another_quantity(
    tmp_path: Path, text: str
) -> None:
    # The FP64 figure of the matrix units is no quantity of the catalog; the FP32 peak
    # named a line before happens to share its value, but "FP64" beside it says otherwise.
    facts = [("peak.fp32", "10.3 TFLOP/s"), ("peak.fp64", "5.2 TFLOP/s")]
    view = _peaks_of(tmp_path, facts)
    second = [c for c in _claims(text, view) if c.number.line == 2]
    stated, aside = second
    assert (stated.number.digits, stated.verdict, stated.quantity) == (
        "5.2",
        Verdict.matched,
        "peak.fp64",
    )
    assert (aside.number.digits, aside.verdict) == ("10.3", Verdict.unresolved), aside.why


@pytest.mark.parametrize(
    "text",
    [
        "With 2:4 sparsity Chip A doubles its figures to 1,321 TOPS INT4.",
        "Chip A 的 INT8 稠密是 330 TOPS，稀疏时翻倍成 661 TOPS。",
    ],
)
def test_a_sparse_figure_is_no_dense_peak(tmp_path: Path, text: str) -> None:
    # A figure said of sparsity is neither a contradiction of a dense peak nor, by its
    # value, another dense peak (the catalog has no sparse peak: it is unresolved).
    facts = [("peak.int4_dense", "661 TOP/s"), ("peak.int8_dense", "330 TOP/s")]
    view = _peaks_of(tmp_path, facts)
    claim = _claims(text, view)[-1]
    assert claim.verdict is Verdict.unresolved, claim.why


@pytest.mark.parametrize(
    "text",
    [
        "Chip A reaches 330 and 600 TOPS of dense INT8 and dense INT4, respectively.",
        "Chip A 的 INT8 和 INT4 分别是 330 和 600 TOPS。",
    ],
)
def test_numbers_listed_in_the_order_of_quantity_labels_take_each_its_own(
    tmp_path: Path, text: str
) -> None:
    # Both labels are beside both numbers; "respectively" pairs them in order, so 600 is
    # the INT4 peak's, and wrong.
    facts = [("peak.int8_dense", "330 TOP/s"), ("peak.int4_dense", "661 TOP/s")]
    view = _peaks_of(tmp_path, facts)
    claims = [c for c in _claims(text, view) if c.number.digits in ("330", "600")]
    assert [(c.number.digits, c.verdict, c.quantity) for c in claims] == [
        ("330", Verdict.matched, "peak.int8_dense"),
        ("600", Verdict.mismatched, "peak.int4_dense"),
    ]


@pytest.mark.parametrize("text", ["[注2] Chip A 一列是单颗。", "Chip A has 4 stacks [2]."])
def test_a_notes_mark_states_nothing(tmp_path: Path, text: str) -> None:
    facts = [("hbm.stacks", "4"), ("hbm.capacity_per_stack", "2 GB")]
    view = _chip_a(tmp_path, facts)
    mark = next(r for r in check_text(text, view).results if r.number.digits == "2")
    assert (mark.verdict, mark.non_claim) == (Verdict.non_claim, NonClaim.figure), mark.why


@pytest.mark.parametrize(
    "text",
    [
        "Chip A lists 330 TOPS of INT8 and 661 with sparsity.",
        "Chip A 的 INT8 是 330 TOPS，稀疏时 661 TOPS。",
    ],
)
def test_sparsity_qualifies_the_number_it_is_said_of(tmp_path: Path, text: str) -> None:
    # The sparsity is the 661's, not the 330's before it; nor is 661, by its value, the
    # dense INT4 peak.
    facts = [("peak.int8_dense", "330 TOP/s"), ("peak.int4_dense", "661 TOP/s")]
    view = _peaks_of(tmp_path, facts)
    claims = [c for c in _claims(text, view) if c.number.digits in ("330", "661")]
    assert [(c.number.digits, c.verdict, c.quantity) for c in claims] == [
        ("330", Verdict.matched, "peak.int8_dense"),
        ("661", Verdict.unresolved, None),
    ], [c.why for c in claims]


def test_a_qualifier_attached_to_a_number_is_not_the_whole_sentences(tmp_path: Path) -> None:
    # "Sparse" is the 661's; the 330 the sentence goes on to is the dense INT8 peak.
    facts = [("peak.int8_dense", "330 TOP/s"), ("peak.int4_dense", "661 TOP/s")]
    view = _peaks_of(tmp_path, facts)
    claim = _claims("Halving a sparse 661 TOPS gives Chip A's INT8 of 330 TOPS.", view)[-1]
    assert (claim.number.digits, claim.verdict, claim.quantity) == (
        "330",
        Verdict.matched,
        "peak.int8_dense",
    ), claim.why


def test_a_header_naming_two_quantities_of_one_value_backs_the_cell(tmp_path: Path) -> None:
    # "BF16 / FP16" over a cell whose chip holds the same value for both: the cell states
    # both, and is matched (to either), not left as a tie.
    facts = [("peak.bf16_dense", "125 TFLOP/s"), ("peak.fp16", "125 TFLOP/s")]
    chip = _chip("chip-a", "Chip A", facts)
    view = _loaded(tmp_path, {"quantities.yaml": _PEAKS, "subjects/chip-a.yaml": chip})
    table = "| Chip | Dense BF16 / FP16 (TFLOPS) |\n|---|---|\n| Chip A | 125 |\n"
    claim = _one(table, view)
    assert (claim.verdict, claim.subject) == (Verdict.matched, "chip-a"), claim.why
    assert claim.quantity in ("peak.bf16_dense", "peak.fp16")


def test_a_round_figure_of_a_subject_named_outright_is_its_one_quantity_near_it(
    tmp_path: Path,
) -> None:
    # "600 GB/s" is 550–650: too coarse for the value to choose among every chip's
    # bandwidths, but Chip A is named in the sentence and holds one quantity near it.
    facts = [("gddr.bandwidth", "600 GB/s"), ("gddr.pin_rate", "12.5 Gbit/s")]
    view = _chip_a(tmp_path, facts)
    claim = _claims("On one Chip A at 600 GB/s, a token takes 21.7 ms.", view)[0]
    assert (claim.number.digits, claim.verdict, claim.quantity) == (
        "600",
        Verdict.matched,
        "gddr.bandwidth",
    ), claim.why


@pytest.mark.parametrize(
    "text",
    [
        "## 议题 4：Chip A 的规格\n",
        "材料：附件 4《规格表》\n",
        "See Appendix 4 for Chip A.\n",
        "| # | 事项 |\n|---|---|\n| 4 | Chip A 的 HBM 改为 4 颗 |\n",
        "| No. | Action |\n|---|---|\n| 4 | Confirm Chip A's stacks |\n",
    ],
)
def test_agenda_attachment_and_row_numbers_state_nothing(tmp_path: Path, text: str) -> None:
    # Chip A has 4 stacks: the item's, the attachment's or the row's number 4 is none.
    view = _chip_a(tmp_path, [("hbm.stacks", "4")])
    first = next(r for r in check_text(text, view).results if r.number.digits == "4")
    assert first.verdict is Verdict.non_claim, first.why


@pytest.mark.parametrize(
    "text", ["只看 BF16，Chip A 的 362.1 最高。", "Counting BF16 only, Chip A's 362.1 leads."]
)
def test_a_bare_figure_keeps_the_label_of_its_sentence(tmp_path: Path, text: str) -> None:
    # 362.1 is both of Chip A's 16-bit peaks; "BF16", in another clause, tells which.
    facts = [("peak.bf16_dense", "362.1 TFLOP/s"), ("peak.fp16", "362.1 TFLOP/s")]
    chip = _chip("chip-a", "Chip A", facts)
    view = _loaded(tmp_path, {"quantities.yaml": _PEAKS, "subjects/chip-a.yaml": chip})
    claim = _one(text, view)
    assert (claim.verdict, claim.quantity) == (Verdict.matched, "peak.bf16_dense"), claim.why


def _tdp_chip(tmp_path: Path) -> CatalogView:
    """Chip A, rated at 192 W (its TDP)."""
    quantities = _quantity("power.tdp", "TDP", "W")
    chip = _chip("chip-a", "Chip A", [("power.tdp", "192 W")])
    return _loaded(tmp_path, {"quantities.yaml": quantities, "subjects/chip-a.yaml": chip})


@pytest.mark.parametrize(
    "text",
    [
        "Chip A's TDP is 192 W; a paper reports a mean of about 170 W in production.",
        "Chip A 的 TDP 是 192 W，线上实测值约 170 W。",
    ],
)
def test_an_average_is_no_rated_figure(tmp_path: Path, text: str) -> None:
    claim = _claims(text, _tdp_chip(tmp_path))[-1]
    assert (claim.number.digits, claim.verdict) == ("170", Verdict.unresolved), claim.why


@pytest.mark.parametrize(
    ("text", "rated", "measured"),
    [
        ("Chip A's TDP is 192 W; under load we measured 171 W at the wall.", "192", "171"),
        ("Chip A 标称 TDP 192 W，满载实测 171 W。", "192", "171"),
        ("Chip A: measured 171 W, against a rated TDP of 192 W.", "192", "171"),
    ],
)
def test_a_measurement_is_no_rated_figure_but_the_rating_beside_it_is(
    tmp_path: Path, text: str, rated: str, measured: str
) -> None:
    claims = {claim.number.digits: claim for claim in _claims(text, _tdp_chip(tmp_path))}
    assert claims[measured].verdict is Verdict.unresolved, claims[measured].why
    assert claims[rated].verdict is Verdict.matched, claims[rated].why


def _memory_chip(tmp_path: Path) -> CatalogView:
    """Chip A, with 96 GB of memory."""
    quantities = _quantity("hbm.capacity", "memory capacity", "GB")
    chip = _chip("chip-a", "Chip A", [("hbm.capacity", "96 GB")])
    return _loaded(tmp_path, {"quantities.yaml": quantities, "subjects/chip-a.yaml": chip})


@pytest.mark.parametrize(
    "text",
    [
        "A server with eight Chip A cards holds 768 GB of memory in total.",
        "一台插 8 块 Chip A 的服务器，显存合计 768 GB。",
        "Two Chip A boards give a combined 192 GB of memory capacity.",
    ],
)
def test_a_total_over_several_is_no_contradiction_of_ones_figure(tmp_path: Path, text: str) -> None:
    claim = next(c for c in _claims(text, _memory_chip(tmp_path)) if c.number.unit == "GB")
    assert claim.verdict is Verdict.unresolved, claim.why
    assert "total" in claim.why


def test_ones_figure_said_to_be_a_total_still_agrees_and_still_disagrees(
    tmp_path: Path,
) -> None:
    view = _memory_chip(tmp_path)
    agreeing = _one("Chip A has 96 GB of memory capacity in total.", view)
    assert (agreeing.verdict, agreeing.quantity) == (Verdict.matched, "hbm.capacity")
    wrong = _one("Chip A's memory capacity is 80 GB.", view)
    assert wrong.verdict is Verdict.mismatched, wrong.why


def _two_bandwidths(tmp_path: Path) -> CatalogView:
    """Chip A: 600 GB/s of network and 2 TB/s of memory bandwidth."""
    quantities = (
        "quantities:\n"
        "  - id: nic.bandwidth\n    name: network bandwidth\n    unit: GB/s\n"
        "  - id: hbm.bandwidth\n    name: memory bandwidth\n    unit: GB/s\n"
    )
    chip = _chip("chip-a", "Chip A", [("nic.bandwidth", "600 GB/s"), ("hbm.bandwidth", "2 TB/s")])
    return _loaded(tmp_path, {"quantities.yaml": quantities, "subjects/chip-a.yaml": chip})


@pytest.mark.parametrize(
    "text",
    [
        "Chip A 的带宽，写成 4.8 TB/s 就多算了 8 倍。",
        "Chip A 的带宽有人算出 4.8 TB/s，跟手册对不上。",
    ],
)
def test_a_number_the_words_call_wrong_is_tied_to_the_pair_its_error_explains(
    tmp_path: Path, text: str
) -> None:
    claim = next(c for c in _claims(text, _two_bandwidths(tmp_path)) if c.number.digits == "4.8")
    assert (claim.verdict, claim.quantity) == (Verdict.mismatched, "nic.bandwidth"), claim.why


def _two_memories(tmp_path: Path) -> CatalogView:
    """Chip A (900 GB/s of memory, 100 GB/s of network) and Chip B (320 GB/s of memory)."""
    quantities = (
        "quantities:\n"
        "  - id: hbm.bandwidth\n    name: memory bandwidth\n    unit: GB/s\n"
        "  - id: nic.bandwidth\n    name: network bandwidth\n    unit: GB/s\n"
    )
    return _loaded(
        tmp_path,
        {
            "quantities.yaml": quantities,
            "subjects/chip-a.yaml": _chip(
                "chip-a", "Chip A", [("hbm.bandwidth", "900 GB/s"), ("nic.bandwidth", "100 GB/s")]
            ),
            "subjects/chip-b.yaml": _chip("chip-b", "Chip B", [("hbm.bandwidth", "320 GB/s")]),
        },
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "A 13 GB model is read once per token. On Chip A: 13 ÷ 900 ≈ 14.4 ms.",
            {"900": "chip-a"},
        ),
        (
            "Each token reads all 26 GB: on Chip B, 26 / 320 ≈ 81 ms, and on Chip A 26 / 900"
            " ≈ 29 ms.",
            {"320": "chip-b", "900": "chip-a"},
        ),
        (
            "权重 7 GB。放在 Chip B 上：7 ÷ 320 ≈ 0.022 秒；放在 Chip A 上：7 ÷ 900 ≈ 7.8 毫秒。",
            {
                "320": "chip-b",
                "900": "chip-a",
            },
        ),
    ],
)
def test_the_bandwidth_a_decode_time_is_worked_out_with_is_the_named_chips(
    tmp_path: Path, text: str, expected: dict[str, str]
) -> None:
    results = {r.number.digits: r for r in check_text(text, _two_memories(tmp_path)).results}
    for digits, subject in expected.items():
        rate = results[digits]
        assert (rate.verdict, rate.subject, rate.quantity) == (
            Verdict.matched,
            subject,
            "hbm.bandwidth",
        ), rate.why
    others = [r for digits, r in results.items() if digits not in expected]
    assert not any(r.verdict is Verdict.matched for r in others)  # the model's size, the time


@pytest.mark.parametrize(
    "text",
    [
        "A 13 GB model is read once per token: 13 ÷ 900 ≈ 14.4 ms.",  # no chip named
        "On Chip A: 13 ÷ 900 ≈ 30 ms.",  # the arithmetic does not hold
        "On Chip A: 13 ÷ 450 ≈ 28.9 ms.",  # none of Chip A's rates
    ],
)
def test_a_divisor_of_a_time_is_no_chips_rate_without_its_name_arithmetic_and_value(
    tmp_path: Path, text: str
) -> None:
    results = check_text(text, _two_memories(tmp_path)).results
    assert not any(r.verdict is Verdict.matched for r in results), [r.why for r in results]


def _two_links(tmp_path: Path, nvlink: str) -> CatalogView:
    """Chip A: `nvlink` of NVLink and 16 GB/s of PCIe."""
    quantities = (
        "quantities:\n"
        "  - id: nvlink.bandwidth\n    name: NVLink bandwidth\n    unit: GB/s\n"
        "  - id: pcie.bandwidth\n    name: PCIe bandwidth\n    unit: GB/s\n"
    )
    chip = _chip("chip-a", "Chip A", [("nvlink.bandwidth", nvlink), ("pcie.bandwidth", "16 GB/s")])
    return _loaded(tmp_path, {"quantities.yaml": quantities, "subjects/chip-a.yaml": chip})


@pytest.mark.parametrize(
    "text",
    ["The new part reaches 900 GB/s, many times Chip A's 40.", "Chip A 的 40 GB/s 已经够用了。"],
)
def test_a_round_figure_picks_the_one_quantity_of_the_named_chip_it_states(
    tmp_path: Path, text: str
) -> None:
    claim = next(
        c for c in _claims(text, _two_links(tmp_path, "40 GB/s")) if c.number.digits == "40"
    )
    assert (claim.verdict, claim.quantity) == (Verdict.matched, "nvlink.bandwidth"), claim.why


def test_a_round_figure_picks_a_quantity_only_as_written_to_its_last_place(
    tmp_path: Path,
) -> None:
    # 40 may be read as 35–45, but not to pick Chip A's 44 GB/s out of its two links
    view = _two_links(tmp_path, "44 GB/s")
    claim = next(
        c for c in _claims("Chip A 的 40 GB/s 已经够用了。", view) if c.number.digits == "40"
    )
    assert claim.verdict is not Verdict.matched, claim.why


@pytest.mark.parametrize(
    "text",
    [
        "Chip A's TDP is 192 W, but it also ships with a 150 W mode.",
        "Chip A 的 TDP 是 192 W，功耗可以设成 150 W。",
        "Chip A's power is configurable down to 150 W.",
    ],
)
def test_a_setting_a_chip_may_be_run_at_is_no_contradiction_of_its_rating(
    tmp_path: Path, text: str
) -> None:
    claim = next(c for c in _claims(text, _tdp_chip(tmp_path)) if c.number.digits == "150")
    assert claim.verdict is Verdict.unresolved, claim.why
    assert "setting" in claim.why
    wrong = _one("Chip A's TDP is 150 W.", _tdp_chip(tmp_path / "again"))
    assert wrong.verdict is Verdict.mismatched, wrong.why


def test_the_conditions_a_measurement_was_taken_in_are_rated(tmp_path: Path) -> None:
    text = "Chip A's bandwidth test. Measured in the 192 W mode with the fans at full speed."
    claim = _claims(text, _tdp_chip(tmp_path))[0]
    assert (claim.number.digits, claim.verdict) == ("192", Verdict.matched), claim.why


@pytest.mark.parametrize(
    "text",
    [
        "Some listings give Chip A as a 300 W part; its TDP is 192 W.",
        "Some resellers still print 300 W for Chip A's TDP.",
    ],
)
def test_a_figure_the_text_says_others_misquote_is_mismatched_however_far_off(
    tmp_path: Path, text: str
) -> None:
    claim = _claims(text, _tdp_chip(tmp_path))[0]
    assert (claim.number.digits, claim.verdict, claim.quantity) == (
        "300",
        Verdict.mismatched,
        "power.tdp",
    ), claim.why


def _cu_chip(tmp_path: Path) -> CatalogView:
    """Chip A: 208 compute units, 1.7 GHz."""
    quantities = (
        "quantities:\n  - id: cu.count\n    name: compute units\n    synonyms: [CUs]\n"
        "    unit: ''\n    count: true\n"
    )
    chip = _chip("chip-a", "Chip A", [("cu.count", "208"), ("clock.boost", "1.7 GHz")])
    return _loaded(tmp_path, {"quantities.yaml": quantities, "subjects/chip-a.yaml": chip})


@pytest.mark.parametrize(
    "text",
    [
        "Chip A has 208 compute units; the XR900X has 220.",
        "Chip A runs at 1.7 GHz, some 30% faster than the XR900 at 1.3 GHz.",
        "Chip A enables 208 of the XR900 die's 220 compute units.",
        "Chip A has 208 compute units; e75 has 220 compute units.",
    ],
)
def test_a_number_of_a_model_the_catalog_does_not_know_is_not_its_neighbours(
    tmp_path: Path, text: str
) -> None:
    last = _claims(text, _cu_chip(tmp_path))[-1]
    assert last.verdict is Verdict.unresolved, last.why


@pytest.mark.parametrize(
    "text",
    [
        "Chip A is a cut-down XR900 with 208 compute units.",
        "It is a cut-down XR900 with 208 compute units.",
    ],
)
def test_a_model_named_to_describe_the_subject_leaves_it_the_subject(
    tmp_path: Path, text: str
) -> None:
    view = _cu_chip(tmp_path)
    claim = _claims("Chip A is the subject here.\n" + text, view)[-1]
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.matched,
        "chip-a",
        "cu.count",
    ), claim.why


@pytest.mark.parametrize(
    ("text", "digits"),
    [
        ("Do not confuse it with the Max 1550, a bigger part.", "1550"),
        ("另外 Max 1550 是另一颗芯片。", "1550"),
        ("The RTX 4090 is a gaming card.", "4090"),
        ("首发的 RTX 3080 跑 19 Gbps。", "3080"),
    ],
)
def test_a_model_number_of_a_product_line_states_nothing(
    tmp_path: Path, text: str, digits: str
) -> None:
    # "Max" is the line of the catalog's Max 1100: the Max 1550 is a model of it, and its
    # number no value (not Chip Max's 1,550 MHz); RTX names nothing the catalog knows.
    chip = _chip("max-1100", "Max 1100", [("clock.boost", "1550 MHz"), ("sm.count", "4090")])
    view = _loaded(tmp_path, {"subjects/max-1100.yaml": chip})
    found = next(r for r in check_text(text, view).results if r.number.digits == digits)
    assert (found.verdict, found.non_claim) == (Verdict.non_claim, NonClaim.identifier), found.why


def test_a_count_after_a_word_of_the_catalog_is_no_model_number(tmp_path: Path) -> None:
    chip = _chip("chip-a", "Chip A", [("cuda_core.per_sm", "128")])
    view = _loaded(tmp_path, {"subjects/chip-a.yaml": chip})
    claim = _one("Chip A 的 CUDA 核心：每 SM 128 个。", view)
    assert claim.verdict is not Verdict.non_claim, claim.why


def test_a_divisor_is_a_clock_where_the_quotient_counts_per_clock(tmp_path: Path) -> None:
    # TFLOP/s over the divisor gives FLOP (per clock, as prose leaves it): a clock.
    view = _peaks_of(tmp_path, [("peak.fp16", "188 TFLOP/s"), ("clock.boost", "900 MHz")])
    text = "Chip A: 188 TFLOPS FP16. Per clock that is 188e12 / 0.9e9 ≈ 209,000 FP16 FLOP."
    claim = next(c for c in _claims(text, view) if c.number.digits == "0.9")
    assert (claim.verdict, claim.quantity) == (Verdict.matched, "clock.boost"), claim.why


@pytest.mark.parametrize(
    "text",
    [
        "Chip A draws 192 W; the RTX 4090 draws 230 W.",
        "Chip A draws 192 W; the Chip 1550 draws 230 W.",
        "Chip A 功耗 192 W；Chip 1550 则是 230 W。",
    ],
)
def test_a_model_written_with_a_space_is_a_model_the_catalog_does_not_know(
    tmp_path: Path, text: str
) -> None:
    # "Chip" is a product line of the catalog (Chip A is also called "Chip 100"): the
    # Chip 1550 is another model of it, the RTX 4090 a model of another line; their 230 W
    # is no error of Chip A's 192 W.
    chip = _chip("chip-a", "Chip A", [("power.tdp", "192 W")], aliases="Chip 100")
    quantities = _quantity("power.tdp", "TDP", "W")
    view = _loaded(tmp_path, {"quantities.yaml": quantities, "subjects/chip-a.yaml": chip})
    claim = _claims(text, view)[-1]
    assert (claim.number.digits, claim.verdict) == ("230", Verdict.unresolved), claim.why


def test_of_one_subjects_quantities_holding_a_value_the_best_named_is_chosen(
    tmp_path: Path,
) -> None:
    # Both 16-bit peaks are 320: the passage speaks of dense BF16, not of FP16.
    facts = [("peak.bf16_dense", "320 TFLOP/s"), ("peak.fp16", "320 TFLOP/s")]
    view = _peaks_of(tmp_path, facts)
    text = "这一节比稠密 BF16，也提一句 FP16。\n\n## Chip A：320 TFLOPS\n"
    claim = _one(text, view)
    assert (claim.verdict, claim.quantity) == (Verdict.matched, "peak.bf16_dense"), claim.why


def test_the_alternative_reading_of_the_subject_spoken_of_beats_another_chips_value(
    tmp_path: Path,
) -> None:
    # Chip A's "200 GB/s" is also read as 204.8; Chip B's bandwidth is 204.8. Where the
    # words name Chip A clearly better and the value must settle among the pairs, the
    # 204.8 is Chip A's alternative reading, not Chip B's current value.
    chip_a = _chip("chip-a", "Chip A", [("gddr.bandwidth", "200 GB/s")]) + (
        '    alternatives:\n      - value: "204.8 GB/s"\n        reason: a binary giga\n'
    )
    chip_b = _chip("chip-b", "Chip B", [("hbm.bandwidth", "204.8 GB/s")])
    view = _loaded(tmp_path, {"subjects/chip-a.yaml": chip_a, "subjects/chip-b.yaml": chip_b})
    (number,) = numbers_in_line("204.8 GB/s", 1)
    found = [  # by unit only, the subjects as the lines before name them
        Candidate(
            subject="chip-a",
            quantity="gddr.bandwidth",
            subject_score=0.35,
            quantity_score=0.01,
            subject_why="carried",
            quantity_why="a quantity in GB/s",
        ),
        Candidate(
            subject="chip-b",
            quantity="hbm.bandwidth",
            subject_score=0.20,
            quantity_score=0.01,
            subject_why="of the text",
            quantity_why="a quantity in GB/s",
        ),
    ]
    verdict, chosen, _, why, _ = decide(view, number, found, "算出 204.8 GB/s")
    assert (verdict, chosen and chosen.subject) == (Verdict.alternative, "chip-a"), why


@pytest.mark.parametrize(
    "lead",
    [
        "Back-of-envelope decode, weights read once per token:",
        "Decode for a 13-billion-parameter INT8 model, weights read once per token:",
        "粗算一下 decode，每个 token 读一遍权重：",
    ],
)
def test_a_table_after_a_made_up_example_holds_its_figures(tmp_path: Path, lead: str) -> None:
    # The table works the example out: its own figures (ms per token) are the example's;
    # a figure the catalog holds is still matched.
    view = _chip_a(tmp_path, [("hbm.bandwidth", "864 GB/s")])
    rows = "| Chip | Bandwidth | ms per token |\n|---|---|---|\n| Chip A | 864 GB/s | 15.0 |\n"
    table = f"{lead}\n\n{rows}"
    results = {r.number.digits: r for r in check_text(table, view).results}
    assert results["864"].verdict is Verdict.matched, results["864"].why
    assert (results["15.0"].verdict, results["15.0"].non_claim) == (
        Verdict.non_claim,
        NonClaim.illustrative,
    ), results["15.0"].why


def test_a_table_merely_after_a_made_up_example_is_not_its(tmp_path: Path) -> None:
    # The paragraph before sets up an example, but does not lead into the table.
    view = _chip_a(tmp_path, [("hbm.bandwidth", "864 GB/s")])
    table = (
        "Suppose a kernel moves 1 GB.\n\n| Chip | Boot time (ms) |\n|---|---|\n| Chip A | 15.0 |\n"
    )
    cell = next(r for r in check_text(table, view).results if r.number.digits == "15.0")
    assert cell.verdict is Verdict.unresolved, cell.why


@pytest.mark.parametrize(
    "text",
    [
        "Chip A 的带宽有两种读法，两种读法差 2.4%。",
        "Chip A's two bandwidth readings agree within 2.4%.",
    ],
)
def test_how_far_two_figures_part_is_no_claim(tmp_path: Path, text: str) -> None:
    view = _chip_a(tmp_path, [("hbm.bandwidth", "1 TB/s")])
    share = next(r for r in check_text(text, view).results if r.number.digits == "2.4")
    assert (share.verdict, share.non_claim) == (Verdict.non_claim, NonClaim.discrepancy), share.why


def test_a_value_chooses_no_subject_that_nothing_near_names(tmp_path: Path) -> None:
    # Both chips are what the text is about, neither is named near the requirement: its
    # 300 W is no figure of Chip A's, whose TDP happens to be 300 W.
    quantities = "quantities:\n  - id: power.tdp\n    name: TDP\n    name_zh: 功耗\n    unit: W\n"
    view = _loaded(
        tmp_path,
        {
            "quantities.yaml": quantities,
            "subjects/a.yaml": _chip("chip-a", "Chip A", [("power.tdp", "300 W")]),
            "subjects/b.yaml": _chip("chip-b", "Chip B", [("power.tdp", "250 W")]),
        },
    )
    text = (
        "# 选型\n\nChip A 和 Chip B 都在候选里。Chip A 便宜，Chip B 省电。"
        "Chip A 和 Chip B 都能买到。\n\n"
        "## 需求\n\n| 编号 | 项目 | 要求 |\n|---|---|---|\n| R4 | 功耗 | 单卡 ≤ 300 W |\n"
    )
    claim = _claims(text, view)[-1]
    assert (claim.number.digits, claim.verdict) == ("300", Verdict.unresolved), claim.why


def _dram_chips(tmp_path: Path) -> CatalogView:
    """Chip A with 8 GB of DRAM at 50 GB/s; Chips B and C with HBM and GDDR bandwidths."""
    quantities = (
        "quantities:\n"
        "  - id: dram.capacity\n    name: DRAM capacity\n    name_zh: DRAM 容量\n    unit: GB\n"
        "  - id: dram.bandwidth\n    name: DRAM bandwidth\n    name_zh: DRAM 带宽\n"
        "    unit: GB/s\n"
    )
    chips = {
        "chip-a": [("dram.capacity", "8 GB"), ("dram.bandwidth", "50 GB/s")],
        "chip-b": [("hbm.bandwidth", "484 GB/s"), ("hbm.bandwidth_per_stack", "242 GB/s")],
        "chip-c": [("gddr.bandwidth", "346 GB/s")],
    }
    files: dict[str, str | bytes] = {"quantities.yaml": quantities}
    for ident, facts in chips.items():
        name = "Chip " + ident[-1].upper()
        files[f"subjects/{ident}.yaml"] = _chip(ident, name, facts)
    return _loaded(tmp_path, files)


@pytest.mark.parametrize(
    "text",
    [
        "# Chip B 与 Chip C\n\nChip B 的 HBM 带宽 484 GB/s，Chip C 的 GDDR 带宽 346 GB/s。\n\n"
        "## Chip A\n\nChip A 是一颗推理芯片。\n\n它片外有 8 GB DRAM，带宽 50 GB/s。\n",
        "# Chips B and C\n\nChip B has 484 GB/s of HBM bandwidth, Chip C 346 GB/s of GDDR.\n\n"
        "## Chip A\n\nChip A is an inference chip.\n\nOff chip it has 8 GB of DRAM, with a "
        "bandwidth of 50 GB/s.\n",
    ],
)
def test_a_round_number_confirms_the_quantity_the_words_name_best(
    tmp_path: Path, text: str
) -> None:
    # "50 GB/s" (45–55) is too coarse for its value to pick among any chip's
    # bandwidths, but the words pick Chip A's DRAM bandwidth, which the value confirms
    claim = _claims(text, _dram_chips(tmp_path))[-1]
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.matched,
        "chip-a",
        "dram.bandwidth",
    ), claim.why


def _node_chips(tmp_path: Path) -> CatalogView:
    """Chip A of 354 nodes of 256 MACs a cycle each (90,624 in all); Chip B of 64 nodes."""
    quantities = (
        "quantities:\n"
        "  - id: node.count\n    name: nodes\n    name_zh: 节点数\n    unit: ''\n"
        "    count: true\n"
        "  - id: node.mac_per_cycle\n    name: MACs per node per cycle\n"
        "    name_zh: 每节点每拍乘加\n    unit: MAC/cycle\n"
        "  - id: node.sram\n    name: SRAM per node\n    name_zh: 每节点 SRAM\n    unit: MB\n"
    )
    a = [
        ("node.count", "354"),
        ("node.mac_per_cycle", "256 MAC/cycle"),
        ("mac.per_cycle", "90624 MAC/cycle"),
        ("node.sram", "1.25 MB"),
    ]
    b = [("node.count", "64"), ("node.sram", "0.625 MB")]
    return _loaded(
        tmp_path,
        {
            "quantities.yaml": quantities,
            "subjects/chip-a.yaml": _chip("chip-a", "Chip A", a),
            "subjects/chip-b.yaml": _chip("chip-b", "Chip B", b),
        },
    )


@pytest.mark.parametrize(
    "text",
    [
        "Chip B 有 64 个节点。\n\n## Chip A\n\nChip A 有 354 个节点，每个节点 1.25 MB SRAM，"
        "每拍 256 次乘加。全片算下来：\n\n354 × 256 ＝ 90624 次乘加/拍。\n",
        "Chip B has 64 nodes.\n\n## Chip A\n\nChip A has 354 nodes, each with 1.25 MB of SRAM "
        "and 256 MACs a cycle. For the whole chip:\n\n354 × 256 = 90,624 MACs per cycle.\n",
    ],
)
def test_a_computation_on_a_line_of_its_own_is_about_the_paragraphs_subject(
    tmp_path: Path, text: str
) -> None:
    # no rule of the catalog explains the product, and the line names no chip: its
    # numbers are the quantities of the chip the paragraph carries, each by its value
    last_line = [c for c in _claims(text, _node_chips(tmp_path)) if c.number.line == 7]
    assert [(c.number.digits, c.verdict, c.subject, c.quantity) for c in last_line] == [
        ("354", Verdict.matched, "chip-a", "node.count"),
        ("256", Verdict.matched, "chip-a", "node.mac_per_cycle"),
        (last_line[-1].number.digits, Verdict.matched, "chip-a", "mac.per_cycle"),
    ], [c.why for c in last_line]


@pytest.mark.parametrize(
    "text",
    [
        "Chip A 的屋脊点是 289 FLOP/B，比 Chip B 的 200 高。",
        "Chip A's ridge point is 289 FLOP/B, higher than Chip B's 200.",
        "Chip A's ridge point is 289 FLOP/B, about 1.4 times Chip B's 200.",
    ],
)
def test_a_bare_number_compared_with_another_subjects_takes_the_compared_unit(
    tmp_path: Path, text: str
) -> None:
    # Chip B's 200 is a ridge point like the 289 it is compared with, not its 200 GB/s ICI
    chips = {
        "chip-a": [("ridge.hbm", "289 FLOP/B"), ("hbm.bandwidth", "1230 GB/s")],
        "chip-b": [("ridge.hbm", "200 FLOP/B"), ("ici.bandwidth_per_axis", "200 GB/s")],
    }
    files: dict[str, str | bytes] = {
        f"subjects/{ident}.yaml": _chip(ident, "Chip " + ident[-1].upper(), facts)
        for ident, facts in chips.items()
    }
    claim = _claims(text, _loaded(tmp_path, files))[-1]
    assert (claim.number.digits, claim.verdict, claim.subject, claim.quantity) == (
        "200",
        Verdict.matched,
        "chip-b",
        "ridge.hbm",
    ), claim.why


@pytest.mark.parametrize(
    "text",
    [
        "Chip A 的屋脊点是 289 FLOP/B，比 2 年前高。",
        "Chip A's ridge point is 289 FLOP/B, more than the 4 of its first version.",
        "Chip A's ridge point is 289 FLOP/B, 1.4 times Chip B's 200 ÷ 143 ≈ 1.4.",
    ],
)
def test_a_compared_number_of_no_subject_takes_no_unit(tmp_path: Path, text: str) -> None:
    # nor one that begins the computation compared: "Chip B's 200 ÷ 143"
    chip = _chip("chip-a", "Chip A", [("ridge.hbm", "289 FLOP/B")])
    results = check_text(text, _loaded(tmp_path, {"subjects/chip-a.yaml": chip})).results
    (compared,) = [r for r in results if r.number.digits in ("2", "4", "200")]
    assert compared.number.unit is None, compared.why
    assert compared.verdict is not Verdict.mismatched, compared.why


def test_spoken_units_resolve_as_written_ones(tmp_path: Path) -> None:
    facts = [
        ("gddr.capacity", "24 GB"),
        ("gddr.bus_width", "384 bit"),
        ("gddr.pin_rate", "19.5 Gbit/s"),
        ("gddr.bandwidth", "936 GB/s"),
        ("clock.boost", "1695 MHz"),
    ]
    text = (
        "[02:40] MAYA: Chip A's memory: 24 gigs of GDDR6X on a 384-bit bus at 19.5 gigabits "
        "per pin, like, 936 gigs a second. Boost clock is 1,695 megahertz.\n"
    )
    claims = _claims(text, _chip_a(tmp_path, facts))
    assert [(c.number.digits, c.verdict, c.quantity) for c in claims] == [
        ("24", Verdict.matched, "gddr.capacity"),
        ("384", Verdict.matched, "gddr.bus_width"),
        ("19.5", Verdict.matched, "gddr.pin_rate"),
        ("936", Verdict.matched, "gddr.bandwidth"),
        ("1,695", Verdict.matched, "clock.boost"),
    ], [c.why for c in claims]


def test_arithmetic_said_in_words_is_read_as_written_arithmetic(tmp_path: Path) -> None:
    facts = [
        ("sm.count", "82"),
        ("cuda_core.per_sm", "128"),
        ("cuda_core.count", "10496"),
        ("gddr.bus_width", "384 bit"),
        ("gddr.pin_rate", "19.5 Gbit/s"),
        ("gddr.bandwidth", "936 GB/s"),
    ]
    # the first computation by the values of the chip's quantities, one by one; the second
    # by the general rule of a GDDR bandwidth
    text = (
        "DEV: Chip A turns on some SMs, each with its CUDA cores: 82 times 128 is 10,496. "
        "And 384 times 19.5 over 8 is 936.\n"
    )
    claims = _claims(text, _chip_a(tmp_path, facts, rules="--standard-rules"))
    assert [(c.number.digits, c.verdict, c.quantity) for c in claims] == [
        ("82", Verdict.matched, "sm.count"),
        ("128", Verdict.matched, "cuda_core.per_sm"),
        ("10,496", Verdict.matched, "cuda_core.count"),
        ("384", Verdict.matched, "gddr.bus_width"),
        ("19.5", Verdict.matched, "gddr.pin_rate"),
        ("936", Verdict.matched, "gddr.bandwidth"),
    ], [c.why for c in claims]


def test_a_number_before_is_begins_no_computation(tmp_path: Path) -> None:
    # "FP32 is 5,120 × 2 × 1.38 GHz": the 32 of a format's name is no result of it
    facts = [("cuda_core.count", "5120"), ("clock.boost", "1.38 GHz"), ("peak.fp32", "14 TFLOP/s")]
    text = "Chip A's FP32 is 5,120 × 2 × 1.38 GHz ≈ 14 TFLOPS.\n"
    fp32 = _quantity("peak.fp32", "FP32 peak", "TFLOP/s")
    claims = _claims(text, _chip_a(tmp_path, facts, fp32))
    assert [(c.number.digits, c.verdict, c.quantity) for c in claims] == [
        ("5,120", Verdict.matched, "cuda_core.count"),
        ("1.38", Verdict.matched, "clock.boost"),
        ("14", Verdict.matched, "peak.fp32"),
    ], [c.why for c in claims]


@pytest.mark.parametrize(
    "text",
    [
        "On Chip A, a model of 13 billion parameters serves 35,000 requests/s at peak.",
        "Chip A 上跑一个 130 亿参数的模型，峰值每秒 35,000 个请求。",
    ],
)
def test_a_workloads_count_is_no_claim_unless_the_catalog_counts_it(
    tmp_path: Path, text: str
) -> None:
    plain = _chip_a(tmp_path / "plain", [("hbm.capacity", "96 GB")])
    assert [r.non_claim for r in check_text(text, plain).results] == [
        NonClaim.workload,
        NonClaim.workload,
    ]
    # a catalog that holds models' parameter counts makes "13 billion parameters" a claim
    params = (
        "quantities:\n  - id: model.params\n    name: parameters\n    name_zh: 参数量\n"
        "    synonyms: [parameters, 参数]\n    unit: ''\n    count: true\n"
    )
    counting = _chip_a(tmp_path / "counting", [("model.params", "13e9")], params)
    first = check_text(text, counting).results[0]
    assert first.is_claim and first.quantity == "model.params", first.why


def test_a_models_size_written_with_a_letter_is_a_workload_unless_the_catalog_counts_it(
    tmp_path: Path,
) -> None:
    text = "Chip A 的 96 GB 放得下 70B 模型的 8 bit 权重，放不下 FP16 的。"
    plain = _chip_a(tmp_path / "plain", [("hbm.capacity", "96 GB")])
    kinds = [(r.number.literal, r.non_claim) for r in check_text(text, plain).results]
    assert kinds[1] == ("70B", NonClaim.workload), kinds
    params = (
        "quantities:\n  - id: model.params\n    name: parameters\n    name_zh: 参数量\n"
        "    unit: ''\n    count: true\n"
    )
    counting = _chip_a(tmp_path / "counting", [("model.params", "70e9")], params)
    assert check_text(text, counting).results[1].non_claim is None
    # "a 70B model", "一个 70B 的稠密模型": some model of that size, whatever the catalog counts
    for some in ("Chip A 放得下一个 70B 的稠密模型。", "Chip A fits a 70B dense model."):
        (size,) = [r for r in check_text(some, counting).results if r.number.digits == "70"]
        assert size.non_claim is NonClaim.workload, some
    # a size followed by its quantisation names the model as well: "14B 的 Q4", "7B Q4"
    for quantised in ("Chip A 的 96 GB 跑 14B 的 Q4 没问题。", "Chip A: 7B Q4 at 40 tok/s."):
        sizes = [r for r in check_text(quantised, plain).results if r.number.unit_text == "B"]
        assert [r.non_claim for r in sizes] == [NonClaim.workload], quantised


@pytest.mark.parametrize(
    "text",
    [
        "Chip A packs 10.8B transistors.",
        "| | Chip A |\n|---|---|\n| Transistors | 10.8 B |\n",
    ],
)
def test_a_lone_b_after_a_count_its_label_names_is_billions_not_bytes(
    tmp_path: Path, text: str
) -> None:
    facts = [("transistor.count", "10.8e9"), ("gddr.capacity", "6 GB")]
    quantities = (
        "quantities:\n  - id: transistor.count\n    name: transistors\n    unit: ''\n"
        "    count: true\n"
    )
    claim = _claims(text, _chip_a(tmp_path, facts, quantities))[-1]
    assert (claim.verdict, claim.quantity) == (Verdict.matched, "transistor.count"), claim.why
    bytes_of = _claims(
        "Chip A keeps 12 B of state per lane.", _chip_a(tmp_path / "b", facts, quantities)
    )
    assert all(c.quantity != "transistor.count" for c in bytes_of)


def test_stacks_named_in_chinese_by_dui_zhan_count_the_chips_hbm_stacks(tmp_path: Path) -> None:
    facts = [
        ("hbm.stacks", "4"),
        ("hbm.interface_width", "1024 bit"),
        ("hbm.bus_width", "4096 bit"),
    ]
    text = "## Chip A\n\n内存是 HBM2，共 4 堆栈，每堆栈 1024 bit，总位宽 4096 bit。\n"
    claims = _claims(text, _chip_a(tmp_path, facts, _POWER))  # the standard words of HBM
    assert [(c.number.digits, c.verdict, c.quantity) for c in claims] == [
        ("4", Verdict.matched, "hbm.stacks"),
        ("1024", Verdict.matched, "hbm.interface_width"),
        ("4096", Verdict.matched, "hbm.bus_width"),
    ], [c.why for c in claims]


def test_a_vendor_followed_by_a_product_name_the_catalog_lacks_is_not_its_sole_product(
    tmp_path: Path,
) -> None:
    # The catalog's one AMD chip has 4 HBM stacks; "AMD Fiji" is another AMD product.
    chip = _chip("chip-a", "Chip A", [("hbm.stacks", "4")]).replace(
        "  kind: chip\n", "  kind: chip\n  vendor: AMD\n"
    )
    view = _loaded(tmp_path, {"quantities.yaml": _POWER, "subjects/chip-a.yaml": chip})
    fiji = _claims("The AMD Fiji GPU used 4 HBM stacks.", view)
    assert [(c.verdict, c.subject) for c in fiji] == [(Verdict.unresolved, None)]
    own = _claims("AMD's chip uses 4 HBM stacks.", view)
    assert [(c.verdict, c.subject) for c in own] == [(Verdict.matched, "chip-a")]


def test_the_audience_of_an_event_is_no_claim(tmp_path: Path) -> None:
    view = _chip_a(tmp_path, [("hbm.capacity", "96 GB")])
    for text in (
        "Chip A launched before some 400 people, and 1,200 attendees watched online.",
        "Chip A 的作业共收 38 份，单位写错的共 11 人。",
        "Chip A 发布会来了 1200 多位朋友，在线超过 86 万人。",
    ):
        kinds = [r.non_claim for r in check_text(text, view).results]
        assert kinds == [NonClaim.workload, NonClaim.workload], (text, kinds)


def test_a_computation_written_in_latex_is_read_as_arithmetic(tmp_path: Path) -> None:
    facts = [("gddr.bandwidth", "936 GB/s"), ("gddr.bus_width", "384 bit")]
    text = (
        "## Chip A\n\nChip A 的显存带宽反推单针速率：\n\n"
        "$$\\frac{936 \\times 8}{384} \\approx 19.5\\ \\text{Gbit/s}$$\n"
    )
    claims = _claims(text, _chip_a(tmp_path, facts, rules="--standard-rules"))
    assert [(c.number.digits, c.verdict, c.quantity) for c in claims] == [
        ("936", Verdict.matched, "gddr.bandwidth"),
        ("384", Verdict.matched, "gddr.bus_width"),
        ("19.5", Verdict.matched, "gddr.pin_rate"),
    ], [c.why for c in claims]


@pytest.mark.parametrize(
    ("text", "answers"),
    [
        (
            "## 习题\n\n1. 某加速器有 96 个核心，每核每拍 256 次乘加，1.5 GHz，求峰值。\n\n"
            "### 答案\n\n1. 96 × 256 × 2 × 1.5 GHz ≈ 73.7 TFLOPS；Chip A 的 HBM 是 96 GB。\n",
            7,
        ),
        (
            "## Exercises\n\n1. A part has 96 cores of 256 MACs a cycle at 1.5 GHz: its peak?\n\n"
            "### Answers\n\n1. 96 × 256 × 2 × 1.5 GHz ≈ 73.7 TFLOPS; Chip A's HBM is 96 GB.\n",
            7,
        ),
    ],
)
def test_the_numbers_of_exercises_and_their_answers_are_the_exercises_own(
    tmp_path: Path, text: str, answers: int
) -> None:
    results = check_text(text, _chip_a(tmp_path, [("hbm.capacity", "96 GB")])).results
    on_answers = [r for r in results if r.number.line == answers]
    # the chip's own figure among them is still checked against the catalog
    assert [(r.number.digits, r.verdict) for r in on_answers][-1] == ("96", Verdict.matched)
    made_up = [r for r in on_answers[:-1] if r.number.digits != "1"]
    assert made_up and all(r.verdict is Verdict.non_claim for r in made_up), [
        (r.number.digits, r.verdict, r.why) for r in made_up
    ]


def test_an_answer_in_a_question_and_answer_thread_is_no_exercises_answer(
    tmp_path: Path,
) -> None:
    # "Answer 1" of a Q&A thread answers about a real chip; no exercise was set
    text = (
        "# Why is my ridge point for Chip A so low?\n\nI get 7 FLOP/B for Chip A.\n\n"
        "### Answer 1 — accepted · Score: 37\n\n"
        "Answered Mar 3 at 14:02 by **roofline_rick** (316)\n\n"
        "You divided by bits. The memory holds 96 GB, so redo it in bytes.\n"
    )
    results = check_text(text, _chip_a(tmp_path, [("hbm.capacity", "96 GB")])).results
    by_digits = {r.number.digits: r for r in results}
    assert by_digits["96"].verdict is Verdict.matched, by_digits["96"].why
    assert by_digits["316"].non_claim is NonClaim.metadata  # the answerer's standing
    assert by_digits["37"].verdict is Verdict.non_claim


def test_exercises_on_a_chip_the_catalog_holds_state_its_figures(tmp_path: Path) -> None:
    # An exercise sheet on real chips: the chip named in the row or the sentence is the
    # catalog's, and its figures are claims; the problem numbers and their marks are not.
    facts = [("sm.count", "24"), ("cuda_core.per_sm", "64"), ("power.tdp", "120 W")]
    text = (
        "## Problem Set 7 (with worked solutions)\n\n"
        "### Problem 1 (10 marks): Peak FP32 throughput\n\n"
        "| Device | SMs | Lanes per SM | Board power |\n|---|---|---|---|\n"
        "| Chip A | 24 | 64 | 130 W |\n\n"
        "(a) Chip A has 24 SMs, and 64 CUDA cores per SM. How many cores in all?\n\n"
        "### Marking scheme\n\n| Problem | Marks |\n|---|---|\n| 1 | 10 |\n"
    )
    view = _chip_a(tmp_path, facts, _POWER)
    results = [(r.number.line, r.number.digits, r.verdict) for r in check_text(text, view).results]
    assert [r for r in results if r[0] in (7, 9)] == [
        (7, "24", Verdict.matched),
        (7, "64", Verdict.matched),
        (7, "130", Verdict.mismatched),
        (9, "24", Verdict.matched),
        (9, "64", Verdict.matched),
    ]
    assert all(verdict is Verdict.non_claim for line, _, verdict in results if line in (1, 3, 15))


def test_the_posts_of_a_numbered_thread_and_references_to_them_are_markers(
    tmp_path: Path,
) -> None:
    # "1/5 … 5/5": a thread's posts are numbered against its length; "3/5 的数" points
    # at a post. Neither number of "k/5" is a figure, and a fraction elsewhere still is.
    view = _chip_a(tmp_path, [("sm.count", "24")])
    posts = "\n\n".join(f"{k}/5 说说 Chip A。" for k in range(1, 6))
    text = f"{posts}\n\n评论 (37)\n\n**@某人** · 12-10 21:07：3/5 的数对吗？Chip A 有 24 个 SM。\n"
    results = check_text(text, view).results
    assert [r.verdict for r in results if r.number.line <= 9 and r.number.digits in "12345"] == [
        Verdict.non_claim
    ] * 10, [(r.number.literal, r.verdict, r.why) for r in results]
    last = [(r.number.literal.strip(), r.verdict) for r in results if r.number.line >= 11]
    assert last == [
        ("37", Verdict.non_claim),
        ("12", Verdict.non_claim),
        ("10", Verdict.non_claim),
        ("21", Verdict.non_claim),
        ("07", Verdict.non_claim),
        ("3/5", Verdict.non_claim),
        ("24 个", Verdict.matched),
    ], [(r.number.literal, r.verdict, r.why) for r in results if r.number.line >= 11]


def test_a_year_shaped_value_in_a_column_of_a_unit_is_a_value(tmp_path: Path) -> None:
    text = "| | Chip A |\n|---|---|\n| INT8（TOPS） | 1979 |\n| 发布 | 2023 |\n"
    view = _chip_a(tmp_path, [("peak.int8_dense", "1979 TOP/s")])
    results = check_text(text, view).results
    assert [(r.number.digits, r.verdict, r.quantity) for r in results] == [
        ("8", Verdict.non_claim, None),
        ("1979", Verdict.matched, "peak.int8_dense"),
        ("2023", Verdict.non_claim, None),
    ], [r.why for r in results]


def test_a_bare_number_repeats_a_counted_one_as_much_as_one_with_a_unit(
    tmp_path: Path,
) -> None:
    files: dict[str, str | bytes] = {
        "subjects/chip-m.yaml": _chip("chip-m", "Chip M", [("gddr.capacity", "24 GB")]),
        "subjects/chip-n.yaml": _chip(
            "chip-n", "Chip N", [("sm.count", "24"), ("clock.boost", "1.1 GHz")]
        ),
    }
    text = (
        "Chip M 配 24 GB 显存。\n\n"
        "Chip N 有 24 个 SM，频率 1.1 GHz。\n\n"
        "如果每个 SM 有 2 个阵列，那么 24 × 2 ＝ 48 个阵列。\n"
    )
    results = check_text(text, _loaded(tmp_path, files)).results
    (again,) = [r for r in results if r.number.line == 5 and r.number.digits == "24"]
    # the 24 of line 5 repeats Chip N's 24 SMs as much as Chip M's 24 GB: not Chip M's
    assert again.subject != "chip-m", again.why


def test_units_of_a_product_someone_has_are_no_claim_a_systems_chips_are(
    tmp_path: Path,
) -> None:
    files: dict[str, str | bytes] = {
        "quantities.yaml": _quantity("power.tdp", "TDP", "W"),
        "subjects/chip-a.yaml": _chip("chip-a", "Chip A", [("power.tdp", "300 W")]),
        "subjects/chip-b.yaml": _chip("chip-b", "Chip B", [("power.tdp", "1000 W")]),
    }
    view = _loaded(tmp_path, files)
    text = "We retire the last 64 Chip A boards and move the work to 16 Chip B at 1,000 W.\n"
    kinds = [(r.number.digits, r.verdict, r.non_claim) for r in check_text(text, view).results]
    assert kinds[:2] == [
        ("64", Verdict.non_claim, NonClaim.fleet),
        ("16", Verdict.non_claim, NonClaim.fleet),
    ], kinds
    built = check_text("一台插 8 块 Chip A 的服务器，功耗约 2.4 kW。\n", view).results[0]
    assert built.verdict is Verdict.unresolved, built.why
    # the lines of an order: how many someone buys, not a computation's operand
    order = "- 24 x Chip A, low profile\n- 30 × Chip B for the lab\n"
    kinds = [(r.number.digits, r.non_claim) for r in check_text(order, view).results]
    assert kinds == [("24", NonClaim.fleet), ("30", NonClaim.fleet)], kinds
    operand = check_text("Chip A: 2 × 4 x Chip B boards = 8.\n", view).results
    assert operand[1].non_claim is not NonClaim.fleet


def test_a_count_of_machines_is_how_many_someone_has_not_a_limit_of_the_system(
    tmp_path: Path,
) -> None:
    view = _chip_a(tmp_path, [("power.tdp", "300 W")], _quantity("power.tdp", "TDP", "W"))
    for text in (
        "实验室现有 4 台 Chip A 工作站，另采购 2 套开发板。\n",
        "The lab runs 4 workstations with Chip A and orders 2 machines more.\n",
    ):
        kinds = [(r.number.digits, r.non_claim) for r in check_text(text, view).results]
        assert kinds == [("4", NonClaim.fleet), ("2", NonClaim.fleet)], kinds
    for text in (
        "Chip A 的系统最多可以 2,048 台组成一个集群。\n",
        "A Chip A cluster scales to 2,048 machines.\n",
    ):
        (limit,) = check_text(text, view).results
        assert limit.verdict is Verdict.unresolved, limit.why


@pytest.mark.parametrize(
    "table",
    [
        "卡 | 功耗 (W) | 带宽 (GB/s)\nChip A | 300 | 900\nChip B | 450 | 1200\n",
        "Card | Power (W) | Bandwidth (GB/s)\n--- | --- | ---\nChip A | 300 | 900\n"
        "Chip B | 450 | 1200\n",
        "> | Card | Power (W) | Bandwidth (GB/s) |\n> |---|---|---|\n> | Chip A | 300 | 900 |\n"
        "> | Chip B | 450 | 1200 |\n",
    ],
)
def test_a_table_without_outer_pipes_a_rule_or_outside_a_quote_is_a_table(
    tmp_path: Path, table: str
) -> None:
    # a chat's pipe-separated lines, a GitHub table without its outer pipes, a table
    # quoted in a reply: each cell takes its subject from its row, its quantity from its
    # column, the last cell too
    bandwidth = "  - id: mem.bandwidth\n    name: bandwidth\n    name_zh: 带宽\n    unit: GB/s\n"
    view = _chips_a_b(
        tmp_path,
        [("power.tdp", "300 W"), ("mem.bandwidth", "900 GB/s")],
        [("power.tdp", "450 W"), ("mem.bandwidth", "1200 GB/s")],
        _quantity("power.tdp", "power", "W") + bandwidth,
    )
    got = [
        (r.number.digits, r.verdict, r.subject, r.quantity)
        for r in check_text(table, view).results
        if r.is_claim
    ]
    assert got == [
        ("300", Verdict.matched, "chip-a", "power.tdp"),
        ("900", Verdict.matched, "chip-a", "mem.bandwidth"),
        ("450", Verdict.matched, "chip-b", "power.tdp"),
        ("1200", Verdict.matched, "chip-b", "mem.bandwidth"),
    ], got


def test_a_number_set_side_by_side_with_a_claim_is_the_other_subjects(tmp_path: Path) -> None:
    # "(400 对 900)": the second figure of two compared is the same quantity of the other
    # chip the text compares, whether it agrees or not
    peak = "quantities:\n  - id: peak.bf16_dense\n    name: peak\n    name_zh: 峰值\n"
    peak += "    unit: TFLOPS\n  - id: power.tdp\n    name: power\n    unit: W\n"
    view = _chips_a_b(
        tmp_path,
        [("peak.bf16_dense", "400 TFLOPS"), ("power.tdp", "300 W")],
        [("peak.bf16_dense", "800 TFLOPS"), ("power.tdp", "700 W")],
        peak,
    )
    lead = "Chip A 和 Chip B：Chip A 便宜，Chip B 快，Chip A 省电，Chip B 贵。\n"
    for second, verdict in (("800", Verdict.matched), ("900", Verdict.mismatched)):
        text = f"{lead}开头把 Chip A 的峰值和另一颗并排摆出来(400 对 {second})，没说为什么。\n"
        claim = next(c for c in _claims(text, view) if c.number.digits == second)
        assert (claim.verdict, claim.subject, claim.quantity) == (
            verdict,
            "chip-b",
            "peak.bf16_dense",
        ), claim.why


def test_a_cell_of_numbers_split_by_slashes_takes_its_headers_parts_in_order(
    tmp_path: Path,
) -> None:
    # "| Clocks (base / boost) | 1,200 / 1,455 MHz |": the first is the base clock, the
    # second the boost, though both are clocks near both words
    clocks = (
        "quantities:\n  - id: clock.base\n    name: base clock\n    name_zh: 基础频率\n"
        "    unit: MHz\n"
    )
    facts = [("clock.base", "1200 MHz"), ("clock.boost", "1455 MHz")]
    view = _chip_a(tmp_path, facts, clocks)
    for table in (
        "| | Chip A |\n|---|---|\n| Clocks (base / boost) | 1,200 / 1,455 MHz |\n",
        "| 参数 | Chip A |\n|---|---|\n| 基础 / 加速频率 | 1,455 / 1,200 MHz |\n",
    ):
        got = [
            (r.number.digits, r.verdict.value, r.quantity)
            for r in check_text(table, view).results
            if r.is_claim
        ]
        first, second = got
        assert (first[2], second[2]) == ("clock.base", "clock.boost"), got
        # in the Chinese table the two are swapped: each is judged against its own part
        swapped = table.startswith("| 参数")
        assert [first[1], second[1]] == (["mismatched"] * 2 if swapped else ["matched"] * 2), got


@pytest.mark.parametrize(
    "text",
    [
        "Chip A 的一个 cluster 内，Chip B 起可 opt-in 到 16 个线程块。",
        "On Chip A a cluster may, as on Chip B and later, opt in to 16 blocks.",
        "On Chip A a cluster may, since the Chip B, opt in to 16 blocks.",
    ],
)
def test_a_generation_named_as_where_something_began_is_not_described(
    tmp_path: Path, text: str
) -> None:
    # "H100 起", "since the H100": the figure is the chip described's, though the older one
    # began it and holds it too
    blocks = "quantities:\n  - id: cluster.max_blocks\n    name: blocks per cluster\n"
    blocks += "    synonyms: [blocks, 线程块]\n    count: true\n"
    view = _chips_a_b(
        tmp_path, [("cluster.max_blocks", "16")], [("cluster.max_blocks", "16")], blocks
    )
    claim = next(c for c in _claims(text, view) if c.number.digits == "16")
    assert (claim.verdict, claim.subject) == (Verdict.matched, "chip-a"), claim.why


def test_a_bare_precise_figure_rounds_to_the_catalogs_coarse_one_only_when_all_but_it(
    tmp_path: Path,
) -> None:
    # "39.99, call it 40": the datasheet's 40 TFLOPS is 39.99 rounded; 39.2 is not, and a
    # bare 6985 read a prefix off is no 7 Gbit/s pin rate rounded
    fp32 = _quantity("peak.fp32", "FP32 peak", "TFLOP/s")
    facts = [("peak.fp32", "40 TFLOPS"), ("gddr.pin_rate", "7 Gbit/s")]
    view = _chip_a(tmp_path, facts, fp32)
    said = _claims("Chip A's FP32 peak: 39.99, call it 40 TFLOPS.", view)[0]
    assert (said.number.digits, said.verdict, said.quantity) == (
        "39.99",
        Verdict.matched,
        "peak.fp32",
    )
    assert said.judgement is not None and said.judgement.rounded
    off = _claims("Chip A's FP32 peak: 39.2, call it 40 TFLOPS.", view)[0]
    assert off.verdict is not Verdict.matched, off.why
    log = _claims("Chip A pins: POM_5V_IN 7620/6985", view)
    assert all(c.quantity != "gddr.pin_rate" for c in log if c.number.digits == "6985")


def test_a_width_times_a_pin_rate_ties_its_operands_though_its_result_rounds(
    tmp_path: Path,
) -> None:
    # "64 × 9.6 / 8 = 76.8, rounded to 77 GB/s": bits of width times bits a pin do not
    # give bytes a second by dimension, yet the width and the rate are the package's
    quantities = (
        "quantities:\n"
        "  - id: pkg.width\n    name: package width\n    unit: bit\n"
        "  - id: pkg.rate\n    name: data rate per pin\n    unit: Gbit/s\n"
        "  - id: pkg.bandwidth\n    name: package bandwidth\n    unit: GB/s\n"
    )
    facts = [("pkg.width", "64 bit"), ("pkg.rate", "9.6 Gbit/s"), ("pkg.bandwidth", "77 GB/s")]
    view = _chip_a(tmp_path, facts, quantities)
    said = _claims("A Chip A package: 64 × 9.6 / 8 = 76.8, which the vendor rounds to 77.", view)
    got = {c.number.digits: (c.verdict, c.quantity) for c in said}
    assert got["64"] == (Verdict.matched, "pkg.width"), got
    assert got["9.6"] == (Verdict.matched, "pkg.rate"), got


@pytest.mark.parametrize(
    "text",
    [
        "- 在 RTX 3090 那一节，71 TFLOPS 被当成了“FP32 峰值”：71 是 BF16 Tensor 的数。",
        "- The RTX 3090 section took 71 TFLOPS for the FP32 peak by mistake: 71 is BF16 Tensor.",
    ],
)
def test_a_figure_the_text_calls_wrong_is_judged_against_the_quantity_it_was_given_as(
    own_views: Callable[[str], CatalogView], text: str
) -> None:
    # the text says what is wrong: the FP32 peak given as 71; that 71 is the BF16 peak only
    # says where the wrong figure came from (the sixteenth set's own catalog: RTX 3090)
    claim = next(c for c in _claims(text, own_views("sixteenth")) if c.number.digits == "71")
    assert (claim.verdict, claim.quantity) == (Verdict.mismatched, "peak.fp32"), claim.why


def test_a_product_said_with_each_factors_words_is_read_as_the_catalogs_rule(
    tmp_path: Path,
) -> None:
    # "84 SMs times 4 Tensor Cores times 128 MACs is 43,008 MACs a clock": the words of each
    # factor stand between it and "times"; the MACs of a product that is a rate per clock
    # are a clock's
    facts = [
        ("sm.count", "84"),
        ("tensor_core.per_sm", "4"),
        ("tensor_core.mac_per_cycle", "128 MAC/cycle"),
    ]
    view = _chip_a(tmp_path, facts, rules="--standard-rules")
    text = "On Chip A, 84 SMs times 4 Tensor Cores times 128 MACs is 43,008 MACs a clock."
    got = [(c.number.digits, c.verdict, c.quantity) for c in _claims(text, view)]
    assert got == [
        ("84", Verdict.matched, "sm.count"),
        ("4", Verdict.matched, "tensor_core.per_sm"),
        ("128", Verdict.matched, "tensor_core.mac_per_cycle"),
        ("43,008", Verdict.matched, "mac.per_cycle"),
    ], got


def test_a_plural_label_named_in_the_singular_names_its_quantity(tmp_path: Path) -> None:
    # a tool's output says "Compute Unit: 60" of a quantity labelled "compute units"
    units = (
        "quantities:\n  - id: cu.count\n    name: Compute units per GPU\n"
        "    synonyms: [compute units, CUs]\n    count: true\n"
    )
    view = _chip_a(tmp_path, [("cu.count", "60"), ("clock.boost", "2105 MHz")], units)
    text = "Chip A under rocminfo:\n  Compute Unit:            60\n  Max Clock (MHz): 2105\n"
    claim = next(c for c in _claims(text, view) if c.number.digits == "60")
    assert (claim.verdict, claim.quantity) == (Verdict.matched, "cu.count"), claim.why
    assert "label 'compute unit'" in claim.why


def test_a_model_number_said_alone_after_the_is_the_model(tmp_path: Path) -> None:
    # "19.5 is the plain 3090": the catalog holds the RTX 3090 Ti, whose name's 3090 said
    # alone names a model; "the 3090 GB/s" with a unit is a figure
    view = _loaded(
        tmp_path, {"subjects/ti.yaml": _chip("rtx-3090-ti", "RTX 3090 Ti", [("sm.count", "84")])}
    )
    said = check_text("No, 19.5 is the plain 3090; with 19.5 you get the 3090's number.", view)
    kinds = [(c.number.digits, c.non_claim) for c in said.results if c.number.digits == "3090"]
    assert kinds == [("3090", NonClaim.identifier)] * 2, kinds
    (figure,) = check_text("It moves the 3090 GB/s we measured.", view).results
    assert figure.verdict is not Verdict.non_claim


def test_a_count_of_a_products_units_in_chinese_is_a_fleet_a_systems_is_not(
    tmp_path: Path,
) -> None:
    # "现有 3 块 Chip A、2 块 Chip B", "Chip A × 3": how many someone owns; "一台服务器，里面
    # 8 张 Chip A" and "8 块 Chip A 的服务器": what a system is built of
    view = _chips_a_b(tmp_path, [("sm.count", "8")], [("sm.count", "30")])
    for text, digits in (
        ("现有 3 块 Chip A、2 块 Chip B 暂不报废。", "3"),
        ("实验室现有：Chip A × 3（2017 年买的）。", "3"),
    ):
        (count,) = [r for r in check_text(text, view).results if r.number.digits == digits]
        assert count.non_claim is NonClaim.fleet, (text, count.why)
    for text in ("一台服务器，里面 8 张 Chip A。", "8 块 Chip A 的服务器。"):
        (parts,) = [r for r in check_text(text, view).results if r.number.digits == "8"]
        assert parts.non_claim is not NonClaim.fleet, text


def test_transfers_a_second_are_a_rate_not_a_count(tmp_path: Path) -> None:
    # "32 GT/s" is a link's lane rate (as the catalog writes it, in GT/s), not its 16 lanes;
    # "12 GT/s" of a memory's pins is its pin rate in Gbit/s
    quantities = (
        "quantities:\n"
        "  - id: link.lane_rate\n    name: lane rate\n    synonyms: [GT/s, 通道速率]\n"
        "    unit: GT/s\n"
        "  - id: link.lanes\n    name: lanes\n    synonyms: [通道, 链路宽度]\n    count: true\n"
    )
    files: dict[str, str | bytes] = {
        "quantities.yaml": quantities,
        "subjects/link-x.yaml": _chip(
            "link-x", "LinkX 5", [("link.lane_rate", "32 GT/s"), ("link.lanes", "16")]
        ),
        "subjects/chip-a.yaml": _chip("chip-a", "Chip A", [("gddr.pin_rate", "12 Gbit/s")]),
    }
    view = _loaded(tmp_path, files)
    for text, pair in (
        ("LinkX 5 每条通道 32 GT/s。", ("link-x", "link.lane_rate")),
        ("LinkX 5 runs each lane at 32 GT/s.", ("link-x", "link.lane_rate")),
        ("Chip A's GDDR6 pins run at 12 GT/s.", ("chip-a", "gddr.pin_rate")),
    ):
        claim = next(c for c in _claims(text, view) if c.number.digits in ("32", "12"))
        assert (claim.verdict, claim.subject, claim.quantity) == (Verdict.matched, *pair), (
            text,
            claim.why,
        )


def test_columns_aligned_with_spaces_are_a_table(tmp_path: Path) -> None:
    # a terminal's output pasted in a text: each figure stands under its column's header,
    # and the row's words (the device, the format) say what it is about; a measured
    # column holds no rated figure
    peak = "  - id: peak.bf16_dense\n    name: peak\n    unit: TFLOPS\n"
    view = _chips_a_b(
        tmp_path,
        [("peak.bf16_dense", "400 TFLOPS"), ("power.tdp", "400 W")],
        [("peak.bf16_dense", "800 TFLOPS"), ("power.tdp", "310 W")],
        _quantity("power.tdp", "power", "W") + peak,
    )
    table = (
        "```\n"
        "device   dtype   peak_tflops   measured_tflops   power_w\n"
        "chip_a   bf16          400.0             310.2       400\n"
        "chip_b   bf16          800.0             310         310\n"
        "```\n"
    )
    got = [
        (r.number.literal, r.verdict.value, r.subject, r.quantity)
        for r in check_text(table, view).results
        if r.number.digits not in ("16",)
    ]
    assert got == [
        ("400.0", "matched", "chip-a", "peak.bf16_dense"),
        ("310.2", "unresolved", None, None),  # measured, though Chip B's power is 310 W
        ("400", "matched", "chip-a", "power.tdp"),
        ("800.0", "matched", "chip-b", "peak.bf16_dense"),
        ("310", "unresolved", None, None),  # measured: not its rated 310 W
        ("310", "matched", "chip-b", "power.tdp"),
    ], got
    # two columns are a label and its value, no table: "Max compute units     448"
    (alone,) = check_text("Max compute units     448", view).results
    assert alone.subject is None


def test_a_numbering_column_numbers_rows_an_item_column_of_names_does_not(
    tmp_path: Path,
) -> None:
    view = _chip_a(tmp_path, [("mem.capacity", "8 GB")], _quantity("mem.capacity", "memory", "GB"))
    table = "| Item | Memory |\n|---|---|\n| 3 | 8 GB |\n| Chip A 8GB | 8 GB |\n"
    got = [(r.number.literal, r.verdict) for r in check_text(table, view).results]
    assert got[0] == ("3", Verdict.non_claim), got
    assert got[2] == ("8GB", Verdict.matched), got


def test_a_figure_a_decimal_point_away_is_a_mismatch_when_written_with_its_unit(
    tmp_path: Path,
) -> None:
    ridge = _quantity("ridge.mem", "ridge point", "FLOP/B")
    view = _chip_a(tmp_path, [("ridge.mem", "193.5 FLOP/B")], ridge)
    table = "| card | ridge point |\n|---|---|\n| Chip A | 19.3 FLOP/B |\n"
    cell = check_text(table, view).results[0]
    assert cell.verdict is Verdict.mismatched, cell.why
    assert cell.judgement is not None and "decimal point" in (cell.judgement.cause or "")
    bare = "| card | ridge point |\n|---|---|\n| Chip A | 19.3 |\n"
    assert check_text(bare, view).results[0].verdict is not Verdict.mismatched


def test_how_far_a_unit_slip_puts_a_figure_off_is_no_claim_a_ratio_of_two_chips_is(
    tmp_path: Path,
) -> None:
    view = _chip_a(tmp_path, [("hbm.capacity", "96 GB")])
    for text in (
        "单位没换，差了 1000 倍。",
        "bits read as bytes, off by 8x.",
        "比特当字节，就多算了 8 倍。",
        "写成那样整整大了 8 倍。",
        "the slide overstated it by 8x.",
        "Bits for bytes: you're off by exactly 8.",
    ):
        (slip,) = check_text(text, view).results
        assert slip.verdict is Verdict.non_claim, text
    for text in ("每瓦算力两张卡差 2.6 倍。", "新卡的带宽反而低了约 5%。", "off by 3 stacks"):
        (ratio,) = check_text(text, view).results
        assert ratio.verdict is Verdict.unresolved, text


@pytest.mark.parametrize(
    "entry",
    [
        "### 勘误 E-01 · Chip A 功耗\n\n- **原文**：TDP 170 W\n- **更正为**：TDP 192 W\n",
        "### Erratum 1: Chip A power\n\n- **Original text:** TDP 170 W\n- **Corrected:** 192 W\n",
    ],
)
def test_the_original_text_an_erratum_quotes_is_the_wrong_figure(
    tmp_path: Path, entry: str
) -> None:
    view = _chips_a_b(
        tmp_path,
        [("power.tdp", "192 W")],
        [("power.tdp", "75 W")],
        _quantity("power.tdp", "TDP", "W"),
    )
    text = f"Chip B draws 75 W; Chip A is the big one.\n\n{entry}"
    claims = {c.number.digits: c for c in _claims(text, view)}
    assert (claims["170"].verdict, claims["170"].subject) == (Verdict.mismatched, "chip-a")
    assert claims["192"].verdict is Verdict.matched


def test_a_figure_set_against_the_claim_it_replaces_is_about_the_same_pair(
    tmp_path: Path,
) -> None:
    bandwidth = _quantity("mem.bandwidth", "bandwidth", "GB/s")
    view = _chip_a(tmp_path, [("mem.bandwidth", "484 GB/s")], bandwidth)
    for text in (
        "Chip A is 512 GB/s, not 484. I had one.",
        "Chip A 的带宽不是 484，是 512 GB/s。",
        "Chip A is 484 GB/s, not 512. I had one.",  # the right figure first
        "Chip A is 484 GB/s (not 512), I had one.",
        "Chip A is 484 GB/s, not the 512 I had.",
        "Chip A: not 512 but 484 GB/s.",
        "Chip A 的带宽是 484 GB/s，而不是 512。",
    ):
        got = [
            (r.number.digits, r.verdict, r.quantity)
            for r in check_text(text, view).results
            if r.number.digits in ("484", "512")
        ]
        assert sorted(got) == [
            ("484", Verdict.matched, "mem.bandwidth"),
            ("512", Verdict.mismatched, "mem.bandwidth"),
        ], (text, got)


def test_a_figure_said_of_the_chip_named_right_after_it_is_that_chips(tmp_path: Path) -> None:
    view = _chips_a_b(
        tmp_path,
        [("mem.capacity", "12 GB")],
        [("mem.capacity", "12 GB")],
        _quantity("mem.capacity", "memory", "GB"),
    )  # the same value: only the words can choose
    for text in (
        "Chip A against the 12 GB Chip B.",
        "Chip A 对比 12G 的 Chip B。",
        "Chip A vs. the 10 GB Chip B.",
    ):
        (figure,) = [r for r in check_text(text, view).results if r.number.digits in ("12", "10")]
        assert figure.subject == "chip-b", (text, figure.why)
    (units,) = check_text("Chip A or a box of 4 × Chip B.", view).results
    assert units.verdict is Verdict.non_claim  # four of them, no figure of Chip B's


def test_a_data_files_values_are_its_parent_keys_and_their_keys_units(tmp_path: Path) -> None:
    # Under "chip_b:", each key names Chip B's quantity and, by its last part, the unit of
    # a bare value; Chip A (named in the prose) holds the same values, so only the
    # nesting can choose Chip B. "_gbps" is gigabits in one file and gigabytes in the
    # next: no unit.
    quantities = (
        "quantities:\n"
        "  - {id: clock.boost, name: boost clock, unit: MHz}\n"
        "  - {id: mem.capacity, name: memory, unit: GB}\n"
        "  - {id: power.tdp, name: TDP, unit: W}\n"
        "  - {id: mem.bandwidth, name: memory bandwidth, unit: GB/s}\n"
    )
    facts = [
        ("clock.boost", "1410 MHz"),
        ("mem.capacity", "48 GB"),
        ("power.tdp", "350 W"),
        ("mem.bandwidth", "864 GB/s"),
    ]
    view = _chips_a_b(tmp_path, facts, facts, quantities)
    text = (
        "Our spec file next to Chip A:\n\n"
        "```yaml\n"
        "chip_b:\n"
        "  boost_mhz: 1.41      # in GHz by mistake\n"
        "  mem_gb: 48\n"
        "  tdp_w: 350\n"
        "  mem_bw_gbps: 864\n"
        "```\n"
    )
    got = {r.number.digits: r for r in check_text(text, view).results}
    assert {d: (r.subject, r.quantity) for d, r in got.items()} == {
        "1.41": ("chip-b", "clock.boost"),
        "48": ("chip-b", "mem.capacity"),
        "350": ("chip-b", "power.tdp"),
        "864": ("chip-b", "mem.bandwidth"),
    }, {d: r.why for d, r in got.items()}
    assert got["1.41"].verdict is Verdict.mismatched  # 1.41 MHz, as the key says
    assert got["864"].number.unit is None  # "_gbps": read either way


def test_a_tera_written_alone_after_a_figure_leaves_its_unit_to_the_words(
    tmp_path: Path,
) -> None:
    # "59.8T" is no model's name: tera of whatever the words say, FP32 FLOP/s here and the
    # bandwidth's bytes a second (the catalog writes 864 GB/s) there.
    quantities = (
        "quantities:\n"
        "  - {id: peak.fp32, name: FP32 peak, name_zh: 单精度, unit: TFLOP/s}\n"
        "  - {id: mem.bandwidth, name: memory bandwidth, name_zh: 显存带宽, unit: GB/s}\n"
    )
    facts = [("peak.fp32", "59.8 TFLOPS"), ("mem.bandwidth", "864 GB/s")]
    view = _chip_a(tmp_path, facts, quantities)
    text = "Chip A：单精度 59.8T，显存带宽 0.864T。"
    got = {r.number.digits: (r.verdict, r.quantity) for r in check_text(text, view).results}
    assert got == {
        "59.8": (Verdict.matched, "peak.fp32"),
        "0.864": (Verdict.matched, "mem.bandwidth"),
    }, got


def test_a_quotes_quantities_and_sums_are_no_figures_of_the_hardware(tmp_path: Path) -> None:
    view = _chip_a(tmp_path, [("power.tdp", "350 W")], _POWER)
    for table, row in (
        (
            "| Item | Qty | On-demand (USD/hr) | Subtotal |\n|---|---|---|---|\n"
            "| Chip A server | 2 | 350 | 700 |\n",
            3,
        ),
        (
            "序号 | 描述 | 数量 | 单价（元） | 小计\n1 | Chip A 服务器 | 2 | 350 | 700\n"
            "2 | 三年保修 | 1 | 90 | 90\n",
            2,
        ),
    ):
        got = {
            r.number.digits: r.non_claim
            for r in check_text(table, view).results
            if r.number.line == row and r.number.digits in ("2", "350", "700")
        }
        assert got == {
            "2": NonClaim.fleet,
            "350": NonClaim.expense,  # though Chip A's TDP is 350 W
            "700": NonClaim.expense,
        }, (table, got)


def test_bare_figures_after_words_pointing_back_at_a_table_repeat_its_cells(
    tmp_path: Path,
) -> None:
    quantities = (
        "quantities:\n"
        "  - {id: l2.bandwidth_local, name: local L2 bandwidth, unit: TB/s}\n"
        "  - {id: l2.bandwidth_far, name: far L2 bandwidth, unit: TB/s}\n"
    )
    facts = [("l2.bandwidth_local", "21 TB/s"), ("l2.bandwidth_far", "16.8 TB/s")]
    view = _chip_a(tmp_path, facts, quantities)
    table = "| Chip A | L2 bandwidth |\n|---|---|\n| local L2 | 21 TB/s |\n| far L2 | 16.8 TB/s |\n"
    filler = "A line that says nothing of figures.\n" * 20
    for pointer, expected in (
        ("The cost is in the table above: 21 drops to 16.8.", Verdict.matched),
        ("代价就在上面那张表里：21 掉到 16.8。", Verdict.matched),
        ("Later, 21 drops to 16.8.", Verdict.unresolved),  # nothing points back
    ):
        text = table + filler + pointer
        got = [r for r in check_text(text, view).results if r.number.line == 25]
        assert [(r.number.digits, r.verdict) for r in got] == [
            ("21", expected),
            ("16.8", expected),
        ], (pointer, [r.why for r in got])
        if expected is Verdict.matched:
            assert [r.quantity for r in got] == ["l2.bandwidth_local", "l2.bandwidth_far"]


def test_a_figure_a_card_was_seen_to_reach_is_no_rated_figure(tmp_path: Path) -> None:
    view = _chip_a(tmp_path, [("power.tdp", "70 W")], _POWER)
    for text in (
        "Chip A, rated at 70 W, never exceeded 69.4 W in our logs.",
        "Chip A is rated at 70 W; under load it peaked at 74.5 W.",
        "Chip A 标称 70 W，我们跑出 66.2 W。",
    ):
        rated, seen = check_text(text, view).results
        assert (rated.verdict, seen.verdict) == (Verdict.matched, Verdict.unresolved), (
            text,
            seen.why,
        )


def test_a_count_before_the_part_it_counts_names_the_labels_quantity(tmp_path: Path) -> None:
    # "GPU cores" and "CPU cores" said the other way round: "40-core GPU", "40 核 GPU".
    quantities = (
        "quantities:\n"
        "  - {id: gpu_core.count, name: GPU cores, name_zh: GPU 核, unit: '', count: true}\n"
        "  - {id: cpu_core.count, name: CPU cores, name_zh: CPU 核, unit: '', count: true}\n"
    )
    view = _chip_a(tmp_path, [("gpu_core.count", "40"), ("cpu_core.count", "16")], quantities)
    for text in ("Chip A has a 16-core CPU and a 40-core GPU.", "Chip A：16 核 CPU、40 核 GPU。"):
        got = [(r.number.digits, r.verdict, r.quantity) for r in check_text(text, view).results]
        assert got == [
            ("16", Verdict.matched, "cpu_core.count"),
            ("40", Verdict.matched, "gpu_core.count"),
        ], (text, got)


def test_a_rows_subject_may_be_named_past_its_first_cell(tmp_path: Path) -> None:
    view = _chips_a_b(
        tmp_path,
        [("mem.capacity", "12 GB")],
        [("mem.capacity", "6 GB")],
        _quantity("mem.capacity", "memory", "GB"),
    )
    numbered = (
        "| # | Card | Memory |\n|---|---|---|\n| 1 | Chip A | 16 GB |\n| 2 | Chip B | 6 GB |\n"
    )
    coded = numbered.replace("| 1 |", "| R-3.2.1 |").replace("| 2 |", "| R-3.2.2 |")
    for table in (numbered, coded):
        got = [(r.verdict, r.subject) for r in check_text(table, view).results if r.number.unit]
        # the first cell only numbers the row: the card is what the row is about
        assert got == [(Verdict.mismatched, "chip-a"), (Verdict.matched, "chip-b")], got
    named = (
        "| Instance | Accelerator | Memory |\n|---|---|---|\n"
        "| big.xlarge | 1 × Chip A | 16 GB |\n| small.xlarge | 1 × Chip B | 6 GB |\n"
    )
    got = [(r.verdict, r.subject) for r in check_text(named, view).results if r.number.unit]
    # the row is the instance's, whose memory may be the host's
    assert got == [(Verdict.unresolved, None), (Verdict.unresolved, None)], got


_CLOCK_AND_POWER = (
    "quantities:\n"
    "  - {id: clock.boost, name: boost clock, unit: MHz}\n"
    "  - {id: power.tdp, name: TDP, unit: W}\n"
)
_CLOCKED = [("clock.boost", "1410 MHz"), ("power.tdp", "300 W")]
"""A chip's boost clock and power, which the data-file tests give Chip A and Chip B alike."""


def test_a_data_files_flow_mappings_are_read_as_its_block_mappings(tmp_path: Path) -> None:
    # The values sit in braces, over two lines, named by the mapping's model string; both
    # chips hold the same values, so only the nesting can choose; the "qty" is how many.
    view = _chips_a_b(tmp_path, _CLOCKED, _CLOCKED, _CLOCK_AND_POWER)
    for text in (
        "Inventory, Chip A beside it:\n"
        "servers:\n"
        '  box-01:\n    b: {model: "Chip B", qty: 2,\n'
        "       spec: {boost_mhz: 1410, tdp_w: 350}}\n"
        "Chip A is fine.\n",
        'Inventory, Chip A beside it:\n{"box-01": {"chip_b": {"qty": 2, "boost_mhz": 1410,\n'
        '  "tdp_w": 350}}}\nChip A is fine.\n',
    ):
        got = {r.number.digits: r for r in check_text(text, view).results}
        assert got["2"].non_claim is NonClaim.fleet, got["2"].why
        assert (got["1410"].verdict, got["1410"].subject) == (Verdict.matched, "chip-b")
        assert (got["350"].verdict, got["350"].subject) == (Verdict.mismatched, "chip-b")


def test_a_toml_tables_values_are_read_as_a_spec_sheet(tmp_path: Path) -> None:
    # [device.b] names Chip B by its name string; an inline table's key gives its values'
    # unit (clock_mhz) and words (clock ... boost); a comment's numbers are prose.
    view = _chips_a_b(tmp_path, _CLOCKED, _CLOCKED, _CLOCK_AND_POWER)
    text = (
        "Our devices.toml, beside Chip A:\n\n```toml\n[device.b]   # was 1,500 before v2\n"
        'name = "Chip B"\nclock_mhz = { boost = 1.41 }\npower = { tdp_w = 350 }\n```\n'
    )
    got = {r.number.digits: r for r in check_text(text, view).results}
    assert (got["1.41"].verdict, got["1.41"].subject, got["1.41"].quantity) == (
        Verdict.mismatched,
        "chip-b",
        "clock.boost",
    ), got["1.41"].why  # 1.41 MHz, as the key says
    assert (got["350"].verdict, got["350"].subject) == (Verdict.mismatched, "chip-b")
    assert got["1,500"].subject is None
    unnamed = "Chip A and Chip B:\n\n```toml\n[device.chip_b]\npower = { tdp_w = 350 }\n```\n"
    (power,) = check_text(unnamed, view).results  # the table's path names it
    assert (power.verdict, power.subject) == (Verdict.mismatched, "chip-b"), power.why


def test_a_value_does_not_choose_a_quantity_of_another_number_format(tmp_path: Path) -> None:
    # The key names BF16; "dense" fits both peaks; 733 is the FP8 peak's value, but the
    # figure is given as the BF16 peak (Chip A's is 362.05): a mismatch of that, not FP8's.
    quantities = (
        "quantities:\n"
        "  - {id: peak.bf16_dense, name: dense BF16 peak, synonyms: [bf16 tflops], unit: TFLOP/s}\n"
        "  - {id: peak.fp8_dense, name: dense FP8 peak, synonyms: [fp8 tflops], unit: TFLOP/s}\n"
    )
    facts = [("peak.bf16_dense", "362.05 TFLOPS"), ("peak.fp8_dense", "733 TFLOPS")]
    view = _chip_a(tmp_path, facts, quantities)
    text = "```yaml\nchip_a:\n  bf16_tflops: 733     # dense\n```\n"
    (peak,) = [r for r in check_text(text, view).results if r.number.digits == "733"]
    assert peak.quantity != "peak.fp8_dense", peak.why


def test_a_table_that_weighs_criteria_holds_weights_and_scores(tmp_path: Path) -> None:
    view = _chip_a(tmp_path, [("power.tdp", "30 W")], _POWER)
    table = (
        "| Criterion | Weight | Chip A |\n|---|---|---|\n"
        "| Power | 30% | 30 |\n| Price | 70% | 24 |\n"
    )
    kinds = {r.number.digits: r.non_claim for r in check_text(table, view).results}
    assert kinds == {"30": NonClaim.rating, "70": NonClaim.rating, "24": NonClaim.rating}, kinds
    plain = table.replace("Weight", "Watts")  # no weights: Chip A's 30 is its power again
    (power, *_) = [r for r in check_text(plain, view).results if r.number.column > 12]
    assert power.verdict is not Verdict.non_claim, power.why


def test_a_count_set_against_the_count_it_replaces_past_its_label(tmp_path: Path) -> None:
    view = _chip_a(tmp_path, [("sm.count", "28")])
    for text in ("Fix: Chip A has 28 SMs, not 32.", "Chip A 有 28 个 SM，不是 32。"):
        (wrong,) = [r for r in check_text(text, view).results if r.number.digits == "32"]
        assert (wrong.verdict, wrong.quantity) == (Verdict.mismatched, "sm.count"), text


def test_a_cell_under_a_measured_header_is_no_rated_figure(tmp_path: Path) -> None:
    bandwidth = _quantity("mem.bandwidth", "bandwidth", "GB/s")
    view = _chip_a(tmp_path, [("mem.bandwidth", "272 GB/s")], bandwidth)
    for header, verdict in (
        ("Bandwidth (GB/s)", Verdict.mismatched),
        ("Measured bandwidth (GB/s)", Verdict.unresolved),
        ("实测带宽 (GB/s)", Verdict.unresolved),
    ):
        table = f"| Card | {header} |\n|---|---|\n| Chip A | 251.3 |\n"
        (cell,) = check_text(table, view).results
        assert cell.verdict is verdict, (header, cell.why)


def test_a_number_may_be_written_in_a_unit_of_the_catalogs_own(tmp_path: Path) -> None:
    files: dict[str, str | bytes] = {
        "units.yaml": 'units:\n  - "volt = [voltage] = V"\n',
        "quantities.yaml": (
            "quantities:\n  - id: mem.vdd\n    name: supply voltage\n    name_zh: 供电\n"
            "    unit: V\n"
        ),
        "subjects/mem-a.yaml": _chip(
            "mem-a", "MEM-A", [("mem.vdd", "1.8 V")], kind="memory-standard"
        ),
    }
    view = _loaded(tmp_path, files)
    # another catalog opened since, without the unit, leaves this one's reading alone
    _loaded(tmp_path / "other", {"subjects/chip-b.yaml": _chip("chip-b", "Chip B", [])})
    for text in ("MEM-A 的 1.8V 供电。", "MEM-A runs its supply voltage at 1.8 V."):
        (vdd,) = check_text(text, view).results
        assert (vdd.verdict, vdd.quantity, vdd.number.unit) == (
            Verdict.matched,
            "mem.vdd",
            "V",
        ), (text, vdd.why)


def test_things_a_text_numbers_by_a_character_glued_on_are_no_amounts(tmp_path: Path) -> None:
    view = _chip_a(tmp_path, [("hbm.capacity", "96 GB")])
    text = "本项目分三个包：包1 服务器；包2 加速卡；包3 终端。\n\n包2 的预算另列。\n"
    labels = [(r.number.digits, r.non_claim) for r in check_text(text, view).results]
    assert labels == [(d, NonClaim.identifier) for d in ("1", "2", "3", "2")], labels
    # a character a writer puts before amounts ("约4", "共8") numbers nothing
    amounts = check_text("Chip A 约4 颗，约8 颗，约9 颗。\n", view).results
    assert all(r.non_claim is not NonClaim.identifier for r in amounts)
    (clause,) = check_text("见 5.2 条的要求。\n", view).results
    assert clause.non_claim is NonClaim.section


def test_a_sum_of_money_is_no_claim_unless_the_catalog_holds_prices(tmp_path: Path) -> None:
    power = _quantity("power.tdp", "TDP", "W")
    view = _chip_a(tmp_path / "a", [("power.tdp", "300 W")], power)
    text = (
        "I paid $2,499 for Chip A; used ones go for ¥6,500, 3299 元 or 249 刀, 80 bucks.\n\n"
        "Chip A（首发 3899，去年 2999 入的）。\n\n"
        "| | Chip A |\n|---|---|\n| Price (used) | 1,180 |\n| TDP (W) | 300 |\n"
    )
    got = [(r.number.digits, r.verdict, r.non_claim) for r in check_text(text, view).results]
    assert got == [
        ("2,499", Verdict.non_claim, NonClaim.expense),
        ("6,500", Verdict.non_claim, NonClaim.expense),
        ("3299", Verdict.non_claim, NonClaim.expense),
        ("249", Verdict.non_claim, NonClaim.expense),
        ("80", Verdict.non_claim, NonClaim.expense),
        ("3899", Verdict.non_claim, NonClaim.expense),
        ("2999", Verdict.non_claim, NonClaim.expense),
        ("1,180", Verdict.non_claim, NonClaim.expense),
        ("300", Verdict.matched, None),
    ], got
    latex = check_text("Chip A: $300 \\times 2$ W.\n", view).results[0]
    assert latex.non_claim is not NonClaim.expense
    priced = power + "  - id: price.launch\n    name: launch price\n    synonyms: [MSRP]\n"
    view = _chip_a(tmp_path / "b", [("power.tdp", "300 W"), ("price.launch", "1499")], priced)
    (launch,) = check_text("Chip A launched at an MSRP of $1,499.\n", view).results
    assert launch.is_claim, launch.why


def test_a_bare_2_a_computation_of_claims_multiplies_by_is_a_constant(tmp_path: Path) -> None:
    facts = [
        ("cuda_core.count", "5888"),
        ("clock.boost", "1.725 GHz"),
        ("peak.fp32", "20.3 TFLOPS"),
    ]
    fp32 = (
        "quantities:\n  - id: peak.fp32\n    name: FP32 peak\n    synonyms: [FP32]\n"
        "    unit: TFLOP/s\n"
    )
    view = _chip_a(tmp_path, facts, fp32)
    for text in (
        "Chip A FP32: 5888 × 2 × 1.725 ≈ 20.31.\n",
        "- Chip A 的 FP32：5888 × 2 × 1.725 ≈ 20.31，官方写 20.3\n",
    ):
        got = [(r.number.digits, r.verdict) for r in check_text(text, view).results][1:5]
        assert got == [
            ("5888", Verdict.matched),
            ("2", Verdict.non_claim),
            ("1.725", Verdict.matched),
            ("20.31", Verdict.matched),
        ], got
    # a product that is not what the text writes leaves the 2 as unsure as it was
    wrong = check_text("Chip A FP32: 5888 × 2 × 1.725 ≈ 30.1.\n", view).results
    assert wrong[2].number.digits == "2" and wrong[2].verdict is not Verdict.non_claim


@pytest.mark.parametrize(
    "text",
    [
        "Divide 148 × 10^12 by 4 × 10^12 and you get 37 FLOP per byte for Chip A.",
        "For Chip A, multiply 82 by 128 and you get 10,496.",
        "Chip A 的 148 TFLOPS 除以 4 TB/s，就是 37 FLOP/B。",
        "Chip A 的 CUDA 核心：82 乘 128，等于 10,496。",
    ],
)
def test_divide_and_multiply_by_said_in_words(tmp_path: Path, text: str) -> None:
    facts = [
        ("peak.bf16_dense", "148 TFLOP/s"),
        ("hbm.bandwidth", "4 TB/s"),
        ("sm.count", "82"),
        ("cuda_core.per_sm", "128"),
    ]
    claims = _claims(text, _chip_a(tmp_path, facts, rules="--standard-rules"))
    assert claims and all(c.verdict is Verdict.matched for c in claims), [
        (c.number.digits, c.verdict, c.why) for c in claims
    ]
    assert len(claims) == 3, [(c.number.digits, c.verdict) for c in claims]


@pytest.mark.parametrize(
    "text",
    [
        "Chip A 的 Tensor 算力都写成\u201c稠密/稀疏\u201d两个数：BF16 是 71/142 TFLOPS。",
        "Chip A's tensor figures are written dense/sparse: BF16 is 71/142 TFLOPS.",
    ],
)
def test_a_slash_pair_after_a_pair_of_qualifiers_takes_them_in_order(
    tmp_path: Path, text: str
) -> None:
    # the 142 is the sparse BF16 figure, not the dense FP16 peak that happens to be 142
    facts = [("peak.bf16_dense", "71 TFLOP/s"), ("peak.fp16_tensor", "142 TFLOP/s")]
    fp16 = _quantity("peak.fp16_tensor", "FP16 tensor peak", "TFLOP/s")
    results = check_text(text, _chip_a(tmp_path, facts, fp16)).results
    pair = [(r.number.digits, r.verdict, r.quantity) for r in results][-2:]
    assert pair == [
        ("71", Verdict.matched, "peak.bf16_dense"),
        ("142", Verdict.unresolved, None),
    ], [r.why for r in results]


@pytest.mark.parametrize(
    "text",
    [
        "Chip A runs its HBM at 1.0 Gbit/s per pin.",
        "Chip A 的 HBM 每针 1.0 Gbit/s。",
    ],
)
def test_per_pin_names_a_pin_rate_of_hbm_as_of_gddr(tmp_path: Path, text: str) -> None:
    # 1.0 Gbit/s is Chip A's HBM pin rate and its GDDR one: "per pin" names the first
    # as it names the second, and "HBM" tells them apart
    facts = [("hbm.pin_rate", "1.0 Gbit/s"), ("gddr.pin_rate", "1.0 Gbit/s")]
    claim = next(r for r in check_text(text, _chip_a(tmp_path, facts)).results if r.is_claim)
    assert (claim.verdict, claim.quantity) == (Verdict.matched, "hbm.pin_rate"), claim.why


@pytest.mark.parametrize(
    "text",
    [
        'A listener writes: "My Chip A has 12 GB, not 24." That is the first version.',
        "有读者来信说：我的 Chip A 是 12 GB，不是 24。那是第一版。",
    ],
)
def test_the_figure_a_number_is_said_instead_of_takes_its_unit(tmp_path: Path, text: str) -> None:
    view = _chip_a(tmp_path, [("gddr.capacity", "24 GB"), ("sm.count", "24")])
    said = [r for r in check_text(text, view).results if r.number.digits == "24"]
    assert [(r.number.unit, r.verdict, r.quantity) for r in said] == [
        ("GB", Verdict.matched, "gddr.capacity")
    ], [r.why for r in said]


@pytest.mark.parametrize(
    "text",
    [
        "Chip A 的算力（稠密 / 稀疏）：FP8 362 / 724；INT4 724 / 1448 TOPS。",
        "Chip A's compute (dense / sparse): FP8 362 / 724; INT4 724 / 1448 TOPS.",
    ],
)
def test_pairs_of_a_list_after_its_pair_of_qualifiers_pair_and_do_not_divide(
    tmp_path: Path, text: str
) -> None:
    int4 = _quantity("peak.int4_dense", "INT4 dense peak", "TOP/s")
    view = _chip_a(
        tmp_path, [("peak.fp8_dense", "362 TFLOP/s"), ("peak.int4_dense", "724 TOP/s")], int4
    )
    pairs = [(r.number.digits, r.verdict, r.quantity) for r in check_text(text, view).results]
    assert [p for p in pairs if p[0] in ("362", "724", "1448")] == [
        ("362", Verdict.matched, "peak.fp8_dense"),
        ("724", Verdict.unresolved, None),  # FP8 sparse: not INT4's dense 724
        ("724", Verdict.matched, "peak.int4_dense"),
        ("1448", Verdict.unresolved, None),
    ], pairs


@pytest.mark.parametrize(
    "text",
    [
        "Chip A has 16 GB of HBM.\n\nIt is built on a 16 nm process, at 0.9 V.\n",
        "Chip A 有 16 GB HBM。\n\n约 90 亿个晶体管（16 nm 工艺），核心电压 0.9 V。\n",
    ],
)
def test_a_length_or_a_voltage_is_no_quantity_of_the_catalog(tmp_path: Path, text: str) -> None:
    view = _chip_a(tmp_path, [("hbm.capacity", "16 GB"), ("clock.boost", "0.9 GHz")])
    later = [r for r in check_text(text, view).results if r.number.line == 3]
    assert [(r.number.digits, r.verdict) for r in later if r.number.digits in ("16", "0.9")] == [
        ("16", Verdict.unresolved),
        ("0.9", Verdict.unresolved),
    ], [r.why for r in later]


@pytest.mark.parametrize(
    "text",
    [
        "On Chip A each decode step streams the weights once: 70 GB ÷ 4,000 GB/s = 17.5 ms.",
        "Chip A 上每步解码都要把权重读一遍：70 GB ÷ 4,000 GB/s ＝ 17.5 ms。",
    ],
)
def test_a_time_worked_out_where_the_catalog_holds_none_is_the_works_own(
    tmp_path: Path, text: str
) -> None:
    view = _chip_a(tmp_path, [("hbm.bandwidth", "4000 GB/s")])
    results = [(r.number.digits, r.verdict) for r in check_text(text, view).results]
    assert results == [
        ("70", Verdict.non_claim),
        ("4,000", Verdict.matched),
        ("17.5", Verdict.non_claim),
    ], results


@pytest.mark.parametrize(
    "text",
    [
        "## Memory: Chip A, Chip B and Chip C\n\nFirst, Chip A. It carries four stacks.\n\n"
        "Each stack gives about 300 GB/s. Read 1.2 TB/s in binary and it is 1228.8 GB/s.\n",
        "## 内存：Chip A、Chip B 与 Chip C\n\n先看 Chip A。它有 4 颗堆栈。\n\n"
        "每颗约 300 GB/s。但如果把 1.2 TB/s 理解成 1.2 × 1024 ＝ 1228.8 GB/s，差约 2.4%。\n",
    ],
)
def test_a_paragraph_that_names_one_of_its_headings_subjects_narrows_the_section_to_it(
    tmp_path: Path, text: str
) -> None:
    # the heading speaks of three chips; the paragraph after it of Chip A alone: its
    # figures are Chip A's, though another chip's bandwidth is near them too
    files: dict[str, str | bytes] = {
        "subjects/chip-a.yaml": _chip(
            "chip-a",
            "Chip A",
            [
                ("hbm.bandwidth", "1.2 TB/s"),
                ("hbm.bandwidth_per_stack", "300 GB/s"),
                ("hbm.stacks", "4"),
            ],
        ),
        "subjects/chip-b.yaml": _chip(
            "chip-b",
            "Chip B",
            [("hbm.bandwidth", "2.4 TB/s"), ("hbm.bandwidth_per_stack", "600 GB/s")],
        ),
        "subjects/chip-c.yaml": _chip("chip-c", "Chip C", [("hbm.bandwidth", "0.8 TB/s")]),
    }
    view = _loaded(tmp_path, files)
    claim = next(r for r in check_text(text, view).results if r.number.literal == "1.2 TB/s")
    assert (claim.verdict, claim.subject, claim.quantity) == (
        Verdict.matched,
        "chip-a",
        "hbm.bandwidth",
    ), claim.why


@pytest.mark.parametrize(
    ("sentence", "verdict", "rounded"),
    [
        # the datasheet's 12.3 is the computed 12.288 rounded: it backs it
        ("Chip A's dense BF16 peak: 4,096 × 2 × 1.5 GHz = 12.288 TFLOPS.", Verdict.matched, True),
        ("Chip A 的 BF16 稠密峰值：4096 × 2 × 1.5 GHz ＝ 12.288 TFLOPS。", Verdict.matched, True),
        ("Chip A's dense BF16 peak is 12.3 TFLOPS.", Verdict.matched, False),
        # 1,638.4 GB/s is within what "2 TB/s" allows (1.5–2.5) but 18 % from it
        ("Chip A's HBM bandwidth is 1,638.4 GB/s.", Verdict.mismatched, False),
        # 2,048 GB/s is "2 TB/s" read with a binary tera: a slip, not a rounding
        ("Chip A's HBM bandwidth is 2,048 GB/s.", Verdict.mismatched, False),
    ],
)
def test_a_precise_number_a_coarse_catalog_value_rounds_is_matched_and_said_so(
    tmp_path: Path, sentence: str, verdict: Verdict, rounded: bool
) -> None:
    view = _chip_a(tmp_path, [("peak.bf16_dense", "12.3 TFLOPS"), ("hbm.bandwidth", "2 TB/s")])
    claim = next(c for c in _claims(sentence, view) if (c.number.unit or "").endswith("/s"))
    assert (claim.verdict, claim.subject) == (verdict, "chip-a"), claim.why
    assert claim.judgement is not None and claim.judgement.rounded is rounded


def test_a_value_the_catalog_states_twice_is_one_chance_not_two(tmp_path: Path) -> None:
    # the bandwidth stated by two sources alike is one value near 700, not two: the
    # agreement of "just over 700" with it is no more a coincidence for being stated twice
    facts = "".join(
        f"  - id: chip-a.bw-{source}\n    quantity: gddr.bandwidth\n    value: 716.8 GB/s\n"
        f"    source: {source}\n    tier: official\n"
        for source in ("vendor-sheet", "vendor-page")
    )
    files: dict[str, str | bytes] = {
        "sources.yaml": "sources:\n"
        + "".join(
            f"  - id: {s}\n    title: {s}\n    kind: vendor-doc\n"
            for s in ("vendor-sheet", "vendor-page")
        ),
        "subjects/chip-a.yaml": _chip("chip-a", "Chip A", [("gddr.pin_rate", "22.4 Gbit/s")])
        + facts,
    }
    view = _loaded(tmp_path, files)
    text = "Chip A: sixteen gigs of GDDR6X and just over 700 gigabytes a second.\n"
    claim = next(r for r in check_text(text, view).results if r.number.digits == "700")
    assert (claim.verdict, claim.quantity) == (Verdict.matched, "gddr.bandwidth"), claim.why


def test_a_number_scaled_by_a_spoken_word_is_as_precise_as_its_digits(
    tmp_path: Path,
) -> None:
    # "almost 17 thousand CUDA cores" is 16,500–17,500, not exactly 17,000
    view = _chip_a(tmp_path, [("cuda_core.count", "16896")])
    claim = _one('Chip A, from memory: "almost 17 thousand CUDA cores."', view)
    assert (claim.verdict, claim.quantity) == (Verdict.matched, "cuda_core.count"), claim.why
    exact = _one("Chip A has 17,000 CUDA cores.", view)
    assert exact.verdict is Verdict.mismatched


def test_the_value_picks_among_one_named_subjects_quantities_the_words_tie(
    tmp_path: Path,
) -> None:
    # the words tie Chip A's stacks and its interface width on "6"; only the stacks hold
    # 6: of one subject's quantities the words name alike, the value picks, though a
    # one-digit count (6 exactly) would be too common to pick among subjects by
    view = _chip_a(tmp_path, [("hbm.stacks", "6"), ("hbm.interface_width", "1024 bit")])
    (number,) = numbers_in_line("6 个", 1)
    found = [
        Candidate(
            subject="chip-a",
            quantity="hbm.stacks",
            subject_score=0.35,
            quantity_score=0.7,
            subject_why="carried",
            quantity_why="word '堆栈' near the number",
        ),
        Candidate(
            subject="chip-a",
            quantity="hbm.interface_width",
            subject_score=0.35,
            quantity_score=0.7,
            subject_why="carried",
            quantity_why="word '堆栈' near",
        ),
    ]
    verdict, chosen, _, why, _ = decide(view, number, found, "6 个堆栈，每堆栈 1024 bit")
    assert (verdict, chosen and chosen.quantity) == (Verdict.matched, "hbm.stacks"), why
    found_b = [
        *found,
        Candidate(
            subject="chip-b",
            quantity="hbm.stacks",
            subject_score=0.35,
            quantity_score=0.7,
            subject_why="carried",
            quantity_why="word '堆栈'",
        ),
    ]
    verdict, chosen, _, why, _ = decide(view, number, found_b, "6 个堆栈，每堆栈 1024 bit")
    assert verdict is Verdict.unresolved, why


def test_cores_is_a_word_of_every_core_quantity_not_only_the_label_of_one(
    tmp_path: Path,
) -> None:
    # "cores" is the label of Chip B's `core.count`, which Chip A does not hold; it is a
    # word of Chip A's CUDA-core quantities too, and the value tells which
    quantities = (
        "quantities:\n  - id: core.count\n    name: Compute cores\n"
        "    synonyms: [cores]\n    unit: ''\n    count: true\n"
    )
    chip_a = [("sm.count", "24"), ("cuda_core.per_sm", "128"), ("cuda_core.count", "3072")]
    files: dict[str, str | bytes] = {
        "quantities.yaml": quantities,
        "subjects/chip-a.yaml": _chip("chip-a", "Chip A", chip_a),
        "subjects/chip-b.yaml": _chip("chip-b", "Chip B", [("core.count", "24")]),
    }
    view = _loaded(tmp_path, files)
    claims = _claims("The Chip A has 3,072 cores.", view)
    assert [(c.verdict, c.quantity) for c in claims] == [
        (Verdict.matched, "cuda_core.count"),
    ], [c.why for c in claims]


def test_a_label_that_opens_with_a_number_gives_that_number_as_its_value(
    tmp_path: Path,
) -> None:
    # a catalog calls the bus width "64-bit" too: in "Bus width: 64-bit" the 64 is the
    # width, not a digit of a name
    quantities = (
        "quantities:\n  - id: bus.width\n    name: memory bus width\n"
        "    synonyms: [64-bit, memory bus]\n    unit: bit\n"
    )
    view = _chip_a(tmp_path, [("bus.width", "64 bit")], quantities)
    claim = _one("## Chip A\n\nMemory bus width:   64-bit\n", view)
    assert (claim.verdict, claim.quantity) == (Verdict.matched, "bus.width"), claim.why


@pytest.mark.parametrize(
    "table",
    [
        "| | Chip A | Chip B |\n|---|---|---|\n| 晶体管（亿） | 52 | 268 |\n",
        "| | Chip A | Chip B |\n|---|---|---|\n| Transistors (billions) | 5.2 | 26.8 |\n",
    ],
)
def test_a_header_that_gives_a_scale_scales_its_cells(tmp_path: Path, table: str) -> None:
    files: dict[str, str | bytes] = {
        "quantities.yaml": (
            "quantities:\n  - id: transistor.count\n    name: transistors\n"
            "    name_zh: 晶体管\n    unit: ''\n    count: true\n"
        ),
        "subjects/chip-a.yaml": _chip("chip-a", "Chip A", [("transistor.count", "5.2e9")]),
        "subjects/chip-b.yaml": _chip("chip-b", "Chip B", [("transistor.count", "26.8e9")]),
    }
    claims = _claims(table, _loaded(tmp_path, files))
    assert [(c.verdict, c.subject) for c in claims] == [
        (Verdict.matched, "chip-a"),
        (Verdict.matched, "chip-b"),
    ], [c.why for c in claims]


def test_a_power_of_two_repeats_no_earlier_figure_lines_away(tmp_path: Path) -> None:
    # the 16 Gbit dies of line 1 say nothing of the 16 × 16 × 16 cube three lines on:
    # a power of two is too common to be a repeat from further than its own line
    files: dict[str, str | bytes] = {
        "quantities.yaml": _quantity("hbm.die_density", "HBM die density", "Gbit"),
        "subjects/chip-a.yaml": _chip(
            "chip-a", "Chip A", [("hbm.die_density", "16 Gbit"), ("hbm.stacks", "4")]
        ),
    }
    view = _loaded(tmp_path, files)
    text = (
        "Chip A 的 HBM 用 16 Gbit 颗粒。\n\n它有 4 颗堆栈。\n\n每个核里的 Cube 是 16 × 16 × 16。\n"
    )
    cube = [r for r in check_text(text, view).results if r.number.line == 5]
    assert [r.verdict for r in cube] == [Verdict.unresolved] * 3, [r.why for r in cube]


@pytest.mark.parametrize(
    "text", ["## 7.1　Chip A：把 13.4 乘出来\n", "## 7.1 Chip A: working out the 13.4\n"]
)
def test_three_digits_of_a_subject_the_sentence_names_are_weighed_by_value(
    tmp_path: Path, text: str
) -> None:
    # no word names a quantity; the sentence names Chip A, and of its quantities only the
    # dense BF16 peak is 13.4: three digits are too few for any subject, not for this one
    facts = [("peak.bf16_dense", "13.4 TFLOPS"), ("sm.count", "68"), ("gddr.capacity", "11 GB")]
    claim = _one(text, _chip_a(tmp_path, facts))
    assert (claim.verdict, claim.quantity) == (Verdict.matched, "peak.bf16_dense"), claim.why
