#!/usr/bin/python3
"""Figures of the warpsim validation report (docs/validation.md), drawn from the CSV files that
`warpsim validate` writes into <report>/data. Usage: validation_figures.py DATA_DIR FIGURES_DIR [JOBS]
(figures are drawn by JOBS processes at once, default 1).

Each figure is written as PNG and SVG. Output is deterministic: a fixed SVG hash salt, no dates in
the metadata, and data in the order of the files, so that reruns are byte-identical.

  throughput_<gpu>  throughput vs occupancy for alpha = 0, small, intermediate, large, inf:
                    simulator, Volkov's basic and refined models, measured points (Figures 4.1, 7.x)
  cusp              smallest occupancy at 90% of a peak vs alpha (Figure 4.6)
  latency_vs_throughput  mean memory latency vs throughput with the Table 6.5 fits (Figure 6.3)
  error_bands       estimate / simulated, smallest to largest over occupancies, vs alpha (Figure 7.11)
  latency_histogram individual load latencies at the lowest and highest occupancy (Figure 6.5)
"""
import csv
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.ticker  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402

plt.rcParams.update({"svg.hashsalt": "warpsim", "font.size": 8, "axes.titlesize": 9, "figure.dpi": 100})

SIM = dict(color="tab:blue", marker="o", markersize=3, linewidth=1, label="simulator")
MODELS = {
    "volkov": dict(color="black", linestyle="--", linewidth=1, label="Volkov basic (§4.1)"),
    "volkov_refined": dict(color="0.6", linewidth=3, alpha=0.7, label="Volkov refined (§6.5)"),
}


def read(data_dir, name):
    path = os.path.join(data_dir, name)
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def num(s):
    return float(s) if s not in ("", None) else math.nan


def gpus_of(rows):
    out = []
    for r in rows:
        if r["gpu"] not in out:
            out.append(r["gpu"])
    return out


def gpu_panels(rows):
    """One panel per GPU of `rows`, side by side: (gpus, figure, axes as a 1 x n grid), or None."""
    gpus = gpus_of(rows)
    if not gpus:
        return None
    fig, axes = plt.subplots(1, len(gpus), figsize=(3 * len(gpus), 2.6), squeeze=False)
    return gpus, fig, axes


def alpha_pos(a):
    """alpha on a log2 axis; 0 one step left of 1, inf one step right of 512."""
    if a == "0":
        return -1.0
    if a == "inf":
        return 10.0
    return math.log2(float(a))


def alpha_axis(ax):
    ticks = [-1, 0, 2, 4, 6, 8, 10]
    ax.set_xticks(ticks)
    ax.set_xticklabels(["0", "1", "4", "16", "64", "256", "∞"])
    ax.set_xlabel("α (adds per load)")


def save(fig, out_dir, name, **margins):
    # Fixed margins: tight_layout measures every label of every panel and dominates the run time.
    fig.subplots_adjust(**{**dict(left=0.06, right=0.99, bottom=0.17, top=0.9, wspace=0.3, hspace=0.3), **margins})
    fig.savefig(os.path.join(out_dir, name + ".png"), metadata={"Software": None})
    fig.savefig(os.path.join(out_dir, name + ".svg"), metadata={"Date": None, "Creator": None})
    plt.close(fig)


def throughput_figure(data_dir, out_dir, gpu):
    rows = read(data_dir, "alpha_curves.csv")
    points = read(data_dir, "measured_points.csv")
    mine = [r for r in rows if r["gpu"] == gpu]
    alphas = []
    for r in mine:
        if r["alpha"] not in alphas:
            alphas.append(r["alpha"])
    fig, axes = plt.subplots(1, len(alphas), figsize=(3 * len(alphas), 2.6), squeeze=False)
    for ax, a in zip(axes[0], alphas):
        metric, label = ("gbps", "GB/s") if a == "0" else ("adds_per_cycle_per_sm", "adds/cycle per SM")
        for source, style in [("volkov_refined", MODELS["volkov_refined"]), ("volkov", MODELS["volkov"]), ("simulator", SIM)]:
            sel = [r for r in mine if r["alpha"] == a and r["source"] == source]
            ax.plot([num(r["warps_per_sm"]) for r in sel], [num(r[metric]) for r in sel], **style)
        meas = [p for p in points if p["gpu"] == gpu and p["alpha"] == a and p["unit"] == metric]
        if meas:
            ax.plot([num(p["warps_per_sm"]) for p in meas], [num(p["value"]) for p in meas], "x", color="tab:red",
                    markersize=7, label="measured (real GPU)")
        ax.set_title(f"{gpu}, α = {'∞' if a == 'inf' else a}")
        ax.set_xlabel("warps per SM")
        ax.set_ylabel(label)
        ax.set_ylim(bottom=0)
    axes[0][0].legend(fontsize=6, loc="lower right")
    save(fig, out_dir, f"throughput_{gpu}")


def cusp_figure(data_dir, out_dir):
    rows = read(data_dir, "cusp.csv")
    panels = gpu_panels(rows)
    if not panels:
        return
    gpus, fig, axes = panels
    for ax, gpu in zip(axes[0], gpus):
        for source, style in [("volkov_refined", MODELS["volkov_refined"]), ("volkov", MODELS["volkov"]), ("simulator", SIM)]:
            sel = [r for r in rows if r["gpu"] == gpu and r["source"] == source and r["warps_needed"] != ""]
            ax.plot([alpha_pos(r["alpha"]) for r in sel], [num(r["warps_needed"]) for r in sel], **style)
        # Where the simulator does not reach 90% within the SM's warps, the value is not dropped
        # silently: an open triangle at the top of the panel marks the alpha.
        beyond = [r for r in rows if r["gpu"] == gpu and r["source"] == "simulator" and r["warps_needed"] == ""]
        if beyond:
            top = ax.get_ylim()[1]
            ax.plot([alpha_pos(r["alpha"]) for r in beyond], [top] * len(beyond), "^", color=SIM["color"], fillstyle="none",
                    markersize=5, linestyle="none", label="simulator: not within the SM's warps")
            ax.set_ylim(top=top * 1.08)
        alpha_axis(ax)
        ax.set_title(gpu)
        ax.set_ylabel("warps/SM at 90% of peak")
        ax.set_ylim(bottom=0)
    for ax in axes[0]:
        if any(line.get_label().startswith("simulator: not") for line in ax.get_lines()):
            ax.legend(fontsize=6)
    axes[0][0].legend(fontsize=6)
    save(fig, out_dir, "cusp")


def latency_figure(data_dir, out_dir):
    rows = read(data_dir, "latency_throughput.csv")
    fits = read(data_dir, "latency_fits.csv")
    panels = gpu_panels(rows)
    if not panels:
        return
    gpus, fig, axes = panels
    markers = {"ilp=1": "o", "ilp=2": "s", "ilp=4": "^"}
    for ax, gpu in zip(axes[0], gpus):
        for variant, marker in markers.items():
            sel = [r for r in rows if r["gpu"] == gpu and r["variant"] == variant]
            ax.plot([num(r["gbps"]) for r in sel], [num(r["latency"]) for r in sel], marker, markersize=3, fillstyle="none",
                    color="tab:blue", label=f"simulator, {variant.replace('=', ' = ').upper()}")
        for f in (f for f in fits if f["gpu"] == gpu):
            a, b, c = num(f["a"]), num(f["b"]), num(f["c"])
            if math.isnan(a + b + c):
                continue
            xs = [c * i / 200 for i in range(0, 197)]
            table = f["source"].startswith("Volkov")
            ax.plot(xs, [a + b * x / (c - x) for x in xs], color="0.6" if table else "tab:blue", linewidth=3 if table else 1,
                    alpha=0.7 if table else 1, linestyle="-" if table else ":", label=f["source"] + " fit")
        ax.set_title(gpu)
        ax.set_xlabel("throughput, GB/s")
        ax.set_ylabel("mean latency, cycles")
    axes[0][0].legend(fontsize=6)
    save(fig, out_dir, "latency_vs_throughput")


def error_band_figure(data_dir, out_dir):
    rows = read(data_dir, "error_bands.csv")
    gpus = gpus_of(rows)
    models = []
    for r in rows:
        if r["model"] not in models:
            models.append(r["model"])
    if not gpus:
        return
    fig, axes = plt.subplots(len(models), len(gpus), figsize=(2.4 * len(gpus), 1.7 * len(models)), squeeze=False, sharex=True,
                             sharey=True)
    for i, model in enumerate(models):
        for j, gpu in enumerate(gpus):
            ax = axes[i][j]
            sel = [r for r in rows if r["gpu"] == gpu and r["model"] == model]
            xs = [alpha_pos(r["alpha"]) for r in sel]
            ax.fill_between(xs, [num(r["min_quotient"]) for r in sel], [num(r["max_quotient"]) for r in sel], color="tab:orange", alpha=0.5,
                            linewidth=0)
            ax.axhline(1.0, color="black", linewidth=0.5)
            ax.set_yscale("log")
            ax.set_ylim(0.1, 10)
            # Fixed ticks: log-axis tick search on 35 panels otherwise takes seconds.
            ax.yaxis.set_major_locator(matplotlib.ticker.FixedLocator([0.25, 0.5, 1, 2, 4]))
            ax.yaxis.set_major_formatter(matplotlib.ticker.FixedFormatter(["¼", "½", "1", "2", "4"]))
            ax.yaxis.set_minor_locator(matplotlib.ticker.NullLocator())
            if i == 0:
                ax.set_title(gpu)
            if j == 0:
                ax.set_ylabel(f"{model}\nestimate / sim.", fontsize=7)
            if i == len(models) - 1:
                alpha_axis(ax)
            ax.label_outer()  # tick labels on the outer panels only: far fewer texts to lay out
    save(fig, out_dir, "error_bands", left=0.08, bottom=0.06, top=0.96, hspace=0.15)


def histogram_figure(data_dir, out_dir):
    """One row of GPU panels per memory model: the default (`fixed`: one latency per load) and
    `queue` (DRAM contention: a distribution, as §6.6 measures on Kepler)."""
    rows = read(data_dir, "latency_histogram.csv")
    gpus = gpus_of(rows)
    models = list(dict.fromkeys(r["memory_model"] for r in rows))
    if not gpus:
        return
    fig, axes = plt.subplots(len(models), len(gpus), figsize=(3 * len(gpus), 2.6 * len(models)), squeeze=False)
    for row_axes, model in zip(axes, models):
        for ax, gpu in zip(row_axes, gpus):
            for load, color in (("low", "tab:blue"), ("high", "tab:red")):
                sel = [r for r in rows if r["gpu"] == gpu and r["memory_model"] == model and r["load"] == load]
                if not sel:
                    continue
                total = sum(num(r["count"]) for r in sel) or 1
                edges = [num(r["bin_lo"]) for r in sel] + [num(sel[-1]["bin_hi"])]
                ax.stairs([num(r["count"]) / total for r in sel], edges, color=color,
                          label=f"{load}: {sel[0]['warps_per_sm']} warps/SM, {sel[0]['gbps']} GB/s")
            ax.set_title(f"{gpu}, memory.model={model}")
            ax.set_xlabel("load latency, cycles")
            ax.set_ylabel("fraction of loads")
            ax.legend(fontsize=6)
    save(fig, out_dir, "latency_histogram", bottom=0.09, top=0.95, hspace=0.45)


def memory_models_figure(data_dir, out_dir):
    """Volkov 2016 §6.3-6.4 streaming experiment under each memory model (servers, fixed, queue, simgrid; on
    one SM's share, and `queue` on the whole device too) beside Table 6.4: throughput against
    occupancy, and latency against throughput (Figure 6.3)."""
    if not os.path.exists(os.path.join(data_dir, "memory_models_points.csv")):
        return
    rows = read(data_dir, "memory_models_points.csv")
    summary = read(data_dir, "memory_models.csv")
    gpus = gpus_of(rows)
    if not gpus:
        return
    colors = {"servers": "tab:red", "fixed": "tab:gray", "queue": "tab:blue", "simgrid": "tab:green"}
    fig, axes = plt.subplots(2, len(gpus), figsize=(3.4 * len(gpus), 5.2), squeeze=False)
    for col, gpu in enumerate(gpus):
        top, bottom = axes[0][col], axes[1][col]
        runs = []  # (model, simulated SMs): a model runs on one SM's share and may run on the device too
        for r in rows:
            run = (r["memory_model"], r.get("simulated_sms", "1"))
            if r["gpu"] == gpu and run not in runs:
                runs.append(run)
        for m, sms in runs:
            sel = [r for r in rows if r["gpu"] == gpu and r["memory_model"] == m and r.get("simulated_sms", "1") == sms]
            color = colors.get(m, "tab:purple")
            device = sms != "1"
            label = f"{m}, {sms} SMs" if device else f"{m}, 1-SM share"
            style = "s--" if device else "o-"
            top.plot([num(r["warps_per_sm"]) for r in sel], [num(r["gbps"]) for r in sel], style, markersize=3, color=color, label=label)
            bottom.plot([num(r["gbps"]) for r in sel], [num(r["access_latency_mean"]) for r in sel], style, markersize=3, color=color,
                        label=label)
        for s in (s for s in summary if s["gpu"] == gpu and s["memory_model"] == "volkov2016"):
            top.axhline(num(s["peak_gbps"]), color="0.5", linestyle="--", linewidth=1, label="Table 6.4 peak")
            for key, style in (("warps_per_sm_at_90", ":"), ("warps_per_sm_at_95", "-.")):
                top.axvline(num(s[key]), color="0.5", linestyle=style, linewidth=1, label=f"Table 6.4 {key[-2:]}% occupancy")
        top.set_title(gpu)
        top.set_xlabel("warps/SM")
        top.set_ylabel("GB/s")
        bottom.set_xlabel("throughput, GB/s")
        bottom.set_ylabel("mean load latency, cycles")
    axes[0][0].legend(fontsize=6)
    save(fig, out_dir, "memory_models", left=0.75 / (3.4 * len(gpus)), bottom=0.09, hspace=0.35, wspace=0.4)


def draw(task):
    name, data_dir, out_dir, args = task
    FIGURES[name](data_dir, out_dir, *args)


FIGURES = {"throughput": throughput_figure, "cusp": cusp_figure, "latency": latency_figure, "error_bands": error_band_figure,
           "histogram": histogram_figure, "memory_models": memory_models_figure}


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: validation_figures.py DATA_DIR FIGURES_DIR [JOBS]")
    data_dir, out_dir = sys.argv[1], sys.argv[2]
    if not os.path.isdir(data_dir):
        print(f"validation_figures.py: error: {data_dir}: not a directory (give <report>/data of warpsim validate)", file=sys.stderr)
        sys.exit(2)
    if not any(name.endswith(".csv") for name in os.listdir(data_dir)):
        print(f"validation_figures.py: error: {data_dir}: holds no figure data (*.csv)", file=sys.stderr)
        sys.exit(2)
    if len(sys.argv) == 4 and not sys.argv[3].isdigit():
        print(f"validation_figures.py: error: JOBS: expected a whole number, found '{sys.argv[3]}'", file=sys.stderr)
        sys.exit(2)
    jobs = int(sys.argv[3]) if len(sys.argv) == 4 else 1
    os.makedirs(out_dir, exist_ok=True)
    # The slowest first, so that the processes finish together; each figure is one file pair, so
    # the order does not change the output.
    tasks = [("error_bands", data_dir, out_dir, ())]
    tasks += [("throughput", data_dir, out_dir, (gpu,)) for gpu in gpus_of(read(data_dir, "alpha_curves.csv"))]
    tasks += [(name, data_dir, out_dir, ()) for name in ("cusp", "latency", "histogram", "memory_models")]
    if jobs <= 1:
        for t in tasks:
            draw(t)
        return
    import multiprocessing
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        pool.map(draw, tasks, chunksize=1)


if __name__ == "__main__":
    main()
