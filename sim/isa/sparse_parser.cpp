// The `.sparse NAME rows=R cols=C nnz_per_row=K structure=banded|uniform|powerlaw [max_row=M]`
// directive of the workload text format (docs/workload-format.md): the shape of a synthetic CSR
// matrix that gather accesses follow (isa/sparse_matrix.h).
#include <fmt/format.h>

#include <set>

#include "common/text.h"
#include "isa/sparse_matrix.h"
#include "isa/workload_parser.h"

namespace warpsim::isa {
namespace {

constexpr const char* kUsage = "expected `.sparse NAME rows=R cols=C nnz_per_row=K structure=banded|uniform|powerlaw [max_row=M]`";

// Bounds after the values are known: the nonzeros fit kMaxSparseNonzeros, a row's distinct
// columns fit the matrix, and max_row belongs to (and bounds) a power law.
void check_shape(const SparseSpec& s, bool max_row_given, std::vector<KeyedError>& errors) {
  const uint64_t nnz = s.rows * s.nnz_per_row;  // both <= 2^27: no overflow
  if (nnz > kMaxSparseNonzeros)
    errors.push_back({"nnz_per_row", fmt::format("rows x nnz_per_row = {} x {} = {} nonzeros, more than the {} (2^27) a matrix may have",
                                                 s.rows, s.nnz_per_row, nnz, kMaxSparseNonzeros)});
  if (s.nnz_per_row > s.cols)
    errors.push_back({"nnz_per_row",
                      fmt::format("{} nonzeros per row, more than the {} columns (a row's columns are distinct)", s.nnz_per_row, s.cols)});
  if (max_row_given && s.structure != SparseStructure::PowerLaw)
    errors.push_back({"max_row", "max_row applies to structure=powerlaw only (the other structures' rows all hold nnz_per_row)"});
  if (max_row_given && s.structure == SparseStructure::PowerLaw) {
    if (s.max_row < s.nnz_per_row)
      errors.push_back({"max_row", fmt::format("max_row={} is below nnz_per_row={}, the rows' mean length", s.max_row, s.nnz_per_row)});
    if (s.max_row > s.cols)
      errors.push_back({"max_row", fmt::format("max_row={} exceeds the {} columns (a row's columns are distinct)", s.max_row, s.cols)});
  }
}

}  // namespace

std::vector<KeyedError> parse_sparse(const std::vector<std::string>& words, SparseSpec& out) {
  std::vector<KeyedError> errors;
  if (words.empty() || words[0].find('=') != std::string::npos) return {{".sparse", kUsage}};
  if (!is_name(words[0])) errors.push_back({".sparse", fmt::format("a matrix name is letters, digits and '_', found '{}'", words[0])});
  out.name = words[0];
  std::set<std::string> given;
  for (size_t i = 1; i < words.size(); ++i) {
    const std::string& w = words[i];
    const auto eq = w.find('=');
    const std::string key = w.substr(0, eq), val = eq == std::string::npos ? "" : w.substr(eq + 1);
    const auto num = parse_int(val);
    const auto need_num = [&](int64_t lo, int64_t hi) {
      if (num && *num >= lo && *num <= hi) return true;
      errors.push_back({key, fmt::format("expected an integer in [{}, {}], found '{}'", lo, hi, val)});
      return false;
    };
    if (eq == std::string::npos) {
      errors.push_back({".sparse", fmt::format("expected key=value, found '{}' ({})", w, kUsage)});
      continue;
    }
    if (!given.insert(key).second) {
      errors.push_back({key, fmt::format("{} given twice", key)});
      continue;
    }
    // Each bound lets the product checks below run without overflow.
    if (key == "rows") {
      if (need_num(1, int64_t{kMaxSparseNonzeros})) out.rows = static_cast<uint64_t>(*num);
    } else if (key == "cols") {
      if (need_num(1, int64_t{1} << 32)) out.cols = static_cast<uint64_t>(*num);
    } else if (key == "nnz_per_row") {
      if (need_num(1, int64_t{kMaxSparseNonzeros})) out.nnz_per_row = static_cast<uint32_t>(*num);
    } else if (key == "max_row") {
      if (need_num(1, int64_t{kMaxSparseNonzeros})) out.max_row = static_cast<uint32_t>(*num);
    } else if (key == "structure") {
      if (val == "banded")
        out.structure = SparseStructure::Banded;
      else if (val == "uniform")
        out.structure = SparseStructure::Uniform;
      else if (val == "powerlaw")
        out.structure = SparseStructure::PowerLaw;
      else
        errors.push_back({key, fmt::format("unknown structure '{}' (valid: banded, uniform, powerlaw)", val)});
    } else {
      errors.push_back({key, fmt::format("unknown .sparse key '{}' (valid: rows, cols, nnz_per_row, structure, max_row)", key)});
    }
  }
  for (const char* key : {"rows", "cols", "nnz_per_row", "structure"})
    if (!given.count(key)) errors.push_back({key, fmt::format("missing {}= ({})", key, kUsage)});
  if (errors.empty()) check_shape(out, given.count("max_row") > 0, errors);
  return errors;
}

}  // namespace warpsim::isa
