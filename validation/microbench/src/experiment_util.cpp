#include "experiment_util.h"

#include <cmath>
#include <cstring>

#include "kernel_shapes.h"

namespace warpsim::microbench {

using validation::MeasurementRow;

Job stream_job(const validation::StreamLayout& l, const validation::OccupancyPlan& p, int adds, int ilp) {
  Job j;
  j.family = Family::Chase;
  j.adds = adds;
  j.ilp = ilp;
  j.block_threads = p.block_warps * 32;
  j.blocks = static_cast<int64_t>(l.blocks);
  j.blocks_per_sm = p.blocks_per_sm;
  j.dynamic_shared = p.dynamic_shared_bytes;
  j.iterations = static_cast<uint32_t>(l.loads_per_chain / chase_groups(adds));
  j.thread_stride_bytes = 4 * l.stride;
  j.chain_stride_bytes = static_cast<uint32_t>(4 * l.stride * l.block_threads);
  j.block_spacing_bytes = 4 * l.spacing;
  return j;
}

ChainCheck stream_check(const Gpu& gpu, const validation::StreamLayout& l) {
  return [&gpu, l](const RunOutput& out) -> std::string {
    size_t k = 0;
    for (uint64_t b = 0; b < l.blocks; ++b)
      for (uint64_t t = 0; t < l.block_threads; ++t)
        for (uint32_t c = 0; c < l.chains; ++c, ++k) {
          const uint32_t want = gpu.word_of_entry(validation::stream_end(l, b, t, c));
          if (k >= out.finals.size() || out.finals[k] != want)
            return "block " + std::to_string(b) + " thread " + std::to_string(t) + " chain " + std::to_string(c) + " ended on word " +
                   (k < out.finals.size() ? std::to_string(out.finals[k]) : "none") + ", expected " + std::to_string(want);
        }
    return "";
  };
}

Job arith_job(Family family, const validation::OccupancyPlan& p, int64_t blocks, uint32_t iterations) {
  Job j;
  j.family = family;
  j.block_threads = p.block_warps * 32;
  j.blocks = blocks;
  j.blocks_per_sm = p.blocks_per_sm;
  j.dynamic_shared = p.dynamic_shared_bytes;
  j.min_dynamic_shared = kMinSmemBytes;
  j.iterations = iterations;
  return j;
}

ChainCheck add_check(int ilp) {
  return [ilp](const RunOutput& out) -> std::string {
    const float one = 1.0f;
    uint32_t want = 0;
    std::memcpy(&want, &one, 4);
    for (size_t k = 0; k < out.finals.size(); ++k)
      if (out.finals[k] != want)
        return "FADD chain " + std::to_string(k % ilp) + " of thread " + std::to_string(k / ilp) + " ended on bits " +
               std::to_string(out.finals[k]);
    return "";
  };
}

ChainCheck rsqrt_check() {
  return [](const RunOutput& out) -> std::string {
    for (size_t k = 0; k < out.finals.size(); ++k) {
      float x = 0;
      std::memcpy(&x, &out.finals[k], 4);
      if (!(std::fabs(x - 1.0f) < 1e-3f)) return "rsqrt chain of thread " + std::to_string(k) + " ended on " + std::to_string(x);
    }
    return "";
  };
}

ChainCheck smem_check(bool conflict2, int block_threads) {
  return [conflict2, block_threads](const RunOutput& out) -> std::string {
    for (size_t b = 0; b * block_threads < out.finals.size(); ++b) {
      const uint32_t word0 = out.finals[b * block_threads];
      for (int t = 0; t < block_threads; ++t) {
        const uint32_t want = conflict2 && (t & 1) ? word0 + 128 : word0;
        if (out.finals[b * block_threads + t] != want)
          return "LDS chain of block " + std::to_string(b) + " thread " + std::to_string(t) + " ended on " +
                 std::to_string(out.finals[b * block_threads + t]) + ", expected " + std::to_string(want);
      }
    }
    return "";
  };
}

namespace {

std::vector<std::string> with(std::vector<std::string> id, const std::string& last) {
  id.push_back(last);
  return id;
}

std::string params_with(const std::string& params, const std::string& extra) { return params.empty() ? extra : params + " " + extra; }

}  // namespace

std::string with_work(const std::string& params, const char* key, double per_warp) {
  return params_with(params, tag((std::string(key) + "=").c_str(), std::llround(per_warp)));
}

std::string launch_params(const Sample& s) {
  if (s.attained() || s.block_warps <= 0) return "";
  return tag(" block_warps=", s.block_warps) + tag(" blocks_per_sm=", s.target_warps / s.block_warps);
}

void add_sample_row(Context& ctx, const Series& s, const Sample& sample, const std::string& quantity, double value,
                    const std::string& unit) {
  MeasurementRow r;
  r.id = row_id(with(with(s.id, tag("w", sample.target_warps)), quantity == "throughput" ? unit : quantity));
  r.quantity = quantity;
  r.workload = s.workload;
  r.params = s.params + launch_params(sample);
  r.warps_per_sm = sample.warps_per_sm();
  r.value = value;
  r.unit = unit;
  r.source = std::string(kSourceMeasured) + " (" + s.source + ")";
  r.note = ctx.note(sample, s.launch);
  ctx.add_row(std::move(r));
}

void add_latency_summary(Context& ctx, const Series& s, const std::vector<Point>& points, const std::string& what) {
  const Point* best = nullptr;
  for (const auto& p : points)
    if (p.attained && p.latency > 0 && (!best || p.latency < best->latency)) best = &p;
  if (!best) return;
  MeasurementRow r;
  r.id = row_id(with(s.id, "latency"));
  r.quantity = "latency";
  r.workload = s.workload;
  r.params = s.params;
  r.value = best->latency;
  r.unit = "cycles";
  r.source = std::string(kSourceMeasured) + " (Volkov 2016 §6.1 method)";
  r.note = what + "; smallest mean warp latency per instruction over the sweep, at " + validation::format_value(best->warps_per_sm) +
           " warps/SM";
  ctx.add_row(std::move(r));
}

void add_peak(Context& ctx, const Series& s, const std::vector<Point>& points, const std::string& unit, const std::string& what) {
  const Point* best = nullptr;
  for (const auto& p : points)
    if (p.attained && (!best || p.throughput > best->throughput)) best = &p;
  if (!best || best->throughput <= 0) return;
  MeasurementRow r;
  r.id = row_id(with(with(s.id, "peak"), unit));
  r.quantity = "throughput";
  r.workload = s.workload;
  r.params = s.params;
  r.value = best->throughput;
  r.unit = unit;
  r.source = std::string(kSourceMeasured) + " (" + s.source + ")";
  r.note = "peak: " + what + (what.empty() ? "" : ", ") + "best over the occupancy sweep, at " +
           validation::format_value(best->warps_per_sm) + " warps/SM";
  ctx.add_row(std::move(r));
}

void add_warps_needed(Context& ctx, const Series& s, const std::vector<Point>& points, int percent, const std::string& throughput_unit) {
  std::vector<validation::ThroughputSample> attained;
  double best = 0;
  for (const auto& p : points) {
    if (!p.attained) continue;
    attained.push_back({p.warps_per_sm, p.throughput});
    best = std::max(best, p.throughput);
  }
  const auto needed = validation::warps_needed(attained, percent / 100.0);
  if (!needed) return;
  for (const bool per_scheduler : {false, true}) {
    MeasurementRow r;
    r.id = row_id(with(with(s.id, tag("needed", percent)), per_scheduler ? "per_scheduler" : "per_sm"));
    r.quantity = "warps_needed";
    r.workload = s.workload;
    r.params = params_with(s.params, tag("threshold=", percent));
    r.value = per_scheduler ? *needed / ctx.schedulers() : *needed;
    r.unit = per_scheduler ? "warps_per_scheduler" : "warps_per_sm";
    r.source = std::string(kSourceMeasured) + " (Volkov 2016 Table 6.3 method)";
    r.note = "smallest attained occupancy with >= " + std::to_string(percent) + "% of the best " + throughput_unit + " (" +
             validation::format_value(best) + ") of the sweep";
    ctx.add_row(std::move(r));
  }
}

}  // namespace warpsim::microbench
