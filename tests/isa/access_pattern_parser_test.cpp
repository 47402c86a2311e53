// The affine and gather attributes, the `.sparse` directive and the 2-D launch keys of the
// workload format: what they parse into, and errors that name file:line and the key.
#include <gtest/gtest.h>

#include "common/user_error.h"
#include "isa/workload_parser.h"

namespace warpsim::isa {
namespace {

std::string error_of(const std::string& text) {
  try {
    parse_workload(text, "w.wl");
  } catch (const UserError& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_ERROR(text, message) EXPECT_NE(error_of(text).find(message), std::string::npos) << error_of(text)

}  // namespace

TEST(AccessPatternParser, AffineIndexIsStoredAsCoefficientsAfterParameterSubstitution) {
  const Kernel k = parse_workload(
      ".param n 64\n.array a 1MB\n.launch threads_per_block=256 block_x=16 grid_x=4\n"
      "LD R1, [R2] ; pattern=affine index=(by*16+ty)*${n}+i*16+tx array=a\n",
      "w.wl");
  ASSERT_EQ(k.accesses.size(), 1u);
  const AccessPattern& ap = k.accesses[0];
  EXPECT_EQ(ap.kind, AccessKind::Affine);
  EXPECT_EQ(ap.index.coefficient(IndexVar::By), 1024);
  EXPECT_EQ(ap.index.coefficient(IndexVar::Ty), 64);
  EXPECT_EQ(ap.index.coefficient(IndexVar::I), 16);
  EXPECT_EQ(ap.index.coefficient(IndexVar::Tx), 1);
  EXPECT_EQ(k.launch.block_x, 16);
  EXPECT_EQ(k.launch.grid_x, 4);
}

TEST(AccessPatternParser, GatherNamesASparseMatrixAndItsPart) {
  const Kernel k = parse_workload(
      ".sparse A rows=100 cols=50 nnz_per_row=4 structure=uniform\n.sparse G rows=10 cols=10 nnz_per_row=2 structure=powerlaw max_row=5\n"
      ".array val 1MB\n.array x 1MB\n"
      "LD R1, [R2] ; pattern=gather:A.nz index=bx*32+tx array=val\nLD R3, [R2] ; pattern=gather:G.col index=tx array=x\n",
      "w.wl");
  ASSERT_EQ(k.sparse.size(), 2u);
  EXPECT_EQ(k.sparse[0].name, "A");
  EXPECT_EQ(k.sparse[0].rows, 100u);
  EXPECT_EQ(k.sparse[0].cols, 50u);
  EXPECT_EQ(k.sparse[0].nnz_per_row, 4u);
  EXPECT_EQ(k.sparse[0].structure, SparseStructure::Uniform);
  EXPECT_EQ(k.sparse[0].line, 1);
  EXPECT_EQ(k.sparse[1].structure, SparseStructure::PowerLaw);
  EXPECT_EQ(k.sparse[1].max_row, 5u);
  EXPECT_EQ(k.accesses[0].kind, AccessKind::GatherNz);
  EXPECT_EQ(k.accesses[0].sparse, 0);
  EXPECT_EQ(k.accesses[0].index.coefficient(IndexVar::Bx), 32);
  EXPECT_EQ(k.accesses[1].kind, AccessKind::GatherCol);
  EXPECT_EQ(k.accesses[1].sparse, 1);
  EXPECT_EQ(k.accesses[1].array, 1);
}

TEST(AccessPatternParser, IndexErrorsNameFileLineAndKey) {
  EXPECT_ERROR("FADD R1, R1, R1\nLD R1, [R2] ; pattern=affine index=tx*ty\n", "w.wl:2: index: not linear");
  EXPECT_ERROR("LD R1, [R2] ; pattern=affine index=tx+q\n", "w.wl:1: index: unknown variable 'q'");
  EXPECT_ERROR("LD R1, [R2] ; pattern=affine index=(tx\n", "w.wl:1: index: expected ')'");
  EXPECT_ERROR("LD R1, [R2] ; pattern=affine\n", "w.wl:1: index: pattern=affine needs index=EXPR");
  EXPECT_ERROR("LD R1, [R2] ; index=tx pattern=stream\n", "w.wl:1: index: index=EXPR applies to pattern=affine and pattern=gather");
  EXPECT_ERROR("LD R1, [R2] ; pattern=affine index=tx + 1\n",
               "w.wl:1: index: expected key=value, found '+' (write index=EXPR without spaces)");
  EXPECT_ERROR(".sparse M rows=4 cols=4 nnz_per_row=1 structure=banded\nLD R1, [R2] ; pattern=gather:M.nz index=tx+i\n",
               "w.wl:2: index: a gather's index is the thread's row, and i its position in the row");
}

TEST(AccessPatternParser, PatternErrorsNameFileLineAndKey) {
  EXPECT_ERROR("LD R1, [R2] ; pattern=gather:M.nz index=tx\n", "w.wl:1: pattern: unknown sparse matrix 'M' (declare it with .sparse)");
  EXPECT_ERROR(".sparse M rows=4 cols=4 nnz_per_row=1 structure=banded\nLD R1, [R2] ; pattern=gather:M.val index=tx\n",
               "w.wl:2: pattern: expected gather:M.nz or gather:M.col");
  EXPECT_ERROR("LD R1, [R2] ; pattern=affinex index=tx\n", "w.wl:1: pattern: unknown pattern 'affinex'");
  EXPECT_ERROR("LDS R1, [R2] ; pattern=affine index=tx\n", "w.wl:1: pattern: affine, gather and random:K patterns address global memory");
  EXPECT_ERROR("LDS R1, [R2] ; pattern=random:4\n", "w.wl:1: pattern: affine, gather and random:K patterns address global memory");
  EXPECT_ERROR("LD R1, [R2] ; pattern=random:3\n", "w.wl:1: pattern: expected random:K with K lanes per random node, K in 1, 2, 4");
  EXPECT_ERROR("LD R1, [R2] ; pattern=random:\n", "w.wl:1: pattern: expected random:K");
  EXPECT_ERROR("LD R1, [R2] ; pattern=random:64\n", "w.wl:1: pattern: expected random:K");
  EXPECT_ERROR("LD R1, [R2] ; pattern=stream:7\n", "w.wl:1: pattern: stream takes no :K, found 'stream:7'");
  EXPECT_ERROR("LDS R1, [R2] ; pattern=broadcast:3\n", "w.wl:1: pattern: broadcast takes no :K");
  // The last of two would have won without a word.
  EXPECT_ERROR("LD R1, [R2] ; pattern=stream pattern=random\n", "w.wl:1: pattern: pattern given twice in one access");
  EXPECT_ERROR("LD R1, [R2] ; bytes=4 bytes=8\n", "w.wl:1: bytes: bytes given twice in one access");
}

TEST(AccessPatternParser, SparseDirectiveErrorsNameTheKey) {
  const std::string ld = "\nLD R1, [R2]\n";
  EXPECT_ERROR(".sparse M rows=4 cols=4 nnz_per_row=1 structure=diagonal" + ld,
               "w.wl:1: structure: unknown structure 'diagonal' (valid: banded, uniform, powerlaw)");
  EXPECT_ERROR(".sparse M rows=4 nnz_per_row=1 structure=banded" + ld, "w.wl:1: cols: missing cols=");
  EXPECT_ERROR(".sparse M rows=4 cols=4 nnz_per_row=1 structure=banded shape=x" + ld, "w.wl:1: shape: unknown .sparse key 'shape'");
  EXPECT_ERROR(".sparse M rows=0 cols=4 nnz_per_row=1 structure=banded" + ld,
               "w.wl:1: rows: expected an integer in [1, 134217728], found '0'");
  EXPECT_ERROR(".sparse M rows=1048576 cols=1048576 nnz_per_row=129 structure=uniform" + ld,
               "w.wl:1: nnz_per_row: rows x nnz_per_row = 1048576 x 129 = 135266304 nonzeros, more than the 134217728 (2^27)");
  EXPECT_ERROR(".sparse M rows=4 cols=4 nnz_per_row=5 structure=uniform" + ld,
               "w.wl:1: nnz_per_row: 5 nonzeros per row, more than the 4 columns");
  EXPECT_ERROR(".sparse M rows=4 cols=4 nnz_per_row=2 structure=banded max_row=3" + ld,
               "w.wl:1: max_row: max_row applies to structure=powerlaw only");
  EXPECT_ERROR(".sparse M rows=4 cols=40 nnz_per_row=8 structure=powerlaw max_row=4" + ld,
               "w.wl:1: max_row: max_row=4 is below nnz_per_row=8");
  EXPECT_ERROR(".sparse M rows=4 cols=4 nnz_per_row=1 structure=banded rows=5" + ld, "w.wl:1: rows: rows given twice");
  EXPECT_ERROR(".sparse rows=4" + ld, "w.wl:1: .sparse: expected `.sparse NAME rows=R");
  EXPECT_ERROR(".sparse M rows=4 cols=4 nnz_per_row=1 structure=banded\n.sparse M rows=4 cols=4 nnz_per_row=1 structure=banded" + ld,
               "w.wl:2: .sparse: matrix 'M' declared twice");
}

TEST(AccessPatternParser, BlockXMustDivideAFixedBlockSize) {
  EXPECT_ERROR(".launch threads_per_block=128 block_x=48\nFADD R1, R1, R1\n",
               "w.wl:1: block_x: block_x=48 does not divide threads_per_block=128");
  EXPECT_ERROR(".launch block_x=0\nFADD R1, R1, R1\n", "w.wl:1: block_x: expected an integer in [1, 65536], found '0'");
  EXPECT_ERROR(".launch grid_x=-1\nFADD R1, R1, R1\n", "w.wl:1: grid_x: expected an integer");
  EXPECT_EQ(error_of(".launch threads_per_block=128 block_x=32 grid_x=8\nFADD R1, R1, R1\n"), "");
  EXPECT_EQ(error_of(".launch block_x=48\nFADD R1, R1, R1\n"), "");  // the block size comes from --warps
}

}  // namespace warpsim::isa
