// Invariants of the `dram` model (command-level DRAM channels behind a fixed interconnect latency).
#include <gtest/gtest.h>

#include "common/user_error.h"
#include "mem/closed_loop.h"
#include "mem/coalescer.h"
#include "mem/dram/dram_memory.h"
#include "mem/dram/dram_timing.h"
#include "mem/memory_factory.h"
#include "mem/random_traffic.h"
#include "support/test_support.h"

namespace warpsim::mem {
namespace {

config::HwConfig dram_config(const std::string& gpu) { return test_traffic::model_config(gpu, config::MemoryModelKind::Dram); }
using test_traffic::random_traffic;

TEST(DramMemory, UnloadedCoalescedLoadTakesTheTable62Latency) {
  for (const char* gpu : {"g80", "gt200", "fermi", "kepler", "maxwell"}) {
    const config::HwConfig c = dram_config(gpu);
    auto m = make_memory_system({&c, c.device.sms, 1});
    const std::vector<Segment> access = coalesced_access(c.lsu, 1ull << 30);
    std::vector<Completion> done;
    for (uint32_t k = 0; k < access.size(); ++k) {
      const auto at = static_cast<uint64_t>(access[k].issue_step * c.lsu.transaction_issue_cycles);
      m->advance(at, done);
      m->submit(Transaction{access[k].address, access[k].bytes, false, 0, k}, at);
    }
    while (done.size() < access.size()) m->advance(m->next_event_time(), done);
    EXPECT_NEAR(double(done.back().time), c.memory.latency_cycles, 1.0) << gpu;
  }
}

TEST(DramMemory, ThroughputNeverExceedsThePinBandwidth) {
  // Everything at once: the channels drain 600 KB no faster than the pins allow.
  for (const char* gpu : {"gt200", "maxwell"}) {
    const config::HwConfig c = dram_config(gpu);
    auto m = make_memory_system({&c, c.device.sms, 1});
    const int n = 5000;
    for (int i = 0; i < n; ++i) m->submit(Transaction{uint64_t(i) * 128, 128, false, 0, uint32_t(i)}, 0);
    std::vector<Completion> done;
    while (m->next_event_time() != kNever) m->advance(m->next_event_time(), done);
    const double ns = done.back().time / c.device.core_clock_ghz;
    EXPECT_LE(n * 128.0 / ns, c.memory.pin_bandwidth_gbps) << gpu;
    EXPECT_GT(n * 128.0 / ns, 0.8 * c.memory.pin_bandwidth_gbps) << gpu;  // and streams near it
  }
}

TEST(DramMemory, NoReadIsFasterThanARowHitThroughTheInterconnect) {
  const config::HwConfig c = dram_config("maxwell");
  const dram::DramMemory probe({&c, c.device.sms, 1});
  const dram::DramTiming t = dram::dram_timing(c);
  const double floor_cycles = probe.interconnect_cycles() + double(t.tcl + t.burst) * c.device.core_clock_ghz / 1000.0;
  std::vector<uint64_t> submit_at;
  std::vector<bool> is_write;
  const auto done = random_traffic(c, 5000, 5, &submit_at, &is_write);
  uint64_t fastest = ~uint64_t{0};
  for (const Completion& k : done)
    if (!is_write[k.tag]) fastest = std::min(fastest, k.time - submit_at[k.tag]);
  EXPECT_GE(double(fastest), floor_cycles - 1.0);
}

TEST(DramMemory, OneSimulatedSmGetsItsShareOfTheMemorySystem) {
  // At half the peak, one SM with virtual copies of itself for the other SMs sees the per-SM
  // throughput of the whole device within 3%.
  for (const char* gpu : {"kepler", "maxwell"}) {
    const config::HwConfig c = dram_config(gpu);
    ClosedLoopSpec s;
    s.config = &c;
    s.warps_per_sm = 16;
    s.measure_cycles = 60000;
    const double full = run_closed_loop(s).ipc_per_sm;
    s.simulated_sms = 1;
    const double one = run_closed_loop(s).ipc_per_sm;
    EXPECT_NEAR(one, full, 0.03 * full) << gpu;
  }
}

TEST(DramMemory, AWriteCompletesWhenItsControllerTakesItAndLandsLater) {
  // Alone, a write is taken into its controller's write buffer as it arrives, half the
  // interconnect after its submission; its data reach the DRAM an activation and a burst later.
  const config::HwConfig c = dram_config("maxwell");
  dram::DramMemory m({&c, c.device.sms, 1});
  const dram::DramTiming t = dram::dram_timing(c);
  m.submit(Transaction{0, 128, true, 0, 7}, 0);
  std::vector<Completion> done;
  while (m.next_event_time() != kNever) m.advance(m.next_event_time(), done);
  ASSERT_EQ(done.size(), 1u);
  EXPECT_EQ(done[0].tag, 7u);
  EXPECT_NEAR(double(done[0].time), m.interconnect_cycles() / 2, 1.0);
  const double lands = m.interconnect_cycles() / 2 + double(t.trcd + t.twl + t.burst) * c.device.core_clock_ghz / 1000.0;
  EXPECT_GE(double(m.writes_landed_by()), lands - 1.0);

  // A flood of writes (256 KB at once, over every channel) waits for room in the buffers: later
  // ones complete as slots free, none after the last write has landed.
  dram::DramMemory flood({&c, c.device.sms, 1});
  const int n = 2000;
  for (int i = 0; i < n; ++i) flood.submit(Transaction{uint64_t(i) * 128, 128, true, 0, uint32_t(i)}, 0);
  std::vector<Completion> all;
  while (flood.next_event_time() != kNever) flood.advance(flood.next_event_time(), all);
  ASSERT_EQ(all.size(), size_t(n));
  uint64_t last = 0;
  for (const Completion& k : all) last = std::max(last, k.time);
  EXPECT_GT(last, 4 * done[0].time);  // the buffers filled: the last waited for room
  EXPECT_LT(last, flood.writes_landed_by());
  // and the writes drain no faster than the pins
  EXPECT_LE(n * 128.0 / (flood.writes_landed_by() / c.device.core_clock_ghz), c.memory.pin_bandwidth_gbps);
}

// Every model the factory can name is either built or refused with a UserError, never a crash.
TEST(DramMemory, FactoryBuildsEachModelItReportsAsBuilt) {
  for (auto kind :
       {config::MemoryModelKind::Fixed, config::MemoryModelKind::Queue, config::MemoryModelKind::Dram, config::MemoryModelKind::SimGrid}) {
    config::HwConfig c = dram_config("maxwell");
    c.memory.model = kind;
    if (memory_model_built(kind))
      run_in_memory_context(c, [&] { EXPECT_NE(make_memory_system({&c, 1, 1}), nullptr); });
    else
      EXPECT_THROW(make_memory_system({&c, 1, 1}), UserError);
  }
}

}  // namespace
}  // namespace warpsim::mem
