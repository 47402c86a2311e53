// Latency-bound vs throughput-bound (Volkov 2016 §3.5): throughput is min(n / latency bound,
// throughput bound). Below the occupancy where the two meet, every warp waits on a dependency
// and issue slots go unused; above it the busiest unit is full and more warps only wait in line.
// The bounds are the analytical model's (sim/model); the curve and the stalls are simulated.
#include <fmt/format.h>

#include "model/model_context.h"
#include "model/volkov_model.h"
#include "teach/lesson.h"
#include "teach/simulations.h"

namespace warpsim::teach {

Lesson latency_vs_throughput(const LessonInput& in) {
  const config::HwConfig& cfg = in.cfg;
  // 1 MUFU.RSQ + 2 dependent FADDs: no memory system, and on Kepler an SFU-bound mix whose knee
  // sits mid-grid (§4.7).
  const isa::Kernel kernel = generated("sfu_mix", {{"alpha", "2"}, {"groups", "128"}});
  const model::ModelContext c = model::make_context(cfg, kernel);
  const double per_warp = c.profile.instructions;
  const double latency = c.latency.cycles;  // cycles per warp
  const double bound_ipc = c.worksheet.warp_throughput() * per_warp;
  const double knee = model::volkov_estimate(c, 1).warps_needed;  // latency x throughput bound
  GridOptions o;
  o.jobs = in.jobs;
  const GridRun g = simulate_grid(cfg, kernel, occupancy_grid(cfg), o);

  const Metric ipc = [](const device::Result& r) { return r.ipc_per_sm; };
  const auto share = [](const device::Result& r, uint64_t part) {
    return r.stalls.total() ? static_cast<double>(part) / r.stalls.total() : 0.0;
  };
  const Metric waiting = [share](const device::Result& r) { return share(r, r.stalls.dependency + r.stalls.memory); };
  const Metric busy = [share](const device::Result& r) { return share(r, r.stalls.pipe_busy + r.stalls.issue_limit); };
  const Metric issued = [share](const device::Result& r) { return share(r, r.stalls.issued); };
  const size_t lo = 0, hi = g.results.size() - 1;
  const size_t mid = index_at_or_below(g, knee / 2);

  Lesson l;
  l.text = fmt::format(
      "Latency-bound vs throughput-bound on {} (one SM; each warp repeats 1 MUFU.RSQ + 2 dependent FADDs, {} instructions)\n"
      "  latency bound:    {} cycles per warp (the longest dependency path and the block's relaunch, §3.7-3.8): n / {} warps per\n"
      "                    cycle (a run of whole waves, timed from the first issue to the last, sees one relaunch fewer: a little more)\n"
      "  throughput bound: {} instructions/cycle, set by the {} (the busiest resource, §3.6)\n"
      "  they meet at {} cycles x {} warps/cycle = {} warps per SM\n"
      "  at {} warps it is latency-bound: {} IPC ({} of the bound), {} of the issue slots waiting on a dependency\n"
      "  at {} warps: {} IPC ({} of the bound)\n"
      "  at {} warps it is throughput-bound: {} IPC ({} of the bound), {} of the issue slots find a ready warp held back by a busy unit,\n"
      "    {} wait on a dependency: more warps only queue\n",
      cfg.gpu.name, num(per_warp), num(latency), num(latency), num(bound_ipc), c.worksheet.bound_resource, num(latency),
      num(c.worksheet.warp_throughput()), num(knee), g.warps[lo], num(g.results[lo].ipc_per_sm), pct(g.results[lo].ipc_per_sm / bound_ipc),
      pct(waiting(g.results[lo])), g.warps[mid], num(g.results[mid].ipc_per_sm), pct(g.results[mid].ipc_per_sm / bound_ipc), g.warps[hi],
      num(g.results[hi].ipc_per_sm), pct(g.results[hi].ipc_per_sm / bound_ipc), pct(busy(g.results[hi])), pct(waiting(g.results[hi])));

  Figure& f = l.figure;
  f.title =
      fmt::format("Latency-bound below {} warps, throughput-bound ({}) above: {}", num(knee), c.worksheet.bound_resource, cfg.gpu.name);
  f.panels = {{"throughput: simulated and the two bounds", "occupancy, warps per SM", "IPC per SM, warp instructions/cycle"},
              {"what each issue slot did (simulated)", "occupancy, warps per SM", "fraction of issue slots"}};
  f.add(0, "simulated", Style::kLine, xs(g), ys(g, ipc));
  f.add(0, fmt::format("latency bound: n x {} / {} cycles", num(per_warp), num(latency)), Style::kDashed, {0, knee}, {0, bound_ipc});
  f.hline(0, fmt::format("throughput bound ({}): {} IPC", c.worksheet.bound_resource, num(bound_ipc)), bound_ipc);
  f.vline(0, fmt::format("bounds meet: {} warps", num(knee)), knee);
  f.add(1, "issued", Style::kLine, xs(g), ys(g, issued));
  f.add(1, "waiting on a dependency (latency)", Style::kLine, xs(g), ys(g, waiting));
  f.add(1, "ready but the unit is busy (throughput)", Style::kLine, xs(g), ys(g, busy));
  f.vline(1, fmt::format("bounds meet: {} warps", num(knee)), knee);
  return l;
}

}  // namespace warpsim::teach
