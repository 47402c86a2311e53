// The cache hierarchy (issue 59 item 2e): load latency and read bandwidth against the size of the
// data set, from L1 through the L2 (and its near and far partitions on Hopper) to DRAM and its TLBs.
//  - Latency: one warp follows one random cycle through the lines of a data set (all 32 lanes the
//    same address, one transaction per load), the fine-grained pointer chase of Wong et al. 2010 and
//    Jia et al. 2018 §3 with Sattolo's cycle (Lemeire 2016 §VI.B) so no prefetcher can follow.
//    Nothing is flushed: a parallel traversal first puts the data set in the caches it fits.
//  - Bandwidth: a persistent launch whose warps stream through the data set with ILP 4 (§6.3),
//    wrapping around it, after a warm-up launch (the gpu-cache benchmark of te42kyfo/gpu-benches).
#include <algorithm>
#include <cstdio>

#include "experiment_util.h"
#include "experiments.h"
#include "kernel_shapes.h"

namespace warpsim::microbench {
namespace {

constexpr uint64_t kLineBytes = 128;  // L1 and L2 line (docs/memory-model.md, "Caches")
constexpr uint64_t kLineEntries = kLineBytes / 4;
constexpr uint64_t kMaxSetBytes = 1ull << 30;  // ~1 GB: several TLB reaches of 2 MB pages

std::string size_text(uint64_t bytes) {
  return bytes % (1 << 20) == 0 ? std::to_string(bytes >> 20) + "MB" : std::to_string(bytes >> 10) + "KB";
}

// Powers of two from 8 KB, more points around the L1 (up to 256 KB with shared memory's share) and
// around the L2, including half of it (a Hopper SM reaches half the L2 at near-partition latency).
std::vector<uint64_t> set_sizes(const Context& ctx, uint64_t smallest, bool dense) {
  const uint64_t cap = std::min<uint64_t>(kMaxSetBytes, ctx.gpu().array_entries() * 4);
  const uint64_t l2 = static_cast<uint64_t>(std::max<int64_t>(ctx.gpu().info().l2_bytes, 1 << 20));
  std::vector<uint64_t> s;
  for (uint64_t b = smallest; b <= cap; b *= 2) s.push_back(b);
  if (ctx.options().quick) {
    s = {smallest, 256 << 10, l2 / 2, 2 * l2, cap};
  } else if (dense) {
    for (uint64_t kb : {160, 192, 224, 288, 320, 384}) s.push_back(kb << 10);
    for (double f : {0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1.0, 1.125, 1.25, 1.5, 3.0}) s.push_back(static_cast<uint64_t>(f * l2));
  } else {
    for (double f : {0.5, 0.75, 1.5}) s.push_back(static_cast<uint64_t>(f * l2));
  }
  std::vector<uint64_t> out;
  for (uint64_t b : s) {
    b = b >= (4u << 20) ? b >> 20 << 20 : b >> 10 << 10;  // whole MB (KB below 4 MB) for the row's name
    if (b >= smallest && b <= cap) out.push_back(b);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// One warp, every lane starting at `word`, `loads` links.
Job one_warp_job(const validation::OccupancyPlan& p, uint32_t word, uint64_t loads) {
  Job j;
  j.family = Family::Chase;
  j.block_threads = 32;
  j.blocks = 1;
  j.blocks_per_sm = p.blocks_per_sm;
  j.dynamic_shared = 0;  // one block: no occupancy to control, and all of the unified array is L1
  j.prefer_l1 = true;
  j.iterations = static_cast<uint32_t>(loads / chase_groups(0));
  j.start_words.assign(32, word);
  return j;
}

ChainCheck expect(std::vector<uint32_t> want) {
  return [want](const RunOutput& out) -> std::string { return out.finals == want ? "" : "a chain did not end where the layout predicts"; };
}

// The latency of one load against the data set's size (one row in cycles, one in ns).
void latency_at(Context& ctx, uint64_t bytes, uint64_t links) {
  Gpu& gpu = ctx.gpu();
  const uint64_t lines = bytes / kLineBytes;
  const validation::RandomCycle cycle = validation::random_cycle(static_cast<uint32_t>(lines), ctx.options().seed + lines);
  std::vector<uint32_t> next(bytes / 4, 0);  // entry e -> next[e]; one entry per line is on the cycle
  for (uint64_t k = 0; k < lines; ++k) next[k * kLineEntries] = static_cast<uint32_t>(cycle.next[k] * kLineEntries);
  gpu.fill_random(next);
  ctx.mark_array_random();
  const auto word_at = [&](uint64_t pos) { return gpu.word_of_entry(cycle.order[pos % lines] * kLineEntries); };
  // Warm-up: threads evenly spaced along the cycle walk all of it once (L2, TLBs; the timed warp's
  // first lap warms its own L1).
  if (const auto warm = ctx.plan(8, 0)) {
    Job j = one_warp_job(*warm, 0, chase_groups(0));
    j.block_threads = warm->block_warps * 32;
    const uint64_t max_threads = static_cast<uint64_t>(ctx.persistent_blocks(*warm)) * j.block_threads;
    j.blocks = static_cast<int64_t>(std::max<uint64_t>(1, std::min(max_threads, lines / chase_groups(0)) / j.block_threads));
    const uint64_t threads = static_cast<uint64_t>(j.blocks) * j.block_threads;
    const uint64_t per_thread = (lines / threads + chase_groups(0)) / chase_groups(0) * chase_groups(0);
    j.iterations = static_cast<uint32_t>(per_thread / chase_groups(0));
    j.start_words.resize(threads);
    std::vector<uint32_t> want(threads);
    for (uint64_t t = 0; t < threads; ++t) {
      j.start_words[t] = word_at(t * lines / threads);
      want[t] = word_at(t * lines / threads + per_thread);
    }
    ctx.measure(j, *warm, WarpWork{}, expect(want), false, 1);
  }
  const auto one = ctx.plan(1, 0);
  if (!one) return;
  // The difference of a chain of 2L links and one of L cancels the fixed cost of a launch and of
  // the first lap through a data set that fits the L1. Each launch starts at a new position of
  // the cycle, so no launch finds the lines of the one before in a cache they do not fit.
  uint64_t best[2] = {0, 0};
  double clock_mhz = 0;
  const int reps = ctx.options().reps;
  for (int r = 0; r < reps; ++r)
    for (int k = 0; k < 2; ++k) {
      const uint64_t n = links << k, pos = (2 * r + k) * lines / (2 * reps);
      WarpWork work;
      work.loads = static_cast<double>(n);
      const Sample s =
          ctx.measure(one_warp_job(*one, word_at(pos), n), *one, work, expect(std::vector<uint32_t>(32, word_at(pos + n))), false, 1);
      if (best[k] == 0 || s.metrics.cycles < best[k]) best[k] = s.metrics.cycles;
      clock_mhz = std::max(clock_mhz, s.clock_mhz());
    }
  const double cycles = best[1] > best[0] ? static_cast<double>(best[1] - best[0]) / static_cast<double>(links) : 0;
  const std::string size = size_text(bytes);
  char note[320];
  std::snprintf(note, sizeof note,
                "1 warp on the device, all lanes on one random cycle through %llu lines (one 4-byte word per %llu-byte line), warmed, no "
                "flush; (T(%llu links) - T(%llu links)) / %llu, fastest of %d launches each, each at a new position; clock %.0f MHz",
                static_cast<unsigned long long>(lines), static_cast<unsigned long long>(kLineBytes),
                static_cast<unsigned long long>(2 * links), static_cast<unsigned long long>(links), static_cast<unsigned long long>(links),
                reps, clock_mhz);
  for (const bool ns : {false, true}) {
    validation::MeasurementRow row;
    row.id = row_id({"cache", "latency", size, ns ? "ns" : "cycles"});
    row.quantity = "latency";
    row.params = "kernel=pointer_chase array=" + size + " stride_bytes=" + std::to_string(kLineBytes) + " warps_per_device=1";
    row.value = ns ? (clock_mhz > 0 ? cycles * 1000 / clock_mhz : 0) : cycles;
    row.unit = ns ? "ns" : "cycles";
    row.source = std::string(kSourceMeasured) + " (Wong et al. 2010, Jia et al. 2018 §3: fine-grained pointer chase)";
    row.note = note;
    ctx.add_row(std::move(row));
  }
}

// Read bandwidth over a data set of `bytes`: entry e -> (e + step) mod n, step = 4 N (ILP 4), block
// j starts at j n / blocks and sweeps 4 N L entries (wrapping), so the grid reads the set
// max(2, V / set) times over in all; the first of the launches is the warm-up pass.
void bandwidth_at(Context& ctx, uint64_t bytes, int warps, uint64_t volume, std::string& filled) {
  const auto plan = ctx.plan(warps, 0);
  if (!plan) return;
  constexpr int kIlp = 4;
  const uint64_t n = bytes / 4, threads_per_block = plan->block_warps * 32ull, step = kIlp * threads_per_block;
  const int64_t blocks = ctx.persistent_blocks(*plan);
  const uint64_t chains = static_cast<uint64_t>(blocks) * threads_per_block * kIlp;
  const uint64_t groups = chase_groups(0);
  const uint64_t want_links = std::max(2 * n, volume / 4);
  const uint64_t links = std::max<uint64_t>(1, (want_links + chains * groups - 1) / (chains * groups)) * groups;  // per chain
  const std::string layout = std::to_string(n) + "+" + std::to_string(step);
  if (filled != layout) {
    std::vector<uint32_t> next(n);
    for (uint64_t e = 0; e < n; ++e) next[e] = static_cast<uint32_t>(e + step < n ? e + step : (e + step) % n);
    ctx.gpu().fill_random(next);
    ctx.mark_array_random();
    filled = layout;
  }
  Job j;
  j.family = Family::Chase;
  j.ilp = kIlp;
  j.block_threads = static_cast<int>(threads_per_block);
  j.blocks = blocks;
  j.blocks_per_sm = plan->blocks_per_sm;
  // 64 warps/SM is reached by the warp limit alone: no shared memory, all of the unified array is L1.
  j.dynamic_shared = 0;
  j.prefer_l1 = true;
  j.iterations = static_cast<uint32_t>(links / groups);
  j.start_words.resize(chains);
  std::vector<uint32_t> want(chains);
  for (int64_t b = 0; b < blocks; ++b)
    for (uint64_t t = 0; t < threads_per_block; ++t)
      for (int c = 0; c < kIlp; ++c) {
        const uint64_t k = (static_cast<uint64_t>(b) * threads_per_block + t) * kIlp + c;
        const uint64_t start = (static_cast<uint64_t>(b) * n / blocks / 32 * 32 + c * threads_per_block + t) % n;
        j.start_words[k] = ctx.gpu().word_of_entry(start);
        want[k] = ctx.gpu().word_of_entry((start + links * step) % n);
      }
  WarpWork work;
  work.loads = static_cast<double>(links * kIlp);
  const Sample s = ctx.measure(j, *plan, work, expect(want), false, std::max(2, ctx.options().reps));  // the first warms up
  const std::string size = size_text(bytes);
  Series series{{"cache", "bandwidth", size},
                "homogeneous",
                with_work("op=stream ilp=4 array=" + size, "count", work.loads) + " waves=1",  // persistent: one wave
                "Volkov 2016 §5.10 chase with ILP 4 (§6.3), wrapping in the data set; te42kyfo/gpu-benches gpu-cache method",
                "persistent (§5.9), after a warm-up launch, no flush; " + std::to_string(links * chains * 4 / bytes) +
                    " passes over the set per launch"};
  add_sample_row(ctx, series, s, "throughput", s.gbps(), "gbps");
}

}  // namespace

void run_cache_experiments(Context& ctx) {
  const bool quick = ctx.options().quick;
  const uint64_t links = quick ? 1024 : 4096;
  for (uint64_t bytes : set_sizes(ctx, 8 << 10, true)) {
    if (ctx.over_budget()) return;
    latency_at(ctx, bytes, links);
  }
  ctx.log("cache: latency sweep done");
  const uint64_t volume = quick ? (64ull << 20) : (1ull << 30);  // bytes read per launch at least
  std::string filled;
  for (uint64_t bytes : set_sizes(ctx, 64 << 10, false)) {
    if (ctx.over_budget()) return;
    bandwidth_at(ctx, bytes, ctx.gpu().info().max_warps_per_sm, volume, filled);
  }
  ctx.log("cache: bandwidth sweep done");
}

}  // namespace warpsim::microbench
