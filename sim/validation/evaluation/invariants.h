// Invariants checked on every simulation a validation run made (the guide's "Little's law on every
// run; simulated throughput <= the analytical throughput bound"): a violation is a simulator bug,
// not a modelling error, so `warpsim validate` reports it beside the cases and fails.
#pragma once

#include <string>
#include <vector>

#include "device/result.h"
#include "sweep/parallel_runner.h"

namespace warpsim::validation {

struct InvariantCheck {
  std::string name;    // short id: "littles_law", "throughput_bound"
  std::string rule;    // what must hold, in words
  size_t checked = 0;  // simulations it applied to
  size_t violated = 0;
  double worst = 0;       // the largest value of the checked quantity (see `rule`)
  std::string worst_run;  // "gpu workload params @ n warps/SM"
};

// Little's law (Volkov §3.4): mean occupancy = mean warp latency x warp throughput within 1%, both
// sides measured independently (device/collect.cpp).
using device::kLittlesLawTolerance;
// Warp-instruction throughput <= the throughput bound of the simulated machine
// (model/simulated_bound.h: Volkov's worksheet, §3.6, Table 3.4, for the mix the run's timed
// interval executed), within model::kBoundSlack.

// Accumulates the checks over simulations, one add() each. Prints nothing; `warpsim run`,
// `compare-memory`, `validate` and the Python module report the violations (violation_messages).
class InvariantChecker {
 public:
  InvariantChecker();
  void add(const sweep::SimulationPoint& p, const device::Result& r);
  const std::vector<InvariantCheck>& checks() const { return checks_; }

 private:
  std::vector<InvariantCheck> checks_;  // littles_law, throughput_bound
};

// One "warpsim: error: invariant ..." line per violated check (none when all held).
std::vector<std::string> violation_messages(const std::vector<InvariantCheck>& checks);

}  // namespace warpsim::validation
