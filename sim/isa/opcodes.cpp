#include "isa/opcodes.h"

#include <array>

namespace warpsim::isa {
namespace {

// Classes follow Volkov 2016 §2.7 and §3.8: everything that is not SFU, memory, barrier or
// control flow executes on the CUDA cores.
constexpr std::array kOpcodes{
    // CUDA-core arithmetic and moves
    OpcodeInfo{"FADD", OpClass::Alu, 1},   OpcodeInfo{"FMUL", OpClass::Alu, 1},
    OpcodeInfo{"FFMA", OpClass::Alu, 1},   OpcodeInfo{"FMNMX", OpClass::Alu, 1},
    OpcodeInfo{"IADD", OpClass::Alu, 1},   OpcodeInfo{"IADD3", OpClass::Alu, 1},
    OpcodeInfo{"IMUL", OpClass::Alu, 1},   OpcodeInfo{"IMAD", OpClass::Alu, 1},
    OpcodeInfo{"ISCADD", OpClass::Alu, 1}, OpcodeInfo{"XMAD", OpClass::Alu, 1},
    OpcodeInfo{"LEA", OpClass::Alu, 1},    OpcodeInfo{"SHL", OpClass::Alu, 1},
    OpcodeInfo{"SHR", OpClass::Alu, 1},    OpcodeInfo{"LOP", OpClass::Alu, 1},
    OpcodeInfo{"LOP3", OpClass::Alu, 1},   OpcodeInfo{"SEL", OpClass::Alu, 1},
    OpcodeInfo{"MOV", OpClass::Alu, 1},    OpcodeInfo{"S2R", OpClass::Alu, 1},
    OpcodeInfo{"I2F", OpClass::Alu, 1},    OpcodeInfo{"F2I", OpClass::Alu, 1},
    OpcodeInfo{"FSETP", OpClass::Alu, 2},  OpcodeInfo{"ISETP", OpClass::Alu, 2},
    // special-function units
    OpcodeInfo{"MUFU", OpClass::Sfu, 1},   OpcodeInfo{"RCP", OpClass::Sfu, 1},
    OpcodeInfo{"RSQ", OpClass::Sfu, 1},
    // shared memory
    OpcodeInfo{"LDS", OpClass::Smem, 1},   OpcodeInfo{"STS", OpClass::Smem, 0},
    // global memory
    OpcodeInfo{"LD", OpClass::Load, 1},    OpcodeInfo{"LDG", OpClass::Load, 1},
    OpcodeInfo{"ST", OpClass::Store, 0},   OpcodeInfo{"STG", OpClass::Store, 0},
    // synchronisation and control flow
    OpcodeInfo{"BAR", OpClass::Barrier, 0}, OpcodeInfo{"BRA", OpClass::Control, 0},
    OpcodeInfo{"EXIT", OpClass::Control, 0}, OpcodeInfo{"NOP", OpClass::Control, 0},
    OpcodeInfo{"SSY", OpClass::Control, 0}, OpcodeInfo{"SYNC", OpClass::Control, 0},
};

}  // namespace

std::optional<OpcodeInfo> find_opcode(std::string_view opcode) {
  const std::string_view base = opcode.substr(0, opcode.find('.'));
  for (const auto& op : kOpcodes)
    if (op.mnemonic == base) return op;
  return std::nullopt;
}

std::vector<std::string> known_mnemonics() {
  std::vector<std::string> out;
  for (const auto& op : kOpcodes) out.emplace_back(op.mnemonic);
  return out;
}

}  // namespace warpsim::isa
