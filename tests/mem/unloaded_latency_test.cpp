// One path sets every model's unloaded latency (mem/unloaded_latency.h): an unloaded coalesced
// access takes memory.latency_cycles (Table 6.2) under every model, whatever part of it the model
// spends in DRAM or servers, because the interconnect is derived as the remainder.
#include <gtest/gtest.h>

#include <cmath>

#include "mem/memory_factory.h"
#include "mem/unloaded_latency.h"
#include "support/test_support.h"

namespace warpsim::mem {
namespace {

config::HwConfig with_model(const char* gpu, config::MemoryModelKind kind) {
  config::HwConfig c = test::builtin(gpu);
  c.memory.model = kind;
  c.memory.l2.slices = 0;  // the model alone: the caches take their own trip (cached_memory.h)
  c.memory.l1.bytes = 0;
  return c;
}

}  // namespace

TEST(UnloadedLatency, EveryModelGivesAnIdleCoalescedAccessTable62sLatency) {
  using K = config::MemoryModelKind;
  for (const char* gpu : {"g80", "gt200", "fermi", "kepler", "maxwell"}) {
    for (K kind : {K::Fixed, K::Queue, K::Dram, K::Servers}) {
      const config::HwConfig c = with_model(gpu, kind);
      auto memory = make_memory_system(MemorySystemSpec{&c, c.device.sms, 1});
      // The transaction part, from the last departure to the last completion; the departure
      // spread before it is the SM's. The interconnect is rounded to whole ps, and completions
      // to whole cycles: within one cycle.
      const double expected = unloaded_transaction_latency_cycles(c);
      const auto tail = static_cast<double>(unloaded_coalesced_tail_cycles(*memory, c.lsu));
      EXPECT_LE(std::abs(tail - expected), 1.0) << gpu << " " << config::to_string(kind) << ": " << tail << " vs " << expected;
    }
  }
}

TEST(UnloadedLatency, ALatencyShorterThanTheDramTimingsIsAnErrorNamingTheKey) {
  config::HwConfig c = with_model("kepler", config::MemoryModelKind::Dram);
  c.memory.latency_cycles = 20;
  try {
    make_memory_system(MemorySystemSpec{&c, c.device.sms, 1});
    FAIL() << "a 20-cycle latency was accepted";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("memory.latency_cycles"), std::string::npos) << e.what();
  }
}

}  // namespace warpsim::mem
