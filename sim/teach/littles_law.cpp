// Little's law (Volkov 2016 §3.4, §4.2): a warp of back-to-back dependent adds has one
// instruction in flight, so the warps needed to sustain the peak are latency x throughput. Both
// are measured here: the latency at one warp per scheduler, the peak over the occupancy grid.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "model/hw_params.h"
#include "teach/lesson.h"
#include "teach/simulations.h"

namespace warpsim::teach {

Lesson littles_law(const LessonInput& in) {
  const config::HwConfig& cfg = in.cfg;
  const isa::Kernel kernel = generated("homogeneous", {{"op", "add"}, {"count", "1024"}});
  // Up to twice the occupancy the config's own numbers predict (alu_lat x alu_thru), so the knee
  // sits mid-grid on a toy SM and on a real one alike.
  const model::HwParams hw = model::derive_hw_params(cfg);
  const int step = std::max(1, cfg.scheduler.count);
  const int last = std::min(cfg.sm.max_warps, std::max(4 * step, step * static_cast<int>(std::ceil(2 * hw.alu_lat * hw.alu_thru / step))));
  std::vector<int> warps;
  for (int n = 1; n < step; ++n) warps.push_back(n);
  for (int n = step; n <= last; n += step) warps.push_back(n);
  GridOptions o;
  o.jobs = in.jobs;
  const GridRun g = simulate_grid(cfg, kernel, warps, o);

  const Metric ipc = [](const device::Result& r) { return r.ipc_per_sm; };
  // Latency per instruction where warps never wait for a unit: the smallest occupancy simulated.
  const device::Result& lone = g.results.front();
  const double latency = latency_per_instruction(lone, kernel);
  const double peak_ipc = peak(g, ipc);
  const double needed = latency * peak_ipc;
  const size_t below = index_at_or_below(g, needed / 2);
  const int n_low = g.warps[below];
  const double low_ipc = g.results[below].ipc_per_sm;
  const int n95 = first_reaching(g, ipc, 0.95, peak_ipc);

  Lesson l;
  l.text = fmt::format(
      "Little's law on {} (one SM; each warp runs {} back-to-back dependent FADDs, so it has one instruction in flight)\n"
      "  latency:    {} cycles per instruction (measured with {} warp(s) per SM: nothing else competes)\n"
      "  throughput: {} warp instructions/cycle at the peak (the CUDA cores and issue, over {} to {} warps)\n"
      "  Little's law: {} cycles x {} instructions/cycle = {} instructions in flight needed = {} warps in flight needed\n"
      "  at {} warps the SM is latency-bound: {} instructions/cycle = {} warps / {} cycles, {} of its peak\n"
      "  the simulation reaches 95% of the peak at {} warps (the law's {} rounded up to the occupancy grid)\n",
      cfg.gpu.name, kernel.params.at("count"), num(latency), g.warps.front(), num(peak_ipc), g.warps.front(), g.warps.back(), num(latency),
      num(peak_ipc), num(needed), num(needed), n_low, num(low_ipc), n_low, num(latency), pct(low_ipc / peak_ipc), n95, num(needed));

  Figure& f = l.figure;
  f.title = fmt::format("Little's law on {}: {} cycles x {} IPC = {} warps needed", cfg.gpu.name, num(latency), num(peak_ipc), num(needed));
  f.panels = {{"dependent FADDs, one SM", "occupancy, warps per SM", "IPC per SM, warp instructions/cycle"}};
  f.add(0, "simulated", Style::kLine, xs(g), ys(g, ipc));
  f.add(0, fmt::format("latency-bound: n / {} cycles", num(latency)), Style::kDashed, {0, needed}, {0, peak_ipc});
  f.hline(0, fmt::format("peak: {} IPC", num(peak_ipc)), peak_ipc);
  f.vline(0, fmt::format("needed: {} warps", num(needed)), needed);
  return l;
}

}  // namespace warpsim::teach
