#include "model/prior/teg.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "common/user_error.h"
#include "isa/opcodes.h"
#include "model/access_cost.h"

namespace warpsim::model {
namespace {

using isa::OpClass;

constexpr int64_t kMaxReplayed = int64_t{1} << 26;  // warp instructions replayed per estimate

// The order in which one warp executes the kernel's instructions: loops unrolled (the trace TEG
// takes from a functional simulator, §4). `open` marks the loops being unrolled around [lo, hi].
void unroll(const isa::Kernel& k, int lo, int hi, std::vector<bool>& open, std::vector<int32_t>& out, int64_t budget) {
  for (int pc = lo; pc <= hi && static_cast<int64_t>(out.size()) <= budget;) {
    size_t index = k.loops.size();
    for (size_t i = 0; i < k.loops.size(); ++i) {  // the outermost loop not yet open that starts here
      const isa::Loop& l = k.loops[i];
      if (!open[i] && l.begin == pc && l.end <= hi && (index == k.loops.size() || l.end > k.loops[index].end)) index = i;
    }
    if (index == k.loops.size()) {
      out.push_back(pc++);
      continue;
    }
    const isa::Loop& loop = k.loops[index];
    open[index] = true;
    for (int64_t c = 0; c < loop.count && static_cast<int64_t>(out.size()) <= budget; ++c)
      unroll(k, loop.begin, loop.end, open, out, budget);
    open[index] = false;
    pc = loop.end + 1;
  }
}

// What issuing one instruction costs: the unit it holds and for how long, when its result is
// ready, and how long its warp waits before its next issue.
struct IssueCost {
  int unit = 0;          // 0 CUDA cores, 1 SFU, 2 shared memory, 3 load/store, 4 DP units, -1 none
  double unit_busy = 0;  // multi-warp issue latency (Table 1)
  int alt_unit = -1;     // a second unit that takes it when `unit` is busy (an FMUL: the SFUs, §3.2.1)
  double alt_busy = 0;   // how long it holds that one
  double latency = 0;    // until a dependent may issue
  double same_warp = 0;  // until the same warp may issue again (§3.2.2)
  double bytes = 0;      // global memory traffic through the SM's pipeline share
};

std::vector<IssueCost> costs(const config::HwConfig& cfg, const isa::Kernel& k) {
  const double warp = 32;
  const double alu_busy = warp / cfg.alu.ops_per_cycle;  // e.g. 32 / 8 = 4 on GT200
  std::vector<IssueCost> out(k.code.size());
  for (size_t pc = 0; pc < k.code.size(); ++pc) {
    const isa::Instruction& in = k.code[pc];
    IssueCost& c = out[pc];
    const double after = cfg.scheduler.same_warp_issue_latency_after[isa::index(in.cls)];
    c.same_warp = std::max<double>(cfg.scheduler.same_warp_issue_latency_cycles, cfg.scheduler.cycles_per_issue);
    switch (in.cls) {
      case OpClass::Alu:
        c.unit_busy = alu_busy;
        c.latency = cfg.alu.latency_cycles;
        // "float MUL operation can be issued into both SP and SFU" (§3.2.1): Table 1's FMUL issues
        // every 2 cycles over several warps, the two units taking turns.
        if (cfg.sfu.fmul_ops_per_cycle > 0 && isa::is_fmul(in.opcode)) c.alt_unit = 1, c.alt_busy = warp / cfg.sfu.fmul_ops_per_cycle;
        break;
      case OpClass::Sfu:
        c.unit = 1;
        c.unit_busy = warp / cfg.sfu.ops_per_cycle;
        c.latency = cfg.sfu.latency_cycles;
        break;
      case OpClass::Dp:  // GT200's one DPU per SM: 32 cycles per warp instruction (Table 1)
        c.unit = 4;
        c.unit_busy = cfg.dp.ops_per_cycle > 0 ? warp / cfg.dp.ops_per_cycle : 0;
        c.latency = cfg.dp.latency_cycles;
        break;
      case OpClass::Smem: {
        const SharedAccessCost s = shared_access_cost(cfg, k.accesses[in.access]);
        c.unit = 2;
        c.unit_busy = s.bank_cycles;  // the half-warps' accesses serialised by their conflicts (§3.3.3)
        c.latency = cfg.smem.latency_cycles + (s.conflict_degree - 1) * cfg.smem.replay_latency_cycles;
        break;
      }
      case OpClass::Load:
      case OpClass::Store: {
        const GlobalAccessCost g = global_access_cost(cfg, k.accesses[in.access], k.launch.block_x);
        c.unit = 3;
        c.unit_busy = alu_busy;  // "we use 4 cycles in TEG" for a global load with several warps (§3.2.2)
        c.latency = in.cls == OpClass::Store ? 0 : cfg.memory.latency_cycles + g.extra_issue_steps() * cfg.lsu.transaction_issue_cycles;
        c.bytes = g.bytes_transferred;
        break;
      }
      default:
        c.unit = -1;
        break;
    }
    c.same_warp = std::max(c.same_warp, after);
  }
  return out;
}

struct WarpState {
  size_t next = 0;            // position in the trace
  double may_issue = 0;       // same-warp issue latency elapsed
  std::vector<double> ready;  // per register: when its value is available
  bool at_barrier = false;
};

}  // namespace

double teg_cycles(const ModelContext& c, int warps) {
  const isa::Kernel& k = c.kernel;
  std::vector<int32_t> trace;
  std::vector<bool> open(k.loops.size(), false);
  if (!k.code.empty()) unroll(k, 0, static_cast<int>(k.code.size()) - 1, open, trace, kMaxReplayed / std::max(1, warps));
  const std::vector<IssueCost> cost = costs(c.cfg, k);
  // The SM's TPC's share of the memory pipeline, TEG's "1/10 of peak global memory bandwidth" on
  // GT200's 10 TPCs (§3.1), in bytes per cycle: §5.1 times one block with clock(), so one SM of
  // its TPC is busy.
  const double tpcs = std::max(1.0, static_cast<double>(c.cfg.device.sms) / c.cfg.device.sms_per_tpc);
  const double share = c.cfg.memory.peak_gbps / c.cfg.device.core_clock_ghz / tpcs;
  const int registers = k.register_count();
  std::vector<WarpState> w(static_cast<size_t>(warps));
  for (auto& s : w) s.ready.assign(static_cast<size_t>(registers), 0.0);
  double unit_free[5] = {0, 0, 0, 0, 0};
  double pipe_free = 0, engine_free = 0, end = 0;
  size_t done = 0, last = w.size() - 1;
  const double cpi = c.cfg.scheduler.cycles_per_issue;
  double t = 0;
  while (done < w.size()) {
    // The earliest time each warp could issue; the engine takes the first ready one after the
    // warp it issued last (round robin, §3.1).
    double earliest = INFINITY;
    size_t pick = w.size();
    for (size_t j = 1; j <= w.size(); ++j) {
      const size_t i = (last + j) % w.size();
      WarpState& s = w[i];
      if (s.next >= trace.size() || s.at_barrier) continue;
      const isa::Instruction& in = k.code[static_cast<size_t>(trace[s.next])];
      const IssueCost& ic = cost[static_cast<size_t>(trace[s.next])];
      double when = std::max({t, engine_free, s.may_issue});
      for (int r = 0; r < in.nsrc; ++r)
        if (in.src[r] < registers) when = std::max(when, s.ready[in.src[r]]);
      if (ic.unit >= 0) when = std::max(when, ic.alt_unit >= 0 ? std::min(unit_free[ic.unit], unit_free[ic.alt_unit]) : unit_free[ic.unit]);
      if (when < earliest) earliest = when, pick = i;
      if (when <= t) break;
    }
    WARPSIM_ASSERT(pick < w.size(), "TEG replay: no warp can issue");
    t = earliest;
    WarpState& s = w[pick];
    const int32_t pc = trace[s.next];
    const isa::Instruction& in = k.code[static_cast<size_t>(pc)];
    const IssueCost& ic = cost[static_cast<size_t>(pc)];
    double ready = t + ic.latency;
    if (ic.bytes > 0) {  // through the SM's share of the memory pipeline, in order
      pipe_free = std::max(pipe_free, t) + ic.bytes / share;
      ready = std::max(ready, pipe_free + (in.cls == OpClass::Store ? 0 : c.cfg.memory.latency_cycles));
    }
    for (int r = 0; r < in.ndst; ++r)
      if (in.dst[r] < registers) s.ready[in.dst[r]] = ready;
    if (ic.alt_unit >= 0 && unit_free[ic.unit] > t)
      unit_free[ic.alt_unit] = t + ic.alt_busy;
    else if (ic.unit >= 0)
      unit_free[ic.unit] = t + ic.unit_busy;
    engine_free = t + cpi;
    s.may_issue = t + ic.same_warp;
    end = std::max(end, in.cls == OpClass::Store ? t : ready);
    last = pick;
    if (++s.next == trace.size()) ++done;
    if (in.cls == OpClass::Barrier) {  // one block: released when every unfinished warp arrived
      s.at_barrier = true;
      const bool all = std::all_of(w.begin(), w.end(), [&](const WarpState& o) { return o.at_barrier || o.next >= trace.size(); });
      if (all)
        for (auto& o : w) o.at_barrier = false, o.may_issue = std::max(o.may_issue, t + cpi);
    }
  }
  return std::max(end, t);
}

Estimate teg(const ModelContext& c, double n) {
  const int warps = std::max(1, static_cast<int>(std::lround(n)));
  if (warps > c.cfg.sm.max_warps)
    return Estimate::na(fmt::format("TEG replays the resident warps of one SM (§4), at most {} (sm.max_warps)", c.cfg.sm.max_warps));
  const std::vector<int64_t> counts = isa::execution_counts(c.kernel);
  int64_t per_warp = 0;
  for (int64_t x : counts) per_warp += x;
  if (per_warp * warps > kMaxReplayed)
    return Estimate::na(fmt::format("{} warp instructions to replay, more than this replay's 2^26", per_warp * warps));
  return Estimate::of(warps / teg_cycles(c, warps));
}

}  // namespace warpsim::model
