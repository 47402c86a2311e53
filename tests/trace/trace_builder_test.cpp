// build_trace: every warp's accesses in program order, their sectors as the coalescer makes them,
// and the bulk sequences of Baghsorkhi 2012 §2 (a back-edge, a barrier, a load that depends on a
// load, a load after a store each start one).
#include "trace/trace_builder.h"

#include <gtest/gtest.h>

#include "common/user_error.h"
#include "isa/workload_parser.h"
#include "support/test_support.h"

namespace warpsim {
namespace {

trace::MemoryTrace trace_of(const std::string& gpu, const std::string& wl, int warps, int64_t blocks = 0,
                            uint64_t max_sectors = trace::kMaxTraceSectors) {
  const config::HwConfig cfg = test::builtin(gpu);
  const isa::Kernel k = isa::parse_workload(wl, "t.wl");
  return trace::build_trace({&cfg, &k, warps, 1, blocks, max_sectors});
}

std::string flags(const trace::MemoryTrace& t, size_t warp) {
  std::string s;
  for (uint64_t i = t.warp_first[warp]; i < t.warp_first[warp + 1]; ++i) s += (t.entries[i].flags & trace::kSequenceStart) ? '+' : '.';
  return s;
}

const char* kVectorAdd = R"(.array a 64MB
.array b 64MB
.array c 64MB
.launch threads_per_block=64 grid=fixed blocks=3
LD R1, [R0] ; array=a
LD R2, [R0] ; array=b
FADD R3, R1, R2
ST [R0], R3 ; array=c
EXIT
)";

TEST(TraceBuilder, LoadsThenTheirStoreAreOneSequenceAndEveryWarpOfTheGridIsTraced) {
  const trace::MemoryTrace t = trace_of("kepler", kVectorAdd, 0);
  ASSERT_EQ(t.warps(), 6u);  // 3 blocks x 2 warps
  EXPECT_EQ(t.meta.warps_per_block, 2);
  EXPECT_EQ(t.meta.total_blocks, 3);
  ASSERT_EQ(t.statics.size(), 3u);
  EXPECT_TRUE(t.statics[2].store);
  EXPECT_EQ(t.statics[1].array, "b");
  for (size_t w = 0; w < t.warps(); ++w) EXPECT_EQ(flags(t, w), "+..") << w;
}

TEST(TraceBuilder, AStreamingWarpAccessIsTheFourSectorsOfOneLine) {
  // Kepler (cc 3.x) coalesces a warp's 32 consecutive words into four 32-byte sectors of one line.
  const trace::MemoryTrace t = trace_of("kepler", kVectorAdd, 0);
  const trace::TraceEntry& e = t.entries[t.warp_first[1]];  // warp 1 of block 0, its load of a
  ASSERT_EQ(e.sectors, 4);
  const uint64_t first = t.sectors_of(e)[0];
  EXPECT_EQ(first % 4, 0u);
  for (int s = 1; s < 4; ++s) EXPECT_EQ(t.sectors_of(e)[s], first + static_cast<uint64_t>(s));
  // Warp 0 of the same block read the 32 words before them.
  EXPECT_EQ(t.sectors_of(t.entries[t.warp_first[0]])[0] + 4, first);
}

TEST(TraceBuilder, ABackEdgeABarrierADependentLoadAndALoadAfterAStoreEachStartASequence) {
  const trace::MemoryTrace t = trace_of("kepler", R"(.array a 64MB
.array b 64MB
.launch threads_per_block=32 grid=fixed blocks=1
.loop 2
LD R1, [R0] ; array=a
LD R2, [R0] ; array=b
.endloop
LD R3, [R1] ; array=b
IADD R4, R3, 1
LD R5, [R4] ; array=a
ST [R0], R5 ; array=a
LD R6, [R0] ; array=b
BAR.SYNC 0x0
LD R7, [R0] ; array=a
EXIT
)",
                                        0);
  ASSERT_EQ(t.warps(), 1u);
  // iteration 1: + . ; iteration 2 (back-edge): + . ; LD [R1] depends on the loop's load of R1: + ;
  // LD [R4] depends through the IADD: + ; the store joins it: . ; a load after that store: + ;
  // the barrier: + (with one barrier passed).
  EXPECT_EQ(flags(t, 0), "+.+.++.++");
  EXPECT_EQ(t.entries[t.warp_first[0] + 7].epoch, 0);
  EXPECT_EQ(t.entries[t.warp_first[0] + 8].epoch, 1);
}

TEST(TraceBuilder, BlocksLimitsTheSnapshotAndATraceTooLargeNamesBlocks) {
  const trace::MemoryTrace t = trace_of("kepler", kVectorAdd, 0, 2);
  EXPECT_EQ(t.meta.traced_blocks, 2);
  EXPECT_EQ(t.warps(), 4u);
  // Each warp's random loads touch 32 sectors: 100 warps of 10 pass 30,000.
  try {
    trace_of("kepler", R"(.array a 1GB
.launch threads_per_block=32 grid=fixed blocks=100
.loop 10
LD R1, [R0] ; pattern=random
.endloop
)",
             0, 0, 30000);
    FAIL() << "no error";
  } catch (const UserError& e) {
    EXPECT_EQ(e.diagnostics().front().key, "--blocks");
    EXPECT_NE(e.diagnostics().front().message.find("trace fewer blocks"), std::string::npos);
  }
}

}  // namespace
}  // namespace warpsim
