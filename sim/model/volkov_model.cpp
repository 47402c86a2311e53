#include "model/volkov_model.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace warpsim::model {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

Estimate volkov_estimate(const ModelContext& c, double n) {
  const double latency = c.latency.cycles;
  const double bound = c.worksheet.warp_throughput();
  return Estimate::of(std::min(n / latency, bound), latency * bound);
}

double alpha_mix_latency(const HwParams& hw, double alpha) { return std::isinf(alpha) ? kInf : hw.mem_lat + alpha * hw.alu_lat; }

double alpha_mix_throughput_bound(const HwParams& hw, double alpha) {
  if (std::isinf(alpha)) return 0;
  const double alu = alpha > 0 ? hw.alu_thru / alpha : kInf;
  return std::min({hw.mem_thru, alu, hw.issue_thru / (alpha + 1)});
}

double alpha_mix_memory_ipc(const HwParams& hw, double alpha, double n) {
  if (std::isinf(alpha)) return 0;
  return std::min(n / alpha_mix_latency(hw, alpha), alpha_mix_throughput_bound(hw, alpha));
}

double alpha_mix_adds(const HwParams& hw, double alpha, double n) {
  // α = ∞: all adds, min(n / alu_lat, alu_thru) instructions per cycle (§4.2).
  if (std::isinf(alpha)) return hw.warp_size * std::min(n / hw.alu_lat, hw.alu_thru);
  return hw.warp_size * alpha * alpha_mix_memory_ipc(hw, alpha, n);
}

double alpha_mix_warps_needed(const HwParams& hw, double alpha) {
  if (std::isinf(alpha)) return hw.alu_lat * hw.alu_thru;
  return alpha_mix_latency(hw, alpha) * alpha_mix_throughput_bound(hw, alpha);
}

std::string alpha_mix_formula(const HwParams& hw) {
  // issue_thru/(α+1) never binds if alu_thru/α or mem_thru is always below it: alu/α <= issue/(α+1)
  // for α >= alu/(issue - alu), and below that α, mem_thru <= issue - alu keeps it out.
  const bool issue_binds = hw.alu_thru >= hw.issue_thru || hw.mem_thru > hw.issue_thru - hw.alu_thru;
  const bool alu_binds = hw.alu_thru < hw.issue_thru;  // equal limits: issue/(α+1) is always smaller
  std::string f = fmt::format("32·α·min(n/({:g} + {:g}·α), {:.4f}", hw.mem_lat, hw.alu_lat, hw.mem_thru);
  if (alu_binds) f += fmt::format(", {:g}/α", hw.alu_thru);
  if (issue_binds) f += fmt::format(", {:g}/(α+1)", hw.issue_thru);
  return f + ")";
}

CuspAnalysis cusp_analysis(const HwParams& hw) {
  CuspAnalysis a;
  // α = 0 is all loads: issue bounds them too where the memory outpaces it (a what-if or a toy GPU).
  a.warps_memory = alpha_mix_warps_needed(hw, 0);
  a.warps_arithmetic = hw.alu_lat * hw.alu_thru;
  a.alpha_cusp = hw.alu_thru / hw.mem_thru;
  a.warps_cusp = a.warps_memory + a.warps_arithmetic;
  // The needed occupancy rises while memory bounds throughput and falls after: its peak is the
  // first α where an instruction-side limit drops to mem_thru; at α = 0 where one is below it
  // from the start (no memory-bound branch, no cusp).
  a.alpha_max = std::max(0.0, std::min(hw.alu_thru / hw.mem_thru, hw.issue_thru / hw.mem_thru - 1));
  a.warps_max = alpha_mix_warps_needed(hw, a.alpha_max);
  return a;
}

}  // namespace warpsim::model
