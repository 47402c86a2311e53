// Caches in front of a memory model: an L1 per SM for global loads (where the GPU caches them
// there by default) and an L2 in slices, both of 128-byte lines in 32-byte sectors
// (sector_cache.h), with MSHRs that merge misses to a line and stall their level when full
// (Volkov 2016 §7.7), and a data port per slice that bounds L2 bandwidth. Misses go to the model
// below (`dram` by default), which times them as before: its fixed latency is shortened by the
// SM -> slice trip already spent, so an unloaded miss costs memory.latency_cycles as without caches.
//
// Timing, unloaded: an L1 hit takes l1.hit_latency_cycles from submission; an L2 hit
// l2.hit_latency_cycles (half of it to reach the slice, half back); a miss the memory's latency.
// A share of the device (`--sms`) gets its share of the L2 as of the DRAM: of its slices, ports,
// MSHRs and capacity. That is right for data each SM owns. An array every SM reads all over
// (MemorySystemSpec::shared_arrays) is folded onto its share of lines too: line i is held as line
// i mod (its lines x the share), so that each line the share holds sees as many accesses as one
// of the device's does (the other SMs' reads of it included), and it hits and warms as there.
//
// Partitions (A100, H100): the slices split into `l2.partitions` groups, each line homed in one (its
// memory controllers sit behind it). An SM reads through its own partition, which keeps copies of
// the lines it reads whatever their home; a read missing there for a line homed elsewhere crosses
// to the home partition (l2.far_hit_cycles more), which serves it or fetches it from the memory.
// So one SM's data up to a partition's capacity hit at the near latency, and a working set every
// SM reads all over is held once per partition (a pointer chase: 213 cycles to 18 MB, ~425 to 40
// MB on an A100 of 2 x 20 MB; te42kyfo/gpu-benches). Stores go to the line's home slice. The SMs of
// the device alternate over the partitions; a share of fewer SMs than partitions stands for SMs
// of each: its warps alternate.
//
// Writes: the L2 is write-back and write-allocate (Baghsorkhi 2012 §3, measured on Fermi): a store
// completes at the slice, and a dirty line evicted holds an MSHR until the memory below has it. A
// store through the L1 evicts the line (Fermi, PTX st.wb) or updates its sectors (l1.stores_update).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <queue>
#include <vector>

#include "mem/cache/sector_cache.h"
#include "mem/completion_queue.h"
#include "mem/dram/channel_min_tree.h"
#include "mem/dram/ring_buffer.h"
#include "mem/memory_system.h"

namespace warpsim::mem::cache {

// Whether `cfg` puts any cache in front of its memory model.
bool has_caches(const config::HwConfig& cfg);

// Builds the uncached model behind the caches (the factory, mem/memory_factory.h, passes itself).
using MemoryBuilder = std::function<std::unique_ptr<MemorySystem>(const MemorySystemSpec&)>;

class CachedMemory final : public MemorySystem {
 public:
  CachedMemory(const MemorySystemSpec& spec, const MemoryBuilder& build_uncached);

  void submit(const Transaction& t, uint64_t now) override;
  uint64_t next_event_time() const override;
  void advance(uint64_t t, std::vector<Completion>& done) override;
  const LatencyRecorder& transaction_latencies() const override { return latencies_; }
  const char* name() const override { return below_->name(); }
  DramCounters dram_counters() const override { return below_->dram_counters(); }
  CacheCounters cache_counters() const override { return counters_; }
  uint64_t writes_landed_by() const override { return below_->writes_landed_by(); }

 private:
  static constexpr uint32_t kNone = ~uint32_t{0};

  struct Request {  // an SM's access to one line, or an L1 miss sent to the L2
    uint64_t line = 0;
    uint64_t l2_line = 0;  // the line the L2 holds it as (l2_line_of)
    uint64_t submit = 0;   // cycle the SM submitted it
    uint64_t ready = 0;    // when a hit at the level it waits in delivers
    uint32_t tag = 0;
    uint32_t transactions = 1;
    uint32_t next = kNone;       // next waiter of the same MSHR
    uint32_t l1_mshr = kNone;    // an L1 miss: the L1 MSHR its data fill
    uint32_t near_mshr = kNone;  // a read the near partition sends to the line's home: the MSHR it fills
    uint16_t sm = 0;
    uint8_t partition = 0;  // the partition the SM reads through
    uint8_t mask = 0;       // sectors
    bool write = false;
    bool from_cache = false;  // served by a hit (here or, for an L1 miss, at the L2)
  };
  struct Mshr {  // a line with data outstanding, or (L2) a dirty line being written back
    uint64_t line = 0;
    uint32_t first = kNone, last = kNone;  // waiting requests
    uint32_t waiters = 0;
    uint32_t outstanding = 0;  // transactions (L2) or requests (L1) sent below, not yet back
    uint32_t owner = 0;        // slice (L2) or SM (L1)
    uint8_t pending = 0;
    uint32_t way = 0;  // the way its fetch started on (SectorCache::index_of)
    bool writeback = false;
    bool from_cache = true;  // every request it sent was served by a cache (L1: the L2; L2: the home partition)
  };
  enum class EventKind : uint8_t { BelowDone, L1Fill };
  struct Event {
    uint64_t time = 0;
    uint64_t seq = 0;
    EventKind kind = EventKind::BelowDone;
    uint32_t id = 0;     // MSHR (BelowDone) or the L2 request whose data reached the L1 (L1Fill)
    uint32_t count = 0;  // BelowDone: transactions completed
    bool operator>(const Event& o) const { return time != o.time ? time > o.time : seq > o.seq; }
  };
  struct Level {  // one L1 or one L2 slice
    SectorCache tags;
    uint32_t mshrs_in_use = 0;
    dram::RingBuffer<uint32_t> waiting;  // requests in arrival order (L2: arrived; L1: stalled)
    // L2: other partitions' requests for lines this one homes, served first and never held for an
    // MSHR (one that finds none goes to the memory without allocating), so that two partitions
    // waiting on each other's MSHRs cannot deadlock.
    dram::RingBuffer<uint32_t> far_waiting;
    double port_free = 0;   // when the data port is next free (cycles): L2 slice; L1 to the SM
    double share_free = 0;  // L2 slice of a share: when its share of the port's time is next free
    bool blocked = false;   // L2: the head waits for an MSHR or a free way
  };

  uint32_t new_request(const Request& r);
  uint32_t new_mshr(const Mshr& m);
  void schedule(uint64_t time, EventKind kind, uint32_t id, uint32_t count = 0);
  void deliver(uint32_t request, uint64_t time);  // the request's data are back where it came from
  void add_waiter(Mshr& m, uint32_t request);
  void release_waiters(uint32_t mshr, uint64_t time, bool from_cache, int l1_sm = -1);
  // The cycle at which `sectors` sectors of SM `sm`'s L1 reach its registers, read at `at` (the
  // L1's data path, l1.bytes_per_cycle; `at` itself when unbounded). Calls in time order.
  uint64_t l1_port(int sm, uint64_t at, int sectors);
  int port_sectors(uint8_t mask) const;  // L2 port time of a request for `mask`, in sectors (l2.access_bytes)

  void submit_access(uint32_t request, uint64_t now);
  bool l1_lookup(uint32_t request, uint64_t now);
  void l1_drain(int sm, uint64_t now);
  void send_to_l2(uint32_t request, uint64_t now);
  bool l2_lookup(Level& slice, uint32_t slice_index, uint32_t request, uint64_t now);
  // A near partition's miss of `sectors` of request's line: to its home partition or to the memory.
  void fetch(uint32_t mshr, uint32_t slice_index, const Request& r, uint8_t sectors, uint64_t now);
  void fetch_below(uint32_t mshr, uint64_t line, uint8_t sectors, bool write, uint16_t sm, uint64_t now);
  void fetch_past_home(uint32_t request, uint64_t now);  // a home lookup with no MSHR to take: to the memory for the near slice
  void below_done(uint32_t mshr, uint32_t count, uint64_t time);
  void l1_filled(uint32_t l2_request, uint64_t time);
  void service_slice(uint32_t slice, uint64_t now);
  void refresh_slice(uint32_t slice);
  uint32_t slice_of(const Request& r) const;  // the slice a request arriving at the L2 looks its line up in
  uint64_t l2_line_of(uint64_t line) const;
  void process_until(uint64_t t);

  config::HwConfig below_config_;  // the config the model below is built from (kept alive for it)
  std::unique_ptr<MemorySystem> below_;
  const bool below_timed_;
  const config::HwConfig& cfg_;
  uint64_t request_cycles_ = 0;  // SM -> slice
  uint64_t far_cycles_ = 0;      // near slice -> home slice and, with the data, back (l2.far_hit_cycles)
  uint32_t partitions_ = 1, partition_slices_ = 1;
  bool sms_per_partition_ = true;  // the simulated SMs cover every partition (else their warps alternate)
  uint64_t l2_return_cycles_ = 0;  // slice -> SM on a hit
  // A slice's port moves a request's sectors at the device slice's rate (burst_cycles_per_sector_)
  // and keeps the share's long-run rate (port_cycles_per_sector_), running ahead of it by up to
  // share_burst_cycles_ (see the constructor). The whole device: one rate, no burst.
  double port_cycles_per_sector_ = 0, burst_cycles_per_sector_ = 0, share_burst_cycles_ = 0;
  int access_sectors_ = 1;  // sectors one access of the slice's array moves (l2.access_bytes / 32)
  uint32_t l2_mshrs_ = 0, l1_mshrs_ = 0;
  bool has_l1_ = false, has_l2_ = false;
  bool streams_past_full_sets_ = false;  // a unified L1: a miss whose set has no free way bypasses it

  std::vector<Level> l1_;      // per simulated SM
  std::vector<Level> slices_;  // L2
  struct FoldedArray {         // an array all SMs read, as a share's L2 holds it: its share of the lines
    uint64_t first_line = 0;
    uint64_t lines = 0;
    uint64_t kept = 0;
  };
  std::vector<FoldedArray> folded_;
  dram::ChannelMinTree slice_ready_;
  std::vector<Request> requests_;
  std::vector<uint32_t> free_requests_;
  std::vector<Mshr> mshrs_;
  std::vector<uint32_t> free_mshrs_;
  std::priority_queue<Event, std::vector<Event>, std::greater<>> events_;
  struct Arrival {
    uint64_t time = 0;
    uint32_t request = 0;
  };
  // Requests on their way to a slice: each leaves at the cycle being processed and takes the same
  // trip, so they arrive in the order they left (a FIFO, no heap).
  dram::RingBuffer<Arrival> arrivals_;
  dram::RingBuffer<Arrival> far_arrivals_;  // near partition -> home partition, each the same trip
  uint32_t open_ = kNone;                   // the last access submitted, still gathering its sectors of one line
  uint64_t open_time_ = 0;
  std::vector<Completion> below_done_;
  uint64_t below_next_ = kNever;  // the model below's next_event_time(), kept as it changes (ours alone change it)
  CompletionQueue responses_;
  LatencyRecorder latencies_;
  CacheCounters counters_;
  uint64_t seq_ = 0;
};

}  // namespace warpsim::mem::cache
