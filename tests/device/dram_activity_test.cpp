// The DRAM activity columns of a result row (device/result.h): row hits, activations, bank and
// bus busy fractions, from the models with DRAM banks and blank for the others.
#include <gtest/gtest.h>

#include "config/loader.h"
#include "device/simulate.h"
#include "isa/generators.h"

namespace warpsim::device {
namespace {

Result stream(const std::vector<std::string>& sets, int warps) {
  RunOptions o;
  o.warps_per_sm = warps;
  return simulate(config::load_hw_config("kepler", sets),
                  isa::generate(*isa::find_generator("homogeneous"), {{"op", "stream"}, {"count", "64"}}), o);
}

TEST(DramActivity, AStreamOpensOneRowPerLineAndItsBusTimeIsItsBytesOverThePins) {
  // Kepler: a coalesced load's four 32-byte sectors share one activation of their 128-byte line
  // (memory.controller.bank_interleave_bytes = 128): 3 of 4 bursts hit, and a few more where
  // another line of the same row happens to be queued at the same time. The bus carries the
  // bytes moved: busy fraction = DRAM GB/s over the pins' 192.3, over the run.
  for (const char* model : {"dram", "queue"}) {
    const Result r = stream({std::string("memory.model=") + model}, 32);
    ASSERT_TRUE(r.has_dram) << model;
    EXPECT_GE(r.dram_row_hit_rate, 0.75 - 1e-3) << model;
    EXPECT_LE(r.dram_row_hit_rate, 0.8) << model;
    EXPECT_GT(r.dram_activations, 0u) << model;
    const double bytes_over_pins = r.dram_gbps / 192.256 * static_cast<double>(r.cycles) / static_cast<double>(r.total_cycles);
    EXPECT_NEAR(r.dram_bus_busy, bytes_over_pins, 0.05 * bytes_over_pins) << model;
    // Each visit holds its bank a row cycle (40 ns) for 5.3 ns of data: banks are busier than
    // the bus per bank, and never more than all the time.
    EXPECT_GT(r.dram_bank_busy * 16, r.dram_bus_busy) << model;
    EXPECT_LE(r.dram_bank_busy, 1.0) << model;
  }
}

TEST(DramActivity, BusyFractionsGrowWithLoadAndAreBlankWithoutDramBanks) {
  const Result low = stream({}, 4), high = stream({}, 48);
  EXPECT_LT(low.dram_bus_busy, high.dram_bus_busy);
  EXPECT_LT(low.dram_bank_busy, high.dram_bank_busy);
  EXPECT_FALSE(stream({"memory.model=fixed"}, 4).has_dram);
  EXPECT_FALSE(stream({"memory.model=servers"}, 4).has_dram);
}

}  // namespace
}  // namespace warpsim::device
