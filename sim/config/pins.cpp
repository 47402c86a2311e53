#include "config/pins.h"

#include <fmt/format.h>

#include <string>

namespace warpsim::config {
namespace {

bool set_on_cli(const Provenance& prov, const char* key) {
  const auto it = prov.find(key);
  return it != prov.end() && it->second.file == "<--set>";
}

}  // namespace

double pins_gbps(const MemoryConfig& m) { return m.bus_width_bits / 8.0 * m.memory_clock_mhz * 2.0 / 1000.0; }

void follow_pins(HwConfig& cfg, Provenance& prov, double file_pins) {
  MemoryConfig& m = cfg.memory;
  const bool width_or_clock = set_on_cli(prov, "memory.bus_width_bits") || set_on_cli(prov, "memory.memory_clock_mhz");
  // A value derived here names, as its source, the --set key it follows: a rule it then breaks
  // blames the key the user gave (`<--set>: memory.memory_clock_mhz`), not one they never wrote.
  const char* cause = set_on_cli(prov, "memory.bus_width_bits")     ? "memory.bus_width_bits"
                      : set_on_cli(prov, "memory.memory_clock_mhz") ? "memory.memory_clock_mhz"
                                                                    : "memory.pin_bandwidth_gbps";
  if (width_or_clock && !set_on_cli(prov, "memory.pin_bandwidth_gbps")) {
    m.pin_bandwidth_gbps = pins_gbps(m);
    prov["memory.pin_bandwidth_gbps"] = Diagnostic{"<--set>", 0, 0, cause, "bus width / 8 x memory clock x 2 (the pins were set)"};
  }
  if (!width_or_clock && !set_on_cli(prov, "memory.pin_bandwidth_gbps")) return;
  if (file_pins <= 0) return;  // the files gave no pins: the peak was not measured on any
  const double factor = m.pin_bandwidth_gbps / file_pins;
  if (factor == 1.0) return;
  // Measured on the real pins: the same fraction of the what-if's pins (their mechanisms, the DRAM
  // efficiency of the access stream and the contention's servers, scale with the channels).
  const auto scale = [&](double& value, const char* key) {
    if (set_on_cli(prov, key) || value == 0) return;
    const double measured = value;
    value *= factor;
    prov[key] =
        Diagnostic{"<--set>", 0, 0, cause,
                   fmt::format("{:g} x {:.4g} with the pins ({:g} -> {:.4g} GB/s)", measured, factor, file_pins, m.pin_bandwidth_gbps)};
  };
  scale(m.peak_gbps, "memory.peak_gbps");
  scale(m.contention_c_gbps, "memory.contention_c_gbps");
}

}  // namespace warpsim::config
