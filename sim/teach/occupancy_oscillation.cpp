// Occupancy oscillation (Volkov 2016 §5.8, Figures 5.1-5.2): warp slot s belongs to scheduler
// s mod count, so a block whose warps do not divide evenly over the schedulers leaves one of them
// with an extra warp. The others finish first, and since a block's slots refill only when its last
// warp ends, occupancy sags and throughput drops: the jigsaw of Figure 5.2.
#include <fmt/format.h>

#include <algorithm>

#include "device/occupancy.h"
#include "teach/lesson.h"
#include "teach/simulations.h"

namespace warpsim::teach {

Lesson occupancy_oscillation(const LessonInput& in) {
  const config::HwConfig& cfg = in.cfg;
  const isa::Kernel kernel = generated("homogeneous", {{"op", "sfu"}, {"count", "1024"}});
  const int schedulers = std::max(1, cfg.scheduler.count);
  GridOptions o;
  o.jobs = in.jobs;
  const GridRun g = simulate_grid(cfg, kernel, occupancy_grid(cfg, 1, schedulers), o);
  const Metric thru = [](const device::Result& r) { return r.ops_per_cycle_per_scheduler; };
  // The occupancy of §5.8's example: one more warp than a multiple of the schedulers, past the
  // needed occupancy, and its even neighbour below.
  const int odd = 4 * schedulers + 1 <= g.warps.back() ? 4 * schedulers + 1 : g.warps.back();
  const int even = (odd - 1) / schedulers * schedulers;
  GridOptions log = o;
  log.record_occupancy = true;
  const GridRun t = simulate_grid(cfg, kernel, {even, odd}, log);
  WARPSIM_ASSERT(t.warps.size() == 2, "teach: the timelines' occupancies cannot be realised");
  const device::Result& r_even = t.results[0];
  const device::Result& r_odd = t.results[1];
  const double best = peak(g, thru);
  std::vector<int> sagging;  // below the best of the smaller occupancies: the jigsaw's teeth
  double best_so_far = 0;
  for (size_t i = 0; i < g.warps.size(); ++i) {
    if (thru(g.results[i]) < 0.95 * best_so_far) sagging.push_back(g.warps[i]);
    best_so_far = std::max(best_so_far, thru(g.results[i]));
  }
  // The share of the run with fewer warps resident than the even occupancy holds all the time.
  const auto& steps = r_odd.occupancy_timeline.front();
  uint64_t below = 0;
  for (size_t i = 0; i + 1 < steps.size(); ++i)
    if (steps[i].warps < static_cast<uint32_t>(even)) below += steps[i + 1].time - steps[i].time;
  const double below_share =
      steps.size() > 1 ? static_cast<double>(below) / static_cast<double>(steps.back().time - steps.front().time) : 0.0;

  // §5.8's mechanism needs several schedulers; with one, every warp goes to it.
  const std::string mechanism =
      schedulers > 1 ? "  the warps of a block go to schedulers in turn; one scheduler gets an extra warp and finishes last,\n"
                       "  while the block's finished slots wait for it"
                     : "  one scheduler takes every warp, so none gets an extra one (§5.8's oscillation needs several);\n"
                       "  as blocks end and the next ones start";
  Lesson l;
  l.text = fmt::format(
      "Occupancy oscillation on {} (one SM, {} scheduler{}; each warp runs {} dependent MUFU.RSQ)\n"
      "  at {} warps ({} blocks of {} warp(s)): {} ops/cycle per scheduler, mean occupancy {} warps\n"
      "  at {} warps ({} block(s) of {} warp(s)): {} ops/cycle per scheduler ({} of that at {} warps), mean occupancy {} warps\n"
      "{}: fewer than {} warps are resident {} of the time\n"
      "  peak: {} ops/cycle per scheduler; occupancies more than 5% below the best one below them: {}\n",
      cfg.gpu.name, schedulers, schedulers == 1 ? "" : "s", kernel.params.at("count"), even, r_even.launch.blocks_per_sm,
      r_even.launch.block_threads / cfg.sm.warp_size, num(thru(r_even)), num(r_even.mean_occupancy), odd, r_odd.launch.blocks_per_sm,
      r_odd.launch.block_threads / cfg.sm.warp_size, num(thru(r_odd)), pct(thru(r_odd) / thru(r_even)), even, num(r_odd.mean_occupancy),
      mechanism, even, pct(below_share), num(best), sagging.empty() ? std::string("none") : device::occupancy_list(sagging));

  Figure& f = l.figure;
  f.title = fmt::format("Occupancy oscillation on {}: {} warps attain {} of the throughput at {}", cfg.gpu.name, odd,
                        pct(thru(r_odd) / thru(r_even)), even);
  f.panels = {{"throughput: a jigsaw at larger occupancies (Figure 5.2, left)", "occupancy, warps per SM", "SFU ops/cycle per scheduler"},
              {"occupancy during the run (Figure 5.2, right)", "cycle", "resident warps"}};
  f.add(0, "simulated", Style::kLine, xs(g), ys(g, thru));
  f.vline(0, fmt::format("{} warps", odd), odd);
  for (const device::Result* r : {&r_even, &r_odd}) {
    Series& s =
        f.add(1, fmt::format("{} warps, blocks of {}", r->launch.warps_per_sm, r->launch.block_threads / cfg.sm.warp_size), Style::kStep);
    for (const auto& step : r->occupancy_timeline.front()) {
      s.x.push_back(static_cast<double>(step.time));
      s.y.push_back(step.warps);
    }
  }
  return l;
}

}  // namespace warpsim::teach
