// The throughput bound of the machine warpsim simulates, for the invariant "simulated throughput
// <= bound" that `run`, `sweep` and `validate` check on every simulation (Volkov 2016 §3.6's
// worksheet, with the differences between warpsim's machine and the real GPUs the worksheet
// describes; see the .cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "config/hw_config.h"
#include "isa/kernel.h"

namespace warpsim::model {

// Warp instructions per cycle per SM that the simulated hardware sustains at most on `kernel`.
// With `timed_counts` (a run's warp instructions per static instruction over its timed interval,
// device::Result::warp_instructions_by_pc) the bound is that of the mix the interval executed: a
// window that closes while warps are part-way through their loops holds, say, a few more loads per
// add than the kernel as a whole, and an ALU-bound kernel then issues slightly more instructions
// per cycle than the whole kernel's bound allows.
double simulated_throughput_bound(const config::HwConfig& cfg, const isa::Kernel& kernel,
                                  const std::vector<uint64_t>* timed_counts = nullptr);

// The shared-memory unit's queue (smem.queue_instructions) can end the interval holding work issued
// in it: up to its length in unit cycles, as a share of the interval's `cycles` (0 without a
// queue). The bound is on work the unit takes; what the SM issues may exceed it by that share.
double queued_work_share(const config::HwConfig& cfg, uint64_t cycles);

// What the bound may be exceeded by: an instruction issued just before the timed interval's end
// still holding its pipe, 1e-5 of the interval on examples/maxwell_gto.yaml at full occupancy, 0
// on the seeds' GPUs.
inline constexpr double kBoundSlack = 1e-4;
inline constexpr const char* kBoundRule =
    "simulated warp IPC per SM / (the throughput bound of Volkov's worksheet (§3.6) for the timed mix x (1 + the "
    "shared-memory queue's length over the interval)) <= 1 + 1e-4";

}  // namespace warpsim::model
