#include "model/kernel_profile.h"

#include <algorithm>
#include <utility>

#include "model/access_cost.h"

namespace warpsim::model {
namespace {

using isa::OpClass;

bool writes(const isa::Instruction& in, uint16_t reg) {
  for (int i = 0; i < in.ndst; ++i)
    if (in.dst[i] == reg) return true;
  return false;
}

bool depends_on(const isa::Instruction& second, const isa::Instruction& first) {
  for (int i = 0; i < second.nsrc; ++i)
    if (writes(first, second.src[i])) return true;
  for (int i = 0; i < second.ndst; ++i)
    if (writes(first, second.dst[i])) return true;
  return false;
}

bool loop_boundary_between(const isa::Kernel& k, int pc) {
  for (const auto& l : k.loops)
    if (l.end == pc || l.begin == pc + 1) return true;
  return false;
}

InstructionCost cost_of(const config::HwConfig& cfg, const isa::Kernel& k, const isa::Instruction& in) {
  InstructionCost c;
  auto pick = [](int to_alu, double otherwise) { return to_alu > 0 ? static_cast<double>(to_alu) : otherwise; };
  switch (in.cls) {
    case OpClass::Alu:
      c.latency = cfg.alu.latency_cycles;
      c.latency_to_alu = pick(cfg.alu.latency_to_alu_cycles, c.latency);
      break;
    case OpClass::Sfu:
      c.latency = cfg.sfu.latency_cycles;
      c.latency_to_alu = pick(cfg.sfu.latency_to_alu_cycles, c.latency);
      break;
    case OpClass::Dp:
      c.latency_to_alu = c.latency = cfg.dp.latency_cycles;
      break;
    case OpClass::Smem: {
      const SharedAccessCost s = shared_access_cost(cfg, in.access >= 0 ? k.accesses[in.access] : isa::AccessPattern{});
      const double replay = (s.conflict_degree - 1.0) * cfg.smem.replay_latency_cycles;  // Table 6.2 smem2
      c.latency = cfg.smem.latency_cycles + replay;
      c.latency_to_alu = pick(cfg.smem.latency_to_alu_cycles, cfg.smem.latency_cycles) + replay;
      c.reissues = s.reissues;
      c.bank_cycles = s.bank_cycles;
      c.label = s.conflict_degree == 1 ? "no conflict" : std::to_string(s.conflict_degree) + "-way conflict";
      break;
    }
    case OpClass::Load:
    case OpClass::Store: {
      const isa::AccessPattern p = in.access >= 0 ? k.accesses[in.access] : isa::AccessPattern{};
      const GlobalAccessCost g = global_access_cost(cfg, p, k.launch.block_x);
      c.base_latency = cfg.memory.latency_cycles;
      // Each additional LSU pass adds its issue latency (Table 6.7).
      c.latency = in.cls == OpClass::Load ? c.base_latency + g.extra_issue_steps() * cfg.lsu.transaction_issue_cycles
                                          : cfg.lsu.store_latency_cycles;
      c.latency_to_alu = c.latency;
      c.reissues = g.extra_issue_steps();
      c.bytes_transferred = g.bytes_transferred;
      c.bytes_requested = g.bytes_requested;
      c.transactions = g.transactions;
      c.label = (in.cls == OpClass::Store ? "store, " : "") + pattern_label(p, false);
      break;
    }
    case OpClass::Barrier:
    case OpClass::Control:
      break;
  }
  if (c.base_latency == 0) c.base_latency = c.latency;
  return c;
}

}  // namespace

double dependency_latency(const InstructionCost& producer, isa::OpClass consumer) {
  return consumer == OpClass::Alu ? producer.latency_to_alu : producer.latency;
}

std::vector<bool> dual_issue_pairs(const config::HwConfig& cfg, const isa::Kernel& k) {
  std::vector<bool> paired(k.code.size(), false);
  if (cfg.scheduler.width < 2) return paired;
  for (size_t pc = 0; pc + 1 < k.code.size(); ++pc) {
    const auto& a = k.code[pc];
    const auto& b = k.code[pc + 1];
    const bool ok = !loop_boundary_between(k, static_cast<int>(pc)) && !depends_on(b, a) &&
                    !(isa::is_memory(a.cls) && isa::is_memory(b.cls)) && a.cls != OpClass::Barrier && b.cls != OpClass::Barrier;
    if (ok) paired[pc++] = true;  // pc + 1 is taken: skip it
  }
  return paired;
}

KernelProfile profile_kernel(const config::HwConfig& cfg, const isa::Kernel& k) { return profile_kernel(cfg, k, isa::execution_counts(k)); }

KernelProfile profile_kernel(const config::HwConfig& cfg, const isa::Kernel& k, std::vector<int64_t> counts) {
  KernelProfile p;
  p.counts = std::move(counts);
  p.mix = isa::instruction_mix(k);
  p.dual_issued_with_next = dual_issue_pairs(cfg, k);
  double lat_sum = 0, base_sum = 0;
  for (size_t pc = 0; pc < k.code.size(); ++pc) {
    const auto& in = k.code[pc];
    const double n = static_cast<double>(p.counts[pc]);
    p.costs.push_back(cost_of(cfg, k, in));
    const InstructionCost& c = p.costs.back();
    p.instructions += n;
    p.reissues += n * c.reissues;
    if (p.dual_issued_with_next[pc]) p.dual_issues += n;
    switch (in.cls) {
      case OpClass::Alu:
        p.alu += n;
        break;
      case OpClass::Sfu:
        p.sfu += n;
        break;
      case OpClass::Dp:
        p.dp += n;
        break;
      case OpClass::Smem:
        p.smem += n;
        break;
      case OpClass::Load:
        p.loads += n;
        break;
      case OpClass::Store:
        p.stores += n;
        break;
      case OpClass::Barrier:
        p.barriers += n;
        break;
      case OpClass::Control:
        p.control += n;
        break;
    }
    if (isa::is_global_memory(in.cls)) {
      p.bytes_requested += n * c.bytes_requested;
      p.bytes_transferred += n * c.bytes_transferred;
      // A store's memory-side trip takes as long as a load's; only its register effect is short.
      const GlobalAccessCost g = global_access_cost(cfg, in.access >= 0 ? k.accesses[in.access] : isa::AccessPattern{}, k.launch.block_x);
      lat_sum += n * (cfg.memory.latency_cycles + g.extra_issue_steps() * cfg.lsu.transaction_issue_cycles);
      base_sum += n * cfg.memory.latency_cycles;
    }
  }
  p.global_mem = p.loads + p.stores;
  p.mean_mem_latency = p.global_mem > 0 ? lat_sum / p.global_mem : cfg.memory.latency_cycles;
  p.mean_mem_base_latency = p.global_mem > 0 ? base_sum / p.global_mem : cfg.memory.latency_cycles;
  return p;
}

}  // namespace warpsim::model
