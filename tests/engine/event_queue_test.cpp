#include <gtest/gtest.h>

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

}  // namespace warpsim::engine
