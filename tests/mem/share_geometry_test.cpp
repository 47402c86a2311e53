// The part of the device's DRAM a run of fewer SMs simulates (mem/dram/share_geometry.h).
#include <gtest/gtest.h>

#include "config/loader.h"
#include "mem/dram/share_geometry.h"

namespace warpsim::mem::dram {

// One H200 SM: 188 pseudo channels x 1/132 fold into one channel carrying 1.42 channels' traffic;
// its queue holds theirs (16 x 1.42 = 22.8 -> 23), or a 512-byte warp access, 16 sectors, fills it
// alone where the device splits it over two channels (with 16 slots one SM streams 16-byte loads
// 31% below the device's rate per SM).
TEST(ShareGeometry, AChannelFoldingSeveralDeviceChannelsHoldsTheirQueues) {
  const config::HwConfig h200 = config::load_hw_config("h200");
  const ShareGeometry one = share_geometry(h200, 1);
  EXPECT_EQ(one.channels, 1);
  EXPECT_NEAR(one.rate_share, 188.0 / 132, 1e-9);
  EXPECT_EQ(share_queue_depth(16, one), 23);
  EXPECT_EQ(share_queue_depth(16, share_geometry(h200, h200.device.sms)), 16);  // the device: its own
}

// A share channel carrying part of one device channel's traffic is still one channel: its queue is
// a device channel's (GT200, one SM: 8 channels x 1/30 = 0.27 of one).
TEST(ShareGeometry, AChannelCarryingPartOfOneKeepsAChannelsQueue) {
  const config::HwConfig gt200 = config::load_hw_config("gt200");
  const ShareGeometry one = share_geometry(gt200, 1);
  EXPECT_LT(one.rate_share, 1.0);
  EXPECT_EQ(share_queue_depth(16, one), 16);
}

}  // namespace warpsim::mem::dram
