// Persistent threads (Volkov 2016 §5.9): exactly as many blocks as fit at once, each doing the work
// of `waves` oversubscribed blocks; compared with the oversubscribed rows of the same workloads. The
// rows say `waves=1`, one wave of blocks, so that the harness simulates the same grid.
#include "experiment_util.h"
#include "experiments.h"
#include "kernel_shapes.h"

namespace warpsim::microbench {
namespace {

const char* kLaunch = "persistent threads, one wave (§5.9)";

void persistent_arith(Context& ctx, Family family, const std::string& op, uint32_t iterations) {
  const uint32_t it = iterations * static_cast<uint32_t>(ctx.options().waves);
  Series s{{"homogeneous", op, "ilp1", "persistent"},
           "homogeneous",
           with_work("op=" + op, "count", static_cast<double>(kArithBody) * it) + " waves=1",
           "Volkov 2016 §5.9",
           kLaunch};
  for (int w : ctx.occupancies(false)) {
    const auto plan = ctx.plan(w, kMinSmemBytes);
    if (!plan) continue;
    const Job j = arith_job(family, *plan, ctx.persistent_blocks(*plan), it);
    WarpWork work;
    const double n = static_cast<double>(kArithBody) * it;
    (family == Family::Add ? work.adds : work.others) = n;
    const ChainCheck check = family == Family::Add   ? add_check(1)
                             : family == Family::Sfu ? rsqrt_check()
                                                     : smem_check(false, j.block_threads);
    const Sample smp = ctx.measure(j, *plan, work, check, false);
    add_sample_row(ctx, s, smp, "throughput", smp.ops_per_cycle_per_scheduler(n), "ops_per_cycle_per_scheduler");
  }
  ctx.log("persistent " + op + ": done");
}

// The array sets the chain length when the block count is fixed (§5.10).
void persistent_stream(Context& ctx) {
  Series s{{"homogeneous", "stream", "ilp1", "persistent"}, "homogeneous", "op=stream", "Volkov 2016 §5.9, §5.10", kLaunch};
  for (int w : ctx.occupancies(false)) {
    const auto plan = ctx.plan(w, 0);
    if (!plan) continue;
    const auto layout = validation::plan_stream_persistent(ctx.gpu().array_entries(), plan->block_warps * 32, 1, 1,
                                                           static_cast<uint64_t>(ctx.persistent_blocks(*plan)), chase_groups(0));
    if (!layout) continue;
    ctx.ensure_stream(layout->step);
    WarpWork work;
    work.loads = static_cast<double>(layout->loads_per_chain);
    const Sample smp = ctx.measure(stream_job(*layout, *plan, 0, 1), *plan, work, stream_check(ctx.gpu(), *layout), true);
    Series at_w = s;  // the array sets the chain length, so each occupancy's loads per warp
    at_w.params = with_work(s.params, "count", work.loads) + " waves=1";
    add_sample_row(ctx, at_w, smp, "throughput", smp.gbps(), "gbps");
  }
  ctx.log("persistent stream: done");
}

}  // namespace

void run_persistent_experiments(Context& ctx) {
  persistent_arith(ctx, Family::Add, "add", 64);
  if (ctx.over_budget()) return;
  persistent_arith(ctx, Family::Sfu, "sfu", 16);
  if (ctx.over_budget()) return;
  persistent_arith(ctx, Family::Smem, "smem", 32);
  if (ctx.over_budget()) return;
  persistent_stream(ctx);
}

}  // namespace warpsim::microbench
