// The memory system behind one interface. Models: `fixed` (constant latency + bandwidth cap, the
// seeds' basic model), `queue` (DRAM banks and channels as first-come queues: fast), `dram`
// (command-level DRAM channels with an FR-FCFS scheduler: detailed, slow), `simgrid`
// (transactions as flows over a SimGrid platform). All report per-transaction latency.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include "config/hw_config.h"
#include "mem/cache/cache_counters.h"
#include "mem/latency_recorder.h"

namespace warpsim::mem {

inline constexpr uint64_t kNever = std::numeric_limits<uint64_t>::max();

// DRAM activity counters of the models that have DRAM channels (`queue`, `dram`), over the
// channels the run simulates (a share's, with `--sms`).
struct DramCounters {
  bool valid = false;  // false: the model has no DRAM channels
  uint64_t activates = 0;
  uint64_t unused_activates = 0;  // of those, closed before any burst (a refresh or the write drain came between)
  uint64_t column_accesses = 0;   // bursts; those beyond the used activations found their row open
  // Bursts that found their row open over all bursts.
  double row_hit_rate() const {
    return column_accesses > 0 ? 1.0 - static_cast<double>(activates - unused_activates) / static_cast<double>(column_accesses) : 0;
  }
  // The activity since `earlier`, a snapshot of the same run's counters (a warm-up's end).
  DramCounters since(const DramCounters& earlier) const {
    DramCounters d = *this;
    d.activates -= earlier.activates;
    d.unused_activates -= earlier.unused_activates;
    d.column_accesses -= earlier.column_accesses;
    d.bytes -= earlier.bytes;
    d.bank_busy_ps -= earlier.bank_busy_ps;
    d.bus_busy_ps -= earlier.bus_busy_ps;
    return d;
  }
  uint64_t bytes = 0;         // moved on the DRAM pins
  uint64_t bank_busy_ps = 0;  // summed over banks: each row visit from ACT to PRE + tRP
  uint64_t bus_busy_ps = 0;   // summed over channels: the data bus time of every burst
  int banks = 0;              // in all the simulated channels
  int channels = 0;
  double device_share = 1.0;  // fraction of the device's traffic the counters cover
};

// One memory transaction leaving an SM's load/store unit (a coalesced segment).
struct Transaction {
  uint64_t address = 0;  // byte address of the segment, aligned to `bytes`
  uint32_t bytes = 32;   // 32, 64 or 128
  bool write = false;
  uint16_t sm = 0;                // issuing SM (index among the simulated SMs)
  uint32_t tag = 0;               // opaque to the memory system, returned on completion
  uint8_t line_transactions = 1;  // the access's transactions in this one's 128-byte line (`fixed`)
  bool last_of_access = true;     // the access's last transaction to be submitted (MemoryPort)
  uint16_t warp = 0;              // issuing warp's slot on its SM (the L2 partition a share's SM reads through)
};

struct Completion {
  uint64_t time = 0;  // cycle at which the data is back at the SM (reads) or the write is accepted
  uint32_t tag = 0;
  uint16_t sm = 0;
  uint32_t transactions = 1;  // how many of the access's transactions it completes (MemoryPort)
  bool from_cache = false;    // its data came from a cache (L1 or L2), none from the memory
};

// Contract: the device owns one MemorySystem per run and drives it from a single thread.
// - submit() is called at simulated cycle `now`, with `now` non-decreasing over all calls.
// - next_event_time() is the earliest cycle at which the model has work to do or a completion to
//   deliver (kNever if idle). The device calls advance(t) no later than that cycle.
// - advance(t, done) processes every internal event up to and including cycle t and appends each
//   transaction completing at or before t, in (time, submission order) order. It never calls
//   back into the SMs, and never allocates per transaction in steady state.
// - Same inputs and seed -> same completion times (determinism).
class MemorySystem {
 public:
  virtual ~MemorySystem() = default;
  virtual void submit(const Transaction& t, uint64_t now) = 0;
  virtual uint64_t next_event_time() const = 0;
  virtual void advance(uint64_t t, std::vector<Completion>& done) = 0;
  // Latency of every transaction (completion - submit), in cycles (none without
  // MemorySystemSpec::records_latencies).
  virtual const LatencyRecorder& transaction_latencies() const = 0;
  virtual const char* name() const = 0;
  virtual DramCounters dram_counters() const { return {}; }
  virtual CacheCounters cache_counters() const { return {}; }
  // The cycle by which every write so far is in DRAM, the writes of SMs a share only mirrors
  // included (0 where the simulated SMs' own store completions already say so). A kernel is done
  // once its writes have landed: a one-wave run is timed to it (device/collect.cpp).
  virtual uint64_t writes_landed_by() const { return 0; }

  // A model that knows a transaction's completion cycle when it is submitted, and has no events
  // of its own, may say so and return that cycle from submit_timed() instead of queueing it
  // (the latency is still recorded): the device then queues one completion per access
  // (mem/memory_port.h). Same completion times; submit_timed() is called only when this is true.
  virtual bool times_at_submit() const { return false; }
  virtual uint64_t submit_timed(const Transaction& t, uint64_t now);
};

// What a memory system is built for: the config, how many SMs are simulated (a run with fewer
// SMs than the device gets that fraction of the memory system, `--sms 1`), and the seed.
// A byte range [begin, end) of global memory.
struct AddressRange {
  uint64_t begin = 0;
  uint64_t end = 0;
};

struct MemorySystemSpec {
  MemorySystemSpec() = default;
  MemorySystemSpec(const config::HwConfig* c, int sms, uint64_t s, std::vector<AddressRange> shared = {})
      : config(c), simulated_sms(sms), seed(s), shared_arrays(std::move(shared)) {}

  const config::HwConfig* config = nullptr;
  int simulated_sms = 1;
  uint64_t seed = 1;
  // Arrays every SM reads all over (random accesses): a share's caches hold its share of their
  // lines (mem/cache/cached_memory.h). Empty: every array is each SM's own.
  std::vector<AddressRange> shared_arrays;
  // Bytes of shared memory the launch's resident blocks reserve on each SM: where the L1 and shared
  // memory are one array (memory.l1.unified_bytes), the L1 holds what they leave.
  int shared_memory_per_sm = 0;
  // False where nothing reads the model's transaction_latencies() (the model behind the caches:
  // CachedMemory records the latencies its requesters see), which then stays empty.
  bool records_latencies = true;
};

}  // namespace warpsim::mem
