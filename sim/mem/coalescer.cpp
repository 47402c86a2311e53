#include "mem/coalescer.h"

#include <algorithm>

namespace warpsim::mem {
namespace {

// Distinct aligned blocks of `size` bytes touched by the active lanes, in address order.
void distinct_blocks(const std::array<uint64_t, 32>& a, uint32_t mask, int bytes, uint32_t size, std::vector<Segment>& out) {
  for (int l = 0; l < 32; ++l) {
    if (!(mask >> l & 1u)) continue;
    for (uint64_t b = a[l] / size; b <= (a[l] + bytes - 1) / size; ++b) out.push_back({b * size, size});
  }
  std::sort(out.begin(), out.end(), [](const Segment& x, const Segment& y) { return x.address < y.address; });
  out.erase(std::unique(out.begin(), out.end(), [](const Segment& x, const Segment& y) { return x.address == y.address; }), out.end());
}

// Compute capability 1.0/1.1: a half-warp coalesces only if thread k reads word k of one aligned
// segment; otherwise one (at least 32-byte) transaction per thread.
void g80_half_warp(const std::array<uint64_t, 32>& a, uint32_t mask, int bytes, int first, std::vector<Segment>& out) {
  const uint32_t seg = 16u * static_cast<uint32_t>(bytes);
  int lead = -1;
  for (int l = first; l < first + 16; ++l)
    if (mask >> l & 1u) { lead = l; break; }
  if (lead < 0) return;
  const uint64_t base = a[lead] - static_cast<uint64_t>(lead - first) * bytes;
  bool ok = base % seg == 0;
  for (int l = first; ok && l < first + 16; ++l)
    if (mask >> l & 1u) ok = a[l] == base + static_cast<uint64_t>(l - first) * bytes;
  if (ok) {
    out.push_back({base, seg});
    return;
  }
  const uint32_t per_thread = std::max<uint32_t>(32, static_cast<uint32_t>(bytes));
  for (int l = first; l < first + 16; ++l)
    if (mask >> l & 1u) out.push_back({a[l] / per_thread * per_thread, per_thread});
}

// Compute capability 1.2/1.3: per half-warp, the segment of the lowest active thread, shrunk to the
// half that is used while possible (128 -> 64 -> 32 bytes).
void gt200_half_warp(const std::array<uint64_t, 32>& a, uint32_t mask, int bytes, int first, std::vector<Segment>& out) {
  const uint32_t size = bytes == 1 ? 32 : bytes == 2 ? 64 : 128;
  uint32_t pending = 0;
  for (int l = first; l < first + 16; ++l) pending |= mask & (1u << l);
  while (pending) {
    const int lead = __builtin_ctz(pending);
    const uint64_t base = a[lead] / size * size;
    uint64_t lo = ~uint64_t{0}, hi = 0;
    for (int l = first; l < first + 16; ++l) {
      if (!(pending >> l & 1u) || a[l] / size * size != base) continue;
      lo = std::min(lo, a[l]);
      hi = std::max(hi, a[l] + bytes);
      pending &= ~(1u << l);
    }
    uint64_t s_base = base, s_size = size;
    while (s_size > 32) {
      const uint64_t half = s_size / 2;
      if (hi <= s_base + half) s_size = half;
      else if (lo >= s_base + half) s_base += half, s_size = half;
      else break;
    }
    out.push_back({s_base, static_cast<uint32_t>(s_size)});
  }
}

}  // namespace

void coalesce(config::CoalescingRule rule, const std::array<uint64_t, 32>& addresses, uint32_t active_mask, int bytes_per_thread,
              std::vector<Segment>& out) {
  out.clear();
  switch (rule) {
    case config::CoalescingRule::G80:
      g80_half_warp(addresses, active_mask, bytes_per_thread, 0, out);
      g80_half_warp(addresses, active_mask, bytes_per_thread, 16, out);
      break;
    case config::CoalescingRule::GT200:
      gt200_half_warp(addresses, active_mask, bytes_per_thread, 0, out);
      gt200_half_warp(addresses, active_mask, bytes_per_thread, 16, out);
      break;
    case config::CoalescingRule::Fermi:
      distinct_blocks(addresses, active_mask, bytes_per_thread, 128, out);
      break;
    case config::CoalescingRule::Sector32:
      distinct_blocks(addresses, active_mask, bytes_per_thread, 32, out);
      break;
  }
}

}  // namespace warpsim::mem
