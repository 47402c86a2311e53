// A what-if on the DRAM pins through the whole simulator, on the default `dram` memory model:
// twice the bus in twice the channels doubles the throughput-bound plateau (the channels and
// their banks make the peak) and leaves the latency-bound side, where throughput is warps over
// the unloaded latency (Volkov §3.8), where it was.
#include <gtest/gtest.h>

#include "config/loader.h"
#include "device/simulate.h"
#include "isa/generators.h"

namespace warpsim::device {
namespace {

double gbps(const config::HwConfig& cfg, int warps) {
  RunOptions o;
  o.warps_per_sm = warps;
  // ILP 4: enough loads in flight at 64 warps/SM to saturate the doubled pins.
  return simulate(cfg, isa::generate(*isa::find_generator("homogeneous"), {{"op", "stream"}, {"ilp", "4"}, {"count", "256"}}), o).gbps;
}

TEST(PinsWhatIf, TwiceTheBusDoublesThePlateauAndKeepsTheLatencyBoundSide) {
  const config::HwConfig base = config::load_hw_config("kepler");
  // Each memory partition brings its L2 slice (the slices' ports, 288 GB/s on Kepler, would cap
  // twice the pins otherwise).
  const config::HwConfig wide =
      config::load_hw_config("kepler", {"memory.bus_width_bits=512", "memory.controllers=8", "memory.l2.slices=8"});
  const double plateau = gbps(base, 64), wide_plateau = gbps(wide, 64);
  EXPECT_LE(plateau, base.memory.pin_bandwidth_gbps);
  EXPECT_GE(plateau, 0.8 * base.memory.pin_bandwidth_gbps);  // activations and refresh cost a few percent, not more
  EXPECT_NEAR(wide_plateau / plateau, 2.0, 0.1);
  EXPECT_LE(wide_plateau, wide.memory.pin_bandwidth_gbps);
  const double slope = gbps(base, 2), wide_slope = gbps(wide, 2);
  EXPECT_NEAR(wide_slope / slope, 1.0, 0.03);
}

}  // namespace
}  // namespace warpsim::device
