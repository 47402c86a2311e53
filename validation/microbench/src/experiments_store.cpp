// Wider loads and stores (issue 59 item 2e): streaming chases with 8- and 16-byte links, a stream of
// stores and a copy (read + write), on the streaming layout of §5.10 at a few occupancies; the rows
// name warpsim's `homogeneous` generator (op=stream bytes=8|16, op=store, op=copy) and the kernel run.
#include <algorithm>

#include "experiment_util.h"
#include "experiments.h"
#include "kernel_shapes.h"

namespace warpsim::microbench {
namespace {

constexpr uint64_t kLoadsPerThread = 64;  // as the 4-byte streaming sweep (experiments_memory.cpp)

std::vector<int> store_occupancies(const Context& ctx) {
  std::vector<int> out;
  for (int w : ctx.options().quick ? std::vector<int>{8, 64} : std::vector<int>{4, 8, 16, 32, 48, 64})
    if (w <= ctx.gpu().info().max_warps_per_sm) out.push_back(w);
  return out;
}

struct StoreKind {
  Series series;
  int width_bytes = 4;
  int store_mode = 0;            // Job::store_mode
  double accesses_per_step = 1;  // a copy reads and writes 4 bytes per step
};

void sweep(Context& ctx, const StoreKind& k) {
  std::vector<Point> points;
  std::vector<std::string> grids;
  for (int w : store_occupancies(ctx)) {
    if (ctx.over_budget()) break;
    const auto plan = ctx.plan(w, 0);
    if (!plan) continue;
    // A copy chases the first half of the array and writes the second.
    const uint64_t entries = ctx.gpu().array_entries() / (k.store_mode == 2 ? 2 : 1);
    const auto layout =
        validation::plan_stream(entries, plan->block_warps * 32, static_cast<uint32_t>(k.width_bytes / 4), 1, kLoadsPerThread);
    if (!layout) continue;
    ctx.ensure_stream(layout->step);
    Job j = stream_job(*layout, *plan, 0, 1);
    j.width_bytes = k.width_bytes;
    j.store_mode = k.store_mode;
    j.step_bytes = static_cast<uint32_t>(4 * layout->step);
    j.store_delta_bytes = static_cast<uint32_t>(4 * entries);
    WarpWork work;
    work.loads = static_cast<double>(kLoadsPerThread) * k.accesses_per_step;
    work.bytes_per_thread_load = k.width_bytes;
    // Every sample starts with the array out of L2 (§5.10); the flush also writes back the last
    // sample's dirty lines before this one is timed.
    const Sample smp = ctx.measure(j, *plan, work, stream_check(ctx.gpu(), *layout), true);
    if (k.store_mode != 0) ctx.mark_array_random();  // the second half of a copy no longer chases
    // The grid, which the simulator needs where the L2 holds part of it (a store's dirty lines):
    // validation/measurements/README.md, `blocks`.
    const std::string grid = tag(" blocks=", static_cast<long long>(j.blocks)) + tag(" block_warps=", plan->block_warps);
    Series row = k.series;
    row.params += smp.attained() ? grid : tag(" blocks=", static_cast<long long>(j.blocks));  // else launch_params names the blocks' size
    add_sample_row(ctx, row, smp, "throughput", smp.gbps(), "gbps");
    grids.push_back(grid);
    points.push_back({smp.warps_per_sm(), smp.gbps(), smp.latency_per(static_cast<double>(kLoadsPerThread)), smp.attained()});
  }
  // The peak row names the grid too where every sample ran the same one (the same array, the same blocks).
  Series peak = k.series;
  if (!grids.empty() && std::all_of(grids.begin(), grids.end(), [&](const std::string& g) { return g == grids[0]; }))
    peak.params += grids[0];
  add_peak(ctx, peak, points, "gbps", k.series.id.back() + ", every byte moved counted");
  if (k.store_mode == 0) add_latency_summary(ctx, k.series, points, "cycles per " + std::to_string(k.width_bytes) + "-byte streaming load");
}

}  // namespace

void run_store_experiments(Context& ctx) {
  const std::string count = tag("count=", static_cast<long long>(kLoadsPerThread));
  for (int width : {8, 16}) {
    if (ctx.over_budget()) return;
    StoreKind k{{{"store", "load", tag("b", width)},
                 "homogeneous",
                 "op=stream bytes=" + std::to_string(width) + " " + count + " kernel=stream_chase element_bytes=" + std::to_string(width),
                 "Volkov 2016 §5.10 streaming chase with " + std::to_string(width) + "-byte links"}};
    k.width_bytes = width;
    sweep(ctx, k);
  }
  if (ctx.over_budget()) return;
  StoreKind store{{{"store", "store"},
                   "homogeneous",
                   "op=store " + count + " kernel=store_stream element_bytes=4",
                   "Volkov 2016 §5.10 layout, stores only"}};
  store.store_mode = 1;
  sweep(ctx, store);
  if (ctx.over_budget()) return;
  StoreKind copy{{{"store", "copy"},
                  "homogeneous",
                  "op=copy " + count + " kernel=copy_stream element_bytes=4",
                  "Volkov 2016 §5.10 streaming chase, each link stored again (read + write)"}};
  copy.store_mode = 2;
  copy.accesses_per_step = 2;
  sweep(ctx, copy);
  ctx.log("store: wide loads, stores, copy done");
}

}  // namespace warpsim::microbench
