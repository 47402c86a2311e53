// The synthetic CSR structures of `.sparse` matrices: exact for banded, K distinct sorted columns
// for uniform, a mean of K for powerlaw; all determined by the seed and the matrix's name.
#include <gtest/gtest.h>

#include <algorithm>

#include "isa/sparse_matrix.h"

namespace warpsim::isa {
namespace {

SparseSpec spec(const std::string& name, uint64_t rows, uint64_t cols, uint32_t k, SparseStructure s, uint32_t max_row = 0) {
  SparseSpec out;
  out.name = name;
  out.rows = rows;
  out.cols = cols;
  out.nnz_per_row = k;
  out.structure = s;
  out.max_row = max_row;
  return out;
}

std::vector<uint32_t> row(const SparseMatrix& m, uint64_t r) {
  return std::vector<uint32_t>(m.col.begin() + m.row_ptr[r], m.col.begin() + m.row_ptr[r + 1]);
}

// Every row's columns are distinct, ascending and inside [0, cols).
void expect_well_formed(const SparseMatrix& m, uint64_t cols) {
  ASSERT_EQ(m.row_ptr.front(), 0u);
  ASSERT_EQ(m.row_ptr.back(), m.nnz());
  for (uint64_t r = 0; r < m.rows(); ++r) {
    const auto c = row(m, r);
    ASSERT_TRUE(std::is_sorted(c.begin(), c.end())) << "row " << r;
    ASSERT_EQ(std::adjacent_find(c.begin(), c.end()), c.end()) << "row " << r << " repeats a column";
    ASSERT_TRUE(c.empty() || c.back() < cols) << "row " << r;
  }
}

}  // namespace

TEST(SparseMatrix, BandedRowRHoldsColumnsRMinusHalfKToRPlusHalfKWrapped) {
  // K = 3 on 6 columns: row r holds r-1, r, r+1 (mod 6), ascending.
  const SparseMatrix m = build_sparse_matrix(spec("B", 6, 6, 3, SparseStructure::Banded), 1);
  EXPECT_EQ(m.row_ptr, (std::vector<uint32_t>{0, 3, 6, 9, 12, 15, 18}));
  EXPECT_EQ(row(m, 0), (std::vector<uint32_t>{0, 1, 5}));
  EXPECT_EQ(row(m, 1), (std::vector<uint32_t>{0, 1, 2}));
  EXPECT_EQ(row(m, 3), (std::vector<uint32_t>{2, 3, 4}));
  EXPECT_EQ(row(m, 5), (std::vector<uint32_t>{0, 4, 5}));
  // K = 4: columns r-2 .. r+1; more rows than columns wrap too (row 9 of 8 columns: 7, 0, 1, 2).
  const SparseMatrix w = build_sparse_matrix(spec("W", 10, 8, 4, SparseStructure::Banded), 1);
  EXPECT_EQ(row(w, 4), (std::vector<uint32_t>{2, 3, 4, 5}));
  EXPECT_EQ(row(w, 9), (std::vector<uint32_t>{0, 1, 2, 7}));
  EXPECT_EQ(build_sparse_matrix(spec("W", 10, 8, 4, SparseStructure::Banded), 99).col, w.col);  // no seed in it
}

TEST(SparseMatrix, UniformRowsHoldExactlyKDistinctSortedColumns) {
  for (uint32_t k : {1u, 7u, 30u, 45u, 50u}) {  // 30 and 45 of 50: the draw of the columns left out
    const SparseMatrix m = build_sparse_matrix(spec("U", 1000, 50, k, SparseStructure::Uniform), 3);
    ASSERT_EQ(m.rows(), 1000u);
    ASSERT_EQ(m.nnz(), 1000u * k);
    for (uint64_t r = 0; r < m.rows(); ++r) ASSERT_EQ(m.row_length(r), k);
    expect_well_formed(m, 50);
  }
  // Every column is drawn: over 1000 rows of 7 of 50 each column appears ~140 times.
  const SparseMatrix m = build_sparse_matrix(spec("U", 1000, 50, 7, SparseStructure::Uniform), 3);
  std::vector<int> seen(50, 0);
  for (uint32_t c : m.col) ++seen[c];
  EXPECT_GT(*std::min_element(seen.begin(), seen.end()), 90);
  EXPECT_LT(*std::max_element(seen.begin(), seen.end()), 190);
}

TEST(SparseMatrix, TheSeedAndTheNameDetermineTheStructure) {
  const SparseSpec u = spec("U", 500, 1000, 8, SparseStructure::Uniform);
  const SparseMatrix a = build_sparse_matrix(u, 11);
  EXPECT_EQ(build_sparse_matrix(u, 11).col, a.col);
  EXPECT_NE(build_sparse_matrix(u, 12).col, a.col);
  EXPECT_NE(build_sparse_matrix(spec("V", 500, 1000, 8, SparseStructure::Uniform), 11).col, a.col);
  const SparseSpec p = spec("P", 500, 1000, 8, SparseStructure::PowerLaw);
  EXPECT_EQ(build_sparse_matrix(p, 11).row_ptr, build_sparse_matrix(p, 11).row_ptr);
  EXPECT_NE(build_sparse_matrix(p, 11).row_ptr, build_sparse_matrix(p, 12).row_ptr);
}

TEST(SparseMatrix, PowerLawRowsAverageKWithinOneAndMaxRow) {
  const SparseMatrix m = build_sparse_matrix(spec("P", 100000, 100000, 8, SparseStructure::PowerLaw), 5);
  const double mean = static_cast<double>(m.nnz()) / static_cast<double>(m.rows());
  EXPECT_NEAR(mean, 8.0, 0.8);
  uint32_t longest = 0, shortest = UINT32_MAX;
  uint64_t at_most_k = 0;
  for (uint64_t r = 0; r < m.rows(); ++r) {
    longest = std::max(longest, m.row_length(r));
    shortest = std::min(shortest, m.row_length(r));
    at_most_k += m.row_length(r) <= 8;
  }
  EXPECT_LE(longest, 64u);  // default max_row: 8 K
  EXPECT_GE(shortest, 1u);
  // A heavy tail: rows reach the cap while most rows are shorter than the mean.
  EXPECT_EQ(longest, 64u);
  EXPECT_GT(at_most_k, m.rows() / 2);
  expect_well_formed(m, 100000);
  // An explicit max_row caps the rows, and fewer columns than 8 K cap the default.
  const SparseMatrix capped = build_sparse_matrix(spec("P", 2000, 100, 4, SparseStructure::PowerLaw, 10), 5);
  for (uint64_t r = 0; r < capped.rows(); ++r) ASSERT_LE(capped.row_length(r), 10u);
  EXPECT_EQ(max_row_of(spec("P", 10, 20, 4, SparseStructure::PowerLaw)), 20u);
  EXPECT_EQ(max_row_of(spec("P", 10, 200, 4, SparseStructure::PowerLaw)), 32u);
}

TEST(SparseMatrix, OneCopyIsSharedPerSpecAndSeedWhileHeld) {
  const SparseSpec u = spec("Shared", 100, 100, 4, SparseStructure::Uniform);
  const auto a = shared_sparse_matrix(u, 1);
  EXPECT_EQ(shared_sparse_matrix(u, 1).get(), a.get());
  const auto b = shared_sparse_matrix(u, 2);
  EXPECT_NE(b.get(), a.get());
  EXPECT_EQ(b->col, build_sparse_matrix(u, 2).col);
}

}  // namespace warpsim::isa
