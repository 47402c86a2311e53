// Picoseconds <-> core cycles (mem/dram/dram_timing.h): exact ceilings, and an end past 2^63 ps.
#include <gtest/gtest.h>

#include <cstdint>

#include "mem/dram/dram_timing.h"

namespace warpsim::mem::dram {
namespace {

TEST(CoreClock, CeilingIsTheFirstCycleStartingAtOrAfterThePicosecond) {
  for (double ghz : {0.001, 0.6, 1.006, 1.41, 10.0}) {
    const CoreClock c(ghz);
    for (uint64_t ps : {uint64_t{0}, uint64_t{1}, uint64_t{999}, uint64_t{1000}, uint64_t{123456789}, uint64_t{1} << 50}) {
      const uint64_t cycle = c.to_cycle_ceil(ps);
      EXPECT_GE(c.to_ps(cycle), ps) << ghz << " GHz, " << ps << " ps";
      if (cycle > 0) {
        EXPECT_LT(c.to_ps(cycle - 1), ps) << ghz << " GHz, " << ps << " ps";
      }
    }
  }
}

TEST(CoreClock, TimesPastTwoToThe63PicosecondsStillConvert) {
  // A 1 MHz clock (the schema's slowest) reaches 2^63 ps at 9.2e12 cycles, within a run's
  // 2^50-cycle limit: to_ps once rounded through a signed 64-bit integer there, and to_cycle_ceil
  // looped for ever.
  const CoreClock slow(0.001);
  for (uint64_t ps : {uint64_t{1} << 63, (uint64_t{1} << 63) + 12345, ~uint64_t{0} - 1, ~uint64_t{0}}) {
    const uint64_t cycle = slow.to_cycle_ceil(ps);
    EXPECT_GE(slow.to_ps(cycle), ps) << ps;
    EXPECT_LT(slow.to_ps(cycle - 1), ps) << ps;
  }
  EXPECT_EQ(slow.to_ps(~uint64_t{0}), ~uint64_t{0});  // saturates instead of wrapping
}

}  // namespace
}  // namespace warpsim::mem::dram
