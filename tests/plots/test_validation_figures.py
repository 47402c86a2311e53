"""plots/validation_figures.py (`warpsim validate`'s figures) on a small report's data: each figure
names in its legend everything it draws, measured points too, keeps the legend off the data and
its labels inside the figure; error_bands shows every band whole and says what a band is;
memory_models gives each model one colour and marks Table 6.4's measurements."""
import pytest
from conftest import drawn_labels, legend_labels, overlaps, rendered

import validation_figures as vf

GPUS = ("kepler", "maxwell")


def csv_text(header, rows):
    return header + "\n" + "".join(",".join(str(v) for v in r) + "\n" for r in rows)


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("data")
    files = {}
    files["alpha_curves.csv"] = csv_text("gpu,alpha,source,warps_per_sm,gbps,adds_per_cycle_per_sm,mem_ipc_per_sm,ipc_per_sm", [
        (g, a, s, w, 3 * w, 2 * w, 0.01 * w, 0.1 * w) for g in GPUS for a in ("0", "32") for s in ("simulator", "volkov", "volkov_refined")
        for w in (4, 32, 64)])
    # A measured point at α = 32 only: the first panel (α = 0) draws none.
    files["measured_points.csv"] = csv_text("gpu,alpha,id,warps_per_sm,unit,value", [("kepler", "32", "s7_5", 64, "adds_per_cycle_per_sm", 89)])
    files["cusp.csv"] = csv_text("gpu,alpha,source,warps_needed", [
        (g, a, s, "" if (s, a) == ("simulator", "16") else 40) for g in GPUS for a in ("1", "16", "inf") for s in ("simulator", "volkov")])
    files["latency_throughput.csv"] = csv_text("gpu,variant,warps_per_sm,gbps,latency", [
        (g, v, w, 2 * w, 300 + w) for g in GPUS for v in ("ilp=1", "ilp=2") for w in (4, 64)])
    files["latency_fits.csv"] = csv_text("gpu,source,a,b,c", [(g, s, 300, 20, 180) for g in GPUS for s in ("simulator (ILP = 1)", "Volkov 2016 Table 6.5")])
    # Quotients from 1/32 to 5: far outside the old fixed 0.1-10 range at one end.
    files["error_bands.csv"] = csv_text("gpu,model,alpha,min_quotient,max_quotient", [
        (g, m, a, lo, hi) for g in GPUS for m in ("volkov", "baghsorkhi") for a, lo, hi in (("1", 0.03125, 0.5), ("8", 0.9, 1.1), ("512", 1.0, 5.0))])
    files["latency_histogram.csv"] = csv_text("gpu,memory_model,load,warps_per_sm,gbps,bin_lo,bin_hi,count", [
        (g, m, load, w, 2 * w, lo, lo + 10, 5) for g in GPUS for m in ("dram", "queue") for load, w in (("low", 4), ("high", 64))
        for lo in (300, 310)])
    files["memory_models_points.csv"] = csv_text(
        "gpu,memory_model,warps_per_sm,gbps,pct_of_peak,access_latency_mean,transaction_latency_p5,transaction_latency_p50,transaction_latency_p95,simulated_sms",
        [(g, m, w, 2.5 * w, w, 300 + w, 300, 301, 320, sms) for g in GPUS for m, sms in (("dram", 1), ("queue", 1), ("fixed", 1), ("dram", 15))
         for w in (8, 32, 64)])
    files["memory_models.csv"] = csv_text(
        "gpu,memory_model,peak_gbps,warps_per_sm_at_90,warps_per_sm_at_95,warps_per_scheduler_at_90,warps_per_scheduler_at_95,access_latency_at_90,"
        "transaction_latency_p5_at_90,transaction_latency_p50_at_90,transaction_latency_p95_at_90,simulated_sms",
        [("kepler", "dram", 160, 52, 56, 13, 14, 344, 310, 333, 400, 1), ("kepler", "volkov2016", 154, 56, 64, 14, 16, "", "", "", "", 8),
         ("maxwell", "volkov2016", 211, 40, 46, 10, 11.5, "", "", "", "", 16)])
    for name, text in files.items():
        (d / name).write_text(text)
    return str(d)


def shown_tick_labels(axis, limits):
    """The labels of the ticks within the axis' limits (matplotlib keeps others, undrawn)."""
    lo, hi = sorted(limits)
    return [t.label1 for t in axis.get_major_ticks() if lo <= t.get_loc() <= hi]


def every_figure(data_dir):
    return {"throughput_kepler": vf.throughput_figure(data_dir, "kepler"), "cusp": vf.cusp_figure(data_dir),
            "latency_vs_throughput": vf.latency_figure(data_dir), "error_bands": vf.error_band_figure(data_dir),
            "latency_histogram": vf.histogram_figure(data_dir), "memory_models": vf.memory_models_figure(data_dir)}


@pytest.fixture(scope="module")
def figures(data_dir):
    out = every_figure(data_dir)
    assert all(fig is not None for fig in out.values())
    return out


@pytest.mark.parametrize("name", ["throughput_kepler", "cusp", "latency_vs_throughput", "error_bands", "latency_histogram", "memory_models"])
def test_every_figure_names_all_it_draws_beside_the_data_and_keeps_its_labels_inside(figures, name):
    fig = figures[name]
    renderer = rendered(fig)
    assert set(drawn_labels(fig)) <= set(legend_labels(fig)), name
    legends = list(fig.legends) + [ax.get_legend() for ax in fig.axes if ax.get_legend()]
    assert legends, name
    width, height = fig.bbox.width, fig.bbox.height
    for ax in fig.axes:
        for leg in legends:
            assert not overlaps(leg.get_window_extent(renderer), ax.get_window_extent(renderer)), (name, ax.get_title())
        # Titles, axis labels and tick labels inside the figure: nothing cut off at its edges.
        texts = [ax.title, ax.xaxis.label, ax.yaxis.label] + shown_tick_labels(ax.xaxis, ax.get_xlim()) + shown_tick_labels(ax.yaxis, ax.get_ylim())
        for t in texts:
            if t.get_visible() and t.get_text():
                box = t.get_window_extent(renderer)
                assert box.x0 >= 0 and box.y0 >= 0 and box.x1 <= width and box.y1 <= height, (name, t.get_text())


def test_a_measured_point_drawn_in_one_panel_is_in_the_figures_legend(figures):
    fig = figures["throughput_kepler"]
    measured = [line for ax in fig.axes for line in ax.lines if line.get_label() == "measured (real GPU)"]
    assert [(list(m.get_xdata()), list(m.get_ydata())) for m in measured] == [([64.0], [89.0])]
    assert "measured (real GPU)" in legend_labels(fig)
    assert fig.axes[0].get_legend() is None and len(fig.legends) == 1  # one legend for all panels


def test_error_bands_show_every_band_whole_and_say_what_a_band_is(figures, data_dir):
    fig = figures["error_bands"]
    lo, hi = fig.axes[0].get_ylim()
    for row in vf.read(data_dir, "error_bands.csv"):
        assert lo < float(row["min_quotient"]) and float(row["max_quotient"]) < hi, row
    title = fig._suptitle.get_text()
    assert "A band spans, at each α, the smallest to the largest estimate / simulated" in title
    assert "over every occupancy simulated" in title
    assert "band: smallest to largest\nestimate / simulated over the occupancies" in legend_labels(fig)
    # The panels' bands: min and max of each row, at its alpha.
    kepler_volkov = fig.axes[0]
    (band,) = kepler_volkov.collections
    ys = sorted({round(y, 6) for y in band.get_paths()[0].vertices[:, 1]})
    assert ys == [0.03125, 0.5, 0.9, 1.0, 1.1, 5.0]


def test_memory_models_give_each_model_one_colour_and_mark_table_6_4(figures):
    fig = figures["memory_models"]
    colours = {}
    for ax in fig.axes:
        for line in ax.lines:
            if line.get_label() in ("dram", "queue", "fixed", "dram, whole device"):
                colours.setdefault(line.get_label(), set()).add(line.get_color())
                assert line.get_marker() in ("None", None, "")  # lines only: markers on five curves were a thicket
    assert all(len(c) == 1 for c in colours.values()), colours
    assert colours["dram"] == colours["dram, whole device"]
    assert len(set.union(*colours.values())) == 3  # dram, queue and fixed apart
    kepler_top = fig.axes[0]
    (stars,) = [line for line in kepler_top.lines if line.get_label().startswith("measured: occupancies reaching 90%")]
    # Table 6.4, Kepler: 154 GB/s peak, 90% at 56 warps/SM, 95% at 64.
    assert list(stars.get_xdata()) == [56, 64]
    assert list(stars.get_ydata()) == pytest.approx([0.9 * 154, 0.95 * 154])
    assert "measured peak (Table 6.4)" in legend_labels(fig)
    assert "measured latencies' fit (Table 6.5)" in legend_labels(fig)


def test_the_figures_are_byte_identical_on_reruns(data_dir, tmp_path):
    for run in ("a", "b"):
        (tmp_path / run).mkdir()
        for name in ("error_bands", "memory_models"):
            vf.draw((name, data_dir, str(tmp_path / run), ()))
    for name in ("error_bands.png", "error_bands.svg", "memory_models.png", "memory_models.svg"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name
