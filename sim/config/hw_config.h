// HwConfig: a GPU described as typed, validated plain data.
// Every field documents its unit; the YAML files in hw_configs/ give each value its source.
// The field table that binds YAML keys to these members is in schema.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>

#include "common/user_error.h"
#include "isa/op_class.h"

namespace warpsim::config {

// Where each key was last set (file, line, column of its value, or "<--set>"), for error messages.
using Provenance = std::map<std::string, Diagnostic>;

enum class Generation : uint8_t { G80, GT200, Fermi, Kepler, Maxwell, Pascal, Volta, Ampere, Hopper, Toy };
enum class SchedulerPolicy : uint8_t { Lrr, Gto, Oldest, TwoLevel };
// Coalescing rules of the CUDA C Programming Guide, Appendix G (Volkov 2016 §2.5).
enum class CoalescingRule : uint8_t {
  G80,       // strict half-warp: in-order, aligned, one segment per half-warp, else one per thread
  GT200,     // half-warp; 32/64/128-byte segments, shrunk to the smallest covering size
  Fermi,     // whole warp; 128-byte L1 lines
  Sector32,  // whole warp; 32-byte sectors (Kepler/Maxwell with L1 off for global loads, and later)
};
// What one LSU pass of a warp memory instruction sends (mem::Segment::issue_step): one
// transaction (Volkov Table 6.7's unit), or every transaction of one 128-byte line.
enum class IssueUnit : uint8_t { Transaction, Line };
// Where the second instruction of a multi-issue cycle may come from: the same warp (NVIDIA dual
// issue, Volkov §2.9) or another warp (AMD GCN-style issue from different wavefronts).
enum class DualIssue : uint8_t { SameWarp, AnyWarp };
enum class MemoryModelKind : uint8_t { Fixed, Queue, Dram, SimGrid, Servers };
// When a DRAM controller closes a row (`dram` model).
enum class PagePolicy : uint8_t {
  Open,   // a row stays open until its bank needs another row (or refreshes)
  Close,  // a row closes after an access unless a queued request still hits it (Ramulator "Closed")
};

struct GpuInfo {
  std::string name;         // short id used on the command line, e.g. "maxwell"
  std::string description;  // marketing name and chip, e.g. "GeForce GTX 980 (GM204)"
  Generation generation = Generation::Toy;
  int year = 0;
};

struct DeviceConfig {
  int sms = 1;                  // streaming multiprocessors
  double core_clock_ghz = 1.0;  // SM core clock: converts cycles to seconds at the reporting edge
  int sms_per_tpc = 1;          // SMs of a texture/processor cluster, which share one memory pipeline (TEG §3.1)
};

struct SmConfig {
  int warp_size = 32;   // threads per warp (SIMD width)
  int max_warps = 64;   // resident warps per SM
  int max_blocks = 32;  // resident thread blocks per SM
  int max_threads_per_block = 1024;
  int registers = 65536;            // 32-bit registers per SM
  int register_alloc_unit = 256;    // registers, allocation granularity per warp
  int shared_memory_bytes = 49152;  // per SM
  int max_shared_memory_per_block_bytes = 49152;
  int shared_memory_alloc_granularity_bytes = 256;  // Volkov §5.7
  int shared_memory_block_overhead_bytes = 0;       // fixed per-block overhead, Volkov §5.7 (G80/GT200)
  int block_launch_latency_cycles = 0;              // time to start a new block in a freed slot, §3.7
  int barrier_latency_cycles = 0;                   // from the last warp reaching BAR to release, §3.7
};

struct SchedulerConfig {
  int count = 1;             // warp schedulers per SM
  int max_warps = 64;        // warps per scheduler
  int cycles_per_issue = 1;  // a scheduler issues once every this many cycles (Table 2.8)
  int width = 1;             // instructions per issue cycle (dual issue: 2)
  DualIssue dual_issue = DualIssue::SameWarp;
  SchedulerPolicy policy = SchedulerPolicy::Lrr;
  int two_level_active_warps = 8;          // size of the active set of the two-level policy
  int same_warp_issue_latency_cycles = 1;  // "ILP latency": next issue from the same warp, §3.7
  // Issue cycles taken by one instruction of each class (1 = a single issue slot), §4.7, §4.12.
  std::array<int, isa::kOpClassCount> issue_cycles{1, 1, 1, 1, 1, 1, 1, 1};
  // Same-warp issue latency after an instruction of this class, if larger (e.g. Fermi stores, §3.7).
  std::array<int, isa::kOpClassCount> same_warp_issue_latency_after{0, 0, 0, 0, 0, 0, 0, 0};
};

// A pipelined functional unit owned by each scheduler (CUDA cores, SFUs).
struct PipeConfig {
  double ops_per_cycle = 32;      // thread-operations per cycle per scheduler (32 = 1 warp instr/cycle)
  int latency_cycles = 1;         // register-dependency latency to a dependent instruction
  int latency_to_alu_cycles = 0;  // if > 0: latency when the consumer is a CUDA-core instruction (§4.7)
};

// The shared-memory unit, one per SM (Volkov §2.6, Table 2.5).
struct SharedMemoryConfig {
  int banks = 32;
  int bank_width_bytes = 4;
  int cycles_per_access = 1;          // cycles a bank takes per access
  bool half_warp = false;             // warp accesses processed one half-warp at a time (G80, GT200)
  double measured_ops_per_cycle = 0;  // if > 0: sustained rate measured below the bank rate (G80, Table 6.1)
  int latency_cycles = 24;            // register-dependency latency without conflicts (Table 6.2)
  int latency_to_alu_cycles = 0;      // if > 0: latency when the consumer is a CUDA-core instruction (§4.7)
  int replay_latency_cycles = 0;      // added latency per extra conflict pass (Table 6.2 smem2 - smem)
};

// Load/store unit: coalescer, transaction departure, per-warp load limit (§2.5, §3.7, §6.7).
struct LsuConfig {
  CoalescingRule coalescing = CoalescingRule::Sector32;
  double transaction_issue_cycles = 0;            // latency of each additional LSU pass (Table 6.7)
  IssueUnit issue_unit = IssueUnit::Transaction;  // what one pass sends: a transaction or a 128-byte line
  int max_outstanding_loads_per_warp = 0;         // 0 = unlimited (Fermi stalls after 5, Listing 3.2)
  int store_latency_cycles = 1;                   // stores do not block dependents; latency of the issue slot
  int mshrs = 0;                                  // MSHRs: transactions an SM tracks at once; 0 = not limited (models only, §7.7)
};

// DRAM devices of one channel, for the `dram` and `queue` models. Timings in ns from the public datasheet of
// the part each GPU uses (the YAML files name it); 0 disables a constraint where noted.
struct DramConfig {
  int channels_per_controller = 1;  // independent channels (own command bus) per controller
  int banks = 16;                   // banks per channel (GDDR5: 16, GDDR3: 8)
  int bank_groups = 1;              // bank groups (GDDR5: 4); tccd_l_ns applies within a group
  int row_bytes = 2048;             // row (page) of one channel: page per chip x chips in lockstep
  int burst_length = 8;             // data beats per column command (GDDR5: 8, GDDR3: 4)
  int beats_per_clock = 4;          // data beats per command clock (GDDR5: 4, GDDR3: 2)
  double trcd_ns = 12;              // ACT to READ/WRITE
  double tcl_ns = 12;               // READ to first data (CAS latency)
  double twl_ns = 4;                // WRITE to first data (write latency)
  double trp_ns = 12;               // PRE to ACT, same bank
  double tras_ns = 28;              // ACT to PRE, same bank (tRC = tRAS + tRP)
  double trrd_ns = 6;               // ACT to ACT, different banks of the channel
  double tfaw_ns = 23;              // window holding at most four ACTs (0 = none, GDDR3)
  double tccd_l_ns = 0;             // READ to READ in one bank group (0 = one burst)
  double twr_ns = 12;               // end of write data to PRE
  double twtr_ns = 5;               // end of write data to READ
  double trtw_ns = 2;               // bus turnaround, end of read data to write data
  double trefi_ns = 3900;           // average interval between REFRESH commands (0 = no refresh)
  double trfc_ns = 65;              // REFRESH to next ACT
};

// The memory controllers in front of the DRAM channels, for the `dram` and `queue` models.
struct ControllerConfig {
  PagePolicy page_policy = PagePolicy::Close;
  int interleave_bytes = 256;       // consecutive bytes mapped to one channel before the next
  int bank_interleave_bytes = 128;  // consecutive bytes of a channel in one bank before the next bank
  int queue_depth = 32;             // read requests the scheduler of a channel sees at once (FR-FCFS)
  int write_queue_depth = 32;       // writes buffered per channel; drained when full or reads idle
  bool queue_window = false;        // `queue`: reorder only within queue_depth (experiment, not kept)
};

// Caches in front of every memory model (mem/cache/cached_memory.h): 128-byte lines of four
// 32-byte sectors, LRU, allocate on miss, MSHRs that merge misses to one line.
struct CacheLevelConfig {
  int ways = 16;
  int hit_latency_cycles = 0;  // unloaded load latency of a hit, issue to data (microbenchmarks)
  int mshrs = 32;              // lines with misses outstanding (per SM for L1, per slice for L2)
  int mshr_merge = 8;          // requests one MSHR holds; one more stalls the level
};
struct L2Config : CacheLevelConfig {
  int slices = 0;               // 0 = no L2 simulated; lines hash over the slices
  double bytes_per_cycle = 32;  // each slice's data port, bytes per core cycle
};
struct L1Config : CacheLevelConfig {
  int bytes = 0;               // per SM, for global loads; 0 = global loads bypass L1
  bool stores_update = false;  // a store updates present sectors (write-through); false: evicts the line
};

// Global memory. The simulator uses `model`; the analytical models use the measured summaries.
struct MemoryConfig {
  MemoryModelKind model = MemoryModelKind::Fixed;
  int latency_cycles = 400;  // unloaded latency of a streaming load (Table 6.2 "stream")
  double peak_gbps = 100;    // best sustained read throughput (Table 6.4)
  // `fixed`: each 128-byte line an access touches costs at least this many bytes of the peak
  // (Volkov §6.7: random accesses run 28-33x below streaming, "as if all transactions were never
  // shorter than about 128 bytes"); 0 = only the bytes moved.
  int line_charge_bytes = 128;
  double pin_bandwidth_gbps = 100;  // memory clock x data pins x 2 (Volkov §2.8, Table 2.7)
  int controllers = 1;              // memory controllers / channels (vendor spec)
  int bus_width_bits = 64;          // total DRAM data bus (vendor spec)
  // The clock data moves on at double data rate, i.e. per-pin data rate / 2, so that Volkov's
  // pin bandwidth = clock x pins x 2 holds: GDDR3 its clock CK; GDDR5 its data clock WCK = 2 x CK.
  double memory_clock_mhz = 1000;
  std::string dram_type = "GDDR5";
  // Fitted latency model of Volkov §6.4, Table 6.5: latency = a + b * x / (c - x), x in GB/s.
  // Used by the refined analytical model, and by the `servers` memory model (b and c: its K
  // servers of s cycles per 128 bytes, mem/servers/servers_memory.h).
  double contention_a_cycles = 0;
  double contention_b_cycles = 0;
  double contention_c_gbps = 0;
  DramConfig dram;              // `dram` and `queue` models
  ControllerConfig controller;  // `dram` and `queue` models
  // Bandwidth of one SM's port into the crossbar, for the `simgrid` model. No per-SM figure is
  // published for the seed GPUs; 0 = the device's pin bandwidth, a port that never binds.
  double sm_port_gbps = 0;
  // L2 capacity (vendor spec); 0 = global loads are not cached (G80, GT200: Volkov §6.7). It is
  // simulated when l2.slices > 0 (mem/cache/cached_memory.h), else `run` and `sweep` note a
  // workload whose global arrays fit in it (device/l2_note.h).
  int l2_bytes = 0;
  L2Config l2;
  L1Config l1;
};

struct HwConfig {
  GpuInfo gpu;
  DeviceConfig device;
  SmConfig sm;
  SchedulerConfig scheduler;
  PipeConfig alu;  // CUDA cores
  PipeConfig sfu;  // special-function units
  // Double-precision units; ops_per_cycle 0: none given (a kernel with DADD/DMUL/DFMA is then bad input).
  PipeConfig dp{0, 0, 0};
  SharedMemoryConfig smem;
  LsuConfig lsu;
  MemoryConfig memory;
  std::string source_file;  // the file it was loaded from (first of its overlay chain)
  // Where each key given was set: file:line:column of its YAML value, or "<--set>" (the loader's
  // provenance), so that a rule broken only once a model is built still names the line. Shared,
  // read-only, by the config's copies: a run copies its config a few times, and this table (~13 KB)
  // would otherwise be most of a one-SM run's memory.
  std::shared_ptr<const Provenance> key_sources;

  // An error about `key`, placed where the key was set (or at the config file when it took its
  // default): what a problem found after loading reports.
  Diagnostic diagnostic(const std::string& key, std::string message) const;
  // An error about a conflict between `keys` (the first the default culprit): placed at the
  // first of them a `--set` changed, since that what-if made the conflict, else at keys[0].
  Diagnostic conflict(std::initializer_list<const char*> keys, std::string message) const;
};

// Display names, used by the schema and by reports.
const char* to_string(Generation g);
const char* to_string(SchedulerPolicy p);
const char* to_string(CoalescingRule r);
const char* to_string(MemoryModelKind m);
const char* to_string(PagePolicy p);
const char* to_string(DualIssue d);
const char* to_string(IssueUnit u);

}  // namespace warpsim::config
