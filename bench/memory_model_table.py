#!/usr/bin/python3
"""Regenerates the "Results per GPU" table of docs/memory-model.md with `warpsim memloop`.

Usage: bench/memory_model_table.py [--warpsim build/warpsim] [--model queue] [--set k=v ...] [--gpus g80,...]
Per GPU: stream latency at 1 warp/SM, random latency at 1 warp per device (Volkov 2016 §6.7,
128 MB array), stream peak (best of ILP 2 and 4 at full occupancy, §6.3), random peak (best over
occupancies), % of the peak at the linear occupancy of Table 6.4, the occupancies reaching 90% and
95% of the peak (interpolated), the fit latency = a + b x / (c - x) of §6.4 (Table 6.5), and the
number of servers that fit implies (docs/memory-model-servers.md).
"""
import argparse
import csv
import io
import math
import subprocess

LINEAR = {"g80": 12, "gt200": 12, "fermi": 31, "kepler": 40, "maxwell": 30}  # warps/SM, Table 6.4
SCHEDULERS = {"g80": 1, "gt200": 1, "fermi": 2, "kepler": 4, "maxwell": 4}  # Table 2.6
MAX_WARPS = {"g80": 24, "gt200": 32, "fermi": 48, "kepler": 64, "maxwell": 64}  # Table 2.8
CLOCK_GHZ = {"g80": 1.35, "gt200": 1.296, "fermi": 1.4, "kepler": 1.124, "maxwell": 1.266}  # Table 2.7
SEED = {  # Tables 6.2, 6.4, 6.1 (random), 6.5: stream lat, random lat, peak, random, %lin, w90, w95 (per SM), a, b, c
    "g80": (444, 644, 74, 0.027, 75, 20, 24, 453, 61, 81),
    "gt200": (434, 662, 138, 0.016, 84, 16, 18, 438, 17, 140),
    "fermi": (513, 1571, 161, 0.029, 80, 42, 50, 501, 41, 170),
    "kepler": (301, 1213, 154, 0.034, 78, 56, 64, 300, 32, 170),
    "maxwell": (368, 534, 211, 0.023, 80, 40, 46, 372, 22, 221),
}


def memloop(args, gpu, *extra):
    cmd = [args.warpsim, "memloop", "--gpu", gpu, "--format", "csv", "--set", f"memory.model={args.model}"]
    for s in args.set or []:
        cmd += ["--set", s]
    out = subprocess.run(cmd + list(extra), check=True, capture_output=True, text=True).stdout
    return list(csv.DictReader(io.StringIO(out)))


def fit(samples):
    """Least squares of latency = a + b x / (c - x) to every sample, scanning c above the largest x
    (up to 4x). The simulator's fit (mem/contention_fit.cpp) also keeps b >= 0 and fits only the
    outer envelope of the samples. Here memloop's curves carry no block-size scatter; the tables
    of docs/memory-model.md were made with this function."""
    xmax = max(x for x, _ in samples)

    def for_c(c):
        us = [x / (c - x) for x, _ in samples]
        ys = [y for _, y in samples]
        n, su, suu = len(us), sum(us), sum(u * u for u in us)
        sy, suy = sum(ys), sum(u * y for u, y in zip(us, ys))
        det = n * suu - su * su
        b = (n * suy - su * sy) / det if det > 0 else 0
        a = (sy - b * su) / n
        rms = math.sqrt(sum((y - a - b * u) ** 2 for u, y in zip(us, ys)) / n)
        return rms, a, b, c

    best = for_c(xmax * 1.0001)
    lo, hi = 1e-4, 3.0
    for _ in range(4):
        steps, best_e = 200, math.log(lo)
        for i in range(steps + 1):
            e = math.log(lo) + (math.log(hi) - math.log(lo)) * i / steps
            f = for_c(xmax * (1 + math.exp(e)))
            if f[0] < best[0]:
                best, best_e = f, e
        span = (math.log(hi) - math.log(lo)) / steps
        lo, hi = math.exp(best_e - span), math.exp(best_e + span)
    return best[1:]


def implied_servers(gpu, b, c):
    """K of K equal M/D/1 servers sharing c GB/s at random, 128 bytes per visit: their wait grows as
    (s / 2) rho / (1 - rho) with s = K x 128 B / c, so b (cycles) = s / 2 gives K = 2 b c / 128 B."""
    return 2 * (b / (CLOCK_GHZ[gpu] * 1e9)) * c * 1e9 / 128


def occupancy_at(curve, frac):
    for (w0, g0), (w1, g1) in zip(curve, curve[1:]):
        if g1 >= frac > g0:
            return w0 + (w1 - w0) * (frac - g0) / (g1 - g0)
    return curve[0][0] if curve[0][1] >= frac else float("inf")


def gpu_row(args, gpu):
    mw = MAX_WARPS[gpu]
    meas = str(args.measure)
    lat = float(memloop(args, gpu, "--warps", "1", "--measure", "400000")[0]["mean_latency"])
    rlat = float(memloop(args, gpu, "--pattern", "random", "--device-warps", "1", "--array", "128MB", "--measure", "400000")[0]["mean_latency"])
    peak = max(float(memloop(args, gpu, "--warps", str(mw), "--ilp", str(k), "--measure", meas)[0]["gbps"]) for k in (2, 4))
    rnd = memloop(args, gpu, "--pattern", "random", "--array", "128MB", "--warps", f"{mw // 4}:{mw}:{mw // 4}", "--measure", meas)
    rpeak = max(float(r["ipc_per_sm"]) for r in rnd) * 32 / SCHEDULERS[gpu]  # thread ops (Table 6.1)
    step = 1 if mw <= 32 else 2
    rows = memloop(args, gpu, "--warps", f"1:{mw}:{step}", "--measure", meas)
    if LINEAR[gpu] % step != 1 % step:
        rows += memloop(args, gpu, "--warps", str(LINEAR[gpu]), "--measure", meas)
    rows.sort(key=lambda r: int(r["warps_per_sm"]))
    curve = [(int(r["warps_per_sm"]), float(r["gbps"]) / peak) for r in rows]
    lin = dict(curve)[LINEAR[gpu]] * 100
    a, b, c = fit([(float(r["gbps"]), float(r["mean_latency"])) for r in rows])
    return [lat, rlat, peak, rpeak, lin, occupancy_at(curve, 0.9), occupancy_at(curve, 0.95), a, b, c, implied_servers(gpu, b, c)]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--warpsim", default="build/warpsim")
    p.add_argument("--model", default="queue")
    p.add_argument("--set", action="append")
    p.add_argument("--gpus", default="g80,gt200,fermi,kepler,maxwell")
    p.add_argument("--measure", type=int, default=100000)
    args = p.parse_args()
    names = ["stream latency", "random latency", "stream peak GB/s", "random peak ops/cycle/sched", "% of peak at linear",
             "warps/SM at 90%", "warps/SM at 95%", "fit a", "fit b", "fit c", "servers K = 2bc / 128 B"]
    gpus = args.gpus.split(",")
    rows = {g: gpu_row(args, g) for g in gpus}
    print("| | " + " | ".join(gpus) + " |")
    print("|---" * (len(gpus) + 1) + "|")
    for i, n in enumerate(names):
        cells = []
        for g in gpus:
            v = rows[g][i]
            s = SEED[g][i] if i < len(SEED[g]) else implied_servers(g, SEED[g][8], SEED[g][9])
            fmt = "{:.3f}" if i == 3 else "{:.0f}"
            dev = f" ({100 * (v - s) / s:+.0f}%)" if i in (0, 1, 2, 3) and abs(v - s) / s > 0.005 else ""
            cells.append(f"{fmt.format(v)} / {fmt.format(s)}{dev}")
        print(f"| {n} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
