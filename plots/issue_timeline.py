#!/usr/bin/python3
"""The issue timeline of a small run, in the style of Volkov 2016 Figure 4.7: one row per warp,
time running right, a mark at each cycle the warp issued an instruction, coloured by what it was
(CUDA-core, SFU, shared-memory, global load or store, barrier, exit). Gaps in a row are the cycles
the warp waited (on a register, memory, a barrier or its turn); a column with no mark is an idle
issue slot. Usage:

  warpsim run --gpu toy --workload alpha_mix --param loads=4 --warps 6 --issue-log issues.csv
  issue_timeline.py issues.csv OUT_PREFIX [--warps-per-sm N] [--sm S] [--cycles A:B]

writes OUT_PREFIX.png and OUT_PREFIX.svg (byte-identical on reruns). The CSV holds one line per
instruction issued (warpsim run --issue-log); by default the smallest occupancy in it, SM 0.
"""
import argparse
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

plt.rcParams.update({"svg.hashsalt": "warpsim", "font.size": 8, "axes.titlesize": 9, "figure.dpi": 100})

# Instruction kinds by opcode mnemonic (the first part, before any '.'), as warpsim's ISA names them.
KINDS = [
    ("global load/store", ("LD", "ST", "LDG", "STG"), "tab:red"),
    ("shared memory", ("LDS", "STS"), "tab:green"),
    ("SFU", ("MUFU",), "tab:purple"),
    ("barrier", ("BAR",), "black"),
    ("exit", ("EXIT",), "0.6"),
]
CUDA_CORE = ("CUDA core", "tab:blue")


def kind_of(opcode):
    head = opcode.split(".")[0]
    for name, heads, colour in KINDS:
        if head in heads:
            return name, colour
    return CUDA_CORE


def main(argv):
    ap = argparse.ArgumentParser(description="Issue timeline (Figure 4.7 style) from `warpsim run --issue-log`")
    ap.add_argument("log")
    ap.add_argument("out_prefix")
    ap.add_argument("--warps-per-sm", type=int, help="which occupancy of the log (default: the smallest)")
    ap.add_argument("--sm", type=int, default=0, help="which SM (default 0)")
    ap.add_argument("--cycles", help="A:B, the cycles to draw (default: all)")
    a = ap.parse_args(argv)
    with open(a.log, newline="") as f:
        rows = list(csv.DictReader(f))
    need = {"warps_per_sm", "sm", "scheduler", "cycle", "block", "warp", "pc", "opcode"}
    if not rows or not need <= set(rows[0]):
        sys.exit(f"{a.log}: not an issue log of `warpsim run --issue-log` (columns {', '.join(sorted(need))})")
    occupancies = sorted({int(r["warps_per_sm"]) for r in rows})
    occupancy = a.warps_per_sm if a.warps_per_sm is not None else occupancies[0]
    if occupancy not in occupancies:
        sys.exit(f"{a.log}: no occupancy {occupancy} (the log has {', '.join(map(str, occupancies))})")
    lo, hi = 0, None
    if a.cycles:
        lo, hi = (int(x) for x in a.cycles.split(":"))
    sel = [r for r in rows if int(r["warps_per_sm"]) == occupancy and int(r["sm"]) == a.sm
           and int(r["cycle"]) >= lo and (hi is None or int(r["cycle"]) <= hi)]
    if not sel:
        sys.exit(f"{a.log}: nothing issued on SM {a.sm} at {occupancy} warps/SM in those cycles")
    # Rows in the order warps first issued: block, then warp in block.
    warps = []
    for r in sel:
        w = (int(r["block"]), int(r["warp"]))
        if w not in warps:
            warps.append(w)
    row_of = {w: i for i, w in enumerate(warps)}
    first, last = min(int(r["cycle"]) for r in sel), max(int(r["cycle"]) for r in sel)
    fig, ax = plt.subplots(figsize=(min(12, 3 + 0.08 * (last - first + 1)), 0.8 + 0.28 * len(warps)))
    used = {}
    for r in sel:
        name, colour = kind_of(r["opcode"])
        used[name] = colour
        y = row_of[(int(r["block"]), int(r["warp"]))]
        ax.broken_barh([(int(r["cycle"]), 1)], (y - 0.35, 0.7), facecolors=colour, edgecolors="none")
    ax.set_yticks(range(len(warps)), [f"block {b} warp {w}" for b, w in warps])
    ax.invert_yaxis()
    ax.set_xlim(first, last + 1)
    ax.set_xlabel("cycle (one column per issue slot; a column with no mark: the scheduler was idle)")
    slots = len({int(r["cycle"]) for r in sel})
    ax.set_title(f"Issue timeline, SM {a.sm}, {occupancy} warps/SM: {len(sel)} instructions in {slots} of "
                 f"{last - first + 1} cycles (Volkov 2016 Figure 4.7)")
    ax.legend(handles=[Patch(color=c, label=n) for n, c in used.items()], loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    fig.tight_layout()
    for ext in ("png", "svg"):
        fig.savefig(f"{a.out_prefix}.{ext}", metadata={"Date": None} if ext == "svg" else {"Software": None})
    plt.close(fig)


if __name__ == "__main__":
    main(sys.argv[1:])
