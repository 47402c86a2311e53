#include "isa/opcodes.h"

#include <array>

namespace warpsim::isa {
namespace {

// Classes follow Volkov 2016 §2.7 and §3.8: everything that is not SFU, memory, barrier or
// control flow executes on the CUDA cores. The later rows are the mnemonics of sm_70-sm_90 SASS
// (cuobjdump -sass), so that an imported kernel keeps its own opcodes (docs/workload-format.md).
constexpr std::array kOpcodes{
    // CUDA-core arithmetic and moves
    OpcodeInfo{"FADD", OpClass::Alu, 1},
    OpcodeInfo{"FMUL", OpClass::Alu, 1},
    OpcodeInfo{"FFMA", OpClass::Alu, 1},
    OpcodeInfo{"FMNMX", OpClass::Alu, 1},
    OpcodeInfo{"IADD", OpClass::Alu, 1},
    OpcodeInfo{"IADD3", OpClass::Alu, 1},
    OpcodeInfo{"IMUL", OpClass::Alu, 1},
    OpcodeInfo{"IMAD", OpClass::Alu, 1},
    OpcodeInfo{"ISCADD", OpClass::Alu, 1},
    OpcodeInfo{"XMAD", OpClass::Alu, 1},
    OpcodeInfo{"LEA", OpClass::Alu, 1},
    OpcodeInfo{"SHL", OpClass::Alu, 1},
    OpcodeInfo{"SHR", OpClass::Alu, 1},
    OpcodeInfo{"LOP", OpClass::Alu, 1},
    OpcodeInfo{"LOP3", OpClass::Alu, 1},
    OpcodeInfo{"SEL", OpClass::Alu, 1},
    OpcodeInfo{"MOV", OpClass::Alu, 1},
    OpcodeInfo{"S2R", OpClass::Alu, 1},
    OpcodeInfo{"I2F", OpClass::Alu, 1},
    OpcodeInfo{"F2I", OpClass::Alu, 1},
    // Range reduction before MUFU.SIN/COS/EX2 up to sm_6x (one of the floating-point instructions
    // of the CUDA Binary Utilities' Fermi-to-Pascal tables; sm_70 on uses an FMUL instead).
    OpcodeInfo{"RRO", OpClass::Alu, 1},
    OpcodeInfo{"FSETP", OpClass::Alu, 2},
    OpcodeInfo{"ISETP", OpClass::Alu, 2},
    // ... and those of sm_70-sm_90
    OpcodeInfo{"CS2R", OpClass::Alu, 1},
    OpcodeInfo{"SHF", OpClass::Alu, 1},
    OpcodeInfo{"PRMT", OpClass::Alu, 1},
    OpcodeInfo{"IABS", OpClass::Alu, 1},
    OpcodeInfo{"IMNMX", OpClass::Alu, 1},
    OpcodeInfo{"POPC", OpClass::Alu, 1},
    OpcodeInfo{"FLO", OpClass::Alu, 1},
    OpcodeInfo{"BREV", OpClass::Alu, 1},
    OpcodeInfo{"BMSK", OpClass::Alu, 1},
    OpcodeInfo{"SGXT", OpClass::Alu, 1},
    OpcodeInfo{"FSEL", OpClass::Alu, 1},
    OpcodeInfo{"FSET", OpClass::Alu, 1},
    OpcodeInfo{"FRND", OpClass::Alu, 1},
    OpcodeInfo{"FCHK", OpClass::Alu, 1},
    OpcodeInfo{"F2F", OpClass::Alu, 1},
    OpcodeInfo{"I2I", OpClass::Alu, 1},
    OpcodeInfo{"F2FP", OpClass::Alu, 1},
    OpcodeInfo{"IDP", OpClass::Alu, 1},
    OpcodeInfo{"HADD2", OpClass::Alu, 1},
    OpcodeInfo{"HMUL2", OpClass::Alu, 1},
    OpcodeInfo{"HFMA2", OpClass::Alu, 1},
    OpcodeInfo{"HMNMX2", OpClass::Alu, 1},
    OpcodeInfo{"HSETP2", OpClass::Alu, 2},
    OpcodeInfo{"PLOP3", OpClass::Alu, 2},
    OpcodeInfo{"P2R", OpClass::Alu, 1},
    OpcodeInfo{"R2P", OpClass::Alu, 0},
    OpcodeInfo{"VOTE", OpClass::Alu, 1},
    OpcodeInfo{"FSWZADD", OpClass::Alu, 1},
    OpcodeInfo{"VIADD", OpClass::Alu, 1},  // sm_90's integer add of an immediate (the H200 run's SASS)
    // double-precision units (GT200: one per SM, Lai and Seznec 2011 Table 1; sm_70-sm_90 alike)
    OpcodeInfo{"DADD", OpClass::Dp, 1},
    OpcodeInfo{"DMUL", OpClass::Dp, 1},
    OpcodeInfo{"DFMA", OpClass::Dp, 1},
    OpcodeInfo{"DMNMX", OpClass::Dp, 1},
    OpcodeInfo{"DSETP", OpClass::Dp, 2},
    OpcodeInfo{"DSET", OpClass::Dp, 1},
    // special-function units
    OpcodeInfo{"MUFU", OpClass::Sfu, 1},
    OpcodeInfo{"RCP", OpClass::Sfu, 1},
    OpcodeInfo{"RSQ", OpClass::Sfu, 1},
    // shared memory (SHFL crosses lanes through its crossbar; LDC reads the constant bank)
    OpcodeInfo{"LDS", OpClass::Smem, 1},
    OpcodeInfo{"STS", OpClass::Smem, 0},
    OpcodeInfo{"ATOMS", OpClass::Smem, 1},
    OpcodeInfo{"SHFL", OpClass::Smem, 2, true},
    OpcodeInfo{"LDC", OpClass::Smem, 1, true, AccessKind::Broadcast},
    // global memory; an atomic that returns the old value waits for it as a load does
    OpcodeInfo{"LD", OpClass::Load, 1},
    OpcodeInfo{"LDG", OpClass::Load, 1},
    OpcodeInfo{"ST", OpClass::Store, 0},
    OpcodeInfo{"STG", OpClass::Store, 0},
    OpcodeInfo{"LDL", OpClass::Load, 1},
    OpcodeInfo{"STL", OpClass::Store, 0},
    OpcodeInfo{"ATOMG", OpClass::Load, 2},
    OpcodeInfo{"ATOM", OpClass::Load, 2},
    OpcodeInfo{"RED", OpClass::Store, 0},
    OpcodeInfo{"LDGSTS", OpClass::Load, 0, false, AccessKind::Stream, kScoreboardBase},
    // synchronisation and control flow
    OpcodeInfo{"BAR", OpClass::Barrier, 0},
    OpcodeInfo{"BRA", OpClass::Control, 0},
    OpcodeInfo{"EXIT", OpClass::Control, 0},
    OpcodeInfo{"NOP", OpClass::Control, 0},
    OpcodeInfo{"SSY", OpClass::Control, 0},
    OpcodeInfo{"SYNC", OpClass::Control, 0},
    OpcodeInfo{"BSSY", OpClass::Control, 0},
    OpcodeInfo{"BSYNC", OpClass::Control, 0},
    OpcodeInfo{"WARPSYNC", OpClass::Control, 0},
    OpcodeInfo{"BMOV", OpClass::Control, 0},
    OpcodeInfo{"YIELD", OpClass::Control, 0},
    OpcodeInfo{"MEMBAR", OpClass::Control, 0},
    OpcodeInfo{"ERRBAR", OpClass::Control, 0},
    OpcodeInfo{"CGAERRBAR", OpClass::Control, 0},  // sm_90: ERRBAR across a thread-block cluster
    OpcodeInfo{"CCTL", OpClass::Control, 0},
    OpcodeInfo{"FENCE", OpClass::Control, 0},
    OpcodeInfo{"LDGDEPBAR", OpClass::Control, 0},
    OpcodeInfo{"DEPBAR", OpClass::Control, 0},
    // the uniform datapath: one operation per warp beside the CUDA cores, an issue slot only
    // (uniform registers UR0-UR63 carry no dependency, docs/workload-format.md)
    OpcodeInfo{"ULDC", OpClass::Control, 0},
    OpcodeInfo{"UMOV", OpClass::Control, 0},
    OpcodeInfo{"UIADD3", OpClass::Control, 0},
    OpcodeInfo{"UIMAD", OpClass::Control, 0},
    OpcodeInfo{"ULEA", OpClass::Control, 0},
    OpcodeInfo{"ULOP3", OpClass::Control, 0},
    OpcodeInfo{"USHF", OpClass::Control, 0},
    OpcodeInfo{"USEL", OpClass::Control, 0},
    OpcodeInfo{"UISETP", OpClass::Control, 0},
    OpcodeInfo{"UPRMT", OpClass::Control, 0},
    OpcodeInfo{"UFLO", OpClass::Control, 0},
    OpcodeInfo{"UPOPC", OpClass::Control, 0},
    OpcodeInfo{"UBMSK", OpClass::Control, 0},
    OpcodeInfo{"USGXT", OpClass::Control, 0},
    OpcodeInfo{"UPLOP3", OpClass::Control, 0},
    OpcodeInfo{"S2UR", OpClass::Control, 0},
    OpcodeInfo{"R2UR", OpClass::Control, 0},
    OpcodeInfo{"VOTEU", OpClass::Control, 0},
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

int access_bytes_of(std::string_view opcode) {
  int bytes = 0;
  for (size_t dot = opcode.find('.'); dot != std::string_view::npos;) {
    const size_t next = opcode.find('.', dot + 1);
    const std::string_view m = opcode.substr(dot + 1, next == std::string_view::npos ? std::string_view::npos : next - dot - 1);
    if (m == "U8" || m == "S8")
      bytes = 1;
    else if (m == "U16" || m == "S16")
      bytes = 2;
    else if (m == "64")
      bytes = 8;
    else if (m == "128")
      bytes = 16;
    dot = next;
  }
  return bytes;
}

}  // namespace warpsim::isa
