#include "model/access_cost.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <vector>

namespace warpsim::model {
namespace {

using isa::AccessKind;

// Byte address of each active thread's access. Random global accesses are placed 1 MiB apart: each
// fully diverges (§6.7). Random shared accesses get the luckiest placement (one word per bank), so
// the cost stays a bound. Shared-memory conflicts put k threads on each bank with distinct words.
std::vector<uint64_t> thread_addresses(const isa::AccessPattern& p, int banks, int bank_width, bool shared) {
  std::vector<uint64_t> a;
  for (int t = 0; t < p.active_threads; ++t) {
    const uint64_t ut = static_cast<uint64_t>(t);
    switch (p.kind) {
      case AccessKind::Stream:
      case AccessKind::Affine:  // global affine accesses: affine_cost; shared memory has none (parser)
      case AccessKind::GatherNz:
      case AccessKind::GatherCol:
        a.push_back(ut * p.bytes);
        break;
      case AccessKind::Stride:
        a.push_back(ut * static_cast<uint64_t>(p.param) * p.bytes);
        break;
      case AccessKind::Random:  // nodes of `param` lanes far apart
        a.push_back(shared ? ut * bank_width : (ut / static_cast<uint64_t>(p.param) << 20) + ut % static_cast<uint64_t>(p.param) * p.bytes);
        break;
      case AccessKind::Broadcast:
        a.push_back(0);
        break;
      case AccessKind::Conflict: {
        const uint64_t k = static_cast<uint64_t>(std::max(1, p.param));
        a.push_back(isa::conflict_bank_word(ut, k, static_cast<uint64_t>(banks)) * bank_width);
        break;
      }
    }
  }
  return a;
}

struct Txn {
  int count = 0;
  double bytes = 0;
};

// Distinct aligned segments of `size` bytes touched (Fermi lines, 32-byte sectors).
Txn unique_segments(const std::vector<uint64_t>& addr, int bytes, int size) {
  std::set<uint64_t> seg;
  for (uint64_t a : addr)
    for (uint64_t b = a / size; b <= (a + bytes - 1) / size; ++b) seg.insert(b);
  return {static_cast<int>(seg.size()), static_cast<double>(seg.size()) * size};
}

// Compute capability 1.2/1.3 (GT200): per half-warp, segment of the lowest unserved thread,
// shrunk to 64 or 32 bytes when only one half is used (CUDA C Programming Guide 3.0, G.3.2.2).
Txn gt200_half(const std::vector<uint64_t>& addr, int bytes) {
  const uint64_t size0 = bytes == 1 ? 32 : bytes == 2 ? 64 : 128;
  std::vector<bool> served(addr.size(), false);
  Txn t;
  for (size_t i = 0; i < addr.size(); ++i) {
    if (served[i]) continue;
    const uint64_t seg = addr[i] / size0;
    uint64_t lo = UINT64_MAX, hi = 0;
    for (size_t j = i; j < addr.size(); ++j)
      if (!served[j] && addr[j] / size0 == seg) {
        served[j] = true;
        lo = std::min(lo, addr[j]);
        hi = std::max(hi, std::min(addr[j] + bytes - 1, (seg + 1) * size0 - 1));
      }
    uint64_t size = size0;
    while (size > 32 && lo / (size / 2) == hi / (size / 2)) size /= 2;
    ++t.count;
    t.bytes += static_cast<double>(size);
  }
  return t;
}

// Compute capability 1.0/1.1 (G80): a half-warp coalesces only if thread k reads word k of an
// aligned block; otherwise one 32-byte transaction per thread (Programming Guide 3.0, G.3.2.1).
Txn g80_half(const std::vector<uint64_t>& addr, const std::vector<int>& lane, int bytes) {
  bool ok = bytes == 4 || bytes == 8 || bytes == 16;
  const uint64_t block = 16ull * bytes;
  for (size_t i = 0; ok && i < addr.size(); ++i)
    ok = addr[i] % block == static_cast<uint64_t>(lane[i]) * bytes && addr[i] / block == addr[0] / block;
  if (addr.empty()) return {};
  if (ok) return bytes == 16 ? Txn{2, 256} : Txn{1, static_cast<double>(block)};
  return {static_cast<int>(addr.size()), static_cast<double>(addr.size()) * std::max(32, bytes)};
}

Txn transactions(config::CoalescingRule rule, const std::vector<uint64_t>& addr, int bytes) {
  using config::CoalescingRule;
  if (rule == CoalescingRule::Fermi) return unique_segments(addr, bytes, 128);
  if (rule == CoalescingRule::Sector32) return unique_segments(addr, bytes, 32);
  Txn total;
  for (int half = 0; half < 2; ++half) {  // G80 and GT200 serve each half-warp separately
    std::vector<uint64_t> a;
    std::vector<int> lane;
    for (size_t t = half * 16; t < std::min<size_t>(addr.size(), half * 16 + 16); ++t)
      a.push_back(addr[t]), lane.push_back(static_cast<int>(t) - half * 16);
    const Txn h = rule == CoalescingRule::G80 ? g80_half(a, lane, bytes) : gt200_half(a, bytes);
    total.count += h.count;
    total.bytes += h.bytes;
  }
  return total;
}

// LSU passes (mem::Segment::issue_step): one per transaction, or one per 128-byte line touched.
int issue_steps(config::IssueUnit unit, const Txn& t, const std::vector<uint64_t>& addr, int bytes) {
  return unit == config::IssueUnit::Line ? unique_segments(addr, bytes, 128).count : t.count;
}

// An affine access's cost: the fewest transactions, bytes and LSU passes any warp's execution can
// take (lanes wrapping around the array's end aside), so that the throughput bound stays a bound
// (model/simulated_bound.h). Lane offsets come
// from the index's tx and ty coefficients for each way a warp can lie across block rows of
// `block_x` threads (0: rows of whole warps), the lanes then placed at every element-aligned
// position in the coalescers' largest alignment (256 bytes, sm/coalescing_cache.h).
void affine_cost(const config::HwConfig& cfg, const isa::AccessPattern& p, int block_x, GlobalAccessCost& c) {
  const uint64_t row = block_x > 0 ? static_cast<uint64_t>(block_x) : 32;
  const uint64_t ctx = static_cast<uint64_t>(p.index.coefficient(isa::IndexVar::Tx));
  const uint64_t cty = static_cast<uint64_t>(p.index.coefficient(isa::IndexVar::Ty));
  std::set<uint64_t> phases;  // a warp's first column: 32 w mod row, at most 256 of them examined
  for (uint64_t w = 0; phases.size() < 256 && (w == 0 || 32 * w % row != 0); ++w) phases.insert(32 * w % row);
  c.transactions = std::numeric_limits<int>::max();
  c.bytes_transferred = std::numeric_limits<double>::infinity();
  c.issue_steps = std::numeric_limits<int>::max();
  for (uint64_t phase : phases) {
    std::vector<int64_t> off;
    for (uint64_t l = 0, tx = phase, ty = 0; l < static_cast<uint64_t>(p.active_threads); ++l) {
      off.push_back(static_cast<int64_t>(ctx * tx + cty * ty));  // wrapping, as the simulator's
      if (++tx == row) tx = 0, ++ty;
    }
    const int64_t lowest = *std::min_element(off.begin(), off.end());
    for (uint64_t shift = 0; shift < 256; shift += static_cast<uint64_t>(p.bytes)) {
      std::vector<uint64_t> addr;
      for (int64_t o : off) addr.push_back(static_cast<uint64_t>(o - lowest) * static_cast<uint64_t>(p.bytes) + shift);
      const Txn t = transactions(cfg.lsu.coalescing, addr, p.bytes);
      c.transactions = std::min(c.transactions, t.count);
      c.bytes_transferred = std::min(c.bytes_transferred, t.bytes);
      c.issue_steps = std::min(c.issue_steps, issue_steps(cfg.lsu.issue_unit, t, addr, p.bytes));
    }
  }
}

}  // namespace

GlobalAccessCost global_access_cost(const config::HwConfig& cfg, const isa::AccessPattern& pattern, int block_x) {
  isa::AccessPattern p = pattern;
  if (p.kind == AccessKind::Conflict) p.kind = AccessKind::Stride;  // a bank pattern means a stride in DRAM
  const isa::AccessPattern coalesced{};                             // 32 threads, 4 bytes each, consecutive
  GlobalAccessCost c;
  const auto coalesced_addr = thread_addresses(coalesced, 1, 4, false);
  c.baseline_transactions = transactions(cfg.lsu.coalescing, coalesced_addr, 4).count;
  c.baseline_issue_steps = issue_steps(cfg.lsu.issue_unit, transactions(cfg.lsu.coalescing, coalesced_addr, 4), coalesced_addr, 4);
  // A gather's lanes and rows come from a matrix built at run time, and all its lanes may be
  // inactive: its least cost, none, keeps the throughput bound a bound.
  if (isa::is_gather(p.kind)) return c;
  c.bytes_requested = static_cast<double>(p.active_threads) * p.bytes;
  if (p.kind == AccessKind::Affine) {
    affine_cost(cfg, p, block_x, c);
    return c;
  }
  const auto addr_of_pattern = thread_addresses(p, cfg.smem.banks, cfg.smem.bank_width_bytes, false);
  const Txn t = transactions(cfg.lsu.coalescing, addr_of_pattern, p.bytes);
  c.transactions = t.count;
  c.bytes_transferred = t.bytes;
  c.issue_steps = issue_steps(cfg.lsu.issue_unit, t, addr_of_pattern, p.bytes);
  return c;
}

SharedAccessCost shared_access_cost(const config::HwConfig& cfg, const isa::AccessPattern& pattern) {
  const auto& sm = cfg.smem;
  const auto addr = thread_addresses(pattern, sm.banks, sm.bank_width_bytes, true);
  const int per_pass = sm.half_warp ? cfg.sm.warp_size / 2 : cfg.sm.warp_size;
  SharedAccessCost c;
  c.passes = 0;
  int pass_cycles = 0;
  for (size_t first = 0; first < addr.size(); first += per_pass) {
    std::map<uint64_t, std::set<uint64_t>> words_of_bank;
    for (size_t t = first; t < std::min(addr.size(), first + per_pass); ++t)
      for (uint64_t w = addr[t] / sm.bank_width_bytes; w <= (addr[t] + pattern.bytes - 1) / sm.bank_width_bytes; ++w)
        words_of_bank[w % sm.banks].insert(w);  // the same word is broadcast: counted once
    int degree = 1;
    for (const auto& [bank, words] : words_of_bank) degree = std::max(degree, static_cast<int>(words.size()));
    c.conflict_degree = std::max(c.conflict_degree, degree);
    c.reissues += degree - 1;
    pass_cycles += degree * sm.cycles_per_access;
    ++c.passes;
  }
  c.passes = std::max(c.passes, 1);
  c.bank_cycles = std::max(pass_cycles, sm.cycles_per_access);
  // Sustained rate below the bank rate (G80, Table 6.1, §6.1): the banks are busy at least
  // (thread accesses x degree) / measured rate, the same rule as the simulator's banks.
  if (sm.measured_ops_per_cycle > 0)
    c.bank_cycles = std::max(c.bank_cycles, pattern.active_threads * c.conflict_degree / sm.measured_ops_per_cycle);
  return c;
}

std::string pattern_label(const isa::AccessPattern& p, bool shared) {
  std::string s;
  switch (p.kind) {
    case AccessKind::Stream:
      s = shared ? "consecutive" : "fully coalesced";
      break;
    case AccessKind::Stride:
      s = fmt::format("stride-{}", p.param);
      break;
    case AccessKind::Random:
      s = p.param > 1 ? fmt::format("random nodes of {} lanes", p.param) : "random";
      break;
    case AccessKind::Broadcast:
      s = "broadcast";
      break;
    case AccessKind::Conflict:
      s = fmt::format("{}-way conflict", p.param);
      break;
    case AccessKind::Affine:
      s = fmt::format("affine {}", isa::to_string(p.index));
      break;
    case AccessKind::GatherNz:
    case AccessKind::GatherCol:
      s = fmt::format("gather {} (no bytes counted)", p.kind == AccessKind::GatherNz ? "nz" : "col");
      break;
  }
  if (p.bytes != 4) s += fmt::format(", {}-byte", p.bytes);
  if (p.active_threads != 32) s += fmt::format(", {} threads", p.active_threads);
  return s;
}

}  // namespace warpsim::model
