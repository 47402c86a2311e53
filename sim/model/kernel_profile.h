// A kernel seen by the analytical models: how often each instruction runs per warp, what each
// costs on the given GPU (latencies, bank passes, transactions, reissues), and which instruction
// pairs dual-issue. Pure function of HwConfig + Kernel (Volkov 2016 §3.6-3.7).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/hw_config.h"
#include "isa/kernel.h"

namespace warpsim::model {

struct InstructionCost {
  double latency = 0;            // register-dependency latency to a dependent instruction (Table 6.2)
  double latency_to_alu = 0;     // ... when the dependent is a CUDA-core instruction (§4.7, Maxwell)
  double base_latency = 0;       // memory latency without the per-transaction increment (loads)
  int reissues = 0;              // extra issues: bank-conflict passes, extra transactions (§3.6)
  double bank_cycles = 0;        // shared-memory bank time (smem only)
  double bytes_transferred = 0;  // global memory only
  double bytes_requested = 0;
  int transactions = 0;
  std::string label;  // access-pattern label for worksheets ("" if not memory)
};

struct KernelProfile {
  std::vector<int64_t> counts;              // executions per warp of each static instruction
  std::vector<InstructionCost> costs;       // per static instruction
  std::vector<bool> dual_issued_with_next;  // pc issues together with pc + 1 (§3.8)
  isa::InstructionMix mix;
  double instructions = 0;  // executed per warp
  double alu = 0, sfu = 0, dp = 0, smem = 0, loads = 0, stores = 0, barriers = 0, control = 0;
  double global_mem = 0;       // loads + stores
  double bytes_requested = 0;  // global, per warp
  double bytes_transferred = 0;
  double mean_mem_latency = 0;       // over global memory instructions, with transaction increments
  double mean_mem_base_latency = 0;  // memory.latency_cycles for all patterns
  double dual_issues = 0;            // issue events carrying two instructions, per warp
  double reissues = 0;               // per warp
  // True when the kernel holds only CUDA-core, global-memory and control instructions: the
  // two-class kernels on which chapter 7 evaluates the prior models.
  bool two_class() const { return sfu == 0 && dp == 0 && smem == 0 && barriers == 0; }
};

KernelProfile profile_kernel(const config::HwConfig& cfg, const isa::Kernel& kernel);
// The same with other executions per static instruction than the kernel's own (`counts`, one per pc).
KernelProfile profile_kernel(const config::HwConfig& cfg, const isa::Kernel& kernel, std::vector<int64_t> counts);

// Dual-issue pairing (§3.8): with scheduler.width >= 2, instruction pc pairs with pc + 1 when both
// run equally often in the same loop body, the second neither reads nor writes a register the
// first writes, they are not both memory instructions (one load/store port: "load instructions
// are not paired with other load instructions"), and neither is a barrier. Greedy, in order.
std::vector<bool> dual_issue_pairs(const config::HwConfig& cfg, const isa::Kernel& kernel);

// The register-dependency latency from `producer` to `consumer` (§3.7, §4.7).
double dependency_latency(const InstructionCost& producer, isa::OpClass consumer);

}  // namespace warpsim::model
