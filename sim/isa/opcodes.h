// The opcode table: SASS mnemonics warpsim understands, their class, and their operand shape.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "isa/op_class.h"

namespace warpsim::isa {

struct OpcodeInfo {
  std::string_view mnemonic;  // base mnemonic, before the first '.': "FADD", "MUFU", "LDS"
  OpClass cls;
  int ndst;  // leading operands that are destinations (stores, branches: 0; *SETP: 2)
};

// Looks up the base mnemonic of `opcode` ("MUFU.RSQ" -> "MUFU").
std::optional<OpcodeInfo> find_opcode(std::string_view opcode);
std::vector<std::string> known_mnemonics();

}  // namespace warpsim::isa
