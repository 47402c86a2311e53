#include <gtest/gtest.h>

#include "device/simulate.h"
#include "isa/workloads.h"
#include "model/model_context.h"
#include "model/volkov_model.h"
#include "support/test_support.h"

namespace warpsim::model {
namespace {

TEST(BoundVsSimulation, SimulatedVectorAddNeverExceedsVolkovsBound) {
  // §3.5: warp throughput <= min(n / latency bound, throughput bound) for any execution. A long
  // grid (64 blocks per slot) keeps the edge of the timed interval, which leaves out the last
  // block replacement, below 1%.
  const auto cfg = warpsim::test::builtin("kepler");
  const auto kernel = isa::load_workload("vector_add", {{"blocks_per_slot", "64"}});
  const ModelContext c = make_context(cfg, kernel);
  for (int n : {4, 24, 64}) {
    device::RunOptions ro;
    ro.warps_per_sm = n;
    ro.sms = 1;
    const device::Result r = device::simulate(cfg, kernel, ro);
    EXPECT_LE(r.warp_throughput_per_sm, volkov_estimate(c, n).warp_throughput * 1.01) << n;
  }
}

}  // namespace
}  // namespace warpsim::model
