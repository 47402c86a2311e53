// Persistent threads (Volkov 2016 §5.9): one wave of warps that start together and do the same
// work. Under age priority (the H100's schedulers, docs/hw-configs.md "Hopper's issue") the oldest
// k warps of a scheduler, k covering the instruction's latency, take every slot until they finish;
// the remaining n mod k then run alone, latency-bound. Round-robin keeps them all in step.
#include <fmt/format.h>

#include <cmath>

#include "teach/lesson.h"
#include "teach/simulations.h"

namespace warpsim::teach {

Lesson persistent_threads(const LessonInput& in) {
  const config::HwConfig& cfg = in.cfg;
  isa::Kernel kernel = generated("homogeneous", {{"op", "add"}, {"count", "2048"}});
  kernel.launch.grid = isa::GridKind::Persistent;
  const int schedulers = std::max(1, cfg.scheduler.count);
  GridOptions o;
  o.jobs = in.jobs;
  config::HwConfig lrr = cfg;
  lrr.scheduler.policy = config::SchedulerPolicy::Lrr;
  const std::vector<int> warps = occupancy_grid(cfg);
  const GridRun own = simulate_grid(cfg, kernel, warps, o);
  const GridRun round_robin = simulate_grid(lrr, kernel, warps, o);
  const Metric per_scheduler = [&](const device::Result& r) { return r.ipc_per_sm / schedulers; };

  // The rule: k warps cover the FADD latency at one issue per slot; n warps take ceil(n / k) turns
  // of a latency each, one per group of k and one for the remainder.
  const double rate = std::min(1.0, cfg.alu.ops_per_cycle / cfg.sm.warp_size / cfg.scheduler.cycles_per_issue);
  const double k = std::ceil(cfg.alu.latency_cycles * rate);
  std::vector<double> rule;
  for (double w : xs(own)) {
    const double n = w / schedulers;
    rule.push_back(rate * n / (k * std::ceil(n / k)));
  }

  Lesson l;
  std::string rows;
  for (size_t i = 0; i < own.warps.size(); ++i)
    rows += fmt::format("    {:>3} warps/SM ({:>2} per scheduler): {} warp instructions per cycle per scheduler; round-robin {}\n",
                        own.warps[i], own.warps[i] / schedulers, num(per_scheduler(own.results[i])),
                        num(per_scheduler(round_robin.results[i])));
  l.text = fmt::format(
      "Persistent threads on {0} (one wave of FADD chains, {1}-cycle latency; its policy: {2})\n{3}"
      "  {4} warps per scheduler cover the latency. With one wave and age priority the oldest {4} take every\n"
      "  slot until they finish and the rest then run alone, latency-bound: n warps per scheduler\n"
      "  attain n / ({4} x ceil(n / {4})) of the issue rate, a dip wherever n is not a multiple of {4}.\n"
      "  Round-robin keeps every warp in step and stays at the rate; so does an oversubscribed grid,\n"
      "  whose younger blocks arrive as old ones finish (Volkov §5.9). The H100 measures the dips.\n",
      cfg.gpu.name, cfg.alu.latency_cycles, config::to_string(cfg.scheduler.policy), rows, num(k));

  Figure& f = l.figure;
  f.title = fmt::format("One wave on {}: age priority dips where warps per scheduler is not a multiple of {}", cfg.gpu.name, num(k));
  f.panels = {{"one wave of FADD chains", "warps per SM", "warp instructions per cycle per scheduler"}};
  f.add(0, fmt::format("simulated, {}", config::to_string(cfg.scheduler.policy)), Style::kLine, xs(own), ys(own, per_scheduler));
  f.add(0, "simulated, round-robin", Style::kLine, xs(round_robin), ys(round_robin, per_scheduler));
  f.add(0, "n / (k x ceil(n / k))", Style::kDashed, xs(own), rule);
  return l;
}

}  // namespace warpsim::teach
