#include "device/simulate.h"

#include "device/device.h"

namespace warpsim::device {

Result simulate(const config::HwConfig& cfg, const isa::Kernel& kernel, const RunOptions& opts) {
  Device device(cfg, kernel, opts);
  return device.run();
}

}  // namespace warpsim::device
