// Physical address -> (channel, bank, row) of the DRAM models (`queue` and `dram` share it, so
// that the two can be cross-checked on the same traffic).
//
// Channels: interleave chunks (256 bytes: TEG §3.3.5 measures GT200's 256-byte partition
// interleave; GPGPU-Sim's configs take the partition from address bit 8 on every generation)
// are spread over the channels, each stripe of `channels` consecutive chunks covering every
// channel once, in an order rotated by a hash of the stripe (as GPUs hash partition bits with
// higher address bits; permutation interleaving, Zhang et al. MICRO 2000): sequential data is
// spread evenly and streams far apart do not march in step.
// Banks: a channel's own addresses (its chunks back to back) are cut in pieces of
// `bank_interleave_bytes`; a piece lies in one row of one bank, consecutive pieces go to
// consecutive banks, rotated by a hash of the higher bits (bank bits XORed with row bits, Zhang et
// al.), so that a row holds pieces `banks` apart and streams meet banks at random, whatever their
// offsets. Where the bank bits sit is the GPU's (GPGPU-Sim's address maps, per generation).
#pragma once

#include <cstdint>

#include "config/hw_config.h"

namespace warpsim::mem::dram {

struct DramAddress {
  uint32_t channel = 0;
  uint32_t bank = 0;
  uint64_t row = 0;  // unique within its channel and bank
};

class AddressMap {
 public:
  explicit AddressMap(const config::HwConfig& cfg);
  AddressMap(uint32_t channels, uint32_t banks, uint64_t interleave_bytes, uint64_t bank_interleave_bytes, uint64_t row_bytes);
  DramAddress map(uint64_t address) const;
  uint32_t channels() const { return channels_; }
  uint32_t banks() const { return banks_; }

 private:
  uint32_t channels_ = 1;
  uint32_t banks_ = 1;
  uint32_t interleave_shift_ = 8;  // log2 of the channel interleave chunk (a power of two, validated)
  uint32_t piece_shift_ = 8;       // log2 of the bank interleave piece (a power of two, validated)
  uint64_t pieces_per_row_ = 8;
};

}  // namespace warpsim::mem::dram
