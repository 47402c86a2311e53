// The throughput-bound invariant of one simulated point, as `run`, `sweep`, `compare-memory`,
// `validate` and the Python module check it: simulated warp IPC per SM over the bound of the
// simulated machine for the mix the run's timed interval executed (model/simulated_bound.h).
#pragma once

#include <optional>

#include "device/result.h"
#include "model/simulated_bound.h"
#include "sweep/parallel_runner.h"

namespace warpsim::sweep {

// IPC / bound; nullopt where the invariant does not apply: no warp ran, or the run stopped once
// steady (device/steady_state.h), whose throughput is an estimate with a confidence interval.
std::optional<double> throughput_bound_ratio(const SimulationPoint& p, const device::Result& r);

inline bool within_throughput_bound(double ratio) { return ratio <= 1 + model::kBoundSlack; }

}  // namespace warpsim::sweep
