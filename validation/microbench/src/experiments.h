// The experiment groups of the suite (selected with --only). Each sweeps occupancy (§5.7) over one
// family of kernels and adds its rows to the context.
#pragma once

#include "context.h"

namespace warpsim::microbench {

void run_alpha_experiments(Context& ctx);       // alpha_mix: 1 load + α FADDs, α = 0..256, inf (§4.1, §5.1)
void run_arith_experiments(Context& ctx);       // homogeneous add (ILP 1-4), sfu, smem, smem2 (§6.1-6.3)
void run_memory_experiments(Context& ctx);      // stream, ILP 2/4, stride 2, random (§6.3, §4.3, §6.7)
void run_latency_experiments(Context& ctx);     // per-access latency percentiles (§6.6)
void run_mix_experiments(Context& ctx);         // sfu_mix, smem_mix (§4.7)
void run_persistent_experiments(Context& ctx);  // persistent-thread launches (§5.9)
void run_cache_experiments(Context& ctx);       // latency and read bandwidth vs data-set size (L1, L2, DRAM)
void run_store_experiments(Context& ctx);       // 8- and 16-byte loads, store and copy streams
void run_node_experiments(Context& ctx);        // random nodes of 32-512 bytes: the bytes one activation serves

}  // namespace warpsim::microbench
