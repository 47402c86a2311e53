#include "mem/queue/address_map.h"

namespace warpsim::mem::queue {

AddressMap::AddressMap(const config::HwConfig& cfg)
    : channels_(static_cast<uint32_t>(cfg.memory.controllers * cfg.memory.dram.channels_per_controller)),
      banks_(static_cast<uint32_t>(cfg.memory.dram.banks)),
      interleave_(static_cast<uint64_t>(cfg.memory.controller.interleave_bytes)),
      chunks_per_row_(static_cast<uint64_t>(cfg.memory.dram.row_bytes / cfg.memory.controller.interleave_bytes)) {}

DramAddress AddressMap::map(uint64_t address) const {
  const uint64_t chunk = address / interleave_;
  DramAddress d;
  d.channel = static_cast<uint32_t>(chunk % channels_);
  const uint64_t row_slot = chunk / channels_ / chunks_per_row_;  // (row, bank) of the channel
  d.row = row_slot / banks_;
  // XOR with two slices of row bits: strides of whole rows spread over the banks.
  d.bank = static_cast<uint32_t>((row_slot ^ d.row ^ (d.row / banks_)) % banks_);
  return d;
}

}  // namespace warpsim::mem::queue
