// What one warp-level memory instruction costs, from its access pattern and the GPU's rules:
// memory transactions and bytes (coalescing, Volkov 2016 §2.5) and shared-memory bank passes
// (§2.6). The per-thread addresses are generated from the pattern and the rules applied to them,
// so no conflict degree or transaction count is ever entered by hand.
#pragma once

#include "config/hw_config.h"
#include "isa/kernel.h"

namespace warpsim::model {

struct GlobalAccessCost {
  int transactions = 0;           // memory transactions per warp instruction
  double bytes_transferred = 0;   // their total size
  double bytes_requested = 0;     // active threads x bytes (what the seeds count as GB/s)
  int baseline_transactions = 0;  // of a fully coalesced 32-bit access under the same rules (§6.7)
  int issue_steps = 0;            // LSU passes: transactions, or 128-byte lines on cc 3.x-5.x (mem::Segment)
  int baseline_issue_steps = 0;   // of the fully coalesced access
  // Passes beyond the coalesced case: each is a reissue (§3.6, §7.4) and adds
  // lsu.transaction_issue_cycles of latency (Table 6.7).
  int extra_issue_steps() const { return issue_steps > baseline_issue_steps ? issue_steps - baseline_issue_steps : 0; }
};

struct SharedAccessCost {
  int conflict_degree = 1;  // largest number of distinct words one bank serves in a pass
  int passes = 1;           // 2 when half-warps are processed separately (G80, GT200)
  int reissues = 0;         // extra passes caused by conflicts (§3.6: reissued once per 2-way conflict)
  double bank_cycles = 1;   // cycles the banks are busy with the instruction (Table 3.4 "CPI")
};

// `block_x`: the kernel's threads per block row (LaunchSpec::block_x), which places an affine
// access's lanes.
GlobalAccessCost global_access_cost(const config::HwConfig& cfg, const isa::AccessPattern& pattern, int block_x = 0);
SharedAccessCost shared_access_cost(const config::HwConfig& cfg, const isa::AccessPattern& pattern);

// Short label of a pattern for worksheets: "fully coalesced", "stride-2", "2-way conflict", ...
std::string pattern_label(const isa::AccessPattern& pattern, bool shared);

}  // namespace warpsim::model
