// Stores through the whole simulator: nothing in an SM waits on a store, so only the memory
// system can bound a store stream. Every model must keep it at or below the DRAM pins, in a grid
// of one wave (timed to the last store's landing, not the last warp's end) and in a refilled grid
// (the steady-state window's accesses are timed until done).
#include <gtest/gtest.h>

#include <string>

#include "config/loader.h"
#include "device/simulate.h"
#include "isa/generators.h"
#include "isa/workload_parser.h"

namespace warpsim::device {
namespace {

isa::Kernel store_stream(const std::string& grid) {
  const std::string text = ".kernel store_stream\n.array a 512MB\n.launch " + grid +
                           "\nS2R R0, SR_CTAID.X\nS2R R2, SR_TID.X\nXMAD R0, R0, c[0x0][0x8], R2\n"
                           "ISCADD R2, R0, c[0x0][0x140], 0x2\n.loop 16\nST [R2], R3 ; pattern=stream array=a\n"
                           ".endloop\nEXIT\n";
  return isa::parse_workload(text, "store_stream.wl");
}

class StoreStream : public ::testing::TestWithParam<std::string> {};

TEST_P(StoreStream, StaysWithinThePinsInOneWaveAndInARefilledGrid) {
  // The memory models themselves: the write-back L2 in front of them takes a short kernel's stores
  // faster than the pins, as a GPU's does (tests/mem/cached_memory_test.cpp).
  const config::HwConfig cfg = config::load_hw_config("kepler", {"memory.model=" + GetParam(), "memory.l2.slices=0"});
  for (const std::string grid : {"grid=fixed blocks=16", "grid=oversubscribed blocks_per_slot=4"}) {
    RunOptions o;
    o.warps_per_sm = 64;
    o.sms = 2;
    const Result r = simulate(cfg, store_stream(grid), o);
    // 64 warps x 16 stores of 128 B per SM: before stores were timed to their landing, `queue`
    // and `dram` reported 2,300-3,600 GB/s here, the SMs' issue rate.
    EXPECT_LE(r.gbps, cfg.memory.pin_bandwidth_gbps) << grid;
    EXPECT_GT(r.gbps, 0.5 * cfg.memory.peak_gbps) << grid;  // and still streams
    EXPECT_GE(r.total_cycles, static_cast<uint64_t>(r.mean_warp_latency)) << grid;
    // The timed window lies inside the run: stores landing after the last warp ended once put
    // the window's end past total_cycles.
    EXPECT_LE(r.cycles, r.total_cycles) << grid;
  }
}

// The write-back L2 absorbs a short stream of stores; the suite's grid over 512 MB (16,384 blocks of
// 4 warps, mb.store.store.*) writes most of it back, at the DRAM's rate: one H200 SM's share of
// that grid (124 blocks) stores 537 MB x 1/132 into 60 MB x 1/132 of L2.
TEST(StoreStreamGrid, AMeasuredGridLargerThanTheL2RunsAtTheDramsRate) {
  const config::HwConfig cfg = config::load_hw_config("h200");
  isa::Kernel k = isa::generate(*isa::find_generator("homogeneous"), {{"op", "store"}, {"count", "64"}});
  k.launch.threads_per_block = 128;
  RunOptions o;
  o.warps_per_sm = 4;
  o.sms = 1;
  const Result short_grid = simulate(cfg, k, o);  // 4 waves: 128 KB, all in the share's L2
  k.launch.device_blocks = 16384;
  const Result suite_grid = simulate(cfg, k, o);
  EXPECT_GT(short_grid.gbps, cfg.memory.pin_bandwidth_gbps);  // faster than the pins: the L2 takes it
  EXPECT_LT(suite_grid.gbps, cfg.memory.pin_bandwidth_gbps);
  EXPECT_GT(suite_grid.gbps, 0.5 * cfg.memory.pin_bandwidth_gbps);
}

INSTANTIATE_TEST_SUITE_P(Models, StoreStream, ::testing::Values("fixed", "queue", "dram", "servers"));

}  // namespace
}  // namespace warpsim::device
