// The memory sections of a HwConfig: the memory system, its DRAM devices and controllers, and the
// caches in front of it. Each row: (type, name, default, unit, min, max, required, description),
// config/field_list.h; the YAML files in hw_configs/ give each value its source.
#pragma once

#include <string>

#include "config/config_enums.h"
#include "config/field_list.h"

namespace warpsim::config {

// clang-format off

// DRAM devices of one channel, for the `dram` and `queue` models. Timings in ns from the public
// datasheet of the part each GPU uses (the YAML files name it).
struct DramConfig {
  WARPSIM_FIELDS(DramConfig,
    (int, channels_per_controller, 1, "", 1, 64, kOptional, "independent DRAM channels (own command bus) per controller")
    (int, banks, 16, "banks", 1, 1024, kOptional, "banks per channel (GDDR5 16, GDDR3 8; datasheet)")
    (int, bank_groups, 1, "", 1, 64, kOptional, "bank groups per channel (GDDR5 4; datasheet)")
    (int, ranks, 1, "", 1, 4, kOptional,
     "ranks per channel (HBM3 stack IDs), each with its own tRRD and tFAW window; they split the bank groups evenly")
    (int, row_bytes, 2048, "bytes", 64, 1 << 20, kOptional, "row (page) of a channel: page per chip x chips in lockstep")
    (int, burst_length, 8, "beats", 1, 64, kOptional, "data beats per column command (GDDR5 8, GDDR3 4)")
    (int, beats_per_clock, 4, "beats", 1, 16, kOptional,
     "data beats per command clock (GDDR5 4, GDDR3 2): sets the command clock from the pin rate")
    (double, trcd_ns,   12,   "ns", 0, 1e6, kOptional, "tRCD: ACT to READ/WRITE (datasheet)")
    (double, tcl_ns,    12,   "ns", 0, 1e6, kOptional, "tCL: READ to first data, CAS latency (datasheet)")
    (double, twl_ns,    4,    "ns", 0, 1e6, kOptional, "tWL: WRITE to first data (datasheet)")
    (double, trp_ns,    12,   "ns", 0, 1e6, kOptional, "tRP: PRE to ACT of the same bank (datasheet)")
    (double, tras_ns,   28,   "ns", 0, 1e6, kOptional, "tRAS: ACT to PRE of the same bank (datasheet)")  // tRC = tRAS + tRP
    (double, trrd_ns,   6,    "ns", 0, 1e6, kOptional, "tRRD: ACT to ACT of different banks (datasheet)")
    (double, tfaw_ns,   23,   "ns", 0, 1e6, kOptional, "tFAW: window holding at most 4 ACTs; 0 = none (datasheet)")  // none: GDDR3
    (double, tccd_l_ns, 0,    "ns", 0, 1e6, kOptional, "tCCD_L: READ to READ in one bank group; 0 = one burst (datasheet)")
    (double, twr_ns,    12,   "ns", 0, 1e6, kOptional, "tWR: end of write data to PRE (datasheet)")
    (double, twtr_ns,   5,    "ns", 0, 1e6, kOptional, "tWTR: end of write data to READ (datasheet)")
    (double, trtw_ns,   2,    "ns", 0, 1e6, kOptional, "read-to-write bus turnaround after the read data (datasheet tRTW)")
    (double, trefi_ns,  3900, "ns", 0, 1e6, kOptional, "tREFI: average interval between REFRESH commands; 0 = none (datasheet)")
    (double, trfc_ns,   65,   "ns", 0, 1e6, kOptional, "tRFC: REFRESH to next ACT (datasheet)"))
};

// The memory controllers in front of the DRAM channels, for the `dram` and `queue` models.
struct ControllerConfig {
  WARPSIM_FIELDS(ControllerConfig,
    (PagePolicy, page_policy, PagePolicy::Close, "", 0, 0, kOptional,
     "when a row closes: open (on a conflict) or close (after an access nothing queued still hits)")
    (int, interleave_bytes, 256, "bytes", 128, 1 << 20, kOptional,
     "consecutive bytes on one channel before the next (power of two >= 128)")
    (int, bank_interleave_bytes, 128, "bytes", 32, 1 << 20, kOptional,
     "consecutive bytes of a channel in one bank before the next bank (power of two >= 32, <= row_bytes)")
    (int, queue_depth, 32, "requests", 1, 4096, kOptional, "reads the FR-FCFS scheduler of a channel sees at once")
    (int, write_queue_depth, 32, "requests", 1, 4096, kOptional, "writes buffered per channel, drained when full or when no read waits")
    (bool, queue_window, false, "", 0, 0, kOptional,
     "`queue` model: no bus gap before the FR-FCFS queue (queue_depth per channel) had room (experiment, off)"))
};

// Caches in front of every memory model (mem/cache/cached_memory.h): 128-byte lines of four
// 32-byte sectors, LRU, allocate on miss, MSHRs that merge misses to one line. The rows of both
// levels:
#define WARPSIM_CACHE_LEVEL_FIELDS                                                                                                   \
  (int, ways, 16, "ways", 1, 1024, kOptional, "associativity (lines per set)")                                                         \
  (int, hit_latency_cycles, 0, "cycles", 0, 1 << 20, kOptional, "unloaded latency of a load that hits, issue to data (microbenchmark)") \
  (int, mshrs, 32, "lines", 1, 1 << 20, kOptional, "lines with misses outstanding {}; a miss past them stalls the level (Volkov §7.7)")  \
  (int, mshr_merge, 8, "requests", 1, 1 << 16, kOptional, "requests one MSHR holds (the first miss and those merged into it)")

struct L2Config {
  WARPSIM_FIELDS(L2Config, WARPSIM_CACHE_LEVEL_FIELDS
    (int, slices, 0, "slices", 0, 4096, kOptional, "L2 slices (lines hash over them); 0 = no L2 simulated")
    (double, bytes_per_cycle, 32, "bytes/cycle", 1, 1 << 16, kOptional, "data port of one L2 slice, per core cycle")
    (int, access_bytes, 32, "bytes", 32, 128, kOptional,
     "what one access of a slice's data array moves: a request takes the port for the aligned chunks of this size that hold its sectors (power of two)")
    (int, partitions, 1, "partitions", 1, 64, kOptional,
     "L2 partitions, the slices split evenly; an SM reads through its own, which keeps copies of lines another homes")
    (int, far_hit_cycles, 0, "cycles", 0, 1 << 20, kOptional,
     "what a read served from the line's home partition, not the SM's own, adds to the round trip (microbenchmark)"))
};

struct L1Config {
  WARPSIM_FIELDS(L1Config, WARPSIM_CACHE_LEVEL_FIELDS
    (int, bytes, 0, "bytes", 0, 1 << 24, kOptional, "L1 capacity per SM for global loads; 0 = global loads bypass L1")
    (int, unified_bytes, 0, "bytes", 0, 1 << 24, kOptional,
     "one data array for L1 and shared memory per SM (Volta and later): the L1 keeps the ways the resident blocks' shared memory leaves, at most `bytes`; 0 = separate arrays")
    (bool, stores_update, false, "", 0, 0, kOptional,
     "a global store updates the L1 sectors it writes (write-through); false: it evicts the line (Fermi)")
    (double, bytes_per_cycle, 0, "bytes/cycle", 0, 1 << 16, kOptional,
     "data path from the L1 to the SM's registers, hits and fills alike, per core cycle; 0 = unbounded"))
};
#undef WARPSIM_CACHE_LEVEL_FIELDS

// Global memory. The simulator uses `model`; the analytical models use the measured summaries.
struct MemoryConfig {
  WARPSIM_FIELDS(MemoryConfig,
    (MemoryModelKind, model, MemoryModelKind::Fixed, "", 0, 0, kOptional, "memory-system model")
    (int, latency_cycles, 400, "cycles", 1, 1 << 24, kRequired, "unloaded latency of a streaming load (Volkov Table 6.2)")
    (double, peak_gbps, 100, "GB/s", 1e-3, 1e6, kRequired, "best sustained read throughput (Volkov Table 6.4)")
    // Volkov §6.7: random accesses run 28-33x below streaming, "as if all transactions were never
    // shorter than about 128 bytes".
    (int, line_charge_bytes, 128, "bytes", 0, 1 << 20, kOptional,
     "`fixed` and `servers` models: least bytes of the peak each 128-byte line an access touches costs (Volkov §6.7); 0 = bytes moved only")
    // Memory clock x data pins x 2 (Volkov §2.8).
    (double, pin_bandwidth_gbps, 100, "GB/s", 1e-3, 1e6, kRequired, "DRAM pin bandwidth (Volkov Table 2.7)")
    (int, controllers, 1, "", 1, 4096, kRequired, "memory controllers / channels (vendor spec)")
    (int, bus_width_bits, 64, "bits", 1, 1 << 16, kRequired, "DRAM data bus width (vendor spec)")
    // The clock data moves on at double data rate, so that Volkov's pin bandwidth = clock x pins x 2
    // holds: GDDR3 its clock CK; GDDR5 its data clock WCK = 2 x CK.
    (double, memory_clock_mhz, 1000, "MHz", 1, 1e6, kRequired, "DRAM data clock = per-pin data rate / 2 (GDDR5: WCK); vendor spec")
    (std::string, dram_type, "GDDR5", "", 0, 0, kOptional, "DRAM technology, e.g. GDDR5")
    // Volkov §6.4, Table 6.5: latency = a + b * x / (c - x), x in GB/s. The `servers` model reads b
    // and c as its K servers of s cycles per 128 bytes (mem/servers/servers_memory.h).
    (double, contention_a_cycles, 0, "cycles", 0, 1e9, kOptional, "fitted latency model a (Volkov Table 6.5); analytical models only")
    (double, contention_b_cycles, 0, "cycles", 0, 1e9, kOptional,
     "fitted latency model b (Volkov Table 6.5); analytical models and the `servers` memory model")
    (double, contention_c_gbps, 0, "GB/s", 0, 1e9, kOptional,
     "fitted latency model c (Volkov Table 6.5); analytical models and the `servers` memory model")
    WARPSIM_SECTION(DramConfig, dram, "")
    WARPSIM_SECTION(ControllerConfig, controller, "")
    // Unsimulated (l2.slices 0), `run` and `sweep` still note a workload whose global arrays fit in
    // it (device/l2_note.h). G80 and GT200 cache no global loads (Volkov §6.7).
    (int, l2_bytes, 0, "bytes", 0, 1 << 30, kOptional,
     "L2 cache capacity (vendor spec); simulated when memory.l2.slices > 0; 0 = global loads not cached")
    WARPSIM_SECTION(L2Config, l2, "per slice")
    WARPSIM_SECTION(L1Config, l1, "per SM")
    // No per-SM figure is published for the seed GPUs, hence the default that never binds.
    (double, sm_port_gbps, 0, "GB/s", 0, 1e6, kOptional,
     "bandwidth of an SM's crossbar port (simgrid model); 0 = the pin bandwidth, never binding"))
};

// clang-format on

}  // namespace warpsim::config
