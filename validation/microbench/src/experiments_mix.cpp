// Mixes of FADDs with SFU or shared-memory instructions (Volkov 2016 §4.7, Figures 4.8 and 4.9):
// α = adds / others in {1/4, 1/2, 1, 2, 4, 8, 16, 32}, swept over occupancy.
#include "experiment_util.h"
#include "experiments.h"
#include "kernel_shapes.h"

namespace warpsim::microbench {
namespace {

constexpr double kInstructionsPerWarp = 8192;

std::string alpha_text(int adds, int others) {
  return others == 1 ? std::to_string(adds) : validation::format_value(static_cast<double>(adds) / others);
}

void sweep_mix(Context& ctx, Family family, int adds, int others) {
  const bool sfu = family == Family::SfuMix;
  const std::string workload = sfu ? "sfu_mix" : "smem_mix";
  const std::string a = alpha_text(adds, others);
  const int groups = mix_groups(adds, others);
  const uint32_t iterations = std::max<uint32_t>(1, static_cast<uint32_t>(kInstructionsPerWarp / (groups * (adds + others))));
  // The generator's groups are the kernel's groups per loop iteration times its iterations.
  Series s{
      {workload, "alpha" + a}, workload, with_work("alpha=" + a, "groups", static_cast<double>(groups) * iterations), "Volkov 2016 §4.7"};
  std::vector<Point> points;
  for (int w : ctx.occupancies(false)) {
    const auto plan = ctx.plan(w, kMinSmemBytes);
    if (!plan) continue;
    Job j = arith_job(family, *plan, ctx.oversubscribed_blocks(*plan), iterations);
    j.adds = adds;
    j.others = others;
    WarpWork work;
    work.adds = static_cast<double>(groups) * adds * iterations;
    work.others = static_cast<double>(groups) * others * iterations;
    const Sample smp = ctx.measure(j, *plan, work, sfu ? rsqrt_check() : smem_check(false, j.block_threads), false);
    add_sample_row(ctx, s, smp, "throughput", smp.adds_per_cycle_per_sm(), "adds_per_cycle_per_sm");
    points.push_back({smp.warps_per_sm(), smp.adds_per_cycle_per_sm(), smp.latency_per(work.adds + work.others), smp.attained()});
  }
  add_warps_needed(ctx, s, points, 90, "adds_per_cycle_per_sm");
}

}  // namespace

void run_mix_experiments(Context& ctx) {
  const std::pair<int, int> shapes[] = {{1, 4}, {1, 2}, {1, 1}, {2, 1}, {4, 1}, {8, 1}, {16, 1}, {32, 1}};
  for (Family f : {Family::SfuMix, Family::SmemMix}) {
    for (const auto& [adds, others] : shapes) {
      if (ctx.over_budget()) return;
      sweep_mix(ctx, f, adds, others);
    }
    ctx.log(f == Family::SfuMix ? "sfu_mix: done" : "smem_mix: done");
  }
}

}  // namespace warpsim::microbench
