// Gradual saturation (Volkov 2016 §4.3, §6.4, Table 6.4): the basic model's memory throughput is
// min(n / mem_lat, mem_thru), a sharp knee at n = mem_lat x mem_thru. Loads queue in the memory
// system well before its peak, so latency grows with throughput and the simulated curve bends
// below the knee and reaches the peak only gradually.
#include <fmt/format.h>

#include <algorithm>

#include "model/hw_params.h"
#include "teach/lesson.h"
#include "teach/simulations.h"

namespace warpsim::teach {

Lesson gradual_saturation(const LessonInput& in) {
  const config::HwConfig& cfg = in.cfg;
  const model::HwParams hw = model::derive_hw_params(cfg);
  const isa::Kernel kernel = generated("homogeneous", {{"op", "stream"}, {"count", "64"}});
  GridOptions o;
  o.jobs = in.jobs;
  const GridRun g = simulate_grid(cfg, kernel, occupancy_grid(cfg), o);
  const Metric loads = [](const device::Result& r) { return r.mem_ipc_per_sm; };
  const Metric latency = [](const device::Result& r) { return r.access_latency.mean; };
  const double knee = hw.mem_lat * hw.mem_thru;
  const size_t at_knee = index_at_or_below(g, knee);
  const double sim_peak = peak(g, loads);
  const int n90 = first_reaching(g, loads, 0.9, hw.mem_thru);
  const device::Result& lo = g.results.front();
  const device::Result& hi = g.results.back();
  const double model_at_knee = std::min(g.warps[at_knee] / hw.mem_lat, hw.mem_thru);

  Lesson l;
  l.text = fmt::format(
      "Gradual saturation on {} (one SM with its share of the memory system; each warp streams {} dependent loads)\n"
      "  basic model: min(n / {} cycles, {} loads/cycle): the peak from n = {} x {} = {} warps on, a sharp knee\n"
      "  simulated at {} warps: {} loads/cycle, {} of the peak where the model gives {}\n"
      "  90% of the peak: {} (the model: {} warps)\n"
      "  why: the mean load latency grows from {} cycles at {} warps to {} at {} warps as loads queue for the DRAM;\n"
      "       Little's law then needs more warps for the same throughput (§6.4)\n"
      "  simulated peak: {} loads/cycle = {} GB/s on the whole device ({} of the configured peak)\n",
      cfg.gpu.name, kernel.params.at("count"), num(hw.mem_lat), num(hw.mem_thru), num(hw.mem_lat), num(hw.mem_thru), num(knee),
      g.warps[at_knee], num(g.results[at_knee].mem_ipc_per_sm), pct(g.results[at_knee].mem_ipc_per_sm / hw.mem_thru),
      pct(model_at_knee / hw.mem_thru), n90 > 0 ? fmt::format("{} warps", n90) : std::string("not within the SM's warps"), num(0.9 * knee),
      num(lo.access_latency.mean), g.warps.front(), num(hi.access_latency.mean), g.warps.back(), num(sim_peak),
      num(peak(g, [](const device::Result& r) { return r.gbps; })), pct(sim_peak / hw.mem_thru));

  Figure& f = l.figure;
  f.title = fmt::format("Gradual saturation on {}: {} of the peak at the basic model's knee ({} warps)", cfg.gpu.name,
                        pct(g.results[at_knee].mem_ipc_per_sm / hw.mem_thru), num(knee));
  f.panels = {{"memory throughput vs occupancy", "occupancy, warps per SM", "loads per cycle per SM (128-byte warp loads)"},
              {"latency grows with throughput", "loads per cycle per SM", "mean load latency, cycles"}};
  f.add(0, "simulated", Style::kLine, xs(g), ys(g, loads));
  f.add(0, "basic model: sharp knee", Style::kDashed, {0, knee, static_cast<double>(g.warps.back())}, {0, hw.mem_thru, hw.mem_thru});
  f.vline(0, fmt::format("knee: {} x {} = {} warps", num(hw.mem_lat), num(hw.mem_thru), num(knee)), knee);
  f.add(1, "simulated", Style::kLine, ys(g, loads), ys(g, latency));
  f.add(1, "basic model: constant latency", Style::kDashed, {0, hw.mem_thru}, {hw.mem_lat, hw.mem_lat});
  f.panels[1].y_from_zero = false;
  return l;
}

}  // namespace warpsim::teach
