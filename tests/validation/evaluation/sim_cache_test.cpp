// The simulations behind a validation run are run once per distinct kernel, however the cases name
// it: a generator's defaults spelled out or left out give one kernel, so one set of simulations.
#include "validation/evaluation/sim_cache.h"

#include <gtest/gtest.h>

namespace warpsim::validation {
namespace {

RunSpec stream_run(ParamSet params) {
  RunSpec r;
  r.gpu = "kepler";
  r.workload = "homogeneous";
  r.params = std::move(params);
  r.warps = {4, 8};
  return r;
}

TEST(SimulationCache, CasesNamingOneKernelDifferentlyShareItsSimulations) {
  SimulationCache sims;
  const RunSpec plain = stream_run({{"op", "stream"}, {"count", "8"}});
  const RunSpec spelled = stream_run({{"op", "stream"}, {"count", "8"}, {"ilp", "1"}});  // ilp 1 is the default
  sims.request(plain, plain.params);
  sims.request(spelled, spelled.params);
  EXPECT_EQ(sims.pending(), 2u);  // 4 and 8 warps/SM, once
  EXPECT_EQ(sims.run_pending(1), 2u);
  const auto a = sims.points(plain, plain.params), b = sims.points(spelled, spelled.params);
  ASSERT_EQ(a.size(), 2u);
  ASSERT_EQ(b.size(), 2u);
  for (size_t i = 0; i < a.size(); ++i) {
    ASSERT_NE(a[i].result, nullptr);
    EXPECT_EQ(a[i].result, b[i].result);
  }

  const RunSpec other = stream_run({{"op", "stream"}, {"count", "8"}, {"ilp", "2"}});  // a different kernel
  sims.request(other, other.params);
  EXPECT_EQ(sims.pending(), 2u);
}

}  // namespace
}  // namespace warpsim::validation
