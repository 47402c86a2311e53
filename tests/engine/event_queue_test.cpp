#include <gtest/gtest.h>

#include <queue>
#include <vector>

#include "engine/event_queue.h"

namespace warpsim::engine {

TEST(EventQueue, PopsByTimeThenInsertionOrder) {
  EventQueue q;
  q.push(5, 0, 1);
  q.push(3, 0, 2);
  q.push(5, 0, 3);
  q.push(3, 0, 4);
  std::vector<uint32_t> order;
  while (!q.empty()) order.push_back(q.pop().target);
  EXPECT_EQ(order, (std::vector<uint32_t>{2, 4, 1, 3}));
}

// The calendar and its heap of later events must pop exactly as one heap ordered by (time,
// insertion) does: a device run's SMs act at equal times in that order, so any other order
// changes which request reaches memory first. Random pushes near and far from a clock that only
// moves forward, checked pop by pop against std::priority_queue.
TEST(EventQueue, PopsAsOneHeapByTimeThenInsertionOrderUnderChurn) {
  struct Pushed {
    uint64_t time, seq;
    uint32_t target;
  };
  struct Later {
    bool operator()(const Pushed& a, const Pushed& b) const { return a.time != b.time ? a.time > b.time : a.seq > b.seq; }
  };
  std::priority_queue<Pushed, std::vector<Pushed>, Later> reference;
  EventQueue q;
  uint64_t seed = 42, seq = 0, now = 0;
  const auto next = [&] { return seed = seed * 6364136223846793005ull + 1442695040888963407ull, seed >> 33; };
  for (int step = 0; step < 200000; ++step) {
    if (reference.empty() || next() % 3 != 0) {
      // Mostly the next few cycles, sometimes now itself, sometimes far past the calendar.
      const uint64_t r = next() % 100;
      const uint64_t delay = r < 10 ? 0 : r < 85 ? next() % 8 : r < 95 ? next() % 200 : next() % 100000;
      const auto target = static_cast<uint32_t>(seq);  // names the push: the order is checked by it
      q.push(now + delay, 0, target);
      reference.push(Pushed{now + delay, seq++, target});
    } else {
      ASSERT_EQ(q.top().time, reference.top().time);
      const Event got = q.pop();
      const Pushed want = reference.top();
      reference.pop();
      ASSERT_EQ(got.time, want.time) << "step " << step;
      ASSERT_EQ(got.target, want.target) << "step " << step;
      now = got.time;
    }
    ASSERT_EQ(q.size(), reference.size());
  }
}

}  // namespace warpsim::engine
