#include "validation/report/cache_note.h"

#include <fmt/format.h>

namespace warpsim::validation {
namespace {

std::string size_text(int bytes) { return bytes % (1 << 20) == 0 ? fmt::format("{} MB", bytes >> 20) : fmt::format("{} KB", bytes >> 10); }

}  // namespace

std::string caches_and_tlbs(const config::HwConfig& cfg) {
  const config::MemoryConfig& m = cfg.memory;
  const std::string partitions = m.l2.partitions > 1
                                     ? fmt::format(" in {} partitions (hits {} cycles, {} from the far one)", m.l2.partitions,
                                                   m.l2.hit_latency_cycles, m.l2.hit_latency_cycles + m.l2.far_hit_cycles)
                                     : fmt::format(" (hits {} cycles)", m.l2.hit_latency_cycles);
  const std::string l2 = m.l2.slices > 0 && m.l2_bytes > 0
                             ? fmt::format("L2 of {} in {} slices{}", size_text(m.l2_bytes), m.l2.slices, partitions)
                         : m.l2_bytes > 0 ? "no L2 simulated (memory.l2.slices = 0)"
                                          : "no L2 for global loads";
  const std::string l1 = m.l1.bytes > 0 ? fmt::format("L1 of {} per SM (hits {} cycles)", size_text(m.l1.bytes), m.l1.hit_latency_cycles)
                                        : "global loads bypass the L1";
  return fmt::format("{}: {}; {}; no TLB modelled", cfg.gpu.name, l2, l1);
}

}  // namespace warpsim::validation
