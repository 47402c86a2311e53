#include "isa/sass_opcodes.h"

#include <array>
#include <utility>

namespace warpsim::isa {
namespace {

constexpr std::string_view kTensor =
    "matrix (tensor-core) instructions and their matrix loads serve a unit no GPU config of warpsim describes";
constexpr std::string_view kTexture = "texture and surface instructions are not modelled";
constexpr std::string_view kCall = "calls, returns and indirect branches are not modelled (a kernel is one straight function with loops)";
constexpr std::string_view kAsync = "the tensor memory accelerator and asynchronous transaction barriers (sm_90) are not modelled";
constexpr std::string_view kTrap = "a trap or breakpoint ends the kernel abnormally";

constexpr std::array<std::pair<std::string_view, std::string_view>, 36> kUnsupported{{
    {"DMMA", kTensor},    {"HMMA", kTensor},   {"IMMA", kTensor},   {"BMMA", kTensor},   {"HGMMA", kTensor},  {"IGMMA", kTensor},
    {"BGMMA", kTensor},   {"QGMMA", kTensor},  {"LDSM", kTensor},   {"STSM", kTensor},   {"TEX", kTexture},   {"TLD", kTexture},
    {"TLD4", kTexture},   {"TXQ", kTexture},   {"TMML", kTexture},  {"TXD", kTexture},   {"SULD", kTexture},  {"SUST", kTexture},
    {"SUATOM", kTexture}, {"SURED", kTexture}, {"CALL", kCall},     {"RET", kCall},      {"BRX", kCall},      {"BRXU", kCall},
    {"JMX", kCall},       {"JMXU", kCall},     {"JMP", kCall},      {"UTMALDG", kAsync}, {"UTMASTG", kAsync}, {"UTMAPF", kAsync},
    {"UBLKCP", kAsync},   {"SYNCS", kAsync},   {"ARRIVES", kAsync}, {"BPT", kTrap},      {"KILL", kTrap},     {"BRK", kCall},
}};

}  // namespace

std::string_view unsupported_sass_reason(std::string_view opcode) {
  const std::string_view base = opcode.substr(0, opcode.find('.'));
  for (const auto& [mnemonic, reason] : kUnsupported)
    if (mnemonic == base) return reason;
  return "";
}

}  // namespace warpsim::isa
