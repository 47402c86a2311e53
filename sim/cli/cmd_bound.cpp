// `warpsim bound`: the analytical models' estimates for a GPU and workload over an occupancy range,
// side by side in the columns of `warpsim run`; --worksheet prints the throughput-bound worksheet
// (Volkov 2016 Table 3.4) and --graph writes the program execution graph (Figure 3.5) as Graphviz
// text, or drawn as PNG or SVG.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/commands.h"
#include "cli/common_options.h"
#include "common/text.h"
#include "common/user_error.h"
#include "config/loader.h"
#include "device/occupancy.h"
#include "isa/workloads.h"
#include "model/execution_graph.h"
#include "model/latency_bound.h"
#include "model/model_context.h"
#include "model/registry.h"
#include "model/volkov_model.h"
#include "report/atomic_file.h"
#include "report/bound_table.h"
#include "report/plot_script.h"

namespace warpsim::cli {
namespace {

// The exported graph shows each loop for this many trips: enough to see its steady state.
constexpr int64_t kGraphTrips = 2;
// A drawn graph has a row per instruction: past this many, rows too small to read.
constexpr size_t kMaxDrawnNodes = 300;

struct BoundExtras {
  std::vector<std::string> models;
  bool worksheet = false;
  std::string graph;
};

std::vector<const model::ModelInfo*> selected_models(const std::vector<std::string>& names) {
  std::vector<const model::ModelInfo*> out;
  if (names.empty() || std::find(names.begin(), names.end(), "all") != names.end()) {
    for (const auto& m : model::models()) out.push_back(&m);
    return out;
  }
  DiagnosticSink sink;
  for (const auto& n : names) {
    if (const auto* m = model::find_model(n)) {
      if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);  // a repeated --model counts once
      continue;
    }
    const std::string near = closest_match(n, model::model_names());
    sink.add(Diagnostic{"<cli>", 0, 0, "--model",
                        fmt::format("unknown model '{}'{} (valid: all, {})", n,
                                    near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near), join(model::model_names(), ", "))});
  }
  sink.throw_if_any();
  return out;
}

bool drawn_graph(const std::string& path) {
  const std::string ext = to_lower(std::filesystem::path(path).extension().string());
  return ext == ".png" || ext == ".svg";
}

// The graph for --graph: Graphviz text, or for a .png or .svg file that text drawn by
// plots/exec_graph.py.
std::string graph_output(const model::ModelContext& c, const std::string& path) {
  isa::Kernel shown = c.kernel;
  bool cut = false;
  for (auto& l : shown.loops)
    if (l.count > kGraphTrips) l.count = kGraphTrips, cut = true;
  const model::ExecutionGraph g = model::build_execution_graph(c.cfg, shown, c.profile, {}, model::kMaxGraphNodes);
  std::ostringstream os;
  const std::string title = fmt::format("{} on {}{}: latency bound {:g} cycles per warp", c.kernel.name, c.cfg.gpu.name,
                                        cut ? fmt::format(" (loops shown for {} trips)", kGraphTrips) : "", c.latency.cycles);
  model::write_graphviz(os, g, model::longest_path(g), shown, title);
  if (!drawn_graph(path)) return os.str();
  if (g.instructions > kMaxDrawnNodes)
    throw UserError(
        Diagnostic{path, 0, 0, "--graph",
                   fmt::format("{} instructions (loops shown for {} trips) are too many to draw legibly (at most {}); write a .dot "
                               "file and draw it with Graphviz",
                               g.instructions, kGraphTrips, kMaxDrawnNodes)});
  const report::ScratchDir scratch;
  const std::filesystem::path dot = scratch.path() / "graph.dot";
  const std::filesystem::path image = scratch.path() / ("graph" + to_lower(std::filesystem::path(path).extension().string()));
  report::write_file_atomically(dot.string(), os.str(), "--graph");
  report::draw_or_throw("exec_graph.py", {dot.string(), image.string()});
  return report::read_drawn_file(image);
}

std::string worksheet_text(const model::ModelContext& c, const std::string& format) {
  if (format != "table") return report::worksheet_table(c.worksheet).render(format);
  std::string out = fmt::format("# Throughput bound of '{}' on '{}' (Volkov 2016 §3.6, Table 3.4)\n", c.kernel.name, c.cfg.gpu.name);
  out += model::format_worksheet(c.worksheet);
  out += fmt::format("Latency bound: {:.6g} cycles per warp{} (Volkov 2016 §3.7)\n", c.latency.cycles,
                     c.latency.termination > 0 ? fmt::format(", of which {:g} warp termination", c.latency.termination) : "");
  out += fmt::format("Estimate: warp throughput = min(n / {:.6g}, {:.6g}) warps/cycle/SM; latency hidden from n = {:.4g} warps/SM\n",
                     c.latency.cycles, c.worksheet.warp_throughput(), c.latency.cycles * c.worksheet.warp_throughput());
  return out;
}

}  // namespace

void register_bound(CLI::App& app) {
  auto* cmd = app.add_subcommand("bound", "Analytical models' estimates for a workload on a GPU, side by side");
  auto o = std::make_shared<CommonOptions>();
  auto x = std::make_shared<BoundExtras>();
  add_common_options(*cmd, *o, kGpu | kWorkload | kWarps | kFormat | kOut);
  cmd->add_option("--model", x->models, "model to evaluate (repeatable; default all): " + join(model::model_names(), ", "));
  cmd->add_flag("--worksheet", x->worksheet, "print the throughput-bound worksheet (Volkov Table 3.4) and the latency bound instead");
  cmd->add_option(
      "--graph", x->graph,
      "write the program execution graph (Volkov Figure 3.5) to this file: drawn for a .png or .svg name, else Graphviz text (.dot)");
  cmd->callback([o, x] {
    if (o->gpu.empty()) throw UserError(Diagnostic{"<cli>", 0, 0, "--gpu", "required (see `warpsim list gpus`)"});
    if (o->workload.empty()) throw UserError(Diagnostic{"<cli>", 0, 0, "--workload", "required (see `warpsim list workloads`)"});
    const auto models = selected_models(x->models);
    const config::HwConfig cfg = config::load_hw_config(o->gpu, o->sets);
    const isa::Kernel kernel = isa::load_workload(o->workload, workload_params(*o));
    if (x->worksheet && (!x->models.empty() || !o->warps.empty()))
      throw UserError(
          Diagnostic{"<cli>", 0, 0, x->models.empty() ? "--warps" : "--model",
                     "--worksheet prints the one throughput-bound worksheet (Volkov Table 3.4); --model and --warps do not apply to it"});
    // As `warpsim run`: in a range, occupancies no launch of the kernel can realise (§5.7: more warps
    // than an SM holds, or not a whole number of its blocks) are skipped with a note; a single one
    // is an error.
    const std::vector<int> asked = o->warps.empty() ? parse_warps(fmt::format("1:{}", cfg.sm.max_warps)) : parse_warps(o->warps);
    std::vector<int> warps, skipped;
    for (int n : asked) {
      try {
        device::realize_launch(cfg, kernel, n, cfg.device.sms);
        warps.push_back(n);
      } catch (const UserError&) {
        if (asked.size() == 1) throw;
        skipped.push_back(n);
      }
    }
    if (warps.empty())
      throw UserError(Diagnostic{
          "<cli>", 0, 0, "--warps",
          fmt::format("no occupancy in '{}' can be realised on {} (Volkov §5.7)", o->warps.empty() ? "1:max" : o->warps, cfg.gpu.name)});
    if (!skipped.empty())
      std::cerr << fmt::format("warpsim: note: skipping {} warps/SM: cannot be realised on {} (Volkov §5.7)\n", occupancy_list(skipped),
                               cfg.gpu.name);
    report::check_outputs({{"--out", o->out}, {"--graph", x->graph}}, input_files(*o));
    if (const std::string why = report::plots_unavailable(); !why.empty() && drawn_graph(x->graph))
      throw UserError(Diagnostic{x->graph, 0, 0, "--graph", why + "; or write a .dot file for Graphviz"});
    const model::ModelContext ctx = model::make_context(cfg, kernel);
    std::string text;
    if (x->worksheet) {
      text = worksheet_text(ctx, o->format);
    } else {
      std::vector<report::BoundRow> rows;
      for (const auto* m : models)
        for (int n : warps) rows.push_back({m->name, n, m->evaluate(ctx, n)});
      text = report::bound_table(ctx, rows).render(o->format);
    }
    // Every output is produced before any is written: bad input leaves no partial files.
    const std::string graph = x->graph.empty() ? std::string() : graph_output(ctx, x->graph);
    if (!x->graph.empty()) report::write_file_atomically(x->graph, graph, "--graph");
    emit(*o, text);
  });
}

}  // namespace warpsim::cli
