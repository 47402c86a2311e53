#include "mem/queue/queue_memory.h"

#include <algorithm>

#include "mem/unloaded_latency.h"

namespace warpsim::mem::queue {
// Unloaded latency: Table 6.2's, less what an idle copy of this share's channels takes
// (unloaded_latency.h).
QueueMemory::QueueMemory(const MemorySystemSpec& spec) { init(spec, derived_interconnect_ps<QueueMemory>(spec)); }

QueueMemory::QueueMemory(const MemorySystemSpec& spec, uint64_t interconnect_ps) { init(spec, interconnect_ps); }

void QueueMemory::init(const MemorySystemSpec& spec, uint64_t interconnect_ps) {
  const config::HwConfig& cfg = *spec.config;
  clock_ = dram::CoreClock(cfg.device.core_clock_ghz);
  timing_ = dram::dram_timing(cfg);
  geometry_ = queue_geometry(cfg, spec.simulated_sms);
  latencies_ = LatencyRecorder(spec.records_latencies);
  device_sms_ = cfg.device.sms;
  simulated_sms_ = std::clamp(spec.simulated_sms, 1, device_sms_);
  map_ = dram::AddressMap(cfg);
  interconnect_ps_ = interconnect_ps;
  request_ps_ = interconnect_ps / 2;
  channels_.reserve(static_cast<size_t>(geometry_.channels));
  for (int c = 0; c < geometry_.channels; ++c) channels_.emplace_back(channel_timing(timing_, geometry_, c), geometry_.banks_per_channel);
}

uint64_t QueueMemory::submit_timed(const Transaction& t, uint64_t now) {
  // The device's channel, bank and row (dram/address_map.h). A share folds the device's channels
  // onto its own, offsetting each device channel's banks, so that rows hold the same data as on
  // the device and the device channels a share folds together spread over its banks.
  const dram::DramAddress d = dram::fold_into_share(map_.map(t.address), map_.channels(), geometry_);
  const auto channel = static_cast<size_t>(d.channel);
  const uint32_t bank = d.bank;
  const uint64_t row = d.row;
  const uint32_t bursts = timing_.bursts(t.bytes);
  bytes_ += uint64_t{bursts} * timing_.burst_bytes;
  const uint64_t arrive = clock_.to_ps(now) + request_ps_;
  const uint64_t data_end = channels_[channel].serve(arrive, row, bank, bursts, t.write);
  // A write is done once its data is in DRAM: nothing in the SM waits on it, but its work counts
  // then, so a store stream is timed at the channels' rate, not at the SMs' issue rate (the seeds
  // time kernels whose writes have landed, §3.10). A read's data still has to come back.
  const uint64_t cycle = clock_.to_cycle_ceil(t.write ? data_end : data_end + (interconnect_ps_ - request_ps_));
  latencies_.record(cycle - now);
  return cycle;
}

DramCounters QueueMemory::dram_counters() const {
  DramCounters sum;
  for (const QueueChannel& c : channels_) {
    sum.activates += c.counters().activates;
    sum.column_accesses += c.counters().column_accesses;
    sum.bus_busy_ps += c.counters().bus_busy_ps;
    sum.bank_busy_ps += c.bank_busy_ps();
  }
  sum.channels = geometry_.channels;
  sum.banks = geometry_.channels * geometry_.banks_per_channel;
  sum.bytes = bytes_;
  sum.valid = true;
  sum.device_share = static_cast<double>(simulated_sms_) / device_sms_;
  return sum;
}

}  // namespace warpsim::mem::queue
