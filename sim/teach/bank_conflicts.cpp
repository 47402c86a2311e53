// Shared-memory bank conflicts (Volkov 2016 §6.2, Tables 6.1-6.2): a warp's access whose
// addresses fall k to a bank is served in k passes over the banks, so at full occupancy it takes
// k times the bank cycles (the throughput bound, §3.6), and each extra pass adds to its latency.
#include <fmt/format.h>

#include "teach/lesson.h"
#include "teach/simulations.h"

namespace warpsim::teach {

Lesson bank_conflicts(const LessonInput& in) {
  const config::HwConfig& cfg = in.cfg;
  std::vector<double> ways;
  std::vector<isa::Kernel> kernels;
  // At most one pass per thread of the group the banks serve at once: a half-warp on G80 and GT200.
  const int most = cfg.smem.half_warp ? cfg.sm.warp_size / 2 : cfg.sm.warp_size;
  for (int k = 1; k <= most; k *= 2) {
    ways.push_back(k);
    kernels.push_back(generated("bank_conflict", {{"ways", std::to_string(k)}, {"count", "256"}}));
  }
  GridOptions o;
  o.jobs = in.jobs;
  // One warp on the SM for the latency (more would queue for its one shared-memory unit: 4 warps
  // of 32-way conflicts on Maxwell wait 4 x 32 cycles, not the replays), the SM full for the throughput.
  const std::vector<GridRun> grids = simulate_grids(cfg, kernels, {1, cfg.sm.max_warps}, o);
  std::vector<double> cycles, latency;
  for (const auto& g : grids) {
    const device::Result& full = g.results.back();
    cycles.push_back(1.0 / full.ipc_per_sm);  // SM cycles per LDS when the unit is always busy
  }
  for (size_t i = 0; i < grids.size(); ++i) latency.push_back(latency_per_instruction(grids[i].results.front(), kernels[i]));
  std::vector<double> k_times;
  for (double k : ways) k_times.push_back(k * cycles.front());

  Lesson l;
  std::string rows;
  for (size_t i = 0; i < ways.size(); ++i)
    rows += fmt::format("    {:>2g}-way: {} cycles per LDS ({}x the conflict-free), latency {} cycles\n", ways[i], num(cycles[i]),
                        num(cycles[i] / cycles.front()), num(latency[i]));
  l.text = fmt::format(
      "Shared-memory bank conflicts on {} ({} banks of {} bytes; one SM, dependent LDS)\n"
      "  throughput at {} warps (the unit always busy) and latency with {} warp on the SM:\n{}"
      "  a k-way conflict is k passes over the banks: k x {} cycles per access at full occupancy,\n"
      "  and {} more cycles of latency per extra pass (the replay, Table 6.2)\n",
      cfg.gpu.name, cfg.smem.banks, cfg.smem.bank_width_bytes, cfg.sm.max_warps, 1, rows, num(cycles.front()),
      num(ways.size() > 1 ? (latency[1] - latency[0]) : 0));

  Figure& f = l.figure;
  f.title = fmt::format("Bank conflicts on {}: a 32-way conflict costs {}x the cycles of none", cfg.gpu.name,
                        num(cycles.back() / cycles.front()));
  f.panels = {{fmt::format("cost at full occupancy ({} warps)", cfg.sm.max_warps), "conflict degree k (log scale)",
               "SM cycles per LDS instruction"},
              {"latency, one warp per scheduler", "conflict degree k (log scale)", "cycles per dependent LDS"}};
  f.panels[0].log2_x = f.panels[1].log2_x = true;
  f.add(0, "simulated", Style::kLine, ways, cycles);
  f.add(0, "k x the conflict-free cycles", Style::kDashed, ways, k_times);
  f.add(1, "simulated", Style::kLine, ways, latency);
  return l;
}

}  // namespace warpsim::teach
