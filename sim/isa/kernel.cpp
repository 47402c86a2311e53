#include "isa/kernel.h"

#include <algorithm>

namespace warpsim::isa {

int Kernel::register_count() const {
  int n = 0;
  for (const auto& in : code) {
    for (int i = 0; i < in.ndst; ++i) n = std::max(n, in.dst[i] + 1);
    for (int i = 0; i < in.nsrc; ++i) n = std::max(n, in.src[i] + 1);
  }
  return n;
}

std::vector<int64_t> execution_counts(const Kernel& k) {
  std::vector<int64_t> counts(k.code.size(), 1);
  for (const auto& loop : k.loops)
    for (int pc = loop.begin; pc <= loop.end && pc < static_cast<int>(counts.size()); ++pc) counts[pc] *= loop.count;
  return counts;
}

double chain_instructions(const Kernel& k) {
  const InstructionMix mix = instruction_mix(k);
  return static_cast<double>(std::max<int64_t>(1, mix.total - mix.count(OpClass::Control)));
}

InstructionMix instruction_mix(const Kernel& k) {
  InstructionMix mix;
  const auto counts = execution_counts(k);
  for (size_t pc = 0; pc < k.code.size(); ++pc) {
    mix.per_class[index(k.code[pc].cls)] += counts[pc];
    mix.total += counts[pc];
  }
  return mix;
}

}  // namespace warpsim::isa
