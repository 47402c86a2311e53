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

// The most unit time one pipe can hold past the timed interval's end, in its cycles: a pipe takes
// an instruction while its backlog is under its window (an issue slot, plus the shared-memory
// queue, smem.queue_instructions) and that instruction adds its own occupancy (threads / rate, or
// its bank passes). So each pipe may have taken up to this much more than the interval's length
// of work, and the binding unit's instructions exceed the bound by at most this share of the
// interval: one 32-thread SFU op at 0.1 ops/cycle holds its pipe 320 cycles.
double pipe_backlog_cycles(const config::HwConfig& cfg, const isa::Kernel& kernel);

// What the bound may be exceeded by besides the pipes' backlog: rounding of the cycle counts.
inline constexpr double kBoundSlack = 1e-4;
inline constexpr const char* kBoundRule =
    "simulated warp IPC per SM / (the throughput bound of Volkov's worksheet (§3.6) for the timed mix x (1 + the most "
    "work one pipe may hold past the interval's end, over the interval)) <= 1 + 1e-4";

}  // namespace warpsim::model
