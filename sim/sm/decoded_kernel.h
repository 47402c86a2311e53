// A kernel decoded once per run against a HwConfig: per instruction the flat facts the issue
// loop needs (registers, class, latencies by consumer, issue cost, loop structure), so the hot
// path reads small arrays and never looks anything up by name.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "config/hw_config.h"
#include "isa/kernel.h"
#include "sm/warp.h"

namespace warpsim::sm {

struct DecodedInstruction {
  isa::OpClass cls = isa::OpClass::Alu;
  uint8_t nsrc = 0;
  uint8_t ndst = 0;
  std::array<uint16_t, isa::kMaxSrc> src{};
  std::array<uint16_t, isa::kMaxDst> dst{};
  int16_t access = -1;
  bool is_exit = false;
  uint32_t issue_cycles = 1;       // issue slots taken (Volkov §4.7)
  uint32_t same_warp_latency = 1;  // next issue from this warp no earlier than this after it (§3.7)
  uint32_t latency_to_alu = 1;     // register-dependency latency if the consumer is a CUDA-core op
  uint32_t latency_to_other = 1;   // ... otherwise (§4.7: Maxwell differs by consumer)
  double ops = 32;                 // thread-operations (active threads)
  uint64_t thread_ops = 32;        // the same, as an integer for counters
  // Shared memory: the conflict degree and unit time follow from the pattern and bank geometry.
  int smem_degree = 1;
  double smem_unit_cycles = 1;
  bool pairs_with_next = false;        // can_pair(this, the next instruction in program order)
  bool pairs_with_loop_begin = false;  // can_pair(this, the first instruction of the loop it ends)
  bool pairs_any = false;              // either of the two
  // Issues alone and leaves its warp live: not a barrier or EXIT, and no same-warp partner under
  // this config. The issue loop's fast path takes these (Sm::issue).
  bool plain_issue = true;
  uint8_t unit = kNoUnit;  // 0 CUDA cores, 1 SFU, 2 shared-memory unit, 3 DP units, 4 none (see Warp::unit)
  // An FMUL the SFUs also take (GT200, sfu.fmul_ops_per_cycle) when the CUDA cores cannot (Sm::sfu_takes);
  // there it costs sfu_ops of their ops_per_cycle: its ops at the SFUs' FMUL rate.
  bool sfu_may_take = false;
  double sfu_ops = 0;
  uint16_t loops_ending_first = 0;  // index into DecodedKernel::loops_ending
  uint16_t loops_ending_count = 0;
};

struct DecodedLoop {
  uint32_t begin = 0;
  int64_t count = 1;
  uint32_t index = 0;  // loop id, indexes per-warp loop counters
};

struct DecodedKernel {
  std::vector<DecodedInstruction> code;
  std::vector<DecodedLoop> loops_ending;  // grouped by the pc they end at, innermost first
  int registers = 0;
  int loops = 0;
  int accesses = 0;
};

DecodedKernel decode(const isa::Kernel& kernel, const config::HwConfig& cfg);

// Whether `second` may issue together with `first` from the same warp in one issue cycle
// (dual issue, Volkov §2.9, §3.8): independent, not two memory instructions, no control flow.
bool can_pair(const DecodedInstruction& first, const DecodedInstruction& second);

}  // namespace warpsim::sm
