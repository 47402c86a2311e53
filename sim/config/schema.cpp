#include "config/schema.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "common/text.h"
#include "config/enum_names.h"

namespace warpsim::config {
namespace {

using Setter = std::function<std::string(HwConfig&, const std::string&)>;

constexpr double kNoMax = std::numeric_limits<double>::max();

// Accessors return a reference to the member a field binds.
template <typename T>
using Ref = std::function<T&(HwConfig&)>;

FieldSpec int_field(std::string key, Ref<int> ref, std::string unit, std::string desc, double min, double max, bool required) {
  FieldSpec f{std::move(key), FieldType::Int, std::move(unit), std::move(desc), required, min, max, {}, {}, {}};
  f.set = [ref, min, max, key = f.key](HwConfig& c, const std::string& text) -> std::string {
    auto v = parse_int(text);
    if (!v) return fmt::format("expected an integer, found '{}'", text);
    if (*v < min || *v > max)
      return fmt::format("value {} out of range [{}, {}]", *v, min, max == kNoMax ? std::string("inf") : fmt::format("{}", max));
    ref(c) = static_cast<int>(*v);
    return "";
  };
  f.get = [ref](const HwConfig& c) { return fmt::format("{}", ref(const_cast<HwConfig&>(c))); };
  return f;
}

FieldSpec double_field(std::string key, Ref<double> ref, std::string unit, std::string desc, double min, double max, bool required) {
  FieldSpec f{std::move(key), FieldType::Double, std::move(unit), std::move(desc), required, min, max, {}, {}, {}};
  f.set = [ref, min, max](HwConfig& c, const std::string& text) -> std::string {
    auto v = parse_double(text);
    if (!v) return fmt::format("expected a number, found '{}'", text);
    if (*v < min || *v > max)
      return fmt::format("value {} out of range [{}, {}]", *v, min, max == kNoMax ? std::string("inf") : fmt::format("{}", max));
    ref(c) = *v;
    return "";
  };
  f.get = [ref](const HwConfig& c) { return fmt::format("{}", ref(const_cast<HwConfig&>(c))); };
  return f;
}

FieldSpec bool_field(std::string key, Ref<bool> ref, std::string desc) {
  FieldSpec f{std::move(key), FieldType::Bool, "", std::move(desc), false, 0, 1, {}, {}, {}};
  f.set = [ref](HwConfig& c, const std::string& text) -> std::string {
    if (text == "true")
      ref(c) = true;
    else if (text == "false")
      ref(c) = false;
    else
      return fmt::format("expected true or false, found '{}'", text);
    return "";
  };
  f.get = [ref](const HwConfig& c) { return std::string(ref(const_cast<HwConfig&>(c)) ? "true" : "false"); };
  return f;
}

FieldSpec string_field(std::string key, Ref<std::string> ref, std::string desc, bool required) {
  FieldSpec f{std::move(key), FieldType::String, "", std::move(desc), required, 0, 0, {}, {}, {}};
  f.set = [ref](HwConfig& c, const std::string& text) -> std::string {
    if (text.empty()) return "expected a non-empty string";
    ref(c) = text;
    return "";
  };
  f.get = [ref](const HwConfig& c) { return ref(const_cast<HwConfig&>(c)); };
  return f;
}

template <typename E>
FieldSpec choice_field(std::string key, Ref<E> ref, std::string desc, bool required) {
  FieldSpec f{std::move(key), FieldType::Choice, "", std::move(desc), required, 0, 0, enum_names<E>(), {}, {}};
  f.set = [ref](HwConfig& c, const std::string& text) -> std::string {
    auto v = enum_from_name<E>(text);
    if (!v) return fmt::format("unknown '{}'", text);  // the loader appends the valid names
    ref(c) = *v;
    return "";
  };
  f.get = [ref](const HwConfig& c) { return std::string(to_string(ref(const_cast<HwConfig&>(c)))); };
  return f;
}

#define REF(member) \
  [](HwConfig & c) -> auto& { return c.member; }

// Fields of the `dram` and `queue` memory models (DRAM timings in ns, from the part's datasheet).
void add_dram_model_fields(std::vector<FieldSpec>& s) {
  constexpr bool kOpt = false;
  auto dram_int = [&](const char* k, int DramConfig::*m, const char* unit, const char* desc, double lo, double hi) {
    s.push_back(int_field(
        std::string("memory.dram.") + k, [m](HwConfig& c) -> int& { return c.memory.dram.*m; }, unit, desc, lo, hi, kOpt));
  };
  auto dram_ns = [&](const char* k, double DramConfig::*m, const char* desc) {
    s.push_back(double_field(
        std::string("memory.dram.") + k, [m](HwConfig& c) -> double& { return c.memory.dram.*m; }, "ns", desc, 0, 1e6, kOpt));
  };
  dram_int("channels_per_controller", &DramConfig::channels_per_controller, "",
           "independent DRAM channels (own command bus) per controller", 1, 64);
  dram_int("banks", &DramConfig::banks, "banks", "banks per channel (GDDR5 16, GDDR3 8; datasheet)", 1, 1024);
  dram_int("bank_groups", &DramConfig::bank_groups, "", "bank groups per channel (GDDR5 4; datasheet)", 1, 64);
  dram_int("row_bytes", &DramConfig::row_bytes, "bytes", "row (page) of a channel: page per chip x chips in lockstep", 64, 1 << 20);
  dram_int("burst_length", &DramConfig::burst_length, "beats", "data beats per column command (GDDR5 8, GDDR3 4)", 1, 64);
  dram_int("beats_per_clock", &DramConfig::beats_per_clock, "beats",
           "data beats per command clock (GDDR5 4, GDDR3 2): sets the command clock from the pin rate", 1, 16);
  dram_ns("trcd_ns", &DramConfig::trcd_ns, "tRCD: ACT to READ/WRITE (datasheet)");
  dram_ns("tcl_ns", &DramConfig::tcl_ns, "tCL: READ to first data, CAS latency (datasheet)");
  dram_ns("twl_ns", &DramConfig::twl_ns, "tWL: WRITE to first data (datasheet)");
  dram_ns("trp_ns", &DramConfig::trp_ns, "tRP: PRE to ACT of the same bank (datasheet)");
  dram_ns("tras_ns", &DramConfig::tras_ns, "tRAS: ACT to PRE of the same bank (datasheet)");
  dram_ns("trrd_ns", &DramConfig::trrd_ns, "tRRD: ACT to ACT of different banks (datasheet)");
  dram_ns("tfaw_ns", &DramConfig::tfaw_ns, "tFAW: window holding at most 4 ACTs; 0 = none (datasheet)");
  dram_ns("tccd_l_ns", &DramConfig::tccd_l_ns, "tCCD_L: READ to READ in one bank group; 0 = one burst (datasheet)");
  dram_ns("twr_ns", &DramConfig::twr_ns, "tWR: end of write data to PRE (datasheet)");
  dram_ns("twtr_ns", &DramConfig::twtr_ns, "tWTR: end of write data to READ (datasheet)");
  dram_ns("trtw_ns", &DramConfig::trtw_ns, "read-to-write bus turnaround after the read data (datasheet tRTW)");
  dram_ns("trefi_ns", &DramConfig::trefi_ns, "tREFI: average interval between REFRESH commands; 0 = none (datasheet)");
  dram_ns("trfc_ns", &DramConfig::trfc_ns, "tRFC: REFRESH to next ACT (datasheet)");
  auto ctl_int = [&](const char* k, int ControllerConfig::*m, const char* unit, const char* desc, double lo, double hi) {
    s.push_back(int_field(
        std::string("memory.controller.") + k, [m](HwConfig& c) -> int& { return c.memory.controller.*m; }, unit, desc, lo, hi, kOpt));
  };
  s.push_back(choice_field<PagePolicy>(
      "memory.controller.page_policy", [](HwConfig & c) -> auto& { return c.memory.controller.page_policy; },
      "when a row closes: open (on a conflict) or close (after an access nothing queued still hits)", kOpt));
  ctl_int("interleave_bytes", &ControllerConfig::interleave_bytes, "bytes",
          "consecutive bytes on one channel before the next (power of two >= 128)", 128, 1 << 20);
  ctl_int("bank_interleave_bytes", &ControllerConfig::bank_interleave_bytes, "bytes",
          "consecutive bytes of a channel in one bank before the next bank (power of two >= 32, <= row_bytes)", 32, 1 << 20);
  ctl_int("queue_depth", &ControllerConfig::queue_depth, "requests", "reads the FR-FCFS scheduler of a channel sees at once", 1, 4096);
  ctl_int("write_queue_depth", &ControllerConfig::write_queue_depth, "requests",
          "writes buffered per channel, drained when full or when no read waits", 1, 4096);
  s.push_back(bool_field("memory.controller.queue_window", REF(memory.controller.queue_window),
                         "`queue` model: no bus gap before the FR-FCFS queue (queue_depth per channel) had room (experiment, off)"));
}

// Caches (mem/cache/cached_memory.h): L2 slices and an L1 per SM for global loads.
void add_cache_fields(std::vector<FieldSpec>& s) {
  constexpr bool kOpt = false;
  auto level = [&](const std::string& p, CacheLevelConfig& (*ref)(HwConfig&), const char* where) {
    s.push_back(int_field(
        p + ".ways", [ref](HwConfig& c) -> int& { return ref(c).ways; }, "ways", "associativity (lines per set)", 1, 1024, kOpt));
    s.push_back(int_field(
        p + ".hit_latency_cycles", [ref](HwConfig& c) -> int& { return ref(c).hit_latency_cycles; }, "cycles",
        "unloaded latency of a load that hits, issue to data (microbenchmark)", 0, 1 << 20, kOpt));
    s.push_back(int_field(
        p + ".mshrs", [ref](HwConfig& c) -> int& { return ref(c).mshrs; }, "lines",
        std::string("lines with misses outstanding ") + where + "; a miss past them stalls the level (Volkov §7.7)", 1, 1 << 20, kOpt));
    s.push_back(int_field(
        p + ".mshr_merge", [ref](HwConfig& c) -> int& { return ref(c).mshr_merge; }, "requests",
        "requests one MSHR holds (the first miss and those merged into it)", 1, 1 << 16, kOpt));
  };
  level(
      "memory.l2", [](HwConfig& c) -> CacheLevelConfig& { return c.memory.l2; }, "per slice");
  s.push_back(int_field("memory.l2.slices", REF(memory.l2.slices), "slices", "L2 slices (lines hash over them); 0 = no L2 simulated", 0,
                        4096, kOpt));
  s.push_back(double_field("memory.l2.bytes_per_cycle", REF(memory.l2.bytes_per_cycle), "bytes/cycle",
                           "data port of one L2 slice, per core cycle", 1, 1 << 16, kOpt));
  level(
      "memory.l1", [](HwConfig& c) -> CacheLevelConfig& { return c.memory.l1; }, "per SM");
  s.push_back(int_field("memory.l1.bytes", REF(memory.l1.bytes), "bytes", "L1 capacity per SM for global loads; 0 = global loads bypass L1",
                        0, 1 << 24, kOpt));
  s.push_back(bool_field("memory.l1.stores_update", REF(memory.l1.stores_update),
                         "a global store updates the L1 sectors it writes (write-through); false: it evicts the line (Fermi)"));
}

std::vector<FieldSpec> build_schema() {
  std::vector<FieldSpec> s;
  constexpr bool kReq = true, kOpt = false;
  // --- gpu
  s.push_back(string_field("gpu.name", REF(gpu.name), "short id used with --gpu", kReq));
  s.push_back(string_field("gpu.description", REF(gpu.description), "product name and chip", kOpt));
  s.push_back(choice_field<Generation>("gpu.generation", REF(gpu.generation),
                                       "architecture generation (selects defaults of coalescing etc.)", kReq));
  s.push_back(int_field("gpu.year", REF(gpu.year), "year", "year of release", 0, 2100, kOpt));
  // --- device
  s.push_back(int_field("device.sms", REF(device.sms), "", "streaming multiprocessors on the device", 1, 1024, kReq));
  s.push_back(int_field("device.sms_per_tpc", REF(device.sms_per_tpc), "",
                        "SMs of a texture/processor cluster sharing one memory pipeline (read by the teg model, TEG §3.1)", 1, 64, kOpt));
  s.push_back(double_field("device.core_clock_ghz", REF(device.core_clock_ghz), "GHz", "SM core clock rate", 1e-3, 10, kReq));
  // --- sm
  s.push_back(int_field("sm.warp_size", REF(sm.warp_size), "threads", "SIMD width of a warp", 32, 32, kOpt));
  s.push_back(int_field("sm.max_warps", REF(sm.max_warps), "warps", "resident warps per SM", 1, 4096, kReq));
  s.push_back(int_field("sm.max_blocks", REF(sm.max_blocks), "blocks", "resident thread blocks per SM", 1, 4096, kReq));
  s.push_back(int_field("sm.max_threads_per_block", REF(sm.max_threads_per_block), "threads", "largest thread block", 32, 65536, kReq));
  s.push_back(int_field("sm.registers", REF(sm.registers), "registers", "32-bit registers per SM", 1, 1 << 24, kReq));
  s.push_back(int_field("sm.register_alloc_unit", REF(sm.register_alloc_unit), "registers", "register allocation granularity per warp", 1,
                        1 << 16, kOpt));
  s.push_back(int_field("sm.shared_memory_bytes", REF(sm.shared_memory_bytes), "bytes", "shared memory per SM", 0, 1 << 24, kReq));
  s.push_back(int_field("sm.max_shared_memory_per_block_bytes", REF(sm.max_shared_memory_per_block_bytes), "bytes",
                        "largest shared-memory allocation of one block", 0, 1 << 24, kReq));
  s.push_back(int_field("sm.shared_memory_alloc_granularity_bytes", REF(sm.shared_memory_alloc_granularity_bytes), "bytes",
                        "shared-memory allocations round up to this (Volkov §5.7)", 1, 1 << 20, kReq));
  s.push_back(int_field("sm.shared_memory_block_overhead_bytes", REF(sm.shared_memory_block_overhead_bytes), "bytes",
                        "fixed shared memory taken per block (Volkov §5.7)", 0, 1 << 20, kOpt));
  s.push_back(int_field("sm.block_launch_latency_cycles", REF(sm.block_launch_latency_cycles), "cycles",
                        "delay to start a block in a freed slot (Volkov §3.7)", 0, 1 << 20, kReq));
  s.push_back(int_field("sm.barrier_latency_cycles", REF(sm.barrier_latency_cycles), "cycles",
                        "pipeline latency of a barrier: last arrival to release (Volkov §3.7, Listing 3.3)", 0, 1 << 20, kOpt));
  // --- scheduler
  s.push_back(int_field("scheduler.count", REF(scheduler.count), "", "warp schedulers per SM", 1, 64, kReq));
  s.push_back(int_field("scheduler.max_warps", REF(scheduler.max_warps), "warps", "warps per scheduler", 1, 4096, kReq));
  s.push_back(int_field("scheduler.cycles_per_issue", REF(scheduler.cycles_per_issue), "cycles",
                        "a scheduler issues once every this many cycles", 1, 64, kReq));
  s.push_back(int_field("scheduler.width", REF(scheduler.width), "instructions",
                        "instructions issued at once from one warp (dual issue = 2)", 1, 4, kReq));
  s.push_back(choice_field<DualIssue>(
      "scheduler.dual_issue", REF(scheduler.dual_issue),
      "where a second instruction per issue cycle comes from: same_warp (NVIDIA, §2.9) or any_warp (AMD GCN-style)", kOpt));
  s.push_back(choice_field<SchedulerPolicy>("scheduler.policy", REF(scheduler.policy), "warp selection policy", kOpt));
  s.push_back(int_field("scheduler.two_level_active_warps", REF(scheduler.two_level_active_warps), "warps",
                        "active set of the two-level policy", 1, 4096, kOpt));
  s.push_back(int_field("scheduler.same_warp_issue_latency_cycles", REF(scheduler.same_warp_issue_latency_cycles), "cycles",
                        "ILP latency: next issue from the same warp (Volkov §3.7)", 1, 4096, kReq));
  for (int i = 0; i < isa::kOpClassCount; ++i) {
    const std::string cls(isa::to_string(static_cast<isa::OpClass>(i)));
    s.push_back(int_field(
        "scheduler.issue_cycles." + cls, [i](HwConfig& c) -> int& { return c.scheduler.issue_cycles[i]; }, "cycles",
        "issue cycles one " + cls + " instruction takes (Volkov §4.7, §4.12)", 1, 4096, kOpt));
  }
  for (int i = 0; i < isa::kOpClassCount; ++i) {
    const std::string cls(isa::to_string(static_cast<isa::OpClass>(i)));
    s.push_back(int_field(
        "scheduler.same_warp_issue_latency_after." + cls, [i](HwConfig& c) -> int& { return c.scheduler.same_warp_issue_latency_after[i]; },
        "cycles", "same-warp issue latency after a " + cls + " instruction, if larger (Volkov §3.7)", 0, 1 << 20, kOpt));
  }
  // --- pipes
  for (auto [name, binding] : {std::pair{"alu", &HwConfig::alu}, std::pair{"sfu", &HwConfig::sfu}}) {
    const auto pipe = binding;  // a plain variable: C++20 lets lambdas capture structured bindings, clang 14 does not
    const std::string p(name);
    const char* what = p == "alu" ? "CUDA cores" : "SFUs";
    s.push_back(double_field(
        p + ".ops_per_cycle", [pipe](HwConfig& c) -> double& { return (c.*pipe).ops_per_cycle; }, "ops/cycle/scheduler",
        std::string(what) + ": thread-operations per cycle per scheduler", 1e-3, 1e6, kReq));
    s.push_back(int_field(
        p + ".latency_cycles", [pipe](HwConfig& c) -> int& { return (c.*pipe).latency_cycles; }, "cycles",
        std::string(what) + ": register-dependency latency (Volkov Table 6.2)", 1, 1 << 20, kReq));
    s.push_back(int_field(
        p + ".latency_to_alu_cycles", [pipe](HwConfig& c) -> int& { return (c.*pipe).latency_to_alu_cycles; }, "cycles",
        "latency when the consumer is a CUDA-core instruction; 0 = same (Volkov §4.7)", 0, 1 << 20, kOpt));
  }
  // Double-precision units: optional, as G80 has none and the seeds measure none but on GT200.
  s.push_back(double_field("dp.ops_per_cycle", REF(dp.ops_per_cycle), "ops/cycle/scheduler",
                           "double-precision units: thread-operations per cycle per scheduler (0: none given)", 0, 1e6, kOpt));
  s.push_back(int_field("dp.latency_cycles", REF(dp.latency_cycles), "cycles", "double-precision units: register-dependency latency", 0,
                        1 << 20, kOpt));
  // --- shared memory
  s.push_back(int_field("smem.banks", REF(smem.banks), "banks", "shared-memory banks (Volkov Table 2.5)", 1, 1024, kReq));
  s.push_back(int_field("smem.bank_width_bytes", REF(smem.bank_width_bytes), "bytes", "bank width (Volkov Table 2.5)", 1, 64, kReq));
  s.push_back(
      int_field("smem.cycles_per_access", REF(smem.cycles_per_access), "cycles", "cycles per bank access (Volkov Table 2.5)", 1, 64, kReq));
  s.push_back(bool_field("smem.half_warp", REF(smem.half_warp), "accesses processed one half-warp at a time (G80, GT200)"));
  s.push_back(double_field("smem.measured_ops_per_cycle", REF(smem.measured_ops_per_cycle), "ops/cycle/SM",
                           "sustained rate where measured below the bank rate; 0 = bank rate", 0, 1e6, kOpt));
  s.push_back(int_field("smem.latency_cycles", REF(smem.latency_cycles), "cycles",
                        "register-dependency latency, no conflicts (Volkov Table 6.2)", 1, 1 << 20, kReq));
  s.push_back(int_field("smem.latency_to_alu_cycles", REF(smem.latency_to_alu_cycles), "cycles",
                        "latency when the consumer is a CUDA-core instruction; 0 = same", 0, 1 << 20, kOpt));
  s.push_back(int_field("smem.replay_latency_cycles", REF(smem.replay_latency_cycles), "cycles",
                        "added latency per extra bank-conflict pass (Volkov Table 6.2 smem2)", 0, 1 << 20, kReq));
  // --- load/store unit
  s.push_back(choice_field<CoalescingRule>("lsu.coalescing", REF(lsu.coalescing), "coalescing rules (Volkov §2.5)", kReq));
  s.push_back(choice_field<IssueUnit>(
      "lsu.issue_unit", REF(lsu.issue_unit),
      "what one LSU pass sends: transaction (Volkov Table 6.7) or line (every transaction of one 128-byte line; Maxwell, §4.3 stride-2)",
      kOpt));
  s.push_back(double_field("lsu.transaction_issue_cycles", REF(lsu.transaction_issue_cycles), "cycles",
                           "latency of each additional LSU issue pass (what a pass sends: lsu.issue_unit; Volkov Table 6.7)", 0, 1 << 20,
                           kReq));
  s.push_back(int_field("lsu.max_outstanding_loads_per_warp", REF(lsu.max_outstanding_loads_per_warp), "loads",
                        "loads in flight per warp before it stalls; 0 = unlimited (Listing 3.2)", 0, 1 << 20, kOpt));
  s.push_back(int_field("lsu.store_latency_cycles", REF(lsu.store_latency_cycles), "cycles",
                        "register-dependency latency of a store's issue", 1, 1 << 20, kOpt));
  s.push_back(int_field("lsu.mshrs", REF(lsu.mshrs), "transactions",
                        "memory transactions an SM can track at once (MSHRs, Volkov §7.7); 0 = not limited; analytical models only", 0,
                        1 << 20, kOpt));
  // --- memory
  s.push_back(choice_field<MemoryModelKind>("memory.model", REF(memory.model), "memory-system model", kOpt));
  s.push_back(int_field("memory.latency_cycles", REF(memory.latency_cycles), "cycles",
                        "unloaded latency of a streaming load (Volkov Table 6.2)", 1, 1 << 24, kReq));
  s.push_back(double_field("memory.peak_gbps", REF(memory.peak_gbps), "GB/s", "best sustained read throughput (Volkov Table 6.4)", 1e-3,
                           1e6, kReq));
  s.push_back(int_field(
      "memory.line_charge_bytes", REF(memory.line_charge_bytes), "bytes",
      "`fixed` and `servers` models: least bytes of the peak each 128-byte line an access touches costs (Volkov §6.7); 0 = bytes moved only",
      0, 1 << 20, kOpt));
  s.push_back(double_field("memory.pin_bandwidth_gbps", REF(memory.pin_bandwidth_gbps), "GB/s", "DRAM pin bandwidth (Volkov Table 2.7)",
                           1e-3, 1e6, kReq));
  s.push_back(int_field("memory.controllers", REF(memory.controllers), "", "memory controllers / channels (vendor spec)", 1, 4096, kReq));
  s.push_back(
      int_field("memory.bus_width_bits", REF(memory.bus_width_bits), "bits", "DRAM data bus width (vendor spec)", 1, 1 << 16, kReq));
  s.push_back(double_field("memory.memory_clock_mhz", REF(memory.memory_clock_mhz), "MHz",
                           "DRAM data clock = per-pin data rate / 2 (GDDR5: WCK); vendor spec", 1, 1e6, kReq));
  s.push_back(string_field("memory.dram_type", REF(memory.dram_type), "DRAM technology, e.g. GDDR5", kOpt));
  s.push_back(double_field("memory.contention_a_cycles", REF(memory.contention_a_cycles), "cycles",
                           "fitted latency model a (Volkov Table 6.5); analytical models only", 0, 1e9, kOpt));
  s.push_back(double_field("memory.contention_b_cycles", REF(memory.contention_b_cycles), "cycles",
                           "fitted latency model b (Volkov Table 6.5); analytical models and the `servers` memory model", 0, 1e9, kOpt));
  s.push_back(double_field("memory.contention_c_gbps", REF(memory.contention_c_gbps), "GB/s",
                           "fitted latency model c (Volkov Table 6.5); analytical models and the `servers` memory model", 0, 1e9, kOpt));
  add_dram_model_fields(s);
  s.push_back(int_field("memory.l2_bytes", REF(memory.l2_bytes), "bytes",
                        "L2 cache capacity (vendor spec); simulated when memory.l2.slices > 0; 0 = global loads not cached", 0, 1 << 30,
                        kOpt));
  add_cache_fields(s);
  s.push_back(double_field("memory.sm_port_gbps", REF(memory.sm_port_gbps), "GB/s",
                           "bandwidth of an SM's crossbar port (simgrid model); 0 = the pin bandwidth, never binding", 0, 1e6, kOpt));
  return s;
}
#undef REF

}  // namespace

const std::vector<FieldSpec>& hw_schema() {
  static const std::vector<FieldSpec> schema = build_schema();
  return schema;
}

const FieldSpec* find_field(const std::string& key) {
  for (const auto& f : hw_schema())
    if (f.key == key) return &f;
  return nullptr;
}

bool is_section(const std::string& key) {
  const std::string prefix = key + ".";
  return std::any_of(hw_schema().begin(), hw_schema().end(), [&](const FieldSpec& f) { return f.key.starts_with(prefix); });
}

std::string suggest_key(const std::string& key) {
  std::string best;
  size_t best_d = std::max<size_t>(3, key.size() / 4) + 1;
  for (const auto& f : hw_schema()) {
    // Compare with the key and with each of its sections.
    size_t d = edit_distance(key, f.key, best_d);
    if (d < best_d) best_d = d, best = f.key;
  }
  return best;
}

std::string expected_text(const FieldSpec& f) {
  auto range = [&](const char* what) {
    if (f.max == kNoMax || f.max >= 1e8) return fmt::format("{} >= {}", what, f.min);
    return fmt::format("{} in [{}, {}]", what, f.min, f.max);
  };
  switch (f.type) {
    case FieldType::Int:
      return range("integer");
    case FieldType::Double:
      return range("number");
    case FieldType::Bool:
      return "true or false";
    case FieldType::String:
      return "string";
    case FieldType::Choice:
      return "one of: " + join(f.choices, ", ");
  }
  return "";
}

}  // namespace warpsim::config
