// The DRAM pins of a config and what-ifs on them. The pin bandwidth is the bus width times the
// per-pin data rate (Volkov §2.8: bus width / 8 x memory clock x 2), so memory.pin_bandwidth_gbps
// must agree with memory.bus_width_bits and memory.memory_clock_mhz. A `--set` of the bus width or
// the clock is a what-if on the pins: the pin bandwidth follows it, and so do the bandwidths that
// were measured on the real pins (Table 6.4's sustained peak, Table 6.5's c), which keep their
// measured fraction of the pins unless they are `--set` too (docs/hw-configs.md, "What-ifs on the
// memory pins").
#pragma once

#include "config/hw_config.h"

namespace warpsim::config {

// bus_width_bits / 8 x memory_clock_mhz x 2 (double data rate), in GB/s.
double pins_gbps(const MemoryConfig& m);

// Relative disagreement of memory.pin_bandwidth_gbps with pins_gbps() that a config may have: the
// configs print the pin bandwidth to 0.1 GB/s, and vendors round clocks.
inline constexpr double kPinsTolerance = 0.01;

// After `--set` overrides (recorded in `prov` with file "<--set>"), with `file_pins` the
// pins_gbps() of the config's files (0 when the files give no width and clock: then the pins
// are set, not changed, and nothing is scaled): applies the what-if above. Keys it changes are recorded in
// `prov` as set by `--set`, their message saying why (`warpsim explain` prints it).
void follow_pins(HwConfig& cfg, Provenance& prov, double file_pins);

}  // namespace warpsim::config
