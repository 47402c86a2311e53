#include "montecarlo/trial.h"

#include <algorithm>
#include <limits>

#include "common/bit_mix.h"

namespace warpsim::montecarlo {
namespace {

using trace::TraceEntry;

// A small, fast generator with a fixed algorithm (splitmix64), so that a seed gives the same
// orderings on every platform and library.
class Random {
 public:
  explicit Random(uint64_t seed) : state_(seed) {}
  uint64_t next() { return mix64(state_ += 0x9e3779b97f4a7c15ull); }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  // [0, 1)
  uint64_t below(uint64_t n) { return n ? next() % n : 0; }

 private:
  uint64_t state_;
};

struct SmQueue {  // what left an SM's L1 for the L2, in order, and the rounds it left in
  std::vector<LineRequest> requests;
  uint64_t first_round = 0, last_round = 0;
};

// Splits an entry's sectors (ascending) into line requests.
void line_requests(const trace::MemoryTrace& t, const TraceEntry& e, std::vector<LineRequest>& out) {
  out.clear();
  const bool store = t.statics[e.access].store;
  const uint64_t* s = t.sectors_of(e);
  for (uint16_t i = 0; i < e.sectors; ++i) {
    const uint64_t line = s[i] / (mem::cache::kLineBytes / trace::kSectorBytes);
    const auto bit = static_cast<uint8_t>(1u << (s[i] % mem::cache::kSectorsPerLine));
    if (!out.empty() && out.back().line == line)
      out.back().mask |= bit;
    else
      out.push_back({line, bit, store, e.access});
  }
}

class SmSchedule {
 public:
  SmSchedule(const trace::MemoryTrace& t, const SequenceIndex& index, const ScheduleDeviation& d, int sm, uint64_t seed)
      : t_(t), index_(index), deviation_(d), sm_(sm), random_(seed), per_block_(static_cast<uint64_t>(t.meta.warps_per_block)) {
    for (int64_t b = sm; b < t.meta.traced_blocks; b += t.meta.device_sms) blocks_.push_back(static_cast<uint64_t>(b));
  }

  // Runs the SM's warps to the end through its L1; appends what leaves the L1 to `out`.
  void run(CacheReplay& caches, SmQueue& out) {
    // The SM's snapshot starts at a random point (§3.2.1, Figure 1): its first wave starts late
    // by up to start_spread x the sequences of one of its warps, its blocks together.
    size_t started = 0;
    const uint32_t length = blocks_.empty() ? 0 : index_.sequences[blocks_.front() * per_block_];
    const uint64_t late = random_.below(static_cast<uint64_t>(deviation_.start_spread * length) + 1);
    for (; started < blocks_.size() && started < static_cast<size_t>(t_.meta.blocks_per_sm); ++started) start(blocks_[started], late);
    std::vector<LineRequest> lines, below;
    for (uint64_t round = 0; !warps_.empty(); ++round) {
      for (size_t i = 0; i < warps_.size(); ++i) {
        Warp& w = warps_[i];
        if (w.next == w.end || round < w.start || random_.unit() >= w.weight || epoch_of(w) > block_epoch(w.block)) continue;
        do {
          line_requests(t_, t_.entries[w.next], lines);
          for (const LineRequest& r : lines) {
            below.clear();
            caches.l1(sm_, r, below);
            for (const LineRequest& b : below) {
              if (out.requests.empty()) out.first_round = round;
              out.last_round = round;
              out.requests.push_back(b);
            }
          }
        } while (++w.next < w.end && (t_.entries[w.next].flags & trace::kSequenceStart) == 0);
      }
      // A block whose warps all ended leaves, and makes room for the SM's next block.
      std::vector<uint64_t> ended;
      for (const Warp& w : warps_)
        if (block_done(w.block) && std::find(ended.begin(), ended.end(), w.block) == ended.end()) ended.push_back(w.block);
      std::erase_if(warps_, [&](const Warp& w) { return std::find(ended.begin(), ended.end(), w.block) != ended.end(); });
      for (size_t k = 0; k < ended.size() && started < blocks_.size(); ++k) start(blocks_[started++], round + 1);
    }
  }

 private:
  struct Warp {
    uint64_t block = 0;
    uint64_t next = 0, end = 0;  // entries left
    uint64_t start = 0;          // first round it may issue in
    double weight = 1;
  };

  void start(uint64_t block, uint64_t first_round) {
    for (uint64_t w = block * per_block_; w < (block + 1) * per_block_; ++w)
      warps_.push_back({block, t_.warp_first[w], t_.warp_first[w + 1], first_round, 1 - deviation_.weight_spread * random_.unit()});
  }
  bool block_done(uint64_t block) const {
    return std::none_of(warps_.begin(), warps_.end(), [&](const Warp& w) { return w.block == block && w.next < w.end; });
  }
  static uint32_t kDone() { return std::numeric_limits<uint32_t>::max(); }
  uint32_t epoch_of(const Warp& w) const { return w.next < w.end ? t_.entries[w.next].epoch : kDone(); }
  // The barrier count the block's slowest warp has reached: no warp of the block goes past it.
  uint32_t block_epoch(uint64_t block) const {
    uint32_t least = kDone();
    for (const Warp& w : warps_)
      if (w.block == block) least = std::min(least, epoch_of(w));
    return least;
  }

  const trace::MemoryTrace& t_;
  const SequenceIndex& index_;
  const ScheduleDeviation deviation_;
  const int sm_;
  Random random_;
  const uint64_t per_block_;
  std::vector<uint64_t> blocks_;  // the SM's blocks, in the order it runs them
  std::vector<Warp> warps_;       // resident, in round-robin order
};

}  // namespace

SequenceIndex::SequenceIndex(const trace::MemoryTrace& t) : sequences(t.warps(), 0) {
  for (size_t w = 0; w < t.warps(); ++w)
    for (uint64_t i = t.warp_first[w]; i < t.warp_first[w + 1]; ++i) sequences[w] += (t.entries[i].flags & trace::kSequenceStart) ? 1 : 0;
}

uint64_t trial_seed(uint64_t seed, uint64_t trial) { return mix64(mix64(seed) ^ (trial + 1) * 0xd1b54a32d192ed03ull); }

CacheTally run_trial(const trace::MemoryTrace& t, const SequenceIndex& index, const config::HwConfig& cfg, const ScheduleDeviation& d,
                     uint64_t seed) {
  const int sms = t.meta.device_sms;
  CacheReplay caches(cfg, sms, t.statics.size());
  std::vector<SmQueue> queues(static_cast<size_t>(sms));
  for (int s = 0; s < sms; ++s)
    SmSchedule(t, index, d, s, mix64(seed ^ static_cast<uint64_t>(s) * 0x9e3779b97f4a7c15ull)).run(caches, queues[s]);
  // Inter-core: weighted random picking, each SM weighted by the requests it has left, so that the
  // SMs progress together on average while their relative order changes from trial to trial. An
  // SM whose first wave started late joins once the others have sent what its late rounds hold.
  Random random(mix64(seed ^ 0xa0761d6478bd642full));
  uint64_t total = 0, rounds = 1;
  for (const SmQueue& q : queues)
    if (!q.requests.empty()) {
      total += q.requests.size();
      rounds = std::max(rounds, q.last_round + 1);
    }
  const double per_round = static_cast<double>(total) / static_cast<double>(rounds);
  std::vector<size_t> head(static_cast<size_t>(sms), 0);
  std::vector<uint64_t> joins(static_cast<size_t>(sms), 0);
  for (int s = 0; s < sms; ++s)
    if (!queues[s].requests.empty()) joins[s] = static_cast<uint64_t>(static_cast<double>(queues[s].first_round) * per_round);
  // `clock`: requests sent so far, or the join point of the SMs left when only late ones remain.
  for (uint64_t sent = 0, clock = 0; sent < total;) {
    uint64_t weight = 0, next_join = std::numeric_limits<uint64_t>::max();
    for (int s = 0; s < sms; ++s) {
      if (head[s] == queues[s].requests.size()) continue;
      if (joins[s] <= clock)
        weight += queues[s].requests.size() - head[s];
      else
        next_join = std::min(next_join, joins[s]);
    }
    if (weight == 0) {  // only late SMs left: the earliest joins now
      clock = next_join;
      continue;
    }
    uint64_t pick = random.below(weight);
    int s = 0;
    for (;; ++s) {
      if (head[s] == queues[s].requests.size() || joins[s] > clock) continue;
      const uint64_t left = queues[s].requests.size() - head[s];
      if (pick < left) break;
      pick -= left;
    }
    caches.l2(queues[s].requests[head[s]++]);
    clock = std::max(clock, ++sent);
  }
  return caches.tally();
}

}  // namespace warpsim::montecarlo
