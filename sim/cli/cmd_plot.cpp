// `warpsim plot`: figures of `warpsim run --format csv` and `warpsim sweep` files — throughput vs
// occupancy, latency vs throughput (Volkov 2016 Figure 6.3), issue-slot stalls — drawn by
// plots/result_figures.py once the files are checked here (docs/plots.md).
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "common/user_error.h"
#include "report/atomic_file.h"
#include "report/plot_inputs.h"
#include "report/plot_script.h"

namespace warpsim::cli {
namespace {

struct PlotOptions {
  report::PlotRequest request;
  std::string out;
};

}  // namespace

void register_plot(CLI::App& app) {
  auto* cmd = app.add_subcommand("plot", "Draw run/sweep CSV files: throughput vs occupancy, latency vs throughput, stalls (PNG and SVG)");
  auto o = std::make_shared<PlotOptions>();
  cmd->add_option("csv", o->request.files, "CSV files of `warpsim run --format csv` or `warpsim sweep`, drawn together")->required();
  cmd->add_option("--out", o->out, "prefix of the figures: PREFIX_<kind>.png and PREFIX_<kind>.svg")->required();
  cmd->add_option("--kind", o->request.kind, "throughput, latency, stalls or all")->default_str("all");
  cmd->add_option("--x", o->request.x, "x column of the one --kind drawn (default: warps_per_sm; latency: gbps or ipc_per_sm)");
  cmd->add_option("--y", o->request.y,
                  "y column(s), comma-separated (default: ipc_per_sm and gbps; latency: access_latency_mean or mean_warp_latency; stalls: "
                  "issue_utilization and every stall_*)");
  cmd->add_option("--group", o->request.group,
                  "a column whose values make the series, one line each (repeatable; default: the gpu, workload, set.KEY, param.KEY "
                  "columns that differ between rows)");
  cmd->callback([o] {
    const std::vector<report::PlotFigure> figures = report::plan_plot(o->request);
    std::vector<std::pair<std::string, std::string>> outputs;
    for (const auto& f : figures)
      for (const char* ext : {"png", "svg"}) outputs.push_back({"--out", fmt::format("{}_{}.{}", o->out, f.kind, ext)});
    report::check_outputs(outputs);
    if (const std::string why = report::plots_unavailable(); !why.empty()) throw UserError(Diagnostic{"<cli>", 0, 0, "plot", why});
    // Drawn into a scratch directory first: a figure that fails leaves none of them half-written.
    const report::ScratchDir scratch;
    std::vector<std::string> args = {(scratch.path() / "figure").string()};
    args.insert(args.end(), o->request.files.begin(), o->request.files.end());
    for (const auto& f : figures) {
      std::string ys;
      for (const auto& y : f.ys) ys += (ys.empty() ? "" : ",") + y;
      args.insert(args.end(), {"--figure", f.kind, f.x, ys});
    }
    for (const auto& g : o->request.group) args.insert(args.end(), {"--group", g});
    report::draw_or_throw("result_figures.py", args);
    std::vector<std::string> drawn;
    for (const auto& f : figures)
      for (const char* ext : {"png", "svg"})
        drawn.push_back(report::read_drawn_file(scratch.path() / fmt::format("figure_{}.{}", f.kind, ext)));
    for (size_t i = 0; i < outputs.size(); ++i) {
      report::write_file_atomically(outputs[i].second, drawn[i], "--out");
      std::cout << outputs[i].second << "\n";
    }
  });
}

}  // namespace warpsim::cli
