#include "mem/cache/l2_geometry.h"

#include <algorithm>
#include <cmath>

#include "common/bit_mix.h"
#include "mem/cache/sector_cache.h"

namespace warpsim::mem::cache {

L2Geometry l2_geometry(const config::HwConfig& cfg, double share) {
  const config::MemoryConfig& m = cfg.memory;
  if (m.l2.slices <= 0 || m.l2_bytes <= 0) return {};
  L2Geometry g;
  g.partitions = m.l2.partitions;
  const int per_partition = std::max(1, static_cast<int>(std::round(m.l2.slices * share / g.partitions)));
  g.slices = per_partition * g.partitions;
  const auto bytes = static_cast<uint64_t>(m.l2_bytes * share);
  const uint64_t set_bytes = kLineBytes * static_cast<uint64_t>(m.l2.ways);
  const uint64_t sets = std::max<uint64_t>(1, bytes / (static_cast<uint64_t>(g.slices) * set_bytes));
  g.slice_bytes = sets * set_bytes;
  return g;
}

uint32_t l2_home_partition(uint64_t line, int partitions) {
  return partitions <= 1 ? 0 : static_cast<uint32_t>(mix64(line ^ 0x7f4a7c159e3779b9ull) % static_cast<uint64_t>(partitions));
}

uint32_t l2_slice_of(uint64_t line, int slices) { return static_cast<uint32_t>((mix64(line) >> 32) % static_cast<uint64_t>(slices)); }

}  // namespace warpsim::mem::cache
