// Physical address -> (channel, bank, row) of the `dram` model. Interleave chunks (256 bytes:
// GPGPU-Sim's GTX 480 config takes the partition from address bit 8) are spread over the
// channels, each run of `channels` consecutive chunks covering every channel once; within a
// channel, consecutive chunks fill a row, then move to the next bank. The channel and bank
// orders are rotated by a hash of the higher address bits (as GPUs hash partition and bank bits;
// permutation interleaving, Zhang et al. MICRO 2000), so that regularly spaced streams do not
// march in step over the same channels and banks.
#pragma once

#include <cstdint>

#include "config/hw_config.h"

namespace warpsim::mem::dram {

struct DramAddress {
  uint32_t channel = 0;
  uint32_t bank = 0;
  uint64_t row = 0;
};

class AddressMap {
 public:
  explicit AddressMap(const config::HwConfig& cfg);
  DramAddress map(uint64_t address) const;
  uint32_t channels() const { return channels_; }

 private:
  uint32_t channels_ = 1;
  uint32_t banks_ = 1;
  uint64_t interleave_ = 256;
  uint64_t chunks_per_row_ = 8;
};

}  // namespace warpsim::mem::dram
