// What one SM counts while it runs; the device folds these into a Result.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "device/result.h"
#include "isa/op_class.h"
#include "mem/latency_recorder.h"

namespace warpsim::sm {

// Why a scheduler could not issue in a slot (the per-issue-slot stall breakdown).
enum class StallReason : uint8_t { Issued, Dependency, Memory, PipeBusy, IssueLimit, Barrier, NoWarp };
inline constexpr size_t kStallReasonCount = 7;
// The idle reasons of the issue log are these after Issued, by name.
static_assert(device::kIdleReasons.size() + 1 == kStallReasonCount);

// Work counters; the device copies them at the end of the steady-state window.
struct WorkCounters {
  std::array<uint64_t, isa::kOpClassCount> instructions{};
  uint64_t thread_ops_alu = 0;
  uint64_t bytes_requested = 0;
  uint64_t bytes_transferred = 0;
  uint64_t transactions = 0;
  uint64_t warps_executed = 0;
  uint64_t total_instructions() const {
    uint64_t n = 0;
    for (uint64_t c : instructions) n += c;
    return n;
  }
};

// The steady-state window's end (device.cpp, collect.cpp). Loads and stores count when they
// complete, everything else at issue; so that both cover the same work, the window holds what was
// issued before it closed and lasts until the last of that is done: accesses still in flight at
// the close (stores queued at a saturated memory system, loads on their way) add their work as
// they complete. Ending at the close instead would credit store-heavy kernels with instructions
// whose stores the memory had not yet moved: up to 1.5% above the throughput bound.
struct WindowTally {
  bool closed = false;
  uint64_t close_serial = 0;           // accesses with a smaller serial were issued before the close
  uint64_t in_flight = 0;              // of those, not completed yet
  uint64_t done = 0;                   // when the last of them completed (the close, if none was in flight)
  WorkCounters work;                   // the work issued before the close, complete once in_flight is 0
  std::vector<uint64_t> issued_by_pc;  // instructions issued before the close, per static instruction
};

struct SmStats {
  // Issue slots by StallReason: the issue loop bumps one entry by index, with no switch. Complete
  // after Sm::finish() only (a run of issue slots is charged when it ends).
  std::array<uint64_t, kStallReasonCount> stall_slots{};
  WorkCounters work;
  // Warp instructions issued per static instruction: the mix the throughput bound of the timed
  // interval is computed for (model/simulated_bound.h).
  std::vector<uint64_t> issued_by_pc;
  WindowTally window;
  uint64_t warp_latency_sum = 0;  // sum over warps of (end - start)
  uint64_t resident_age_sum = 0;  // warps still resident at finish(): sum of (end - start)
  uint64_t first_start = ~uint64_t{0};
  uint64_t last_end = 0;
  uint64_t last_access_done = 0;   // the last global access's completion (a store may land after its warp ended)
  long double occupancy_area = 0;  // integral of resident warps over time
  uint64_t occupancy_since = 0;
  uint32_t resident = 0;
  uint32_t max_resident = 0;
  mem::LatencyRecorder access_latency;             // per global load instruction, issue to data ready
  mem::LatencyRecorder access_latency_from_cache;  // those of them whose data all came from a cache
  std::vector<device::WarpRecord> warp_records;
  std::vector<device::IssueRecord> issues;  // SmSetup::record_issues
  std::vector<device::IdleRecord> idle;     // SmSetup::record_issues: runs of idle slots, as charged
  std::vector<device::OccupancyStep> occupancy;

  uint64_t slots(StallReason r) const { return stall_slots[static_cast<size_t>(r)]; }
  device::StallBreakdown stall_breakdown() const {
    using R = StallReason;
    return {slots(R::Issued),     slots(R::Dependency), slots(R::Memory), slots(R::PipeBusy),
            slots(R::IssueLimit), slots(R::Barrier),    slots(R::NoWarp)};
  }
};

}  // namespace warpsim::sm
