// `servers`: the contention of Volkov 2016 §6.4 (Table 6.5) as K equal FIFO servers, each
// 128-byte line on one of them by a hash of its address, held s per 128 bytes; the rest of
// Table 6.2's latency is a fixed delay (mem/unloaded_latency.h), and every transaction also passes
// Table 6.4's peak as `fixed`'s one server (mem/peak_limit.h). K and s come from Table 6.5 alone:
// K x 128 B / s is its asymptote c and an M/D/1 server's wait gives b = s / 2, so K = 2 b c / 128 B.
// A what-if and teaching model, phenomenological in its inputs; the datasheet models are `queue`
// and `dram`. A share of the device (`--sms n`) either replays each transaction N / n - 1 times at
// other lines, or keeps round(K n / N) servers with s scaled (kMinCopiesToScale, kMinOwnServers).
// The derivation, the shares and their measured accuracy: docs/memory-model-servers.md.
#pragma once

#include <cstdint>
#include <vector>

#include "mem/completion_queue.h"
#include "mem/line_charge.h"
#include "mem/memory_system.h"
#include "mem/peak_limit.h"

namespace warpsim::mem::servers {

// K and s of a config (Table 6.5's b and c at the core clock); a UserError naming the key when
// either is missing or they give no server.
struct ServerGeometry {
  int count = 1;                   // K
  double line_service_cycles = 0;  // s: cycles one server takes per 128 bytes
};
ServerGeometry server_geometry(const config::HwConfig& cfg);

class ServersMemory final : public MemorySystem {
 public:
  explicit ServersMemory(const MemorySystemSpec& spec);
  // With a given fixed delay and no stand-ins for missing SMs: the probe that derives the delay.
  ServersMemory(const MemorySystemSpec& spec, double fixed_delay_cycles);

  void submit(const Transaction& t, uint64_t now) override;
  bool times_at_submit() const override { return true; }
  uint64_t submit_timed(const Transaction& t, uint64_t now) override;
  uint64_t next_event_time() const override { return pending_.empty() ? kNever : pending_.next_time(); }
  void advance(uint64_t t, std::vector<Completion>& done) override { pending_.pop_until(t, done); }
  const LatencyRecorder& transaction_latencies() const override { return latencies_; }
  const char* name() const override { return "servers"; }

 private:
  // The other SMs' copies of one transaction, served in order of arrival: one heap entry per
  // transaction, not per copy (a one-SM share of N SMs has N - 1 copies of every
  // transaction of the last unloaded latency in flight). The copies' offsets are `count`
  // independent uniform draws in the window, generated in increasing order (order statistics:
  // the least of r uniforms on [a, end) is end - (end - a) V^(1/r), V uniform), so the next one
  // is computed when the last one is served.
  struct CopyStream {
    double arrive = 0;      // the next copy's arrival
    double window_end = 0;  // the transaction's arrival + one unloaded latency
    uint64_t line = 0;      // the transaction's line: copy k goes to another line, line + k x salt
    uint32_t seq = 0;       // low bits of the transaction's submission order: the heap spans far fewer than 2^31
    // 32 bytes in all: copies number device.sms / simulated SMs - 1 < 1024 (schema), charges < 256.
    uint32_t next : 12 = 1;   // the next copy's index k, 1-based
    uint32_t count : 12 = 0;  // copies in all
    uint32_t charge : 8 = 0;  // index into charges_
  };
  static_assert(sizeof(CopyStream) == 32);
  static constexpr uint32_t kMaxCopies = (1u << 12) - 1;
  // A share that would replay each transaction this many times, and has this many servers of its own, uses no copies (header).
  static constexpr double kMinCopiesToScale = 16;
  static constexpr double kMinOwnServers = 16;
  // The heap's order: a stream whose next copy arrives later (then submitted later) sinks.
  static bool later(const CopyStream& a, const CopyStream& b) {
    return a.arrive != b.arrive ? a.arrive > b.arrive : static_cast<int32_t>(a.seq - b.seq) > 0;
  }
  struct Later {
    bool operator()(const CopyStream& a, const CopyStream& b) const { return later(a, b); }
  };
  // Moves the stream to its next copy: its arrival after the one just served.
  static void advance_stream(CopyStream& c);
  void sift_down_top();                   // restores the heap after the top stream moved to a later copy
  uint32_t charge_index(double charged);  // charged's index in charges_ (added when new)
  void init(const MemorySystemSpec& spec, double fixed_delay_cycles, bool stand_ins);
  // The FIFO server: the end of service of `charged` bytes that passed the limit at `passed`.
  double serve(uint32_t server, double passed, double charged);
  void serve_copies_until(double arrive, uint64_t seq);
  void push_copies(uint64_t line, double arrive, double charged, uint64_t seq);  // seq: the transaction's
  uint32_t server_of(uint64_t line) const;

  ServerGeometry geometry_;
  LineCharge line_charge_;             // memory.line_charge_bytes, as `fixed` (Volkov §6.7)
  double request_delay_ = 0;           // cycles to the server
  double response_delay_ = 0;          // cycles back to the SM
  double copies_per_transaction_ = 0;  // N / n - 1 on a share, 0 on the device
  double copy_window_cycles_ = 0;      // copies arrive within one unloaded latency
  PeakLimit own_limit_;                // n / N of Table 6.4's peak: this run's SMs
  PeakLimit stand_in_limit_;           // the rest, for the copies (none on the device)
  std::vector<double> free_at_;        // per server: when its queue is empty, cycles
  std::vector<CopyStream> copies_;     // a min-heap on (next arrival, seq)
  std::vector<double> charges_;        // the distinct charged bytes of copies (at most a few)
  uint64_t seq_ = 0;
  CompletionQueue pending_;
  LatencyRecorder latencies_;
};

}  // namespace warpsim::mem::servers
