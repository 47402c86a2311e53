// Gradual saturation (Volkov 2016 §4.3, §6.4, Table 6.4): the basic model's memory throughput is
// min(n / mem_lat, mem_thru), a sharp knee at n = mem_lat x mem_thru. Loads queue in the memory
// system well before its peak, so latency grows with throughput and the simulated curve bends
// below the knee and reaches the peak only gradually. The model drawn takes this run's own
// unloaded latency and peak, so that the two curves differ only by the bend.
#include <fmt/format.h>

#include <algorithm>

#include "teach/lesson.h"
#include "teach/simulations.h"

namespace warpsim::teach {

Lesson gradual_saturation(const LessonInput& in) {
  const config::HwConfig& cfg = in.cfg;
  // 256 loads per warp, as the validation cases: the steady state, not the in-phase start
  // (docs/validation.md, "Streaming warp length").
  const isa::Kernel kernel = generated("homogeneous", {{"op", "stream"}, {"count", "256"}});
  GridOptions o;
  o.jobs = in.jobs;
  const GridRun g = simulate_grid(cfg, kernel, occupancy_grid(cfg), o);
  const Metric loads = [](const device::Result& r) { return r.mem_ipc_per_sm; };
  const Metric latency = [](const device::Result& r) { return r.access_latency.mean; };
  const device::Result& lo = g.results.front();
  const device::Result& hi = g.results.back();
  const double mem_lat = lo.access_latency.mean;  // unloaded: the fewest warps simulated
  const double mem_thru = peak(g, loads);
  const double knee = mem_lat * mem_thru;
  const size_t at_knee = index_at_or_below(g, knee);
  const int n90 = first_reaching(g, loads, 0.9, mem_thru);
  const double model_at_knee = std::min(g.warps[at_knee] / mem_lat, mem_thru);

  Lesson l;
  l.text = fmt::format(
      "Gradual saturation on {} (one SM with its share of the memory system; each warp streams {} dependent loads)\n"
      "  unloaded latency {} cycles (at {} warps), peak {} loads/cycle = {} GB/s on the whole device (at most {} warps)\n"
      "  basic model with these numbers: min(n / {}, {}): the peak from n = {} x {} = {} warps on, a sharp knee\n"
      "  simulated at {} warps: {} loads/cycle, {} of the peak, where the basic model gives {}\n"
      "  90% of the peak at {} warps (the basic model: {} warps)\n"
      "  why: the mean load latency grows from {} cycles at {} warps to {} at {} warps as loads queue for the DRAM;\n"
      "       Little's law then needs more warps for the same throughput (§6.4)\n",
      cfg.gpu.name, kernel.params.at("count"), num(mem_lat), g.warps.front(), num(mem_thru),
      num(peak(g, [](const device::Result& r) { return r.gbps; })), g.warps.back(), num(mem_lat), num(mem_thru), num(mem_lat),
      num(mem_thru), num(knee), g.warps[at_knee], num(g.results[at_knee].mem_ipc_per_sm), pct(g.results[at_knee].mem_ipc_per_sm / mem_thru),
      pct(model_at_knee / mem_thru), n90, num(0.9 * knee), num(lo.access_latency.mean), g.warps.front(), num(hi.access_latency.mean),
      g.warps.back());

  Figure& f = l.figure;
  f.title = fmt::format("Gradual saturation on {}: {} of the peak at the basic model's knee ({} warps)", cfg.gpu.name,
                        pct(g.results[at_knee].mem_ipc_per_sm / mem_thru), num(knee));
  f.panels = {{"memory throughput vs occupancy", "occupancy, warps per SM", "loads per cycle per SM (128-byte warp loads)"},
              {"latency grows with throughput", "loads per cycle per SM", "mean load latency, cycles"}};
  f.add(0, "simulated", Style::kLine, xs(g), ys(g, loads));
  f.add(0, "basic model: sharp knee", Style::kDashed, {0, knee, static_cast<double>(g.warps.back())}, {0, mem_thru, mem_thru});
  f.vline(0, fmt::format("knee: {} cycles x {} loads/cycle = {} warps", num(mem_lat), num(mem_thru), num(knee)), knee);
  f.add(1, "simulated", Style::kLine, ys(g, loads), ys(g, latency));
  f.add(1, "basic model: constant latency", Style::kDashed, {0, mem_thru}, {mem_lat, mem_lat});
  f.panels[1].y_from_zero = false;
  return l;
}

}  // namespace warpsim::teach
