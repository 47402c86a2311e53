// The fetch table (mem/cache/fetch_table.h): way -> MSHR for the ways with a fetch outstanding,
// checked against a std::map over inserts and erases that collide, wrap around and grow it.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "mem/cache/fetch_table.h"

namespace warpsim::mem::cache {

TEST(FetchTable, FindsWhatIsInsertedUntilItIsErased) {
  FetchTable t;
  EXPECT_EQ(t.find(7), FetchTable::kNone);
  t.insert(7, 70);
  t.insert(0, 5);
  EXPECT_EQ(t.find(7), 70u);
  EXPECT_EQ(t.find(0), 5u);
  EXPECT_EQ(t.find(8), FetchTable::kNone);
  t.erase(7);
  EXPECT_EQ(t.find(7), FetchTable::kNone);
  EXPECT_EQ(t.find(0), 5u);
  EXPECT_EQ(t.size(), 1u);
}

// Ways of a few sets (close indices, as a busy cache's fetches are) churning: every lookup agrees
// with a map after each step, so an erase never cuts a probe run another entry needs.
TEST(FetchTable, AgreesWithAMapUnderChurn) {
  FetchTable t;
  std::map<uint32_t, uint32_t> ref;
  std::mt19937 rng(3);
  for (int step = 0; step < 20000; ++step) {
    const uint32_t way = rng() % 600;
    if (auto it = ref.find(way); it != ref.end()) {
      t.erase(way);
      ref.erase(it);
    } else if (ref.size() < 300) {
      const uint32_t mshr = rng() % 100000;
      t.insert(way, mshr);
      ref[way] = mshr;
    }
    ASSERT_EQ(t.size(), ref.size());
    if (step % 97 == 0)
      for (uint32_t w = 0; w < 600; ++w) {
        const auto it = ref.find(w);
        ASSERT_EQ(t.find(w), it == ref.end() ? FetchTable::kNone : it->second) << "way " << w << " step " << step;
      }
  }
}

}  // namespace warpsim::mem::cache
