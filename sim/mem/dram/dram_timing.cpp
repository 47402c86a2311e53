#include "mem/dram/dram_timing.h"

#include <algorithm>
#include <cmath>

namespace warpsim::mem::dram {
namespace {

uint64_t ps(double ns) { return static_cast<uint64_t>(std::llround(ns * 1000.0)); }

}  // namespace

DramTiming dram_timing(const config::HwConfig& cfg) {
  const config::MemoryConfig& m = cfg.memory;
  const config::DramConfig& d = m.dram;
  DramTiming t;
  t.channels = m.controllers * d.channels_per_controller;
  // Command clock: the pin data rate (Gb/s per pin, from the pin bandwidth) over the beats per clock.
  const double gbit_per_pin = m.pin_bandwidth_gbps * 8.0 / m.bus_width_bits;
  t.tck = ps(d.beats_per_clock / gbit_per_pin);
  // A burst moves (channel width x burst length) bits; the pin bandwidth (Volkov Table 2.7)
  // split over the channels gives its duration.
  const int width_bits = m.bus_width_bits / t.channels;
  t.burst_bytes = static_cast<uint32_t>(width_bits * d.burst_length / 8);
  const double channel_bytes_per_ns = m.pin_bandwidth_gbps / t.channels;  // GB/s = bytes/ns
  t.burst = ps(t.burst_bytes / channel_bytes_per_ns);
  t.trcd = ps(d.trcd_ns);
  t.tcl = ps(d.tcl_ns);
  t.twl = ps(d.twl_ns);
  t.trp = ps(d.trp_ns);
  t.tras = ps(d.tras_ns);
  t.trrd = std::max(ps(d.trrd_ns), t.tck);
  t.tfaw = ps(d.tfaw_ns);
  t.tccd_l = std::max(ps(d.tccd_l_ns), t.burst);
  t.twr = ps(d.twr_ns);
  t.twtr = ps(d.twtr_ns);
  t.trtw = ps(d.trtw_ns);
  t.trtp = t.burst;  // READ to PRE: the burst leaves the sense amplifiers first
  t.trefi = ps(d.trefi_ns);
  t.trfc = ps(d.trfc_ns);
  t.banks = d.banks;
  t.bank_groups = d.bank_groups;
  t.ranks = d.ranks;
  return t;
}

}  // namespace warpsim::mem::dram
