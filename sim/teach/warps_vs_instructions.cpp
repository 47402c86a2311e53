// Concurrent instructions are not concurrent warps (Volkov 2016 §4.6, Figure 4.7): in the α-mix
// each warp has one instruction in execution at a time, an add or a load, so the warps needed
// are the adds in flight plus the loads in flight, each counted by Little's law: latency x rate.
#include <fmt/format.h>

#include <algorithm>

#include "teach/lesson.h"
#include "teach/simulations.h"

namespace warpsim::teach {
namespace {

constexpr int kAlpha = 4;                 // adds per load, as in Figure 4.7
constexpr uint64_t kTimelineCycles = 48;  // the stretch of the issue timeline drawn

double class_ipc(const device::Result& r, isa::OpClass c) {
  return r.cycles ? static_cast<double>(r.warp_instructions_by_class[static_cast<int>(c)]) / static_cast<double>(r.cycles) : 0.0;
}

}  // namespace

Lesson warps_vs_instructions(const LessonInput& in) {
  const config::HwConfig& cfg = in.cfg;
  const isa::Kernel kernel = generated("alpha_mix", {{"alpha", std::to_string(kAlpha)}, {"loads", "32"}});
  std::vector<int> warps;
  for (int n = 1; n <= std::min(cfg.sm.max_warps, 12 * std::max(1, cfg.scheduler.count)); n += std::max(1, cfg.scheduler.count))
    warps.push_back(n);
  GridOptions o;
  o.jobs = in.jobs;
  const GridRun g = simulate_grid(cfg, kernel, warps, o);

  const Metric add_ipc = [](const device::Result& r) { return class_ipc(r, isa::OpClass::Alu); };
  const double peak_adds = peak(g, add_ipc);
  const int n_peak = first_reaching(g, add_ipc, 0.97, peak_adds);
  const device::Result& at = g.results[index_at_or_below(g, n_peak)];
  // Little's law per instruction type, with this run's latencies and rates.
  const double alu_lat = cfg.alu.latency_cycles;
  const double adds_rate = add_ipc(at), loads_rate = class_ipc(at, isa::OpClass::Load);
  const double adds_in_flight = alu_lat * adds_rate;
  const double loads_in_flight = at.access_latency.mean * loads_rate;
  const double needed = adds_in_flight + loads_in_flight;

  // The issue timeline at that occupancy (Figure 4.7), from the middle of the run.
  GridOptions log;
  log.record_issues = true;
  const device::Result timed = simulate_grid(cfg, kernel, {n_peak}, log).results.front();
  const uint32_t per_block = static_cast<uint32_t>(std::max(1, timed.launch.block_threads / cfg.sm.warp_size));
  const uint64_t t0 = timed.issue_log.empty() ? 0 : timed.issue_log[timed.issue_log.size() / 2].cycle;

  Lesson l;
  l.text = fmt::format(
      "Instructions in flight are not warps in flight, on {} (one SM; each warp repeats 1 load + {} dependent adds, §4.6)\n"
      "  peak: {} adds/cycle (warp instructions), reached at {} warps\n"
      "  adds in flight:  {} cycles latency x {} adds/cycle = {}\n"
      "  loads in flight: {} cycles latency x {} loads/cycle = {}\n"
      "  a warp's next instruction waits for its last one, so each warp has one of them in flight:\n"
      "  warps needed = {} + {} = {}, where the simulation reaches its peak at {} warps\n"
      "  with adds alone {} warps would do ({} x {}): the loads' latency needs the rest\n",
      cfg.gpu.name, kAlpha, num(peak_adds), n_peak, num(alu_lat), num(adds_rate), num(adds_in_flight), num(at.access_latency.mean),
      num(loads_rate), num(loads_in_flight), num(adds_in_flight), num(loads_in_flight), num(needed), n_peak, num(adds_in_flight),
      num(alu_lat), num(adds_rate));

  Figure& f = l.figure;
  f.title = fmt::format("{}: {} adds + {} loads in flight = {} warps needed (Volkov 2016 Figure 4.7)", cfg.gpu.name, num(adds_in_flight),
                        num(loads_in_flight), num(needed));
  f.panels = {{fmt::format("issue timeline at {} warps", n_peak), "cycle", "warp"},
              {"throughput", "occupancy, warps per SM", "adds/cycle (warp instructions)"}};
  f.panels[0].y_from_zero = false;  // warp 0's marks sit on the axis otherwise
  std::vector<double> add_x, add_y, load_x, load_y;
  for (const auto& rec : timed.issue_log) {
    if (rec.cycle < t0 || rec.cycle >= t0 + kTimelineCycles) continue;
    const isa::OpClass c = kernel.code[rec.pc].cls;
    if (c != isa::OpClass::Alu && c != isa::OpClass::Load) continue;
    // Warps of later blocks take the slots of those that ended: numbered by slot.
    const double warp = static_cast<double>((rec.block * per_block + rec.warp_in_block) % n_peak);
    (c == isa::OpClass::Alu ? add_x : load_x).push_back(static_cast<double>(rec.cycle - t0));
    (c == isa::OpClass::Alu ? add_y : load_y).push_back(warp);
  }
  f.add(0, "add issued", Style::kMarks, add_x, add_y);
  f.add(0, "load issued", Style::kPoints, load_x, load_y);
  f.add(1, "simulated", Style::kLine, xs(g), ys(g, add_ipc));
  f.vline(1, fmt::format("adds + loads in flight: {}", num(needed)), needed);
  f.vline(1, fmt::format("adds alone: {}", num(adds_in_flight)), adds_in_flight);
  return l;
}

}  // namespace warpsim::teach
