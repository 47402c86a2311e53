#include "model/prior/huang.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace warpsim::model {

HuangInput huang_input(const ModelContext& c) {
  const KernelProfile& p = c.profile;
  HuangInput in;
  in.insts = p.instructions;
  in.mem = p.global_mem;
  in.total_cycles = c.latency_unloaded.cycles;
  in.intervals = c.latency_unloaded.intervals;
  in.mem_lat = p.mean_mem_base_latency;
  double txn = 0;
  for (size_t pc = 0; pc < c.kernel.code.size(); ++pc)
    if (isa::is_global_memory(c.kernel.code[pc].cls)) txn += p.counts[pc] * p.costs[pc].transactions;
  in.transactions = p.global_mem > 0 ? txn / p.global_mem : 1;
  in.transaction_bytes = txn > 0 ? p.bytes_transferred / txn : kCoalescedWarpBytes;
  in.issue_units = c.hw.issue_thru;
  in.sms = c.hw.sms;
  in.clock_ghz = c.hw.clock_ghz;
  in.pin_gbps = c.cfg.memory.pin_bandwidth_gbps;
  in.mshrs = c.cfg.lsu.mshrs;
  return in;
}

HuangInput huang_alpha_mix(const config::HwConfig& cfg, double alpha, double transactions) {
  const HwParams hw = derive_hw_params(cfg);
  HuangInput in;
  const bool adds_only = std::isinf(alpha);
  in.insts = adds_only ? 1 : alpha + 1;
  in.mem = adds_only ? 0 : 1;
  in.total_cycles = adds_only ? hw.alu_lat : hw.mem_lat + alpha * hw.alu_lat;
  // Back-to-back dependent: every instruction is an interval, stalled for its latency minus one.
  in.intervals[{1, static_cast<int64_t>(hw.alu_lat) - 1}] = adds_only ? 1 : alpha;
  if (!adds_only) in.intervals[{1, static_cast<int64_t>(hw.mem_lat) - 1}] += 1;
  in.mem_lat = hw.mem_lat;
  in.transactions = transactions;
  in.transaction_bytes = kCoalescedWarpBytes;
  in.issue_units = hw.issue_thru;
  in.sms = hw.sms;
  in.clock_ghz = hw.clock_ghz;
  in.pin_gbps = cfg.memory.pin_bandwidth_gbps;
  in.mshrs = cfg.lsu.mshrs;
  return in;
}

HuangTerms huang_terms(const HuangInput& in, double n, HuangPolicy policy, bool bandwidth, std::string* na) {
  HuangTerms t;
  const double n_core = n / in.issue_units;
  const double others = std::max(0.0, n_core - 1);  // fewer warps than issue units: none to overlap
  t.p = in.insts / in.total_cycles;                 // Eq. 9
  for (const auto& [key, count] : in.intervals) {
    const double size = static_cast<double>(key.first), stall = static_cast<double>(key.second);
    if (policy == HuangPolicy::RoundRobin) {
      t.no += count * t.p * others * (size - 1);  // Eq. 10-11
    } else {
      // An interval with no stall after it hides nothing, whatever its length; longer intervals
      // that do stall need Eq. 12-15 in full, which the seeds give for one instruction only.
      if (key.first != 1 && key.second > 0 && na)
        *na = "greedy-then-oldest form given in the seeds for one-instruction intervals only (§7.6)";
      t.no += count * std::max(0.0, std::min(t.p * stall, 1.0) * others - stall);  // Eq. 12-16, typos fixed
    }
  }
  t.cpi_multithreading = (in.total_cycles + t.no) / (n_core * in.insts);  // Eq. 7, reciprocal
  t.cpi_final = t.cpi_multithreading;
  if (!bandwidth || in.mem == 0) return t;
  const double cores = static_cast<double>(in.sms) * in.issue_units;
  const double core_reqs = n_core * in.transactions;  // Eq. 18
  if (in.mshrs > 0 && core_reqs * in.issue_units > in.mshrs && na)
    *na = fmt::format("{:g} requests exceed the {} MSHRs: MSHR_delay (Huang Eq. 20) is not given in the seeds", core_reqs * in.issue_units,
                      in.mshrs);
  t.lambda = core_reqs * cores / in.mem_lat;                                                            // Eq. 23
  t.s = in.clock_ghz * in.transaction_bytes / in.pin_gbps;                                              // cycles to serve one request
  t.rho = t.lambda * t.s;                                                                               // Eq. 22
  t.bandwidth_delay = std::min(t.lambda * t.s * t.s / (2 * (1 - t.rho)), t.s * core_reqs * cores / 2);  // Eq. 21
  t.cpi_final += in.mem * t.bandwidth_delay / in.insts;                                                 // Eq. 17, Eq. 3
  return t;
}

Estimate huang(const HuangInput& in, double n, HuangPolicy policy, bool bandwidth) {
  std::string na;
  const HuangTerms t = huang_terms(in, n, policy, bandwidth, &na);
  if (!na.empty()) return Estimate::na(na);
  Estimate e = Estimate::of(in.issue_units / (t.cpi_final * in.insts));
  if (bandwidth && in.mem > 0 && t.rho >= 1)
    e.flag = fmt::format("rho = {:.4g} >= 1: queue utilization above 1 (model flaw, Volkov 2016 §6.4, §7.7)", t.rho);
  if (t.cpi_final < 0) e.flag += std::string(e.flag.empty() ? "" : "; ") + "negative execution time: model flaw (Volkov 2016 §7.7-7.8)";
  return e;
}

Estimate huang(const ModelContext& c, double n, HuangPolicy policy, bool bandwidth) { return huang(huang_input(c), n, policy, bandwidth); }

}  // namespace warpsim::model
