// Shared set-up of the model tests: the synthetic GPUs the seeds use (built in C++, as they exist
// only in the text), the α-mix kernel, and the tolerance of a number printed in a seed.
#pragma once

#include <cmath>
#include <string>

#include "config/hw_config.h"
#include "config/loader.h"
#include "isa/generators.h"
#include "isa/kernel.h"

namespace warpsim::model::test {

// Volkov 2016 Table 3.3: 128 CUDA cores, 32 SFUs, 32 banks, 10.4 B/cycle, 4 issues/cycle per SM
// (one SM at 1 GHz, so GB/s = B/cycle), with 128-byte transactions (§3.6).
inline config::HwConfig table_3_3_gpu() {
  config::HwConfig c;
  c.gpu.name = "table_3_3";
  c.device.sms = 1;
  c.device.core_clock_ghz = 1.0;
  c.sm.max_warps = 64;
  c.scheduler.count = 4;  // 4 issues/cycle
  c.scheduler.max_warps = 16;
  c.scheduler.cycles_per_issue = 1;
  c.scheduler.width = 2;     // §3.6 assumes SFU instructions dual-issue with CUDA-core ones
  c.alu.ops_per_cycle = 32;  // 128 CUDA cores / 4 schedulers
  c.alu.latency_cycles = 6;
  c.sfu.ops_per_cycle = 8;  // 32 SFUs / 4 schedulers
  c.sfu.latency_cycles = 13;
  c.smem.banks = 32;
  c.smem.bank_width_bytes = 4;
  c.smem.cycles_per_access = 1;
  c.lsu.coalescing = config::CoalescingRule::Fermi;  // 128-byte transactions
  c.memory.latency_cycles = 368;
  c.memory.peak_gbps = 10.4;  // 10.4 B/cycle at 1 SM x 1 GHz
  c.memory.pin_bandwidth_gbps = 10.4;
  c.memory.memory_clock_mhz = 650;  // 64 bits / 8 x 650 MHz x 2 = 10.4 GB/s
  config::validate(c);
  return c;
}

// The synthetic GPU of Huang et al. 2014 as Volkov 2016 §7.6-7.7 quotes it: 16 cores of 1 issue
// per cycle at 1 GHz, 32 warps and 32 MSHRs each, 192 GB/s (s = 0.667 cycles per 128-byte
// request), memory latency 300 cycles, arithmetic latency 25 cycles.
inline config::HwConfig huang_synthetic_gpu() {
  config::HwConfig c;
  c.gpu.name = "huang_synthetic";
  c.device.sms = 16;
  c.device.core_clock_ghz = 1.0;
  c.sm.max_warps = 32;
  c.scheduler.count = 1;
  c.scheduler.max_warps = 32;
  c.scheduler.cycles_per_issue = 1;
  c.alu.ops_per_cycle = 32;
  c.alu.latency_cycles = 25;
  c.lsu.coalescing = config::CoalescingRule::Fermi;  // 128-byte transactions (§7.7)
  c.lsu.mshrs = 32;
  c.memory.latency_cycles = 300;
  c.memory.peak_gbps = 192;
  c.memory.pin_bandwidth_gbps = 192;
  c.memory.memory_clock_mhz = 12000;  // 64 bits / 8 x 12000 MHz x 2 = 192 GB/s
  config::validate(c);
  return c;
}

// The α-mix generator (Volkov 2016 §4.1) with `loads` groups; alpha "inf" for adds only.
inline isa::Kernel alpha_mix(const std::string& alpha, long loads = 64, const std::string& pattern = "stream") {
  return isa::generate(*isa::find_generator("alpha_mix"),
                       {{"alpha", alpha}, {"loads", std::to_string(loads)}, {"pattern", pattern}, {"adds", std::to_string(loads)}});
}

// Half a unit of the last digit of a number printed with `decimals` decimals: the seed's rounding.
inline double printed(int decimals) { return 0.5 * std::pow(10.0, -decimals); }

}  // namespace warpsim::model::test
