// The `index=EXPR` of an affine or gather access (docs/workload-format.md): an integer linear
// expression over a lane's coordinates, kept as a constant and one coefficient per variable so
// that the address generator evaluates it with a few multiply-adds per lane.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace warpsim::isa {

// tx, ty: the thread's column and row in its block; bx, by: the block's in the grid; i: the
// access's step (how many times the warp executed the instruction before, with its interleave).
enum class IndexVar : uint8_t { Tx, Ty, Bx, By, I };
inline constexpr int kIndexVars = 5;
inline constexpr std::array<const char*, kIndexVars> kIndexVarNames = {"tx", "ty", "bx", "by", "i"};

struct IndexExpression {
  int64_t constant = 0;
  std::array<int64_t, kIndexVars> coeff{};

  int64_t coefficient(IndexVar v) const { return coeff[static_cast<size_t>(v)]; }
  bool uses(IndexVar v) const { return coefficient(v) != 0; }
  bool operator==(const IndexExpression&) const = default;
};

// Parses `text` ("(by*16+ty)*64+i*16+tx") into `out`. Returns "" or what is wrong: bad syntax,
// an unknown variable, a product of two variable terms ("not linear"), a value past 64 bits.
std::string parse_index_expression(std::string_view text, IndexExpression& out);

// The expression in a canonical form ("64*by+16*i+tx"), for labels and messages.
std::string to_string(const IndexExpression& e);

// `v` mod `n`, in [0, n) also for a negative `v` (n >= 1): negative indices wrap to the end.
inline uint64_t wrap_index(int64_t v, uint64_t n) {
  if (v >= 0) return static_cast<uint64_t>(v) % n;
  const uint64_t m = (0 - static_cast<uint64_t>(v)) % n;  // |v| mod n, also for INT64_MIN
  return m == 0 ? 0 : n - m;
}

}  // namespace warpsim::isa
