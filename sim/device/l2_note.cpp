#include "device/l2_note.h"

#include <fmt/format.h>

#include <set>

namespace warpsim::device {
namespace {

std::string format_bytes(uint64_t bytes) {
  constexpr uint64_t kKb = 1024, kMb = kKb * kKb;
  if (bytes >= kMb)
    return bytes % kMb == 0 ? fmt::format("{} MB", bytes / kMb) : fmt::format("{:.1f} MB", static_cast<double>(bytes) / kMb);
  if (bytes >= kKb)
    return bytes % kKb == 0 ? fmt::format("{} KB", bytes / kKb) : fmt::format("{:.1f} KB", static_cast<double>(bytes) / kKb);
  return fmt::format("{} B", bytes);
}

}  // namespace

std::string unsimulated_l2_note(const config::HwConfig& cfg, const isa::Kernel& kernel) {
  if (cfg.memory.l2_bytes <= 0) return "";
  std::set<int> touched;
  for (const isa::Instruction& in : kernel.code)
    if (in.access >= 0 && isa::is_global_memory(in.cls)) touched.insert(kernel.accesses[static_cast<size_t>(in.access)].array);
  if (touched.empty()) return "";
  uint64_t bytes = 0;
  for (int a : touched) bytes += kernel.arrays[static_cast<size_t>(a)].bytes;
  return unsimulated_l2_note(cfg, kernel.name + "'s global arrays", bytes);
}

std::string unsimulated_l2_note(const config::HwConfig& cfg, const std::string& what, uint64_t bytes) {
  const auto l2 = static_cast<uint64_t>(cfg.memory.l2_bytes);
  if (cfg.memory.l2_bytes <= 0 || cfg.memory.l2.slices > 0 || bytes > l2) return "";
  return fmt::format(
      "{} ({}) fit in {}'s {} L2, which warpsim does not simulate: every access goes to DRAM here, "
      "also those the GPU would serve from the L2 (Volkov §6.7; memory.l2_bytes)",
      what, format_bytes(bytes), cfg.gpu.name, format_bytes(l2));
}

}  // namespace warpsim::device
