#include "support/fixture_configs.h"

#include "config/loader.h"

namespace warpsim::test {

config::HwConfig maxwell_like() {
  config::HwConfig c;
  c.gpu = {"maxwell_like", "test fixture", config::Generation::Maxwell, 2014};
  c.device = {.sms = 16, .core_clock_ghz = 1.266};
  c.sm.max_warps = 64;
  c.sm.max_blocks = 32;
  c.sm.max_threads_per_block = 1024;
  c.sm.registers = 65536;
  c.sm.shared_memory_bytes = 98304;
  c.sm.max_shared_memory_per_block_bytes = 49152;
  c.sm.shared_memory_alloc_granularity_bytes = 256;
  c.sm.block_launch_latency_cycles = 200;
  c.scheduler.count = 4;
  c.scheduler.max_warps = 16;
  c.scheduler.cycles_per_issue = 1;
  c.scheduler.width = 2;
  c.scheduler.same_warp_issue_latency_cycles = 1;
  c.alu = {32, 6, 0};
  c.sfu = {8, 13, 9};
  c.smem = {32, 4, 1, false, 0, 24, 22, 2};
  c.lsu.coalescing = config::CoalescingRule::Sector32;
  c.lsu.transaction_issue_cycles = 5.9;
  c.memory.latency_cycles = 368;
  c.memory.peak_gbps = 211;
  c.memory.pin_bandwidth_gbps = 224;
  c.memory.controllers = 4;
  c.memory.bus_width_bits = 256;
  c.memory.memory_clock_mhz = 3500;  // 256 / 8 x 3500 x 2 = 224 GB/s
  config::validate(c);
  return c;
}

config::HwConfig kepler_like() {
  config::HwConfig c = maxwell_like();
  c.gpu = {"kepler_like", "test fixture", config::Generation::Kepler, 2012};
  c.device = {.sms = 8, .core_clock_ghz = 1.124};
  c.sm.max_blocks = 16;
  c.sm.shared_memory_bytes = 49152;
  c.sm.max_shared_memory_per_block_bytes = 49152;
  c.sm.block_launch_latency_cycles = 201;
  c.scheduler.same_warp_issue_latency_cycles = 3;
  c.alu = {48, 9, 0};
  c.sfu = {8, 9, 0};
  c.smem = {32, 8, 1, false, 0, 24, 0, 32};
  c.lsu.transaction_issue_cycles = 33;
  c.memory.latency_cycles = 301;
  c.memory.peak_gbps = 154;
  c.memory.pin_bandwidth_gbps = 192.3;
  c.memory.memory_clock_mhz = 3004;  // 256 / 8 x 3004 x 2 = 192.3 GB/s
  config::validate(c);
  return c;
}

}  // namespace warpsim::test
