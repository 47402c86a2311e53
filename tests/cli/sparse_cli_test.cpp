// `.sparse`, affine and gather workloads through the CLI: bad input exits 2 naming file:line:key
// with nothing on stdout; a kernel whose gathers run past its rows' ends runs to completion, its
// invariants checked by `run` (Little's law) and `sweep` (and the throughput bound).
#include <gtest/gtest.h>

#include "support/test_support.h"

namespace warpsim::test {
namespace {

void expect_rejected(const std::string& name, const std::string& text, const std::string& message) {
  const std::string wl = write_temp_file(name, text);
  const CliRun r = run_cli("run --gpu maxwell --workload " + wl + " --warps 4");
  EXPECT_EQ(r.exit_code, 2) << text;
  EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "") << text;
}

// Rows of 3 nonzeros, a loop of 5: the last two gathers of every warp have no active lane.
const char* kSpmv = R"(.kernel spmv_rows
.sparse A rows=8192 cols=8192 nnz_per_row=3 structure=banded
.array val 1MB
.array col 1MB
.array x 1MB
.array y 1MB
.launch threads_per_block=128
S2R R0, SR_TID.X
.loop 5
LD R1, [R0]      ; pattern=gather:A.nz index=bx*128+tx array=col
LD R2, [R0]      ; pattern=gather:A.nz index=bx*128+tx array=val
LD R3, [R1]      ; pattern=gather:A.col index=bx*128+tx array=x
FFMA R4, R2, R3, R4
.endloop
ST [R0], R4      ; pattern=affine index=bx*128+tx array=y
)";

}  // namespace

TEST(SparseCli, BadSparseDirectivesExitTwoNamingLineAndKey) {
  const std::string ld = "LD R1, [R2]\n";
  expect_rejected("structure.wl", ".kernel k\n.sparse M rows=8 cols=8 nnz_per_row=2 structure=diagonal\n" + ld,
                  "structure.wl:2: structure: unknown structure 'diagonal'");
  expect_rejected("missing.wl", ".kernel k\n.sparse M rows=8 nnz_per_row=2 structure=banded\n" + ld, "missing.wl:2: cols: missing cols=");
  expect_rejected("toomany.wl", ".kernel k\n.sparse M rows=16777216 cols=1000 nnz_per_row=9 structure=uniform\n" + ld,
                  "toomany.wl:2: nnz_per_row: rows x nnz_per_row = 16777216 x 9 = 150994944 nonzeros, more than the 134217728 (2^27)");
  expect_rejected("gather.wl", ".kernel k\nLD R1, [R2] ; pattern=gather:M.col index=tx\n",
                  "gather.wl:2: pattern: unknown sparse matrix 'M'");
  expect_rejected("linear.wl", ".kernel k\n.array a 1MB\nLD R1, [R2] ; pattern=affine index=tx*bx array=a\n",
                  "linear.wl:3: index: not linear");
  // A matrix with a bad key is still declared: its gathers add no "unknown sparse matrix" line.
  const auto one = test::run_cli("run --gpu fermi --workload " +
                                 test::write_temp_file("cascade.wl",
                                                       ".kernel k\n.sparse M rows=8 cols=8 nnz_per_row=2 structure=zigzag\n"
                                                       ".array x 1MB\nLD R1, [R2] ; pattern=gather:M.col index=tx array=x\n"));
  EXPECT_EQ(one.exit_code, 2);
  EXPECT_EQ(one.err.find("unknown sparse matrix"), std::string::npos) << one.err;
  expect_rejected("blockx.wl", ".kernel k\n.launch threads_per_block=96 block_x=64\nFADD R1, R1, R1\n",
                  "blockx.wl:2: block_x: block_x=64 does not divide threads_per_block=96");
}

TEST(SparseCli, GathersPastTheRowsEndsRunToCompletionWithinTheInvariants) {
  const std::string wl = write_temp_file("spmv_rows.wl", kSpmv);
  const CliRun run = run_cli("run --gpu maxwell --sms 2 --workload " + wl + " --warps 8 --format csv");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("spmv_rows"), std::string::npos) << run.out;
  // `sweep` checks Little's law and the throughput bound on every point, exit 1 on a violation.
  for (const char* gpu : {"maxwell", "kepler", "fermi"}) {
    const CliRun sweep = run_cli(std::string("sweep --gpu ") + gpu + " --sms 2 --workload " + wl + " --warps 4:16:4 --quiet");
    EXPECT_EQ(sweep.exit_code, 0) << gpu << ": " << sweep.err;
  }
}

}  // namespace warpsim::test
