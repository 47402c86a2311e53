#include "mem/servers/servers_memory.h"

#include <algorithm>
#include <cmath>

#include "common/bit_mix.h"
#include "common/user_error.h"
#include "mem/access_probe.h"
#include "mem/fixed_memory.h"

namespace warpsim::mem::servers {
namespace {

constexpr double kLineBytes = 128;  // one coalesced warp access (§6.3); Table 6.5's unit of visit
constexpr uint64_t kCopySalt = 0x9E3779B97F4A7C15ull;

double unit_draw(uint64_t x) { return static_cast<double>(mix64(x) >> 11) * 0x1.0p-53; }  // [0, 1)

// The memory part of an unloaded coalesced access on an idle device with no fixed delay.
uint64_t probe_memory_cycles(const MemorySystemSpec& spec) {
  ServersMemory probe(MemorySystemSpec{spec.config, spec.config->device.sms, spec.seed}, 0.0);
  return unloaded_coalesced_tail_cycles(probe, spec.config->lsu);
}

}  // namespace

ServerGeometry server_geometry(const config::HwConfig& cfg) {
  const double b = cfg.memory.contention_b_cycles;
  const double c = cfg.memory.contention_c_gbps;
  if (c <= 0) throw UserError(cfg.diagnostic("memory.contention_c_gbps", "the `servers` memory model needs Table 6.5's c (> 0 GB/s)"));
  if (b <= 0) throw UserError(cfg.diagnostic("memory.contention_b_cycles", "the `servers` memory model needs Table 6.5's b (> 0 cycles)"));
  const double bytes_per_cycle = c / cfg.device.core_clock_ghz;
  // b = s / 2 and c = K x 128 B / s (header): K = 2 b c / 128 B, rounded; s keeps c exact.
  const long k = std::lround(2.0 * b * bytes_per_cycle / kLineBytes);
  if (k < 1) throw UserError(cfg.diagnostic("memory.contention_b_cycles", "Table 6.5's b and c give no server (2 b c < 64 bytes)"));
  ServerGeometry g;
  g.count = static_cast<int>(std::min<long>(k, 1 << 20));
  g.line_service_cycles = g.count * kLineBytes / bytes_per_cycle;
  return g;
}

ServersMemory::ServersMemory(const MemorySystemSpec& spec) {
  const config::HwConfig& cfg = *spec.config;
  // Derived, not a free parameter: Table 6.2's latency less what the servers take unloaded.
  const double delay = static_cast<double>(interconnect_ps_for(cfg, probe_memory_cycles(spec))) * cfg.device.core_clock_ghz / 1000.0;
  init(spec, delay, true);
}

ServersMemory::ServersMemory(const MemorySystemSpec& spec, double fixed_delay_cycles) { init(spec, fixed_delay_cycles, false); }

void ServersMemory::init(const MemorySystemSpec& spec, double fixed_delay_cycles, bool stand_ins) {
  const config::HwConfig& cfg = *spec.config;
  geometry_ = server_geometry(cfg);
  line_charge_ = cfg.memory.line_charge_bytes;
  request_delay_ = fixed_delay_cycles / 2;
  response_delay_ = fixed_delay_cycles - request_delay_;
  if (stand_ins && spec.simulated_sms < cfg.device.sms)
    copies_per_transaction_ = static_cast<double>(cfg.device.sms) / spec.simulated_sms - 1.0;
  copy_window_cycles_ = cfg.memory.latency_cycles;
  const double peak = cfg.memory.peak_gbps / cfg.device.core_clock_ghz;
  const double share = stand_ins ? static_cast<double>(spec.simulated_sms) / cfg.device.sms : 1.0;
  own_limit_ = PeakLimit(peak * share);
  if (share < 1) stand_in_limit_ = PeakLimit(peak * (1 - share));
  free_at_.assign(static_cast<size_t>(geometry_.count), 0.0);
}

uint32_t ServersMemory::server_of(uint64_t line) const {
  return static_cast<uint32_t>(mix64(line) % static_cast<uint64_t>(geometry_.count));
}

double ServersMemory::serve(uint32_t server, double passed, double charged) {
  // Arrivals are served in time order and pass their limit in that order; a server may see a
  // later pass before an earlier one from the other limit by less than a warp access's time,
  // which FIFO by max() serves in the order of service.
  double& free = free_at_[server];
  free = std::max(free, passed) + geometry_.line_service_cycles * charged / kLineBytes;
  return free;
}

void ServersMemory::serve_copies_until(double arrive, uint64_t seq) {
  while (!copies_.empty() && !later(copies_.front(), Copy{arrive, static_cast<uint32_t>(seq), 0})) {
    std::pop_heap(copies_.begin(), copies_.end(), later);
    const Copy& c = copies_.back();
    const double charged = charges_[c.server_charge & 0xFF];
    serve(c.server_charge >> 8, stand_in_limit_.pass(c.arrive, charged), charged);
    copies_.pop_back();
  }
}

uint32_t ServersMemory::charge_index(double charged) {
  const auto it = std::find(charges_.begin(), charges_.end(), charged);
  if (it != charges_.end()) return static_cast<uint32_t>(it - charges_.begin());
  // Charges are max(32/64/128 bytes, line_charge / 1..32 transactions): fewer than 256.
  WARPSIM_ASSERT(charges_.size() < 256, "servers: more than 256 distinct transaction charges");
  charges_.push_back(charged);
  return static_cast<uint32_t>(charges_.size() - 1);
}

void ServersMemory::push_copies(uint64_t line, double arrive, double charged) {
  // Per line, so that the copies of an access's transactions in one line stay together: the same
  // number, the same other line, the same offset.
  const auto whole = static_cast<uint64_t>(copies_per_transaction_);
  const bool extra = unit_draw(line ^ kCopySalt) < copies_per_transaction_ - static_cast<double>(whole);
  const uint32_t charge = charge_index(charged);
  for (uint64_t j = 1; j <= whole + (extra ? 1 : 0); ++j) {
    const uint64_t other = line + j * kCopySalt;
    copies_.push_back(Copy{arrive + unit_draw(other + 1) * copy_window_cycles_, static_cast<uint32_t>(seq_++), server_of(other) << 8 | charge});
    std::push_heap(copies_.begin(), copies_.end(), later);
  }
}

void ServersMemory::submit(const Transaction& t, uint64_t now) {
  const uint64_t seq = seq_;  // the transaction's place in submission order (submit_timed takes it)
  const uint64_t cycle = submit_timed(t, now);
  pending_.push(cycle, seq, Completion{cycle, t.tag, t.sm});
}

uint64_t ServersMemory::submit_timed(const Transaction& t, uint64_t now) {
  const double charged = line_charged_bytes(t, line_charge_);  // of its server, as of `fixed`'s limit
  const uint64_t line = t.address / static_cast<uint64_t>(kLineBytes);
  const double arrive = static_cast<double>(now) + request_delay_;
  const uint64_t seq = seq_++;
  serve_copies_until(arrive, seq);
  const double end = serve(server_of(line), own_limit_.pass(arrive, charged), charged);
  if (copies_per_transaction_ > 0) push_copies(line, arrive, charged);
  const auto cycle = static_cast<uint64_t>(std::ceil(end + response_delay_));
  latencies_.record(cycle - now);
  return cycle;
}

}  // namespace warpsim::mem::servers
