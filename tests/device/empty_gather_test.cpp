// A gather whose lanes' rows have all ended sends nothing to memory: the access completes at
// issue, counts as an instruction, moves no bytes and is no latency sample; the run ends and its
// invariants hold (Little's law, the throughput bound of model/simulated_bound.h).
#include <gtest/gtest.h>

#include "device/simulate.h"
#include "isa/workload_parser.h"
#include "model/simulated_bound.h"
#include "support/fixture_configs.h"

namespace warpsim::device {
namespace {

// Every row of the banded matrix has 2 nonzeros, so iterations 2 and 3 of the loop gather
// nothing. One block of 4 warps on one SM: the timed interval is the whole run.
const char* kKernel = R"(.kernel empty_gather
.sparse M rows=4096 cols=4096 nnz_per_row=2 structure=banded
.array val 1MB
.array out 1MB
.launch threads_per_block=128 grid=fixed blocks=1
.loop 4
LD R1, [R2]        ; pattern=gather:M.nz index=bx*128+tx array=val
FADD R3, R3, R1
.endloop
ST [R2], R3        ; pattern=affine index=bx*128+tx array=out
)";

}  // namespace

TEST(EmptyGather, ALoadWithNoActiveLaneCompletesAtIssueAndTheRunKeepsItsInvariants) {
  const isa::Kernel k = isa::parse_workload(kKernel, "empty.wl");
  EXPECT_EQ(isa::instruction_mix(k).total, 10);  // 4 x (LD + FADD) + ST + EXIT, empty or not
  for (const config::HwConfig& cfg : {test::maxwell_like(), test::kepler_like()}) {
    RunOptions o;
    o.warps_per_sm = 4;
    o.sms = 1;
    const Result r = simulate(cfg, k, o);
    ASSERT_EQ(r.warps_executed, 4u);
    EXPECT_EQ(r.warp_instructions, 40u);                                           // 4 warps x 10
    EXPECT_EQ(r.warp_instructions_by_class[isa::index(isa::OpClass::Load)], 16u);  // the 8 empty ones too
    EXPECT_EQ(r.bytes_requested, 4u * (2 * 128 + 128));                            // 2 full gathers and the store per warp
    EXPECT_EQ(r.access_latency.count, 8u);                                         // the loads that went to memory
    EXPECT_LT(r.little_law_error, 0.01);
    EXPECT_LE(r.ipc_per_sm, model::simulated_throughput_bound(cfg, k, &r.warp_instructions_by_pc) * (1 + model::kBoundSlack));
  }
}

TEST(EmptyGather, AllIterationsEmptyStillRuns) {
  // A loop of gathers past every row's end: no load reaches memory; only the store does.
  std::string text = kKernel;
  text.replace(text.find(".loop 4"), 7, ".loop 3");
  text.replace(text.find("nnz_per_row=2"), 13, "nnz_per_row=1");
  text.replace(text.find("array=val"), 9, "array=val interleave=1/2");  // steps 1, 3, 5: past row length 1
  const isa::Kernel k = isa::parse_workload(text, "empty.wl");
  RunOptions o;
  o.warps_per_sm = 4;
  o.sms = 1;
  const Result r = simulate(test::maxwell_like(), k, o);
  EXPECT_EQ(r.warp_instructions, 4u * 8);
  EXPECT_EQ(r.bytes_requested, 4u * 128);
  EXPECT_EQ(r.access_latency.count, 0u);
  EXPECT_LT(r.little_law_error, 0.01);
}

}  // namespace warpsim::device
