"""plots/result_figures.py (`warpsim plot`): what each figure draws is the CSV's values, one
series per combination of the keys that vary, the legend off the data."""
import pytest
from conftest import drawn_labels, legend_labels, overlaps, rendered

import result_figures as rf

# A sweep over two GPUs and alpha (memory.model the same everywhere), occupancies out of order,
# one blank load latency.
SWEEP = """point,set.memory.model,param.alpha,gpu,workload,params,warps_per_sm,ipc_per_sm,gbps,access_latency_mean,mean_warp_latency,stall_dependency,stall_memory,issue_utilization
a,dram,1,kepler,alpha_mix,alpha=1 loads=4,16,0.9,180,320,2100,0.1,0.3,0.6
b,dram,1,kepler,alpha_mix,alpha=1 loads=4,8,0.5,100,300,2000,0.1,0.6,0.3
c,dram,8,kepler,alpha_mix,alpha=8 loads=4,8,1.5,20,301,1500,0.5,0.2,0.3
d,dram,8,kepler,alpha_mix,alpha=8 loads=4,16,2.5,40,,1600,0.3,0.1,0.6
e,dram,1,maxwell,alpha_mix,alpha=1 loads=4,8,0.7,150,380,1900,0.05,0.65,0.3
f,dram,1,maxwell,alpha_mix,alpha=1 loads=4,24,1.2,140,450,2500,0.0,0.2,0.8
"""
# A run CSV: the parameters only as one `params` string.
RUN = """gpu,workload,params,warps_per_sm,ipc_per_sm,gbps
kepler,alpha_mix,adds=64 alpha=1 loads=4,4,0.25,50
kepler,alpha_mix,adds=64 alpha=4 loads=4,4,0.75,30
"""


@pytest.fixture
def sweep_rows(tmp_path):
    path = tmp_path / "sweep.csv"
    path.write_text(SWEEP)
    return rf.read_rows([str(path)])


def auto_group(rows, files=1):
    return rf.varying(rows, rf.key_columns(rows, files > 1))


def lines(ax):
    return {line.get_label(): (list(line.get_xdata()), list(line.get_ydata())) for line in ax.lines}


def test_the_series_are_the_keys_that_vary(sweep_rows):
    assert auto_group(sweep_rows) == ["gpu", "param.alpha"]  # workload and memory.model are the same in every row


def test_throughput_lines_hold_the_csv_values_sorted_by_occupancy(sweep_rows):
    fig = rf.figure("throughput", sweep_rows, "warps_per_sm", ["ipc_per_sm", "gbps"], auto_group(sweep_rows))
    ipc, gbps = fig.axes[0], fig.axes[1]
    assert lines(ipc) == {"kepler, alpha=1": ([8, 16], [0.5, 0.9]), "kepler, alpha=8": ([8, 16], [1.5, 2.5]),
                          "maxwell, alpha=1": ([8, 24], [0.7, 1.2])}
    assert lines(gbps) == {"kepler, alpha=1": ([8, 16], [100, 180]), "kepler, alpha=8": ([8, 16], [20, 40]),
                           "maxwell, alpha=1": ([8, 24], [150, 140])}
    assert ipc.get_xlabel() == "occupancy, warps per SM"
    assert ipc.get_ylabel() == "IPC per SM, warp instructions/cycle"
    assert gbps.get_ylabel() == "memory throughput, GB/s (device)"
    # The same colour for a series in every panel.
    assert [line.get_color() for line in ipc.lines] == [line.get_color() for line in gbps.lines]


def test_latency_points_are_joined_in_order_of_occupancy_and_blanks_left_out(sweep_rows):
    fig = rf.figure("latency", sweep_rows, "gbps", ["access_latency_mean"], auto_group(sweep_rows))
    # Maxwell's throughput falls from 8 to 24 warps: the line still goes 8 -> 24 warps.
    assert lines(fig.axes[0]) == {"kepler, alpha=1": ([100, 180], [300, 320]), "kepler, alpha=8": ([20], [301]),
                                  "maxwell, alpha=1": ([150, 140], [380, 450])}
    assert fig.axes[0].get_xlabel() == "memory throughput, GB/s (device)"
    assert fig.axes[0].get_ylabel() == "mean load latency, cycles"


def test_stalls_stack_each_rows_fractions_in_one_panel_per_series(sweep_rows):
    stack = ["issue_utilization", "stall_dependency", "stall_memory"]
    fig = rf.figure("stalls", sweep_rows, "warps_per_sm", stack, auto_group(sweep_rows))
    panels = [ax for ax in fig.axes if ax.get_visible()]
    assert [ax.get_title() for ax in panels] == ["kepler, alpha=1", "kepler, alpha=8", "maxwell, alpha=1"]
    maxwell = panels[2]
    # Each bar as its centre, bottom and height, flattened.
    bars = {c.get_label(): [v for r in c for v in (r.get_x() + r.get_width() / 2, r.get_y(), r.get_height())] for c in maxwell.containers}
    # At 8 warps: issued 0.3 from 0, dependency 0.05 on top of it, memory 0.65 on top of both.
    assert bars["issued"] == pytest.approx([8, 0, 0.3, 24, 0, 0.8])
    assert bars["dependency"] == pytest.approx([8, 0.3, 0.05, 24, 0.8, 0.0])
    assert bars["memory"] == pytest.approx([8, 0.35, 0.65, 24, 0.8, 0.2])
    assert maxwell.get_ylim() == (0, 1)


def test_the_title_names_the_gpus_workloads_and_what_every_row_shares(sweep_rows):
    fig = rf.figure("throughput", sweep_rows, "warps_per_sm", ["ipc_per_sm"], auto_group(sweep_rows))
    title = fig._suptitle.get_text()
    assert title.startswith("Throughput vs occupancy: alpha_mix on kepler, maxwell\n")
    assert "memory.model=dram" in title and "loads=4" in title


@pytest.mark.parametrize("kind, ys", [("throughput", ["ipc_per_sm", "gbps"]), ("latency", ["access_latency_mean"]),
                                      ("stalls", ["issue_utilization", "stall_memory"])])
def test_the_legend_names_every_series_and_lies_off_the_data(sweep_rows, kind, ys):
    x = "gbps" if kind == "latency" else "warps_per_sm"
    fig = rf.figure(kind, sweep_rows, x, ys, auto_group(sweep_rows))
    renderer = rendered(fig)
    assert set(drawn_labels(fig)) <= set(legend_labels(fig))
    legends = list(fig.legends) + [ax.get_legend() for ax in fig.axes if ax.get_legend()]
    assert legends
    for leg in legends:
        for ax in fig.axes:
            if ax.get_visible():
                assert not overlaps(leg.get_window_extent(renderer), ax.get_window_extent(renderer)), (kind, ax.get_title())


def test_a_params_string_is_labelled_by_the_parameters_that_differ(tmp_path):
    path = tmp_path / "run.csv"
    path.write_text(RUN)
    rows = rf.read_rows([str(path)])
    group = auto_group(rows)
    assert group == ["params"]
    fig = rf.figure("throughput", rows, "warps_per_sm", ["ipc_per_sm"], group)
    assert sorted(lines(fig.axes[0])) == ["alpha=1", "alpha=4"]
    assert "adds=64, loads=4" in fig._suptitle.get_text()


def test_a_repeated_occupancy_in_one_series_names_both_rows(tmp_path):
    path = tmp_path / "twice.csv"
    path.write_text(RUN.replace("alpha=4", "alpha=1"))
    rows = rf.read_rows([str(path)])
    with pytest.raises(rf.InputError, match=r"twice\.csv:3: warps_per_sm: warps_per_sm = 4 again in one series, as at .*twice\.csv:2"):
        rf.figure("throughput", rows, "warps_per_sm", ["ipc_per_sm"], auto_group(rows))


def test_two_files_of_the_same_run_are_told_apart_by_file(tmp_path):
    for name in ("a.csv", "b.csv"):
        (tmp_path / name).write_text(RUN)
    rows = rf.read_rows([str(tmp_path / "a.csv"), str(tmp_path / "b.csv")])
    group = auto_group(rows, files=2)
    assert group == ["params", "file"]
    fig = rf.figure("throughput", rows, "warps_per_sm", ["ipc_per_sm"], group)
    assert sorted(lines(fig.axes[0])) == ["alpha=1, a.csv", "alpha=1, b.csv", "alpha=4, a.csv", "alpha=4, b.csv"]


def test_a_value_that_is_not_a_number_names_file_line_and_column(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text(RUN.replace("0.75", "fast"))
    with pytest.raises(rf.InputError, match=r"bad\.csv:3: ipc_per_sm: 'fast' is not a finite number"):
        rf.figure("throughput", rf.read_rows([str(path)]), "warps_per_sm", ["ipc_per_sm"], ["params"])
