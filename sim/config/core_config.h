// The SM's sections of a HwConfig: the GPU, the device, the SM, its schedulers, functional units,
// shared memory and load/store unit. Each row: (type, name, default, unit, min, max, required,
// description), config/field_list.h; the YAML files in hw_configs/ give each value its source.
#pragma once

#include <array>
#include <string>

#include "config/config_enums.h"
#include "config/field_list.h"
#include "isa/op_class.h"

namespace warpsim::config {

// One value per instruction class (isa::OpClass), keyed `<field>.<class>` in YAML.
using PerOpClass = std::array<int, isa::kOpClassCount>;
constexpr PerOpClass per_op_class(int v) {
  PerOpClass a{};
  a.fill(v);
  return a;
}

// clang-format off
struct GpuInfo {
  WARPSIM_FIELDS(GpuInfo,
    (std::string, name,        "",              "",     0, 0,    kRequired, "short id used with --gpu")
    (std::string, description, "",              "",     0, 0,    kOptional, "product name and chip")
    (Generation,  generation,  Generation::Toy, "",     0, 0,    kRequired, "architecture generation (selects defaults of coalescing etc.)")
    (int,         year,        0,               "year", 0, 2100, kOptional, "year of release"))
};

struct DeviceConfig {
  WARPSIM_FIELDS(DeviceConfig,
    (int, sms, 1, "", 1, 1024, kRequired, "streaming multiprocessors on the device")
    (int, sms_per_tpc, 1, "", 1, 64, kOptional,
     "SMs of a texture/processor cluster sharing one memory pipeline (read by the teg model, TEG §3.1)")
    // Converts cycles to seconds at the reporting edge only.
    (double, core_clock_ghz, 1.0, "GHz", 1e-3, 10, kRequired, "SM core clock rate"))
};

struct SmConfig {
  WARPSIM_FIELDS(SmConfig,
    (int, warp_size,             32,    "threads",   32, 32,      kOptional, "SIMD width of a warp")
    (int, max_warps,             64,    "warps",     1,  4096,    kRequired, "resident warps per SM")
    (int, max_blocks,            32,    "blocks",    1,  4096,    kRequired, "resident thread blocks per SM")
    (int, max_threads_per_block, 1024,  "threads",   32, 65536,   kRequired, "largest thread block")
    (int, registers,             65536, "registers", 1,  1 << 24, kRequired, "32-bit registers per SM")
    (int, register_alloc_unit,   256,   "registers", 1,  1 << 16, kOptional, "register allocation granularity per warp")
    (int, shared_memory_bytes,   49152, "bytes",     0,  1 << 24, kRequired, "shared memory per SM")
    (int, max_shared_memory_per_block_bytes, 49152, "bytes", 0, 1 << 24, kRequired, "largest shared-memory allocation of one block")
    (int, shared_memory_alloc_granularity_bytes, 256, "bytes", 1, 1 << 20, kRequired,
     "shared-memory allocations round up to this (Volkov §5.7)")
    // G80 and GT200 take it (§5.7).
    (int, shared_memory_block_overhead_bytes, 0, "bytes", 0, 1 << 20, kOptional, "fixed shared memory taken per block (Volkov §5.7)")
    (int, block_launch_latency_cycles, 0, "cycles", 0, 1 << 20, kRequired, "delay to start a block in a freed slot (Volkov §3.7)")
    (int, barrier_latency_cycles, 0, "cycles", 0, 1 << 20, kOptional,
     "pipeline latency of a barrier: last arrival to release (Volkov §3.7, Listing 3.3)"))
};

struct SchedulerConfig {
  WARPSIM_FIELDS(SchedulerConfig,
    (int, count,     1,  "",      1, 64,   kRequired, "warp schedulers per SM")
    (int, max_warps, 64, "warps", 1, 4096, kRequired, "warps per scheduler")
    // Volkov Table 2.8.
    (int, cycles_per_issue, 1, "cycles", 1, 64, kRequired, "a scheduler issues once every this many cycles")
    (int, width, 1, "instructions", 1, 4, kRequired, "instructions issued per issue cycle (dual issue = 2)")
    (DualIssue, dual_issue, DualIssue::SameWarp, "", 0, 0, kOptional,
     "where a second instruction per issue cycle comes from: same_warp (NVIDIA, §2.9) or any_warp (AMD GCN-style)")
    (SchedulerPolicy, policy, SchedulerPolicy::Lrr, "", 0, 0, kOptional, "warp selection policy")
    (int, two_level_active_warps, 8, "warps", 1, 4096, kOptional, "active set of the two-level policy")
    (int, same_warp_issue_latency_cycles, 1, "cycles", 1, 4096, kRequired, "ILP latency: next issue from the same warp (Volkov §3.7)")
    // 1 = a single issue slot; more where an instruction takes several (§4.7, §4.12).
    (PerOpClass, issue_cycles, per_op_class(1), "cycles", 1, 4096, kOptional, "issue cycles one {} instruction takes (Volkov §4.7, §4.12)")
    // E.g. Fermi's stores (§3.7).
    (PerOpClass, same_warp_issue_latency_after, per_op_class(0), "cycles", 0, 1 << 20, kOptional,
     "same-warp issue latency after a {} instruction, if larger (Volkov §3.7)"))
};

// A pipelined functional unit owned by each scheduler (CUDA cores, SFUs); 32 ops per cycle is one
// warp instruction per cycle.
#define WARPSIM_PIPE_FIELDS                                                                                                       \
  (double, ops_per_cycle, 32, "ops/cycle/scheduler", 1e-3, 1e6, kRequired, "{}: thread-operations per cycle per scheduler") \
  (int, latency_cycles, 1, "cycles", 1, 1 << 20, kRequired, "{}: register-dependency latency (Volkov Table 6.2)")            \
  (int, latency_to_alu_cycles, 0, "cycles", 0, 1 << 20, kOptional, "latency when the consumer is a CUDA-core instruction; 0 = same (Volkov §4.7)")

struct PipeConfig {
  WARPSIM_FIELDS(PipeConfig, WARPSIM_PIPE_FIELDS)
};

// GT200's SFUs also multiply: "float MUL operation can be issued into both SP and SFU" (Lai and
// Seznec 2011 §3.2.1), the dual-issued MUL of NVIDIA's 933 GFLOPS for the GTX 280.
struct SfuConfig {
  WARPSIM_FIELDS(SfuConfig, WARPSIM_PIPE_FIELDS
    (double, fmul_ops_per_cycle, 0, "ops/cycle/scheduler", 0, 1e6, kOptional,
     "FMULs the SFUs take per cycle when the CUDA cores are busy (GT200); 0 = FMUL on the CUDA cores only"))
};
#undef WARPSIM_PIPE_FIELDS

// Double-precision units: optional, as G80 has none and the seeds measure none but on GT200 (a
// kernel with DADD/DMUL/DFMA on a config without them is bad input).
struct DpConfig {
  WARPSIM_FIELDS(DpConfig,
    (double, ops_per_cycle, 0, "ops/cycle/scheduler", 0, 1e6, kOptional,
     "double-precision units: thread-operations per cycle per scheduler (0: none given)")
    (int, latency_cycles, 0, "cycles", 0, 1 << 20, kOptional, "double-precision units: register-dependency latency"))
};

// The shared-memory unit, one per SM (Volkov §2.6, Table 2.5).
struct SharedMemoryConfig {
  WARPSIM_FIELDS(SharedMemoryConfig,
    (int, banks,             32, "banks",  1, 1024, kRequired, "shared-memory banks (Volkov Table 2.5)")
    (int, bank_width_bytes,  4,  "bytes",  1, 64,   kRequired, "bank width (Volkov Table 2.5)")
    (int, cycles_per_access, 1,  "cycles", 1, 64,   kRequired, "cycles per bank access (Volkov Table 2.5)")
    (bool, half_warp, false, "", 0, 0, kOptional, "accesses processed one half-warp at a time (G80, GT200)")
    // G80's, Table 6.1.
    (double, measured_ops_per_cycle, 0, "ops/cycle/SM", 0, 1e6, kOptional,
     "sustained rate where measured below the bank rate; 0 = bank rate")
    (int, latency_cycles, 24, "cycles", 1, 1 << 20, kRequired, "register-dependency latency, no conflicts (Volkov Table 6.2)")
    (int, latency_to_alu_cycles, 0, "cycles", 0, 1 << 20, kOptional, "latency when the consumer is a CUDA-core instruction; 0 = same")
    (int, replay_latency_cycles, 0, "cycles", 0, 1 << 20, kRequired, "added latency per extra bank-conflict pass (Volkov Table 6.2 smem2)")
    // Volta and later: schedulers issue shared-memory instructions into the MIO queue, which
    // feeds the unit one per cycle (NVIDIA's description in docs/hw-configs.md).
    (int, queue_instructions, 0, "instructions", 0, 4096, kOptional,
     "conflict-free instructions the SM's queue holds ahead of the unit: a scheduler issues one while there is room, its latency counting from when the unit takes it; 0 = no queue, issue only when the unit accepts"))
};

// The queue's length in the unit's cycles: a conflict-free access takes cycles_per_access per
// (half-)warp pass.
inline double smem_queue_cycles(const SharedMemoryConfig& s) {
  return static_cast<double>(s.queue_instructions) * s.cycles_per_access * (s.half_warp ? 2 : 1);
}

// Load/store unit: coalescer, transaction departure, per-warp load limit (§2.5, §3.7, §6.7).
struct LsuConfig {
  WARPSIM_FIELDS(LsuConfig,
    (CoalescingRule, coalescing, CoalescingRule::Sector32, "", 0, 0, kRequired, "coalescing rules (Volkov §2.5)")
    (IssueUnit, issue_unit, IssueUnit::Transaction, "", 0, 0, kOptional,
     "what one LSU pass sends: transaction (Volkov Table 6.7) or line (every transaction of one 128-byte line; Maxwell, §4.3 stride-2)")
    (double, transaction_issue_cycles, 0, "cycles", 0, 1 << 20, kRequired,
     "latency of each additional LSU issue pass (what a pass sends: lsu.issue_unit; Volkov Table 6.7)")
    // Fermi stalls after 5 (Listing 3.2).
    (int, max_outstanding_loads_per_warp, 0, "loads", 0, 1 << 20, kOptional,
     "loads in flight per warp before it stalls; 0 = unlimited (Listing 3.2)")
    // Stores do not block dependents: this is the latency of the issue slot.
    (int, store_latency_cycles, 1, "cycles", 1, 1 << 20, kOptional, "register-dependency latency of a store's issue")
    (int, mshrs, 0, "transactions", 0, 1 << 20, kOptional,
     "memory transactions an SM can track at once (MSHRs, Volkov §7.7); 0 = not limited; analytical models only"))
};
// clang-format on

}  // namespace warpsim::config
