#!/usr/bin/python3
"""The issue timeline of a small run, in the style of Volkov 2016 Figure 4.7: one row per warp,
time running right, a mark at each cycle the warp issued an instruction, coloured by what it was
(CUDA-core, SFU, shared-memory, global load or store, barrier, exit). Gaps in a row are the cycles
the warp waited (on a register, memory, a barrier or its turn). Below the warps, one row per
scheduler marks its idle issue slots coloured by why nothing issued: the reason the SM charged the
slot to, named as the stall columns of `warpsim run` (dependency, memory, pipe_busy, issue_limit,
barrier, no_warp); a slot marked in neither is the issue cost of the instruction before it. Usage:

  warpsim run --gpu toy --workload alpha_mix --param loads=4 --warps 6 --issue-log issues.csv
  issue_timeline.py issues.csv OUT_PREFIX [--warps-per-sm N] [--sm S] [--cycles A:B]

writes OUT_PREFIX.png and OUT_PREFIX.svg (byte-identical on reruns). The CSV holds one line per
instruction issued and one per run of idle slots (idle_reason, idle_cycles) (warpsim run
--issue-log); by default the smallest occupancy in it, SM 0.
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
# Idle-slot reasons, in the order of the stall columns, and their colours (light: not instructions).
IDLE = {
    "dependency": "#f4a582",
    "memory": "#92c5de",
    "pipe_busy": "#fddc5c",
    "issue_limit": "#c2a5cf",
    "barrier": "#888888",
    "no_warp": "#dddddd",
}


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
    fig = figure(rows, occupancy, a.sm, lo, hi)
    if fig is None:
        sys.exit(f"{a.log}: nothing issued on SM {a.sm} at {occupancy} warps/SM in those cycles")
    for ext in ("png", "svg"):
        fig.savefig(f"{a.out_prefix}.{ext}", metadata={"Date": None} if ext == "svg" else {"Software": None})
    plt.close(fig)


def figure(rows, occupancy, sm, lo=0, hi=None):
    """The timeline of one occupancy and SM from the log's rows (dicts of the CSV), the cycles lo to
    hi (None: to the end); None when nothing issued there."""

    def shown(r):
        return int(r["warps_per_sm"]) == occupancy and int(r["sm"]) == sm

    def is_idle(r):
        return bool(r.get("idle_reason"))

    sel = [r for r in rows if shown(r) and not is_idle(r) and int(r["cycle"]) >= lo and (hi is None or int(r["cycle"]) <= hi)]
    if not sel:
        return None
    # Rows in the order warps first issued: block, then warp in block.
    warps = []
    for r in sel:
        w = (int(r["block"]), int(r["warp"]))
        if w not in warps:
            warps.append(w)
    row_of = {w: i for i, w in enumerate(warps)}
    first, last = min(int(r["cycle"]) for r in sel), max(int(r["cycle"]) for r in sel)
    # Idle runs cut to the cycles drawn; one row per scheduler that has any, below the warps.
    idle = []
    for r in rows:
        if shown(r) and is_idle(r):
            start, end = max(int(r["cycle"]), first), min(int(r["cycle"]) + int(r["idle_cycles"]), last + 1)
            if start < end:
                idle.append((int(r["scheduler"]), start, end - start, r["idle_reason"]))
    schedulers = sorted({s for s, _, _, _ in idle})
    idle_row = {s: len(warps) + i for i, s in enumerate(schedulers)}
    rows_drawn = len(warps) + len(schedulers)
    fig, ax = plt.subplots(figsize=(min(12, 3 + 0.08 * (last - first + 1)), 0.8 + 0.28 * rows_drawn))
    used = {}
    for r in sel:
        name, colour = kind_of(r["opcode"])
        used[name] = colour
        y = row_of[(int(r["block"]), int(r["warp"]))]
        ax.broken_barh([(int(r["cycle"]), 1)], (y - 0.35, 0.7), facecolors=colour, edgecolors="none")
    idle_used = {}
    idle_cycles = 0
    for s, start, length, reason in idle:
        colour = IDLE.get(reason, "white")
        idle_used[reason] = colour
        idle_cycles += length
        ax.broken_barh([(start, length)], (idle_row[s] - 0.35, 0.7), facecolors=colour, edgecolors="none")
    labels = [f"block {b} warp {w}" for b, w in warps] + [f"scheduler {s}: idle" for s in schedulers]
    ax.set_yticks(range(rows_drawn), labels)
    ax.invert_yaxis()
    ax.set_xlim(first, last + 1)
    ax.set_xlabel("cycle (a mark per instruction issued; the scheduler rows: idle slots by reason)")
    slots = len({int(r["cycle"]) for r in sel})
    ax.set_title(f"Issue timeline, SM {sm}, {occupancy} warps/SM: {len(sel)} instructions in {slots} of "
                 f"{last - first + 1} cycles, {idle_cycles} idle scheduler cycles (Volkov 2016 Figure 4.7)")
    handles = [Patch(color=c, label=n) for n, c in used.items()]
    handles += [Patch(color=IDLE[n], label=f"idle: {n}") for n in IDLE if n in idle_used]
    handles += [Patch(color="white", label=f"idle: {n}") for n in idle_used if n not in IDLE]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    fig.tight_layout()
    return fig

if __name__ == "__main__":
    main(sys.argv[1:])
