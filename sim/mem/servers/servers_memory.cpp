#include "mem/servers/servers_memory.h"

#include <algorithm>
#include <cmath>

#include "common/bit_mix.h"
#include "common/user_error.h"
#include "config/validate.h"
#include "mem/unloaded_latency.h"

namespace warpsim::mem::servers {
namespace {

constexpr double kLineBytes = 128;  // one coalesced warp access (§6.3); Table 6.5's unit of visit
constexpr uint64_t kCopySalt = 0x9E3779B97F4A7C15ull;

double unit_draw(uint64_t x) { return static_cast<double>(mix64(x) >> 11) * 0x1.0p-53; }  // [0, 1)

// std::ceil for x >= 0 (once per transaction), without the dozen instructions std::ceil expands
// to on baseline x86-64 (no SSE4.1 rounding): truncation is the floor there, one more where x is
// not whole.
uint64_t ceil_cycles(double x) {
  const auto whole = static_cast<uint64_t>(x);
  return whole + (static_cast<double>(whole) < x ? 1 : 0);
}

}  // namespace

ServerGeometry server_geometry(const config::HwConfig& cfg) {
  if (const auto missing = config::missing_servers_input(cfg)) throw UserError(cfg.diagnostic(missing->key, missing->why));
  const double b = cfg.memory.contention_b_cycles;
  const double c = cfg.memory.contention_c_gbps;
  const double bytes_per_cycle = c / cfg.device.core_clock_ghz;
  // b = s / 2 and c = K x 128 B / s (header): K = 2 b c / 128 B, rounded; s keeps c exact.
  const long k = std::lround(2.0 * b * bytes_per_cycle / kLineBytes);
  if (k < 1)
    throw UserError(
        cfg.conflict({"memory.contention_b_cycles", "memory.contention_c_gbps"}, "Table 6.5's b and c give no server (2 b c < 64 bytes)"));
  ServerGeometry g;
  g.count = static_cast<int>(std::min<long>(k, 1 << 20));
  g.line_service_cycles = g.count * kLineBytes / bytes_per_cycle;
  return g;
}

ServersMemory::ServersMemory(const MemorySystemSpec& spec) {
  const config::HwConfig& cfg = *spec.config;
  // Derived, not a free parameter: Table 6.2's latency less what the whole device's servers take
  // unloaded (unloaded_latency.h).
  const MemorySystemSpec whole_device{spec.config, cfg.device.sms, spec.seed};
  const double delay = static_cast<double>(derived_interconnect_ps<ServersMemory>(whole_device)) * cfg.device.core_clock_ghz / 1000.0;
  init(spec, delay, true);
}

ServersMemory::ServersMemory(const MemorySystemSpec& spec, double fixed_delay_cycles) { init(spec, fixed_delay_cycles, false); }

void ServersMemory::init(const MemorySystemSpec& spec, double fixed_delay_cycles, bool stand_ins) {
  const config::HwConfig& cfg = *spec.config;
  geometry_ = server_geometry(cfg);
  latencies_ = LatencyRecorder(spec.records_latencies);
  line_charge_ = LineCharge(cfg.memory.line_charge_bytes);
  request_delay_ = fixed_delay_cycles / 2;
  response_delay_ = fixed_delay_cycles - request_delay_;
  copy_window_cycles_ = cfg.memory.latency_cycles;
  const double peak = cfg.memory.peak_gbps / cfg.device.core_clock_ghz;
  const double share = stand_ins ? static_cast<double>(spec.simulated_sms) / cfg.device.sms : 1.0;
  own_limit_ = PeakLimit(peak * share);
  // A share of n of the N SMs that would replay each transaction kMinCopiesToScale times or more,
  // and has K n / N >= kMinOwnServers servers, keeps that many, s scaled so that they carry n / N
  // of c exactly: the same system, smaller (header). Other shares stand in for the other SMs with copies.
  if (share < 1) {
    const double share_servers = geometry_.count * share;
    const double copies = static_cast<double>(cfg.device.sms) / spec.simulated_sms - 1.0;
    if (share_servers >= kMinOwnServers && copies >= kMinCopiesToScale) {
      const long k = std::lround(share_servers);
      geometry_.line_service_cycles *= static_cast<double>(k) / share_servers;
      geometry_.count = static_cast<int>(k);
    } else {
      copies_per_transaction_ = copies;
      stand_in_limit_ = PeakLimit(peak * (1 - share));
    }
  }
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

void ServersMemory::advance_stream(CopyStream& c) {
  // The least of the r = count - next + 1 offsets still to come, all uniform on [arrive, end).
  const uint32_t r = c.count - c.next + 1u;
  const double v = unit_draw(c.line + c.next * kCopySalt + 1);
  c.arrive = c.window_end - (c.window_end - c.arrive) * (r == 1 ? v : std::pow(v, 1.0 / r));
}

void ServersMemory::sift_down_top() {
  // The top stream moved later: it sinks to its place (one pass, instead of a pop and a push).
  const size_t n = copies_.size();
  const CopyStream moved = copies_[0];
  size_t i = 0;
  for (size_t child = 1; child < n; child = 2 * i + 1) {
    if (child + 1 < n && later(copies_[child], copies_[child + 1])) ++child;
    if (!later(moved, copies_[child])) break;
    copies_[i] = copies_[child];
    i = child;
  }
  copies_[i] = moved;
}

void ServersMemory::serve_copies_until(double arrive, uint64_t seq) {
  const CopyStream bound{arrive, 0, 0, static_cast<uint32_t>(seq), 0, 0, 0};
  while (!copies_.empty() && !later(copies_.front(), bound)) {
    CopyStream& c = copies_.front();
    const double charged = charges_[c.charge];
    serve(server_of(c.line + c.next * kCopySalt), stand_in_limit_.pass(c.arrive, charged), charged);
    if (c.next == c.count) {
      std::pop_heap(copies_.begin(), copies_.end(), Later{});
      copies_.pop_back();
      continue;
    }
    ++c.next;
    advance_stream(c);
    sift_down_top();
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

void ServersMemory::push_copies(uint64_t line, double arrive, double charged, uint64_t seq) {
  // Per line, so that the copies of an access's transactions in one line stay together: the same
  // number, the same other lines, the same offsets.
  const auto whole = static_cast<uint64_t>(copies_per_transaction_);
  const bool extra = unit_draw(line ^ kCopySalt) < copies_per_transaction_ - static_cast<double>(whole);
  const uint64_t count = whole + (extra ? 1 : 0);
  if (count == 0) return;
  WARPSIM_ASSERT(count <= kMaxCopies, "servers: more than 4095 stand-in copies per transaction");
  CopyStream c{
      arrive, arrive + copy_window_cycles_, line, static_cast<uint32_t>(seq), 1, static_cast<uint32_t>(count), charge_index(charged)};
  advance_stream(c);
  copies_.push_back(c);
  std::push_heap(copies_.begin(), copies_.end(), Later{});
}

void ServersMemory::submit(const Transaction& t, uint64_t now) {
  const uint64_t seq = seq_;  // the transaction's place in submission order (submit_timed takes it)
  const uint64_t cycle = submit_timed(t, now);
  pending_.push(cycle, seq, Completion{cycle, t.tag, t.sm});
}

uint64_t ServersMemory::submit_timed(const Transaction& t, uint64_t now) {
  const double charged = line_charge_.bytes(t);  // of its server, as of `fixed`'s limit
  const uint64_t line = t.address / static_cast<uint64_t>(kLineBytes);
  const double arrive = static_cast<double>(now) + request_delay_;
  const uint64_t seq = seq_++;
  serve_copies_until(arrive, seq);
  const double end = serve(server_of(line), own_limit_.pass(arrive, charged), charged);
  if (copies_per_transaction_ > 0) push_copies(line, arrive, charged, seq);
  const uint64_t cycle = ceil_cycles(end + response_delay_);
  latencies_.record(cycle - now);
  return cycle;
}

}  // namespace warpsim::mem::servers
