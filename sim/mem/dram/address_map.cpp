#include "mem/dram/address_map.h"

#include "common/bit_mix.h"

namespace warpsim::mem::dram {

AddressMap::AddressMap(const config::HwConfig& cfg)
    : channels_(static_cast<uint32_t>(cfg.memory.controllers * cfg.memory.dram.channels_per_controller)),
      banks_(static_cast<uint32_t>(cfg.memory.dram.banks)),
      interleave_(static_cast<uint64_t>(cfg.memory.controller.interleave_bytes)),
      chunks_per_row_(static_cast<uint64_t>(cfg.memory.dram.row_bytes / cfg.memory.controller.interleave_bytes)) {}

DramAddress AddressMap::map(uint64_t address) const {
  const uint64_t chunk = address / interleave_;
  // Each round of `channels` consecutive chunks covers every channel once, rotated by a hash of
  // the round: sequential data is spread evenly, and streams far apart do not march in step.
  const uint64_t round = chunk / channels_;
  DramAddress d;
  d.channel = static_cast<uint32_t>((chunk + mix64(round / chunks_per_row_)) % channels_);
  // Within a channel: a row takes `chunks_per_row_` rounds; rows rotate over the banks likewise.
  const uint64_t row_slot = round / chunks_per_row_;
  d.row = row_slot / banks_;
  d.bank = static_cast<uint32_t>(mix64(row_slot + 0x5bd1e995ull) % banks_);
  return d;
}

}  // namespace warpsim::mem::dram
