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

struct SmStats {
  // Issue slots by StallReason: the issue loop bumps one entry by index, with no switch. Complete
  // after Sm::finish() only (a run of issue slots is charged when it ends).
  std::array<uint64_t, kStallReasonCount> stall_slots{};
  WorkCounters work;
  uint64_t warp_latency_sum = 0;       // sum over warps of (end - start)
  uint64_t first_start = ~uint64_t{0};
  uint64_t last_end = 0;
  long double occupancy_area = 0;      // integral of resident warps over time
  uint64_t occupancy_since = 0;
  uint32_t resident = 0;
  uint32_t max_resident = 0;
  mem::LatencyRecorder access_latency;  // per global load instruction, issue to data ready
  std::vector<device::WarpRecord> warp_records;
  std::vector<device::OccupancyStep> occupancy;

  uint64_t slots(StallReason r) const { return stall_slots[static_cast<size_t>(r)]; }
  device::StallBreakdown stall_breakdown() const {
    using R = StallReason;
    return {slots(R::Issued), slots(R::Dependency), slots(R::Memory), slots(R::PipeBusy),
            slots(R::IssueLimit), slots(R::Barrier), slots(R::NoWarp)};
  }
};

}  // namespace warpsim::sm
