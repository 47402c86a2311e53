// SASS opcodes of sm_70-sm_90 that warpsim recognises but cannot simulate, with the reason an
// import names at the instruction's line. The ones it simulates are in the opcode table (opcodes.h).
#pragma once

#include <string_view>

namespace warpsim::isa {

// Why `opcode` (base mnemonic or with modifiers) cannot be simulated; "" when it is not one of
// these (it is then either in the opcode table or unknown).
std::string_view unsupported_sass_reason(std::string_view opcode);

}  // namespace warpsim::isa
