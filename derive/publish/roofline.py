"""A roofline picture from the catalog: attainable FLOP/s against arithmetic intensity.

`roofline` gathers the numbers (pure): each chip's dense BF16 peak, its memory roofs
(HBM, and any other bandwidth the catalog holds for it) with their ridge points,
and the operators and workloads whose arithmetic intensity the catalog knows.
`draw` turns them into SVG and PNG with matplotlib (imported there only); the
same numbers go to JSON, so a picture can be checked and redrawn.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from derive.publish.tables import TableBuilder

PEAK = "peak.bf16_dense"
INTENSITY = ("intensity.arithmetic", "intensity.arithmetic_max")
ROOFS = ("hbm.bandwidth", "l2.bandwidth_local", "l1smem.bandwidth", "vmem.bandwidth")
"""The memory levels drawn as roofs, outermost first, when the catalog holds them."""


@dataclass(frozen=True, slots=True)
class Roof:
    """One memory level's roof: its bandwidth and the intensity where it meets the peak."""

    quantity: str
    bandwidth: float  # B/s
    ridge: float  # FLOP/B


@dataclass(frozen=True, slots=True)
class Chip:
    """One chip's peak and roofs."""

    subject: str
    name: str
    peak: float  # FLOP/s
    roofs: tuple[Roof, ...]


@dataclass(frozen=True, slots=True)
class Point:
    """An operator or workload at its arithmetic intensity."""

    subject: str
    name: str
    intensity: float  # FLOP/B


@dataclass(frozen=True, slots=True)
class Roofline:
    """Everything a roofline picture shows."""

    chips: tuple[Chip, ...]
    points: tuple[Point, ...] = field(default=())

    def as_json(self) -> str:
        """The picture's data as JSON (FLOP/s, B/s, FLOP/B)."""
        return json.dumps(asdict(self), ensure_ascii=False, indent=2) + "\n"


class NoPeak(ValueError):
    """A chip asked for that has no peak or no memory bandwidth in the catalog."""


def roofline(builder: TableBuilder, chips: list[str]) -> Roofline:
    """The roofline of `chips` (subject ids), with the catalog's operators placed."""
    from schema.units import factor

    catalog = builder.catalog
    to_flops = float(factor(catalog.quantities[PEAK].unit, "FLOP/s"))
    found = []
    for subject in chips:
        peak = builder.value_of(subject, PEAK)
        if peak is None:
            raise NoPeak(f"{subject} has no {PEAK} in the catalog: no roofline to draw")
        roofs = []
        for quantity in ROOFS:
            if quantity not in catalog.quantities:
                continue
            bandwidth = builder.value_of(subject, quantity)
            if bandwidth is None or bandwidth <= 0:
                continue
            in_bytes = bandwidth * float(factor(catalog.quantities[quantity].unit, "B/s"))
            roofs.append(Roof(quantity, in_bytes, peak * to_flops / in_bytes))
        if not roofs:
            raise NoPeak(f"{subject} has no memory bandwidth in the catalog: no roof to draw")
        found.append(
            Chip(subject, catalog.subjects[subject].entry.name, peak * to_flops, tuple(roofs))
        )
    points = []
    for subject, entry in sorted(catalog.subjects.items()):
        if entry.entry.kind not in ("operator", "workload"):
            continue
        for quantity in INTENSITY:
            if quantity in catalog.quantities:
                value = builder.value_of(subject, quantity)
                if value is not None and value > 0:
                    points.append(Point(subject, entry.entry.name, value))
                    break
    return Roofline(tuple(found), tuple(points))


def draw(picture: Roofline, svg: Path, png: Path) -> None:
    """Draw the roofline on log axes into `svg` and `png`."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(8, 5.5), dpi=120)
    low = min([p.intensity for p in picture.points] + [0.5]) / 2
    high = max(
        [r.ridge for c in picture.chips for r in c.roofs] + [p.intensity for p in picture.points]
    )
    high *= 4
    for index, chip in enumerate(picture.chips):
        colour = f"C{index}"
        for level, roof in enumerate(chip.roofs):
            xs = [low, roof.ridge, high]
            ys = [roof.bandwidth * low, chip.peak, chip.peak]
            label = f"{chip.name}: {roof.quantity} roof"
            axes.plot(
                xs, ys, color=colour, linestyle=("-", "--", ":", "-.")[level % 4], label=label
            )
            axes.plot([roof.ridge], [chip.peak], "o", color=colour, markersize=3)
            axes.annotate(
                f"{roof.ridge:,.0f}",
                (roof.ridge, chip.peak),
                textcoords="offset points",
                xytext=(-8, 6 + 9 * level) if index == 0 else (4, -12 - 9 * level),
                fontsize=7,
                color=colour,
            )
    bottom = min(r.bandwidth * low for c in picture.chips for r in c.roofs)
    for intensity, names in _grouped(picture.points):
        axes.axvline(intensity, color="grey", linewidth=0.5, alpha=0.5)
        label = names[0] + (f" (+{len(names) - 1})" if len(names) > 1 else "")
        axes.annotate(label, (intensity, bottom * 1.5), rotation=90, fontsize=6, color="grey")
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlim(low, high)
    axes.set_xlabel("arithmetic intensity (FLOP/B)")
    axes.set_ylabel("attainable FLOP/s")
    compared = " vs ".join(c.name for c in picture.chips)
    axes.set_title(f"Roofline: {compared} (ridge points in FLOP/B)")
    axes.legend(fontsize=7, loc="lower right")
    axes.grid(True, which="both", linewidth=0.3)
    figure.tight_layout()
    figure.savefig(svg, format="svg")
    figure.savefig(png, format="png")
    plt.close(figure)


def _grouped(points: tuple[Point, ...]) -> list[tuple[float, list[str]]]:
    """Points at (nearly) the same intensity drawn as one line, named by their ids."""
    groups: list[tuple[float, list[str]]] = []
    for point in sorted(points, key=lambda p: p.intensity):
        if groups and point.intensity <= groups[-1][0] * 1.02:
            groups[-1][1].append(point.subject)
        else:
            groups.append((point.intensity, [point.subject]))
    return groups
