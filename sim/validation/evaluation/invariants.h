// Invariants checked on every simulation a validation run made (the guide's "Little's law on every
// run; simulated throughput <= the analytical throughput bound"): a violation is a simulator bug,
// not a modelling error, so `warpsim validate` reports it beside the cases and fails.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "device/result.h"
#include "sweep/parallel_runner.h"

namespace warpsim::validation {

struct InvariantCheck {
  std::string name;       // short id: "littles_law", "throughput_bound"
  std::string rule;       // what must hold, in words
  size_t checked = 0;     // simulations it applied to
  size_t violated = 0;
  double worst = 0;       // the largest value of the checked quantity (see `rule`)
  std::string worst_run;  // "gpu workload params @ n warps/SM"
};

// Little's law (Volkov §3.4): mean occupancy = mean warp latency x warp throughput within 1%, both
// sides measured independently (device/collect.cpp).
using device::kLittlesLawTolerance;
// Warp-instruction throughput <= the throughput bound of Volkov's worksheet (§3.6, Table 3.4) for
// the simulated GPU. Models other than `fixed` move bytes at the pin bandwidth, not the measured
// peak the basic model assumes, so their bound uses memory.pin_bandwidth_gbps (Table 2.7); behind
// caches the memory row is the fastest level that can serve the bytes; and it leaves out the worksheet's Reissue row, a real GPU's cost that warpsim's schedulers do not
// pay (instruction_throughput_bound).
// The timed window holds the same work for every instruction class (sm::WindowTally); without
// that rule, stores queued at the bound put store-heavy kernels up to 1.5% above it.
// What remains is an instruction issued just before the window's end still holding its pipe:
// 1e-5 of the window on examples/maxwell_gto.yaml at full occupancy, 0 on the seeds' GPUs.
inline constexpr double kBoundSlack = 1e-4;

// Accumulates the checks over simulations, one add() each. Prints nothing; `warpsim run` and
// `warpsim validate` report the violations (violation_messages). The throughput bound is checked
// only where `with_bound` (`validate`; `run` checks Little's law only).
class InvariantChecker {
 public:
  explicit InvariantChecker(bool with_bound = true);
  void add(const sweep::SimulationPoint& p, const device::Result& r);
  const std::vector<InvariantCheck>& checks() const { return checks_; }

 private:
  bool with_bound_ = true;
  std::vector<InvariantCheck> checks_;                                  // littles_law[, throughput_bound]
  // One worksheet per (config, kernel). The key holds them alive: an address freed and reused
  // by another config or kernel would otherwise find the old one's bound.
  std::map<std::pair<std::shared_ptr<const config::HwConfig>, std::shared_ptr<const isa::Kernel>>, double> bounds_;
};

// Warp instructions per cycle per SM that the simulated hardware sustains at most (see kBoundSlack).
double instruction_throughput_bound(const config::HwConfig& cfg, const isa::Kernel& k);

// One "warpsim: error: invariant ..." line per violated check (none when all held).
std::vector<std::string> violation_messages(const std::vector<InvariantCheck>& checks);

}  // namespace warpsim::validation
