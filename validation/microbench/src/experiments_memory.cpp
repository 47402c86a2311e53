// Global memory (Volkov 2016 ch. 6): streaming loads (§6.3, §5.10), ILP = 2 and 4 (§6.3), stride-2
// access (§4.3) and unstructured access over several array sizes (§6.7, Figure 6.6).
#include <algorithm>

#include "experiment_util.h"
#include "experiments.h"
#include "kernel_shapes.h"

namespace warpsim::microbench {
namespace {

constexpr uint64_t kLoadsPerThread = 64;

// Loads per chain of a streaming sweep with `ilp` chains (short chains stay possible, §5.10).
uint64_t stream_chain_loads(int ilp) { return std::max<uint64_t>(chase_groups(0), kLoadsPerThread / static_cast<uint64_t>(ilp)); }
// The series' params with its loads per warp (the generators' count).
std::string stream_params(const std::string& params, int ilp) {
  return with_work(params, "count", static_cast<double>(stream_chain_loads(ilp) * static_cast<uint64_t>(ilp)));
}

struct StreamKind {
  Series series;
  uint32_t stride = 1;
  int ilp = 1;
  bool dense = false;
  bool latency_rows = false;  // latency at every occupancy: memory latency vs throughput (§6.4)
};

struct StreamPoints {
  std::vector<Point> gbps;
  std::vector<Point> ops;  // ops_per_cycle_per_scheduler, the unit of Table 6.1
};

StreamPoints sweep_stream(Context& ctx, const StreamKind& k) {
  StreamPoints points;
  const uint64_t per_chain = stream_chain_loads(k.ilp);
  for (int w : ctx.occupancies(k.dense)) {
    const auto plan = ctx.plan(w, 0);
    if (!plan) continue;
    const auto layout = validation::plan_stream(ctx.gpu().array_entries(), plan->block_warps * 32, k.stride, k.ilp, per_chain);
    if (!layout) continue;
    ctx.ensure_stream(layout->step);
    WarpWork work;
    work.loads = static_cast<double>(per_chain) * k.ilp;
    const Sample smp = ctx.measure(stream_job(*layout, *plan, 0, k.ilp), *plan, work, stream_check(ctx.gpu(), *layout), true);
    add_sample_row(ctx, k.series, smp, "throughput", smp.gbps(), "gbps");
    add_sample_row(ctx, k.series, smp, "throughput", smp.ops_per_cycle_per_scheduler(work.loads), "ops_per_cycle_per_scheduler");
    add_sample_row(ctx, k.series, smp, "throughput", smp.ipc_per_sm(work.loads), "ipc_per_sm");
    const double latency = smp.latency_per(static_cast<double>(per_chain));
    if (k.latency_rows) add_sample_row(ctx, k.series, smp, "latency", latency, "cycles");
    points.gbps.push_back({smp.warps_per_sm(), smp.gbps(), latency, smp.attained()});
    points.ops.push_back({smp.warps_per_sm(), smp.ops_per_cycle_per_scheduler(work.loads), latency, smp.attained()});
  }
  return points;
}

// §6.7: one random cycle through `mb` MiB; threads start evenly spaced along the cycle.
void sweep_random(Context& ctx, uint64_t mb) {
  const uint64_t n = (mb << 20) / 4;
  if (n > ctx.gpu().array_entries() || n > UINT32_MAX) {
    ctx.log("random " + std::to_string(mb) + "MB: larger than the array (--array-mb), skipped");
    return;
  }
  const validation::RandomCycle cycle = validation::random_cycle(static_cast<uint32_t>(n), ctx.options().seed + mb);
  ctx.gpu().fill_random(cycle.next);
  ctx.mark_array_random();
  const std::string size = std::to_string(mb) + "MB";
  const uint64_t loads = chase_groups(0);  // one loop iteration per thread
  Series s{{"homogeneous", "random", size},
           "homogeneous",
           // The grid, waves of the resident blocks: an array the L2 holds hits once a sample's
           // earlier blocks have touched its sectors (the flush empties it before each sample).
           with_work("op=random array=" + size, "count", static_cast<double>(loads)) + " waves=" + std::to_string(ctx.options().waves),
           "Volkov 2016 §6.7, Figure 6.6"};
  std::vector<Point> points, ops;
  auto run = [&](const validation::OccupancyPlan& plan, int64_t blocks, const std::string& launch) {
    Job j;
    j.family = Family::Chase;
    j.block_threads = plan.block_warps * 32;
    j.blocks = blocks;
    j.blocks_per_sm = plan.blocks_per_sm;
    j.dynamic_shared = plan.dynamic_shared_bytes;
    j.iterations = 1;
    const uint64_t threads = static_cast<uint64_t>(blocks) * j.block_threads;
    std::vector<uint32_t> expected(threads);
    j.start_words.reserve(threads);
    for (uint64_t g = 0; g < threads; ++g) {
      const uint64_t pos = g * n / threads;  // evenly spaced positions along the cycle
      j.start_words.push_back(ctx.gpu().word_of_entry(cycle.order[pos]));
      expected[g] = ctx.gpu().word_of_entry(cycle.order[(pos + loads) % n]);
    }
    const ChainCheck check = [expected](const RunOutput& out) -> std::string {
      return out.finals == expected ? "" : "a random chain did not end where the cycle predicts";
    };
    WarpWork work;
    work.loads = static_cast<double>(loads);
    Sample smp = ctx.measure(j, plan, work, check, true);
    Series named = s;
    named.launch = launch;
    return std::make_pair(smp, named);
  };
  for (int w : ctx.options().quick ? std::vector<int>{1, 8, 64} : std::vector<int>{1, 2, 4, 8, 16, 32, 64}) {
    const auto plan = ctx.plan(w, 0);
    if (!plan) continue;
    const auto [smp, series] = run(*plan, ctx.oversubscribed_blocks(*plan), "oversubscribed (§5.9)");
    add_sample_row(ctx, series, smp, "throughput", smp.gbps(), "gbps");
    add_sample_row(ctx, series, smp, "throughput", smp.ipc_per_sm(smp.work.loads), "ipc_per_sm");
    add_sample_row(ctx, series, smp, "throughput", smp.ops_per_cycle_per_scheduler(smp.work.loads), "ops_per_cycle_per_scheduler");
    points.push_back({smp.warps_per_sm(), smp.gbps(), smp.latency_per(smp.work.loads), smp.attained()});
    ops.push_back({smp.warps_per_sm(), smp.ops_per_cycle_per_scheduler(smp.work.loads), 0, smp.attained()});
  }
  add_peak(ctx, s, points, "gbps", "4 bytes per thread load (§6.7)");
  add_peak(ctx, s, ops, "ops_per_cycle_per_scheduler", "Table 6.1 unit");
  add_warps_needed(ctx, s, points, 90, "gbps");
  // Unloaded latency with one warp on the whole device (§6.7: the throughput is so low that one
  // warp per SM already loads the memory system).
  if (const auto one = ctx.plan(1, 0)) {
    const auto [smp, series] = run(*one, 1, "1 warp on the device (§6.7)");
    validation::MeasurementRow r;
    r.id = row_id({"homogeneous", "random", size, "latency"});
    r.quantity = "latency";
    r.workload = "homogeneous";
    r.params = s.params + " warps_per_device=1";
    r.value = smp.latency_per(smp.work.loads);
    r.unit = "cycles";
    r.source = std::string(kSourceMeasured) + " (Volkov 2016 §6.7)";
    r.note = "mean warp latency per load, 1 warp on the device; clock " + validation::format_value(smp.clock_mhz()) + " MHz";
    ctx.add_row(std::move(r));
  }
  ctx.log("random " + size + ": done");
}

// Table 6.1 / 6.4 peak: the best over ILP 1, 2, 4 and every occupancy (§6.3). The row takes the
// workload and params of the ILP it came from (`homogeneous op=stream` or `ilp k=K`, with its work
// per warp), so the harness re-simulates the kernel that reached it; its id stays the same.
void add_stream_peak(Context& ctx, const std::vector<std::pair<Series, StreamPoints>>& by_ilp, bool gbps) {
  const std::pair<Series, StreamPoints>* winner = nullptr;
  double best = 0;
  for (const auto& entry : by_ilp)
    for (const Point& p : gbps ? entry.second.gbps : entry.second.ops)
      if (p.attained && p.throughput > best) best = p.throughput, winner = &entry;
  if (!winner) return;
  const std::string ilp =
      winner->first.workload == "ilp" ? "ILP " + winner->first.params.substr(2, winner->first.params.find(' ') - 2) : "ILP 1";
  Series peak{{"homogeneous", "stream"}, winner->first.workload, winner->first.params, "Volkov 2016 §6.3, Tables 6.1 and 6.4 method"};
  const std::string what = "over ILP 1, 2, 4, reached with " + ilp + " (this row's workload and params)";
  add_peak(ctx, peak, gbps ? winner->second.gbps : winner->second.ops, gbps ? "gbps" : "ops_per_cycle_per_scheduler",
           gbps ? what + "; 4 bytes per thread load" : what);
}

}  // namespace

void run_memory_experiments(Context& ctx) {
  StreamKind stream{{{"homogeneous", "stream", "ilp1"}, "homogeneous", stream_params("op=stream", 1), "Volkov 2016 §6.3, §6.4, §5.10"}};
  stream.dense = true;
  stream.latency_rows = true;
  const StreamPoints ilp1 = sweep_stream(ctx, stream);
  add_latency_summary(ctx, stream.series, ilp1.gbps, "cycles per streaming load");
  add_warps_needed(ctx, stream.series, ilp1.gbps, 90, "gbps");
  add_warps_needed(ctx, stream.series, ilp1.gbps, 95, "gbps");
  ctx.log("stream: " + std::to_string(ilp1.gbps.size()) + " occupancies");
  std::vector<std::pair<Series, StreamPoints>> by_ilp{{stream.series, ilp1}};
  for (int k : {2, 4}) {
    if (ctx.over_budget()) return;
    StreamKind ilp{{{"ilp", tag("k", k)}, "ilp", stream_params(tag("k=", k), k), "Volkov 2016 §6.3, Figure 6.2"}};
    ilp.ilp = k;
    const StreamPoints points = sweep_stream(ctx, ilp);
    add_warps_needed(ctx, ilp.series, points.gbps, 90, "gbps");
    by_ilp.emplace_back(ilp.series, points);
  }
  add_stream_peak(ctx, by_ilp, true);
  add_stream_peak(ctx, by_ilp, false);
  if (ctx.over_budget()) return;
  // The `stride2` generator, as validation/measurements names Volkov's §4.3 numbers.
  StreamKind stride2{{{"stride2"}, "stride2", stream_params("", 1), "Volkov 2016 §4.3, Figure 4.3"}};
  stride2.stride = 2;
  const StreamPoints s2 = sweep_stream(ctx, stride2);
  add_latency_summary(ctx, stride2.series, s2.gbps, "cycles per stride-2 load");
  add_peak(ctx, stride2.series, s2.ops, "ops_per_cycle_per_scheduler", "");
  add_warps_needed(ctx, stride2.series, s2.gbps, 90, "gbps");
  for (uint64_t mb : ctx.options().random_mb) {
    if (ctx.over_budget()) return;
    sweep_random(ctx, mb);
  }
}

}  // namespace warpsim::microbench
