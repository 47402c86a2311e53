#include "microbench_occupancy.h"

#include <algorithm>
#include <numeric>

namespace warpsim::validation {

int blocks_fitting(const SmLimits& limits, int64_t dynamic_shared) {
  const int64_t g = limits.shared_alloc_granularity;
  const int64_t per_block = (dynamic_shared + limits.reserved_shared_per_block + g - 1) / g * g;
  return per_block > 0 ? static_cast<int>(limits.shared_memory_bytes / per_block) : 0;
}

std::optional<OccupancyPlan> plan_occupancy(int warps_per_sm, const SmLimits& limits, int64_t min_dynamic_shared) {
  if (warps_per_sm < 1 || warps_per_sm > limits.max_warps) return std::nullopt;
  int block_warps = std::gcd(warps_per_sm, limits.schedulers);
  while (warps_per_sm / block_warps > limits.max_blocks) {
    do ++block_warps;
    while (warps_per_sm % block_warps != 0);
  }
  if (block_warps * 32 > limits.max_threads_per_block) return std::nullopt;
  OccupancyPlan p;
  p.warps_per_sm = warps_per_sm;
  p.block_warps = block_warps;
  p.blocks_per_sm = warps_per_sm / block_warps;
  // Largest granule-aligned footprint of which exactly blocks_per_sm fit (§5.7).
  const int64_t g = limits.shared_alloc_granularity;
  const int64_t footprint = limits.shared_memory_bytes / p.blocks_per_sm / g * g;
  p.dynamic_shared_bytes = std::min(footprint - limits.reserved_shared_per_block, limits.max_shared_per_block);
  if (p.dynamic_shared_bytes < min_dynamic_shared) return std::nullopt;
  // One block more must not fit, unless the warp limit already stops it.
  const bool warp_limited = (p.blocks_per_sm + 1) * block_warps > limits.max_warps || p.blocks_per_sm + 1 > limits.max_blocks;
  if (blocks_fitting(limits, p.dynamic_shared_bytes) < p.blocks_per_sm) return std::nullopt;
  if (!warp_limited && blocks_fitting(limits, p.dynamic_shared_bytes) > p.blocks_per_sm) return std::nullopt;
  return p;
}

namespace {

bool has(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

// Hopper: the H100 SXM5 reports "NVIDIA H100 80GB HBM3"; the SM count tells the variants apart.
// H100 NVL and H200 NVL (PCIe cards, lower clocks) and GH200 (a different memory) have no config.
std::string hopper_name(const std::string& name, int sms) {
  if (has(name, "NVL") || has(name, "GH200")) return "";
  if (has(name, "H200")) return sms == 132 ? "h200" : "";  // "NVIDIA H200" (SXM, 141 GB)
  if (!has(name, "H100")) return "";
  if (has(name, "PCIe")) return sms == 114 ? "h100_pcie" : "";
  if (sms == 132) return "h100_sxm";
  if (sms == 114) return "h100_pcie";
  return "";
}

}  // namespace

std::string warpsim_gpu_name(const std::string& device_name, int sms) {
  // Volta: "Tesla V100-SXM2-16GB" and "-32GB" (the same SM, clock and bus; only the stacks are
  // taller). PCIe and SXM3 cards run other clocks.
  if (has(device_name, "V100-SXM2-")) return sms == 80 ? "v100" : "";
  // Ampere: "NVIDIA A100-SXM4-40GB", "NVIDIA A100-SXM4-80GB"; some HGX boards report
  // "NVIDIA A100-SXM-80GB". PCIe cards run other clocks.
  if (has(device_name, "A100-SXM")) {
    if (sms != 108) return "";
    if (has(device_name, "-80GB")) return "a100_80";
    if (has(device_name, "-40GB")) return "a100_40";
    return "";
  }
  // Ada: "NVIDIA GeForce RTX 4090" has 128 SMs; the RTX 4090 D (114) and the laptop part (an AD103)
  // are other chips or cuts.
  if (has(device_name, "RTX 4090")) return sms == 128 && !has(device_name, "Laptop") ? "rtx4090" : "";
  // "NVIDIA L40" (142 SMs at 2490 MHz); the L40S runs 2520 MHz.
  if (has(device_name, "L40")) return sms == 142 && !has(device_name, "L40S") ? "l40" : "";
  return hopper_name(device_name, sms);
}

}  // namespace warpsim::validation
