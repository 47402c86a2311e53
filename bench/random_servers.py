#!/usr/bin/python3
"""Are the seeds' gradual-saturation numbers one mechanism? A closed-network check (no warpsim).

Usage: bench/random_servers.py [--gpus g80,gt200,fermi,kepler,maxwell] [--events 150000]

The seeds' streaming experiment is a closed loop: every resident warp keeps one 128-byte access
in flight (Volkov 2016 §5.10, α = 0, no ILP). Suppose the memory system were K equal FIFO
servers, each access going to one of them at random (an address hash) and holding it s per
128 bytes, the rest of the unloaded latency (Table 6.2) a fixed delay. Then throughput against
occupancy depends on two ratios only: warps per server, and unloaded latency over s. The
capacity K x 128 B / s is Table 6.5's c, above the attained peak (Table 6.4).

Per GPU this script finds the K at which the linear occupancy of Table 6.4 attains its "% of
peak at linear", then predicts, with no further input, the occupancies for 90% and 95% of the
peak (Table 6.4) and Table 6.5's b (an M/D/1 server's wait is (s / 2) x / (c - x): b = s / 2).
It also gives the K that Table 6.5's b implies directly (K = 2 b c / 128 B). Deterministic:
a fixed seed per run. Results: docs/memory-model-servers.md.
"""
import argparse
import csv
import heapq
import os
import random

import yaml

from memory_model_table import implied_servers  # K from Table 6.5's b (M/D/1), beside this script

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVERS = 48  # simulated servers: the fraction depends on the two ratios once K >= ~8


def closed_network_fraction(warps_per_server, latency_over_service, events):
    """Throughput / capacity of the closed network (service s = 1, think time L0 / s - 1)."""
    rng = random.Random(1)
    customers = max(1, round(warps_per_server * SERVERS))
    think = latency_over_service - 1.0
    free = [0.0] * SERVERS
    arrivals = [(rng.random() * latency_over_service, i) for i in range(customers)]
    heapq.heapify(arrivals)
    warm = events // 5
    for done in range(1, events + 1):
        t, i = heapq.heappop(arrivals)
        k = rng.randrange(SERVERS)
        end = max(t, free[k]) + 1.0
        free[k] = end
        if done == warm:
            t0 = end
        heapq.heappush(arrivals, (end + think, i))
    return (events - warm) / (end - t0) / SERVERS


def bisect(f, target, lo, hi, steps=14):
    """x in [lo, hi] (geometric) where the increasing f(x) crosses target."""
    for _ in range(steps):
        mid = (lo * hi) ** 0.5
        lo, hi = (mid, hi) if f(mid) < target else (lo, mid)
    return (lo * hi) ** 0.5


def seed_numbers():
    rows = {}
    with open(os.path.join(ROOT, "validation/measurements/volkov2016_tables.csv")) as f:
        lines = [l for l in f if not l.startswith("#")]
    for r in csv.DictReader(lines):
        rows[r["id"]] = float(r["value"])
    return rows


def config(gpu):
    with open(os.path.join(ROOT, "hw_configs", gpu + ".yaml")) as f:
        c = yaml.safe_load(f)
    return c["device"]["sms"], c["scheduler"]["count"], c["device"]["core_clock_ghz"]


def gpu_row(gpu, seed, events):
    sms, schedulers, ghz = config(gpu)
    m = lambda q: seed[f"volkov.t6_{q}"]
    peak, c, b = m(f"4.{gpu}.peak"), m(f"5.{gpu}.c"), m(f"5.{gpu}.b")
    linear, pct = m(f"4.{gpu}.linear"), m(f"4.{gpu}.pct_at_linear") / 100
    peak_over_c = peak / c
    # At the linear occupancy, warps per server = (L0 / s) x peak / c (Little's law at the peak).
    ratio = bisect(lambda r: closed_network_fraction(r * peak_over_c, r, events), pct * peak_over_c, 1.05, 200)
    k = linear * schedulers * sms / (ratio * peak_over_c)
    service_ns = k * 128 / c
    per_scheduler = lambda frac: bisect(lambda n: closed_network_fraction(n, ratio, events), frac * peak_over_c, 0.05, 50) * k / (schedulers * sms)
    return [gpu, f"{k:.0f}", f"{service_ns:.0f}", f"{implied_servers(gpu, b, c):.0f}",
            f"{per_scheduler(0.90):.1f} / {m(f'4.{gpu}.warps_90'):g}", f"{per_scheduler(0.95):.1f} / {m(f'4.{gpu}.warps_95'):g}",
            f"{service_ns / 2 * ghz:.0f} / {b:g}"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gpus", default="g80,gt200,fermi,kepler,maxwell")
    ap.add_argument("--events", type=int, default=150000, help="server visits simulated per point")
    args = ap.parse_args()
    seed = seed_numbers()
    head = ["GPU", "K from % at linear", "s, ns per 128 B", "K from Table 6.5's b",
            "warps/scheduler at 90%: model / seed", "at 95%: model / seed", "b, cycles: model / seed"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for gpu in args.gpus.split(","):
        print("| " + " | ".join(gpu_row(gpu, seed, args.events)) + " |", flush=True)


if __name__ == "__main__":
    main()
