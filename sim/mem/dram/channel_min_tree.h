// The channel whose next command comes first, kept in a tournament tree: a step of the `dram`
// model asked every channel (O(channels) per command, 160 on the H100), now O(log channels) per
// change. Ties go to the lowest channel index, as the linear scan's did, so the order of commands
// (and every output) is unchanged.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace warpsim::mem::dram {

class ChannelMinTree {
 public:
  explicit ChannelMinTree(size_t channels = 0) : leaves_(1) {
    while (leaves_ < channels) leaves_ *= 2;
    node_.assign(2 * leaves_, {~uint64_t{0}, ~size_t{0}});
    for (size_t i = 0; i < leaves_; ++i) node_[leaves_ + i].second = i;
    for (size_t k = leaves_ - 1; k >= 1; --k) node_[k] = std::min(node_[2 * k], node_[2 * k + 1]);
  }

  void set(size_t channel, uint64_t next_time) {
    size_t k = leaves_ + channel;
    if (node_[k].first == next_time) return;
    node_[k].first = next_time;
    // Up to the first ancestor the change leaves as it was: those above it depend on nothing else.
    for (k /= 2; k >= 1; k /= 2) {
      const std::pair<uint64_t, size_t> m = std::min(node_[2 * k], node_[2 * k + 1]);
      if (m == node_[k]) return;
      node_[k] = m;
    }
  }

  uint64_t min_time() const { return node_[1].first; }
  size_t min_channel() const { return node_[1].second; }

 private:
  size_t leaves_;
  std::vector<std::pair<uint64_t, size_t>> node_;  // (next command time, channel); [1] is the root
};

}  // namespace warpsim::mem::dram
