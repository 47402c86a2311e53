// Lemeire et al. 2016 pipeline model (§IV): every instruction class is characterised by an issue
// latency λ (cycles between independent warp instructions on a compute unit, the inverse of its
// peak rate) and a completion latency Λ (until a dependent may issue). A compute pipeline (CUDA
// cores, SFUs, control) and a memory pipeline (shared and global memory) each issue their
// instructions back to back; a warp's dependent chain takes the longest path of completion
// latencies with λ between consecutive instructions. With n warps:
//   warp throughput = min(n / chain, 1 / max(Σ λ over compute, Σ λ over memory)).
// Unlike Volkov's model it has no separate issue limit, dual issue or warp termination latency.
#pragma once

#include "model/estimate.h"
#include "model/model_context.h"

namespace warpsim::model {

struct PipelineLoad {
  double chain = 0;    // cycles: one warp alone (completion latencies on its longest path)
  double compute = 0;  // cycles per warp the compute pipeline is busy (Σ λ)
  double memory = 0;   // cycles per warp the memory pipeline is busy
};
PipelineLoad pipeline_load(const ModelContext& c);

Estimate lemeire(const PipelineLoad& load, double n);
Estimate lemeire(const ModelContext& c, double n);

}  // namespace warpsim::model
