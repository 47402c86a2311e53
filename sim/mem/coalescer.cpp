#include "mem/coalescer.h"

#include <algorithm>
#include <array>

#include "common/user_error.h"

namespace warpsim::mem {
namespace {

constexpr uint32_t kHalfWarpMask = 0xFFFFu;

uint64_t align_down(uint64_t a, uint64_t size) { return a & ~(size - 1); }

// Distinct keys (segment or line addresses) of one warp access, at most 32, each with the index
// it was first given: open addressing over 64 slots, so that a fully diverging access costs 32
// lookups where a scan of the keys found so far took ~500 compares per pass (three passes per
// access: 6% of a `validate` run and 14% of a random-access share).
class WarpKeyIndex {
 public:
  // The index given to `key`, or -1 after giving it `index`.
  int find_or_add(uint64_t key, int index) {
    size_t slot = static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> 58);
    while (used_ >> slot & 1u) {
      if (keys_[slot] == key) return indices_[slot];
      slot = (slot + 1) & (kSlots - 1);
    }
    used_ |= uint64_t{1} << slot;
    keys_[slot] = key;
    indices_[slot] = index;
    return -1;
  }

 private:
  static constexpr size_t kSlots = 64;  // > 2 x 32 keys: short probe runs
  uint64_t used_ = 0;                   // bit i: slot i holds a key
  std::array<uint64_t, kSlots> keys_;
  std::array<int, kSlots> indices_;
};

// Adds `thread` to the segment of `size` bytes holding `address` (every segment of the access
// has that size), or opens a new one. Segments keep the order of the first thread they serve.
void add_to_distinct(uint64_t address, uint32_t size, int thread, WarpKeyIndex& segments, std::vector<Segment>& out) {
  const uint64_t base = align_down(address, size);
  const int known = segments.find_or_add(base, static_cast<int>(out.size()));
  if (known >= 0) {
    out[static_cast<size_t>(known)].thread_mask |= 1u << thread;
    return;
  }
  out.push_back({base, size, 1u << thread});
}

// cc 1.0/1.1: the k-th active thread of the half-warp must access word k of an aligned segment.
bool g80_half_warp_coalesces(const ThreadAddresses& a, uint32_t mask, int first, int bytes) {
  if (bytes != 4 && bytes != 8 && bytes != 16) return false;
  const uint64_t span = 16ull * static_cast<uint64_t>(bytes);
  bool have_base = false;
  uint64_t base = 0;
  for (int k = 0; k < 16; ++k) {
    const int t = first + k;
    if (!(mask >> t & 1u)) continue;
    const uint64_t expected_base = a[t] - static_cast<uint64_t>(k) * bytes;
    if (a[t] < static_cast<uint64_t>(k) * bytes || expected_base % span != 0) return false;
    if (have_base && expected_base != base) return false;
    base = expected_base;
    have_base = true;
  }
  return true;
}

void coalesce_g80(const ThreadAddresses& a, uint32_t mask, int bytes, std::vector<Segment>& out) {
  for (int first = 0; first < kWarpThreads; first += 16) {
    const uint32_t half = mask & (kHalfWarpMask << first);
    if (half == 0) continue;
    if (g80_half_warp_coalesces(a, mask, first, bytes)) {
      // 64 bytes for 4-byte words, 128 for 8-byte words, two 128-byte ones for 16-byte words.
      const uint64_t span = 16ull * static_cast<uint64_t>(bytes);
      const uint32_t size = bytes == 16 ? 128u : static_cast<uint32_t>(span);
      int lowest = first;
      while (!(half >> lowest & 1u)) ++lowest;
      const uint64_t base = a[lowest] - static_cast<uint64_t>(lowest - first) * bytes;
      for (uint64_t s = base; s < base + span; s += size) {
        uint32_t served = 0;
        for (int t = first; t < first + 16; ++t)
          if ((half >> t & 1u) && a[t] >= s && a[t] < s + size) served |= 1u << t;
        if (served) out.push_back({s, size, served});
      }
      continue;
    }
    // Not coalesced: one 32-byte transaction per active thread, duplicates not merged.
    for (int t = first; t < first + 16; ++t)
      if (half >> t & 1u) out.push_back({align_down(a[t], 32), 32, 1u << t});
  }
}

void coalesce_gt200(const ThreadAddresses& a, uint32_t mask, int bytes, std::vector<Segment>& out) {
  const uint32_t seg = bytes == 1 ? 32u : bytes == 2 ? 64u : 128u;
  for (int first = 0; first < kWarpThreads; first += 16) {
    uint32_t pending = mask & (kHalfWarpMask << first);
    while (pending) {
      int lowest = first;
      while (!(pending >> lowest & 1u)) ++lowest;
      const uint64_t base = align_down(a[lowest], seg);
      uint32_t served = 0;
      uint64_t lo = a[lowest], hi = a[lowest] + bytes;  // byte range used, [lo, hi)
      for (int t = first; t < first + 16; ++t) {
        if ((pending >> t & 1u) && align_down(a[t], seg) == base) {
          served |= 1u << t;
          lo = std::min(lo, a[t]);
          hi = std::max(hi, a[t] + static_cast<uint64_t>(bytes));
        }
      }
      // Shrink to the half that holds every access, 128 -> 64 -> 32 bytes.
      uint64_t start = base;
      uint32_t size = seg;
      while (size > 32) {
        const uint32_t h = size / 2;
        if (hi <= start + h)
          size = h;
        else if (lo >= start + h)
          start += h, size = h;
        else
          break;
      }
      out.push_back({start, size, served});
      pending &= ~served;
    }
  }
}

// How many of the access's transactions share each one's 128-byte line, and their LSU issue
// steps: one per transaction, or one per distinct 128-byte line in order of first appearance.
void count_lines_and_assign_steps(config::IssueUnit unit, std::vector<Segment>& out) {
  std::array<uint8_t, kWarpThreads> line_of{};  // per segment: its line's order of first appearance
  std::array<uint8_t, kWarpThreads> sharing{};  // per line: the segments in it
  WarpKeyIndex lines;
  int distinct = 0;
  for (size_t j = 0; j < out.size(); ++j) {
    const int known = lines.find_or_add(out[j].address / kLineBytes, distinct);
    line_of[j] = static_cast<uint8_t>(known >= 0 ? known : distinct++);
    ++sharing[line_of[j]];
  }
  for (size_t j = 0; j < out.size(); ++j) {
    out[j].line_transactions = sharing[line_of[j]];
    out[j].issue_step = unit == config::IssueUnit::Transaction ? static_cast<uint8_t>(j) : line_of[j];
  }
}

void coalesce_by_rule(config::CoalescingRule rule, const ThreadAddresses& addresses, uint32_t active_mask, int bytes_per_thread,
                      std::vector<Segment>& out) {
  WARPSIM_ASSERT(bytes_per_thread == 1 || bytes_per_thread == 2 || bytes_per_thread == 4 || bytes_per_thread == 8 || bytes_per_thread == 16,
                 "coalesce: bytes per thread must be 1, 2, 4, 8 or 16");
  out.clear();
  switch (rule) {
    case config::CoalescingRule::G80:
      coalesce_g80(addresses, active_mask, bytes_per_thread, out);
      return;
    case config::CoalescingRule::GT200:
      coalesce_gt200(addresses, active_mask, bytes_per_thread, out);
      return;
    case config::CoalescingRule::Fermi:
    case config::CoalescingRule::Sector32: {
      const uint32_t size = rule == config::CoalescingRule::Fermi ? 128u : 32u;
      WarpKeyIndex segments;
      for (int t = 0; t < kWarpThreads; ++t)
        if (active_mask >> t & 1u) add_to_distinct(addresses[t], size, t, segments, out);
      return;
    }
  }
}

}  // namespace

void coalesce(config::CoalescingRule rule, const ThreadAddresses& addresses, uint32_t active_mask, int bytes_per_thread,
              std::vector<Segment>& out, config::IssueUnit unit) {
  coalesce_by_rule(rule, addresses, active_mask, bytes_per_thread, out);
  WARPSIM_ASSERT(out.size() <= static_cast<size_t>(kWarpThreads), "coalesce: more transactions than warp threads");
  count_lines_and_assign_steps(unit, out);
}

std::vector<Segment> coalesced_access(const config::LsuConfig& lsu, uint64_t base) {
  ThreadAddresses a{};
  for (int t = 0; t < kWarpThreads; ++t) a[t] = base + 4ull * static_cast<uint64_t>(t);
  std::vector<Segment> out;
  coalesce(lsu.coalescing, a, 0xFFFFFFFFu, 4, out, lsu.issue_unit);
  return out;
}

size_t last_to_depart(const std::vector<Segment>& segments) {
  size_t last = 0;
  for (size_t j = 1; j < segments.size(); ++j)
    if (segments[j].issue_step >= segments[last].issue_step) last = j;
  return last;
}

int coalesced_issue_steps(const config::LsuConfig& lsu) { return coalesced_access(lsu, 0).back().issue_step + 1; }

int coalesced_transactions(config::CoalescingRule rule) {
  switch (rule) {
    case config::CoalescingRule::G80:
    case config::CoalescingRule::GT200:
      return 2;
    case config::CoalescingRule::Fermi:
      return 1;
    case config::CoalescingRule::Sector32:
      return 4;
  }
  return 1;
}

}  // namespace warpsim::mem
