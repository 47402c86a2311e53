#include "mem/simgrid/platform_spec.h"

#include <fmt/format.h>

#include <algorithm>

#include "common/user_error.h"
#include "mem/coalescer.h"
#include "mem/unloaded_latency.h"

namespace warpsim::mem::simgrid {

namespace {

constexpr double kGiga = 1e9;
constexpr uint32_t kWarpLoadBytes = 32 * 4;  // a fully coalesced warp load of 4-byte words

// The part of the unloaded latency spent inside the DRAM (ACT to data). Only the sum of the
// delays matters to the flows; the split only labels where the time is spent.
double dram_access_s(const config::HwConfig&) { return 0.0; }

}  // namespace

std::string sm_host_name(int sm) { return fmt::format("sm{}", sm); }
std::string channel_host_name(int channel) { return fmt::format("ch{}", channel); }

PlatformSpec make_platform_spec(const config::HwConfig& cfg, int simulated_sms) {
  const config::MemoryConfig& m = cfg.memory;
  PlatformSpec p;
  p.clock_hz = cfg.device.core_clock_ghz * kGiga;
  p.device_sms = cfg.device.sms;
  p.sms = std::clamp(simulated_sms, 1, cfg.device.sms);
  p.share = static_cast<double>(p.sms) / cfg.device.sms;
  p.channels = m.controllers;  // one channel per memory controller (vendor spec)

  // DRAM channel: the channel's part of the best sustained read bandwidth (Volkov Table 6.4,
  // 80-97% of the pin bandwidth, §6.3); the rest is lost to DRAM protocol overheads (refresh,
  // row switches) that a flow model does not see. A run of fewer SMs gets its share of it, as
  // the fixed model does. Shared: reads and writes turn the same data bus around.
  const double channel_bw = m.peak_gbps * kGiga / p.channels * p.share;
  p.pin_channel_bytes_per_s = m.pin_bandwidth_gbps * kGiga / p.channels;  // bus width / channels x data rate (Table 2.7)

  // SM port into the crossbar: memory.sm_port_gbps, or the device's pin bandwidth (never binding).
  const double port_bw = (m.sm_port_gbps > 0 ? m.sm_port_gbps : m.pin_bandwidth_gbps) * kGiga;

  // Unloaded latency of one transaction, as every model takes it (unloaded_latency.h); the links'
  // fixed delays are what the transfer and the DRAM access leave of it.
  const int n_tx = coalesced_transactions(cfg.lsu.coalescing);
  p.coalesced_transaction_bytes = kWarpLoadBytes / static_cast<uint32_t>(n_tx);
  const double unloaded_cycles = unloaded_transaction_latency_cycles(cfg);
  p.unloaded_transaction_s = unloaded_cycles / p.clock_hz;

  // A lone transaction takes the fixed delays + bytes / (slowest link): the delays are what is
  // left of the unloaded latency, the interconnect's share split evenly between the two ways.
  const double transfer_s = p.coalesced_transaction_bytes / std::min(channel_bw, port_bw);
  p.dram_access_s = dram_access_s(cfg);
  p.interconnect_s = (p.unloaded_transaction_s - transfer_s - p.dram_access_s) / 2;
  if (p.interconnect_s <= 0)
    throw UserError(cfg.conflict({"memory.latency_cycles", "memory.peak_gbps", "memory.controllers", "memory.sm_port_gbps",
                                  "lsu.transaction_issue_cycles", "device.core_clock_ghz"},
                                 fmt::format("unloaded latency {:.0f} cycles per transaction is shorter than moving {} bytes "
                                             "through the simgrid platform ({:.1f} cycles)",
                                             unloaded_cycles, p.coalesced_transaction_bytes, (transfer_s + p.dram_access_s) * p.clock_hz)));
  p.request_s = p.interconnect_s + p.dram_access_s;
  p.return_s = p.interconnect_s;

  for (int i = 0; i < p.sms; ++i) p.sm_ports.push_back(LinkSpec{sm_host_name(i) + "_port", port_bw, LinkSharing::SplitDuplex});
  for (int k = 0; k < p.channels; ++k) p.channel_links.push_back(LinkSpec{channel_host_name(k) + "_dram", channel_bw, LinkSharing::Shared});
  return p;
}

}  // namespace warpsim::mem::simgrid
