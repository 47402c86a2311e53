// One DRAM channel against hand-computed command schedules. Timings are round numbers in ps so
// that every expected time can be checked by hand.
#include <gtest/gtest.h>

#include "mem/dram/channel_min_tree.h"
#include "mem/dram/dram_channel.h"

namespace warpsim::mem::dram {
namespace {

DramTiming timing() {
  DramTiming t;
  t.tck = 1000, t.burst = 2000, t.burst_bytes = 32;
  t.trcd = 12000, t.tcl = 12000, t.twl = 4000, t.trp = 12000, t.tras = 28000;  // tRC = 40 ns
  t.trrd = 6000, t.tfaw = 23000, t.tccd_l = 3000;
  t.twr = 12000, t.twtr = 5000, t.trtw = 2000, t.trtp = 2000;
  t.trefi = 0, t.trfc = 0;
  t.banks = 16, t.bank_groups = 4, t.channels = 1;
  return t;
}

ChannelRequest read(uint64_t arrive, uint32_t bank, uint64_t row, uint32_t slot, uint16_t bursts = 1) {
  ChannelRequest r;
  r.arrive = arrive, r.seq = slot, r.bank = bank, r.row = row, r.slot = slot, r.bursts = bursts;
  return r;
}

// Issues every command; returns the data-end time of each request by slot.
std::vector<uint64_t> drain(DramChannel& ch, size_t n) {
  std::vector<uint64_t> end(n, 0);
  std::vector<ChannelDone> done;
  while (ch.next_command_time() != kNever) ch.issue(done);
  for (const ChannelDone& d : done) end[d.slot] = d.data_end;
  return end;
}

TEST(DramChannel, ReadOfAClosedBankTakesActivateCasLatencyAndBurst) {
  DramChannel ch(timing(), PagePolicy::Close, 16, 16, 0);
  ch.enqueue(read(1000, 3, 7, 0));
  EXPECT_EQ(drain(ch, 1)[0], 1000u + 12000 + 12000 + 2000);
  EXPECT_EQ(ch.stats().activates, 1u);
}

TEST(DramChannel, QueuedHitsShareOneActivateAndRespectTccdInABankGroup) {
  DramChannel ch(timing(), PagePolicy::Close, 16, 16, 0);
  ch.enqueue(read(0, 3, 7, 0));
  ch.enqueue(read(0, 3, 7, 1));  // same row: a hit once the row is open
  const auto end = drain(ch, 2);
  EXPECT_EQ(end[0], 26000u);
  EXPECT_EQ(end[1], 26000u + 3000);  // tCCD_L after the first READ (same bank, same group)
  EXPECT_EQ(ch.stats().activates, 1u);
}

TEST(DramChannel, MultiBurstRequestEndsWithItsLastBurst) {
  DramChannel ch(timing(), PagePolicy::Close, 16, 16, 0);
  ch.enqueue(read(0, 0, 1, 0, 4));  // e.g. a 128-byte line on a 32-byte channel
  EXPECT_EQ(drain(ch, 1)[0], 12000u + 3 * 3000 + 12000 + 2000);
  EXPECT_EQ(ch.stats().reads, 4u);
}

TEST(DramChannel, ConflictInOneBankWaitsForTheRowCycle) {
  DramChannel ch(timing(), PagePolicy::Close, 16, 16, 0);
  ch.enqueue(read(0, 5, 1, 0));
  ch.enqueue(read(0, 5, 2, 1));  // other row of the same bank: PRE after tRAS, ACT at tRC
  const auto end = drain(ch, 2);
  EXPECT_EQ(end[0], 26000u);
  EXPECT_EQ(end[1], 40000u + 12000 + 12000 + 2000);
}

TEST(DramChannel, FifthActivateWaitsForTheFourActivateWindow) {
  DramTiming t = timing();
  t.trrd = 1000;  // let tFAW bind
  DramChannel ch(t, PagePolicy::Close, 16, 16, 0);
  for (uint32_t b = 0; b < 5; ++b) ch.enqueue(read(0, b, 1, b));
  const auto end = drain(ch, 5);
  // ACTs at 0, 1, 2, 3 ns; the fifth at 0 + tFAW.
  EXPECT_EQ(end[4], 23000u + 12000 + 12000 + 2000);
}

TEST(DramChannel, EachRankHasItsOwnActivateWindow) {
  DramTiming t = timing();
  t.trrd = 1000;
  t.ranks = 2;  // banks 0, 2, 4, ... in rank 0; 1, 3, 5, ... in rank 1 (group mod ranks)
  DramChannel ch(t, PagePolicy::Close, 16, 16, 0);
  for (uint32_t b = 0; b < 9; ++b) ch.enqueue(read(0, b, 1, b));
  const auto end = drain(ch, 9);
  // ACTs at 0..7 ns, four per rank; READs one burst apart from 12 ns: bank 4's (rank 0's third
  // ACT) at 20 ns, where one window for the channel would hold its ACT to 23 ns.
  EXPECT_EQ(end[4], 20000u + 12000 + 2000);
  // Bank 8 is rank 0's fifth ACT: at 0 + tFAW, its READ tRCD later.
  EXPECT_EQ(end[8], 23000u + 12000 + 12000 + 2000);
}

TEST(DramChannel, ActivatesToDifferentBanksAreSpacedByTrrd) {
  DramChannel ch(timing(), PagePolicy::Close, 16, 16, 0);
  ch.enqueue(read(0, 0, 1, 0));
  ch.enqueue(read(0, 4, 1, 1));  // another bank group
  const auto end = drain(ch, 2);
  EXPECT_EQ(end[1], 6000u + 12000 + 12000 + 2000);
}

TEST(DramChannel, ClosePolicyReactivatesWhileOpenPolicyHitsTheOpenRow) {
  for (auto policy : {PagePolicy::Close, PagePolicy::Open}) {
    DramChannel ch(timing(), policy, 16, 16, 0);
    ch.enqueue(read(0, 2, 9, 0));
    drain(ch, 1);
    ch.enqueue(read(100000, 2, 9, 1));  // long after: same row
    const uint64_t end = drain(ch, 2)[1];
    if (policy == PagePolicy::Open)
      EXPECT_EQ(end, 100000u + 12000 + 2000);
    else
      EXPECT_EQ(end, 100000u + 12000 + 12000 + 2000);
  }
}

TEST(DramChannel, AYoungerRowHitGoesBeforeAnOlderConflict) {
  // FR-FCFS (Rixner et al. 2000): row hits first. Request 1 (row 2) is older than request 2 (row
  // 1), but request 2 finds row 1 open from request 0 and goes first, at tCCD_L after it; then
  // row 1 closes (nothing queued wants it: close policy) and row 2 opens at tRC.
  DramChannel ch(timing(), PagePolicy::Close, 16, 16, 0);
  std::vector<ChannelDone> done;
  const auto until = [&](uint64_t t) {  // commands before an arrival go first, as DramMemory drives it
    while (ch.next_command_time() < t) ch.issue(done);
  };
  ch.enqueue(read(0, 5, 1, 0));
  until(1000);
  ch.enqueue(read(1000, 5, 2, 1));
  until(2000);
  ch.enqueue(read(2000, 5, 1, 2));
  std::vector<uint64_t> end = drain(ch, 3);
  for (const ChannelDone& d : done) end[d.slot] = d.data_end;
  EXPECT_EQ(end[0], 26000u);
  EXPECT_EQ(end[2], 26000u + 3000);
  // PRE at max(ACT + tRAS, READ + tRTP) = 28 ns, ACT at 28 + tRP = 40 ns (tRC).
  EXPECT_EQ(end[1], 40000u + 12000 + 12000 + 2000);
  EXPECT_EQ(ch.stats().activates, 2u);
}

TEST(DramChannel, RowVisitsCountTheirRowCycleAndBurstsTheirBusTime) {
  // The result rows' dram_bank_busy and dram_bus_busy (device/result.h): one read of a closed bank
  // is busy from its ACT (1 ns) to PRE at ACT + tRAS, plus tRP: tRC = 40 ns; its burst 2 ns.
  DramChannel ch(timing(), PagePolicy::Close, 16, 16, 0);
  ch.enqueue(read(1000, 3, 7, 0));
  drain(ch, 1);
  EXPECT_EQ(ch.stats().bank_busy_ps, 40000u);
  EXPECT_EQ(ch.stats().bus_busy_ps, 2000u);
  // Two hits in one visit: still one row cycle (the second read ends before tRAS), two bursts.
  DramChannel two(timing(), PagePolicy::Close, 16, 16, 0);
  two.enqueue(read(0, 3, 7, 0));
  two.enqueue(read(0, 3, 7, 1));
  drain(two, 2);
  EXPECT_EQ(two.stats().bank_busy_ps, 40000u);
  EXPECT_EQ(two.stats().bus_busy_ps, 4000u);
}

TEST(DramChannel, NoCommandGoesBeforeTheArrivalThatMadeItsChoice) {
  // A write that fills the write buffer switches the scheduler to it: the buffered writes' commands
  // could have gone long before, but go no earlier than that arrival (completions in time order).
  DramChannel ch(timing(), PagePolicy::Close, 16, 2, 0);
  ChannelRequest w = read(0, 1, 1, 0);
  w.write = true;
  ch.enqueue(read(0, 0, 1, 5));  // a read keeps the scheduler on reads
  ch.enqueue(w);
  std::vector<ChannelDone> done;
  while (ch.next_command_time() != kNever && ch.next_command_time() < 100000) ch.issue(done);
  ChannelRequest w2 = read(200000, 2, 1, 1);
  w2.write = true;
  ch.enqueue(w2);  // the buffer is full now: drain it
  EXPECT_GE(ch.next_command_time(), 200000u);
}

TEST(DramChannel, ReadAfterWriteWaitsForTheTurnaround) {
  DramChannel ch(timing(), PagePolicy::Close, 16, 1, 0);  // write queue of 1: drain at once
  ChannelRequest w = read(0, 1, 1, 0);
  w.write = true;
  ch.enqueue(w);
  ch.enqueue(read(0, 1, 1, 1));
  std::vector<ChannelDone> done;
  while (ch.next_command_time() != kNever) ch.issue(done);
  ASSERT_EQ(done.size(), 2u);
  // WRITE at 12 ns: data 16..18 ns; READ no earlier than 18 + tWTR = 23 ns.
  EXPECT_EQ(done[0].slot, 0u);
  EXPECT_EQ(done[0].data_end, 12000u + 4000 + 2000);
  EXPECT_EQ(done[1].data_end, 23000u + 12000 + 2000);
}

// A channel refreshing every 100 ns for 50 ns (from 100 ns on) that served one read at 0 and
// went idle.
DramChannel idle_refreshing_channel() {
  DramTiming t = timing();
  t.trefi = 100000, t.trfc = 50000;
  DramChannel ch(t, PagePolicy::Close, 16, 16, 0);
  ch.enqueue(read(0, 0, 1, 0));
  drain(ch, 1);
  return ch;
}

TEST(DramChannel, RefreshDueWhileIdleDelaysOnlyRequestsArrivingDuringIt) {
  DramChannel early = idle_refreshing_channel();
  // Refresh falls due at 100 ns while idle: PRE-all, REFRESH, no ACT before 100 + tRP + tRFC.
  early.enqueue(read(150000, 0, 1, 1));
  EXPECT_EQ(drain(early, 2)[1], 162000u + 12000 + 12000 + 2000);
  EXPECT_EQ(early.stats().refreshes, 1u);
}

TEST(DramChannel, ALongIdlePeriodCountsEveryRefreshAndWaitsOnlyForTheLast) {
  // Idle until 1 s + 10 ns: 10^7 refreshes fall due before the next read, the last at exactly
  // 1 s, and the read waits out only that one's tRP + tRFC (they are skipped, not replayed).
  DramChannel ch = idle_refreshing_channel();
  const uint64_t last_refresh = 1'000'000'000'000ull;  // 10^7 x tREFI
  ch.enqueue(read(last_refresh + 10000, 0, 1, 1));
  EXPECT_EQ(ch.stats().refreshes, 10'000'000u);
  EXPECT_EQ(drain(ch, 2)[1], last_refresh + 12000 + 50000 + 12000 + 12000 + 2000);
}

TEST(DramChannel, RefreshIsPostponedWhileRequestsWait) {
  DramTiming t = timing();
  t.trefi = 10000, t.trfc = 50000;
  DramChannel ch(t, PagePolicy::Close, 64, 16, 0);
  for (uint32_t i = 0; i < 12; ++i) ch.enqueue(read(0, i % 16, 1, i));
  std::vector<ChannelDone> done;
  while (ch.next_command_time() != kNever) ch.issue(done);
  // 12 independent reads take ~70 ns: 7 refresh intervals pass, all postponed (at most 8).
  EXPECT_EQ(ch.stats().refreshes, 0u);
  EXPECT_LE(done.back().data_end, 12 * 6000u + 26000);
}

TEST(DramChannel, SchedulerOnlySeesItsWindow) {
  // Window of 1: a later hit cannot pass the oldest request's conflict.
  DramChannel narrow(timing(), PagePolicy::Close, 1, 16, 0);
  DramChannel wide(timing(), PagePolicy::Close, 16, 16, 0);
  for (DramChannel* ch : {&narrow, &wide}) {
    ch->enqueue(read(0, 0, 1, 0));
    ch->enqueue(read(0, 0, 2, 1));  // conflict
    ch->enqueue(read(0, 7, 1, 2));  // independent bank
  }
  EXPECT_GT(drain(narrow, 3)[2], drain(wide, 3)[2]);
}

// The write buffer is a window of write_queue_depth too: a later row hit waits for the buffered
// writes when the buffer is full, and passes them when it has room. (Writes had no bound: a store-
// heavy run buffered thousands, and every command scanned them all, quadratic in run length.)
TEST(DramChannel, WriteSchedulerOnlySeesItsBuffer) {
  const auto write = [](uint64_t arrive, uint32_t bank, uint64_t row, uint32_t slot) {
    ChannelRequest r = read(arrive, bank, row, slot);
    r.write = true;
    return r;
  };
  DramChannel narrow(timing(), PagePolicy::Close, 16, 1, 0);
  DramChannel wide(timing(), PagePolicy::Close, 16, 16, 0);
  for (DramChannel* ch : {&narrow, &wide}) {
    ch->enqueue(write(0, 0, 1, 0));
    ch->enqueue(write(0, 0, 2, 1));  // conflict
    ch->enqueue(write(0, 7, 1, 2));  // independent bank
    EXPECT_EQ(ch->queued(), 3u);     // buffered or waiting, all counted
  }
  const auto n = drain(narrow, 3), w = drain(wide, 3);
  EXPECT_GT(n[2], w[2]);
  for (uint64_t end : n) EXPECT_GT(end, 0u);  // every write completes, the waiting ones too
}

TEST(DramChannel, AnActivationClosedBeforeItsBurstCountsAsUnused) {
  // A read opens bank 0's row 1 at 0; a write to row 2 of that bank fills the one-entry write
  // buffer at 1 ns, so the channel drains it first and precharges row 1 (at tRAS) before any read
  // burst: three activations, one unused, two bursts (dram_row_hit_rate 0, not -0.5).
  DramChannel ch(timing(), PagePolicy::Close, 16, 1, 0);
  ch.enqueue(read(0, 0, 1, 0));
  ASSERT_EQ(ch.next_command_time(), 0u);
  std::vector<ChannelDone> done;
  ch.issue(done);  // ACT row 1
  ChannelRequest w = read(1000, 0, 2, 1);
  w.write = true;
  ch.enqueue(w);
  const auto end = drain(ch, 2);
  EXPECT_EQ(ch.stats().activates, 3u);
  EXPECT_EQ(ch.stats().unused_activates, 1u);
  EXPECT_EQ(ch.stats().reads + ch.stats().writes, 2u);
  EXPECT_GT(end[0], end[1]);  // the read waits for the write drained before it
}

// A measurement window's activity is the counters' difference (the closed loop's warm-up): an
// activation left unused before the window is not charged to the window's bursts.
TEST(DramCounters, SinceASnapshotCountsOnlyTheActivityAfterIt) {
  mem::DramCounters warmup;
  warmup.valid = true;
  warmup.activates = 10, warmup.unused_activates = 2, warmup.column_accesses = 8, warmup.bytes = 256;
  mem::DramCounters end = warmup;
  end.activates = 14, end.unused_activates = 3, end.column_accesses = 20, end.bytes = 640;
  const mem::DramCounters window = end.since(warmup);
  EXPECT_EQ(window.activates, 4u);
  EXPECT_EQ(window.unused_activates, 1u);
  EXPECT_EQ(window.column_accesses, 12u);
  EXPECT_EQ(window.bytes, 384u);
  EXPECT_DOUBLE_EQ(window.row_hit_rate(), 1.0 - 3.0 / 12.0);  // 3 used activations for 12 bursts
  EXPECT_DOUBLE_EQ(end.row_hit_rate(), 1.0 - 11.0 / 20.0);    // the whole run's
}

// The `dram` model's choice of channel: the earliest next command, the lowest channel at a tie (as
// the linear scan it replaced chose), after any channel's time changes.
TEST(ChannelMinTree, EarliestChannelFirstAndTheLowestAtATie) {
  ChannelMinTree tree(5);
  EXPECT_EQ(tree.min_time(), kNever);
  for (size_t c = 0; c < 5; ++c) tree.set(c, 100 - c * 10);  // 100 90 80 70 60
  EXPECT_EQ(tree.min_channel(), 4u);
  EXPECT_EQ(tree.min_time(), 60u);
  tree.set(1, 60);
  EXPECT_EQ(tree.min_channel(), 1u);  // a tie: the lowest channel
  tree.set(1, kNever);
  tree.set(4, kNever);
  EXPECT_EQ(tree.min_channel(), 3u);
  EXPECT_EQ(tree.min_time(), 70u);
}

// A node packs the time above the channel's bits: one channel takes no bits, and the H200's 188
// channels take 8; times of hours in picoseconds still fit, and a tie still goes to the lowest.
TEST(ChannelMinTree, PackedNodesKeepTimesAndChannelsOfAnyCount) {
  ChannelMinTree one(1);
  EXPECT_EQ(one.min_time(), kNever);
  one.set(0, 12345);
  EXPECT_EQ(one.min_channel(), 0u);
  EXPECT_EQ(one.min_time(), 12345u);
  ChannelMinTree many(188);
  const uint64_t hour_ps = uint64_t{3600} * 1'000'000'000'000;
  for (size_t c = 0; c < 188; ++c) many.set(c, hour_ps + 1000 - c % 7);
  EXPECT_EQ(many.min_time(), hour_ps + 994);
  EXPECT_EQ(many.min_channel(), 6u);  // 6, 13, 20, ... tie at the earliest time
  many.set(6, kNever);
  EXPECT_EQ(many.min_channel(), 13u);
  for (size_t c = 0; c < 188; ++c) many.set(c, kNever);
  EXPECT_EQ(many.min_time(), kNever);
}

}  // namespace
}  // namespace warpsim::mem::dram
