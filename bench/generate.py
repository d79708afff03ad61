"""Generate a realistic synthetic catalog: chips × quantities × sources, with rules.

    python bench/generate.py OUT_DIR --facts 10000 [--seed 1]

Each chip gets a consistent set of HBM, compute and on-chip numbers (so the
shipped ridge-point rules derive for it), written with a vendor's rounding;
about 2 % of chips carry a conflicting third-party figure and 2 % a dated
correction. Sources are identifiable (publisher and URL) and cited.
"""

from __future__ import annotations

import argparse
import random
import shutil
from pathlib import Path

RULES = Path(__file__).resolve().parent.parent / "derive" / "standard_rules"
BASE_RULES = ("hbm.yaml", "compute.yaml", "roofline.yaml")
"""The product's general rules the generated chips have inputs for, copied beside the
catalog so that a run with --no-standard-rules derives the same."""

QUANTITIES = """\
quantities:
  - {id: peak.bf16_dense, name: Peak BF16 dense, unit: TFLOP/s, min: 0 TFLOP/s}
  - {id: hbm.bandwidth, name: HBM bandwidth, unit: GB/s, min: 0 GB/s}
  - {id: hbm.stacks, name: HBM stacks, count: true}
  - {id: hbm.interface_width, name: HBM interface width, unit: bit, count: true}
  - {id: hbm.pin_rate, name: HBM pin rate, unit: Gbit/s}
  - {id: hbm.capacity, name: HBM capacity, unit: GB}
  - {id: sm.count, name: SMs, count: true}
  - {id: tensor_core.per_sm, name: Tensor Cores per SM, count: true}
  - {id: tensor_core.mac_per_cycle, name: MACs per Tensor Core, unit: MAC/cycle, count: true}
  - {id: mac.per_cycle, name: MACs per cycle, unit: MAC/cycle, count: true}
  - {id: tensorcore.count, name: TensorCores, count: true}
  - {id: mxu.per_core, name: MXUs per core, count: true}
  - {id: mxu.mac_per_cycle, name: MACs per MXU, unit: MAC/cycle, count: true}
  - {id: clock.boost, name: Boost clock, unit: GHz}
  - {id: ridge.hbm, name: HBM ridge point, unit: FLOP/B}
  - {id: l2.capacity, name: L2 capacity, unit: MiB}
  - {id: smem.capacity_per_sm, name: Shared memory per SM, unit: KiB}
  - {id: registers.max_per_thread, name: Registers per thread, count: true}
  - {id: nvlink.bandwidth_per_gpu, name: Link bandwidth, unit: GB/s}
  - {id: tdp, name: Board power, unit: "1"}
"""
FACTS_PER_CHIP = 20


def _fact(
    fid: str, quantity: str, value: str, source: str, tier: str = "official", extra: str = ""
) -> str:
    return (
        f"  - id: {fid}\n    quantity: {quantity}\n    value: {value}\n"
        f"    source: {source}\n    tier: {tier}\n    date: 2025-06-01\n{extra}"
    )


def _chip(rng: random.Random, index: int, sources: list[str]) -> str:
    sid = f"chip-{index:06d}"
    src = rng.choice(sources)
    gpu = index % 2 == 0
    stacks = rng.choice((4, 6, 8))
    pins = rng.choice((6.4, 7.2, 8.0, 8.8, 9.2, 9.6))
    bandwidth = stacks * 1024 * pins / 8
    clock = round(rng.uniform(1.2, 2.4), 2)
    lines = [
        f"subject:\n  id: {sid}\n  name: Chip {index}\n  kind: chip\n  vendor: V{index % 7}\n"
        "facts:\n"
    ]
    facts = [
        ("hbm.stacks", f"{stacks}"),
        ("hbm.interface_width", "1,024 bit"),
        ("hbm.pin_rate", f"{pins} Gbit/s"),
        ("hbm.bandwidth", f"{bandwidth / 1000:.2f} TB/s"),
        ("hbm.capacity", f"{stacks * 24} GB"),
        ("clock.boost", f"{clock} GHz"),
        ("l2.capacity", f"{rng.choice((50, 60, 96, 126))} MiB"),
        ("registers.max_per_thread", "255"),
        ("nvlink.bandwidth_per_gpu", "1,800 GB/s"),
        ("tdp", f"{rng.randint(300, 1200)}"),
    ]
    if gpu:
        sms, per_sm, per_tc = rng.choice((108, 132, 148)), 4, 1024
        macs = sms * per_sm * per_tc
        facts += [
            ("sm.count", f"{sms}"),
            ("tensor_core.per_sm", f"{per_sm}"),
            ("tensor_core.mac_per_cycle", f"{per_tc:,} MAC/cycle"),
            ("smem.capacity_per_sm", "228 KiB"),
        ]
    else:
        cores, mxus, per_mxu = 2, rng.choice((2, 4)), 65_536
        macs = cores * mxus * per_mxu
        facts += [
            ("tensorcore.count", f"{cores}"),
            ("mxu.per_core", f"{mxus}"),
            ("mxu.mac_per_cycle", f"{per_mxu:,} MAC/cycle"),
            ("smem.capacity_per_sm", "0 KiB"),
        ]
    peak = macs * 2 * clock / 1000
    facts += [("mac.per_cycle", f"{macs:,} MAC/cycle"), ("peak.bf16_dense", f"{peak:,.0f} TFLOP/s")]
    for quantity, value in facts[: FACTS_PER_CHIP - 4]:
        lines.append(_fact(f"{sid}.{quantity}", quantity, value, src))
    extra = FACTS_PER_CHIP - 4 - len(facts)
    for n in range(max(0, extra) + 2):
        lines.append(
            _fact(
                f"{sid}.tdp@{n}",
                "tdp",
                f"{rng.randint(300, 1200)}",
                src,
                extra=f"    qualifiers: {{board: b{n}}}\n",
            )
        )
    if index % 50 == 1:  # a third-party measurement that disagrees
        lines.append(
            _fact(
                f"{sid}.hbm.bandwidth@measured",
                "hbm.bandwidth",
                f"{bandwidth / 1000 * 0.8:.2f} TB/s",
                rng.choice(sources),
                "measured",
            )
        )
    else:
        lines.append(
            _fact(
                f"{sid}.clock.boost@3p",
                "clock.boost",
                f"{clock} GHz",
                rng.choice(sources),
                "measured",
            )
        )
    if index % 50 == 2:  # a dated correction
        lines.append(
            _fact(
                f"{sid}.l2.capacity@v2",
                "l2.capacity",
                "128 MiB",
                src,
                extra="    supersedes: " + f"{sid}.l2.capacity\n    reason: errata\n",
            )
        )
    else:
        lines.append(
            _fact(
                f"{sid}.ridge.hbm",
                "ridge.hbm",
                f"{peak * 1000 / bandwidth:.1f} FLOP/B",
                src,
                "inferred",
            )
        )
    return "".join(lines)


def generate(out: Path, facts: int, seed: int = 1) -> Path:
    """Write a catalog of about `facts` facts under `out/catalog`, rules under `out/rules`."""
    rng = random.Random(seed)
    if out.exists():
        shutil.rmtree(out)
    catalog = out / "catalog"
    (catalog / "subjects").mkdir(parents=True)
    chips = max(1, facts // FACTS_PER_CHIP)
    sources = [f"src-{i:04d}" for i in range(max(3, chips // 10))]
    (catalog / "sources.yaml").write_text(
        "sources:\n"
        + "".join(
            f"  - {{id: {s}, title: Datasheet {s}, kind: vendor-doc, publisher: Vendor, "
            f"url: 'https://example.com/{s}.pdf', published: 2025-05}}\n"
            for s in sources
        ),
        "utf-8",
    )
    (catalog / "quantities.yaml").write_text(QUANTITIES, "utf-8")
    for i in range(chips):
        (catalog / "subjects" / f"chip-{i:06d}.yaml").write_text(_chip(rng, i, sources), "utf-8")
    rules = out / "rules"
    rules.mkdir()
    for name in BASE_RULES:
        shutil.copyfile(RULES / name, rules / name)
    return out


def main() -> None:
    """Command line: write a generated catalog."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--facts", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    generate(args.out, args.facts, args.seed)
    print(f"wrote {args.out}/catalog and {args.out}/rules")


if __name__ == "__main__":
    main()
