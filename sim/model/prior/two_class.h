// The view of a kernel that the prior models of Volkov 2016 ch. 7 take: CUDA-core ("arithmetic")
// instructions and global memory instructions, counted per warp, with the latencies and peak
// rates of each. For the seeds' α-mix, one "warp" here is the repeating group of α + 1
// instructions (alpha_mix_group); for a kernel it is a whole warp (two_class_mix).
#pragma once

#include <limits>
#include <optional>
#include <string>

#include "model/hw_params.h"
#include "model/model_context.h"

namespace warpsim::model {

struct TwoClassMix {
  double arith = 0;       // CUDA-core instructions
  double mem = 0;         // global memory instructions
  double insts = 0;       // all instructions (α + 1 per group in the α-mix)
  double alu_lat = 0;     // cycles
  double mem_lat = 0;     // cycles, mean over the memory instructions
  double inst_time = 0;   // cycles per instruction per SM at the arithmetic peak: 1 / alu_thru ("4 CPI" on G80)
  double mem_cpi = 0;     // cycles per memory instruction per SM at the sustained memory peak (1 / mem_thru)
  double pin_cpi = 0;     // ... at pin bandwidth (Hong & Kim, §7.1)
  double warp_size = 32;  // thread-ops per instruction
  double alpha() const { return mem > 0 ? arith / mem : std::numeric_limits<double>::infinity(); }
};

// One repeating group of the α-mix on this hardware (α = +inf: one add).
TwoClassMix alpha_mix_group(const HwParams& hw, double alpha);

// The kernel's mix per warp, or nullopt with the reason when it holds SFU, shared-memory or
// barrier instructions, which the prior models as ch. 7 evaluates them do not define.
std::optional<TwoClassMix> two_class_mix(const ModelContext& c, std::string* why_not = nullptr);

}  // namespace warpsim::model
