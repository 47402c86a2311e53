#!/usr/bin/python3
"""The program execution graph of `warpsim bound --graph FILE.dot` drawn without Graphviz, as in
Volkov 2016 Figure 3.5. Usage:

  exec_graph.py GRAPH.dot OUT.png|OUT.svg

(`warpsim bound --graph FILE.png` or `FILE.svg` runs it.) The graph is a DAG of one warp's
instructions: a row per issue time (the longest path from the first instruction, which every
node's `t = ...` gives), one row per instruction in order of that time; thick arrows are program
order, dashed ones register dependencies, each labelled with its latency in cycles; the longest
path is red. Output is byte-identical on reruns.
"""
import re
import sys

from figure_style import save_as  # first: it selects the Agg backend and the style
import matplotlib.pyplot as plt
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch
from matplotlib.path import Path

NODE = re.compile(r'^(\d+)\[label="(.*?)\\nt = ([-0-9.e+]+)"(.*)\];$')
EDGE = re.compile(r'^(\d+)->(\d+) \[label="([-0-9.e+]+)", tooltip="([^"]*)", style="(\w+)"(, color=red)?.*\];$')
TITLE = re.compile(r'^label="(.*)";$')


class GraphError(Exception):
    pass


def read_graph(path):
    """(title, nodes {id: (text, t, is_box)}, edges [(src, dst, latency, kind, dashed, critical)])."""
    title, nodes, edges = "", {}, []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if m := NODE.match(line):
                nodes[int(m[1])] = (m[2].replace('\\"', '"'), float(m[3]), "shape=box" in m[4])
            elif m := EDGE.match(line):
                edges.append((int(m[1]), int(m[2]), m[3], m[4], m[5] == "dashed", m[6] is not None))
            elif m := TITLE.match(line):
                title = m[1].replace("\\n", "\n").replace('\\"', '"')
    if not nodes:
        raise GraphError(f"{path}: no nodes of `warpsim bound --graph` found")
    return title, nodes, edges


def rows_of(nodes):
    """{id: row}: one row per instruction, in order of issue time, then of the program."""
    return {n: i for i, n in enumerate(sorted(nodes, key=lambda n: (nodes[n][1], n)))}


def half_width(text):
    """Half a node box's width in inches (monospace 7 pt: 0.6 em a character, and the padding)."""
    return (0.6 * 7 / 72 * max(len(s) for s in text.split("\n")) + 0.12) / 2


def arc(ax, y0, y1, side, x_start, x_end, depth, style, label, colour):
    """A dependency from row y0 to row y1 as a curve bulging `side` (-1 left, +1 right) by `depth`
    inches, its latency at the curve's middle (a quadratic Bezier's midpoint: a quarter of each end
    and half the control point)."""
    cx = side * (max(abs(x_start), abs(x_end)) + 2 * depth)
    path = Path([(x_start, y0), (cx, (y0 + y1) / 2), (x_end, y1)], [Path.MOVETO, Path.CURVE3, Path.CURVE3])
    ax.add_patch(FancyArrowPatch(path=path, arrowstyle="-|>", mutation_scale=8, color=colour, zorder=1, **style))
    ax.text(0.25 * x_start + 0.5 * cx + 0.25 * x_end, (y0 + y1) / 2, label, fontsize=6, color=colour, ha="center", va="center", zorder=3,
            bbox=dict(boxstyle="round,pad=0.1", facecolor="white", edgecolor="none", alpha=0.85))


def draw(title, nodes, edges):
    row = rows_of(nodes)
    hw = {n: half_width(text) for n, (text, _, _) in nodes.items()}
    spans = [abs(row[d] - row[s]) for s, d, *_ in edges] or [1]
    reach = max(hw.values()) + 0.12 + min(max(spans), 20) * 0.1 + 0.3  # how far the widest arc bulges, inches
    n_rows = len(nodes)
    # Data units are inches across, rows down: the arcs and box widths are computed in them.
    fig = plt.figure(figsize=(2 * reach + 1.4, 0.4 * n_rows + 0.9))
    ax = fig.add_axes([1.2 / (2 * reach + 1.4), 0.15 / (0.4 * n_rows + 0.9), 2 * reach / (2 * reach + 1.4), 0.4 * n_rows / (0.4 * n_rows + 0.9)])
    seen = {}
    for src, dst, latency, kind, dashed, critical in edges:
        y0, y1 = row[src], row[dst]
        colour = "tab:red" if critical else "0.25"
        style = dict(linewidth=0.9, linestyle="--") if dashed else dict(linewidth=1.8)
        if not dashed and y1 == y0 + 1:  # program order to the next row: straight down, latency beside it
            ax.add_patch(FancyArrowPatch((0, y0 + 0.28), (0, y1 - 0.28), arrowstyle="-|>", mutation_scale=8, color=colour, zorder=1, **style))
            ax.text(0.06, (y0 + y1) / 2, latency, fontsize=6, color=colour, ha="left", va="center")
            continue
        # Register dependencies bulge left, other jumps right; longer spans farther out, so that arcs nest.
        k = seen.get((src, dst, dashed), 0)
        seen[(src, dst, dashed)] = k + 1
        side = -1 if dashed else 1
        depth = 0.12 + min(y1 - y0, 20) * 0.1 + 0.06 * k
        arc(ax, y0, y1, side, side * hw[src], side * hw[dst], depth, style, latency, colour)
    for n, (text, t, box) in nodes.items():
        ax.text(0, row[n], text, ha="center", va="center", fontsize=7, family="monospace", zorder=2,
                bbox=dict(boxstyle="square,pad=0.25" if box else "round,pad=0.25", facecolor="white", edgecolor="0.2"))
    order = sorted(nodes, key=lambda n: row[n])
    ax.set_yticks(range(n_rows), [f"t = {nodes[n][1]:g}" for n in order])
    ax.set_ylim(n_rows - 0.5, -0.5)
    ax.set_xlim(-reach, reach)
    ax.set_xticks([])
    ax.set_ylabel("earliest issue time, cycles")
    for side in ("top", "right", "bottom"):
        ax.spines[side].set_visible(False)
    ax.set_title(title + "\n(as Volkov 2016 Figure 3.5)", fontsize=8)
    ax.legend(handles=[Line2D([], [], color="0.25", linewidth=1.8, label="program order: ILP latency (0: dual issue)"),
                       Line2D([], [], color="0.25", linewidth=0.9, linestyle="--", label="register dependency"),
                       Line2D([], [], color="tab:red", linewidth=1.8, label="longest path (the latency bound)")],
              loc="upper left", bbox_to_anchor=(1.02, 1.0), frameon=False, fontsize=7, title="edge: latency in cycles", title_fontsize=7)
    return fig


def main(argv):
    if len(argv) != 2 or not argv[1].endswith((".png", ".svg")):
        sys.exit("usage: exec_graph.py GRAPH.dot OUT.png|OUT.svg")
    try:
        fig = draw(*read_graph(argv[0]))
    except GraphError as e:
        print(f"exec_graph.py: error: {e}", file=sys.stderr)
        sys.exit(2)
    save_as(fig, argv[1])


if __name__ == "__main__":
    main(sys.argv[1:])
