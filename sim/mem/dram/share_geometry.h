// The part of the device's DRAM a run of fewer SMs than the device (`--sms`) simulates: a share
// f = simulated / device SMs keeps round(f x channels) >= 1 channels and round(f x banks) banks in
// all, each channel's bus, command and activate rates scaled so that the share carries f of the
// device's bandwidth and activations, and the row cycle scaled by the bank-count rounding. A
// share costs its share of the device, not the whole device's traffic.
#pragma once

#include "config/hw_config.h"
#include "mem/dram/address_map.h"
#include "mem/dram/dram_timing.h"

namespace warpsim::mem::dram {

struct ShareGeometry {
  int channels = 1;
  int banks_per_channel = 1;
  double rate_share = 1.0;  // of one device channel's bus and activate rate, per share channel
  double bank_scale = 1.0;  // row-cycle multiplier: the share's banks over f x the device's
};
ShareGeometry share_geometry(const config::HwConfig& cfg, int simulated_sms);

// A device address's place in the share: the device's channels fold onto the share's, each
// device channel's banks offset by its index (so that the device channels a share folds together
// spread over its banks), and the rows of folded channels kept apart.
DramAddress fold_into_share(const DramAddress& device, uint32_t device_channels, const ShareGeometry& g);

// One share channel's request queue: a device channel's, or where the channel folds several device
// channels together (rate_share > 1), their queues together (a 512-byte warp access fills one
// queue that the device splits over two channels).
int share_queue_depth(int device_depth, const ShareGeometry& g);

// One share channel's timings: bus, command, column and activate-rate constraints at rate_share
// of a device channel's, row cycle (tRAS, tRP) times bank_scale. The whole device: unchanged.
DramTiming share_timing(const DramTiming& device, const ShareGeometry& g);

}  // namespace warpsim::mem::dram
