// The CSR structure of a `.sparse` matrix (docs/workload-format.md): row offsets and column
// indices, no values (a gather reads the values' addresses, never the values). Generated from the
// matrix's spec and the run's seed, mixed with the matrix's name, so that two matrices of one
// workload differ and a run replays exactly under its seed.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "isa/kernel.h"

namespace warpsim::isa {

struct SparseMatrix {
  std::vector<uint32_t> row_ptr;  // rows + 1 offsets into `col`: row r holds col[row_ptr[r] .. row_ptr[r+1])
  std::vector<uint32_t> col;      // the column of each nonzero, ascending within a row

  uint64_t rows() const { return row_ptr.size() - 1; }
  uint64_t nnz() const { return col.size(); }
  uint32_t row_length(uint64_t r) const { return row_ptr[r + 1] - row_ptr[r]; }
};

// At most 2^27 nonzeros (512 MB of column indices): past any matrix a cache study simulates, and
// row offsets then fit 32 bits.
inline constexpr uint64_t kMaxSparseNonzeros = uint64_t{1} << 27;

// The longest row of a PowerLaw matrix: `max_row`, else 8 K (at most the columns).
uint32_t max_row_of(const SparseSpec& spec);

// Builds the structure (the spec is valid: parse_sparse checked it). Banded ignores the seed.
SparseMatrix build_sparse_matrix(const SparseSpec& spec, uint64_t seed);

// The same, built once per (spec, seed) while any caller holds it, or while it is the latest
// built: the runs of a sweep that share a seed, at once or one after another, read one copy.
// Thread-safe.
std::shared_ptr<const SparseMatrix> shared_sparse_matrix(const SparseSpec& spec, uint64_t seed);

}  // namespace warpsim::isa
