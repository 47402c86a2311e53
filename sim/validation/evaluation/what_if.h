// What-if occupancies beyond a GPU's limit. Where the real GPU attains a throughput only at its
// largest occupancy and the simulator does not, "not attained" says nothing of by how much. The
// simulator can answer the question Volkov 2016 §3.10 leaves open ("if such were supported"): run
// the same kernel on a what-if SM with `factor` times the resources that bound occupancy (warp
// slots, block slots, registers, shared memory), everything else unchanged.
#pragma once

#include "config/hw_config.h"
#include "validation/cases/case_spec.h"

namespace warpsim::validation {

// `run` on the what-if SM, at the occupancies above the GPU's limit (whole warps per scheduler,
// §5.8) up to `factor` times it.
RunSpec beyond_limit_run(const RunSpec& run, const config::HwConfig& cfg, double factor);

}  // namespace warpsim::validation
