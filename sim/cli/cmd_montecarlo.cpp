// `warpsim montecarlo`: Baghsorkhi 2012's trace-driven Monte Carlo analysis of the memory
// hierarchy (montecarlo/montecarlo.h): hit-ratio distributions over random inter-warp orderings,
// beside the timed simulation's own hit ratios (docs/montecarlo.md).
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>

#include "cli/broken_invariants.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/trace_source.h"
#include "common/user_error.h"
#include "config/loader.h"
#include "device/simulate.h"
#include "isa/workloads.h"
#include "montecarlo/montecarlo_report.h"
#include "montecarlo/trial_ranks.h"
#include "report/atomic_file.h"
#include "report/plot_script.h"
#include "sweep/parallel_runner.h"
#include "trace/trace_builder.h"
#include "trace/trace_io.h"
#include "validation/evaluation/invariants.h"

namespace warpsim::cli {
namespace {

namespace fs = std::filesystem;

struct MonteCarloFlags {
  std::string trace;
  int64_t blocks = 0;
  montecarlo::MonteCarloOptions mc;
  montecarlo::ScheduleDeviation deviation;
  bool no_timed = false;
  std::string out_dir;
  bool no_figures = false;
};

const char* const kFiles[] = {"summary.csv", "loads.csv", "trials.csv", "convergence.csv"};

// The timed run of the same kernel, its invariants checked as `run` checks them.
device::Result timed_run(const config::HwConfig& cfg, const isa::Kernel& kernel, int warps, uint64_t seed) {
  device::RunOptions ro;
  ro.warps_per_sm = warps;
  ro.seed = seed;
  const auto shared_cfg = std::make_shared<const config::HwConfig>(cfg);
  const auto shared_kernel = std::make_shared<const isa::Kernel>(kernel);
  device::Result r = device::simulate(cfg, kernel, ro);
  validation::InvariantChecker checker;
  checker.add(sweep::SimulationPoint{shared_cfg, shared_kernel, ro}, r);
  exit_if_any_broken(checker.checks());
  return r;
}

void write_outputs(const MonteCarloFlags& x, const montecarlo::MonteCarloResult& r, const trace::MemoryTrace& t,
                   const report::Table& levels) {
  const fs::path dir(x.out_dir);
  report::write_file_atomically((dir / "summary.csv").string(), levels.to_csv(), "--out-dir");
  report::write_file_atomically((dir / "loads.csv").string(), montecarlo::loads_table(r, t).to_csv(), "--out-dir");
  report::write_file_atomically((dir / "trials.csv").string(), montecarlo::trials_table(r).to_csv(), "--out-dir");
  report::write_file_atomically((dir / "convergence.csv").string(), montecarlo::convergence_table(r).to_csv(), "--out-dir");
  if (x.no_figures) return;
  if (const std::string why = report::plots_unavailable(); !why.empty()) {
    std::cerr << "warpsim: note: no figures: " << why << "\n";
    return;
  }
  report::draw_or_throw("montecarlo_figures.py",
                        {dir.string(), fmt::format("{} {} ({} trials)", t.meta.workload, t.meta.gpu, r.trials.size())});
}

}  // namespace

void register_montecarlo(CLI::App& app) {
  auto* cmd = app.add_subcommand("montecarlo", "Hit-ratio distributions of the caches over random warp orderings (Baghsorkhi 2012)");
  auto o = std::make_shared<CommonOptions>();
  auto x = std::make_shared<MonteCarloFlags>();
  add_common_options(*cmd, *o, kGpu | kWorkload | kWarps | kFormat | kOut | kSeed | kJobs);
  take_one_occupancy(*cmd);
  cmd->add_option("--trace", x->trace, "a trace `warpsim trace` wrote, instead of --workload (no timed run then)")->type_name("FILE");
  add_blocks_option(*cmd, x->blocks);
  cmd->add_option("--trials", x->mc.max_trials, "most trials (random orderings)")->check(CLI::Range(2, 100000))->capture_default_str();
  cmd->add_option("--min-trials", x->mc.min_trials, "fewest trials before the stopping rule applies")
      ->check(CLI::Range(2, 100000))
      ->capture_default_str();
  cmd->add_option("--tolerance", x->mc.tolerance, "stop once σ over n trials is within this of σ over n - 10, every level (Figure 7)")
      ->check(number_in(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--start-spread", x->deviation.start_spread,
                  "each SM's first blocks start up to this fraction of a warp's sequences late (schedule deviation, §3.2.1)")
      ->check(number_in(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--weight-spread", x->deviation.weight_spread,
                  "each warp issues at its scheduler's visit with a probability drawn from [1 - this, 1] (§3.2.1)")
      ->check(number_in(0.0, 0.99))
      ->capture_default_str();
  cmd->add_flag("--no-timed", x->no_timed, "skip the timed simulation whose hit ratios are compared");
  cmd->add_option("--out-dir", x->out_dir, "write summary.csv, loads.csv, trials.csv, convergence.csv and the figures here");
  cmd->add_flag("--no-figures", x->no_figures, "with --out-dir: the CSV files only");
  cmd->callback([cmd, o, x] {
    if (x->trace.empty() == o->workload.empty())
      throw UserError(Diagnostic{"<cli>", 0, 0, "--workload", "give --workload or --trace (one of them)"});
    if (x->mc.min_trials > x->mc.max_trials)
      throw UserError(
          Diagnostic{"<cli>", 0, 0, "--min-trials", fmt::format("{} is more than --trials {}", x->mc.min_trials, x->mc.max_trials)});
    if (x->no_figures && x->out_dir.empty()) throw UserError(Diagnostic{"<cli>", 0, 0, "--no-figures", "applies to --out-dir only"});
    if (!x->trace.empty())
      for (const char* opt : {"--warps", "--param", "--blocks", "--function", "--arch", "--trip-count", "--patterns"})
        if (cmd->count(opt) > 0)
          throw UserError(
              Diagnostic{"<cli>", 0, 0, opt, "shapes the trace: give it to `warpsim trace`, or use --workload instead of --trace"});
    std::optional<trace::MemoryTrace> from_file;
    if (!x->trace.empty()) from_file = trace::read_trace(x->trace);
    // A trace's orderings are drawn from its own seed unless --seed names another.
    x->mc.seed = from_file && cmd->count("--seed") == 0 ? from_file->meta.seed : o->seed;
    const std::string gpu = !o->gpu.empty() ? o->gpu : from_file ? from_file->meta.gpu : "";
    if (gpu.empty()) throw UserError(Diagnostic{"<cli>", 0, 0, "--gpu", "required (see `warpsim list gpus`)"});
    // A GPU the trace names and no config has is the trace's error, at its header.
    if (o->gpu.empty() && !config::hw_config_exists(gpu))
      throw UserError(Diagnostic{x->trace, from_file->meta.line, 0, "meta.gpu",
                                 fmt::format("no GPU config named '{}' (pass --gpu with its config; see `warpsim list gpus`)", gpu)});
    const config::HwConfig cfg = config::load_hw_config(gpu, o->sets);
    if (cfg.memory.l1.bytes <= 0 && (cfg.memory.l2.slices <= 0 || cfg.memory.l2_bytes <= 0))
      throw UserError(
          Diagnostic{"<cli>", 0, 0, "--gpu",
                     fmt::format("{} has no cache for global loads (no memory.l1.bytes, no memory.l2): nothing to analyse", cfg.gpu.name)});
    std::optional<isa::Kernel> kernel;
    if (!o->workload.empty()) kernel = isa::load_workload(o->workload, workload_params(*o));
    const int warps = single_occupancy(*o);
    trace::MemoryTrace t;
    if (from_file) {
      t = std::move(*from_file);
    } else {
      trace::TraceRequest req{&cfg, &*kernel, warps, o->seed, x->blocks};
      t = trace::build_trace(req);
    }
    // The hit ratios are those of global loads: a kernel without any has nothing to analyse (its
    // tables would be empty), before any output is made.
    const bool has_load = std::any_of(t.entries.begin(), t.entries.end(),
                                      [&](const trace::TraceEntry& e) { return !t.statics[e.access].store && e.sectors > 0; });
    if (!has_load)
      throw UserError(from_file ? Diagnostic{x->trace, 0, 0, "trace", "holds no global load: no hit ratios to analyse"}
                                : Diagnostic{"<cli>", 0, 0, "--workload",
                                             fmt::format("{} makes no global load{}: no hit ratios to analyse", t.meta.workload,
                                                         x->blocks > 0 ? " in the traced blocks" : "")});
    if (!x->out_dir.empty()) {
      std::error_code ec;
      fs::create_directories(x->out_dir, ec);
      if (ec || !fs::is_directory(x->out_dir))
        throw UserError(Diagnostic{x->out_dir, 0, 0, "--out-dir",
                                   fmt::format("cannot create the directory: {}", ec ? ec.message() : "a file is in the way")});
      for (const char* f : kFiles) report::check_writable((fs::path(x->out_dir) / f).string(), "--out-dir");
    }
    report::check_outputs({{"--out", o->out}}, input_files(*o));
    montecarlo::TimedHitRatios timed;
    if (kernel && !x->no_timed) {
      if (t.meta.traced_blocks < t.meta.total_blocks)
        std::cerr << "warpsim: note: the timed run covers the whole grid, the trace " << t.meta.traced_blocks << " of its "
                  << t.meta.total_blocks << " blocks\n";
      timed = montecarlo::timed_hit_ratios(timed_run(cfg, *kernel, warps, o->seed));
    }
    const montecarlo::MonteCarloResult r =
        montecarlo::run_montecarlo(t, cfg, x->mc, montecarlo::trials_across_ranks(t, cfg, x->deviation, x->mc.seed, o->jobs));
    if (!montecarlo::is_main_rank()) return;
    const report::Table levels = montecarlo::levels_table(r, timed);
    std::string text = levels.render(o->format);
    if (o->format == "table") text += "\n" + montecarlo::loads_table(r, t).to_text();
    if (!x->out_dir.empty()) write_outputs(*x, r, t, levels);
    emit(*o, text);
  });
}

}  // namespace warpsim::cli
