// `warpsim explain`: with a GPU and a workload, simulate them over a small occupancy sweep and say
// in words which bound binds, how the issue slots went, where the regime changes and what
// what-ifs change (report/explanation.h); with one of them, or --config / --text, print what a
// run would use: the resolved GPU config (every field, after overlays and --set) and the workload
// text (generated or from its file), for teaching and debugging.
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/common_options.h"
#include "common/user_error.h"
#include "config/loader.h"
#include "config/schema.h"
#include "device/occupancy.h"
#include "device/simulate.h"
#include "isa/kernel.h"
#include "isa/workloads.h"
#include "model/model_context.h"
#include "report/atomic_file.h"
#include "report/explanation.h"
#include "sweep/parallel_runner.h"

namespace warpsim::cli {
namespace {

struct ExplainExtras {
  bool config = false;
  bool text = false;
  int sms = 1;
  std::string sweep;
  std::vector<std::string> what_ifs;
};

std::string config_text(const config::HwConfig& cfg) {
  std::string out = fmt::format("# GPU config '{}' resolved from {}\n", cfg.gpu.name, cfg.source_file);
  for (const auto& f : config::hw_schema()) {
    // A key a what-if derived (config/pins.h) says how.
    std::string why;
    if (cfg.key_sources)
      if (const auto it = cfg.key_sources->find(f.key); it != cfg.key_sources->end()) why = it->second.message;
    std::string comment = f.unit;
    if (!why.empty()) comment += (comment.empty() ? "" : "; ") + why;
    out += fmt::format("{}: {}{}\n", f.key, f.get(cfg), comment.empty() ? "" : "  # " + comment);
  }
  return out;
}

std::string workload_text(const CommonOptions& o) {
  const auto params = workload_params(o);
  const isa::Kernel k = isa::load_workload(o.workload, params);
  const isa::InstructionMix mix = isa::instruction_mix(k);
  return fmt::format("# workload '{}' ({}): {} static instructions, {} executed per warp\n", k.name, k.source, k.code.size(), mix.total) +
         isa::workload_text(o.workload, params);
}

// The default sweep: 1 warp, then every step up to the SM's limit, at most ~32 runs (a step of 2
// on a 64-warp SM, so the toy's 6-warp cusp of Figure 4.7 is one of them).
std::vector<int> default_sweep(const config::HwConfig& cfg) {
  const int max = cfg.sm.max_warps, step = std::max(1, (max + 31) / 32);
  std::vector<int> w{1};
  for (int n = step; n <= max; n += step)
    if (n > 1) w.push_back(n);
  return w;
}

device::RunOptions run_options(int warps, int sms, uint64_t seed) {
  device::RunOptions ro;
  ro.warps_per_sm = warps;
  ro.sms = sms;
  ro.seed = seed;
  return ro;
}

std::string analysis(const CommonOptions& o, const ExplainExtras& x) {
  const config::HwConfig cfg = config::load_hw_config(o.gpu, o.sets);
  const isa::Kernel kernel = isa::load_workload(o.workload, workload_params(o));
  note_sets_the_memory_model_ignores(cfg, o.sets);
  const int sms = device::simulated_sms(cfg, x.sms);
  std::vector<int> focus_warps = o.warps.empty() ? std::vector<int>{0} : parse_warps(o.warps);
  if (focus_warps.size() != 1) throw UserError(Diagnostic{"<cli>", 0, 0, "--warps", "explain analyses one occupancy: give --warps N"});
  const int focus = device::realize_launch(cfg, kernel, focus_warps[0], sms).warps_per_sm;  // a single occupancy must be realisable
  for (size_t i = 0; i < x.what_ifs.size(); ++i) {  // a mistyped --what-if is bad input, found before anything runs
    const std::string& s = x.what_ifs[i];
    if (std::find(x.what_ifs.begin(), x.what_ifs.begin() + static_cast<std::ptrdiff_t>(i), s) !=
        x.what_ifs.begin() + static_cast<std::ptrdiff_t>(i))
      throw UserError(Diagnostic{"<cli>", 0, 0, "--what-if", fmt::format("'{}' given twice (it would be simulated twice)", s)});
    std::vector<std::string> sets = o.sets;
    sets.push_back(s);
    try {
      config::load_hw_config(o.gpu, sets);
    } catch (const UserError& e) {
      std::vector<Diagnostic> d = e.diagnostics();
      for (auto& one : d)
        if (one.file == "<--set>") one.file = "<--what-if>";
      throw UserError(d);
    }
  }
  // The sweep holds the occupancies a launch can realise (§5.7), the analysed one among them.
  // A given --sweep's occupancies no launch realises are skipped with a note, as `warpsim run` does.
  std::vector<int> sweep_warps, skipped;
  for (int n : x.sweep.empty() ? default_sweep(cfg) : parse_warps(x.sweep, "--sweep")) {
    try {
      device::realize_launch(cfg, kernel, n, sms);
      sweep_warps.push_back(n);
    } catch (const UserError&) {
      skipped.push_back(n);
    }
  }
  if (!x.sweep.empty() && !skipped.empty())
    std::cerr << fmt::format("warpsim: note: --sweep skips {} warps/SM: cannot be realised on {} (Volkov §5.7)\n", occupancy_list(skipped),
                             cfg.gpu.name);
  if (std::find(sweep_warps.begin(), sweep_warps.end(), focus) == sweep_warps.end()) sweep_warps.push_back(focus);
  std::sort(sweep_warps.begin(), sweep_warps.end());
  const auto shared_cfg = std::make_shared<const config::HwConfig>(cfg);
  const auto shared_kernel = std::make_shared<const isa::Kernel>(kernel);
  std::vector<sweep::SimulationPoint> points;
  for (int n : sweep_warps) points.push_back({shared_cfg, shared_kernel, run_options(n, sms, o.seed)});
  const model::ModelContext ctx = model::make_context(cfg, kernel);
  // What-ifs: those the run suggests, then --what-if's; each a config of its own, run at the
  // analysed occupancy (the one that doubles it at twice that).
  std::vector<report::WhatIfOutcome> outcomes;
  const std::vector<device::Result> sweep = sweep::run_points(points, o.jobs);
  const device::Result& at = sweep[std::find(sweep_warps.begin(), sweep_warps.end(), focus) - sweep_warps.begin()];
  std::vector<report::WhatIf> what_ifs = report::default_what_ifs(ctx, at);
  for (const auto& s : x.what_ifs) what_ifs.push_back({{s}, focus, "--what-if"});
  std::vector<sweep::SimulationPoint> what_if_points;
  for (const auto& w : what_ifs) {
    report::WhatIfOutcome out{w, false, "", {}};
    std::vector<std::string> sets = o.sets;
    sets.insert(sets.end(), w.sets.begin(), w.sets.end());
    try {
      const config::HwConfig changed = config::load_hw_config(o.gpu, sets);
      const device::RunOptions ro = run_options(w.warps_per_sm, sms, o.seed);
      device::realize_launch(changed, kernel, w.warps_per_sm, sms);
      device::check_memory_system(changed, ro);
      what_if_points.push_back({std::make_shared<const config::HwConfig>(changed), shared_kernel, ro});
      out.ran = true;
    } catch (const UserError& e) {  // a change the config's rules or the launch reject, reported as such
      out.not_run = e.what();
    }
    outcomes.push_back(out);
  }
  const std::vector<device::Result> changed = sweep::run_points(what_if_points, o.jobs);
  for (size_t i = 0, j = 0; i < outcomes.size(); ++i)
    if (outcomes[i].ran) outcomes[i].result = changed[j++];
  return report::explanation_text(ctx, at, sweep, outcomes);
}

}  // namespace

void register_explain(CLI::App& app) {
  auto* cmd =
      app.add_subcommand("explain",
                         "Analyse a run in words (binding bound, stalls, regime change, what-ifs), or print the resolved GPU config and/or "
                         "workload text a run would use");
  auto opts = std::make_shared<CommonOptions>();
  auto x = std::make_shared<ExplainExtras>();
  add_common_options(*cmd, *opts, kGpu | kWorkload | kWarps | kOut | kSeed | kJobs);
  cmd->add_flag("--config", x->config, "print the resolved GPU config (every field, after overlays and --set) instead of the analysis");
  cmd->add_flag("--text", x->text, "print the workload text (generated or from its file) instead of the analysis");
  cmd->add_option("--sms", x->sms, "SMs to simulate (default 1: the bounds are per SM; more than the GPU has means all)")
      ->check(CLI::Range(1, 4096));
  cmd->add_option("--sweep", x->sweep,
                  "the occupancies swept for the regime change, A:B[:STEP] (default: 1, then steps of max_warps/32 to max_warps)");
  cmd->add_option("--what-if", x->what_ifs, "also simulate the analysed occupancy with this key=value changed (repeatable; as --set)");
  cmd->callback([cmd, opts, x] {
    if (opts->gpu.empty() && opts->workload.empty()) throw UserError(Diagnostic{"<cli>", 0, 0, "explain", "give --gpu and/or --workload"});
    if (x->config && opts->gpu.empty()) throw UserError(Diagnostic{"<cli>", 0, 0, "--config", "needs --gpu"});
    if (x->text && opts->workload.empty()) throw UserError(Diagnostic{"<cli>", 0, 0, "--text", "needs --workload"});
    const bool analyse = !x->config && !x->text && !opts->gpu.empty() && !opts->workload.empty();
    // Options of the analysis would do nothing without a word when it is not made.
    if (!analyse)
      for (const char* opt : {"--what-if", "--sweep", "--warps", "--sms", "--seed", "--jobs"})
        if (cmd->count(opt) > 0)
          throw UserError(
              Diagnostic{"<cli>", 0, 0, opt, "applies to the analysis of a run (--gpu and --workload, without --config or --text)"});
    report::check_outputs({{"--out", opts->out}}, input_files(*opts));  // before anything runs
    std::string out;
    if (analyse) {
      out = analysis(*opts, *x);
    } else {
      if (!opts->gpu.empty() && (x->config || !x->text)) out += config_text(config::load_hw_config(opts->gpu, opts->sets));
      if (!opts->workload.empty() && (x->text || !x->config)) out += (out.empty() ? "" : "\n") + workload_text(*opts);
    }
    emit(*opts, out);
  });
}

}  // namespace warpsim::cli
