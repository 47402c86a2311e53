#!/usr/bin/python3
"""Figures of the warpsim validation report (docs/validation.md), drawn from the CSV files that
`warpsim validate` writes into <report>/data. Usage: validation_figures.py DATA_DIR FIGURES_DIR [JOBS]
(figures are drawn by JOBS processes at once, default 1).

Each figure is written as PNG and SVG. Output is deterministic: a fixed SVG hash salt, no dates in
the metadata, and data in the order of the files, so that reruns are byte-identical. Each figure's
legend lies beside its panels and names everything drawn in any of them, measured points too.

  throughput_<gpu>  throughput vs occupancy for alpha = 0, small, intermediate, large, inf:
                    simulator, Volkov's basic and refined models, measured points (Figures 4.1, 7.x)
  cusp              smallest occupancy at 90% of a peak vs alpha (Figure 4.6)
  latency_vs_throughput  mean memory latency vs throughput with the Table 6.5 fits (Figure 6.3)
  error_bands       estimate / simulated, smallest to largest over occupancies, vs alpha (Figure 7.11)
  latency_histogram individual load latencies at the lowest and highest occupancy (Figure 6.5)
  memory_models     the memory models on Table 6.4's streaming experiment, beside its measurements
"""
import csv
import math
import os
import sys

from figure_style import legend_beside, save as save_figure  # first: it selects the Agg backend and the style
import matplotlib.pyplot as plt
import matplotlib.ticker

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
    fig, axes = plt.subplots(1, len(gpus), figsize=(3.2 * len(gpus) + LEGEND_WIDTH, 2.6), squeeze=False)
    return gpus, fig, axes


LEGEND_WIDTH = 2.0  # inches beside the panels of a figure of GPU panels for its legend


def gpu_panels_layout(fig):
    """A row of panels, the legend in the space kept beside them."""
    return layout(fig, left=0.6 / fig.get_figwidth(), right=1 - LEGEND_WIDTH / fig.get_figwidth(), wspace=0.45)


def alpha_pos(a):
    """alpha on a log2 axis; 0 one step left of 1, inf one step right of 512."""
    if a == "0":
        return -1.0
    if a == "inf":
        return 10.0
    return math.log2(float(a))


def alpha_axis(ax, ends=True):
    """α ticks; `ends`: with 0 and ∞ (the α-mix curves), else 1 to 512 (Figure 7.11's span)."""
    ticks = [-1, 0, 2, 4, 6, 8, 10] if ends else [0, 3, 6, 9]
    ax.set_xticks(ticks)
    ax.set_xticklabels(["0", "1", "4", "16", "64", "256", "∞"] if ends else ["1", "8", "64", "512"])
    ax.set_xlabel("α (adds per load)")


def layout(fig, legend_title=None, **margins):
    """Fixed margins (tight_layout measures every label of every panel and dominates the run time;
    the saved file is cut to what is drawn anyway), then the one legend beside the panels."""
    fig.subplots_adjust(**{**dict(left=0.1, right=0.98, bottom=0.17, top=0.88, wspace=0.3, hspace=0.3), **margins})
    legend_beside(fig, fig.axes, title=legend_title)
    return fig


def throughput_figure(data_dir, gpu):
    rows = read(data_dir, "alpha_curves.csv")
    points = read(data_dir, "measured_points.csv")
    mine = [r for r in rows if r["gpu"] == gpu]
    alphas = list(dict.fromkeys(r["alpha"] for r in mine))
    fig, axes = plt.subplots(1, len(alphas), figsize=(3 * len(alphas) + LEGEND_WIDTH, 2.6), squeeze=False)
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
    return gpu_panels_layout(fig)


def cusp_figure(data_dir):
    rows = read(data_dir, "cusp.csv")
    panels = gpu_panels(rows)
    if not panels:
        return None
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
    return gpu_panels_layout(fig)


def latency_figure(data_dir):
    rows = read(data_dir, "latency_throughput.csv")
    fits = read(data_dir, "latency_fits.csv")
    panels = gpu_panels(rows)
    if not panels:
        return None
    gpus, fig, axes = panels
    markers = {"ilp=1": "o", "ilp=2": "s", "ilp=4": "^"}
    for ax, gpu in zip(axes[0], gpus):
        for variant, marker in markers.items():
            sel = [r for r in rows if r["gpu"] == gpu and r["variant"] == variant]
            ax.plot([num(r["gbps"]) for r in sel], [num(r["latency"]) for r in sel], marker, markersize=3, fillstyle="none",
                    color="tab:blue", label=f"simulator, {variant.replace('=', ' = ').upper()}")
        for f in (f for f in fits if f["gpu"] == gpu):
            table = f["source"].startswith("Volkov")
            draw_fit(ax, f, color="0.6" if table else "tab:blue", linewidth=3 if table else 1, alpha=0.7 if table else 1,
                     linestyle="-" if table else ":", label=(f["source"] + " fit (measured)") if table else f["source"] + " fit")
        ax.set_title(gpu)
        ax.set_xlabel("throughput, GB/s")
        ax.set_ylabel("mean latency, cycles")
    return gpu_panels_layout(fig)


def draw_fit(ax, fit, **style):
    """latency = a + b x / (c - x) (Volkov 2016 Table 6.5), up to just below its asymptote c."""
    a, b, c = num(fit["a"]), num(fit["b"]), num(fit["c"])
    if math.isnan(a + b + c):
        return
    xs = [c * i / 200 for i in range(0, 197)]
    ax.plot(xs, [a + b * x / (c - x) for x in xs], **style)


def power_of_two_ticks(lo, hi):
    """Ticks 2^k spanning [lo, hi], at most 7, labelled 1/4, 1/2, 1, 2, 4."""
    ks = list(range(math.floor(math.log2(lo)), math.ceil(math.log2(hi)) + 1))
    step = max(1, math.ceil(len(ks) / 7))
    ks = [k for k in ks if k % step == 0]
    return [2.0 ** k for k in ks], [f"1/{2 ** -k}" if k < 0 else str(2 ** k) for k in ks]


BAND_NOTE = ("A band spans, at each α, the smallest to the largest estimate / simulated\nthroughput over every occupancy simulated "
             "(the simulator stands in for the GPU).\n1 is agreement; 2, an estimate twice the simulated throughput; 1/2, half of it.")


def error_band_figure(data_dir):
    rows = read(data_dir, "error_bands.csv")
    gpus = gpus_of(rows)
    models = list(dict.fromkeys(r["model"] for r in rows))
    if not gpus:
        return None
    # One log scale for every panel, wide enough for every band: none is cut off at the edges.
    values = [v for r in rows for v in (num(r["min_quotient"]), num(r["max_quotient"])) if v > 0 and math.isfinite(v)] or [1.0]
    lo, hi = max(min(0.25, min(values) / 1.3), 2.0 ** -12), min(max(4.0, max(values) * 1.3), 2.0 ** 12)
    ticks, labels = power_of_two_ticks(lo, hi)
    height = 1.5 * len(models) + 1.1
    fig, axes = plt.subplots(len(models), len(gpus), figsize=(2.4 * len(gpus) + 0.6, height), squeeze=False, sharex=True, sharey=True)
    for i, model in enumerate(models):
        for j, gpu in enumerate(gpus):
            ax = axes[i][j]
            sel = [r for r in rows if r["gpu"] == gpu and r["model"] == model]
            xs = [alpha_pos(r["alpha"]) for r in sel]
            ax.fill_between(xs, [num(r["min_quotient"]) for r in sel], [num(r["max_quotient"]) for r in sel], color="tab:orange", alpha=0.5,
                            linewidth=0, label="band: smallest to largest\nestimate / simulated over the occupancies")
            ax.axhline(1.0, color="black", linewidth=0.5, label="1: estimate = simulated")
            ax.set_yscale("log")
            ax.set_ylim(lo, hi)
            # Fixed ticks: log-axis tick search on 35 panels otherwise takes seconds.
            ax.yaxis.set_major_locator(matplotlib.ticker.FixedLocator(ticks))
            ax.yaxis.set_major_formatter(matplotlib.ticker.FixedFormatter(labels))
            ax.yaxis.set_minor_locator(matplotlib.ticker.NullLocator())
            if i == 0:
                ax.set_title(gpu)
            if j == 0:
                ax.set_ylabel(f"{model}\nestimate / simulated", fontsize=7)
            if i == len(models) - 1:
                alpha_axis(ax, ends=False)
            ax.label_outer()  # tick labels on the outer panels only: far fewer texts to lay out
    fig.suptitle("Model error bands (as Volkov 2016 Figure 7.11)\n" + BAND_NOTE, fontsize=7, x=0.02, ha="left", y=1 - 0.02 / height)
    return layout(fig, left=0.7 / (2.4 * len(gpus) + 0.6), right=0.98, bottom=0.5 / height, top=1 - 0.75 / height, hspace=0.15)


def histogram_figure(data_dir):
    """One row of GPU panels per memory model: the run's (`dram` on the built-in GPUs: bank, activate
    and bus contention) and `queue` (the same DRAM, each request timed at arrival). The occupancies
    and throughputs of a panel are named in its own legend, beside it."""
    rows = read(data_dir, "latency_histogram.csv")
    gpus = gpus_of(rows)
    models = list(dict.fromkeys(r["memory_model"] for r in rows))
    if not gpus:
        return None
    fig, axes = plt.subplots(len(models), len(gpus), figsize=(4.6 * len(gpus), 2.6 * len(models)), squeeze=False)
    for row_axes, model in zip(axes, models):
        for ax, gpu in zip(row_axes, gpus):
            for load, color in (("low", "tab:blue"), ("high", "tab:red")):
                sel = [r for r in rows if r["gpu"] == gpu and r["memory_model"] == model and r["load"] == load]
                if not sel:
                    continue
                total = sum(num(r["count"]) for r in sel) or 1
                edges = [num(r["bin_lo"]) for r in sel] + [num(sel[-1]["bin_hi"])]
                ax.stairs([num(r["count"]) / total for r in sel], edges, color=color,
                          label=f"{load}: {sel[0]['warps_per_sm']} warps/SM,\n{sel[0]['gbps']} GB/s")
            ax.set_title(f"{gpu}, memory.model={model}")
            ax.set_xlabel("load latency, cycles")
            ax.set_ylabel("fraction of loads")
            ax.legend(fontsize=6, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False, title="occupancy", title_fontsize=6)
    fig.subplots_adjust(left=0.06, right=0.98, bottom=0.09, top=0.95, hspace=0.45, wspace=0.55)
    return fig


# One colour per memory model in every panel; the whole device dashed in its model's colour.
MEMORY_COLOURS = {"dram": "tab:purple", "queue": "tab:blue", "fixed": "tab:gray", "servers": "tab:red", "simgrid": "tab:green"}


def memory_models_figure(data_dir):
    """Volkov 2016 §6.3-6.4 streaming experiment under each memory model (on one SM's share, and
    `dram` on the whole device too) beside the seed's measurements: throughput against occupancy
    with Table 6.4's peak and the occupancies reaching 90% and 95% of it, and latency against
    throughput (Figure 6.3) with Table 6.5's fit to the measured latencies."""
    if not os.path.exists(os.path.join(data_dir, "memory_models_points.csv")):
        return None
    rows = read(data_dir, "memory_models_points.csv")
    summary = read(data_dir, "memory_models.csv")
    fits = read(data_dir, "latency_fits.csv")
    gpus = gpus_of(rows)
    if not gpus:
        return None
    fig, axes = plt.subplots(2, len(gpus), figsize=(3.6 * len(gpus) + 2.2, 5.6), squeeze=False)
    for col, gpu in enumerate(gpus):
        top, bottom = axes[0][col], axes[1][col]
        runs = list(dict.fromkeys((r["memory_model"], r.get("simulated_sms", "1")) for r in rows if r["gpu"] == gpu))
        for m, sms in runs:
            sel = [r for r in rows if r["gpu"] == gpu and r["memory_model"] == m and r.get("simulated_sms", "1") == sms]
            device = sms != "1"
            style = dict(color=MEMORY_COLOURS.get(m, "tab:brown"), linewidth=1.2, linestyle="--" if device else "-",
                         label=f"{m}, whole device" if device else m)
            top.plot([num(r["warps_per_sm"]) for r in sel], [num(r["gbps"]) for r in sel], **style)
            bottom.plot([num(r["gbps"]) for r in sel], [num(r["access_latency_mean"]) for r in sel], **style)
        for s in (s for s in summary if s["gpu"] == gpu and s["memory_model"] == "volkov2016"):
            peak = num(s["peak_gbps"])
            top.axhline(peak, color="black", linestyle=":", linewidth=1, label="measured peak (Table 6.4)")
            top.plot([num(s["warps_per_sm_at_90"]), num(s["warps_per_sm_at_95"])], [0.9 * peak, 0.95 * peak], linestyle="none", marker="*",
                     markersize=9, color="black", label="measured: occupancies reaching 90%\nand 95% of the peak (Table 6.4)")
        simulated = [num(r["access_latency_mean"]) for r in rows if r["gpu"] == gpu and num(r["access_latency_mean"]) > 0]
        for f in (f for f in fits if f["gpu"] == gpu and f["source"].startswith("Volkov")):
            draw_fit(bottom, f, color="black", linewidth=3, alpha=0.3, label="measured latencies' fit (Table 6.5)")
        if simulated:  # the fit rises to its asymptote: the panel keeps the simulated latencies' range
            bottom.set_ylim(0.9 * min(simulated), 1.1 * max(simulated))
        top.set_title(f"{gpu}: throughput vs occupancy")
        top.set_xlabel("warps/SM")
        top.set_ylabel("GB/s")
        top.set_ylim(bottom=0)
        bottom.set_title(f"{gpu}: latency vs throughput", fontsize=8)
        bottom.set_xlabel("throughput, GB/s")
        bottom.set_ylabel("mean load latency, cycles")
    width = 3.6 * len(gpus) + 2.2
    return layout(fig, "simulated memory model\n(one SM's share of the memory\nsystem; dashed: the whole device)",
                  left=0.6 / width, right=1 - 2.2 / width, bottom=0.09, top=0.94, hspace=0.4, wspace=0.35)


def draw(task):
    name, data_dir, out_dir, args = task
    fig = FIGURES[name](data_dir, *args)
    if fig is not None:
        save_figure(fig, os.path.join(out_dir, f"throughput_{args[0]}" if name == "throughput" else FILE_NAMES[name]))


FIGURES = {"throughput": throughput_figure, "cusp": cusp_figure, "latency": latency_figure, "error_bands": error_band_figure,
           "histogram": histogram_figure, "memory_models": memory_models_figure}
FILE_NAMES = {"cusp": "cusp", "latency": "latency_vs_throughput", "error_bands": "error_bands", "histogram": "latency_histogram",
              "memory_models": "memory_models"}


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
