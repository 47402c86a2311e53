// The completion timing wheel delivers exactly what a (time, seq) priority queue would: every
// completion due by t, in time order and submission order within a cycle, whether it sat in the
// wheel or in the heap for far-off (or late) times, and whether seq arrived in order or not.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "mem/completion_queue.h"

namespace warpsim::mem {
namespace {

// A driver as the device is one: submissions at a non-decreasing `now`, deliveries up to `now`.
void drive_against_reference(uint32_t seed, uint64_t max_latency, bool reorder_seq) {
  std::mt19937_64 rng(seed);
  CompletionQueue q;
  std::set<std::tuple<uint64_t, uint64_t, uint32_t>> reference;  // (time, seq, tag)
  uint64_t now = 0, seq = 0;
  uint32_t tag = 0;
  std::vector<Completion> got;
  for (int step = 0; step < 20000; ++step) {
    now += rng() % 7;
    const int pushes = static_cast<int>(rng() % 4);
    for (int k = 0; k < pushes; ++k) {
      const uint64_t time = now + 1 + rng() % max_latency;
      // Unique keys: this submission's place (or, as the `dram` model pushes an arrival's own
      // earlier seq once it is scheduled, an earlier one's), then the push's own tag.
      const uint64_t base = reorder_seq && seq > 8 && rng() % 3 == 0 ? seq - 1 - rng() % 8 : seq;
      const uint64_t s = base * 100000 + tag;
      ++seq;
      q.push(time, s, Completion{0, tag, static_cast<uint16_t>(tag % 5)});
      reference.insert({time, s, tag});
      ++tag;
    }
    ASSERT_EQ(q.size(), reference.size());
    ASSERT_EQ(q.next_time(), reference.empty() ? kNever : std::get<0>(*reference.begin()));
    got.clear();
    q.pop_until(now, got);
    for (const Completion& c : got) {
      ASSERT_FALSE(reference.empty());
      const auto [time, s, t] = *reference.begin();
      ASSERT_LE(time, now);
      EXPECT_EQ(c.time, time);
      EXPECT_EQ(c.tag, t);
      EXPECT_EQ(c.sm, t % 5);
      reference.erase(reference.begin());
    }
    ASSERT_TRUE(reference.empty() || std::get<0>(*reference.begin()) > now) << "a completion due at " << now << " was not delivered";
  }
  got.clear();
  q.pop_until(kNever - 1, got);
  EXPECT_EQ(got.size(), reference.size());
  EXPECT_TRUE(q.empty());
  EXPECT_EQ(q.next_time(), kNever);
}

TEST(CompletionQueue, MatchesAPriorityQueueWhenLatenciesFitTheWheel) { drive_against_reference(1, 600, false); }

TEST(CompletionQueue, MatchesAPriorityQueueWhenManyLatenciesPassTheWheel) { drive_against_reference(2, 9000, false); }

TEST(CompletionQueue, MatchesAPriorityQueueWhenSeqArrivesOutOfOrder) { drive_against_reference(3, 3000, true); }

TEST(CompletionQueue, AFarAndANearCompletionOfOneCycleLeaveInSubmissionOrder) {
  CompletionQueue q;
  q.push(5000, 0, Completion{0, 10, 0});  // beyond the wheel: waits in the heap
  std::vector<Completion> got;
  q.pop_until(4000, got);
  EXPECT_TRUE(got.empty());
  q.push(5000, 1, Completion{0, 11, 0});  // now within the wheel
  q.push(4500, 2, Completion{0, 12, 0});
  q.pop_until(5000, got);
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[0].tag, 12u);
  EXPECT_EQ(got[1].tag, 10u);
  EXPECT_EQ(got[2].tag, 11u);
  EXPECT_EQ(got[1].time, 5000u);
}

TEST(CompletionQueue, ACompletionDueBeforeTheLastDeliveryLeavesAtTheNextOne) {
  CompletionQueue q;
  std::vector<Completion> got;
  q.pop_until(100, got);
  q.push(90, 0, Completion{0, 1, 0});  // late (a model reporting after its time): not lost
  q.push(150, 1, Completion{0, 2, 0});
  EXPECT_EQ(q.next_time(), 90u);
  q.pop_until(120, got);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].time, 90u);
  EXPECT_EQ(q.next_time(), 150u);
}

TEST(CompletionQueue, PastItsNodeLimitTheHeapTakesTheRestInOrder) {
  CompletionQueue q;
  constexpr uint32_t kPending = 70000;  // more than the wheel's 65,535 nodes
  for (uint32_t k = 0; k < kPending; ++k) q.push(100 + (k * 7919u) % 1000, k, Completion{0, k, 0});
  std::vector<Completion> got;
  q.pop_until(1099, got);
  ASSERT_EQ(got.size(), kPending);
  for (size_t i = 1; i < got.size(); ++i) {
    ASSERT_LE(got[i - 1].time, got[i].time);
    if (got[i - 1].time == got[i].time) {
      ASSERT_LT(got[i - 1].tag, got[i].tag);
    }
  }
  EXPECT_TRUE(q.empty());
}

}  // namespace
}  // namespace warpsim::mem
