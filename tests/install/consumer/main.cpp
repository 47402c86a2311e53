// Simulates Volkov 2016 Figure 4.7's mix (alpha_mix, 4 adds per load) on the GPU named by argv[1]
// at 6 warps per SM and prints one line: the GPU, the data root and the adds per cycle per SM.
#include <cstdio>

#include "common/data_paths.h"
#include "common/user_error.h"
#include "config/loader.h"
#include "device/simulate.h"
#include "isa/workloads.h"

int main(int argc, char** argv) {
#ifdef CONSUMER_DATA_DIR
  warpsim::set_data_root(CONSUMER_DATA_DIR);
#endif
  try {
    const warpsim::config::HwConfig cfg = warpsim::config::load_hw_config(argc > 1 ? argv[1] : "toy");
    const warpsim::isa::Kernel kernel = warpsim::isa::load_workload("alpha_mix", {{"alpha", "4"}});
    warpsim::device::RunOptions options;
    options.warps_per_sm = 6;
    const warpsim::device::Result r = warpsim::device::simulate(cfg, kernel, options);
    std::printf("gpu=%s data=%s adds_per_cycle_per_sm=%.2f\n", r.gpu.c_str(), warpsim::data_root().c_str(), r.adds_per_cycle_per_sm);
  } catch (const warpsim::UserError& e) {
    std::fprintf(stderr, "consumer: error: %s\n", e.what());
    return 2;
  }
  return 0;
}
