#include <gtest/gtest.h>

#include <map>

#include "mem/departure_queue.h"
#include "mem/memory_port.h"

namespace warpsim::mem {
namespace {

// Records the order of submissions; when `timed`, completes each transaction at the cycle its
// tag maps to in `done_at` (as `servers` or `queue` would compute it).
class Recorder final : public MemorySystem {
 public:
  explicit Recorder(bool timed = false) : timed_(timed) {}
  void submit(const Transaction& t, uint64_t now) override { log.push_back({t.tag, now}); }
  bool times_at_submit() const override { return timed_; }
  uint64_t submit_timed(const Transaction& t, uint64_t now) override {
    submit(t, now);
    return done_at[t.address];
  }
  uint64_t next_event_time() const override { return kNever; }
  void advance(uint64_t, std::vector<Completion>&) override {}
  const LatencyRecorder& transaction_latencies() const override { return latencies_; }
  const char* name() const override { return "recorder"; }
  std::vector<std::pair<uint32_t, uint64_t>> log;  // tag, cycle
  std::map<uint64_t, uint64_t> done_at;            // by address

 private:
  bool timed_;
  LatencyRecorder latencies_;
};

Transaction tr(uint32_t tag, uint64_t address = 0, bool last = true, uint16_t sm = 0) {
  Transaction t{address, 32, false, sm, tag};
  t.last_of_access = last;
  return t;
}

}  // namespace

// Two loads issued 2 cycles apart with transactions 3 cycles apart (tags: load*10 + j): their
// departures interleave by time, and equal times go in the order they were queued (as one heap).
TEST(DepartureQueue, MergesByTimeThenOrderQueued) {
  DepartureQueue q;
  for (uint32_t j = 1; j <= 3; ++j) q.push(j, 0 + 3 * j, tr(10 + j));  // 3, 6, 9
  for (uint32_t j = 1; j <= 3; ++j) q.push(j, 3 + 3 * j, tr(20 + j));  // 6, 9, 12
  EXPECT_EQ(q.next_time(), 3u);
  Recorder m;
  MemoryPort port(m, 1);
  for (uint64_t t = 0; t <= 12; ++t) q.submit_due(t, port);
  const std::vector<std::pair<uint32_t, uint64_t>> want{{11, 3}, {12, 6}, {21, 6}, {13, 9}, {22, 9}, {23, 12}};
  EXPECT_EQ(m.log, want);
  EXPECT_EQ(q.next_time(), kNever);
  EXPECT_TRUE(q.empty());
}

// Submitting late (the device got to it after the departure time) submits everything due, in order.
TEST(DepartureQueue, LateSubmissionSubmitsEverythingDueInOrder) {
  DepartureQueue q;
  q.push(2, 10, tr(1));
  q.push(1, 10, tr(2));
  q.push(1, 11, tr(3));
  Recorder m;
  MemoryPort port(m, 1);
  q.submit_due(20, port);
  const std::vector<std::pair<uint32_t, uint64_t>> want{{1, 20}, {2, 20}, {3, 20}};
  EXPECT_EQ(m.log, want);
}

// A timed model: the port completes each access once, at its transactions' latest completion
// (not its last-submitted one's), and says how many transactions that covers.
TEST(MemoryPort, OneCompletionPerAccessAtItsLatestTransaction) {
  Recorder m(true);
  m.done_at = {{100, 50}, {200, 70}, {300, 60}, {400, 55}};
  MemoryPort port(m, 2);
  port.submit(tr(7, 100, false), 0);  // access 7 of SM 0: 50, 70, 60 -> 70
  port.submit(tr(7, 200, false), 1);
  port.submit(tr(3, 400, true, 1), 1);  // access 3 of SM 1: one transaction, 55
  EXPECT_EQ(port.next_event_time(), 55u);
  port.submit(tr(7, 300, true), 2);
  std::vector<Completion> done;
  port.advance(69, done);
  ASSERT_EQ(done.size(), 1u);
  EXPECT_EQ(done[0].tag, 3u);
  EXPECT_EQ(done[0].sm, 1u);
  EXPECT_EQ(done[0].transactions, 1u);
  EXPECT_EQ(port.next_event_time(), 70u);
  port.advance(70, done);
  ASSERT_EQ(done.size(), 2u);
  EXPECT_EQ(done[1].tag, 7u);
  EXPECT_EQ(done[1].time, 70u);
  EXPECT_EQ(done[1].transactions, 3u);
  EXPECT_EQ(port.next_event_time(), kNever);
  // The tag is free again: a new access under it starts from nothing.
  port.submit(tr(7, 100, true), 80);
  port.advance(kNever - 1, done);
  ASSERT_EQ(done.size(), 3u);
  EXPECT_EQ(done[2].transactions, 1u);
  EXPECT_EQ(done[2].time, 50u);
}

// A model that does not time at submit passes through: one completion per transaction, its own.
TEST(MemoryPort, UntimedModelsPassThrough) {
  Recorder m(false);
  MemoryPort port(m, 1);
  port.submit(tr(1, 0, false), 5);
  port.submit(tr(1, 32, true), 6);
  EXPECT_EQ(m.log.size(), 2u);
  EXPECT_EQ(port.next_event_time(), kNever);  // the model's own
}

}  // namespace warpsim::mem
