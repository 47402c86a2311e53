#include "config/validate.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <iterator>
#include <utility>

#include "config/pins.h"

namespace warpsim::config {

namespace {

template <typename Fail, typename Conflict>
void check_memory_rules(const HwConfig& c, Fail& fail, Conflict& conflict) {
  const auto& m = c.memory;
  const int channels = m.controllers * m.dram.channels_per_controller;
  if (m.dram.channels_per_controller > 1 && m.bus_width_bits % m.controllers == 0 && m.bus_width_bits % channels != 0)
    conflict({"memory.dram.channels_per_controller", "memory.bus_width_bits", "memory.controllers"},
             fmt::format("{} bits do not split evenly over {} channels", m.bus_width_bits, channels));
  if (m.dram.banks % m.dram.bank_groups != 0)
    conflict({"memory.dram.bank_groups", "memory.dram.banks"},
             fmt::format("{} banks do not split evenly into {} groups", m.dram.banks, m.dram.bank_groups));
  if (m.dram.bank_groups % m.dram.ranks != 0)
    conflict({"memory.dram.ranks", "memory.dram.bank_groups"},
             fmt::format("{} bank groups do not split evenly into {} ranks", m.dram.bank_groups, m.dram.ranks));
  const int il = m.controller.interleave_bytes;
  if ((il & (il - 1)) != 0) fail("memory.controller.interleave_bytes", fmt::format("{} is not a power of two", il));
  if (m.dram.row_bytes % il != 0)
    conflict({"memory.dram.row_bytes", "memory.controller.interleave_bytes"},
             fmt::format("a row of {} bytes does not hold whole interleave chunks of {} bytes", m.dram.row_bytes, il));
  const int bil = m.controller.bank_interleave_bytes;
  if ((bil & (bil - 1)) != 0)
    fail("memory.controller.bank_interleave_bytes", fmt::format("{} is not a power of two", bil));
  else if (m.dram.row_bytes % bil != 0)
    conflict({"memory.controller.bank_interleave_bytes", "memory.dram.row_bytes"},
             fmt::format("a row of {} bytes does not hold whole bank pieces of {} bytes", m.dram.row_bytes, bil));
  // A channel refreshing most of the time never serves (datasheets: tRFC 65-350 ns, tREFI 3.9 us).
  const auto& d = m.dram;
  if (d.trefi_ns > 0 && d.trfc_ns * 2 > d.trefi_ns)
    conflict({"memory.dram.trfc_ns", "memory.dram.trefi_ns"},
             fmt::format("a refresh of {} ns every {} ns (tREFI) leaves the channel refreshing over half the time", d.trfc_ns, d.trefi_ns));
  // A refresh precharges every bank: an access whose row cycle cannot fit between two refreshes
  // would lose its row before its data, again and again (the `dram` model livelocked).
  const double row_cycle = std::max({d.tras_ns, d.trcd_ns + d.tcl_ns, d.trcd_ns + d.twl_ns}) + d.trp_ns;
  if (d.trefi_ns > 0 && d.trfc_ns * 2 <= d.trefi_ns && row_cycle + d.trfc_ns > d.trefi_ns) {
    // Named: a timing that alone takes over half the interval (the one set wrong), else the interval.
    const std::pair<double, const char*> terms[] = {{d.tras_ns, "memory.dram.tras_ns"},
                                                    {d.trcd_ns, "memory.dram.trcd_ns"},
                                                    {d.tcl_ns, "memory.dram.tcl_ns"},
                                                    {d.twl_ns, "memory.dram.twl_ns"},
                                                    {d.trp_ns, "memory.dram.trp_ns"}};
    const auto& longest = *std::max_element(std::begin(terms), std::end(terms));
    fail(
        longest.first * 2 > d.trefi_ns ? longest.second : "memory.dram.trefi_ns",
        fmt::format(
            "a row cycle of {} ns (max(tRAS, tRCD + tCL, tRCD + tWL) + tRP) does not fit between refreshes {} ns apart that take {} ns (tRFC)",
            row_cycle, d.trefi_ns, d.trfc_ns));
  }
  // The caches split into whole sets of 128-byte lines (mem/cache/sector_cache.h); a hit cannot be
  // slower than the memory it saves a trip to.
  if (m.l2.slices > 0) {
    if (m.l2_bytes <= 0)
      conflict({"memory.l2.slices", "memory.l2_bytes"}, "an L2 in slices needs a capacity");
    else if (m.l2_bytes % (m.l2.slices * 128 * m.l2.ways) != 0)
      conflict(
          {"memory.l2_bytes", "memory.l2.slices", "memory.l2.ways"},
          fmt::format("{} bytes do not split into {} slices of whole {}-way sets of 128-byte lines", m.l2_bytes, m.l2.slices, m.l2.ways));
    if (m.l2.mshrs < 2)
      fail("memory.l2.mshrs", "an L2 slice needs at least 2 MSHRs: a miss and the write-back of the dirty line it evicts");
    if (m.l2.hit_latency_cycles < 2 || m.l2.hit_latency_cycles > m.latency_cycles)
      conflict({"memory.l2.hit_latency_cycles", "memory.latency_cycles"},
               fmt::format("an L2 hit of {} cycles must take at least 2 cycles and no longer than the memory's {}", m.l2.hit_latency_cycles,
                           m.latency_cycles));
    if (!std::has_single_bit(static_cast<unsigned>(m.l2.access_bytes)))
      fail("memory.l2.access_bytes", fmt::format("{} is not a power of two (32, 64 or 128 bytes)", m.l2.access_bytes));
    if (m.l2.slices % m.l2.partitions != 0)
      conflict({"memory.l2.partitions", "memory.l2.slices"},
               fmt::format("{} slices do not split evenly into {} partitions", m.l2.slices, m.l2.partitions));
    else if (m.l2.partitions > 1 && m.l2.hit_latency_cycles + m.l2.far_hit_cycles > m.latency_cycles)
      conflict({"memory.l2.far_hit_cycles", "memory.l2.hit_latency_cycles", "memory.latency_cycles"},
               fmt::format("a hit in the far partition ({} + {} cycles) must take no longer than the memory's {}", m.l2.hit_latency_cycles,
                           m.l2.far_hit_cycles, m.latency_cycles));
  }
  if (m.l1.bytes > 0) {
    if (m.l1.bytes % (128 * m.l1.ways) != 0)
      conflict({"memory.l1.bytes", "memory.l1.ways"},
               fmt::format("{} bytes do not split into whole {}-way sets of 128-byte lines", m.l1.bytes, m.l1.ways));
    const int below = m.l2.slices > 0 ? m.l2.hit_latency_cycles : m.latency_cycles;
    // An L1 turned on without its hit latency: that key (or the size that turned it on), not the
    // level below, which it has no bearing on.
    if (m.l1.hit_latency_cycles < 1)
      conflict({"memory.l1.hit_latency_cycles", "memory.l1.bytes"},
               fmt::format("an L1 of {} bytes needs memory.l1.hit_latency_cycles of at least 1 cycle, found {}", m.l1.bytes,
                           m.l1.hit_latency_cycles));
    else if (m.l1.hit_latency_cycles > below)
      conflict({"memory.l1.hit_latency_cycles", m.l2.slices > 0 ? "memory.l2.hit_latency_cycles" : "memory.latency_cycles"},
               fmt::format("an L1 hit of {} cycles must take at least 1 cycle and no longer than a trip below it ({})",
                           m.l1.hit_latency_cycles, below));
    // One array for both: it holds all the shared memory an SM offers, and the L1 beside it.
    if (m.l1.unified_bytes > 0 && m.l1.unified_bytes < c.sm.shared_memory_bytes + m.l1.bytes / m.l1.ways)
      conflict({"memory.l1.unified_bytes", "sm.shared_memory_bytes", "memory.l1.bytes"},
               fmt::format("an array of {} bytes cannot hold the SM's {} bytes of shared memory and one {}-byte way of L1",
                           m.l1.unified_bytes, c.sm.shared_memory_bytes, m.l1.bytes / m.l1.ways));
  }
  // The DRAM models split the bus into channels of whole bytes per burst, timed in picoseconds.
  const int channel_bits = m.bus_width_bits / channels;
  if (channel_bits * d.burst_length < 8)
    fail(d.channels_per_controller > 1 ? "memory.dram.channels_per_controller" : "memory.bus_width_bits",
         fmt::format("a burst of {} beats on a channel of {} bits ({} bits over {} channels) moves less than a byte", d.burst_length,
                     channel_bits, m.bus_width_bits, channels));
  // One source of truth for the pins (Volkov §2.8); a what-if sets the width or the clock. The
  // three keys may come from different overlays: the message says where each was set.
  if (std::abs(m.pin_bandwidth_gbps - pins_gbps(m)) > kPinsTolerance * pins_gbps(m)) {
    const auto from = [&c](const char* key) {
      const Diagnostic d = c.diagnostic(key, "");
      return d.line > 0 ? fmt::format("{}:{}", d.file, d.line) : d.file;
    };
    fail(
        "memory.pin_bandwidth_gbps",
        fmt::format(
            "{:g} GB/s disagrees with memory.bus_width_bits / 8 x memory.memory_clock_mhz x 2 = {} ({}) / 8 x {:g} MHz ({}) x 2 = {:.4g} GB/s; "
            "a --set of the width or the clock moves the pins with it, a file must give all three",
            m.pin_bandwidth_gbps, m.bus_width_bits, from("memory.bus_width_bits"), m.memory_clock_mhz, from("memory.memory_clock_mhz"),
            pins_gbps(m)));
  }
  const double gbit_per_pin = m.pin_bandwidth_gbps * 8.0 / m.bus_width_bits;
  if (gbit_per_pin > 1000)
    fail("memory.pin_bandwidth_gbps",
         fmt::format("{} GB/s over {} bits is {:.0f} Gb/s per pin: a data beat under 1 ps, the DRAM models' time step",
                     m.pin_bandwidth_gbps, m.bus_width_bits, gbit_per_pin));
  if (m.model == MemoryModelKind::Servers)
    if (const auto missing = missing_servers_input(c)) fail(missing->key, missing->why);
}

}  // namespace

std::optional<MissingInput> missing_servers_input(const HwConfig& c) {
  if (c.memory.contention_c_gbps <= 0)
    return MissingInput{"memory.contention_c_gbps", "the `servers` memory model needs Table 6.5's c (> 0 GB/s)"};
  if (c.memory.contention_b_cycles <= 0)
    return MissingInput{"memory.contention_b_cycles", "the `servers` memory model needs Table 6.5's b (> 0 cycles)"};
  return std::nullopt;
}

void check_cross_field_rules(const HwConfig& c) {
  DiagnosticSink sink;
  auto fail = [&](const std::string& key, std::string msg) { sink.add(c.diagnostic(key, std::move(msg))); };
  // A rule between keys names the one a --set changed (the what-if that broke it), else the first.
  auto conflict = [&](std::initializer_list<const char*> keys, std::string msg) { sink.add(c.conflict(keys, std::move(msg))); };
  // The name is an id: measurement rows, case ids and report file names carry it.
  if (c.gpu.name.empty() ||
      c.gpu.name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+-") != std::string::npos)
    fail("gpu.name",
         fmt::format("'{}': expected letters, digits and _ . + - only (an id that measurement files and case ids name)", c.gpu.name));
  if (c.scheduler.count * c.scheduler.max_warps < c.sm.max_warps)
    conflict(
        {"scheduler.max_warps", "sm.max_warps", "scheduler.count"},
        fmt::format("{} schedulers x {} warps cannot hold sm.max_warps = {}", c.scheduler.count, c.scheduler.max_warps, c.sm.max_warps));
  // A scheduler's warps are one 64-bit mask in the simulator's issue loop (sm/sm_hot.h); real SMs
  // hold far fewer per scheduler (Volkov 2016 Table 2.8: at most 16; H100: 16).
  if ((c.sm.max_warps + c.scheduler.count - 1) / c.scheduler.count > 64)
    conflict({"sm.max_warps", "scheduler.count"},
             fmt::format("{} warps over {} schedulers is more than the 64 warps per scheduler warpsim simulates", c.sm.max_warps,
                         c.scheduler.count));
  if (c.sm.max_threads_per_block % c.sm.warp_size != 0)
    conflict({"sm.max_threads_per_block", "sm.warp_size"}, fmt::format("must be a multiple of the warp size {}", c.sm.warp_size));
  if (c.sm.max_shared_memory_per_block_bytes > c.sm.shared_memory_bytes)
    conflict({"sm.max_shared_memory_per_block_bytes", "sm.shared_memory_bytes"},
             fmt::format("{} exceeds the SM's shared memory ({} bytes)", c.sm.max_shared_memory_per_block_bytes, c.sm.shared_memory_bytes));
  // Volkov §5.7: every block takes the overhead plus its own allocation, rounded up to the
  // granularity; either alone filling the SM leaves no room for a block that uses shared memory.
  if (c.sm.shared_memory_block_overhead_bytes > 0 && c.sm.shared_memory_block_overhead_bytes >= c.sm.shared_memory_bytes)
    conflict({"sm.shared_memory_block_overhead_bytes", "sm.shared_memory_bytes"},
             fmt::format("{} bytes per block fill the SM's shared memory ({} bytes)", c.sm.shared_memory_block_overhead_bytes,
                         c.sm.shared_memory_bytes));
  if (c.sm.shared_memory_bytes > 0 && c.sm.shared_memory_alloc_granularity_bytes > c.sm.shared_memory_bytes)
    conflict({"sm.shared_memory_alloc_granularity_bytes", "sm.shared_memory_bytes"},
             fmt::format("{} bytes exceed the SM's shared memory ({} bytes)", c.sm.shared_memory_alloc_granularity_bytes,
                         c.sm.shared_memory_bytes));
  if (c.memory.peak_gbps > c.memory.pin_bandwidth_gbps * 1.0001)
    conflict({"memory.peak_gbps", "memory.pin_bandwidth_gbps"},
             fmt::format("sustained peak {} GB/s exceeds the pin bandwidth {} GB/s", c.memory.peak_gbps, c.memory.pin_bandwidth_gbps));
  if (c.memory.bus_width_bits % c.memory.controllers != 0)
    conflict({"memory.bus_width_bits", "memory.controllers"},
             fmt::format("{} bits do not split evenly over {} controllers", c.memory.bus_width_bits, c.memory.controllers));
  if (c.scheduler.two_level_active_warps > c.scheduler.max_warps && c.scheduler.policy == SchedulerPolicy::TwoLevel)
    conflict({"scheduler.two_level_active_warps", "scheduler.max_warps", "scheduler.policy"},
             "active set larger than the warps of a scheduler");
  check_memory_rules(c, fail, conflict);
  sink.throw_if_any();
}

}  // namespace warpsim::config
