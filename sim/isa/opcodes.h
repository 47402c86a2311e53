// The opcode table: SASS mnemonics warpsim understands, their class, and their operand shape.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "isa/kernel.h"
#include "isa/op_class.h"

namespace warpsim::isa {

struct OpcodeInfo {
  std::string_view mnemonic;  // base mnemonic, before the first '.': "FADD", "MUFU", "LDS"
  OpClass cls;
  int ndst;  // leading operands that are destinations (stores, branches: 0; *SETP, SHFL, ATOMG: 2)
  // A memory-class instruction whose access needs no bracketed address: SHFL exchanges registers
  // through the shared-memory crossbar, LDC reads the constant bank.
  bool implicit_access = false;
  // How its threads address memory when the workload says nothing (`pattern=`): every lane
  // of an LDC reads one constant.
  AccessKind default_access = AccessKind::Stream;
  // A register the instruction writes without naming it: LDGSTS completes on scoreboard SB0,
  // which DEPBAR waits on.
  int implicit_dst = -1;
};

// Looks up the base mnemonic of `opcode` ("MUFU.RSQ" -> "MUFU").
std::optional<OpcodeInfo> find_opcode(std::string_view opcode);
std::vector<std::string> known_mnemonics();

// A single-precision multiply, FMUL with any modifiers: the instruction GT200's SFUs also take
// (Lai and Seznec 2011 §3.2.1; sfu.fmul_ops_per_cycle).
inline bool is_fmul(std::string_view opcode) { return opcode.substr(0, opcode.find('.')) == "FMUL"; }

// Bytes per thread a memory opcode's size modifier names: .U8/.S8 1, .U16/.S16 2, .64 8,
// .128 16; 0 when it names none (4 bytes, the default of docs/workload-format.md).
int access_bytes_of(std::string_view opcode);

}  // namespace warpsim::isa
