#include "isa/sparse_matrix.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <tuple>

#include "common/bit_mix.h"

namespace warpsim::isa {
namespace {

// splitmix64 (Steele et al. 2014): one stream per row, so that a row's columns do not depend on
// how many numbers the rows before it drew.
struct Rng {
  uint64_t state;
  uint64_t next() { return mix64(state += 0x9E3779B97F4A7C15ull); }
  uint64_t below(uint64_t n) { return static_cast<uint64_t>((static_cast<unsigned __int128>(next()) * n) >> 64); }  // Lemire
  double open_unit() { return (static_cast<double>(next() >> 11) + 1.0) * 0x1.0p-53; }                              // (0, 1]
};

uint64_t name_hash(const std::string& s) {  // FNV-1a
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

// Two independent streams per row: its length (PowerLaw) and its columns.
Rng row_stream(uint64_t key, uint64_t row, uint64_t stream) { return Rng{mix64(key ^ mix64(2 * row + stream + 1))}; }

// `k` distinct values of [0, n), ascending, appended to `out` (k <= n). Few duplicates when
// 2k <= n: draw, sort, drop duplicates, draw the missing ones again. Otherwise the n - k values
// left out are drawn that way and the rest listed.
void distinct_sorted(Rng& rng, uint64_t n, uint64_t k, std::vector<uint32_t>& scratch, std::vector<uint32_t>& out) {
  const bool complement = 2 * k > n;
  const uint64_t want = complement ? n - k : k;
  scratch.clear();
  while (scratch.size() < want) {
    for (uint64_t j = scratch.size(); j < want; ++j) scratch.push_back(static_cast<uint32_t>(rng.below(n)));
    std::sort(scratch.begin(), scratch.end());
    scratch.erase(std::unique(scratch.begin(), scratch.end()), scratch.end());
  }
  if (!complement) {
    out.insert(out.end(), scratch.begin(), scratch.end());
    return;
  }
  size_t skip = 0;
  for (uint64_t c = 0; c < n; ++c) {
    if (skip < scratch.size() && scratch[skip] == c)
      ++skip;
    else
      out.push_back(static_cast<uint32_t>(c));
  }
}

// PowerLaw row lengths: weights w = 1/u, u uniform in (0, 1], so P(w >= x) = 1/x (a Pareto law,
// density exponent 2, the heavy tail of graph degree distributions); length = round(s w) clamped
// to [1, max_row], with the scale s found by bisection so that the lengths sum to at most rows x K,
// the few missing nonzeros then added to the first rows below max_row: the mean is exactly K.
std::vector<uint32_t> power_law_lengths(const SparseSpec& spec, uint64_t key) {
  const uint64_t rows = spec.rows, target = rows * spec.nnz_per_row;
  const uint32_t longest = max_row_of(spec);
  std::vector<float> w(rows);
  for (uint64_t r = 0; r < rows; ++r) w[r] = static_cast<float>(1.0 / row_stream(key, r, 0).open_unit());
  const auto length = [&](double s, uint64_t r) {
    return static_cast<uint32_t>(std::clamp(s * w[r] + 0.5, 1.0, static_cast<double>(longest)));
  };
  const auto total = [&](double s) {
    uint64_t t = 0;
    for (uint64_t r = 0; r < rows; ++r) t += length(s, r);
    return t;
  };
  double lo = 0, hi = longest + 1.0;  // every w >= 1: at hi every row is max_row long
  if (total(hi) <= target) lo = hi;
  for (int step = 0; step < 40; ++step) {
    const double mid = 0.5 * (lo + hi);
    (total(mid) <= target ? lo : hi) = mid;
  }
  std::vector<uint32_t> len(rows);
  uint64_t sum = 0;
  for (uint64_t r = 0; r < rows; ++r) sum += len[r] = length(lo, r);
  for (uint64_t r = 0; r < rows && sum < target; ++r)
    if (len[r] < longest) ++len[r], ++sum;
  return len;
}

}  // namespace

uint32_t max_row_of(const SparseSpec& spec) {
  if (spec.max_row > 0) return spec.max_row;
  return static_cast<uint32_t>(std::min<uint64_t>(uint64_t{8} * spec.nnz_per_row, spec.cols));
}

SparseMatrix build_sparse_matrix(const SparseSpec& spec, uint64_t seed) {
  const uint64_t key = mix64(seed ^ mix64(name_hash(spec.name)));
  const uint64_t k = spec.nnz_per_row;
  SparseMatrix m;
  m.row_ptr.reserve(spec.rows + 1);
  m.row_ptr.push_back(0);
  std::vector<uint32_t> lengths;
  if (spec.structure == SparseStructure::PowerLaw) lengths = power_law_lengths(spec, key);
  m.col.reserve(spec.rows * k);  // PowerLaw's lengths too sum to rows x K
  std::vector<uint32_t> scratch;
  for (uint64_t r = 0; r < spec.rows; ++r) {
    if (spec.structure == SparseStructure::Banded) {
      // Columns r - K/2 .. r - K/2 + K - 1, wrapped into [0, cols) and listed ascending.
      const size_t first = m.col.size();
      const uint64_t start = (r % spec.cols + spec.cols - (k / 2) % spec.cols) % spec.cols;
      for (uint64_t j = 0; j < k; ++j) m.col.push_back(static_cast<uint32_t>((start + j) % spec.cols));
      std::sort(m.col.begin() + static_cast<std::ptrdiff_t>(first), m.col.end());
    } else {
      Rng rng = row_stream(key, r, 1);
      distinct_sorted(rng, spec.cols, lengths.empty() ? k : lengths[r], scratch, m.col);
    }
    m.row_ptr.push_back(static_cast<uint32_t>(m.col.size()));
  }
  return m;
}

std::shared_ptr<const SparseMatrix> shared_sparse_matrix(const SparseSpec& spec, uint64_t seed) {
  using Key = std::tuple<std::string, uint64_t, uint64_t, uint32_t, SparseStructure, uint32_t, uint64_t>;
  static std::mutex mutex;
  static std::map<Key, std::weak_ptr<const SparseMatrix>> built;
  // The latest matrix stays built: the points of a sweep, run one after another, reuse it.
  static std::shared_ptr<const SparseMatrix> latest;
  const Key key{spec.name, spec.rows, spec.cols, spec.nnz_per_row, spec.structure, max_row_of(spec), seed};
  const std::lock_guard<std::mutex> lock(mutex);
  if (auto m = built[key].lock()) return m;
  latest.reset();  // before building: at most one unused matrix held, not two
  std::erase_if(built, [](const auto& entry) { return entry.second.expired(); });
  auto m = std::make_shared<const SparseMatrix>(build_sparse_matrix(spec, seed));
  built[key] = m;
  latest = m;
  return m;
}

}  // namespace warpsim::isa
