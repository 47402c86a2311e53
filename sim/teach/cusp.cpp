// Cusp behaviour (Volkov 2016 §4.5, Figure 4.6): in the α-mix (1 load + α dependent adds) the
// occupancy needed to attain 90% of a peak rises with α while the mix is memory-bound (more adds
// in flight per load) and falls once it is arithmetic-bound (fewer loads in flight), so it peaks
// where both bind: α = alu_thru / mem_thru. The peaks are simulated as the seed measured them
// (§4.5, Table 6.1): streaming loads alone, and adds alone.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "model/hw_params.h"
#include "model/volkov_model.h"
#include "teach/lesson.h"
#include "teach/simulations.h"

namespace warpsim::teach {
namespace {

constexpr double kThreshold = 0.9;  // "90% of one of the peak throughputs" (§4.5)
constexpr int kInstructions = 512;  // per warp at every α, so each run costs about the same

}  // namespace

Lesson cusp(const LessonInput& in) {
  const config::HwConfig& cfg = in.cfg;
  const model::HwParams hw = model::derive_hw_params(cfg);
  std::vector<double> alphas;
  for (double a = 1; a <= 256; a *= 2) alphas.push_back(a);
  std::vector<isa::Kernel> kernels;
  for (double a : alphas) {
    const int loads = std::max(4, static_cast<int>(kInstructions / (a + 1)));
    kernels.push_back(generated("alpha_mix", {{"alpha", fmt::format("{:g}", a)}, {"loads", std::to_string(loads)}}));
  }
  // The peaks: loads alone with 4 independent chains (the seed's best of ILP 1, 2, 4, §6.3), adds alone.
  kernels.push_back(generated("ilp", {{"k", "4"}, {"count", "256"}}));
  kernels.push_back(generated("alpha_mix", {{"alpha", "inf"}, {"adds", std::to_string(kInstructions)}}));
  GridOptions o;
  o.jobs = in.jobs;
  const std::vector<GridRun> grids = simulate_grids(cfg, kernels, occupancy_grid(cfg), o);
  const double mem_peak = peak(grids[alphas.size()], [](const device::Result& r) { return r.mem_ipc_per_sm; });
  const double alu_peak = peak(grids[alphas.size() + 1], [](const device::Result& r) { return r.ipc_per_sm; });
  const double issue = hw.issue_thru;
  const Metric loads = [](const device::Result& r) { return r.mem_ipc_per_sm; };

  std::vector<double> needed;  // NaN where 90% is not attained within the SM's warps
  double top = 0, alpha_top = 0;
  for (size_t i = 0; i < alphas.size(); ++i) {
    const double a = alphas[i];
    const double target = std::min({mem_peak, alu_peak / a, issue / (a + 1)});  // loads/cycle at the mix's peak
    const int n = first_reaching(grids[i], loads, kThreshold, target);
    needed.push_back(n > 0 ? n : std::numeric_limits<double>::quiet_NaN());
    if (n > top) top = n, alpha_top = a;
  }
  const double alpha_sim = alu_peak / mem_peak;  // §4.5 with the simulated peaks
  const model::CuspAnalysis model = model::cusp_analysis(hw);

  Lesson l;
  std::string rows;
  for (size_t i = 0; i < alphas.size(); ++i)
    rows += fmt::format("    α = {:>3g}: {} warps\n", alphas[i],
                        std::isnan(needed[i]) ? fmt::format("not reached within {}", cfg.sm.max_warps) : num(needed[i]));
  l.text = fmt::format(
      "Cusp behaviour on {} (one SM; each warp repeats 1 load + α dependent adds, §4.5)\n"
      "  simulated peaks: {} loads/cycle (loads alone), {} adds/cycle (adds alone, warp instructions), issue {} instructions/cycle\n"
      "  (single issue, Table 4.1: the mix's instructions each depend on the one before, so none pairs, §4.1)\n"
      "  occupancy needed for 90% of the mix's peak, min(loads, adds / α, issue / (α + 1)):\n{}"
      "  the maximum: {} warps at α = {:g}; memory- and arithmetic-bound together at α = {} / {} = {} (§4.5)\n"
      "  the basic model (Table 4.1 numbers of this config): {} warps at α → 0, {} at α → ∞, peak {} warps at α = {}\n"
      "  low α: each load brings α adds that also need warps in flight; high α: fewer loads per add, fewer loads in flight\n",
      cfg.gpu.name, num(mem_peak), num(alu_peak), num(issue), rows, num(top), alpha_top, num(alu_peak), num(mem_peak), num(alpha_sim),
      num(model.warps_memory), num(model.warps_arithmetic), num(model.warps_max), num(model.alpha_max));

  Figure& f = l.figure;
  f.title = fmt::format("Cusp on {}: most warps needed ({}) at α = {:g}; §4.5 puts it at α = {}", cfg.gpu.name, num(top), alpha_top,
                        num(alpha_sim));
  f.panels = {{"occupancy needed for 90% of a peak", "α, adds per load (log scale)", "warps per SM needed"}};
  f.panels[0].log2_x = true;
  f.add(0, "simulated (gaps: 90% not reached)", Style::kLine, alphas, needed);
  Series& m = f.add(0, "basic model (Volkov §4.5)", Style::kDashed);
  for (double a = alphas.front(); a <= alphas.back() * 1.001; a *= std::pow(2.0, 0.125)) {
    m.x.push_back(a);
    m.y.push_back(kThreshold * model::alpha_mix_warps_needed(hw, a));
  }
  f.vline(0, fmt::format("α = adds peak / loads peak = {}", num(alpha_sim)), alpha_sim);
  f.hline(0, fmt::format("SM limit: {} warps", cfg.sm.max_warps), cfg.sm.max_warps);
  return l;
}

}  // namespace warpsim::teach
