#include "sm/decoded_kernel.h"

#include <fmt/format.h>

#include "common/user_error.h"
#include "isa/opcodes.h"
#include "sm/address_generator.h"
#include "sm/shared_memory_banks.h"

namespace warpsim::sm {
namespace {

uint32_t with_override(int latency, int override_to_alu) { return static_cast<uint32_t>(override_to_alu > 0 ? override_to_alu : latency); }

void set_latencies(DecodedInstruction& d, const config::HwConfig& cfg) {
  using isa::OpClass;
  switch (d.cls) {
    case OpClass::Alu:
      d.latency_to_other = static_cast<uint32_t>(cfg.alu.latency_cycles);
      d.latency_to_alu = with_override(cfg.alu.latency_cycles, cfg.alu.latency_to_alu_cycles);
      break;
    case OpClass::Sfu:
      d.latency_to_other = static_cast<uint32_t>(cfg.sfu.latency_cycles);
      d.latency_to_alu = with_override(cfg.sfu.latency_cycles, cfg.sfu.latency_to_alu_cycles);
      break;
    case OpClass::Dp:
      d.latency_to_alu = d.latency_to_other = static_cast<uint32_t>(cfg.dp.latency_cycles);
      break;
    case OpClass::Smem: {
      // Each extra conflict pass adds the replay latency (Volkov Table 6.2, smem2 - smem).
      const uint32_t replay = static_cast<uint32_t>(cfg.smem.replay_latency_cycles * (d.smem_degree - 1));
      d.latency_to_other = static_cast<uint32_t>(cfg.smem.latency_cycles) + replay;
      d.latency_to_alu = with_override(cfg.smem.latency_cycles, cfg.smem.latency_to_alu_cycles) + replay;
      break;
    }
    case OpClass::Store:
      d.latency_to_alu = d.latency_to_other = static_cast<uint32_t>(cfg.lsu.store_latency_cycles);
      break;
    default:  // loads complete from the memory system; barriers and control write no registers
      d.latency_to_alu = d.latency_to_other = 1;
  }
}

}  // namespace

DecodedKernel decode(const isa::Kernel& kernel, const config::HwConfig& cfg) {
  DecodedKernel dk;
  dk.registers = kernel.register_count();
  dk.loops = static_cast<int>(kernel.loops.size());
  dk.accesses = static_cast<int>(kernel.accesses.size());
  for (const auto& in : kernel.code) {
    DecodedInstruction d;
    d.cls = in.cls;
    d.nsrc = in.nsrc;
    d.ndst = in.ndst;
    d.src = in.src;
    d.dst = in.dst;
    d.access = in.access;
    d.is_exit = in.opcode == "EXIT" && !in.predicated;  // a guarded EXIT is not taken (whole warps)
    d.issue_cycles = static_cast<uint32_t>(cfg.scheduler.issue_cycles[isa::index(in.cls)]);
    d.same_warp_latency = static_cast<uint32_t>(
        std::max(cfg.scheduler.same_warp_issue_latency_cycles, cfg.scheduler.same_warp_issue_latency_after[isa::index(in.cls)]));
    if (in.access >= 0) d.ops = kernel.accesses[in.access].active_threads;
    d.thread_ops = static_cast<uint64_t>(d.ops);
    if (in.cls == isa::OpClass::Smem) {
      std::array<uint64_t, 32> addr{};
      const isa::AccessPattern& ap = kernel.accesses[in.access];
      shared_memory_addresses(ap, cfg.smem, 0, WarpCoordinates{}, 0, addr);
      const SmemAccessCost cost = smem_access_cost(cfg.smem, addr, lane_mask(ap.active_threads));
      d.smem_degree = cost.degree;
      d.smem_unit_cycles = cost.unit_cycles;
    }
    set_latencies(d, cfg);
    d.unit = in.cls == isa::OpClass::Alu    ? 0
             : in.cls == isa::OpClass::Sfu  ? 1
             : in.cls == isa::OpClass::Smem ? 2
             : in.cls == isa::OpClass::Dp   ? 3
                                            : kNoUnit;
    if (in.cls == isa::OpClass::Alu && cfg.sfu.fmul_ops_per_cycle > 0 && isa::is_fmul(in.opcode)) {
      d.sfu_may_take = true;
      d.sfu_ops = d.ops * cfg.sfu.ops_per_cycle / cfg.sfu.fmul_ops_per_cycle;
    }
    if (in.cls == isa::OpClass::Dp && !(cfg.dp.ops_per_cycle > 0 && cfg.dp.latency_cycles > 0))
      throw UserError(Diagnostic{kernel.source, in.line, 0, in.opcode,
                                 fmt::format("a double-precision instruction, and GPU '{}' gives no double-precision unit "
                                             "(dp.ops_per_cycle and dp.latency_cycles; docs/hw-configs.md)",
                                             cfg.gpu.name)});
    dk.code.push_back(d);
  }
  // Loops ending at each pc, innermost first: kernel.loops lists loops in closing order.
  for (size_t pc = 0; pc < kernel.code.size(); ++pc) {
    dk.code[pc].loops_ending_first = static_cast<uint16_t>(dk.loops_ending.size());
    for (size_t i = 0; i < kernel.loops.size(); ++i) {
      const auto& l = kernel.loops[i];
      if (static_cast<size_t>(l.end) == pc) dk.loops_ending.push_back({static_cast<uint32_t>(l.begin), l.count, static_cast<uint32_t>(i)});
    }
    dk.code[pc].loops_ending_count = static_cast<uint16_t>(dk.loops_ending.size() - dk.code[pc].loops_ending_first);
  }
  WARPSIM_ASSERT(!dk.code.empty() && dk.code.back().is_exit, "kernel must end with EXIT");
  // Dual-issue pairing is decided once per instruction pair, not per issue (§3.8).
  const bool same_warp_pairing = cfg.scheduler.width > 1 && cfg.scheduler.dual_issue == config::DualIssue::SameWarp;
  for (size_t pc = 0; pc < dk.code.size(); ++pc) {
    auto& d = dk.code[pc];
    d.pairs_with_next = pc + 1 < dk.code.size() && can_pair(d, dk.code[pc + 1]) && !dk.code[pc + 1].is_exit;
    if (d.loops_ending_count > 0) {
      const DecodedInstruction& begin = dk.code[dk.loops_ending[d.loops_ending_first].begin];
      d.pairs_with_loop_begin = can_pair(d, begin) && !begin.is_exit;
    }
    d.pairs_any = d.pairs_with_next || d.pairs_with_loop_begin;
    const bool ends_or_waits = d.cls == isa::OpClass::Barrier || (d.cls == isa::OpClass::Control && d.is_exit);
    d.plain_issue = !ends_or_waits && !(d.pairs_any && same_warp_pairing);
  }
  return dk;
}

bool can_pair(const DecodedInstruction& a, const DecodedInstruction& b) {
  using isa::OpClass;
  auto flow = [](OpClass c) { return c == OpClass::Barrier || c == OpClass::Control; };
  if (flow(a.cls) || flow(b.cls)) return false;
  if (isa::is_memory(a.cls) && isa::is_memory(b.cls)) return false;  // §3.8: loads are not paired
  for (int i = 0; i < b.nsrc; ++i)
    for (int j = 0; j < a.ndst; ++j)
      if (b.src[i] == a.dst[j]) return false;
  for (int i = 0; i < b.ndst; ++i)
    for (int j = 0; j < a.ndst; ++j)
      if (b.dst[i] == a.dst[j]) return false;
  return true;
}

}  // namespace warpsim::sm
