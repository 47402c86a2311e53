#include "mem/fixed_memory.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "mem/coalescer.h"

namespace warpsim::mem {

int transactions_per_coalesced_access(config::CoalescingRule rule) {
  std::array<uint64_t, 32> addr{};
  for (uint64_t l = 0; l < 32; ++l) addr[l] = 4096 + 4 * l;
  std::vector<Segment> segs;
  coalesce(rule, addr, 0xffffffffu, 4, segs);
  return static_cast<int>(segs.size());
}

FixedMemory::FixedMemory(const MemorySystemSpec& spec) {
  const config::HwConfig& c = *spec.config;
  // Table 6.2's latency is per instruction; its last transaction departs (n-1) increments later.
  const double spread = (transactions_per_coalesced_access(c.lsu.coalescing) - 1) * c.lsu.transaction_issue_cycles;
  latency_ = static_cast<uint64_t>(std::max<long long>(1, std::llround(c.memory.latency_cycles - spread)));
  const double share = static_cast<double>(spec.simulated_sms) / c.device.sms;
  const double bytes_per_cycle = c.memory.peak_gbps / c.device.core_clock_ghz * share;
  cycles_per_byte_ = 1.0 / bytes_per_cycle;
}

void FixedMemory::submit(const Transaction& t, uint64_t now) {
  // Queueing delay for the bandwidth stage, then the unloaded latency (which already covers the
  // transfer itself at an idle server).
  const double start = std::max(server_free_, static_cast<double>(now));
  server_free_ = start + t.bytes * cycles_per_byte_;
  // The cycle in which service starts (a sub-cycle backlog is not a cycle of delay).
  const uint64_t done = static_cast<uint64_t>(std::floor(start)) + latency_;
  pending_.push_back(Completion{done, t.tag, t.sm});
  latencies_.record(done - now);
}

void FixedMemory::advance(uint64_t t, std::vector<Completion>& done) {
  while (!pending_.empty() && pending_.front().time <= t) {
    done.push_back(pending_.front());
    pending_.pop_front();
  }
}

}  // namespace warpsim::mem
