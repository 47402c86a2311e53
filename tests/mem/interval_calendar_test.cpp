// The `queue` channel's interval calendar (mem/queue/interval_calendar.h) against a plain list of
// every reservation ever made: the first free gap from `ready` is the same whether or not the
// calendar has dropped intervals that ended, merged unusable gaps, or compacted its storage.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>

#include "mem/queue/interval_calendar.h"

namespace warpsim::mem::queue {
namespace {

// The first t >= ready with [t, t + len) overlapping no reservation (begin -> end).
uint64_t first_free(const std::map<uint64_t, uint64_t>& reserved, uint64_t ready, uint64_t len) {
  uint64_t t = ready;
  auto it = reserved.upper_bound(t);
  if (it != reserved.begin()) --it;  // the reservation beginning at or before t may cover it
  for (; it != reserved.end(); ++it) {
    if (it->second <= t) continue;
    if (t + len <= it->first) break;
    t = it->second;
  }
  return t;
}

void drive(unsigned seed, uint64_t max_lead) {
  constexpr uint64_t kMinLen = 4;
  IntervalCalendar calendar(kMinLen);
  std::map<uint64_t, uint64_t> reserved;
  std::mt19937_64 rng(seed);
  uint64_t now = 0;
  for (int k = 0; k < 20000; ++k) {
    now += rng() % 24;  // ~8 of every 11.5 cycles reserved: busy, never saturated
    const uint64_t ready = now + rng() % max_lead, len = kMinLen + rng() % 9;
    const uint64_t start = calendar.reserve(ready, len, now, [](uint64_t t) { return t; });
    ASSERT_EQ(start, first_free(reserved, ready, len)) << "reservation " << k;
    reserved.emplace(start, start + len);
  }
}

}  // namespace

// Requests ready soon after `now`: few live intervals, most of them retired and dropped.
TEST(IntervalCalendar, FindsTheFirstFreeGapWithFewLiveIntervals) { drive(1, 40); }

// Requests ready far ahead: hundreds of live intervals with gaps between them, so the storage
// grows, and compacts its retired intervals when full instead of growing further.
TEST(IntervalCalendar, FindsTheFirstFreeGapWithManyLiveIntervals) { drive(2, 3000); }

}  // namespace warpsim::mem::queue
