// The throughput bound as a per-resource worksheet (Volkov 2016 §3.6, Table 3.4): every hardware
// throughput limit is a resource used exclusively for some cycles by each instruction; a warp's
// instruction mix then uses each resource for a number of cycles per warp, and the busiest
// resource bounds warp throughput.
#pragma once

#include <string>
#include <vector>

#include "config/hw_config.h"
#include "model/kernel_profile.h"

namespace warpsim::model {

struct WorksheetRow {
  std::string used_by;  // "CUDA core instructions", "2-way conflict", "Dual-issue", ...
  double cpi = 0;       // cycles of exclusive use per instruction (or per issue event), per SM
  double per_warp = 0;  // instructions (or events) per warp
  double cycles() const { return cpi * per_warp; }
};

struct WorksheetSection {
  std::string resource;  // "CUDA cores", "SFU units", "Shared memory banks", "Memory system", "Warp scheduler"
  std::vector<WorksheetRow> rows;
  double total() const;
};

struct Worksheet {
  std::vector<WorksheetSection> sections;  // resources the kernel uses, the scheduler always
  double bound_cycles = 0;                 // cycles per warp per SM of the busiest resource
  std::string bound_resource;
  // The throughput bound in warps per cycle per SM.
  double warp_throughput() const;
  const WorksheetSection* find(const std::string& resource) const;
};

Worksheet throughput_worksheet(const config::HwConfig& cfg, const isa::Kernel& kernel, const KernelProfile& profile);

// Plain-text rendering in the layout of Table 3.4 (for `warpsim bound --worksheet`).
std::string format_worksheet(const Worksheet& w);

}  // namespace warpsim::model
