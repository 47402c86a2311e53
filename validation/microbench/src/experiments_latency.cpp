// Latencies of individual memory accesses (Volkov 2016 §6.6): in warp 0 of every 4th block, 1
// streaming load in 8 is timed from issue to its data being stored; the distribution is summarised
// as min / 5th / 25th / 50th / 75th / 95th percentile / max at several levels of memory throughput.
#include "experiment_util.h"
#include "experiments.h"
#include "kernel_shapes.h"

namespace warpsim::microbench {
namespace {

constexpr uint64_t kLoadsPerThread = 64;
constexpr uint32_t kSampleBlockStride = 4;

void sample_at(Context& ctx, int w) {
  const uint64_t slots = 1 + kLoadsPerThread / kSampleEvery;  // sink word + samples of one warp
  const auto plan = ctx.plan(w, static_cast<int64_t>(4 * slots));
  if (!plan) return;
  const auto layout = validation::plan_stream(ctx.gpu().array_entries(), plan->block_warps * 32, 1, 1, kLoadsPerThread);
  if (!layout) return;
  ctx.ensure_stream(layout->step);
  Job j = stream_job(*layout, *plan, 0, 1);
  j.sample_latency = true;
  j.sample_block_stride = kSampleBlockStride;
  j.min_dynamic_shared = static_cast<int64_t>(4 * slots);
  WarpWork work;
  work.loads = kLoadsPerThread;
  const Sample smp = ctx.measure(j, *plan, work, stream_check(ctx.gpu(), *layout), true);
  Series s{{"homogeneous", "stream", "sampled"}, "homogeneous", with_work("op=stream", "count", kLoadsPerThread), "Volkov 2016 §6.6"};
  add_sample_row(ctx, s, smp, "throughput", smp.gbps(), "gbps");  // the load level of the distribution
  const auto p = validation::latency_percentiles(smp.latency_samples);
  const auto overhead = validation::latency_percentiles(smp.calibration);
  const std::string overhead_id = row_id({"homogeneous", "stream", tag("w", w), "timing_overhead"});
  validation::MeasurementRow o;  // no workload: a property of the measurement, not of a kernel
  o.id = overhead_id;
  o.quantity = "latency";
  o.params = "kind=timing_overhead";
  o.warps_per_sm = smp.warps_per_sm();
  o.value = overhead.p50;
  o.unit = "cycles";
  o.source = std::string(kSourceMeasured) + " (Volkov 2016 §6.6 method)";
  o.note = "median over " + std::to_string(overhead.count) +
           " sampled warps of an empty timed region (clock64, shared store, clock64; min " + std::to_string(overhead.min) + ", max " +
           std::to_string(overhead.max) + "), subtracted from the latency_percentile rows at this occupancy";
  ctx.add_row(std::move(o));
  const std::pair<int, uint32_t> points[] = {{0, p.min}, {5, p.p5}, {25, p.p25}, {50, p.p50}, {75, p.p75}, {95, p.p95}, {100, p.max}};
  // §6.6 reports latencies of the access alone: the timed region's own cost (clock reads and the
  // shared store with the data already in a register, the median of one per sampled warp) is
  // subtracted from every percentile and recorded as its own row.
  const uint32_t overhead_cycles = overhead.p50;
  for (const auto& [pct, raw] : points) {
    const uint32_t value = raw > overhead_cycles ? raw - overhead_cycles : 0;
    validation::MeasurementRow r;
    r.id = row_id({"homogeneous", "stream", tag("w", w), tag("p", pct)});
    r.quantity = "latency_percentile";
    r.workload = "homogeneous";
    r.params = s.params + tag(" percentile=", pct) + launch_params(smp);
    r.warps_per_sm = smp.warps_per_sm();
    r.value = value;
    r.unit = "cycles";
    r.source = std::string(kSourceMeasured) + " (Volkov 2016 §6.6 method)";
    r.note = std::to_string(p.count) + " samples (warp 0 of every " + std::to_string(kSampleBlockStride) +
             "th block, 1 load in 8); net of a timing overhead of " + std::to_string(overhead_cycles) +
             " cycles (median of an empty timed region, row " + overhead_id + "; raw " + std::to_string(raw) + "); at " +
             validation::format_value(smp.gbps()) + " GB/s; " + ctx.note(smp, "oversubscribed (§5.9)");
    ctx.add_row(std::move(r));
  }
  ctx.log("latency samples at " + std::to_string(w) + " warps/SM: " + std::to_string(p.count) + ", median " + std::to_string(p.p50));
}

}  // namespace

void run_latency_experiments(Context& ctx) {
  for (int w : ctx.options().quick ? std::vector<int>{1, 32} : std::vector<int>{1, 4, 8, 16, 32, 64}) {
    if (ctx.over_budget()) return;
    sample_at(ctx, w);
  }
}

}  // namespace warpsim::microbench
