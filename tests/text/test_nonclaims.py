"""Numbers that name things rather than state them, in Chinese and English."""

from __future__ import annotations

import pytest

from derive.text.nonclaims import NonClaim, classify, hypothetical
from derive.text.numbers import numbers_in_line, plain_line


def kind(text: str, nth: int = 0) -> NonClaim | None:
    line = plain_line(text)
    number = list(numbers_in_line(line, 1))[nth]
    return classify(line, number, nth)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("见 §2.5 的推导", NonClaim.section),
        ("回到 4.3 那张图", NonClaim.section),
        ("细节在 5.1b 里", NonClaim.section),
        ("see Section 3.2 for details", NonClaim.section),
        ("## 2. Peak throughput", NonClaim.section),
        ("**1.1 峰值算力。** 峰值 ＝ 计算单元数 × 频率", NonClaim.section),
        ("**3. Memory bandwidth.** The bus is 384 bits wide", NonClaim.section),
        ("2025-11-03 更新", NonClaim.date),
        ("1998 年的论文", NonClaim.year),
        ("这个错数在正文里挂了 26 天", NonClaim.date),
        ("the wrong peak stayed in the text for 26 days", NonClaim.date),
        ("launched in 2020", NonClaim.year),
        ("图 4 画的是", NonClaim.figure),
        ("as Figure 7 shows", NonClaim.figure),
        ("3. 然后做这个", NonClaim.list_marker),
        ("A100 和 MI300X", NonClaim.identifier),
        ("PCIe 4.0 x16", NonClaim.identifier),
        ("arXiv:1704.04760", NonClaim.identifier),
        ("with 2:4 structured sparsity", NonClaim.identifier),
        ("装 B(k=0, n=0)", NonClaim.identifier),
        ("搬的字节是 2·(MK ＋ KN)", NonClaim.constant),
        ("1024 bit × 7.2 Gbps ÷ 8", NonClaim.constant),
        ("GB means 10^9 bytes", NonClaim.constant),
        ("别把 TB/s 当成 1024 进制", NonClaim.constant),
        ("binary prefixes are 1,024-based", NonClaim.constant),
        ("divided by 8 bits per byte", NonClaim.constant),
        ("the vendors' KB means 1,024 bytes", NonClaim.constant),
        ("MACs × 2 FLOP × 1.41 GHz", NonClaim.constant),
        ("shared memory (compute capability 8.0)", NonClaim.identifier),
        ("满足 99 分位延迟", NonClaim.ordinal),
        ("跳号：0 · 1 · 2 · 3 · 4", NonClaim.list_marker),
        ("数值见第 1、2 节的出处", NonClaim.section),
        ("published 2 December 2026", NonClaim.date),
        ("announced on Dec. 5, at the show", NonClaim.date),
        ("as sections 3 and 4 show", NonClaim.section),
        ("in each chip's best 16-bit format", NonClaim.identifier),
        ("| 16-bit peak | INT8 |", NonClaim.identifier),
        ("换成 8 位整数", NonClaim.identifier),
        ("16384 × 2 × 2.52 GHz ≈ 82.6 TFLOPS", NonClaim.constant),
        ("峰值 ＝ MAC 数 × 2 × 频率", NonClaim.constant),
        ("编辑于昨天 · 赞同 4812 · 评论", NonClaim.metadata),
        ("Room 3.114, Science Building B", NonClaim.identifier),
        ("Account Manager | ext. 207", NonClaim.identifier),
        ("raised against PO 4500 this morning", NonClaim.identifier),
        ("SKU HS-207-0058 in the table", NonClaim.identifier),
        ("call +1 555 0142 before noon", NonClaim.identifier),
        ("budget line 7710-ML-EQUIP", NonClaim.identifier),
        ("Demos on the show floor until 2 PM.", NonClaim.date),
        ("Keynote over after about 90 minutes.", NonClaim.date),
        ("Lead time is 5 business days.", NonClaim.date),
        ("会议持续约 3 小时", NonClaim.date),
        ("- 地点：B 座 402 会议室", NonClaim.identifier),
        ("7.1\u3000v3.1 表 1 把 NVLink 写成了 900 GB/s", NonClaim.section),
        ("3,072 times 2 times 1.114 gig is 6.84 teraflops", NonClaim.constant),
        ("4,096 x 2 x 1.5 GHz = 12.3 TFLOPS", NonClaim.constant),
        ("    3060:  4864 * 2 * 1.78e9  = 17.3e12", NonClaim.constant),
        ("Peak FP32 = lanes * 2 (FMA) * clock:", NonClaim.constant),
        ("$ ./bwtest --bytes 256M --iters 20", NonClaim.identifier),
        ("sudo nvpmodel -m 1", NonClaim.identifier),
        ("  CUDA Capability Major/Minor version number:    5.3", NonClaim.identifier),
        ("# R32 (release), REVISION: 7.1", NonClaim.identifier),
        ("    peak = units * flop * ghz / 1e3      # TFLOP/s", NonClaim.constant),
        ("几点说明：一次 FMA 记 2 FLOP；", NonClaim.constant),
        ("an FMA counts as 2 operations", NonClaim.constant),
        ("Lines: 24 x $389.00 = $9,336.00 for the boards", NonClaim.expense),
        ("Total from the revised quote is $31,455.40 before tax", NonClaim.expense),
        ("which is under the $35,000 ceiling Tom gave", NonClaim.expense),
        ("合计 3,320.00 美元", NonClaim.expense),
        ("quote Q-26-0388 rev 2", NonClaim.identifier),
        ("共 326 条评论", NonClaim.metadata),
        ("**某用户**（赞 412）：你写错了", NonClaim.metadata),
        ("the post drew 326 comments", NonClaim.metadata),
        ("Infra notes #14", NonClaim.identifier),
        ("with torch_npu 2.1.0 on it", NonClaim.identifier),
        ("with driver 550.90 installed", NonClaim.identifier),
        ("oneAPI 2024.2 on the Max", NonClaim.identifier),
        ("综合打分：甲 8.5 分、乙 7.5 分", NonClaim.rating),
        ("the review gives it 7/10 overall", NonClaim.rating),
        ("满分 10 分", NonClaim.rating),
        ("[批注] 得分 10/10", NonClaim.rating),
        ("在 2K 分辨率跑《赛博朋克 2077》平均 87 帧", NonClaim.identifier),
        ("$ roofprobe run --size 4GiB --iters 50", NonClaim.identifier),
        ("$ roofprobe p2p --pair 0,1", NonClaim.identifier),
        ("roofprobe 1.4.2 | dev 0: NVIDIA A100 80GB PCIe", NonClaim.identifier),
        ("and no award for Lot 4 this year", NonClaim.identifier),
        ("标段 3 的报价最低", NonClaim.identifier),
        ("**Memo version:** 1.3 (draft)", NonClaim.identifier),
        ("94 GB per card. Meets (94 ≥ 80).", NonClaim.requirement),
        ("8 × 400 = 3,200 W ≤ 3,600 W. Meets.", NonClaim.requirement),
        ("- 创建：11-16　状态：已关闭", NonClaim.date),
        ("- １１－２８ ０８：５５ 小林：收到", NonClaim.date),
        ("the YAML changed twice (MR !118).", NonClaim.identifier),
        ("已连续运行 8 年", NonClaim.date),
        ("## Opening (slides 1–4)", NonClaim.figure),
        ('quoted as "440 MB" at Hot Chips 34 (slide 12)', NonClaim.identifier),
        ("CUDA 12.4、驱动 550 下依然能跑", NonClaim.identifier),
        ("半精度走 packed math，再翻一倍：12.3 × 2 ＝ 24.6 TFLOPS", NonClaim.constant),
        ("FP32: 3,840 × 2 × 1.531e9 = 1.176e13 FLOP/s", NonClaim.constant),
        ("是不是按 1024 换算的", NonClaim.constant),
        ("一条指令做 4 次 8 bit 乘加", NonClaim.identifier),
        ("### Problem 4 (8 marks): LPDDR3", NonClaim.figure),
        ("Problem 2 is worth (8 marks) in all", NonClaim.rating),
        ("> 3. Problem 1(a), the boost clock", NonClaim.figure),
        ("**评论 (37)**", NonClaim.metadata),
        ("Comments (12)", NonClaim.metadata),
        ("**@某用户** · 12-10 21:07 · 来自 微博", NonClaim.date),
        ("Updated January 9, 2027 · 14 min read", NonClaim.metadata),
        ("tight for 13B models at 8-bit but fine", NonClaim.identifier),
        ("a 4-bit 70B model can be streamed", NonClaim.identifier),
        ("只能跑 4 bit 量化版", NonClaim.identifier),
        ("our arithmetic uses the boost clock and 2 FLOP per FMA.", NonClaim.constant),
        ("**12楼** 北桥烫手 · 发表于 22:58", NonClaim.list_marker),
        ("👍 31", NonClaim.metadata),
        ('[语音] 23"', NonClaim.metadata),
        ("edit 2: went with the bigger card", NonClaim.identifier),
        ("I went with option 3 in the end", NonClaim.identifier),
        ("方案 2 的整机功耗更低", NonClaim.identifier),
        ("Device 1: NVIDIA GeForce", NonClaim.identifier),
        ("按规格书 2.1 版的写法", NonClaim.identifier),
        ("3080 10G 现在闲鱼很多", NonClaim.identifier),
        ("welcome to issue 88 of the digest", NonClaim.identifier),
        ("the list crossed 6,000 readers", NonClaim.metadata),
        ("### Retro corner: GDDR3 turns 20", NonClaim.date),
        ("does anyone still need an 8-pin connector", NonClaim.identifier),
        ('2. **Line 212, "the 3.5 GB card".** The text calls', NonClaim.identifier),
        ("as the arithmetic at line 248 shows", NonClaim.identifier),
        ("UP主 · 2025-03-14 · 播放 38.6万 · 弹幕 2417", NonClaim.metadata),
        ("**评论**（共 3127 条，按热度）", NonClaim.metadata),
        ("**Software.** Ubuntu 22.04 with Linux 6.5", NonClaim.identifier),
        ("built with ROCm 6.1 and PyTorch 2.3", NonClaim.identifier),
        ("sits near 1290 MHz anyway (GPU Boost 2.0).", NonClaim.identifier),
        ("flashed with JetPack 5.1 last week", NonClaim.identifier),
        ("各配置所用芯片见表 2-1。", NonClaim.figure),
        ("as Table 3-2 lists", NonClaim.figure),
        ("1）进风温度不高于 35 °C；", NonClaim.list_marker),
        ("2、机箱前后留出 10 cm", NonClaim.list_marker),
        ("**5.1 为什么旧版规格书写 H100 PCIe 的 FP32 是 48 TFLOPS？**", NonClaim.section),
        ("稠密算力须除以 2，即约 756 TFLOPS", NonClaim.constant),
        ("so divide by 2 for the dense figure", NonClaim.constant),
        ("答：273 × 10⁹ ÷ 2³⁰ ≈ 254 GiB/s", NonClaim.constant),
        ("| 1 亿 ＝ 10⁸ |", NonClaim.constant),
        ("TB means 10^12 bytes, not 2^30 or 2^40.", NonClaim.constant),
        ("FP32 = CUDA 核心 × 2（FMA 算两次）× boost：", NonClaim.constant),
        ("店铺：芯动数码 ｜ 商品编号 100087362215 ｜ 上架", NonClaim.identifier),
        ("**@老黄的皮衣**（UID 500233）：首发价", NonClaim.identifier),
        ("posted by user ID: 4521", NonClaim.identifier),
        ("👍 7 · 👀 2", NonClaim.metadata),
        ("🎉 6 · ❤️ 3", NonClaim.metadata),
        ("浏览次数：12.8 万次　编辑次数：47 次", NonClaim.metadata),
        ("@@ -41,12 +41,12 @@ l40s:", NonClaim.identifier),
        ("目录：1 基本信息　2 发展历程", NonClaim.section),
        ("Table of contents: 1 Overview 2 Peaks", NonClaim.section),
        ("3 个月后，NVIDIA 回应", NonClaim.date),
        ("250 W（6+8pin 供电）", NonClaim.identifier),
        ("69.6mm × 45mm，260 针 SO-DIMM", NonClaim.identifier),
        ("Released in v0.9.3 (changelog entry 4 of 11).", NonClaim.identifier),
        ("Scores are out of 10; every figure is the vendor's.", NonClaim.rating),
        ("综合打分（满分 10 分）：W7900 8.5、Orin 7.5、A2 7.0", NonClaim.rating),
        ("分机 8217 ｜ 办公室：理科楼 B 座 412 室", NonClaim.identifier),
        ("> 博士二年级 ｜ 理科楼 B 座 407", NonClaim.identifier),
        ("> > 手机：138 1234 5678", NonClaim.identifier),
        ("> （1）RX 5600 XT 的显存带宽表里写错了", NonClaim.list_marker),
        ("Ratings, out of 10: the W7900 8.5, the A2 7.0", NonClaim.rating),
    ],
)
def test_numbers_that_name_things_are_not_claims(text: str, expected: NonClaim) -> None:
    nth = {
        "1024 bit × 7.2 Gbps ÷ 8": 2,
        "[批注] 得分 10/10": 1,
        "在 2K 分辨率跑《赛博朋克 2077》平均 87 帧": 1,
        "$ roofprobe p2p --pair 0,1": 2,
        "roofprobe 1.4.2 | dev 0: NVIDIA A100 80GB PCIe": 1,
        "94 GB per card. Meets (94 ≥ 80).": 2,
        "8 × 400 = 3,200 W ≤ 3,600 W. Meets.": 3,
        "- １１－２８ ０８：５５ 小林：收到": 2,
        "各配置所用芯片见表 2-1。": 1,
        "as Table 3-2 lists": 1,
        "答：273 × 10⁹ ÷ 2³⁰ ≈ 254 GiB/s": 1,
        "TB means 10^12 bytes, not 2^30 or 2^40.": 2,
        "FP32 = CUDA 核心 × 2（FMA 算两次）× boost：": 1,
        "👍 7 · 👀 2": 1,
        "🎉 6 · ❤️ 3": 1,
        "浏览次数：12.8 万次　编辑次数：47 次": 1,
        "@@ -41,12 +41,12 @@ l40s:": 3,
        "目录：1 基本信息　2 发展历程": 1,
        "Table of contents: 1 Overview 2 Peaks": 1,
        "250 W（6+8pin 供电）": 1,
        "69.6mm × 45mm，260 针 SO-DIMM": 2,
        "Released in v0.9.3 (changelog entry 4 of 11).": 2,
        "综合打分（满分 10 分）：W7900 8.5、Orin 7.5、A2 7.0": 3,
        "分机 8217 ｜ 办公室：理科楼 B 座 412 室": 1,
        "> 博士二年级 ｜ 理科楼 B 座 407": 0,
        "> > 手机：138 1234 5678": 2,
        "Ratings, out of 10: the W7900 8.5, the A2 7.0": 2,
        "跳号：0 · 1 · 2 · 3 · 4": 2,
        "数值见第 1、2 节的出处": 1,
        "as sections 3 and 4 show": 1,
        "16384 × 2 × 2.52 GHz ≈ 82.6 TFLOPS": 1,
        'quoted as "440 MB" at Hot Chips 34 (slide 12)': 1,
        "半精度走 packed math，再翻一倍：12.3 × 2 ＝ 24.6 TFLOPS": 1,
        "FP32: 3,840 × 2 × 1.531e9 = 1.176e13 FLOP/s": 2,
        "一条指令做 4 次 8 bit 乘加": 1,
        "SKU HS-207-0058 in the table": 1,
        "> 3. Problem 1(a), the boost clock": 1,
        "Problem 2 is worth (8 marks) in all": 1,
        "Updated January 9, 2027 · 14 min read": 2,
        "tight for 13B models at 8-bit but fine": 1,
        "call +1 555 0142 before noon": 1,
        "3,072 times 2 times 1.114 gig is 6.84 teraflops": 1,
        "4,096 x 2 x 1.5 GHz = 12.3 TFLOPS": 1,
        "    3060:  4864 * 2 * 1.78e9  = 17.3e12": 2,
        "Peak FP32 = lanes * 2 (FMA) * clock:": 1,
        "$ ./bwtest --bytes 256M --iters 20": 1,
        "# R32 (release), REVISION: 7.1": 1,
        "Lines: 24 x $389.00 = $9,336.00 for the boards": 2,
        "quote Q-26-0388 rev 2": 1,
        "3080 10G 现在闲鱼很多": 1,
        "### Retro corner: GDDR3 turns 20": 1,
        "**Software.** Ubuntu 22.04 with Linux 6.5": 1,
        "UP主 · 2025-03-14 · 播放 38.6万 · 弹幕 2417": 2,
        '2. **Line 212, "the 3.5 GB card".** The text calls': 1,
        "sits near 1290 MHz anyway (GPU Boost 2.0).": 1,
    }.get(text, 0)
    assert kind(text, nth) is expected


@pytest.mark.parametrize(
    "text",
    [
        "跑的是 7.2 Gbps",
        "an 8n prefetch DRAM",
        "颗粒用 4n 预取",
        "2 x 16 lanes, one per port",
        "7.2 本身也在区间之外",
        "从 8.0 到 9.6 Gbps",
        "It has 148 SMs",
        "4864 CUDA cores at 1.78 GHz",
        "单针 400MT/s 的 DDR",
        "a cache line of 128 bytes",
        "each cache line 128 bytes wide",
        "a peak of 1e15 FLOP/s",
        "The board lists at $389.00 each",
        "首发价 549 美元",
        "≈ 35 TB/s",
        "on 16-bit channels with 16 banks each",
        "每颗 1024 位总线",
        "**2.4 GHz** boost, the highest of the three",
        "**80** SMs are enabled",
        "屋脊点为 1979 ÷ 4 ≈ 495 FLOP/B",
        "a 12 GB card at 192-bit, fine for games",
        "2 × 1.5 m crates of 4 boards",
        "1、2 号卡都是 24 GB",
        "**5.8 TFLOPS** at the boost clock",
        "the 2 dies divided by 2 links",
        "dual-issue: 4,096 stream processors",
        "it has 16 IDs",
        "有 4 个小核",
        "（13.67）",
        "1 TB of HBM across 8 stacks",
    ],
)
def test_claims_are_left_to_resolution(text: str) -> None:
    assert kind(text) is None


def test_a_names_digits_before_a_bound_compare_nothing() -> None:
    # "FP64 ≥ 9.7": the figure a format is held to, not a bound a figure is checked against
    assert kind("FP64 ≥ 9.7 TFLOPS，FP32 ≥ 19.5 TFLOPS", 1) is None


@pytest.mark.parametrize(
    ("text", "nth"),
    [
        ("完整的 Navi 48：64 个 CU", 1),
        ("按基础频率 1.4GHz：68 核", 0),
        ("按基础频率 1.4GHz：68 核", 1),
    ],
)
def test_a_full_width_colon_labels_what_follows_it_and_makes_no_ratio(text: str, nth: int) -> None:
    # "48：64" is a name, a colon and a count; "2:4" written narrow is a ratio
    assert kind(text, nth) is None
    assert kind("开了 2:4 结构化稀疏") is NonClaim.identifier


@pytest.mark.parametrize(
    ("text", "constant", "claims"),
    [
        # 8 bits in a byte, said in Chinese
        ("带宽 ＝ 引脚速率 ÷ 8（每字节 8 位）", 1, ()),
        # two FLOP per multiply-accumulate, in a product of MACs and a clock
        ("110,592 次乘加／拍 × 2 × 1.41 GHz ≈ 311.9 TFLOPS", 1, (0, 2, 3)),
        # bytes made bits
        ("5,300 GB/s × 8 ÷ 8,192 bit ≈ 5.18 Gbit/s", 1, (0, 2, 3)),
        # two FLOP per FMA, before a clock in GHz written bare
        ("8704 × 2 × 1.71 ≈ 29767 GFLOPS", 1, (0, 2, 3)),
        # bits to bytes, in words
        ("你没除以 8，6080 ÷ 8 ＝ 760", 0, (1, 3)),
    ],
)
def test_conversion_factors_written_out_are_constants(
    text: str, constant: int, claims: tuple[int, ...]
) -> None:
    assert kind(text, constant) is NonClaim.constant
    assert all(kind(text, nth) is None for nth in claims)
    # the same 2 multiplying stacks is no FLOP per MAC
    assert kind("2 × 4 个 MXU") is None


def test_a_unit_said_in_another_is_a_definition() -> None:
    line = "GB、TB 按十进制计，1 TB/s ＝ 1,000 GB/s；换驱动不改变峰值"
    assert [kind(line, 0), kind(line, 1)] == [NonClaim.constant, NonClaim.constant]
    # a claim that a terabyte-per-second part moves 900 GB/s is no definition
    assert [kind("its 1 TB/s = 900 GB/s", n) for n in (0, 1)] == [None, None]
    # a chain of them, the last to the digits written; a scale word said in digits
    chained = "| 1 GiB ＝ 2³⁰ 字节 ≈ 1.074 GB | 288 GiB ≈ 309.2 GB |"
    assert [kind(chained, n) for n in range(5)] == [NonClaim.constant] * 3 + [None, None]
    assert [kind("| 1 亿 ＝ 10⁸ | 800 亿 ＝ 8 × 10¹⁰ |", n) for n in range(4)] == [
        NonClaim.constant,
        NonClaim.constant,
        None,
        None,
    ]
    assert [kind("1 GiB ≈ 1.1 GB, but 1 GiB ≈ 1.2 GB is wrong", n) for n in range(4)] == [
        NonClaim.constant,
        NonClaim.constant,
        None,
        None,
    ]


def test_a_number_inside_a_name_of_the_catalog_names() -> None:
    line = "RTX 4090 的标量 FP32"
    number = next(iter(numbers_in_line(line, 1)))
    assert classify(line, number, 0, names=[(0, 8)]) is NonClaim.identifier


def test_a_section_number_the_text_uses_elsewhere_is_a_section() -> None:
    line = "先把算子走完一遍（3.6）"
    number = next(iter(numbers_in_line(line, 1)))
    assert classify(line, number, 0, sections={"3.6"}) is NonClaim.section
    assert classify(line, number, 0) is None
    # divided, it is a figure: "5.8 ÷ 0.256" where a question 5.8 stands above
    divided = "屋脊点约 5.8 ÷ 0.256 ≈ 22.7 FLOP/B"
    number = next(iter(numbers_in_line(divided, 1)))
    assert classify(divided, number, 0, sections={"5.8"}) is None


def test_a_line_of_scores_rates_the_numbers_up_to_its_maximum() -> None:
    line = "综合打分（满分 10 分）：W7900 8.5、A2 7.0；另：W7900 显存 48 GB，功耗 295"
    assert [kind(line, n) for n in (2, 4)] == [NonClaim.rating, NonClaim.rating]
    assert kind(line, 6) is None  # 48 GB has a unit
    assert kind(line, 7) is None  # 295 is over the maximum of 10


def test_hypothetical_sentences() -> None:
    assert hypothetical("Suppose a kernel moves 100 bytes")
    assert hypothetical("假设一个算子搬 100 字节")
    assert hypothetical("举个玩具例子：一个 kernel 读写 2 GB 数据")
    assert not hypothetical("The A100 moves 2,039 GB/s")
    assert hypothetical("Take a made-up model with 13 billion parameters")
    assert hypothetical("放在一张带宽 1 TB/s 的假想卡上")
    assert hypothetical("即使做成 128 bit 总线，也只有 136.5 GB/s")
    assert hypothetical("一个 70 亿参数的模型需要 7 GB")  # a model of some size: an example
    assert hypothetical("44 GB 装不下一个 70B 参数的模型")
    assert hypothetical("a 13-billion-parameter model needs 13 GB")
    assert not hypothetical("DeepSeek-V3 has 671B parameters")
    assert hypothetical("小练习：4096 × 4096 的矩阵乘要 2 × 4096³ 次浮点运算")
    assert hypothetical("A quick exercise: a 4096 × 4096 matrix product takes 137 GFLOP")


@pytest.mark.parametrize(
    "text",
    [
        "每次乘加算 2 个 FLOP，所以峰值要翻倍。",
        "Each MAC is 2 FLOP, so the peak doubles.",
        "One multiply-accumulate counts as 2 FLOPs.",
        "Counting each MAC as 2 operations, that is 114,688 FLOP per clock.",
        "每次乘加算 2 次运算。",
    ],
)
def test_two_flop_per_multiply_accumulate_said_in_words_is_a_constant(text: str) -> None:
    assert kind(text) is NonClaim.constant


def test_two_of_something_per_mac_is_no_constant() -> None:
    assert kind("每次乘加要读 2 个操作数。") is None


def test_a_product_with_1024_and_no_prefixed_unit_is_no_prefix_base() -> None:
    assert kind("16 stacks: 16 × 1024 = 16,384 bits", 2) is None


def test_a_prefixed_figure_times_1024_makes_1024_the_prefixs_base() -> None:
    assert kind("read 8 TB/s as 8 × 1,024 to get a binary figure", 2) is NonClaim.constant
