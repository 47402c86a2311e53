#include "mem/dram/share_geometry.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace warpsim::mem::dram {
namespace {

uint64_t scaled(uint64_t ps, double factor) {
  return factor == 1.0 ? ps : static_cast<uint64_t>(std::llround(static_cast<double>(ps) * factor));
}

}  // namespace

ShareGeometry share_geometry(const config::HwConfig& cfg, int simulated_sms) {
  const int channels = cfg.memory.controllers * cfg.memory.dram.channels_per_controller;
  const double f = static_cast<double>(std::clamp(simulated_sms, 1, cfg.device.sms)) / cfg.device.sms;
  ShareGeometry g;
  g.channels = std::max(1, static_cast<int>(std::lround(channels * f)));
  const double banks = static_cast<double>(channels) * cfg.memory.dram.banks * f;  // the share's banks
  g.banks_per_channel = std::max(1, static_cast<int>(std::lround(banks / g.channels)));
  g.rate_share = channels * f / g.channels;
  g.bank_scale = static_cast<double>(g.banks_per_channel) * g.channels / banks;
  return g;
}

DramAddress fold_into_share(const DramAddress& device, uint32_t device_channels, const ShareGeometry& g) {
  DramAddress d;
  d.channel = device.channel % static_cast<uint32_t>(g.channels);
  d.bank = (device.bank + device.channel) % static_cast<uint32_t>(g.banks_per_channel);
  d.row = device.row * device_channels + device.channel;
  return d;
}

int share_queue_depth(int device_depth, const ShareGeometry& g) {
  return std::max(device_depth, static_cast<int>(std::lround(device_depth * g.rate_share)));
}

DramTiming share_timing(const DramTiming& device, const ShareGeometry& g) {
  DramTiming t = device;
  const double slower = 1.0 / g.rate_share;
  t.tck = scaled(device.tck, slower);
  t.burst = scaled(device.burst, slower);
  t.trrd = scaled(device.trrd, slower);
  t.tfaw = scaled(device.tfaw, slower);
  t.tccd_l = scaled(device.tccd_l, slower);
  t.trtp = scaled(device.trtp, slower);
  t.tras = scaled(device.tras, g.bank_scale);
  t.trp = scaled(device.trp, g.bank_scale);
  t.banks = g.banks_per_channel;
  t.bank_groups = std::min(device.bank_groups, g.banks_per_channel);
  t.ranks = std::gcd(device.ranks, t.bank_groups);  // a rank holds whole bank groups (config/validate.cpp)
  t.channels = g.channels;
  return t;
}

}  // namespace warpsim::mem::dram
