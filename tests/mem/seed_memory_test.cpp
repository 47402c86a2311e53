// The seeds' memory measurements (Volkov 2016 ch. 6, §4.3, §7.5) against the `dram` model, the
// default (`queue` where named), each with the tolerance of the issue. The closed-loop driver
// reproduces the pointer-chasing setup of §5.10 without the SM core; the last test runs the full
// simulator. Cases the model does not reproduce fail in `warpsim validate`'s report, with their
// reasons (docs/memory-model.md), not here.
#include <gtest/gtest.h>

#include <cmath>

#include "device/simulate.h"
#include "isa/workloads.h"
#include "mem/closed_loop.h"
#include "mem/closed_loop_case.h"
#include "mem/contention_fit.h"
#include "support/test_support.h"

namespace warpsim::mem {
namespace {

config::HwConfig dram_config(const std::string& gpu) {
  config::HwConfig c = test::builtin(gpu);
  c.memory.model = config::MemoryModelKind::Dram;
  return c;
}

ClosedLoopResult loop(const config::HwConfig& c, int warps, int ilp = 1, LoopPattern p = LoopPattern::Stream, int device_warps = 0,
                      uint64_t measure = 60000) {
  return test_loop::closed_loop(c, warps, 0, ilp, p, device_warps, measure);
}

TEST(SeedMemory, StreamLatencyAtOneWarpPerSmIsTable62Within3Percent) {
  const std::pair<const char*, double> table62[] = {{"g80", 444}, {"gt200", 434}, {"fermi", 513}, {"kepler", 301}, {"maxwell", 368}};
  // A long window: few warps give few samples, and a refresh delays some of them.
  for (auto [gpu, lat] : table62)
    EXPECT_NEAR(loop(dram_config(gpu), 1, 1, LoopPattern::Stream, 0, 400000).mean_latency, lat, 0.03 * lat) << gpu;
}

TEST(SeedMemory, RandomLatencyAtOneWarpPerDeviceIsTable62Within3Percent) {
  // §6.7: measured with 1 warp on the whole device; both DRAM models (the LSU passes net of their
  // own DRAM excess, mem/lsu_calibration.h: before it, G80 and Maxwell were 3-4% high).
  const std::pair<const char*, double> table62[] = {{"g80", 644}, {"gt200", 662}, {"fermi", 1571}, {"kepler", 1213}, {"maxwell", 534}};
  for (auto model : {config::MemoryModelKind::Dram, config::MemoryModelKind::Queue})
    for (auto [gpu, lat] : table62) {
      config::HwConfig c = test::builtin(gpu);
      c.memory.model = model;
      EXPECT_NEAR(loop(c, 1, 1, LoopPattern::Random, 1, 400000).mean_latency, lat, 0.03 * lat) << gpu << " " << config::to_string(model);
    }
}

TEST(SeedMemory, StreamPeakIsTable61Within5Percent) {
  // Peak = best over ILP at full occupancy (§6.3). Table 6.1 ops/cycle/scheduler -> GB/s. G80's
  // one activation per 128-byte line every tRRD = 10 ns per channel (6 x 12.8 GB/s) is its 74 GB/s.
  // The other GPUs' peaks are off by more than 5% (GT200 -28%, Maxwell -21%: the same activate
  // rate below their measured peaks; Fermi +7%, Kepler +6%): `validate` reports them as failing,
  // with the reason (docs/memory-model.md).
  EXPECT_NEAR(loop(dram_config("g80"), 24, 4).gbps, 74, 0.05 * 74);
}

TEST(SeedMemory, LatencyFitHasTable65InterceptAndAsymptoteOnG80AndKepler) {
  // latency = a + b x / (c - x): a within 3% and c within 10% of Table 6.5 (G80 a = 453, c = 81;
  // Kepler a = 300, c = 170). Their b is 5-10x too small (docs/memory-model.md).
  const std::tuple<const char*, int, double, double> cases[] = {{"g80", 24, 453, 81}, {"kepler", 64, 300, 170}};
  for (auto [gpu, max_warps, a, c] : cases) {
    std::vector<LatencySample> s;
    for (int w = 1; w <= max_warps; w += w == 1 ? 3 : 4) {  // 1, 4, 8, ...: the seed fits every occupancy (§6.4)
      const ClosedLoopResult r = loop(dram_config(gpu), w);
      s.push_back({r.gbps, r.mean_latency});
    }
    const ContentionFit f = fit_contention(s);
    EXPECT_NEAR(f.a, a, 0.03 * a) << gpu;
    EXPECT_NEAR(f.c, c, 0.10 * c) << gpu;
  }
}

TEST(SeedMemory, KeplerAlpha32AtFullOccupancyIsBelowTheBasicModel) {
  // §7.5: alpha = 32 at 64 warps/SM attains 89 adds/cycle/SM where the basic model says 115: the
  // memory system costs throughput the basic model does not see. The `dram` model gives ~103
  // (+16% over the seed: `validate`'s s7_5.kepler_alpha32_full fails), below the basic model.
  const config::HwConfig c = dram_config("kepler");
  const isa::Kernel k = isa::load_workload("alpha_mix", {{"alpha", "32"}});
  device::RunOptions o;
  o.warps_per_sm = 64;
  const device::Result r = device::simulate(c, k, o);
  EXPECT_LT(r.adds_per_cycle_per_sm, 115 * 0.95);
  EXPECT_GT(r.adds_per_cycle_per_sm, 89 * 0.95);
}

}  // namespace
}  // namespace warpsim::mem
