// The refined model (Volkov 2016 §6.4-6.5): memory latency grows with memory throughput as
// a + b·λ/(c − λ) (λ in GB/s; a, b, c fitted per GPU, Table 6.5, read from the config), and the
// basic model's fixed point x = min(n / Latency(λ(x)), throughput bound) is solved by bisection.
#pragma once

#include <functional>

#include "model/estimate.h"
#include "model/hw_params.h"
#include "model/model_context.h"

namespace warpsim::model {

struct Contention {
  double a_cycles = 0, b_cycles = 0, c_gbps = 0;
  double latency(double gbps) const;  // a + b·λ/(c − λ); +inf at and beyond c
};
Contention contention_of(const config::HwConfig& cfg);

// The root of x = rhs(x) on [0, hi] for a non-increasing rhs (bisection, §6.5).
double solve_fixed_point(const std::function<double(double)>& rhs, double hi);

// The general kernel: latency bound with memory latency from the contention model.
Estimate refined_estimate(const ModelContext& c, double n);

// The α-mix per repeating group: memory IPC/SM solving
// x = min(n / (a + b·λ(x)/(c − λ(x)) + α·alu_lat), mem_thru, alu_thru/α, issue_thru/(α+1)).
double refined_alpha_mix_memory_ipc(const HwParams& hw, const Contention& k, double alpha, double n);

}  // namespace warpsim::model
