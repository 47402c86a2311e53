"""What warpsim's figures share: one style, byte-identical files on reruns, nothing cut off at the
edges, and the legend beside the panels rather than over the data."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

plt.rcParams.update({"svg.hashsalt": "warpsim", "font.size": 8, "axes.titlesize": 9, "figure.dpi": 100})


def save_as(fig, path):
    """One file, PNG or SVG by its extension, without dates or versions in the metadata, cut to
    everything drawn, so that a legend beside the panels or a long label is never clipped."""
    metadata = {"Software": None} if path.endswith(".png") else {"Date": None, "Creator": None}
    fig.savefig(path, metadata=metadata, bbox_inches="tight", pad_inches=0.08)


def save(fig, path_prefix):
    """PATH_PREFIX.png and PATH_PREFIX.svg; the figure is closed."""
    for ext in ("png", "svg"):
        save_as(fig, f"{path_prefix}.{ext}")
    plt.close(fig)


def legend_beside(fig, axes, title=None, anchor=None):
    """One legend for all `axes`, right of the panels: every label any of them draws, once, in the
    order first drawn (a measured point drawn in one panel only is named too). `anchor`: its
    top-left corner in figure coordinates (default: right of the panels, level with their top)."""
    handles, labels = [], []
    for ax in axes:
        for h, label in zip(*ax.get_legend_handles_labels()):
            if label not in labels:
                handles.append(h)
                labels.append(label)
    if not handles:
        return None
    if anchor is None:
        anchor = (fig.subplotpars.right + 0.01, fig.subplotpars.top)
    return fig.legend(handles, labels, loc="upper left", bbox_to_anchor=anchor, frameon=False, fontsize=7, title=title, title_fontsize=7,
                      alignment="left")
