#include "device/simulate.h"

#include "device/device.h"
#include "device/occupancy.h"
#include "mem/lsu_calibration.h"
#include "mem/memory_factory.h"

namespace warpsim::device {

Result simulate(const config::HwConfig& cfg, const isa::Kernel& kernel, const RunOptions& opts) {
  Result result;
  // The SMs' LSU passes net of what the memory model's DRAM adds to diverging accesses itself.
  const config::HwConfig simulated = mem::with_lsu_passes_net_of_dram(cfg);
  mem::run_in_memory_context(simulated, [&] {
    Device device(simulated, kernel, opts);
    result = device.run();
  });
  return result;
}

void check_memory_system(const config::HwConfig& cfg, const RunOptions& opts) {
  const config::HwConfig simulated = mem::with_lsu_passes_net_of_dram(cfg);
  mem::run_in_memory_context(simulated, [&] {
    mem::make_memory_system(mem::MemorySystemSpec{&simulated, simulated_sms(simulated, opts.sms), opts.seed});
  });
}

}  // namespace warpsim::device
