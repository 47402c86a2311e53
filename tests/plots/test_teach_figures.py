"""plots/teach_figures.py (`warpsim teach`): each series of the CSV drawn in its panel with its
label and style, the lesson's titles and axis labels, bad data refused with FILE:LINE: COLUMN."""
import pytest
from conftest import rendered

import teach_figures as tf

LAYOUT = {"title": "Little's law on toy: 3 cycles x 1 IPC = 3 warps needed",
          "panels": [{"title": "adds", "xlabel": "occupancy, warps per SM", "ylabel": "IPC", "log2_x": False, "y_from_zero": True},
                     {"title": "alpha", "xlabel": "α", "ylabel": "warps", "log2_x": True, "y_from_zero": False}]}
DATA = """panel,series,style,x,y
0,simulated,line,1,0.33
0,simulated,line,2,0.66
0,simulated,line,3,1
0,"peak: 1 IPC",hline,,1
0,"needed: 3 warps",vline,3,
1,simulated,line,2,30
1,simulated,line,4,40
"""


@pytest.fixture
def series(tmp_path):
    path = tmp_path / "data.csv"
    path.write_text(DATA)
    return tf.read_series(str(path))


def test_each_panel_draws_its_series_with_their_values_and_labels(series):
    fig = tf.figure(LAYOUT, series)
    rendered(fig)
    left, right = fig.axes
    lines = {line.get_label(): (list(line.get_xdata()), list(line.get_ydata())) for line in left.lines}
    assert lines["simulated"] == ([1, 2, 3], [0.33, 0.66, 1])
    assert list(lines["peak: 1 IPC"][1]) == [1, 1]
    assert list(lines["needed: 3 warps"][0]) == [3, 3]
    assert [line.get_label() for line in right.lines] == ["simulated"]
    assert right.get_xscale() == "log"
    assert (left.get_title(), left.get_xlabel(), left.get_ylabel()) == ("adds", "occupancy, warps per SM", "IPC")
    assert fig._suptitle.get_text() == LAYOUT["title"]
    assert [t.get_text() for t in left.get_legend().get_texts()] == ["simulated", "peak: 1 IPC", "needed: 3 warps"]


def test_bad_style_is_refused_with_file_line_and_column(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("panel,series,style,x,y\n0,a,curve,1,2\n")
    with pytest.raises(tf.InputError, match=r"bad.csv:2: style: unknown 'curve'"):
        tf.read_series(str(path))


def test_the_files_are_byte_identical_on_reruns(tmp_path, series):
    tf.save(tf.figure(LAYOUT, series), str(tmp_path / "a"))
    tf.save(tf.figure(LAYOUT, series), str(tmp_path / "b"))
    for ext in ("png", "svg"):
        assert (tmp_path / f"a.{ext}").read_bytes() == (tmp_path / f"b.{ext}").read_bytes()
