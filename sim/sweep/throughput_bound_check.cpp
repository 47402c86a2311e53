#include "sweep/throughput_bound_check.h"

namespace warpsim::sweep {

std::optional<double> throughput_bound_ratio(const SimulationPoint& p, const device::Result& r) {
  if (r.warps_executed == 0 || r.steady_stopped) return std::nullopt;
  const double bound = model::simulated_throughput_bound(*p.config, *p.kernel, &r.warp_instructions_by_pc);
  const double backlog = r.cycles == 0 ? 0 : model::pipe_backlog_cycles(*p.config, *p.kernel) / static_cast<double>(r.cycles);
  return r.ipc_per_sm / (bound * (1 + backlog));
}

}  // namespace warpsim::sweep
