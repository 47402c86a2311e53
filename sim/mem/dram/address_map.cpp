#include "mem/dram/address_map.h"

#include <bit>

#include "common/bit_mix.h"

namespace warpsim::mem::dram {

AddressMap::AddressMap(const config::HwConfig& cfg)
    : AddressMap(static_cast<uint32_t>(cfg.memory.controllers * cfg.memory.dram.channels_per_controller),
                 static_cast<uint32_t>(cfg.memory.dram.banks), static_cast<uint64_t>(cfg.memory.controller.interleave_bytes),
                 static_cast<uint64_t>(cfg.memory.controller.bank_interleave_bytes), static_cast<uint64_t>(cfg.memory.dram.row_bytes)) {}

AddressMap::AddressMap(uint32_t channels, uint32_t banks, uint64_t interleave_bytes, uint64_t bank_interleave_bytes, uint64_t row_bytes)
    : channels_(channels),
      banks_(banks),
      interleave_shift_(static_cast<uint32_t>(std::countr_zero(interleave_bytes))),
      piece_shift_(static_cast<uint32_t>(std::countr_zero(bank_interleave_bytes))),
      pieces_per_row_(row_bytes / bank_interleave_bytes) {}

DramAddress AddressMap::map(uint64_t address) const {
  const uint64_t chunk = address >> interleave_shift_;
  const uint64_t stripe = chunk / channels_;  // the chunk's index within its channel
  DramAddress d;
  d.channel = static_cast<uint32_t>((chunk % channels_ + mix64(stripe)) % channels_);
  // The channel's own byte address: its chunks back to back.
  const uint64_t local = (stripe << interleave_shift_) | (address & ((uint64_t{1} << interleave_shift_) - 1));
  const uint64_t piece = local >> piece_shift_;
  const uint64_t round = piece / banks_;  // each round of `banks` pieces covers every bank once
  d.bank = static_cast<uint32_t>((piece % banks_ + mix64(round + 0x5bd1e995ull)) % banks_);
  d.row = round / pieces_per_row_;  // a row holds one piece of each of pieces_per_row rounds
  return d;
}

}  // namespace warpsim::mem::dram
