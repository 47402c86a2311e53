// The SimGrid platform of one run, as plain data derived from the HwConfig: one host per
// simulated SM with its crossbar port link, one host per DRAM channel with the channel's data-bus
// link. Every number carries its physical meaning and source (platform_spec.cpp); the builder
// (simgrid_world.h) only copies them into SimGrid. Units are SimGrid's: bytes, bytes/s, seconds.
//
// A transaction's data is one SimGrid flow between its SM host and its channel host, so its
// bytes cross the SM port and the channel once. Route (SimGrid star zone): SM host -> port link
// -> crossbar (the star's centre) -> channel link -> channel host. The links carry bandwidth
// only: the fixed latencies are pipelined delays before and after the flow (simgrid_memory.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/hw_config.h"

namespace warpsim::mem::simgrid {

enum class LinkSharing : uint8_t {
  Shared,       // one capacity for both directions (a DRAM data bus turns around)
  SplitDuplex,  // separate capacity each way (a crossbar port has request and reply networks)
};

struct LinkSpec {
  std::string name;
  double bandwidth_bytes_per_s = 0;
  LinkSharing sharing = LinkSharing::Shared;
};

struct PlatformSpec {
  double clock_hz = 1e9;                      // SM core clock: SimGrid seconds <-> warpsim cycles
  int device_sms = 1;                         // SMs of the GPU
  int sms = 1;                                // simulated SMs: hosts sm0..sms-1
  int channels = 1;                           // DRAM channels: hosts ch0..channels-1
  double share = 1;                           // sms / device_sms: the run's share of the DRAM bandwidth
  uint32_t coalesced_transaction_bytes = 32;  // one transaction of a coalesced 4-byte warp load
  double unloaded_transaction_s = 0;          // unloaded latency of that transaction
  double interconnect_s = 0;                  // SM <-> memory partition, one way
  double dram_access_s = 0;                   // inside the DRAM before the data moves
  double request_s = 0;                       // submit -> data starts to move: interconnect + DRAM
  double return_s = 0;                        // data moved -> at the SM: interconnect
  double pin_channel_bytes_per_s = 0;         // bus width per channel x data rate (reference)
  std::vector<LinkSpec> sm_ports;             // index = SM
  std::vector<LinkSpec> channel_links;        // index = channel
};

std::string sm_host_name(int sm);
std::string channel_host_name(int channel);

// Throws UserError (naming memory.latency_cycles) if the unloaded latency is shorter than the
// transfer time of one transaction, i.e. no latency is left for the links.
PlatformSpec make_platform_spec(const config::HwConfig& cfg, int simulated_sms);

}  // namespace warpsim::mem::simgrid
