// What-ifs on the DRAM pins (config/pins.h): the pin bandwidth follows the bus width and the
// clock, and the bandwidths measured on the real pins keep their fraction of them.
#include <gtest/gtest.h>

#include "config/config_test_util.h"
#include "config/loader.h"
#include "config/pins.h"
#include "support/test_support.h"

namespace warpsim::config {
namespace {

using test::find_diagnostic;
using test::load_errors;

TEST(Pins, EveryBuiltInConfigsPinBandwidthIsItsWidthTimesItsDataRate) {
  for (const char* gpu : {"g80", "gt200", "fermi", "kepler", "maxwell", "h100_sxm", "h100_pcie", "toy"}) {
    const HwConfig c = load_hw_config(gpu);
    EXPECT_NEAR(c.memory.pin_bandwidth_gbps, pins_gbps(c.memory), 0.001 * c.memory.pin_bandwidth_gbps) << gpu;
  }
}

TEST(Pins, AWiderBusScalesThePinsAndTheMeasuredBandwidthsAlike) {
  const HwConfig base = load_hw_config("kepler");
  const HwConfig wide = load_hw_config("kepler", {"memory.bus_width_bits=512"});
  EXPECT_NEAR(wide.memory.pin_bandwidth_gbps, 2 * pins_gbps(base.memory), 1e-9);
  EXPECT_NEAR(wide.memory.peak_gbps, 2 * base.memory.peak_gbps, 1e-9);                  // Table 6.4's 154
  EXPECT_NEAR(wide.memory.contention_c_gbps, 2 * base.memory.contention_c_gbps, 1e-9);  // Table 6.5's 170
  EXPECT_EQ(wide.memory.contention_b_cycles, base.memory.contention_b_cycles);          // a time, not a rate
  // explain says where the values came from.
  EXPECT_NE(wide.key_sources->at("memory.peak_gbps").message.find("154 x 2 with the pins"), std::string::npos);
}

TEST(Pins, AFasterClockDoesTheSameAndAnExplicitValueIsKept) {
  const HwConfig c = load_hw_config("maxwell", {"memory.memory_clock_mhz=1750", "memory.peak_gbps=100"});
  EXPECT_NEAR(c.memory.pin_bandwidth_gbps, 112, 1e-9);  // 256 / 8 x 1750 x 2
  EXPECT_EQ(c.memory.peak_gbps, 100);                   // set: not scaled
  EXPECT_NEAR(c.memory.contention_c_gbps, 221.0 / 2, 1e-9);
}

TEST(Pins, APinBandwidthThatDisagreesWithTheBusIsRejected) {
  EXPECT_NE(find_diagnostic(load_errors("kepler", {"memory.pin_bandwidth_gbps=300"}), "memory.pin_bandwidth_gbps",
                            "a --set of the width or the clock moves the pins"),
            nullptr);
  // Consistent with the width and clock it is accepted, and the measured bandwidths follow it.
  const HwConfig c = load_hw_config("kepler", {"memory.bus_width_bits=384", "memory.pin_bandwidth_gbps=288.4"});
  EXPECT_NEAR(c.memory.peak_gbps, 154 * 288.4 / pins_gbps(load_hw_config("kepler").memory), 1e-9);
  // A what-if that leaves the pins where they were changes nothing measured.
  EXPECT_EQ(load_hw_config("kepler", {"memory.bus_width_bits=256"}).memory.peak_gbps, 154);
}

// A file that gives no pins gets them from --set: they are its pins, not a change of measured
// ones, so its peak is not scaled (before, by the ratio to the schema's default width and clock).
TEST(Pins, PinsSetForAFileWithoutThemScaleNothing) {
  const HwConfig kepler = load_hw_config("kepler");
  const std::string p = warpsim::test::write_temp_file(
      "pins/no_pins.yaml", test::config_yaml(kepler, {"memory.bus_width_bits", "memory.memory_clock_mhz", "memory.pin_bandwidth_gbps"}));
  EXPECT_NE(find_diagnostic(load_errors(p), "memory.bus_width_bits", "missing"), nullptr);
  const HwConfig c = load_hw_config(p, {"memory.bus_width_bits=256", "memory.memory_clock_mhz=3004", "memory.pin_bandwidth_gbps=192.3"});
  EXPECT_EQ(c.memory.peak_gbps, kepler.memory.peak_gbps);
  EXPECT_EQ(c.memory.contention_c_gbps, kepler.memory.contention_c_gbps);
  // Width and clock alone: the pins follow them, and still nothing measured moves.
  const HwConfig d = load_hw_config(p, {"memory.bus_width_bits=256", "memory.memory_clock_mhz=3004"});
  EXPECT_NEAR(d.memory.pin_bandwidth_gbps, pins_gbps(d.memory), 1e-9);
  EXPECT_EQ(d.memory.peak_gbps, kepler.memory.peak_gbps);
}

TEST(Pins, AnOverlayThatWidensTheBusAloneIsToldWhereEachKeyWasSet) {
  const std::string p = warpsim::test::write_temp_file("pins/wide.yaml", "inherits: kepler\nmemory:\n  bus_width_bits: 512\n");
  const auto ds = load_errors(p);
  ASSERT_EQ(ds.size(), 1u);
  const Diagnostic* d = find_diagnostic(ds, "memory.pin_bandwidth_gbps", "disagrees");
  ASSERT_NE(d, nullptr);
  EXPECT_NE(d->message.find("512 (" + p + ":3)"), std::string::npos) << d->message;  // the overlay's line
  EXPECT_NE(d->message.find("kepler.yaml:"), std::string::npos) << d->message;       // the clock's and the pins' file
}

}  // namespace
}  // namespace warpsim::config
