"""The derivation graph of one value, down to the sourced facts, as Mermaid or DOT text.

Each node is a derived value (its rule and value) or a fact (its id, as written,
its tier); nodes are coloured by tier; a value an input could have taken but did
not is drawn with a dashed edge, and a fact with an open finding is marked ⚠.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from derive.deriver import Outcome
from derive.model import Candidate, Derivation
from derive.publish.tables import TableBuilder
from schema.tiers import Tier

COLOURS: dict[str, str] = {
    Tier.official: "#c8e6c9",
    Tier.measured: "#bbdefb",
    Tier.derived: "#e1bee7",
    Tier.inferred: "#ffe0b2",
    Tier.estimated: "#ffcdd2",
}
"""Fill colour per tier (a derived node takes its weakest input's)."""
SPREAD = 1.6
"""Horizontal room per box in the SVG drawing, in box widths of a level."""


@dataclass(frozen=True, slots=True)
class Node:
    """One box of the graph."""

    id: str
    label: str
    tier: str


@dataclass(slots=True)
class Graph:
    """Nodes and edges (from, to, used) of one value's derivation."""

    nodes: dict[str, Node] = field(default_factory=dict)
    edges: list[tuple[str, str, bool]] = field(default_factory=list)

    def to_mermaid(self) -> str:
        """The graph in Mermaid's flowchart syntax."""
        lines = ["graph TD"]
        for node in self.nodes.values():
            label = node.label.replace('"', "'").replace("\n", "<br/>")
            lines.append(f'  {node.id}["{label}"]:::{node.tier}')
        for source, target, used in self.edges:
            lines.append(f"  {source} {'-->' if used else '-.->|not used|'} {target}")
        lines += [f"  classDef {t} fill:{c},stroke:#555" for t, c in COLOURS.items()]
        return "\n".join(lines) + "\n"

    def to_dot(self) -> str:
        """The graph in Graphviz's DOT language."""
        lines = ["digraph derivation {", "  node [shape=box, style=filled];"]
        for node in self.nodes.values():
            label = node.label.replace('"', '\\"').replace("\n", "\\n")
            lines.append(f'  {node.id} [label="{label}", fillcolor="{COLOURS[node.tier]}"];')
        for source, target, used in self.edges:
            style = "" if used else ' [style=dashed, label="not used"]'
            lines.append(f"  {source} -> {target}{style};")
        lines.append("}")
        return "\n".join(lines) + "\n"

    def to_svg(self) -> str:
        """The graph drawn as SVG (matplotlib): the value on top, its inputs below it,
        level by level down to the facts."""
        import io

        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        levels = self._levels()
        by_level: dict[int, list[str]] = {}
        for node_id, level in levels.items():
            by_level.setdefault(level, []).append(node_id)
        place = {
            node_id: (SPREAD * (index - (len(ids) - 1) / 2), -level)
            for level, ids in by_level.items()
            for index, node_id in enumerate(ids)
        }
        width = max(len(ids) for ids in by_level.values())
        figure, axes = plt.subplots(figsize=(max(6, 3.4 * width), 1.6 * (len(by_level) + 1)))
        for source, target, used in self.edges:
            axes.annotate(
                "",
                xy=place[target],
                xytext=place[source],
                arrowprops={"arrowstyle": "->", "linestyle": "-" if used else "--", "lw": 0.8},
            )
        for node_id, (x, y) in place.items():
            node = self.nodes[node_id]
            axes.text(
                x,
                y,
                node.label,
                ha="center",
                va="center",
                fontsize=7,
                bbox={"boxstyle": "round", "facecolor": COLOURS[node.tier], "edgecolor": "#555"},
            )
        axes.set_xlim(-SPREAD * width / 2 - 0.5, SPREAD * width / 2 + 0.5)
        axes.set_ylim(-len(by_level), 0.7)
        axes.axis("off")
        out = io.StringIO()
        figure.savefig(out, format="svg", bbox_inches="tight")
        plt.close(figure)
        return out.getvalue()

    def _levels(self) -> dict[str, int]:
        """Each node's depth below the values nothing points at (its longest path down)."""
        targets = {t for _, t, _ in self.edges}
        level = {n: 0 for n in self.nodes if n not in targets}
        changed = True
        while changed:
            changed = False
            for source, target, _ in self.edges:
                depth = level.get(source, 0) + 1
                if source in level and level.get(target, -1) < depth <= len(self.nodes):
                    level[target] = depth
                    changed = True
        return {n: level.get(n, 0) for n in self.nodes}


class NoDerivation(ValueError):
    """A subject's quantity that no rule derived."""


def derivation_graph(builder: TableBuilder, outcome: Outcome, subject: str, quantity: str) -> Graph:
    """The graph of what the rules derived for `subject`'s `quantity`."""
    tops = [
        d
        for d in outcome.derivations
        if d.subject == subject and d.quantity == quantity and d.reading is None
    ]
    if not tops:
        raise NoDerivation(f"no rule derived {quantity} for {subject}")
    graph = Graph()
    names: dict[int, str] = {}
    facts: dict[str, str] = {}
    findings = builder.findings

    def fact_node(candidate: Candidate) -> str:
        assert candidate.stated is not None
        stated = candidate.stated
        known = facts.get(stated.fact_id)
        if known is not None:
            return known
        key = facts[stated.fact_id] = f"f{len(graph.nodes)}"
        mark = " ⚠" if findings.get(stated.fact_id) else ""
        graph.nodes[key] = Node(key, f"{stated.fact_id}\n{stated.literal}{mark}", stated.tier)
        return key

    def derived_node(derivation: Derivation) -> str:
        known = names.get(id(derivation))
        if known is not None:
            return known
        key = f"d{len(graph.nodes)}"
        names[id(derivation)] = key
        reference = builder.catalog.quantities[derivation.quantity].unit
        label = (
            f"{derivation.subject} {derivation.quantity}\n"
            f"{derivation.value:,.6g} {reference}\nrule {derivation.rule_id}"
        )
        graph.nodes[key] = Node(key, label, derivation.weakest)
        for use in derivation.inputs:
            graph.edges.append((key, node_of(use.used), True))
            for other in use.others:
                graph.edges.append((key, node_of(other), False))
        return key

    def node_of(candidate: Candidate) -> str:
        if candidate.derivation is not None:
            return derived_node(candidate.derivation)
        return fact_node(candidate)

    for top in tops:
        derived_node(top)
    return graph
