// Huang et al. 2014, GPUMech (Volkov 2016 §7.5-7.8). A representative warp's stall-free intervals
// and its execution time alone (total_cycles) give the issue probability p = instructions /
// total_cycles (Eq. 9) and IPC = n·instructions / (total_cycles + NO) (Eq. 7, typo fixed). NO, the
// non-overlapped instructions, follows the scheduling policy: round-robin (Eq. 10-11) or
// greedy-then-oldest (Eq. 12-16, typos fixed, given in the seeds for one-instruction intervals).
// The optional resource-contention term adds Bandwidth_delay from an M/D/1-like queue with
// ρ = λ·s (Eq. 17-23) — which can exceed 1 and make execution times negative (§7.7-7.8): such
// results are reported as computed, and flagged.
// One "core" of the model issues 1 instruction per cycle: n is taken per 1-IPC issue unit
// (per SM on Fermi, per scheduler on Kepler and Maxwell, §7.5) and the result scaled back.
#pragma once

#include "model/estimate.h"
#include "model/latency_bound.h"
#include "model/model_context.h"

namespace warpsim::model {

enum class HuangPolicy { RoundRobin, GreedyThenOldest };

struct HuangInput {
  double insts = 0;         // instructions per warp
  double mem = 0;           // memory instructions per warp (intervals with a bandwidth delay)
  double total_cycles = 0;  // the warp alone, no throughput limits (§7.5)
  IntervalHistogram intervals;
  double mem_lat = 0;       // unloaded memory latency (λ, Eq. 23)
  double transactions = 1;  // per memory instruction (Eq. 18: #core_reqs = n · transactions)
  double transaction_bytes = 128;
  double issue_units = 1;  // 1-IPC issue units per SM (issue_thru)
  int sms = 1;             // "#cores" of the paper are SMs x issue units
  double clock_ghz = 1;
  double pin_gbps = 1;  // the time to serve a request uses pin bandwidth (§7.7)
  int mshrs = 0;        // per SM; 0 = enough for every request
};

struct HuangTerms {
  double p = 0, no = 0, cpi_multithreading = 0;
  double lambda = 0, s = 0, rho = 0, bandwidth_delay = 0, cpi_final = 0;  // per core
};

HuangInput huang_input(const ModelContext& c);
// The α-mix group on this GPU: α one-instruction intervals after adds, one after the load.
HuangInput huang_alpha_mix(const config::HwConfig& cfg, double alpha, double transactions = 1);

// Terms and estimate; nullopt-like "n/a" when the seeds do not give the needed form.
HuangTerms huang_terms(const HuangInput& in, double n, HuangPolicy policy, bool bandwidth, std::string* na = nullptr);
Estimate huang(const HuangInput& in, double n, HuangPolicy policy, bool bandwidth);
Estimate huang(const ModelContext& c, double n, HuangPolicy policy, bool bandwidth);

}  // namespace warpsim::model
