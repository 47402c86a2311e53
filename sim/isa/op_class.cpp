#include "isa/op_class.h"

#include <array>

namespace warpsim::isa {
namespace {
constexpr std::array<std::string_view, kOpClassCount> kNames{"alu", "sfu", "smem", "ld", "st", "bar", "ctrl", "dp"};
}

std::string_view to_string(OpClass c) { return kNames[index(c)]; }

std::optional<OpClass> op_class_from_string(std::string_view s) {
  for (int i = 0; i < kOpClassCount; ++i)
    if (kNames[i] == s) return static_cast<OpClass>(i);
  return std::nullopt;
}

}  // namespace warpsim::isa
