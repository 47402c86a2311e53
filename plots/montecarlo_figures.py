#!/usr/bin/python3
"""Figures of `warpsim montecarlo --out-dir DIR`, in the style of Baghsorkhi 2012 Figures 5-7:

  DIR/montecarlo_hit_ratios.{png,svg}   per level, the histogram of the trials' hit ratios with their
                                        mean ± 2σ shaded and the timed simulation's ratio as a dashed
                                        line (the seed dashes the hardware counters' value there)
  DIR/montecarlo_convergence.{png,svg}  σ of each level over the first n trials, against n (Figure 7)

Usage: montecarlo_figures.py DIR TITLE. Reads DIR/trials.csv, summary.csv and convergence.csv; bad
data exits with status 2 and one line `FILE:LINE: COLUMN: what`. Files are byte-identical on reruns.
"""
import csv
import math
import os
import sys

from figure_style import legend_beside, save  # first: it selects the Agg backend and the style
import matplotlib.pyplot as plt

LABELS = {"l1_read": "L1 read hit ratio", "l2_read": "L2 read hit ratio", "l2_write": "L2 write hit ratio"}


class InputError(Exception):
    pass


def number(path, line, column, text, allow_empty=False):
    if allow_empty and text == "":
        return None
    try:
        v = float(text)
    except ValueError:
        raise InputError(f"{path}:{line}: {column}: '{text}' is not a number")
    if math.isnan(v):
        raise InputError(f"{path}:{line}: {column}: is not a number")
    return v


def read(path, needed):
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        raise InputError(f"{path}:0: : cannot read: {e.strerror}")
    if not rows:
        raise InputError(f"{path}:1: : no rows")
    for c in needed:
        if c not in rows[0]:
            raise InputError(f"{path}:1: {c}: missing column")
    return rows


def main(directory, title):
    summary_path = os.path.join(directory, "summary.csv")
    summary = read(summary_path, ["level", "mean", "sd", "low", "high", "timed"])
    levels = [r["level"] for r in summary]
    for i, r in enumerate(summary):
        if r["level"] not in LABELS:
            raise InputError(f"{summary_path}:{i + 2}: level: unknown '{r['level']}'")
    trials_path = os.path.join(directory, "trials.csv")
    trials = read(trials_path, ["trial"] + levels)
    conv_path = os.path.join(directory, "convergence.csv")
    conv = read(conv_path, ["trials"] + ["sd_" + lv for lv in levels])

    fig, axes = plt.subplots(1, len(levels), figsize=(3.2 * len(levels), 2.6), squeeze=False)
    for ax, (i, s) in zip(axes[0], enumerate(summary)):
        lv = s["level"]
        values = [number(trials_path, k + 2, lv, r[lv]) for k, r in enumerate(trials)]
        mean, sd = number(summary_path, i + 2, "mean", s["mean"]), number(summary_path, i + 2, "sd", s["sd"])
        low, high = number(summary_path, i + 2, "low", s["low"]), number(summary_path, i + 2, "high", s["high"])
        timed = number(summary_path, i + 2, "timed", s["timed"], allow_empty=True)
        in_flight = number(summary_path, i + 2, "timed_in_flight_as_hits", s.get("timed_in_flight_as_hits", ""), allow_empty=True)
        marks = [v for v in (timed, in_flight) if v is not None]
        lo, hi = min(values + [low] + marks), max(values + [high] + marks)
        pad = max(0.005, 0.05 * (hi - lo))
        bins = [lo - pad + k * (hi - lo + 2 * pad) / 20 for k in range(21)]
        weights = [1.0 / len(values)] * len(values)
        ax.hist(values, bins=bins, weights=weights, color="tab:blue", alpha=0.8, label="trials (probability)")
        ax.axvspan(low, high, color="tab:blue", alpha=0.12, label="mean ± 2σ (95%, §5.2)")
        if timed is not None:
            ax.axvline(timed, color="tab:red", linestyle="--", linewidth=1.2, label="timed simulation")
        if in_flight is not None and in_flight != timed:
            ax.axvline(in_flight, color="tab:red", linestyle=":", linewidth=1.2, label="timed, sectors in flight as hits")
        ax.set_title(f"{LABELS[lv]}\nmean {mean:.4f}, σ {sd:.4f}")
        ax.set_xlabel("hit ratio")
        ax.set_ylabel("probability")
    fig.suptitle(title, y=1.02)
    fig.tight_layout()
    legend_beside(fig, list(axes[0]))
    save(fig, os.path.join(directory, "montecarlo_hit_ratios"))

    fig, ax = plt.subplots(figsize=(4.2, 2.8))
    n = [number(conv_path, k + 2, "trials", r["trials"]) for k, r in enumerate(conv)]
    for lv in levels:
        ax.plot(n, [number(conv_path, k + 2, "sd_" + lv, r["sd_" + lv]) for k, r in enumerate(conv)], marker=".", label=LABELS[lv])
    ax.set_xlabel("trials")
    ax.set_ylabel("standard deviation of the hit ratio")
    ax.set_title(f"Convergence of σ (as Baghsorkhi 2012 Figure 7)\n{title}")
    ax.legend(fontsize=7, frameon=False)
    fig.tight_layout()
    save(fig, os.path.join(directory, "montecarlo_convergence"))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print("usage: montecarlo_figures.py DIR TITLE", file=sys.stderr)
        sys.exit(2)
    try:
        main(sys.argv[1], sys.argv[2])
    except InputError as e:
        print(e, file=sys.stderr)
        sys.exit(2)
