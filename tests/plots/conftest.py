"""Shared by the figure scripts' tests: plots/ importable (ctest sets WARPSIM_SOURCE_DIR,
tests/CMakeLists.txt), and checks of a drawn figure's layout."""
import os
import sys

import matplotlib

matplotlib.use("Agg")

sys.path.insert(0, os.path.join(os.environ.get("WARPSIM_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", "..")), "plots"))


def rendered(fig):
    """The figure drawn once (so that text has extents) and its renderer."""
    fig.canvas.draw()
    return fig.canvas.get_renderer()


def legend_labels(fig):
    """Every label in the figure's legends, figure-level and per panel."""
    legends = list(fig.legends) + [ax.get_legend() for ax in fig.axes if ax.get_legend()]
    return [t.get_text() for leg in legends for t in leg.get_texts()]


def drawn_labels(fig):
    """The labels of the lines, bars and collections drawn in the panels (matplotlib's `_`-labels
    are unnamed artists)."""
    out = []
    for ax in fig.axes:
        for artist in list(ax.lines) + list(ax.containers) + list(ax.collections) + list(ax.patches):
            label = artist.get_label()
            if label and not label.startswith("_") and label not in out:
                out.append(label)
    return out


def overlaps(a, b):
    """Whether two display-space boxes share area (touching edges do not count)."""
    return a.x0 < b.x1 - 0.5 and b.x0 < a.x1 - 0.5 and a.y0 < b.y1 - 0.5 and b.y0 < a.y1 - 0.5
