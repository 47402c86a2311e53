#!/usr/bin/python3
"""Figures of `warpsim run --format csv` and `warpsim sweep` files, drawn for `warpsim plot`, which
checks the files and picks the columns (docs/plots.md). Usage:

  result_figures.py OUT_PREFIX CSV [CSV ...] --figure KIND X Y[,Y...] [--figure ...] [--group COLUMN ...]

KIND is one of
  throughput  Y against X (occupancy), one panel per Y column, one line per series
  latency     Y against X (throughput), points joined in order of occupancy (Volkov 2016 Figure 6.3)
  stalls      the Y columns (fractions of issue slots) stacked as bars at each X, one panel per series
and each figure is written as OUT_PREFIX_KIND.png and .svg, byte-identical on reruns.

A series is the rows that share the values of the --group columns; without --group, of the key
columns (gpu, workload, params, set.KEY, param.KEY, and the file when several are given) whose
values differ between rows. Bad data exits with status 2 and one line `FILE:LINE: COLUMN: what`.
"""
import argparse
import csv
import math
import os
import sys

from figure_style import save  # first: it selects the Agg backend and the style
import matplotlib.pyplot as plt

# Axis labels with units (README, "Output columns of warpsim run"); other columns show their name.
LABELS = {
    "warps_per_sm": "occupancy, warps per SM",
    "ipc_per_sm": "IPC per SM, warp instructions/cycle",
    "mem_ipc_per_sm": "memory IPC per SM, loads and stores/cycle",
    "ops_per_cycle_per_scheduler": "thread-ops/cycle per scheduler",
    "adds_per_cycle_per_sm": "adds/cycle per SM",
    "gbps": "memory throughput, GB/s (device)",
    "dram_gbps": "DRAM throughput, GB/s (device)",
    "warp_throughput_per_sm": "warps/cycle per SM",
    "mean_warp_latency": "mean warp latency, cycles",
    "mean_occupancy": "mean occupancy, warps",
    "access_latency_mean": "mean load latency, cycles",
    "issue_utilization": "fraction of issue slots used",
    "cycles": "cycles",
}
TITLES = {
    "throughput": "Throughput vs occupancy",
    "latency": "Latency vs throughput (as Volkov 2016 Figure 6.3)",
    "stalls": "Issue slots: issued, or why not",
}
# Stacked issue-slot reasons, a fixed colour each so that panels and figures compare.
STACK_COLOURS = {
    "issue_utilization": "tab:green", "stall_dependency": "tab:blue", "stall_memory": "tab:red",
    "stall_pipe_busy": "tab:orange", "stall_issue_limit": "tab:purple", "stall_barrier": "tab:brown",
    "stall_no_warp": "0.75",
}
MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*"]
KEY_COLUMNS = ["gpu", "workload", "sets", "params"]


class InputError(Exception):
    """Bad data: the message is `FILE:LINE: COLUMN: what`."""


def label_of(column):
    if column in LABELS:
        return LABELS[column]
    if column.startswith("access_latency_"):
        return f"load latency ({column[len('access_latency_'):]}), cycles"
    if column.startswith("stall_"):
        return f"{column[len('stall_'):].replace('_', ' ')}, fraction of issue slots"
    return column


def short_name(column):
    """A key column as a legend shows it: set.memory.model -> memory.model."""
    for prefix in ("set.", "param."):
        if column.startswith(prefix):
            return column[len(prefix):]
    return column


def read_rows(paths):
    """Every row of every file as a dict, with `_file`, `_line` and `file` (the file's name)."""
    rows = []
    for path in paths:
        with open(path, newline="") as f:
            reader = csv.DictReader(f)
            for r in reader:
                r["_file"], r["_line"], r["file"] = path, reader.line_num, os.path.basename(path)
                rows.append(r)
    return rows


def number(row, column):
    """The row's value of `column` as a float, None when blank."""
    text = row.get(column)
    if text is None:
        raise InputError(f"{row['_file']}: {column}: no such column")
    if text == "":
        return None
    try:
        v = float(text)
    except ValueError:
        v = math.nan
    if not math.isfinite(v):
        raise InputError(f"{row['_file']}:{row['_line']}: {column}: '{text}' is not a finite number")
    return v


def key_columns(rows, several_files):
    present = set().union(*(r.keys() for r in rows)) if rows else set()
    keys = [c for c in KEY_COLUMNS if c in present]
    for prefix, whole in (("set.", "sets"), ("param.", "params")):
        mine = sorted(c for c in present if c.startswith(prefix))
        if mine and whole in keys:  # the per-key columns say it better than the joined string
            keys[keys.index(whole)] = None
        keys += mine
    return [k for k in keys if k] + (["file"] if several_files else [])


def varying(rows, columns):
    return [c for c in columns if len({r.get(c, "") for r in rows}) > 1]


def items(row, column):
    """A key's value as key=value items: `params` and `sets` hold several, space-separated."""
    v = row.get(column, "")
    if column in ("params", "sets"):
        return v.split()
    if v == "" or column in ("gpu", "workload", "file"):
        return [v] if v else []
    return [f"{short_name(column)}={v}"]


def series_of(rows, x, group):
    """[(label, rows)] in the order series first appear; a series holds each value of `x` once.
    A label names the series' values of the group columns that are not the same in every row."""
    out = {}
    for r in rows:
        out.setdefault(tuple(r.get(c, "") for c in group), []).append(r)
    for key, sel in out.items():
        seen = {}
        for r in sel:
            v = number(r, x)
            if v is None:
                continue
            if v in seen:
                first = seen[v]
                others = [c for c in varying([first, r], key_columns(sel, True)) if c not in group]
                hint = f" (columns that differ between them: {', '.join(others)})" if others else ""
                raise InputError(f"{r['_file']}:{r['_line']}: {x}: {x} = {r[x]} again in one series, as at {first['_file']}:{first['_line']}; "
                                 f"give --group COLUMN for what tells the rows apart{hint}")
            seen[v] = r
    common = shared_items(rows, group)
    return [(", ".join(i for c in group for i in items(sel[0], c) if i not in common) or "all rows", sel) for sel in out.values()]


def shared_items(rows, columns):
    """The key=value items of `columns` that every row has."""
    sets = [set(i for c in columns for i in items(r, c)) for r in rows]
    return set.intersection(*sets) if sets else set()


def points(sel, x, y, order=None):
    """(xs, ys) of the rows where both are given, sorted by `order` (default x)."""
    pairs = [(number(r, order or x), number(r, x), number(r, y)) for r in sel]
    pairs = sorted(p for p in pairs if p[1] is not None and p[2] is not None)
    return [p[1] for p in pairs], [p[2] for p in pairs]


def title_of(kind, rows):
    """The kind's title, then what every row shares: the GPUs and workloads, and the common keys."""
    def values(c):
        return list(dict.fromkeys(r.get(c, "") for r in rows if r.get(c, "")))
    line = f"{TITLES[kind]}: {', '.join(values('workload')) or 'workload?'} on {', '.join(values('gpu')) or 'GPU?'}"
    # `params` too where param.KEY columns stand for it: it holds the parameters a sweep left at their default.
    others = [c for c in key_columns(rows, False) + ["params", "sets"] if c not in ("gpu", "workload") and c in rows[0]]
    others = list(dict.fromkeys(others))
    first = [i for c in others for i in items(rows[0], c)]
    common = shared_items(rows, others)
    shared = [i for i in first if i in common]
    return line + ("\n" + ", ".join(shared) if shared else "")


def styles(n):
    colours = plt.get_cmap("tab10" if n <= 10 else "tab20").colors
    return [dict(color=colours[i % len(colours)], marker=MARKERS[(i // len(colours)) % len(MARKERS)]) for i in range(n)]


def outside_legend(ax, title=None):
    """The legend to the right of the panels, never over the data."""
    handles, labels = ax.get_legend_handles_labels()
    if len(handles) > 1 or labels[:1] not in ([], ["all rows"]):
        ax.legend(handles, labels, loc="upper left", bbox_to_anchor=(1.03, 1.0), borderaxespad=0, frameon=False, fontsize=7,
                  title=title, title_fontsize=7, alignment="left", ncol=1 if len(handles) <= 24 else 2)


def occupancy_ticks(ax, x, xs):
    """Every occupancy a sweep simulated as a tick, when they are few."""
    if x == "warps_per_sm" and 1 < len(xs) <= 16:
        ax.set_xticks(sorted(xs))


def line_figure(kind, rows, x, ys, group):
    """throughput (one panel per y) or latency (one panel, points joined in order of occupancy)."""
    order = "warps_per_sm" if kind == "latency" and all("warps_per_sm" in r for r in rows) else None
    # A throughput may repeat along a latency curve (a saturated memory system); an occupancy may not.
    series = series_of(rows, order or x, group)
    fig, axes = plt.subplots(1, len(ys), figsize=(4.2 * len(ys), 3.2), squeeze=False, layout="constrained")
    for ax, y in zip(axes[0], ys):
        for (label, sel), style in zip(series, styles(len(series))):
            xs, vs = points(sel, x, y, order)
            if xs:
                ax.plot(xs, vs, label=label, markersize=3.5, linewidth=1, **style)
        occupancy_ticks(ax, x, {number(r, x) for r in rows} - {None})
        ax.set_xlabel(label_of(x))
        ax.set_ylabel(label_of(y))
        ax.set_ylim(bottom=0)
        ax.set_xlim(left=0)
        ax.grid(True, linewidth=0.3, color="0.85")
    if kind == "latency" and order:
        axes[0][0].text(0.0, -0.2, "points of a series joined in order of occupancy", transform=axes[0][0].transAxes,
                        fontsize=7, color="0.4", va="top")
    fig.suptitle(title_of(kind, rows), fontsize=9)
    outside_legend(axes[0][-1], title=", ".join(short_name(c) for c in group) or None)
    return fig


def stalls_figure(rows, x, stack, group):
    """One panel per series: at each x, the stack columns' fractions as stacked bars."""
    series = series_of(rows, x, group)
    cols = min(3, len(series))
    nrows = math.ceil(len(series) / cols)
    fig, axes = plt.subplots(nrows, cols, figsize=(3.6 * cols, 2.6 * nrows), squeeze=False, sharey=True, layout="constrained")
    for i, (label, sel) in enumerate(series):
        ax = axes[i // cols][i % cols]
        xs = sorted({number(r, x) for r in sel if number(r, x) is not None})
        gaps = [b - a for a, b in zip(xs, xs[1:])]
        width = 0.8 * (min(gaps) if gaps else 1)
        bottom = {v: 0.0 for v in xs}
        for column in stack:
            cx, cy = points(sel, x, column)
            ax.bar(cx, cy, width=width, bottom=[bottom[v] for v in cx], color=STACK_COLOURS.get(column, None),
                   label="issued" if column == "issue_utilization" else column[len("stall_"):].replace("_", " ") if column.startswith("stall_") else column,
                   linewidth=0)
            for v, h in zip(cx, cy):
                bottom[v] += h
        ax.set_title(label, fontsize=8)
        ax.set_xlabel(label_of(x))
        ax.set_ylim(0, 1)
        occupancy_ticks(ax, x, xs)
    for ax in axes[:, 0]:
        ax.set_ylabel("fraction of issue slots")
    for j in range(len(series), nrows * cols):
        axes[j // cols][j % cols].set_visible(False)
    fig.suptitle(title_of("stalls", rows), fontsize=9)
    outside_legend(axes[0][cols - 1], title="issue slot")
    return fig


def figure(kind, rows, x, ys, group):
    if kind == "stalls":
        return stalls_figure(rows, x, ys, group)
    return line_figure(kind, rows, x, ys, group)


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Figures of warpsim run/sweep CSV files (run by `warpsim plot`)")
    ap.add_argument("out_prefix")
    ap.add_argument("csv", nargs="+")
    ap.add_argument("--figure", nargs=3, action="append", metavar=("KIND", "X", "Y"), required=True,
                    help="throughput|latency|stalls, the x column, the y columns (comma-separated)")
    ap.add_argument("--group", action="append", default=[], help="a column whose values make the series (repeatable)")
    return ap.parse_args(argv)


def main(argv):
    a = parse_args(argv)
    try:
        rows = read_rows(a.csv)
        if not rows:
            raise InputError(f"{a.csv[0]}: holds no rows")
        group = a.group or varying(rows, key_columns(rows, len(a.csv) > 1))
        for kind, x, ys in a.figure:
            if kind not in TITLES:
                raise InputError(f"<cli>: --figure: unknown kind '{kind}' (valid: {', '.join(TITLES)})")
            save(figure(kind, rows, x, ys.split(","), group), f"{a.out_prefix}_{kind}")
    except InputError as e:
        print(f"result_figures.py: error: {e}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv[1:])
