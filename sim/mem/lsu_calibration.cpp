#include "mem/lsu_calibration.h"

#include <algorithm>
#include <cmath>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "common/bit_mix.h"
#include "common/user_error.h"
#include "config/schema.h"
#include "mem/access_probe.h"
#include "mem/coalescer.h"
#include "mem/memory_factory.h"
#include "mem/unloaded_latency.h"

namespace warpsim::mem {
namespace {

// Accesses averaged (Table 6.2 is a mean as well). A diverging access touches every channel, so
// a refresh in any of them (tRFC every tREFI) delays it: per access the excess varies by ~45
// cycles, and 512 samples give its mean to ~2 cycles.
constexpr int kSamples = 512;
constexpr uint64_t kArrayBytes = uint64_t{128} << 20;  // §6.7's array, as validation/cases/table_6_2.yaml
constexpr uint64_t kAddressSeed = 0x6b43a9b5u;         // fixed: the calibration is a property of the config
constexpr int kBisectionSteps = 10;                    // delta to table / 1024

bool has_dram_banks(const config::HwConfig& cfg) {
  // `servers` too: a diverging access's lines hold their servers 128 bytes each (its last one
  // waits s, a coalesced access's last sector s / 4) and meet each other on them.
  return cfg.memory.model == config::MemoryModelKind::Queue || cfg.memory.model == config::MemoryModelKind::Dram ||
         cfg.memory.model == config::MemoryModelKind::Servers;
}

// The calibration's accesses, made again from a fixed seed whenever they are needed (kept, the
// 2 x 512 of them would take ~440 KB: more heap than a one-SM run of 64 warps itself). Sample k
// is a coalesced access (32 consecutive words of a random line) or a fully diverging one (32
// threads at random 4-byte words).
enum class AccessKind { Coalesced, Diverging };

void sample_access(const config::LsuConfig& lsu, AccessKind kind, int k, std::vector<Segment>& out) {
  uint64_t state = kAddressSeed + static_cast<uint64_t>(k) * (1 + kWarpThreads);
  if (kind == AccessKind::Coalesced) {
    out = coalesced_access(lsu, mix64(state) % (kArrayBytes / kLineBytes) * kLineBytes);
    return;
  }
  ThreadAddresses a{};
  ++state;
  for (uint64_t& address : a) address = (mix64(state++) % (kArrayBytes / 4)) * 4;
  coalesce(lsu.coalescing, a, 0xFFFFFFFFu, 4, out, lsu.issue_unit);
}

int passes(const std::vector<Segment>& access) { return access.back().issue_step + 1; }

// Mean cycles from issue to the last completion of each access, issued one after another as a
// lone pointer-chasing warp does (§5.10, §6.7: access k at the completion of access k - 1), its
// transactions departing as the SM's LSU sends them (departure_offset_cycles).
double mean_chained_access_cycles(const config::HwConfig& cfg, AccessKind kind, double delta) {
  // The config's model on the whole device, its interconnect derived for this delta.
  config::HwConfig at_delta = cfg;
  at_delta.lsu.transaction_issue_cycles = delta;
  std::unique_ptr<MemorySystem> probe = make_memory_system(MemorySystemSpec{&at_delta, cfg.device.sms, 1});
  uint64_t issue = 0;
  std::vector<Segment> access;
  for (int k = 0; k < kSamples; ++k) {
    sample_access(cfg.lsu, kind, k, access);
    issue = last_completion(*probe, access, [&](const Segment& s) { return issue + departure_offset_cycles(s.issue_step, delta); });
  }
  return static_cast<double>(issue) / kSamples;
}

// Extra LSU passes of a diverging access over a coalesced one, on average.
int extra_passes(const config::LsuConfig& lsu) {
  double extra = 0;
  std::vector<Segment> coalesced, diverging;
  for (int k = 0; k < kSamples; ++k) {
    sample_access(lsu, AccessKind::Coalesced, k, coalesced);
    sample_access(lsu, AccessKind::Diverging, k, diverging);
    extra += passes(diverging) - passes(coalesced);
  }
  return static_cast<int>(std::lround(extra / kSamples));
}

double excess_cycles(const config::HwConfig& cfg, int extra, double delta) {
  return mean_chained_access_cycles(cfg, AccessKind::Diverging, delta) - mean_chained_access_cycles(cfg, AccessKind::Coalesced, delta) -
         extra * delta;
}

}  // namespace

double diverging_access_dram_excess_cycles(const config::HwConfig& cfg) {
  if (!has_dram_banks(cfg)) return 0;
  return excess_cycles(cfg, extra_passes(cfg.lsu), cfg.lsu.transaction_issue_cycles);
}

namespace {

double solve_net_increment(const config::HwConfig& cfg) {
  const double table = cfg.lsu.transaction_issue_cycles;
  const int extra = extra_passes(cfg.lsu);
  if (extra <= 0) return table;
  // Bisection on the total extra latency (rising with delta; the excess alone changes with it
  // through bank collisions and rounding, too unevenly for a fixed-point iteration).
  const auto total_minus_table = [&](double delta) { return extra * (delta - table) + excess_cycles(cfg, extra, delta); };
  double lo = 0, hi = table;
  // No positive excess to net out (the model gives diverging accesses nothing extra): the table.
  if (total_minus_table(hi) <= 0) return table;
  if (total_minus_table(lo) > 0) return lo;  // the excess alone exceeds the table's difference
  for (int step = 0; step < kBisectionSteps; ++step) {
    const double mid = (lo + hi) / 2;
    (total_minus_table(mid) < 0 ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

// Every field's value: configs that print alike calibrate alike.
std::string fingerprint(const config::HwConfig& cfg) {
  std::string key;
  for (const config::FieldSpec& f : config::hw_schema()) key += f.get(cfg) + '\n';
  return key;
}

}  // namespace

config::HwConfig with_lsu_passes_net_of_dram(const config::HwConfig& cfg) {
  config::HwConfig out = cfg;
  if (cfg.lsu.transaction_issue_cycles <= 0 || !has_dram_banks(cfg)) return out;
  // Tens of milliseconds per config, up to ~0.2 s (Fermi with its caches); sweeps and `validate`
  // run thousands of simulations of a few configs, from several threads: the first to need a
  // config solves it, the others wait for its answer.
  static std::mutex mutex;
  static std::map<std::string, std::shared_future<double>> solved;
  const std::string key = fingerprint(cfg);
  std::promise<double> mine;
  std::shared_future<double> answer;
  bool solve = false;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    auto [it, inserted] = solved.try_emplace(key);
    if (inserted) it->second = mine.get_future().share(), solve = true;
    answer = it->second;
  }
  if (solve) {
    try {
      mine.set_value(solve_net_increment(cfg));
    } catch (...) {
      mine.set_exception(std::current_exception());
    }
  }
  out.lsu.transaction_issue_cycles = answer.get();
  return out;
}

}  // namespace warpsim::mem
