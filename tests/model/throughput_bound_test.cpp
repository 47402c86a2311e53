#include <gtest/gtest.h>

#include "isa/workloads.h"
#include "model/kernel_profile.h"
#include "model/model_test_util.h"
#include "model/throughput_bound.h"
#include "support/test_support.h"

namespace warpsim::model {
namespace {

// Volkov 2016 Table 3.2 as code (workloads/table_3_2.wl): per warp 100 CUDA-core instructions,
// 5 SFU, 10 + 10 shared-memory accesses without and with 2-way conflicts, 5 + 5 coalesced and
// stride-2 loads. Each SFU instruction is independent of the add after it, so the two dual-issue
// (§3.6); all else is back-to-back dependent. The EXIT the format appends pairs with the last add.
Worksheet table_3_4() {
  const auto cfg = test::table_3_3_gpu();
  const auto k = isa::load_workload("table_3_2");
  return throughput_worksheet(cfg, k, profile_kernel(cfg, k));
}

TEST(ThroughputWorksheet, Table34CudaCoresSfuAndBanks) {
  // 128 cores: 0.25 CPI x 100 = 25; 32 SFUs: 1 CPI x 5 = 5; banks: 1 x 10 + 2 x 10 = 30 (exact).
  const Worksheet w = table_3_4();
  EXPECT_DOUBLE_EQ(w.find("CUDA cores")->total(), 25);
  EXPECT_DOUBLE_EQ(w.find("SFU units")->total(), 5);
  const auto* banks = w.find("Shared memory banks");
  ASSERT_EQ(banks->rows.size(), 2u);
  EXPECT_EQ(banks->rows[1].used_by, "2-way conflict");
  EXPECT_DOUBLE_EQ(banks->rows[1].cpi, 2);
  EXPECT_DOUBLE_EQ(banks->total(), 30);
}

TEST(ThroughputWorksheet, Table34MemorySystemIsTheTightestBound) {
  // 128 B / 10.4 B/cycle = 12.3 CPI, stride-2 moves 256 B: 24.6 CPI (printed to 0.1);
  // 5 x 12.3 + 5 x 24.6 = 184.5 with the printed CPIs: the total is within 5 x 0.05 + 5 x 0.05.
  const Worksheet w = table_3_4();
  const auto* mem = w.find("Memory system");
  ASSERT_EQ(mem->rows.size(), 2u);
  EXPECT_NEAR(mem->rows[0].cpi, 12.3, test::printed(1));
  EXPECT_NEAR(mem->rows[1].cpi, 24.6, test::printed(1));
  EXPECT_NEAR(mem->total(), 184.5, 10 * test::printed(1));
  EXPECT_EQ(w.bound_resource, "Memory system");
  EXPECT_DOUBLE_EQ(w.bound_cycles, mem->total());
  EXPECT_NEAR(w.warp_throughput(), 0.00542, test::printed(5));  // "0.00542 warps per cycle per SM"
}

TEST(ThroughputWorksheet, Table34IssueCountsDualIssueAndReissue) {
  // 145 issue events x 0.25 cycles = 36.25 (exact): 130 instructions issued in 124 singles and 6
  // pairs (5 SFU + add as in §3.6, plus our EXIT with the last add), 15 reissues (10 bank
  // conflicts, 5 stride-2 loads needing a second transaction).
  const Worksheet w = table_3_4();
  const auto* issue = w.find("Warp scheduler");
  EXPECT_DOUBLE_EQ(issue->total(), 36.25);
  double events = 0, reissues = 0;
  for (const auto& r : issue->rows) {
    events += r.per_warp;
    if (r.used_by == "Reissue") reissues = r.per_warp;
  }
  EXPECT_DOUBLE_EQ(events, 145);
  EXPECT_DOUBLE_EQ(reissues, 15);
}

TEST(ThroughputWorksheet, PrintsEveryResourceAndTheBound) {
  const std::string text = format_worksheet(table_3_4());
  for (const char* s : {"Resource: CUDA cores", "Resource: SFU units", "Resource: Shared memory banks", "Resource: Memory system",
                        "Resource: Warp scheduler", "the tightest bound", "stride-2"})
    EXPECT_NE(text.find(s), std::string::npos) << s;
}

TEST(ThroughputWorksheet, VectorAddOnKeplerIsBoundByMemoryAt00445WarpsPerCycle) {
  // §3.8: 3 x 128 B per warp at 154 GB/s / (8 SMs x 1.124 GHz) = 17.1 B/cycle/SM -> 0.0445
  // warps/cycle/SM. The seed divides by the rounded 17.1, so allow its 0.3% plus the last digit.
  const auto cfg = warpsim::test::builtin("kepler");
  const auto k = isa::load_workload("vector_add");
  const Worksheet w = throughput_worksheet(cfg, k, profile_kernel(cfg, k));
  EXPECT_EQ(w.bound_resource, "Memory system");
  EXPECT_NEAR(w.warp_throughput(), 0.0445, 0.0445 * 0.05 / 17.1 + test::printed(4));
  // 12 instructions in 8 issues (4 dual issues) at 4 schedulers: 0.5 warps/cycle/SM.
  EXPECT_DOUBLE_EQ(w.find("Warp scheduler")->total(), 2.0);
}

}  // namespace
}  // namespace warpsim::model
