// Realising a target occupancy the way Volkov 2016 §5.7 does on real GPUs: choose a block size
// and a shared-memory allocation per block so that exactly the wanted number of blocks fits on
// an SM, honouring every occupancy limit (warps, blocks, registers, shared memory with its
// allocation granularity and per-block overhead).
#pragma once

#include <string>
#include <vector>

#include "config/hw_config.h"
#include "device/result.h"
#include "isa/kernel.h"

namespace warpsim::device {

// SMs a run simulates for a requested count: 0 (or less) means the whole device; more than the
// device has is the device.
inline int simulated_sms(const config::HwConfig& cfg, int requested) {
  return requested > 0 && requested < cfg.device.sms ? requested : cfg.device.sms;
}

// Throws UserError (key --warps) when an SM of `cfg` cannot hold `warps_per_sm` warps.
void check_warps_fit(const config::HwConfig& cfg, int warps_per_sm);

// `warps_per_sm` 0 means "as many as the launch allows". Throws UserError (key --warps) when no
// block size and allocation realise the target, saying why (e.g. Maxwell cannot hold 1 block/SM
// through shared memory alone, §5.7).
LaunchRealization realize_launch(const config::HwConfig& cfg, const isa::Kernel& kernel, int warps_per_sm, int simulated_sms);

// What a block asking for `bytes` of shared memory takes of the SM's: with the fixed overhead per
// block, rounded up to the allocation granularity (Volkov §5.7).
int shared_memory_allocation(const config::HwConfig& cfg, int bytes);

// The shared memory `launch`'s resident blocks take of each SM (on Volta and later carved out of
// the L1, memory.l1.unified_bytes).
int shared_memory_reserved_per_sm(const config::HwConfig& cfg, const LaunchRealization& launch);

// Warp instructions the whole grid of `launch` issues (the kernel's per-warp count x its warps).
double grid_instructions(const config::HwConfig& cfg, const isa::Kernel& kernel, const LaunchRealization& launch);

// The most warp instructions a run may execute: tens of millions a second at best (bench/README.md),
// so more is hours to days of simulation, most likely a count typed with zeros too many.
inline constexpr double kMaxWarpInstructions = 1e12;

// Throws UserError when the grid would issue more than kMaxWarpInstructions, at the line of the
// loop or the .launch that makes it so.
void check_work_is_feasible(const config::HwConfig& cfg, const isa::Kernel& kernel, const LaunchRealization& launch);

// Occupancies as --warps writes them, runs of consecutive ones as A:B ("61, 65:100000"): a note
// about the occupancies of a long range stays one short line.
std::string occupancy_list(const std::vector<int>& warps);

}  // namespace warpsim::device
