// One DRAM channel of the `queue` model as queues whose waits are known at arrival: banks busy
// for a row cycle per activation, a per-channel activate-rate server (tRRD, tFAW), the channel's
// data bus as a calendar, and periodic refresh. Requests are taken in arrival order, so serve() returns a request's data time at once: O(1), no ticking.
//
// Requests of independent warps land on banks at random; a bank is busy for a row cycle tRC (tens
// of ns, an order of magnitude longer than a burst), so banks queue like M/D/1 servers, while the
// data bus and the activate rate bound the peak (docs/memory-model.md, "`queue`").
//
// Activations are spaced at the channel's sustained activate rate where they happen: each takes
// the first free slot of the activate-rate calendar from when its bank is free (an ACT waiting
// for a busy bank holds no slot that another bank could use, and two ACTs are never closer than
// max(tRRD, tFAW / 4)). The data bus is a calendar of reserved intervals: a request's data takes the first
// free gap from when its bank can deliver it, so a request held up by its bank does not hold up
// the next request to another bank, and gaps left by earlier requests are filled (as an FR-FCFS
// controller reorders around a busy bank; Rixner et al. 2000), however far back. Optionally
// (ChannelTiming::window, off by default: evaluated and not kept) the reordering is bounded by
// the controller's queue: a request takes no gap while `window` earlier requests still wait.
// Serving the bus strictly in arrival order made saturation far too gradual; reserving it from
// the free-bank time, too sharp (docs/memory-model.md). A request to the row its bank has open,
// arriving before that row's precharge, is a row hit: no activation, only a column access
// (Ramulator's "Closed" page policy: the row closes as soon as tRAS and the last access allow).
// That holds too while a request to another row already waits for the bank (FR-FCFS serves a
// ready row hit before an older conflict; Rixner et al. 2000): a read that fits before the old
// row's precharge is served from it and delays nobody.
#pragma once

#include <cstdint>
#include <vector>

#include "mem/dram/dram_timing.h"
#include "mem/dram/share_geometry.h"
#include "mem/queue/interval_calendar.h"

namespace warpsim::mem::queue {

// Timings of one (possibly scaled, see QueueGeometry) channel, in ps.
struct ChannelTiming {
  uint64_t trcd = 0, tcl = 0, twl = 0, tras = 0, trp = 0, tccd = 0, trtp = 0, twr = 0;
  uint64_t burst = 0;        // data time of one burst on the pins
  uint64_t bus_slot = 0;     // bus reservation per burst: burst / rate share
  uint64_t act_spacing = 0;  // activate-rate server: max(tRRD, tFAW / 4) / rate share
  double bank_scale = 1.0;   // row-cycle occupancy multiplier (bank-count rounding of a share)
  uint32_t window = 0;       // FR-FCFS queue entries of the channel (QueueGeometry); 0: unbounded
  uint32_t bank_groups = 1;
  uint32_t group_slots = 1;  // bus slots from a burst to the next of its bank group: ceil(tCCD_L / burst)
  uint64_t trefi = 0, trfc = 0, refresh_offset = 0;
};

struct ChannelCounters {
  uint64_t activates = 0;
  uint64_t column_accesses = 0;  // bursts
  uint64_t row_hits = 0;         // requests served without an activation of their own
  uint64_t bus_busy_ps = 0;      // data bus time of every burst
};

class QueueChannel {
 public:
  QueueChannel(const ChannelTiming& t, int banks);
  // Serves a request arriving at `arrive` (ps, non-decreasing over calls); returns when its last
  // data beat is on the bus (ps).
  uint64_t serve(uint64_t arrive, uint64_t row, uint32_t bank, uint32_t bursts, bool write);
  const ChannelCounters& counters() const { return counters_; }
  // Summed over banks: the row cycle of every activation so far (the open ones as far as they go).
  uint64_t bank_busy_ps() const;
  // Earliest t' >= t such that a bank busy over [t', t' + busy) overlaps no refresh.
  uint64_t after_refresh(uint64_t t, uint64_t busy) const;

 private:
  static constexpr uint64_t kNoRow = ~uint64_t{0};
  static constexpr uint64_t kNotServed = ~uint64_t{0};
  struct Bank {
    uint64_t row = kNoRow;
    uint64_t act = 0;       // last activation
    uint64_t pre = 0;       // earliest precharge of the open row (it closes then)
    uint64_t free = 0;      // next activation allowed (row cycle, scaled)
    uint64_t next_col = 0;  // next column command allowed (tCCD)
    // The row this bank held before its pending activation: open until `prev_pre` (FR-FCFS).
    uint64_t prev_row = kNoRow;
    uint64_t prev_pre = 0;
    uint64_t prev_next_col = 0;
  };
  // A read of the bank's previous row that fits before that row closes (no pending activation
  // waits longer for it): its data end, or kNotServed when it does not fit.
  uint64_t serve_from_previous_row(Bank& b, uint64_t arrive, uint32_t bursts, uint32_t bank);
  uint64_t activate(Bank& b, uint64_t arrive, uint64_t row);
  // Where the bursts of a request go on the data bus from `ready` (their first free slots; where
  // tCCD_L exceeds a burst, also that far from any other burst of their bank group), reserved
  // when `commit`: the first burst's start and the last one's (data time).
  struct Placement {
    uint64_t first = 0, last = 0;
  };
  Placement place(uint64_t ready, uint32_t bursts, uint32_t bank, uint64_t arrive, bool commit);
  void reserve_burst(uint64_t start, uint32_t bank);  // one burst on the bus and in its bank group
  uint64_t window_floor() const;                      // earliest bus start the queue window allows the next request
  void remember_bus_start(uint64_t start);

  ChannelTiming t_;
  std::vector<Bank> banks_;
  IntervalCalendar bus_;                  // the data bus: one interval per request's bursts
  IntervalCalendar acts_;                 // activations, each holding the activate-rate server act_spacing long
  std::vector<IntervalCalendar> groups_;  // per bank group, where tCCD_L exceeds a burst: each burst group_slots long
  // Min-heap of the `window` latest bus starts of the requests served so far: its top is when the
  // queue last had room for one more request (ChannelTiming::window).
  std::vector<uint64_t> latest_starts_;
  mutable uint64_t cached_refresh_ = 0;  // start of the refresh interval of the last lookup
  ChannelCounters counters_;
  uint64_t closed_busy_ps_ = 0;  // row cycles of the activations no bank holds any more
};

// The share of the device's channels a run simulates (dram/share_geometry.h), and the FR-FCFS
// queue entries per channel: 0 = unbounded reordering (the model's rule; the bounded window,
// `memory.controller.queue_window: true`, was evaluated and not kept). Bounded:
// memory.controller.queue_depth (per channel, as `dram` reads it), times rate_share (a share's
// channel carries that many device channels' requests).
struct QueueGeometry : dram::ShareGeometry {
  int window = 0;
};
QueueGeometry queue_geometry(const config::HwConfig& cfg, int simulated_sms);
ChannelTiming channel_timing(const dram::DramTiming& t, const QueueGeometry& g, int channel);

}  // namespace warpsim::mem::queue
