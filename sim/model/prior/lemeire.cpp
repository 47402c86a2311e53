#include "model/prior/lemeire.h"

#include <algorithm>

namespace warpsim::model {

PipelineLoad pipeline_load(const ModelContext& c) {
  const auto lambda = pipeline_issue_latency(c.cfg, c.profile, c.kernel);
  PipelineLoad load;
  load.chain = c.latency_pipeline.cycles;
  for (size_t pc = 0; pc < c.kernel.code.size(); ++pc) {
    const isa::OpClass cls = c.kernel.code[pc].cls;
    const double busy = c.profile.counts[pc] * lambda[isa::index(cls)];
    (isa::is_memory(cls) ? load.memory : load.compute) += busy;
  }
  return load;
}

Estimate lemeire(const PipelineLoad& load, double n) {
  const double busiest = std::max(load.compute, load.memory);
  return Estimate::of(std::min(n / load.chain, 1 / busiest), load.chain / busiest);
}

Estimate lemeire(const ModelContext& c, double n) { return lemeire(pipeline_load(c), n); }

}  // namespace warpsim::model
