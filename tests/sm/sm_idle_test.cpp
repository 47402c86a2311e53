// The idle slots of the issue log (RunOptions::record_issues, Result::idle_log): every issue slot
// in which a scheduler issued nothing, with the reason the stall accounting charged it to. The GPU
// is Volkov's Figure 4.7 toy (hw_configs/toy: one scheduler issuing every cycle, CUDA-core latency
// 3, memory latency 12), single issue unless a test says otherwise; one-warp blocks, resident at
// cycle 0. Each expectation is derived by hand beside it ("first+slots:reason").
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <array>
#include <map>

#include "config/loader.h"
#include "device/simulate.h"
#include "isa/workload_parser.h"
#include "isa/workloads.h"

namespace warpsim::sm {
namespace {

device::Result run(const std::vector<std::string>& sets, const std::string& body, int warps, int blocks = 0) {
  std::vector<std::string> all{"scheduler.width=1"};
  all.insert(all.end(), sets.begin(), sets.end());
  const config::HwConfig cfg = config::load_hw_config("toy", all);
  const isa::Kernel k =
      isa::parse_workload(fmt::format(".kernel t\n.array data 1MB\n.launch threads_per_block=32 grid=fixed blocks={}\n{}EXIT\n",
                                      blocks == 0 ? warps : blocks, body),
                          "<sm_idle_test>");
  device::RunOptions o;
  o.warps_per_sm = warps;
  o.sms = 1;
  o.record_issues = true;
  return device::simulate(cfg, k, o);
}

std::string idle(const device::Result& r) {
  std::string out;
  for (const device::IdleRecord& i : r.idle_log)
    out += fmt::format("{}{}+{}:{}", out.empty() ? "" : " ", i.cycle, i.cycles, device::kIdleReasons[i.reason]);
  return out;
}

// The idle slots per reason, in StallBreakdown's order after `issued`.
std::array<uint64_t, 6> idle_slots(const device::Result& r, uint64_t cycles_per_issue) {
  std::array<uint64_t, 6> n{};
  for (const device::IdleRecord& i : r.idle_log) n[i.reason] += i.cycles / cycles_per_issue;
  return n;
}

// A dependent chain of one warp waits the CUDA-core latency L between issues (§3.7): issues at 0,
// L, 2L, then EXIT at 3L (it waits for the last write), so each gap is L - 1 slots of dependency.
TEST(SmIdle, ADependentChainLeavesLatencyLessOneSlotsIdleOnDependency) {
  for (int latency : {2, 3, 5, 8}) {
    const device::Result r = run({fmt::format("alu.latency_cycles={}", latency)}, "FADD R1, R1, R2\nFADD R1, R1, R2\nFADD R1, R1, R2\n", 1);
    std::string want;
    for (int k = 0; k < 3; ++k) want += fmt::format("{}{}+{}:dependency", k ? " " : "", k * latency + 1, latency - 1);
    EXPECT_EQ(idle(r), want) << "latency " << latency;
    EXPECT_EQ(r.stalls.dependency, 3u * (latency - 1)) << "latency " << latency;
  }
}

// A global load's consumer waits the memory latency (12): LD at 0, FADD at 12, EXIT at 15; the 11
// slots between are memory, the 2 before EXIT dependency.
TEST(SmIdle, SlotsBeforeALoadsConsumerAreIdleOnMemory) {
  EXPECT_EQ(idle(run({}, "LD R1, [R1] ; pattern=stream\nFADD R1, R1, R2\n", 1)), "1+11:memory 13+2:dependency");
}

// Same-warp issue latency 2 (§3.7): independent FADDs at 0 and 2 (slot 1: issue_limit), EXIT at 5
// after the second write (slots 3-4: dependency).
TEST(SmIdle, SameWarpIssueLatencyIsIdleOnTheIssueLimit) {
  EXPECT_EQ(idle(run({"scheduler.same_warp_issue_latency_cycles=2"}, "FADD R1, R1, R2\nFADD R3, R3, R2\n", 1)),
            "1+1:issue_limit 3+2:dependency");
}

// Half-rate CUDA cores (16 lanes): a warp FADD holds them 2 cycles, so w1's FADD, ready at 1,
// waits for them: slot 1 pipe_busy; w1 issues at 2; w0's EXIT (ready at 3) at 3, w1's at 5 after
// its write at 2 + 3 (slot 4: dependency).
TEST(SmIdle, AReadyWarpHeldByItsBusyUnitIsIdleOnPipeBusy) {
  EXPECT_EQ(idle(run({"alu.ops_per_cycle=16"}, "FADD R1, R1, R2\n", 2)), "1+1:pipe_busy 4+1:dependency");
}

// Block refill (§3.8): one warp slot, three one-warp blocks, a block starting 5 cycles after the one
// before exits (FADD 0, EXIT 3; the next FADD at 8): after each EXIT the 4 slots 4-7 have no warp.
TEST(SmIdle, SlotsBeforeTheNextBlockArrivesAreIdleWithNoWarp) {
  EXPECT_EQ(idle(run({"sm.block_launch_latency_cycles=5"}, "FADD R1, R1, R2\n", 1, 3)),
            "1+2:dependency 4+4:no_warp 9+2:dependency 12+4:no_warp 17+2:dependency");
}

// Every slot of every scheduler is issued or idle for one reason: the idle log's slots are the
// stall breakdown's, reason by reason, and with the issued slots make cycles x schedulers. The toy's
// Figure 4.7 run (dual issue, alpha = 4, 6 warps), and Kepler's 4 schedulers on one SM.
TEST(SmIdle, IssuedAndIdleSlotsMakeEverySlotOfEveryScheduler) {
  for (const char* gpu : {"toy", "kepler"}) {
    const config::HwConfig cfg = config::load_hw_config(gpu);
    const isa::Kernel k = isa::load_workload("alpha_mix", {{"alpha", "4"}, {"loads", "8"}});
    device::RunOptions o;
    o.warps_per_sm = 6;
    o.sms = 1;
    o.record_issues = true;
    const device::Result r = device::simulate(cfg, k, o);
    const uint64_t cpi = static_cast<uint64_t>(cfg.scheduler.cycles_per_issue);
    const auto n = idle_slots(r, cpi);
    const device::StallBreakdown& s = r.stalls;
    EXPECT_EQ(n, (std::array<uint64_t, 6>{s.dependency, s.memory, s.pipe_busy, s.issue_limit, s.barrier, s.no_warp})) << gpu;
    uint64_t idle_total = 0;
    for (uint64_t x : n) idle_total += x;
    EXPECT_EQ(s.issued + idle_total, s.total()) << gpu;
    // One SM from cycle 0, no stores: the whole run (the grid's several waves, not the steady-state
    // window of `cycles`) is its issue slots' span.
    EXPECT_EQ(s.total(), (r.total_cycles + cpi - 1) / cpi * cfg.scheduler.count) << gpu;
    EXPECT_GT(r.idle_log.size(), 0u) << gpu;
  }
}

// A scheduler retried and still idle for the same reason (a load of a warp waiting on two came
// back) extends its run: adjacent records of one scheduler differ in reason. Kepler's vector add,
// two loads per warp, whose first completions wake schedulers the second still holds.
TEST(SmIdle, ARunOfIdleSlotsForOneReasonIsOneRecord) {
  const config::HwConfig cfg = config::load_hw_config("kepler");
  device::RunOptions o;
  o.warps_per_sm = 8;
  o.sms = 1;
  o.record_issues = true;
  const device::Result r = device::simulate(cfg, isa::load_workload("vector_add", {}), o);
  std::map<uint32_t, const device::IdleRecord*> last;  // by scheduler
  int adjacent_alike = 0;
  for (const device::IdleRecord& i : r.idle_log) {
    if (const auto it = last.find(i.scheduler); it != last.end())
      adjacent_alike += it->second->reason == i.reason && it->second->cycle + it->second->cycles == i.cycle;
    last[i.scheduler] = &i;
  }
  EXPECT_EQ(adjacent_alike, 0);
  const auto n = idle_slots(r, 1);
  EXPECT_EQ(n, (std::array<uint64_t, 6>{r.stalls.dependency, r.stalls.memory, r.stalls.pipe_busy, r.stalls.issue_limit, r.stalls.barrier,
                                        r.stalls.no_warp}));
}

}  // namespace
}  // namespace warpsim::sm
