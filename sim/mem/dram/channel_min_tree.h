// The channel whose next command comes first, kept in a tournament tree: a step of the `dram`
// model asked every channel (O(channels) per command, 160 on the H100), now O(log channels) per
// change. Ties go to the lowest channel index, as the linear scan's did, so the order of commands
// (and every output) is unchanged.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "common/user_error.h"

namespace warpsim::mem::dram {

class ChannelMinTree {
 public:
  explicit ChannelMinTree(size_t channels = 0) : leaves_(std::bit_ceil(std::max<size_t>(channels, 1))) {
    // A node is one number, (time << bits) | channel: the smaller is the earlier command, the
    // lower channel at a tie, so a step up the tree is one compare without a branch.
    bits_ = static_cast<int>(std::bit_width(leaves_ - 1));
    never_ = ~uint64_t{0} >> bits_;
    node_.assign(2 * leaves_, ~uint64_t{0});
    for (size_t i = 0; i < channels; ++i) node_[leaves_ + i] = never_ << bits_ | i;
    for (size_t k = leaves_ - 1; k >= 1; --k) node_[k] = std::min(node_[2 * k], node_[2 * k + 1]);
  }

  void set(size_t channel, uint64_t next_time) {
    WARPSIM_ASSERT(next_time == ~uint64_t{0} || next_time < never_, "a DRAM command time beyond the channel tree's range");
    size_t k = leaves_ + channel;
    const uint64_t key = std::min(next_time, never_) << bits_ | channel;
    if (node_[k] == key) return;
    node_[k] = key;
    // Up the path, the changed child's new value stays in a register: one load (its sibling) a level.
    for (uint64_t v = key; k > 1; k /= 2) {
      v = std::min(v, node_[k ^ 1]);
      node_[k / 2] = v;
    }
  }

  uint64_t min_time() const {
    const uint64_t t = node_[1] >> bits_;
    return t == never_ ? ~uint64_t{0} : t;
  }
  size_t min_channel() const { return static_cast<size_t>(node_[1] & ((uint64_t{1} << bits_) - 1)); }

 private:
  size_t leaves_;
  int bits_ = 0;                // channel bits of a node
  uint64_t never_ = 0;          // the time field of a channel with nothing to do
  std::vector<uint64_t> node_;  // [1] is the root; leaves from leaves_
};

}  // namespace warpsim::mem::dram
