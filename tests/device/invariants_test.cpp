// Invariants that hold on every run: Little's law, determinism, issue-slot accounting.
#include <gtest/gtest.h>

#include "config/loader.h"
#include "device/simulate.h"
#include "isa/generators.h"
#include "isa/workload_parser.h"
#include "report/result_table.h"
#include "sm/address_generator.h"
#include "support/fixture_configs.h"

namespace warpsim::device {
namespace {

struct Case {
  std::string gen;
  isa::ParamMap params;
};

std::vector<Case> cases() {
  return {{"homogeneous", {{"op", "add"}, {"count", "256"}}},   {"homogeneous", {{"op", "sfu"}, {"count", "256"}}},
          {"homogeneous", {{"op", "smem2"}, {"count", "256"}}}, {"homogeneous", {{"op", "stream"}, {"count", "16"}}},
          {"homogeneous", {{"op", "random"}, {"count", "4"}}},  {"alpha_mix", {{"alpha", "8"}, {"loads", "16"}}},
          {"sfu_mix", {{"alpha", "0.5"}, {"groups", "64"}}},    {"ilp", {{"k", "3"}, {"count", "24"}}}};
}

Result run(const config::HwConfig& cfg, const Case& c, int warps, uint64_t seed = 1) {
  RunOptions o;
  o.warps_per_sm = warps;
  o.sms = 2;
  o.seed = seed;
  return simulate(cfg, isa::generate(*isa::find_generator(c.gen), c.params), o);
}

}  // namespace

TEST(Invariants, LittlesLawHoldsOnEveryRun) {
  // mean occupancy (integral of the tracked occupancy) = mean warp latency x warp throughput,
  // both sides measured independently (Volkov §3.4).
  for (auto policy :
       {config::SchedulerPolicy::Lrr, config::SchedulerPolicy::Gto, config::SchedulerPolicy::Oldest, config::SchedulerPolicy::TwoLevel}) {
    for (auto cfg : {test::maxwell_like(), test::kepler_like()}) {
      cfg.scheduler.policy = policy;
      for (const auto& c : cases())
        for (int n : {1, 7, 16, 33, 64}) {
          const Result r = run(cfg, c, n);
          EXPECT_LT(r.little_law_error, 0.01) << c.gen << " " << n;
          EXPECT_GT(r.mean_occupancy, 0);
          EXPECT_LE(r.mean_occupancy, n + 1e-9);
          EXPECT_EQ(r.max_occupancy, static_cast<uint32_t>(n));
        }
    }
  }
}

// Warps waiting at a barrier under every policy: the two-level scheduler kept them in its active
// set, which then waited for pending warps it never let issue (a livelock that polled every cycle,
// unseen by the watchdog in the one-SM loop; found by fuzzing).
TEST(Invariants, EveryPolicyRunsWarpsThroughBarriers) {
  const isa::Kernel k = isa::parse_workload(
      ".kernel bars\n.array a 128MB\n.launch threads_per_block=256\nBAR.SYNC 0\nLD R10, [R10]\nLD R10, [R10]\nBAR.SYNC 0\n", "bars.wl");
  for (auto policy :
       {config::SchedulerPolicy::Lrr, config::SchedulerPolicy::Gto, config::SchedulerPolicy::Oldest, config::SchedulerPolicy::TwoLevel}) {
    for (int active : {1, 2, 8}) {
      auto cfg = test::kepler_like();
      cfg.scheduler.policy = policy;
      cfg.scheduler.two_level_active_warps = active;
      RunOptions o;
      o.warps_per_sm = 16;
      o.sms = 1;
      const Result r = simulate(cfg, k, o);
      // It ends (before the fix the watchdog threw: no instruction issued for 2^24 cycles), its
      // warps having passed the barriers with their loads between them.
      EXPECT_GT(r.warp_instructions_by_class[isa::index(isa::OpClass::Barrier)], 16u) << static_cast<int>(policy) << " " << active;
      EXPECT_GT(r.warp_instructions_by_class[isa::index(isa::OpClass::Load)], 16u);
      EXPECT_LT(r.little_law_error, 0.01);
    }
  }
}

// A run spans its last EXIT's issue slot: it ended at the slot's start, and a short single-wave
// kernel issued more per cycle than its schedulers can (88 barriers and EXITs in 21 cycles on 4
// schedulers that issue one of them per cycle; found by fuzzing).
TEST(Invariants, AShortRunIssuesNoMoreThanItsSchedulersCan) {
  const isa::Kernel k =
      isa::parse_workload(".kernel bars\n.launch threads_per_block=256 grid=persistent\n.loop 10\nBAR.SYNC 0\n.endloop\n", "bars.wl");
  const auto cfg = test::maxwell_like();
  for (int warps : {8, 16}) {
    RunOptions o;
    o.warps_per_sm = warps;
    o.sms = 1;
    const Result r = simulate(cfg, k, o);
    // Neither BAR nor EXIT pairs: one per scheduler per cycle.
    EXPECT_LE(r.warp_instructions, r.cycles * static_cast<uint64_t>(cfg.scheduler.count)) << warps;
    EXPECT_EQ(r.warp_instructions, static_cast<uint64_t>(warps) * 11);
  }
  // A grid that refills its slots is timed over a window, which closes with the last block's
  // EXIT: its slot counts too (on G80 at 64 cycles per issue it read 4 issues in 3 slots).
  const isa::Kernel tiny =
      isa::parse_workload(".kernel tiny\n.launch threads_per_block=32 grid=oversubscribed blocks_per_slot=2\nFADD R1, R1, R2\n", "tiny.wl");
  auto slow = config::load_hw_config("g80");  // one scheduler, one instruction per slot
  slow.scheduler.cycles_per_issue = 64;
  slow.sm.block_launch_latency_cycles = 0;
  for (int warps : {1, 2}) {
    RunOptions o;
    o.warps_per_sm = warps;
    o.sms = 1;
    const Result r = simulate(slow, tiny, o);
    EXPECT_TRUE(r.steady_state_window);
    EXPECT_LE(r.warp_instructions * 64, r.cycles) << warps;
  }
}

TEST(Invariants, WarpThroughputCountsTheWarpsOfTheWindowsWork) {
  // A grid that refills slots is measured over a steady-state window that its tail closes; warps
  // still running then have issued part of the window's instructions. Warp throughput must be the
  // same work in warps: IPC over instructions per warp, and occupancy over latency (Little's law).
  // With long warps (64 loads) and 2 waves, counting only the warps completed by the close gives
  // ~20% less.
  const auto cfg = test::kepler_like();
  for (const Case& c : {Case{"alpha_mix", {{"alpha", "1"}, {"loads", "64"}}}, Case{"alpha_mix", {{"alpha", "64"}, {"loads", "8"}}}})
    for (int n : {8, 24}) {
      RunOptions o;
      o.warps_per_sm = n;
      o.sms = 1;
      auto k = isa::generate(*isa::find_generator(c.gen), c.params);
      k.launch.blocks_per_slot = 2;
      const Result r = simulate(cfg, k, o);
      ASSERT_TRUE(r.steady_state_window) << c.params.at("alpha") << " " << n;
      const double per_warp = static_cast<double>(isa::instruction_mix(k).total);
      EXPECT_NEAR(r.warp_throughput_per_sm * per_warp / r.ipc_per_sm, 1.0, 1e-9) << c.params.at("alpha") << " " << n;
      EXPECT_NEAR(r.warp_throughput_per_sm * r.mean_warp_latency / r.mean_occupancy, 1.0, 0.03) << c.params.at("alpha") << " " << n;
    }
}

TEST(Invariants, SameInputsAndSeedGiveIdenticalOutput) {
  const auto cfg = test::kepler_like();
  for (const auto& c : cases()) {
    const std::string a = report::results_table({run(cfg, c, 24)}).to_csv();
    const std::string b = report::results_table({run(cfg, c, 24)}).to_csv();
    EXPECT_EQ(a, b) << c.gen;
  }
}

TEST(Invariants, RandomAccessesAreFullyDivergingForEverySeed) {
  const Case c{"homogeneous", {{"op", "random"}, {"count", "8"}}};
  const auto cfg = test::kepler_like();
  const Result a = run(cfg, c, 4, 1), b = run(cfg, c, 4, 2);
  // 32 sectors of 32 bytes per load (Kepler 32-byte segments, §6.7), whatever the seed...
  for (const Result* r : {&a, &b}) {
    const uint64_t loads = r->warp_instructions_by_class[isa::index(isa::OpClass::Load)];
    EXPECT_EQ(r->transactions, loads * 32);
    EXPECT_EQ(r->bytes_transferred, loads * 32 * 32);
  }
  // ...while the addresses themselves follow the seed.
  const auto k = isa::generate(*isa::find_generator("homogeneous"), c.params);
  std::array<uint64_t, 32> x{}, y{};
  sm::AddressGenerator(k, cfg, 1).global_addresses(0, {}, 0, x);
  sm::AddressGenerator(k, cfg, 2).global_addresses(0, {}, 0, y);
  EXPECT_NE(x, y);
}

TEST(Invariants, EveryIssueSlotIsAccountedOnce) {
  // Slots from first start to last end, per scheduler, each issued or stalled for one reason.
  const auto cfg = test::maxwell_like();
  for (const auto& c : cases()) {
    RunOptions o;
    o.warps_per_sm = 12;
    o.sms = 1;
    const Result r = simulate(cfg, isa::generate(*isa::find_generator(c.gen), c.params), o);
    const double slots = static_cast<double>(r.total_cycles) * cfg.scheduler.count / cfg.scheduler.cycles_per_issue;
    EXPECT_NEAR(static_cast<double>(r.stalls.total()), slots, cfg.scheduler.count * 2.0) << c.gen;
    EXPECT_GE(r.stalls.issued * 2, r.warp_instructions) << c.gen;  // at most two per slot
  }
}

TEST(Invariants, MemoryThroughputNeverExceedsTheFixedModelsCap) {
  // The `fixed` model serves at most its peak (Table 6.4) per unit time, so no run may report more:
  // the analytical throughput bound (Volkov §4.1). Saturated, several waves, so the window ends
  // with a full loaded latency of accesses in flight; counting them at issue would exceed the cap.
  for (const char* gpu : {"gt200", "kepler"})
    for (const char* op : {"stream", "random"}) {
      const config::HwConfig cfg = config::load_hw_config(gpu, {"memory.model=fixed"});
      isa::Kernel k = isa::generate(*isa::find_generator("homogeneous"), {{"op", op}, {"count", "8"}});
      k.launch.blocks_per_slot = 4;
      RunOptions o;
      o.warps_per_sm = cfg.sm.max_warps;
      o.sms = 1;
      const Result r = simulate(cfg, k, o);
      ASSERT_TRUE(r.steady_state_window) << gpu << " " << op;
      EXPECT_LE(r.dram_gbps, cfg.memory.peak_gbps) << gpu << " " << op;
      // And it is saturated: a random access moves 32 bytes per line it touches, charged a line
      // (memory.line_charge_bytes, Volkov §6.7).
      const double moved_per_charged = std::string(op) == "random" ? 32.0 / cfg.memory.line_charge_bytes : 1.0;
      EXPECT_GT(r.dram_gbps, 0.9 * cfg.memory.peak_gbps * moved_per_charged) << gpu << " " << op;
      EXPECT_LT(r.dram_gbps, 1.001 * cfg.memory.peak_gbps * moved_per_charged) << gpu << " " << op;
    }
}

TEST(Barriers, WarpsOfABlockWaitForEachOtherAtBar) {
  // Warp 0 of each block takes a long path (an SFU chain) before BAR; the others wait, so every
  // warp's latency includes the slowest warp's path (Volkov §3.7, Listing 3.3).
  const std::string text =
      ".kernel bar\n.launch threads_per_block=128 grid=persistent\n"
      "FADD R1, R1, R2\nBAR.SYNC 0\nFADD R1, R1, R2\nEXIT\n";
  const auto cfg = test::maxwell_like();
  RunOptions o;
  o.warps_per_sm = 4, o.sms = 1, o.record_warps = true;
  const Result r = simulate(cfg, isa::parse_workload(text, "bar.wl"), o);
  ASSERT_EQ(r.warp_records.size(), 4u);
  for (const auto& w : r.warp_records) EXPECT_EQ(w.end, r.warp_records[0].end);
}

}  // namespace warpsim::device
