// `warpsim run`: simulate a workload on a GPU at one or more occupancies.
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "cli/broken_invariants.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "common/user_error.h"
#include "config/loader.h"
#include "device/l2_note.h"
#include "device/occupancy.h"
#include "device/simulate.h"
#include "isa/kernel.h"
#include "isa/workloads.h"
#include "report/atomic_file.h"
#include "report/issue_log.h"
#include "report/result_table.h"
#include "sweep/parallel_runner.h"
#include "sweep/progress_bar.h"
#include "validation/evaluation/invariants.h"

namespace warpsim::cli {
namespace {

struct RunExtras {
  int sms = 0;
  int sample_every = 1;
  std::string warp_log;
  std::string occupancy_log;
  std::string latency_histogram;
  std::string issue_log;
  std::string issue_timeline;
  bool steady = false;
  double steady_tolerance = 0.01;
  uint64_t max_cycles = 0;
};

std::string warp_log_csv(const std::vector<device::Result>& results) {
  std::string out = "warps_per_sm,sm,block,warp,start,end\n";
  for (const auto& r : results)
    for (const auto& w : r.warp_records)
      out += fmt::format("{},{},{},{},{},{}\n", r.launch.warps_per_sm, w.sm, w.block, w.warp_in_block, w.start, w.end);
  return out;
}

std::string occupancy_log_csv(const std::vector<device::Result>& results) {
  std::string out = "warps_per_sm,sm,time,warps\n";
  for (const auto& r : results)
    for (size_t sm = 0; sm < r.occupancy_timeline.size(); ++sm)
      for (const auto& s : r.occupancy_timeline[sm]) out += fmt::format("{},{},{},{}\n", r.launch.warps_per_sm, sm, s.time, s.warps);
  return out;
}

// The per-load latency histogram of each occupancy (Figure 6.5's distributions): the Result's
// bins of one width from the smallest sample, the last cut at the largest (device/collect.cpp),
// and of each bin's loads those served by a cache (L1 or L2) alone.
std::string latency_histogram_csv(const std::vector<device::Result>& results) {
  std::string out = "warps_per_sm,lo,hi,count,from_cache\n";
  for (const auto& r : results)
    for (const auto& b : r.access_latency_histogram)
      out += fmt::format("{},{},{},{},{}\n", r.launch.warps_per_sm, b.lo, b.hi, b.count, b.from_cache);
  return out;
}

}  // namespace

void register_run(CLI::App& app) {
  auto* cmd = app.add_subcommand("run", "Simulate a workload on a GPU at one or more occupancies");
  auto o = std::make_shared<CommonOptions>();
  auto x = std::make_shared<RunExtras>();
  add_common_options(*cmd, *o, kGpu | kWorkload | kWarps | kFormat | kOut | kSeed | kJobs);
  add_sms_option(*cmd, x->sms);
  cmd->add_option("--sample-every", x->sample_every, "record the latency of 1 in N global loads (Volkov §6.6 uses 8)")
      ->check(CLI::Range(1, 1 << 20));
  cmd->add_option("--warp-log", x->warp_log, "write every warp's SM, block, start and end cycle to this CSV (§5.5)");
  cmd->add_option("--occupancy-log", x->occupancy_log, "write each SM's occupancy timeline to this CSV (§5.6)");
  cmd->add_option(
      "--issue-log", x->issue_log,
      "write every instruction issued (cycle, SM, scheduler, warp, pc, opcode) and every run of idle issue slots (idle_reason, idle_cycles) "
      "to this CSV: Figure 4.7's timeline, for small runs");
  cmd->add_option("--issue-timeline", x->issue_timeline,
                  "write the same as text: a line per issue slot, what each scheduler issued or why it was idle (for small runs)");
  cmd->add_option("--latency-histogram", x->latency_histogram,
                  "write the histogram of global-load latencies (cycles) of each occupancy to this CSV (§6.6)");
  cmd->add_flag("--steady", x->steady, "stop once the throughput has converged (docs/sweep.md, steady-state stopping)");
  add_steady_tolerance_option(*cmd, x->steady_tolerance);
  cmd->add_option("--max-cycles", x->max_cycles,
                  "stop with an error, writing nothing, if a run passes this simulated cycle (a budget for long runs)")
      ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 50));
  cmd->callback([o, x] {
    if (o->gpu.empty()) throw UserError(Diagnostic{"<cli>", 0, 0, "--gpu", "required (see `warpsim list gpus`)"});
    if (o->workload.empty()) throw UserError(Diagnostic{"<cli>", 0, 0, "--workload", "required (see `warpsim list workloads`)"});
    const config::HwConfig cfg = config::load_hw_config(o->gpu, o->sets);
    const isa::Kernel kernel = isa::load_workload(o->workload, workload_params(*o));
    note_sets_the_memory_model_ignores(cfg, o->sets);
    if (const std::string l2 = device::unsimulated_l2_note(cfg, kernel); !l2.empty()) std::cerr << "warpsim: note: " << l2 << "\n";
    const std::vector<int> warps = o->warps.empty() ? std::vector<int>{0} : parse_warps(o->warps);
    // In a range, occupancies no launch can realise (§5.7) are skipped with a note; a single
    // requested occupancy that cannot be realised is an error.
    std::vector<int> runnable, skipped;
    double logged_instructions = 0;  // --issue-log: one line per instruction, so for small runs only
    for (int n : warps) {
      try {
        logged_instructions +=
            device::grid_instructions(cfg, kernel, device::realize_launch(cfg, kernel, n, device::simulated_sms(cfg, x->sms)));
        runnable.push_back(n);
      } catch (const UserError& e) {
        if (warps.size() == 1) throw;
        skipped.push_back(n);
      }
    }
    if (!skipped.empty())
      std::cerr << fmt::format("warpsim: note: skipping {} warps/SM: cannot be realised on {} (Volkov §5.7)\n", occupancy_list(skipped),
                               cfg.gpu.name);
    constexpr double kMaxLoggedInstructions = 1e7;
    const bool log_issues = !x->issue_log.empty() || !x->issue_timeline.empty();
    if (log_issues && logged_instructions > kMaxLoggedInstructions)
      throw UserError(Diagnostic{
          "<cli>", 0, 0, x->issue_log.empty() ? "--issue-timeline" : "--issue-log",
          fmt::format("the runs would log {:.3g} instructions (more than {:.0e}): simulate fewer SMs (--sms), warps or loop trips",
                      logged_instructions, kMaxLoggedInstructions)});
    if (runnable.empty())
      throw UserError(Diagnostic{"<cli>", 0, 0, "--warps", "no occupancy in '" + o->warps + "' can be realised on " + cfg.gpu.name});
    // Every output path is checked before anything runs: none is written when another would fail.
    report::check_outputs({{"--out", o->out},
                           {"--warp-log", x->warp_log},
                           {"--occupancy-log", x->occupancy_log},
                           {"--latency-histogram", x->latency_histogram},
                           {"--issue-log", x->issue_log},
                           {"--issue-timeline", x->issue_timeline}},
                          input_files(*o));
    const auto shared_cfg = std::make_shared<const config::HwConfig>(cfg);
    const auto shared_kernel = std::make_shared<const isa::Kernel>(kernel);
    std::vector<sweep::SimulationPoint> points;
    // A run longer than a moment shows how far it is on a terminal (silent otherwise): by finished
    // runs, and with one job within each run too (several jobs would call the bar at once).
    sweep::ProgressBar bar(1000 * runnable.size(), sweep::ProgressBar::stderr_is_terminal(), false);
    for (int n : runnable) {
      device::RunOptions ro;
      ro.max_cycles = x->max_cycles;
      if (o->jobs == 1) ro.on_progress = [&bar, done = 1000 * points.size()](double f) { bar.update(done + static_cast<size_t>(999 * f)); };
      ro.warps_per_sm = n;
      ro.sms = x->sms;
      ro.seed = o->seed;
      ro.access_sample_every = x->sample_every;
      ro.record_warps = !x->warp_log.empty();
      ro.record_occupancy = !x->occupancy_log.empty();
      ro.record_issues = log_issues;
      ro.stop_when_steady = x->steady;
      ro.steady_tolerance = x->steady_tolerance;
      points.push_back({shared_cfg, shared_kernel, ro});
    }
    const std::vector<device::Result> results =
        sweep::run_points(points, o->jobs, [&bar](size_t done, size_t) { bar.update(1000 * done); });
    bar.finish();
    // Every output is produced before any is written, so bad input never leaves partial files.
    const std::string table = report::results_table(results, x->steady).render(o->format);
    if (!x->warp_log.empty()) report::write_file_atomically(x->warp_log, warp_log_csv(results), "--warp-log");
    if (!x->occupancy_log.empty()) report::write_file_atomically(x->occupancy_log, occupancy_log_csv(results), "--occupancy-log");
    if (!x->issue_log.empty()) report::write_file_atomically(x->issue_log, report::issue_log_csv(results, kernel), "--issue-log");
    if (!x->issue_timeline.empty())
      report::write_file_atomically(x->issue_timeline, report::issue_timeline_text(results, kernel, cfg), "--issue-timeline");
    if (!x->latency_histogram.empty())
      report::write_file_atomically(x->latency_histogram, latency_histogram_csv(results), "--latency-histogram");
    emit(*o, table);
    // Little's law and the throughput bound on every run: a violation is a simulator bug.
    validation::InvariantChecker checker;
    for (size_t i = 0; i < results.size(); ++i) checker.add(points[i], results[i]);
    exit_if_any_broken(checker.checks());
  });
}

}  // namespace warpsim::cli
