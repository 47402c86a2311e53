// Pieces the experiment files share: jobs and chain checks of streaming pointer chases, and the
// rows every sweep writes (per-sample throughput, latency from the smallest occupancy, the
// occupancy needed for a fraction of peak).
#pragma once

#include <string>
#include <vector>

#include "context.h"
#include "microbench_chains.h"

namespace warpsim::microbench {

// A pointer-chasing job over a streaming layout (§5.10): `adds` FADDs per load, `ilp` chains.
Job stream_job(const validation::StreamLayout& l, const validation::OccupancyPlan& p, int adds, int ilp);
// Every chain must end on the entry the layout predicts: FADDs left the bits alone, no load lost.
ChainCheck stream_check(const Gpu& gpu, const validation::StreamLayout& l);

// A homogeneous arithmetic or shared-memory job (§6.1) with the plan's shape.
Job arith_job(Family family, const validation::OccupancyPlan& p, int64_t blocks, uint32_t iterations);
// FADD chains of 1.0 + 0.0 still hold exactly 1.0.
ChainCheck add_check(int ilp);
// rsqrt chains iterating 1 (§5.2) stay near 1: the approximation's error cannot accumulate.
ChainCheck rsqrt_check();
// LDS chains return their start word: word 0 (and word 32 for odd lanes under a 2-way conflict).
ChainCheck smem_check(bool conflict2, int block_threads);

// "op=add count=16384": a row's params with the work per warp its kernel ran, as the generator's
// parameter `key` names it (count, loads, adds, groups), so that the case the harness derives from
// the row simulates the same work per block: with less, the block launch latency and the ramp of
// each block weigh more (a one-eighth count put the H100's FADD chains 4.5% under their measured
// throughput at 8 warps/SM; results/h100_sxm_2026-11-23/README.md).
std::string with_work(const std::string& params, const char* key, double per_warp);

// " block_warps=4 blocks_per_sm=12" for a sample that missed its target occupancy (a FLAG row),
// "" otherwise: the launch the GPU ran. Its attained occupancy (warps_per_sm, e.g. 47 of 48) is often
// no whole number of blocks the simulator could launch (47 warps are 47 1-warp blocks, over the
// 32-block limit, or one 1504-thread block), so the harness simulates this launch instead
// (sim/validation/cases/auto_cases.cpp).
std::string launch_params(const Sample& s);

// What identifies a sweep's rows: id prefix, warpsim workload and params, the seed section.
struct Series {
  std::vector<std::string> id;  // e.g. {"alpha_mix", "alpha8"}
  std::string workload;
  std::string params;
  std::string source;
  std::string launch = "oversubscribed (§5.9)";
};

// One throughput row of a sample, at its attained occupancy. `unit_key` distinguishes rows of one
// sample in different units.
void add_sample_row(Context& ctx, const Series& s, const Sample& sample, const std::string& quantity, double value,
                    const std::string& unit);

struct Point {
  double warps_per_sm = 0;  // attained
  double throughput = 0;
  double latency = 0;  // cycles per repeated instruction
  bool attained = false;
};
// §6.1: the smallest per-instruction latency over the sweep (found at the smallest occupancies).
void add_latency_summary(Context& ctx, const Series& s, const std::vector<Point>& points, const std::string& what);
// The sweep's best throughput among samples that attained their occupancy, with warps_per_sm
// empty: the peak (Table 6.1, Table 6.4).
void add_peak(Context& ctx, const Series& s, const std::vector<Point>& points, const std::string& unit, const std::string& what);
// Table 6.3: the smallest attained occupancy reaching `percent` of the sweep's best throughput, in
// warps per SM and (as Tables 6.3 and 6.4 print it) warps per scheduler.
void add_warps_needed(Context& ctx, const Series& s, const std::vector<Point>& points, int percent, const std::string& throughput_unit);

}  // namespace warpsim::microbench
