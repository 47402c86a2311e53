// One DRAM channel: banks with row buffers, the datasheet timing constraints between commands,
// refresh (postponed while requests wait, up to the 8 intervals JEDEC allows, and caught up when
// the channel idles: Stuecheli et al. MICRO 2010), and an FR-FCFS scheduler (Rixner et al. ISCA 2000: row hits first, then oldest) over
// a bounded window of queued reads, with writes buffered and drained in batches.
// Command-level and event-driven: each step issues the one command (ACT, PRE, READ, WRITE) that
// can go earliest, so idle time costs nothing.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "mem/dram/dram_timing.h"
#include "mem/dram/ring_buffer.h"
#include "mem/memory_system.h"

namespace warpsim::mem::dram {

enum class PagePolicy : uint8_t {
  Open,   // a row stays open until another row of its bank is needed (or refresh)
  Close,  // a row is closed after an access when no queued request hits it (Ramulator "Closed")
};

struct ChannelRequest {
  uint64_t arrive = 0;  // ps, at the controller
  uint64_t seq = 0;     // arrival order (age for FCFS)
  uint64_t row = 0;
  uint32_t bank = 0;
  uint32_t slot = 0;          // the owner's handle, returned when done
  uint16_t bursts = 1;        // column commands still to issue
  uint16_t transactions = 1;  // the SM's transactions it serves (the windows count these)
  bool write = false;
};

struct ChannelDone {
  uint64_t data_end = 0;  // ps: last data beat on the bus
  uint32_t slot = 0;
  bool write = false;
};

// A write taken into the controller's write buffer (its window of write_queue_depth): the
// requester's buffer may let it go then (DramMemory completes writes at this point).
struct AcceptedWrite {
  uint64_t at = 0;  // ps
  uint32_t slot = 0;
};

struct ChannelStats {
  uint64_t activates = 0, precharges = 0, reads = 0, writes = 0, refreshes = 0;
  // Activations whose row closed before any burst: a refresh, or the switch to draining writes,
  // came between the ACT and its column command.
  uint64_t unused_activates = 0;
  uint64_t bank_busy_ps = 0;  // summed over banks: ACT to PRE + tRP of every row visit (refresh not counted)
  uint64_t bus_busy_ps = 0;   // data bus time of every burst
};

class DramChannel {
 public:
  DramChannel(const DramTiming& t, PagePolicy policy, int queue_depth, int write_queue_depth, uint64_t refresh_offset);
  void enqueue(const ChannelRequest& r);
  // Time (ps) of the next command, kNever if nothing waits. Valid until the next enqueue/issue.
  uint64_t next_command_time() const { return next_.time; }
  // Issues the command of next_command_time(); requests whose last burst went are put in `done`.
  void issue(std::vector<ChannelDone>& done);
  const ChannelStats& stats() const { return stats_; }
  // Writes taken into the write buffer since the owner last cleared this list (by enqueue or,
  // from the waiting line, by issue), in order.
  std::vector<AcceptedWrite>& accepted_writes() { return accepted_; }
  size_t queued() const { return reads_in_window_ + overflow_.size() + writes(); }
  static constexpr int kMaxPostponedRefreshes = 8;  // JEDEC DDR3/GDDR5

 private:
  enum class Cmd : uint8_t { Cas, Act, Pre };
  struct Bank {
    uint64_t open_row = kClosed;
    uint64_t act_ok = 0, pre_ok = 0, cas_ok = 0;
    uint64_t act_at = 0;  // the open row's ACT
    bool bursts = true;   // a column command has gone to the open row since its ACT
  };
  // Per bank, the requests of the scheduler's windows (pool indices, oldest first).
  struct BankQueue {
    std::vector<uint32_t> reads, writes;
  };
  // Per bank, the one command FR-FCFS would give it next, with the part of its time that only the
  // bank sets. The oldest hit dominates the bank's other hits (same constraints, earlier arrival),
  // the oldest request its other ACT or PRE candidates: so the channel's choice is the best over
  // banks, as over every request, at a cost of one pass over the banks per command. Kept apart
  // from the queues, small, for that pass.
  struct BankChoice {
    uint64_t bank_time = 0;  // max(the bank's own constraint, the request's arrival)
    uint64_t seq = 0;        // the request's arrival order
    uint64_t tiebreak = 0;   // the FR-FCFS order among commands that can go at one time (order_key)
    uint32_t request = 0;    // pool index of the request the command serves
    uint32_t group = 0;      // the bank's group (low bank bits)
    uint32_t rank = 0;       // the group's rank (its low bits): the activate window it counts in
    Cmd cmd = Cmd::Cas;
    uint8_t floor = 0;  // the Floors entry its command waits for
    bool valid = false;
  };
  static constexpr size_t kMaxRanks = 4;    // config::DramConfig::ranks
  static constexpr size_t kMaxGroups = 64;  // config::DramConfig::bank_groups
  // What the channel's state sets for the next command, whatever its bank: a precharge (as any
  // command, kPreFloor); an activation in rank r, which also waits for that rank's window
  // (kActFloor + r); a column command in bank group g, which also waits tCCD_L after the group's
  // last (kCasFloor + g). So a bank's command waits for one entry, its choice's `floor`.
  static constexpr uint8_t kPreFloor = 0, kActFloor = 1, kCasFloor = kActFloor + kMaxRanks;
  struct Floors {
    std::array<uint64_t, kCasFloor + kMaxGroups> at;  // only the channel's ranks and groups are set
  };
  // One rank's activations: the next waits tRRD after the last and tFAW after the fourth last.
  // The window bounds the activation current of the rank's dies (Ramulator 2.0's HBM3 model, after
  // JESD238A, keeps one per stack ID; every config here keeps one per channel).
  struct ActWindow {
    std::array<uint64_t, 4> times{};
    uint64_t last = 0;
    uint64_t count = 0;
    size_t pos = 0;
  };
  struct Choice {
    uint64_t time = ~uint64_t{0};
    Cmd cmd = Cmd::Cas;
    uint64_t seq = ~uint64_t{0};
    int bank = -1;
  };
  static constexpr uint64_t kClosed = ~uint64_t{0};

  void reschedule();
  void update_drain_state();
  void refresh_choice(uint32_t bank);
  void refresh_all_choices();
  void choose();
  Floors floors() const;
  void consider(uint32_t bank, const Floors& f);                      // the bank's command instead of next_ if it is better
  uint64_t command_time(const BankChoice& q, const Floors& f) const;  // when the bank's command can go
  using OrderKey = unsigned __int128;
  static OrderKey order_key(uint64_t time, Cmd cmd, uint64_t seq);  // FR-FCFS order: the smaller goes first
  // order_key's low half: at equal times column commands (row hits) first, then the oldest.
  static uint64_t tiebreak(Cmd cmd, uint64_t seq) { return uint64_t{cmd != Cmd::Cas} << 63 | seq; }
  void refresh_at(uint64_t t);             // precharge all, REFRESH, from `t` on
  void close_row(Bank& b, uint64_t pre);   // PRE at `pre`: the bank is free tRP later
  void settle_idle_refreshes(uint64_t t);  // refreshes owed or due while idle, before `t`
  void issue_cas(ChannelRequest& r, uint64_t t, std::vector<ChannelDone>& done);
  bool row_wanted(uint32_t bank, uint64_t row) const;
  void admit(const ChannelRequest& r, uint64_t at);  // into the window of its kind, at `at` (ps)
  std::vector<uint32_t>& active(BankQueue& q) { return draining_ ? q.writes : q.reads; }
  size_t writes() const { return writes_in_window_ + write_overflow_.size(); }  // buffered and waiting

  DramTiming t_;
  PagePolicy policy_;
  size_t depth_;
  size_t write_depth_;
  std::vector<Bank> banks_;
  std::vector<BankQueue> queues_;      // per bank
  std::vector<BankChoice> choices_;    // per bank
  std::vector<uint64_t> with_choice_;  // bit per bank: has_choice (choose() visits only those)
  std::vector<ChannelRequest> pool_;
  std::vector<uint32_t> free_;
  size_t reads_in_window_ = 0, writes_in_window_ = 0;
  std::vector<uint64_t> group_cas_ok_;
  std::array<ActWindow, kMaxRanks> acts_{};  // per rank
  uint64_t cmd_free_ = 0;
  uint64_t now_ = 0;                           // the latest event the channel has seen: no command goes before it
  uint64_t read_ok_ = 0, write_ok_ = 0;        // next READ / WRITE (tCCD, turnarounds)
  uint64_t next_refresh_ = 0;                  // when the next refresh interval is due
  int owed_refreshes_ = 0;                     // postponed while requests waited
  uint64_t idle_since_ = 0;                    // the queues have been empty since then (kNever: busy)
  bool draining_ = false;                      // serving the write buffer
  RingBuffer<ChannelRequest> overflow_;        // reads waiting for a window slot
  RingBuffer<ChannelRequest> write_overflow_;  // writes waiting for a buffer slot
  Choice next_;
  ChannelStats stats_;
  std::vector<AcceptedWrite> accepted_;
};

}  // namespace warpsim::mem::dram
