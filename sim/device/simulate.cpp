#include "device/simulate.h"

#include "device/device.h"
#include "mem/memory_system.h"

namespace warpsim::device {

Result simulate(const config::HwConfig& cfg, const isa::Kernel& kernel, const RunOptions& opts) {
  Result result;
  mem::run_in_memory_context(cfg, [&] {
    Device device(cfg, kernel, opts);
    result = device.run();
  });
  return result;
}

}  // namespace warpsim::device
