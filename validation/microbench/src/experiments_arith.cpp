// Homogeneous instruction sequences (Volkov 2016 ch. 6): FADD chains with ILP 1-4 (§6.1, §6.3),
// MUFU.RSQ chains (§5.2, §6.1), shared-memory loads without and with a 2-way bank conflict (§6.2).
#include <algorithm>

#include "experiment_util.h"
#include "experiments.h"
#include "kernel_shapes.h"

namespace warpsim::microbench {
namespace {

struct ArithOp {
  std::string op;  // homogeneous op= value
  Family family;
  int ilp;
  uint32_t iterations;  // x 256 instructions per warp: ~1e5 cycles at one warp per SM
  bool dense;           // every occupancy, or the sparse set
  std::string source;
};

void sweep_op(Context& ctx, const ArithOp& op) {
  const std::string ilp = std::to_string(op.ilp);
  // ilp=1 is the generator's default and how the seed tables name the rows (op=add).
  const double n = static_cast<double>(op.family == Family::Add ? arith_body(op.ilp) : kArithBody) * op.iterations;
  Series s{{"homogeneous", op.op, "ilp" + ilp},
           "homogeneous",
           with_work("op=" + op.op + (op.ilp > 1 ? " ilp=" + ilp : ""), "count", n),
           op.source};
  std::vector<Point> points;
  const bool conflict2 = op.op == "smem2";
  for (int w : ctx.occupancies(op.dense)) {
    const auto plan = ctx.plan(w, kMinSmemBytes);
    if (!plan) continue;
    Job j = arith_job(op.family, *plan, ctx.oversubscribed_blocks(*plan), op.iterations);
    j.ilp = op.ilp;
    j.conflict2 = conflict2;
    WarpWork work;
    (op.family == Family::Add ? work.adds : work.others) = n;
    const ChainCheck check = op.family == Family::Add   ? add_check(op.ilp)
                             : op.family == Family::Sfu ? rsqrt_check()
                                                        : smem_check(conflict2, j.block_threads);
    const Sample smp = ctx.measure(j, *plan, work, check, false);
    const double thru = smp.ops_per_cycle_per_scheduler(n);
    add_sample_row(ctx, s, smp, "throughput", thru, "ops_per_cycle_per_scheduler");
    // Latency per warp instruction, as warpsim's harness extracts it: with ILP k chains, a dependent
    // instruction of one chain takes k times it (§6.3).
    points.push_back({smp.warps_per_sm(), thru, smp.latency_per(n), smp.attained()});
  }
  add_latency_summary(
      ctx, s, points,
      op.ilp == 1 ? "cycles per dependent " + op.op + " instruction"
                  : "cycles per warp instruction of " + ilp + " independent " + op.op + " chains (one chain's: " + ilp + " x this)");
  add_peak(ctx, s, points, "ops_per_cycle_per_scheduler", "Volkov 2016 Table 6.1 method");
  // Table 6.3: "approached within a small threshold"; 90% as for memory, 99% as Volkov attains.
  add_warps_needed(ctx, s, points, 90, "ops_per_cycle_per_scheduler");
  add_warps_needed(ctx, s, points, 99, "ops_per_cycle_per_scheduler");
  ctx.log("homogeneous op=" + op.op + " ilp=" + ilp + ": " + std::to_string(points.size()) + " occupancies");
}

// §3.7: an empty kernel launched with many blocks of one warp. With `resident` blocks per SM, each
// block slot runs blocks / (SMs x resident) blocks back to back, so the run time per round is the time
// to replace a terminated block (plus the few instructions of the empty block itself) -- if every
// slot is refilled independently. One resident block per SM measures exactly that per-slot latency
// (what sm.block_launch_latency_cycles models); the largest residency shows whether a device-wide
// block dispatcher, not the slot, sets the pace (then the time per round grows with residency).
void block_launch_at(Context& ctx, int resident, const std::string& id_tag) {
  const auto plan = ctx.plan_one_warp_blocks(resident);
  if (!plan) return;
  const Job j = arith_job(Family::Empty, *plan, 10 * ctx.oversubscribed_blocks(*plan), 1);
  const Sample smp = ctx.measure(
      j, *plan, WarpWork{}, [](const RunOutput&) { return std::string(); }, false);
  const double rounds = static_cast<double>(j.blocks) / (static_cast<double>(smp.metrics.sms) * smp.api_blocks_per_sm);
  validation::MeasurementRow r;
  r.id = id_tag.empty() ? row_id({"block_launch", "latency"}) : row_id({"block_launch", id_tag, "latency"});
  r.quantity = "latency";
  r.params = "kind=block_replacement";  // as validation/measurements names Volkov's §3.8 number
  const double per_round = static_cast<double>(smp.metrics.cycles) / rounds;
  r.value = per_round;
  r.unit = "cycles";
  r.source = std::string(kSourceMeasured) + " (Volkov 2016 §3.7 method)";
  r.note = "run cycles per round of an empty kernel of 1-warp blocks, " + std::to_string(smp.api_blocks_per_sm) + " resident per SM, " +
           validation::format_value(rounds) + " rounds" +
           (id_tag.empty() ? "; the per-slot latency, for hw_config sm.block_launch_latency_cycles; "
                           : "; all slots refilled at once: bounded by the device's block dispatch rate; ") +
           ctx.note(smp, "oversubscribed (§5.9)");
  ctx.add_row(std::move(r));
  ctx.log("block launch, " + std::to_string(smp.api_blocks_per_sm) + " resident per SM: " + validation::format_value(per_round) +
          " cycles per round");
}

void block_launch(Context& ctx) {
  block_launch_at(ctx, 1, "");
  const int most = std::min(32, ctx.occupancies(false).back());
  block_launch_at(ctx, most, "resident" + std::to_string(most));
}

}  // namespace

void run_arith_experiments(Context& ctx) {
  block_launch(ctx);
  const std::vector<ArithOp> ops{
      {"add", Family::Add, 1, 64, true, "Volkov 2016 §6.1, Tables 6.1-6.3"},
      {"sfu", Family::Sfu, 1, 16, true, "Volkov 2016 §5.2, §6.1, Tables 6.1-6.3"},
      {"smem", Family::Smem, 1, 32, true, "Volkov 2016 §5.2, §6.1, Tables 6.1-6.3"},
      {"smem2", Family::Smem, 1, 32, true, "Volkov 2016 §6.2, Tables 6.1-6.3"},
      {"add", Family::Add, 2, 64, false, "Volkov 2016 §6.3 (ILP); Lemeire 2016 §V.C"},
      {"add", Family::Add, 3, 64, false, "Volkov 2016 §6.3 (ILP); Lemeire 2016 §V.C"},
      {"add", Family::Add, 4, 64, false, "Volkov 2016 §6.3 (ILP); Lemeire 2016 §V.C"},
  };
  for (const auto& op : ops) {
    if (ctx.over_budget()) return;
    sweep_op(ctx, op);
  }
}

}  // namespace warpsim::microbench
