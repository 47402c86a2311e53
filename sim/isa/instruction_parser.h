// Parses one SASS-like instruction: "[@[!]Pn] OPCODE[.MOD...] [operand {, operand}]".
// Registers (R0..R254, P0..P6) become dependency edges; constants c[..][..], immediates,
// special registers (SR_*) and RZ/PT carry none.
#pragma once

#include <string>

#include "isa/kernel.h"

namespace warpsim::isa {

// Fills `out` (opcode, class, dst/src registers). Returns an error message, or "" on success.
std::string parse_instruction(const std::string& text, Instruction& out);

}  // namespace warpsim::isa
