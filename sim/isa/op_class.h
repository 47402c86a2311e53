// Instruction classes: which functional unit executes an instruction (Volkov 2016 §2.7).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace warpsim::isa {

enum class OpClass : uint8_t {
  Alu,      // CUDA cores: FADD, FMUL, FFMA, IADD, IMAD, ISCADD, MOV, S2R, ...
  Sfu,      // special-function units: MUFU.RSQ, MUFU.SIN, ...
  Smem,     // shared-memory unit: LDS, STS
  Load,     // global load through the LSU: LD
  Store,    // global store through the LSU: ST
  Barrier,  // BAR
  Control,  // BRA, EXIT, NOP: issue slot only
  Dp,       // double-precision units: DADD, DMUL, DFMA (GT200: one per SM, Lai and Seznec 2011 Table 1)
};
inline constexpr int kOpClassCount = 8;

constexpr int index(OpClass c) { return static_cast<int>(c); }
constexpr bool is_global_memory(OpClass c) { return c == OpClass::Load || c == OpClass::Store; }
constexpr bool is_memory(OpClass c) { return is_global_memory(c) || c == OpClass::Smem; }

// Lower-case names used in config keys and output columns: alu sfu smem ld st bar ctrl dp.
std::string_view to_string(OpClass c);
std::optional<OpClass> op_class_from_string(std::string_view s);

}  // namespace warpsim::isa
