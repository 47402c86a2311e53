// Physical address -> (channel, bank, row) of the queue model. Consecutive interleave chunks go
// to consecutive channels (GPGPU-Sim's GTX 480 config: partition from address bit 8, 256 bytes);
// within a channel, consecutive chunks fill a row before the next bank; the bank index is XORed
// with low row bits (permutation interleaving, Zhang et al. MICRO 2000) so that a stride does not
// camp on one bank.
#pragma once

#include <cstdint>

#include "config/hw_config.h"

namespace warpsim::mem::queue {

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

}  // namespace warpsim::mem::queue
