#!/usr/bin/python3
"""The figures of `warpsim teach CONCEPT` (sim/teach/): the lesson decides every title, label and
series; this script only draws them. Usage:

  teach_figures.py LAYOUT.json DATA.csv OUT_PREFIX

LAYOUT.json holds the figure's title and its panels (title, xlabel, ylabel, log2_x, y_from_zero);
DATA.csv one row per point, `panel,series,style,x,y`, where style is line, dashed, points, marks,
step, hline (y only) or vline (x only). Writes OUT_PREFIX.png and .svg, byte-identical on reruns.
Bad data exits with status 2 and one line `FILE:LINE: COLUMN: what`.
"""
import csv
import json
import math
import sys

from figure_style import save  # first: it selects the Agg backend and the style
import matplotlib.pyplot as plt

STYLES = ("line", "dashed", "points", "marks", "step", "hline", "vline")


class InputError(Exception):
    """Bad data: the message is `FILE:LINE: COLUMN: what`."""


def number(text, where):
    if text == "":
        return math.nan
    try:
        return float(text)
    except ValueError:
        raise InputError(f"{where}: expected a number, found '{text}'") from None


def read_series(path):
    """The series in file order: [(panel, name, style, xs, ys)]."""
    series, index = [], {}
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        missing = [c for c in ("panel", "series", "style", "x", "y") if c not in (reader.fieldnames or [])]
        if missing:
            raise InputError(f"{path}:1: {missing[0]}: column missing")
        for line, row in enumerate(reader, start=2):
            if row["style"] not in STYLES:
                raise InputError(f"{path}:{line}: style: unknown '{row['style']}' (valid: {', '.join(STYLES)})")
            panel = int(number(row["panel"], f"{path}:{line}: panel"))
            key = (panel, row["series"], row["style"])
            if key not in index:
                index[key] = len(series)
                series.append((panel, row["series"], row["style"], [], []))
            series[index[key]][3].append(number(row["x"], f"{path}:{line}: x"))
            series[index[key]][4].append(number(row["y"], f"{path}:{line}: y"))
    return series


def draw_series(ax, name, style, xs, ys, colour):
    if style == "hline":
        ax.axhline(ys[0], color=colour, linestyle=":", linewidth=1.2, label=name)
    elif style == "vline":
        ax.axvline(xs[0], color=colour, linestyle=":", linewidth=1.2, label=name)
    elif style == "dashed":
        ax.plot(xs, ys, color=colour, linestyle="--", linewidth=1.2, label=name)
    elif style == "points":
        ax.plot(xs, ys, color=colour, linestyle="none", marker="o", markerfacecolor="none", markersize=5, label=name)
    elif style == "marks":
        ax.plot(xs, ys, color=colour, linestyle="none", marker="o", markersize=4, label=name)
    elif style == "step":
        ax.step(xs, ys, where="post", color=colour, linewidth=1.0, label=name)
    else:
        ax.plot(xs, ys, color=colour, marker=".", markersize=5, linewidth=1.2, label=name)


def figure(layout, series):
    panels = layout["panels"]
    fig, axes = plt.subplots(1, len(panels), figsize=(5.2 * len(panels), 4.0), squeeze=False)
    axes = axes[0]
    for i, (ax, p) in enumerate(zip(axes, panels)):
        ax.set_title(p["title"])
        ax.set_xlabel(p["xlabel"])
        ax.set_ylabel(p["ylabel"])
        ax.grid(True, linewidth=0.3, alpha=0.5)
        colours = iter(plt.rcParams["axes.prop_cycle"].by_key()["color"] * 4)
        for panel, name, style, xs, ys in series:
            if panel == i:
                draw_series(ax, name, style, xs, ys, next(colours))
        if p.get("log2_x"):
            ax.set_xscale("log", base=2)
        if p.get("y_from_zero", True):
            ax.set_ylim(bottom=0)
        # Below the panel, so that it never hides the data.
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), frameon=False, fontsize=7, ncol=1)
    fig.suptitle(layout["title"], fontsize=10)
    fig.tight_layout()
    return fig


def main(argv):
    if len(argv) != 3:
        print("usage: teach_figures.py LAYOUT.json DATA.csv OUT_PREFIX", file=sys.stderr)
        return 2
    layout_path, data_path, prefix = argv
    try:
        with open(layout_path) as f:
            layout = json.load(f)
        series = read_series(data_path)
        bad = [s for s in series if not 0 <= s[0] < len(layout["panels"])]
        if bad:
            raise InputError(f"{data_path}: panel: {bad[0][0]} is not one of the {len(layout['panels'])} panels")
    except InputError as e:
        print(f"teach_figures.py: error: {e}", file=sys.stderr)
        return 2
    save(figure(layout, series), prefix)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
