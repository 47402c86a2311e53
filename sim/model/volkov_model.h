// Volkov's model (2016 §3.5, §4.1): warp throughput = min(occupancy / latency bound, throughput
// bound). For a general kernel the bounds come from the execution graph and the worksheet; for the
// seeds' α-mix (1 load + α dependent adds, §4.1) the closed forms of Table 4.2 follow, with the
// needed occupancy and the cusp analysis of §4.5-4.6.
#pragma once

#include <string>

#include "model/estimate.h"
#include "model/hw_params.h"
#include "model/model_context.h"

namespace warpsim::model {

// min(n / latency bound, throughput bound); warps_needed = latency bound x throughput bound (§4.5).
Estimate volkov_estimate(const ModelContext& c, double n);

// --- the α-mix, per repeating group of α + 1 instructions (α = +inf: adds only) ---
double alpha_mix_latency(const HwParams& hw, double alpha);               // mem_lat + α·alu_lat
double alpha_mix_throughput_bound(const HwParams& hw, double alpha);      // min(mem_thru, alu_thru/α, issue_thru/(α+1))
double alpha_mix_memory_ipc(const HwParams& hw, double alpha, double n);  // memory IPC/SM
double alpha_mix_adds(const HwParams& hw, double alpha, double n);        // adds/cycle/SM (Table 4.2)
double alpha_mix_warps_needed(const HwParams& hw, double alpha);          // §4.5

// Table 4.2 written out with this GPU's numbers, e.g. "32·α·min(n/(301 + 9·α), 0.1338, 4/(α+1))";
// a throughput term that is never the smallest is left out, as in the table.
std::string alpha_mix_formula(const HwParams& hw);

// §4.5: occupancy needed at the limits, where the two branches meet, and the exact maximum.
struct CuspAnalysis {
  double warps_memory = 0;      // α = 0: mem_lat · min(mem_thru, issue_thru)
  double warps_arithmetic = 0;  // α = ∞: alu_lat · alu_thru
  double alpha_cusp = 0;        // alu_thru / mem_thru, where arithmetic- and memory-bound branches meet
  double warps_cusp = 0;        // their sum: alu_lat·alu_thru + mem_lat·mem_thru (bound by CUDA cores)
  double alpha_max = 0;         // where the full solution (issue limit included) peaks
  double warps_max = 0;         // its peak: equal to warps_cusp, or slightly smaller when issue-bound
};
CuspAnalysis cusp_analysis(const HwParams& hw);

}  // namespace warpsim::model
