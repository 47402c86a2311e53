// Random nodes: how many bytes one DRAM activation serves. Random 4-byte loads (§6.7) read one
// 32-byte sector per random address, so their plateau is the DRAM's activation rate times 4 useful
// bytes (docs/memory-model.md, "What the default does not reproduce": the H100, H200 and GTX 980
// load random sectors 1.3x faster than one activation per sector under tFAW allows). Here each
// random address is a node of 32 to 512 bytes, read whole by the lanes of one warp with 16-byte
// loads (2 to 32 lanes per node): one sector, two sectors, one line, and two and four adjacent lines.
// At the plateau, nodes per second = GB/s / node bytes: flat while a node costs one activation
// (32 to 128 bytes, one line in one bank); past 128 bytes flat still where adjacent lines share a
// row, halving with each doubling where they sit in different banks (the address map). Rows name the `homogeneous`
// generator's op=random with node_bytes (pattern=random:K, docs/workload-format.md) and the grid.
#include <algorithm>
#include <string>

#include "experiment_util.h"
#include "experiments.h"
#include "kernel_shapes.h"

namespace warpsim::microbench {
namespace {

constexpr uint32_t kPieceEntries = 4;  // 16-byte loads (store_kernels.cu, ld.global.v4.u32)

std::vector<int> node_occupancies(const Context& ctx) {
  std::vector<int> out;
  for (int w : ctx.options().quick ? std::vector<int>{8, 64} : std::vector<int>{4, 8, 16, 32, 64})
    if (w <= ctx.gpu().info().max_warps_per_sm) out.push_back(w);
  return out;
}

void sweep_nodes(Context& ctx, uint32_t node_bytes) {
  const auto layout = validation::plan_nodes(ctx.gpu().array_entries(), node_bytes / 4, kPieceEntries);
  if (!layout) return;
  const validation::RandomCycle cycle = validation::random_cycle(layout->nodes, ctx.options().seed + node_bytes);
  ctx.gpu().fill_random(validation::node_cycle_next(*layout, cycle));
  ctx.mark_array_random();
  const uint64_t loads = chase_groups(0);  // one loop iteration per thread
  const std::string array = std::to_string(ctx.gpu().array_entries() * 4 >> 20) + "MB";
  const Series series{
      {"nodes", "b" + std::to_string(node_bytes)},
      "homogeneous",
      with_work("op=random bytes=16 node_bytes=" + std::to_string(node_bytes) + " array=" + array, "count", static_cast<double>(loads)) +
          " kernel=random_nodes element_bytes=16",
      "Volkov 2016 §6.7 random chase, one random node of " + std::to_string(node_bytes) + " bytes per " +
          std::to_string(layout->threads_per_node()) + " lanes"};
  std::vector<Point> points;
  for (int w : node_occupancies(ctx)) {
    if (ctx.over_budget()) return;
    const auto plan = ctx.plan(w, 0);
    if (!plan) continue;
    Job j;
    j.family = Family::Chase;
    j.width_bytes = 16;
    j.block_threads = plan->block_warps * 32;
    // No node read twice in a launch, or a revisit could hit in L2: every thread reads `loads`
    // pieces of 16 bytes, so the array bounds the threads (1 Mi for 512 MB); at least one wave.
    const int64_t most = static_cast<int64_t>(ctx.gpu().array_entries() / (kPieceEntries * loads)) / j.block_threads;
    j.blocks = std::max(ctx.persistent_blocks(*plan), std::min(ctx.oversubscribed_blocks(*plan), most));
    j.blocks_per_sm = plan->blocks_per_sm;
    j.dynamic_shared = plan->dynamic_shared_bytes;
    j.iterations = 1;
    const uint64_t threads = static_cast<uint64_t>(j.blocks) * j.block_threads;
    std::vector<uint32_t> want(threads);
    j.start_words.resize(threads);
    for (uint64_t t = 0; t < threads; ++t) {
      j.start_words[t] = ctx.gpu().word_of_entry(validation::node_start(*layout, cycle, t, threads));
      want[t] = ctx.gpu().word_of_entry(validation::node_end(*layout, cycle, t, threads, loads));
    }
    const ChainCheck check = [want](const RunOutput& out) -> std::string {
      return out.finals == want ? "" : "a node chain did not end where the cycle predicts";
    };
    WarpWork work;
    work.loads = static_cast<double>(loads);
    work.bytes_per_thread_load = 16;
    const Sample smp = ctx.measure(j, *plan, work, check, true);
    Series row = series;  // with the grid it ran (validation/measurements/README.md, `blocks`)
    row.params += " blocks=" + std::to_string(j.blocks) + (smp.attained() ? " block_warps=" + std::to_string(plan->block_warps) : "");
    row.launch = j.blocks > most ? "one wave, more threads than the array has nodes for (nodes read more than once)"
                 : j.blocks == ctx.oversubscribed_blocks(*plan) ? "oversubscribed (§5.9)"
                                                                : std::to_string(j.blocks) + " blocks, as many as the array has nodes for";
    add_sample_row(ctx, row, smp, "throughput", smp.gbps(), "gbps");
    points.push_back({smp.warps_per_sm(), smp.gbps(), smp.latency_per(work.loads), smp.attained()});
  }
  add_peak(ctx, series, points, "gbps", "16 bytes per thread load, " + std::to_string(node_bytes) + "-byte random nodes");
  add_latency_summary(ctx, series, points, "cycles per load of a random " + std::to_string(node_bytes) + "-byte node");
}

}  // namespace

void run_node_experiments(Context& ctx) {
  for (uint32_t node_bytes : {32u, 64u, 128u, 256u, 512u}) {
    if (ctx.over_budget()) return;
    sweep_nodes(ctx, node_bytes);
  }
  ctx.log("nodes: random nodes of 32-512 bytes done");
}

}  // namespace warpsim::microbench
