// Hand-computed schedules of one `queue` channel (mem/queue/queue_channel.h). Round timings:
// tRCD = tCL = 10, tRAS = 30, tRP = 10 (tRC = 40), a burst takes 2 on the bus, no activate-rate
// limit and no refresh unless a test sets them.
#include <gtest/gtest.h>

#include "mem/queue/queue_channel.h"
#include "support/test_support.h"

namespace warpsim::mem::queue {
namespace {

ChannelTiming round_timing() {
  ChannelTiming t;
  t.trcd = 10, t.tcl = 10, t.twl = 4, t.tras = 30, t.trp = 10, t.tccd = 2, t.trtp = 2, t.twr = 10;
  t.burst = 2, t.bus_slot = 2, t.act_spacing = 0;
  return t;
}

TEST(QueueChannel, ClosedBankReadTakesTrcdPlusTclPlusBurst) {
  QueueChannel c(round_timing(), 4);
  EXPECT_EQ(c.serve(0, 1, 0, 1, false), 22u);  // ACT 0, READ 10, data 20..22
  EXPECT_EQ(c.counters().activates, 1u);
}

TEST(QueueChannel, BankConflictWaitsForTheRowCycle) {
  QueueChannel c(round_timing(), 4);
  EXPECT_EQ(c.serve(0, 1, 0, 1, false), 22u);
  EXPECT_EQ(c.serve(1, 2, 0, 1, false), 62u);  // ACT at tRC = 40, data 60..62
}

TEST(QueueChannel, TwoBanksOverlapTheirRowCycles) {
  QueueChannel c(round_timing(), 4);
  EXPECT_EQ(c.serve(0, 1, 0, 1, false), 22u);
  EXPECT_EQ(c.serve(1, 2, 1, 1, false), 24u);  // ACT 1, data ready 21, after bank 0's burst: 22..24
}

TEST(QueueChannel, BurstsOfSimultaneousRequestsSerialiseOnTheBus) {
  QueueChannel c(round_timing(), 4);
  EXPECT_EQ(c.serve(0, 1, 0, 1, false), 22u);
  EXPECT_EQ(c.serve(0, 2, 1, 1, false), 24u);  // data ready at 20, bus free at 22
  EXPECT_EQ(c.serve(0, 3, 2, 2, false), 28u);  // two bursts: 24..28
}

TEST(QueueChannel, ABankWaitDoesNotHoldTheBusAndLaterRequestsFillItsGaps) {
  QueueChannel c(round_timing(), 4);
  EXPECT_EQ(c.serve(0, 1, 0, 1, false), 22u);
  EXPECT_EQ(c.serve(1, 2, 0, 1, false), 62u);  // waits for bank 0 until 40: bus 60..62
  EXPECT_EQ(c.serve(2, 3, 1, 1, false), 24u);  // bank 1 free: data ready 22, the gap 22..24
  EXPECT_EQ(c.serve(3, 4, 2, 2, false), 28u);  // ready 23, two bursts: after 22..24, in the gap before 60
}

TEST(QueueChannel, ABusGapShorterThanABurstHoldsNoRequest) {
  QueueChannel c(round_timing(), 4);
  EXPECT_EQ(c.serve(0, 1, 0, 1, false), 22u);  // bus 20..22
  EXPECT_EQ(c.serve(3, 2, 1, 1, false), 25u);  // ACT 3, ready 23: bus 23..25, a gap 22..23
  // A row hit on bank 0 is ready at 22 (column at ACT + tRCD + tCCD = 12): its burst (2) does
  // not fit the gap of 1, so it follows the second request.
  EXPECT_EQ(c.serve(3, 1, 0, 1, false), 27u);
  EXPECT_EQ(c.counters().row_hits, 1u);
}

TEST(QueueChannel, ABoundedWindowTakesNoBusGapBeforeTheQueueHadRoom) {
  // Two requests wait for bank 0 (bus at 60 and 100); a request to free bank 1, ready at 23,
  // would take the bus at 23..25. With a window of 2 it enters the queue only when one of the two
  // has left (bus start 60): the first gap from 60 is 62..64. A window of 3 lets it in at once.
  for (const uint32_t window : {2u, 3u}) {
    ChannelTiming t = round_timing();
    t.window = window;
    QueueChannel c(t, 4);
    EXPECT_EQ(c.serve(0, 1, 0, 1, false), 22u);   // ACT 0, data 20..22
    EXPECT_EQ(c.serve(1, 2, 0, 1, false), 62u);   // ACT 40 (tRC), data 60..62
    EXPECT_EQ(c.serve(2, 3, 0, 1, false), 102u);  // ACT 80, data 100..102
    EXPECT_EQ(c.serve(3, 4, 1, 1, false), window == 2 ? 64u : 25u) << "window " << window;
  }
}

TEST(QueueChannel, RowHitBeforeThePrechargeSkipsTheActivation) {
  QueueChannel c(round_timing(), 4);
  EXPECT_EQ(c.serve(0, 1, 0, 1, false), 22u);
  // Arrives at 5, before the row closes at tRAS = 30: READ at 12 (tCCD after 10), data 22..24.
  EXPECT_EQ(c.serve(5, 1, 0, 1, false), 24u);
  EXPECT_EQ(c.counters().activates, 1u);
  EXPECT_EQ(c.counters().row_hits, 1u);
  // Arrives at 35, after the precharge (30): a new row cycle from 40 (tRC after the ACT).
  EXPECT_EQ(c.serve(35, 1, 0, 1, false), 62u);
  EXPECT_EQ(c.counters().activates, 2u);
}

TEST(QueueChannel, AReadOfTheStillOpenRowGoesBeforeAWaitingConflict) {
  QueueChannel c(round_timing(), 4);
  EXPECT_EQ(c.serve(0, 1, 0, 1, false), 22u);  // row 1: ACT 0, READ 10, closes at tRAS = 30
  EXPECT_EQ(c.serve(1, 2, 0, 1, false), 62u);  // row 2 waits for the row cycle: ACT 40
  // Row 1 is still open at 5 (FR-FCFS serves the ready hit first): READ at 12, data 22..24,
  // its last column + tRTP = 14 is before the precharge at 30, so row 2 keeps its ACT at 40.
  EXPECT_EQ(c.serve(5, 1, 0, 1, false), 24u);
  EXPECT_EQ(c.counters().activates, 2u);
  EXPECT_EQ(c.counters().row_hits, 1u);
  // At 31 row 1 is closed: a new activation after row 2's cycle (ACT 80: tRC after 40).
  EXPECT_EQ(c.serve(31, 1, 0, 1, false), 102u);
  EXPECT_EQ(c.counters().activates, 3u);
  // A write to the old row is not served from it (tWR would hold its precharge).
  QueueChannel w(round_timing(), 4);
  EXPECT_EQ(w.serve(0, 1, 0, 1, false), 22u);
  EXPECT_EQ(w.serve(1, 2, 0, 1, false), 62u);
  EXPECT_EQ(w.serve(5, 1, 0, 1, true), 96u);  // ACT 80 after row 2's cycle, WRITE 90, data 94..96
  EXPECT_EQ(w.counters().activates, 3u);
}

TEST(QueueChannel, ActivateRateSpacesActivationsOfDifferentBanks) {
  ChannelTiming t = round_timing();
  t.act_spacing = 6;  // max(tRRD, tFAW / 4)
  QueueChannel c(t, 4);
  EXPECT_EQ(c.serve(0, 1, 0, 1, false), 22u);  // ACT 0
  EXPECT_EQ(c.serve(0, 2, 1, 1, false), 28u);  // ACT 6, data 26..28
  EXPECT_EQ(c.serve(0, 3, 2, 1, false), 34u);  // ACT 12, data 32..34
}

TEST(QueueChannel, ActivationsAreSpacedWhereTheyHappen) {
  ChannelTiming t = round_timing();
  t.act_spacing = 6;
  {
    QueueChannel c(t, 4);
    EXPECT_EQ(c.serve(0, 1, 0, 1, false), 22u);  // ACT 0
    EXPECT_EQ(c.serve(1, 2, 0, 1, false), 62u);  // bank 0 busy: ACT 40 (tRC), its slot 40..46
    // Bank 1 is free: the slot 6..12 the waiting ACT does not use is this one's. ACT 6, data 26..28.
    EXPECT_EQ(c.serve(2, 3, 1, 1, false), 28u);
  }
  {
    QueueChannel c(t, 4);
    EXPECT_EQ(c.serve(0, 1, 0, 1, false), 22u);
    EXPECT_EQ(c.serve(1, 2, 0, 1, false), 62u);  // ACT 40
    // Ready at 38, but an ACT at 38 would be 2 from the one at 40: ACT 46, READ 56, data 66..68.
    EXPECT_EQ(c.serve(38, 3, 1, 1, false), 68u);
  }
}

TEST(QueueChannel, BurstsOfOneBankGroupAreTccdLApartOnTheBus) {
  ChannelTiming t = round_timing();
  t.tccd = 3, t.bank_groups = 2, t.group_slots = 2;  // tCCD_L 3 > burst 2: two slots per burst of a group
  QueueChannel c(t, 4);                              // banks 0, 2 in group 0; 1, 3 in group 1
  EXPECT_EQ(c.serve(0, 1, 0, 1, false), 22u);        // data 20..22
  EXPECT_EQ(c.serve(0, 2, 2, 1, false), 26u);        // same group: not before 20 + 2 slots = 24
  EXPECT_EQ(c.serve(0, 3, 1, 1, false), 24u);        // the other group fills 22..24
}

TEST(QueueChannel, AReadHeldUpByTheBusKeepsItsRowOpenUntilItsColumn) {
  ChannelTiming t = round_timing();
  t.tras = 12;
  QueueChannel c(t, 4);
  EXPECT_EQ(c.serve(0, 1, 0, 1, false), 22u);  // row 1: ACT 0, READ 10, data 20..22
  EXPECT_EQ(c.serve(0, 2, 1, 1, false), 24u);  // three other banks fill the bus to 28
  EXPECT_EQ(c.serve(0, 3, 2, 1, false), 26u);
  EXPECT_EQ(c.serve(0, 4, 3, 1, false), 28u);
  // A row-1 hit at 5 could read at 12, but its data can go only at 28: READ at 18, so row 1
  // closes at 18 + tRTP = 20, not at 14, and the bank is free at 30.
  EXPECT_EQ(c.serve(5, 1, 0, 1, false), 30u);
  EXPECT_EQ(c.serve(6, 9, 0, 1, false), 52u);  // row 9: ACT 30, READ 40, data 50..52
}

TEST(QueueChannel, RefreshBlocksARowCycleThatWouldOverlapIt) {
  ChannelTiming t = round_timing();
  t.trefi = 1000, t.trfc = 100, t.refresh_offset = 500;  // refreshes over [500, 600), [1500, 1600), ...
  QueueChannel c(t, 4);
  EXPECT_EQ(c.serve(480, 1, 0, 1, false), 622u);  // row cycle [480, 520) would overlap: ACT at 600
  EXPECT_EQ(c.serve(700, 2, 1, 1, false), 722u);  // clear of the refresh
  EXPECT_EQ(c.after_refresh(1455, 40), 1455u);    // ends at 1495, before the next refresh
  EXPECT_EQ(c.after_refresh(1470, 40), 1600u);
}

TEST(QueueChannel, WriteDataFollowsTheWriteLatency) {
  QueueChannel c(round_timing(), 4);
  EXPECT_EQ(c.serve(0, 1, 0, 1, true), 16u);  // ACT 0, WRITE 10, data 14..16
}

TEST(QueueChannel, GeometryOfTheWholeDeviceIsTheDevice) {
  const config::HwConfig c = test::builtin("maxwell");
  const QueueGeometry g = queue_geometry(c, c.device.sms);
  EXPECT_EQ(g.channels, 8);
  EXPECT_EQ(g.banks_per_channel, 16);
  EXPECT_DOUBLE_EQ(g.rate_share, 1.0);
  EXPECT_DOUBLE_EQ(g.bank_scale, 1.0);
}

TEST(QueueChannel, ShareOfOneSmKeepsItsFractionOfBandwidthAndBanks) {
  // f = 1/16 of 8 channels x 16 banks: one channel at half rate with 8 banks.
  const config::HwConfig m = test::builtin("maxwell");
  const QueueGeometry g = queue_geometry(m, 1);
  EXPECT_EQ(g.channels, 1);
  EXPECT_EQ(g.banks_per_channel, 8);
  EXPECT_DOUBLE_EQ(g.rate_share, 0.5);
  EXPECT_DOUBLE_EQ(g.bank_scale, 1.0);
  // GT200: 1/30 of 8 x 8 banks = 2.13 banks -> 2 banks, each row cycle 2 / 2.13 as long.
  const config::HwConfig t = test::builtin("gt200");
  const QueueGeometry h = queue_geometry(t, 1);
  EXPECT_EQ(h.banks_per_channel, 2);
  EXPECT_NEAR(h.rate_share, 8.0 / 30, 1e-12);
  EXPECT_NEAR(h.bank_scale, 2 / (64.0 / 30), 1e-12);
}

TEST(QueueChannel, WindowIsTheControllerQueueSharedByItsChannelsAndOffByDefault) {
  config::HwConfig m = test::builtin("maxwell");
  EXPECT_EQ(queue_geometry(m, m.device.sms).window, 0);  // unbounded reordering: the model's rule
  m.memory.controller.queue_window = true;
  EXPECT_EQ(queue_geometry(m, m.device.sms).window, 64);  // memory.controller.queue_depth, per x32 channel
  EXPECT_EQ(queue_geometry(m, 1).window, 32);             // a channel at half rate: half the requests
  config::HwConfig g = test::builtin("gt200");
  g.memory.controller.queue_window = true;
  EXPECT_EQ(queue_geometry(g, g.device.sms).window, 16);  // two GDDR3 devices in lockstep: one channel
}

}  // namespace
}  // namespace warpsim::mem::queue
