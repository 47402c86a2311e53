// `warpsim compare-memory`: the memory-system models side by side on the seed's streaming
// experiment (Volkov 2016 §6.3-6.4, Table 6.4): peak, occupancies reaching 90/95% of it, latency
// spread; --points-out also writes latency against throughput at every occupancy (Figure 6.3).
#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <optional>

#include "cli/broken_invariants.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "common/text.h"
#include "common/user_error.h"
#include "config/config_enums.h"
#include "config/loader.h"
#include "device/occupancy.h"
#include "mem/memory_system.h"
#include "report/atomic_file.h"
#include "sweep/progress_bar.h"
#include "validation/evaluation/invariants.h"
#include "validation/memory_models/memory_model_comparison.h"
#include "validation/memory_models/memory_model_section.h"

namespace warpsim::cli {
namespace {

struct CompareExtras {
  std::string models = validation::kDefaultMemoryModels;
  int sms = 0;
  int loads = 32;
  int step = 2;
  std::string points_out;
};

}  // namespace

void register_compare_memory(CLI::App& app) {
  auto* cmd = app.add_subcommand("compare-memory", "Compare memory-system models on the streaming experiment (Volkov Table 6.4)");
  auto o = std::make_shared<CommonOptions>();
  auto x = std::make_shared<CompareExtras>();
  add_common_options(*cmd, *o, kGpu | kWarps | kFormat | kOut | kSeed | kJobs);
  auto* models = cmd->add_option("--models", x->models,
                                 fmt::format("comma-separated memory models (default: {}, those built)", validation::kDefaultMemoryModels));
  add_sms_option(*cmd, x->sms, ", so the memory system sees the device's load");
  cmd->add_option("--loads", x->loads, "dependent loads per warp (default 32)")->check(CLI::Range(1, 1 << 20));
  // With --warps the step would do nothing without a word.
  cmd->add_option("--step", x->step, "occupancy step in warps/SM when --warps is not given (default 2)")
      ->check(CLI::Range(1, 4096))
      ->excludes("--warps");
  cmd->add_option("--points-out", x->points_out, "also write every occupancy (throughput against latency, Figure 6.3) to this CSV");
  cmd->callback([o, x, models] {
    if (o->gpu.empty()) throw UserError(Diagnostic{"<cli>", 0, 0, "--gpu", "required (see `warpsim list gpus`)"});
    const config::HwConfig cfg = config::load_hw_config(o->gpu, o->sets);
    report::check_outputs({{"--out", o->out}, {"--points-out", x->points_out}}, input_files(*o));
    validation::MemorySweepOptions so;
    if (!o->warps.empty()) so.warps = parse_warps(o->warps);
    for (int n : so.warps) device::check_warps_fit(cfg, n);  // as `warpsim run`
    so.step = x->step;
    so.loads_per_warp = x->loads;
    so.sms = x->sms;
    so.seed = o->seed;
    so.jobs = o->jobs;
    validation::InvariantChecker invariants;  // on every run, as `run` checks
    so.invariants = &invariants;
    std::vector<validation::MemoryModelSummary> summaries;
    std::vector<std::string> skipped;
    const auto kinds = validation::parse_memory_models(x->models, "--models", models->count() == 0, skipped);
    for (const auto& name : skipped) std::cerr << "warpsim: note: memory model '" << name << "' is not built into this warpsim; skipped\n";
    if (kinds.empty()) throw UserError(Diagnostic{"<cli>", 0, 0, "--models", "no memory model to compare"});
    // A model the GPU's config cannot build (the toy SM's 12-cycle memory is shorter than the DRAM
    // timings `queue` and `dram` need) is skipped with its reason when the list was the default,
    // as one not built into this warpsim is; a model the user named is an error.
    std::optional<UserError> first_refusal;
    sweep::ProgressBar bar(1000 * kinds.size(), sweep::ProgressBar::stderr_is_terminal(), false);
    for (size_t k = 0; k < kinds.size(); ++k) {
      const config::MemoryModelKind kind = kinds[k];
      so.progress = [&bar, first = 1000 * k](size_t done, size_t total) { bar.update(first + 1000 * done / total); };
      try {
        summaries.push_back(validation::summarize_memory_model(cfg, kind, so));
      } catch (const UserError& e) {
        if (models->count() > 0) throw;
        if (!first_refusal) first_refusal = e;
        std::cerr << "warpsim: note: memory model '" << config::to_string(kind) << "' cannot run on " << cfg.gpu.name
                  << "; skipped: " << e.what() << "\n";
      }
    }
    bar.finish();
    if (summaries.empty()) throw *first_refusal;
    // As `warpsim run`: occupancies no launch can realise are skipped with a note, and a sweep
    // left with none is an error (the streaming kernel is the same for every model).
    if (const auto& skipped = summaries.front().skipped_warps; !skipped.empty()) {
      if (summaries.front().points.empty())
        throw UserError(Diagnostic{"<cli>", 0, 0, "--warps",
                                   fmt::format("no occupancy in '{}' can be realised on {} (Volkov §5.7)", o->warps, cfg.gpu.name)});
      std::cerr << fmt::format("warpsim: note: skipping {} warps/SM: cannot be realised on {} (Volkov §5.7)\n", occupancy_list(skipped),
                               cfg.gpu.name);
    }
    const auto seed = validation::load_measurements(validation::builtin_measurements_dir());
    const std::string table = validation::memory_model_summary_table(summaries, &seed).render(o->format);
    if (!x->points_out.empty())
      report::write_file_atomically(x->points_out, validation::memory_model_points_table(summaries).to_csv(), "--points-out");
    emit(*o, table);
    exit_if_any_broken(invariants.checks());
  });
}

}  // namespace warpsim::cli
