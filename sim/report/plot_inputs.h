// What `warpsim plot` draws from `warpsim run --format csv` and `warpsim sweep` files: the files
// read and checked, and each figure's columns, chosen from what the files hold (docs/plots.md).
#pragma once

#include <string>
#include <vector>

namespace warpsim::report {

inline constexpr const char* kPlotKinds[] = {"throughput", "latency", "stalls"};

struct PlotRequest {
  std::vector<std::string> files;  // CSV files, all drawn together
  std::string kind = "all";        // throughput, latency, stalls or all
  std::string x;                   // --x: the x column ("" = the kind's default)
  std::string y;                   // --y: y column(s), comma-separated ("" = the kind's default)
  std::vector<std::string> group;  // --group: the columns whose values make the series ("" = the keys that vary)
};

struct PlotFigure {
  std::string kind;
  std::string x;
  std::vector<std::string> ys;  // throughput: a panel each; latency: one; stalls: stacked
};

// Reads every file and checks it: a CSV with a header and rows of its width, every column a
// figure needs present, its values numbers (or blank). Throws UserError naming file, line and
// column, all problems of the pass together.
std::vector<PlotFigure> plan_plot(const PlotRequest& request);

}  // namespace warpsim::report
