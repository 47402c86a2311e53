#include <gtest/gtest.h>

#include <algorithm>

#include "model/hw_params.h"
#include "model/model_test_util.h"
#include "model/prior/sim_et_al.h"
#include "support/test_support.h"

namespace warpsim::model {
namespace {

TEST(SimEtAl, Table71Parameters) {
  // Table 7.1: arithmetic latency, arithmetic CPI per SM, memory latency, MWP_peak_bw (to 0.1 warp)
  // = mem_lat x best sustained memory IPC.
  struct Row {
    const char* gpu;
    double alu_lat, cpi, mem_lat, mwp;
  };
  for (const Row& r : {Row{"fermi", 18, 1, 513, 30.7}, Row{"kepler", 9, 0.25, 301, 40.3}, Row{"maxwell", 6, 0.25, 368, 29.9}}) {
    const TwoClassMix m = alpha_mix_group(derive_hw_params(warpsim::test::builtin(r.gpu)), 32);
    EXPECT_DOUBLE_EQ(m.alu_lat, r.alu_lat) << r.gpu;
    EXPECT_DOUBLE_EQ(m.inst_time, r.cpi) << r.gpu;
    EXPECT_DOUBLE_EQ(m.mem_lat, r.mem_lat) << r.gpu;
    EXPECT_NEAR(sim_mwp_peak_bw(m), r.mwp, test::printed(1)) << r.gpu;
  }
}

TEST(SimEtAl, Section74FermiEquations) {
  // T_comp = (α+1)·n·max(18/n, 1); CWP = min(n, 1 + 513/((α+1)·max(18/n, 1))); MWP = min(n, 30.7);
  // T_mem = n·513/min(MWP, max(1, CWP−1)); T_exec per Eq. 1, 16, 17; adds = 32·n·α / T_exec.
  const TwoClassMix m = alpha_mix_group(derive_hw_params(warpsim::test::builtin("fermi")), 32);
  const double mwp_peak = sim_mwp_peak_bw(m);
  for (double n = 1; n <= 48; ++n) {
    const double cpi = std::max(18 / n, 1.0);
    const double t_comp = 33 * n * cpi;
    const double cwp = std::min(n, 1 + 513 / (33 * cpi));
    const double mwp = std::min(n, mwp_peak);
    const double t_mem = n * 513 / std::min(mwp, std::max(1.0, cwp - 1));
    const double t_exec = cwp > mwp ? std::max(t_comp, t_mem) : std::max(t_comp, t_mem + t_comp / n);
    EXPECT_DOUBLE_EQ(sim_et_al(m, n).warp_throughput * 32 * 32, 32 * n * 32 / t_exec) << n;
  }
}

TEST(SimEtAl, UnderestimatesByTwoAtTwoWarpsWhenMemoryBound) {
  // §7.4: T_mem uses 513 / (n − 1) cycles per access: at α = 0 and n = 2, T_mem = 2 · 513 and
  // CWP = MWP = 2 adds T_comp / n = 9, about half of the n / mem_lat = 2 / 513 that is observed.
  const TwoClassMix m = alpha_mix_group(derive_hw_params(warpsim::test::builtin("fermi")), 0);
  EXPECT_DOUBLE_EQ(sim_et_al(m, 2).warp_throughput, 2 / (2 * 513.0 + 9));
  EXPECT_NEAR((2 / 513.0) / sim_et_al(m, 2).warp_throughput, 2, 0.05);
}

}  // namespace
}  // namespace warpsim::model
