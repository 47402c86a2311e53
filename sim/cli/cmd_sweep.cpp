// `warpsim sweep`: any grid of GPUs x --set values x workloads x --param values x occupancies,
// on a thread pool (--jobs) or across MPI ranks (mpirun -n N warpsim sweep ...), streamed to a
// resumable CSV or JSON-lines file in grid order (docs/sweep.md).
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/exit_status.h"
#include "common/user_error.h"
#include "config/loader.h"
#include "sweep/sweep_main.h"

namespace warpsim::cli {

void register_sweep(CLI::App& app) {
  auto* cmd = app.add_subcommand("sweep", "Simulate a grid of GPUs x workloads x parameters x occupancies (resumable, parallel)");
  auto r = std::make_shared<sweep::SweepRequest>();
  auto quiet = std::make_shared<bool>(false);
  cmd->add_option("--gpu", r->grid.gpus, "GPU: a built-in name or a YAML file (repeatable)");
  cmd->add_option("--set", r->grid.sets, "config override with one or more values, e.g. --set memory.latency_cycles=300,400 (repeatable)");
  cmd->add_option(
      "--workload", r->grid.workloads,
      "workload: a generator or kernel name, a .wl file, or cuobjdump -sass text with --param function=,trip_count=,... (repeatable)");
  cmd->add_option("--param", r->grid.params, "workload parameter with one or more values, e.g. --param alpha=1,8,inf (repeatable)");
  cmd->add_option("--warps", r->grid.warps, "occupancies in warps per SM: N, A:B or A:B:STEP, comma-separated (default: as many as fit)");
  cmd->add_option("--format", r->format, "output format: csv (header + one line per point) or jsonl (one JSON object per line)")
      ->check(CLI::IsMember({"csv", "jsonl"}))
      ->default_str("csv");
  cmd->add_option("--out", r->out,
                  "output file; points already in it are skipped (resume), new ones appended as they finish, then put in grid order");
  cmd->add_option("--jobs", r->jobs, "worker threads (per MPI rank under mpirun)")->check(CLI::Range(1, 1024))->default_str("1");
  add_sms_option(*cmd, r->base.sms);
  cmd->add_option("--seed", r->base.seed, "random seed (same inputs and seed give identical output)")
      ->default_str("1")
      ->check(kSeedValidator);
  cmd->add_flag("--steady", r->base.stop_when_steady,
                "stop each run once its throughput has converged (docs/sweep.md, steady-state stopping)");
  add_steady_tolerance_option(*cmd, r->base.steady_tolerance);
  cmd->add_option("--max-cycles", r->base.max_cycles,
                  "stop with an error if a point's run passes this simulated cycle (a budget for long runs)")
      ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 50));
  cmd->add_flag("--quiet", *quiet, "no progress bar (it is drawn only when stderr is a terminal anyway)");
  cmd->callback([r, quiet] {
    r->progress = !*quiet;
    for (const std::string& gpu : r->grid.gpus) {
      try {
        note_sets_the_memory_model_ignores(config::load_hw_config(gpu), r->grid.sets);
      } catch (const UserError&) {  // run_sweep reports it, with the grid's context
      }
    }
    const std::string broken = sweep::run_sweep(*r);
    if (!broken.empty()) {
      std::cerr << broken << "\n";
      throw ExitStatus{1};
    }
  });
}

}  // namespace warpsim::cli
