#include <gtest/gtest.h>

#include "sm/lsu.h"

namespace warpsim::sm {
namespace {

// Records the order of submissions.
class Recorder final : public mem::MemorySystem {
 public:
  void submit(const mem::Transaction& t, uint64_t now) override { log.push_back({t.tag, now}); }
  uint64_t next_event_time() const override { return mem::kNever; }
  void advance(uint64_t, std::vector<mem::Completion>&) override {}
  const mem::LatencyRecorder& transaction_latencies() const override { return latencies_; }
  const char* name() const override { return "recorder"; }
  std::vector<std::pair<uint32_t, uint64_t>> log;  // tag, cycle

 private:
  mem::LatencyRecorder latencies_;
};

mem::Transaction tr(uint32_t tag) { return mem::Transaction{0, 32, false, 0, tag}; }

}  // namespace

// Two loads issued 2 cycles apart with transactions 3 cycles apart (tags: load*10 + j): their
// departures interleave by time, and equal times go in the order they were queued (as one heap).
TEST(Lsu, DeparturesMergeByTimeThenOrderQueued) {
  Lsu lsu;
  for (uint32_t j = 1; j <= 3; ++j) lsu.depart(j, 0 + 3 * j, tr(10 + j));  // 3, 6, 9
  for (uint32_t j = 1; j <= 3; ++j) lsu.depart(j, 3 + 3 * j, tr(20 + j));  // 6, 9, 12
  EXPECT_EQ(lsu.next_departure(), 3u);
  Recorder m;
  for (uint64_t t = 0; t <= 12; ++t) lsu.submit_due(t, m);
  const std::vector<std::pair<uint32_t, uint64_t>> want{{11, 3}, {12, 6}, {21, 6}, {13, 9}, {22, 9}, {23, 12}};
  EXPECT_EQ(m.log, want);
  EXPECT_EQ(lsu.next_departure(), mem::kNever);
}

// Submitting late (the SM woke after the departure time) submits everything due, in order.
TEST(Lsu, LateWakeUpSubmitsEverythingDueInOrder) {
  Lsu lsu;
  lsu.depart(2, 10, tr(1));
  lsu.depart(1, 10, tr(2));
  lsu.depart(1, 11, tr(3));
  Recorder m;
  lsu.submit_due(20, m);
  const std::vector<std::pair<uint32_t, uint64_t>> want{{1, 20}, {2, 20}, {3, 20}};
  EXPECT_EQ(m.log, want);
}

}  // namespace warpsim::sm
