#include "device/occupancy.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "common/user_error.h"

namespace warpsim::device {
namespace {

int round_up(int v, int unit) { return (v + unit - 1) / unit * unit; }

// Registers one warp of the kernel holds, in the SM's allocation units (0: the kernel sets none).
int registers_per_warp(const config::HwConfig& cfg, const isa::Kernel& k) {
  return k.launch.registers_per_thread > 0 ? round_up(k.launch.registers_per_thread * cfg.sm.warp_size, cfg.sm.register_alloc_unit) : 0;
}

// Blocks of `block_warps` that fit on an SM without any shared-memory limit; sets `why`.
int natural_limit(const config::HwConfig& cfg, const isa::Kernel& k, int block_warps, std::string& why) {
  int limit = cfg.sm.max_blocks;
  why = "blocks";
  if (cfg.sm.max_warps / block_warps < limit) limit = cfg.sm.max_warps / block_warps, why = "warps";
  if (const int per_warp = registers_per_warp(cfg, k); per_warp > 0) {
    const int by_regs = cfg.sm.registers / (per_warp * block_warps);
    if (by_regs < limit) limit = by_regs, why = "registers";
  }
  const int own = k.launch.shared_memory_per_block;
  if (own > 0) {
    const int alloc = shared_memory_allocation(cfg, own);
    const int by_smem = cfg.sm.shared_memory_bytes / alloc;
    if (by_smem < limit) limit = by_smem, why = "shared memory";
  }
  return limit;
}

// Tries to hold exactly `blocks` blocks of `block_warps`; fills `out` and returns true on success.
bool try_block_size(const config::HwConfig& cfg, const isa::Kernel& k, int block_warps, int blocks, LaunchRealization& out) {
  if (block_warps * cfg.sm.warp_size > cfg.sm.max_threads_per_block) return false;
  std::string why;
  const int natural = natural_limit(cfg, k, block_warps, why);
  if (natural < blocks) return false;
  int smem = k.launch.shared_memory_per_block;
  const bool fill = k.launch.fill_shared_memory;
  if (natural > blocks || fill) {
    // Allocate shared memory so that only `blocks` fit (§5.7): the largest allocation that still
    // lets `blocks` blocks in must already keep block number blocks+1 out. Filling, the blocks take
    // it whether or not something else limits them, at most the per-block maximum.
    const int gran = cfg.sm.shared_memory_alloc_granularity_bytes;
    const int alloc = cfg.sm.shared_memory_bytes / blocks / gran * gran;
    if (alloc == 0 || (!fill && cfg.sm.shared_memory_bytes / alloc != blocks)) return false;
    smem = alloc - cfg.sm.shared_memory_block_overhead_bytes;
    if (fill) smem = std::min(smem, cfg.sm.max_shared_memory_per_block_bytes);
    if (smem > cfg.sm.max_shared_memory_per_block_bytes || smem < k.launch.shared_memory_per_block) return false;
    if (fill) {
      const int fits = cfg.sm.shared_memory_bytes / shared_memory_allocation(cfg, smem);
      if (fits < blocks || (fits > blocks && natural > blocks)) return false;
    }
    if (natural > blocks) why = "shared memory";
  }
  out.block_threads = block_warps * cfg.sm.warp_size;
  out.blocks_per_sm = blocks;
  out.warps_per_sm = blocks * block_warps;
  out.shared_memory_per_block = smem;
  out.limited_by = why;
  return true;
}

// Warps in the block the kernel fixes (`.launch threads_per_block`, rounded up to whole warps),
// or 0 where --warps chooses the block size.
int fixed_block_warps(const config::HwConfig& cfg, const isa::Kernel& k) {
  const int threads = k.launch.threads_per_block;
  return threads > 0 ? (threads + cfg.sm.warp_size - 1) / cfg.sm.warp_size : 0;
}

// A block the kernel fixes (`.launch`) that no SM of `cfg` can hold at all is the workload's
// error, not the occupancy's: named at the workload's line and key, whatever --warps asks.
void check_launch_fits(const config::HwConfig& cfg, const isa::Kernel& k) {
  const isa::LaunchSpec& l = k.launch;
  const auto error = [&](const char* key, const std::string& what) {
    return UserError(Diagnostic{k.source, l.line, 0, key, fmt::format("{} on {}", what, cfg.gpu.name)});
  };
  if (l.threads_per_block > cfg.sm.max_threads_per_block)
    throw error("threads_per_block", fmt::format("a block of {} threads exceeds the {} threads per block allowed", l.threads_per_block,
                                                 cfg.sm.max_threads_per_block));
  // A partial last warp would run with every lane active (the access patterns know no inactive
  // lanes past the block's end), moving more bytes than the kernel does: refused, not guessed.
  if (const int below = l.threads_per_block / cfg.sm.warp_size * cfg.sm.warp_size; below != l.threads_per_block) {
    const int above = below + cfg.sm.warp_size;
    throw error("threads_per_block", fmt::format("{} threads are not a whole number of {}-thread warps (a partial warp is not simulated): "
                                                 "make the block {} threads",
                                                 l.threads_per_block, cfg.sm.warp_size,
                                                 below > 0 ? fmt::format("{} or {}", below, above) : std::to_string(above)));
  }
  if (l.shared_memory_per_block > cfg.sm.max_shared_memory_per_block_bytes)
    throw error("shared_memory_per_block", fmt::format("{} B of shared memory per block exceed the {} B per block allowed",
                                                       l.shared_memory_per_block, cfg.sm.max_shared_memory_per_block_bytes));
  const int block_warps = std::max(1, fixed_block_warps(cfg, k));
  if (const int64_t per_warp = registers_per_warp(cfg, k); per_warp > 0) {
    if (per_warp * block_warps > cfg.sm.registers)
      throw error("registers_per_thread", fmt::format("{} registers per thread for a block of {} warps exceed the SM's {} registers",
                                                      l.registers_per_thread, block_warps, cfg.sm.registers));
  }
}

}  // namespace

int shared_memory_allocation(const config::HwConfig& cfg, int bytes) {
  return round_up(bytes + cfg.sm.shared_memory_block_overhead_bytes, cfg.sm.shared_memory_alloc_granularity_bytes);
}

int shared_memory_reserved_per_sm(const config::HwConfig& cfg, const LaunchRealization& launch) {
  return launch.blocks_per_sm * shared_memory_allocation(cfg, launch.shared_memory_per_block);
}

void check_warps_fit(const config::HwConfig& cfg, int warps_per_sm) {
  if (warps_per_sm > cfg.sm.max_warps)
    throw UserError(
        Diagnostic{"<cli>", 0, 0, "--warps",
                   fmt::format("{} warps/SM exceed the {} warps an SM of {} holds", warps_per_sm, cfg.sm.max_warps, cfg.gpu.name)});
}

LaunchRealization realize_launch(const config::HwConfig& cfg, const isa::Kernel& kernel, int warps_per_sm, int simulated_sms) {
  check_launch_fits(cfg, kernel);
  const int fixed_block = fixed_block_warps(cfg, kernel);
  int target = warps_per_sm;
  if (target == 0) {  // as many warps as fit, with the kernel's block size or 8-warp blocks
    const int bw = fixed_block ? fixed_block : std::min({8, cfg.sm.max_threads_per_block / cfg.sm.warp_size, cfg.sm.max_warps});
    std::string why;
    target = natural_limit(cfg, kernel, bw, why) * bw;
  }
  check_warps_fit(cfg, target);
  LaunchRealization r;
  bool ok = false;
  if (fixed_block) {
    ok = target % fixed_block == 0 && try_block_size(cfg, kernel, fixed_block, target / fixed_block, r);
  } else {
    if (kernel.launch.fill_shared_memory) {
      // The suite's plan (validation/microbench, microbench_occupancy.cpp): blocks of as many warps
      // as the target and the schedulers have in common, more where the SM's block limit needs it.
      int bw = std::gcd(target, cfg.scheduler.count);
      while (target / bw > cfg.sm.max_blocks) {
        do ++bw;
        while (target % bw != 0);
      }
      ok = try_block_size(cfg, kernel, bw, target / bw, r);
    }
    // Smallest block size first: short blocks give the least occupancy variance (§5.8).
    for (int bw = 1; bw <= target && !ok; ++bw)
      if (target % bw == 0) ok = try_block_size(cfg, kernel, bw, target / bw, r);
  }
  bool one_wave = false;
  if (!ok) {
    // Shared memory cannot hold the SM to this many blocks (e.g. 1 block/SM on Maxwell, §5.7):
    // launch exactly one wave instead, so the grid size itself bounds the occupancy.
    for (int bw = fixed_block ? fixed_block : 1; bw <= target && !ok; bw += fixed_block ? target : 1) {
      if (target % bw != 0 || bw * cfg.sm.warp_size > cfg.sm.max_threads_per_block) continue;
      std::string why;
      if (natural_limit(cfg, kernel, bw, why) < target / bw) continue;
      r.block_threads = bw * cfg.sm.warp_size;
      r.blocks_per_sm = target / bw;
      r.warps_per_sm = target;
      r.shared_memory_per_block = kernel.launch.shared_memory_per_block;
      r.limited_by = "grid size (one wave)";
      ok = one_wave = true;
    }
  }
  if (!ok)
    throw UserError(Diagnostic{
        "<cli>", 0, 0, "--warps",
        fmt::format("cannot realise {} warps/SM on {}: no block size{} and shared-memory allocation "
                    "gives exactly that many resident warps (limits: {} warps, {} blocks, {}{} B shared "
                    "memory with {} B granularity, {} B per block; Volkov 2016 §5.7)",
                    target, cfg.gpu.name, fixed_block ? fmt::format(" of {} threads", kernel.launch.threads_per_block) : "",
                    cfg.sm.max_warps, cfg.sm.max_blocks,
                    kernel.launch.registers_per_thread > 0
                        ? fmt::format("{} registers at the kernel's {} per thread, ", cfg.sm.registers, kernel.launch.registers_per_thread)
                        : "",
                    cfg.sm.shared_memory_bytes, cfg.sm.shared_memory_alloc_granularity_bytes, cfg.sm.max_shared_memory_per_block_bytes)});
  if (one_wave && kernel.launch.grid != isa::GridKind::Fixed) {
    r.total_blocks = int64_t{r.blocks_per_sm} * simulated_sms;
    return r;
  }
  switch (kernel.launch.grid) {
    case isa::GridKind::Oversubscribed:
      if (kernel.launch.device_blocks > 0) {
        const double share = static_cast<double>(kernel.launch.device_blocks) * simulated_sms / cfg.device.sms;
        r.total_blocks = std::max<int64_t>(int64_t{r.blocks_per_sm} * simulated_sms, std::llround(share));
      } else {
        r.total_blocks = int64_t{kernel.launch.blocks_per_slot} * r.blocks_per_sm * simulated_sms;
      }
      break;
    case isa::GridKind::Persistent:
      r.total_blocks = int64_t{r.blocks_per_sm} * simulated_sms;
      break;
    case isa::GridKind::Fixed:
      r.total_blocks = kernel.launch.blocks;
      break;
  }
  return r;
}

std::string occupancy_list(const std::vector<int>& warps) {
  std::string out;
  for (size_t i = 0; i < warps.size();) {
    size_t j = i;
    while (j + 1 < warps.size() && warps[j + 1] == warps[j] + 1) ++j;
    out += (out.empty() ? "" : ", ") + (j > i + 1 ? fmt::format("{}:{}", warps[i], warps[j]) : std::to_string(warps[i]));
    if (j == i + 1) out += ", " + std::to_string(warps[j]);
    i = j + 1;
  }
  return out;
}

double grid_instructions(const config::HwConfig& cfg, const isa::Kernel& kernel, const LaunchRealization& launch) {
  const double warps = static_cast<double>(launch.total_blocks) * launch.block_threads / cfg.sm.warp_size;
  return static_cast<double>(isa::instruction_mix(kernel).total) * warps;
}

void check_work_is_feasible(const config::HwConfig& cfg, const isa::Kernel& kernel, const LaunchRealization& launch) {
  // Refused up front (kMaxWarpInstructions), not after hours.
  const double work = grid_instructions(cfg, kernel, launch);
  if (work <= kMaxWarpInstructions) return;
  // Named at the larger factor: the loop run most often (a count with zeros too many), or the grid.
  const isa::Loop* longest = nullptr;
  for (const auto& l : kernel.loops)
    if (longest == nullptr || l.count > longest->count) longest = &l;
  const double warps = static_cast<double>(launch.total_blocks) * launch.block_threads / cfg.sm.warp_size;
  // A generator's lines are its own text, not the user's: its loop counts come from --param.
  const bool generated = kernel.source.rfind("generator:", 0) == 0;
  Diagnostic d{kernel.source, 0, 0, generated ? "--param" : "workload", ""};
  std::string culprit;
  if (longest != nullptr && static_cast<double>(longest->count) >= warps) {
    culprit = fmt::format("the loop of {} iterations", longest->count);
    if (longest->line > 0 && !generated) d.line = longest->line, d.key = ".loop";
  } else {
    culprit = fmt::format("the grid of {:.3g} warps", warps);
    if (kernel.launch.line > 0 && !generated) d.line = kernel.launch.line, d.key = ".launch";
  }
  d.message = fmt::format("the grid would execute {:.3g} warp instructions (more than {:.0e}: hours to days of simulation): lower {}", work,
                          kMaxWarpInstructions, culprit);
  throw UserError(d);
}

}  // namespace warpsim::device
