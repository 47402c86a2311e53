"""plots/issue_timeline.py (`warpsim run --issue-log` as Volkov 2016 Figure 4.7): a mark per
instruction in its warp's row, and each run of idle issue slots in its scheduler's row, as long as
the run and coloured by its reason, every kind and reason drawn named in the legend."""
import matplotlib.colors as mcolors
from conftest import legend_labels

import issue_timeline as it

# One warp on the toy GPU: LD at 0, its data 12 cycles later (slots 1-11 idle on memory), FADD at
# 12, EXIT after its write at 15 (slots 13-14 idle on the dependency).
LOG = """warps_per_sm,sm,scheduler,cycle,block,warp,pc,opcode,line,idle_reason,idle_cycles
1,0,0,0,0,0,0,LD,5,,
1,0,0,1,,,,,,memory,11
1,0,0,12,0,0,1,FADD,7,,
1,0,0,13,,,,,,dependency,2
1,0,0,15,0,0,2,EXIT,9,,
"""


def rows_of(text):
    lines = text.strip().split("\n")
    head = lines[0].split(",")
    return [dict(zip(head, line.split(","))) for line in lines[1:]]


def bars(fig):
    """(start, length, row, colour) of every mark drawn, rows counted from the top."""
    out = []
    for c in fig.axes[0].collections:
        for path, colour in zip(c.get_paths(), c.get_facecolor()):
            e = path.get_extents()
            out.append((round(e.x0), round(e.x1 - e.x0), round((e.y0 + e.y1) / 2), mcolors.to_hex(colour)))
    return sorted(out)


def test_idle_runs_are_drawn_in_their_schedulers_row_as_long_as_the_run_coloured_by_reason():
    fig = it.figure(rows_of(LOG), 1, 0)
    drawn = bars(fig)
    idle = [b for b in drawn if b[2] == 1]  # row 0: the warp; row 1: scheduler 0
    assert idle == [(1, 11, 1, it.IDLE["memory"]), (13, 2, 1, it.IDLE["dependency"])]
    assert [(b[0], b[1]) for b in drawn if b[2] == 0] == [(0, 1), (12, 1), (15, 1)]
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()] == ["block 0 warp 0", "scheduler 0: idle"]
    assert set(legend_labels(fig)) == {"global load/store", "CUDA core", "exit", "idle: memory", "idle: dependency"}
    assert "13 idle scheduler cycles" in fig.axes[0].get_title()


def test_idle_runs_are_cut_to_the_cycles_drawn():
    fig = it.figure(rows_of(LOG), 1, 0, 0, 12)  # the dependency run (13-14) lies past the last issue drawn
    assert [b for b in bars(fig) if b[2] == 1] == [(1, 11, 1, it.IDLE["memory"])]
    assert "idle: dependency" not in legend_labels(fig)


def test_a_log_without_idle_runs_draws_the_warps_alone():
    old = "\n".join(",".join(line.split(",")[:9]) for line in LOG.strip().split("\n") if ",,,,,," not in line)
    fig = it.figure(rows_of(old), 1, 0)
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()] == ["block 0 warp 0"]
    assert not [label for label in legend_labels(fig) if label.startswith("idle")]
