// alpha_mix (Volkov 2016 §4.1, §5.1): 1 streaming load + α dependent FADDs, swept over occupancy.
#include <cmath>

#include "experiment_util.h"
#include "experiments.h"
#include "kernel_shapes.h"

namespace warpsim::microbench {
namespace {

constexpr uint64_t kLoadsPerThread = 64;  // per warp; the array sets the number of blocks (§5.10)
constexpr uint32_t kInfIterations = 64;   // alpha=inf: 64 x 256 = 16384 FADDs per warp

void sweep_alpha(Context& ctx, int alpha) {
  const std::string a = std::to_string(alpha);
  const int groups = chase_groups(alpha);
  const uint64_t loads = (kLoadsPerThread + groups - 1) / groups * groups;
  Series s{{"alpha_mix", "alpha" + a},
           "alpha_mix",
           with_work("alpha=" + a, "loads", static_cast<double>(loads)),
           "Volkov 2016 §4.1, §5.1, §5.10 setup"};
  std::vector<Point> adds, bytes;
  double latency_at_one = 0;
  for (int w : ctx.occupancies(false)) {
    const auto plan = ctx.plan(w, 0);
    if (!plan) continue;
    const auto layout = validation::plan_stream(ctx.gpu().array_entries(), plan->block_warps * 32, 1, 1, loads);
    if (!layout) continue;
    ctx.ensure_stream(layout->step);
    WarpWork work;
    work.loads = static_cast<double>(loads);
    work.adds = static_cast<double>(alpha) * loads;
    const Sample smp = ctx.measure(stream_job(*layout, *plan, alpha, 1), *plan, work, stream_check(ctx.gpu(), *layout), true);
    if (alpha > 0) add_sample_row(ctx, s, smp, "throughput", smp.adds_per_cycle_per_sm(), "adds_per_cycle_per_sm");
    add_sample_row(ctx, s, smp, "throughput", smp.gbps(), "gbps");
    // Latency per instruction, as warpsim's harness extracts it (mean warp latency / instructions);
    // the group latency of §4.1 is (α + 1) times it.
    const double per_instruction = smp.latency_per(work.loads + work.adds);
    adds.push_back({smp.warps_per_sm(), smp.adds_per_cycle_per_sm(), per_instruction, smp.attained()});
    bytes.push_back({smp.warps_per_sm(), smp.gbps(), per_instruction, smp.attained()});
    if (w == 1) latency_at_one = smp.latency_per(work.loads);
  }
  // The latency bound's group latency is mem_lat + α·alu_lat cycles per load (§4.1).
  add_latency_summary(
      ctx, s, bytes,
      "cycles per instruction of groups of 1 load + " + a + " FADDs (group latency: " + std::to_string(alpha + 1) + " x this)");
  add_warps_needed(ctx, s, alpha > 0 ? adds : bytes, 90, alpha > 0 ? "adds_per_cycle_per_sm" : "gbps");
  ctx.log("alpha_mix alpha=" + a + ": " + std::to_string(adds.size()) + " occupancies, group latency at 1 warp/SM " +
          std::to_string(std::lround(latency_at_one)) + " cycles");
}

// α = inf: FADDs only (the add kernel, one chain).
void sweep_alpha_inf(Context& ctx) {
  const double adds = static_cast<double>(arith_body(1)) * kInfIterations;
  Series s{{"alpha_mix", "alphainf"}, "alpha_mix", with_work("alpha=inf", "adds", adds), "Volkov 2016 §4.1, §4.2"};
  std::vector<Point> points;
  for (int w : ctx.occupancies(false)) {
    const auto plan = ctx.plan(w, 0);
    if (!plan) continue;
    const Job j = arith_job(Family::Add, *plan, ctx.oversubscribed_blocks(*plan), kInfIterations);
    WarpWork work;
    work.adds = adds;
    const Sample smp = ctx.measure(j, *plan, work, add_check(1), false);
    add_sample_row(ctx, s, smp, "throughput", smp.adds_per_cycle_per_sm(), "adds_per_cycle_per_sm");
    points.push_back({smp.warps_per_sm(), smp.adds_per_cycle_per_sm(), smp.latency_per(work.adds), smp.attained()});
  }
  add_latency_summary(ctx, s, points, "cycles per FADD");
  add_warps_needed(ctx, s, points, 90, "adds_per_cycle_per_sm");
}

}  // namespace

void run_alpha_experiments(Context& ctx) {
  for (int alpha : {0, 1, 2, 4, 8, 16, 32, 64, 128, 256}) {
    if (ctx.over_budget()) return;
    sweep_alpha(ctx, alpha);
  }
  sweep_alpha_inf(ctx);
}

}  // namespace warpsim::microbench
