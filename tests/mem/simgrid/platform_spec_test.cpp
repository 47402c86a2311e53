// The SimGrid platform generated from a HwConfig: one host per simulated SM with its crossbar
// port, one host per DRAM channel with its data bus, bandwidths and delays from the config.
#include <gtest/gtest.h>

#include <simgrid/s4u.hpp>

#include "common/user_error.h"
#include "config/loader.h"
#include "mem/simgrid/engine_thread.h"
#include "mem/simgrid/platform_spec.h"
#include "mem/simgrid/simgrid_memory.h"
#include "support/test_support.h"

namespace warpsim::mem::simgrid {
namespace {

namespace sg4 = ::simgrid::s4u;

TEST(SimGridPlatformSpec, KeplerHostsLinksAndBandwidthsFollowTheConfig) {
  const auto cfg = warpsim::test::builtin("kepler");
  const PlatformSpec p = make_platform_spec(cfg, cfg.device.sms);
  EXPECT_EQ(p.sms, 8);       // Volkov Table 2.6
  EXPECT_EQ(p.channels, 4);  // four 64-bit controllers (GTX 680 whitepaper)
  EXPECT_DOUBLE_EQ(p.clock_hz, 1.124e9);
  ASSERT_EQ(p.sm_ports.size(), 8u);
  ASSERT_EQ(p.channel_links.size(), 4u);
  for (const auto& l : p.channel_links) {
    EXPECT_DOUBLE_EQ(l.bandwidth_bytes_per_s, 154e9 / 4);  // Table 6.4 peak over the channels
    EXPECT_EQ(l.sharing, LinkSharing::Shared);
  }
  for (const auto& l : p.sm_ports) {
    EXPECT_DOUBLE_EQ(l.bandwidth_bytes_per_s, 192.3e9);  // memory.sm_port_gbps = 0: the pin bandwidth
    EXPECT_EQ(l.sharing, LinkSharing::SplitDuplex);
  }
  EXPECT_DOUBLE_EQ(p.pin_channel_bytes_per_s, 192.3e9 / 4);  // 64 bits x 6.008 GT/s
  EXPECT_EQ(p.sm_ports[3].name, "sm3_port");
  EXPECT_EQ(p.channel_links[2].name, "ch2_dram");
}

TEST(SimGridPlatformSpec, DelaysAndTransferAddUpToTheUnloadedTransactionLatency) {
  // Kepler with one LSU pass per sector (Table 6.7's reading): Table 6.2's 301 cycles per
  // coalesced load, less 3 x 33 cycles of departure spread of its four 32-byte transactions = 202
  // cycles per transaction.
  const auto cfg = config::load_hw_config("kepler", {"lsu.issue_unit=transaction", "lsu.transaction_issue_cycles=33"});
  const PlatformSpec p = make_platform_spec(cfg, cfg.device.sms);
  EXPECT_EQ(p.coalesced_transaction_bytes, 32u);
  EXPECT_NEAR(p.unloaded_transaction_s * p.clock_hz, 202.0, 1e-9);
  const double transfer = 32 / (154e9 / 4);
  EXPECT_NEAR(p.request_s + transfer + p.return_s, p.unloaded_transaction_s, 1e-18);
  EXPECT_GT(p.return_s, 0);
  EXPECT_NEAR(p.request_s, p.interconnect_s + p.dram_access_s, 1e-18);
}

TEST(SimGridPlatformSpec, FewerSmsGetTheirShareOfTheChannels) {
  const auto cfg = warpsim::test::builtin("maxwell");
  const PlatformSpec p = make_platform_spec(cfg, 1);
  EXPECT_EQ(p.sms, 1);
  EXPECT_DOUBLE_EQ(p.share, 1.0 / 16);
  EXPECT_DOUBLE_EQ(p.channel_links[0].bandwidth_bytes_per_s, 211e9 / 4 / 16);
  // The delays shrink by the longer transfer, so an unloaded transaction still takes 368
  // cycles (Maxwell, Table 6.2: a coalesced access's 4 sectors leave in one pass, §4.3).
  EXPECT_NEAR(p.unloaded_transaction_s * p.clock_hz, 368, 1e-9);
  EXPECT_NEAR(p.request_s + 32 / p.channel_links[0].bandwidth_bytes_per_s + p.return_s, p.unloaded_transaction_s, 1e-18);
}

TEST(SimGridPlatformSpec, SmPortBandwidthComesFromTheConfigWhenGiven) {
  const auto cfg = config::load_hw_config("kepler", {"memory.sm_port_gbps=30"});
  const PlatformSpec p = make_platform_spec(cfg, cfg.device.sms);
  EXPECT_DOUBLE_EQ(p.sm_ports[0].bandwidth_bytes_per_s, 30e9);
}

TEST(SimGridPlatformSpec, LatencyShorterThanTheTransferIsAUserErrorNamingTheKey) {
  const auto cfg =
      config::load_hw_config("kepler", {"lsu.issue_unit=transaction", "lsu.transaction_issue_cycles=33", "memory.latency_cycles=100",
                                        "memory.l2.slices=0"});  // 100 - 99 = 1 cycle (no L2: its hit would be longer)
  try {
    make_platform_spec(cfg, 1);
    FAIL() << "expected a UserError";
  } catch (const UserError& e) {
    EXPECT_EQ(e.diagnostics().at(0).key, "memory.latency_cycles");
  }
}

TEST(SimGridPlatform, SimGridLinksAndRoutesAreTheSpecs) {
  const auto cfg = warpsim::test::builtin("kepler");
  run_on_simgrid_thread([&] {
    SimGridMemory m(MemorySystemSpec{&cfg, cfg.device.sms, 1});
    const PlatformSpec& p = m.platform();
    const ActivePlatform& a = m.simgrid_platform();
    ASSERT_EQ(a.sm_hosts.size(), 8u);
    ASSERT_EQ(a.channel_hosts.size(), 4u);
    EXPECT_EQ(a.sm_hosts[5]->get_name(), "sm5");
    EXPECT_EQ(a.channel_hosts[1]->get_name(), "ch1");
    const auto* engine = sg4::Engine::get_instance();
    for (int i = 0; i < p.sms; ++i) {
      EXPECT_DOUBLE_EQ(engine->link_by_name(p.sm_ports[i].name + "_UP")->get_bandwidth(), p.sm_ports[i].bandwidth_bytes_per_s);
      EXPECT_DOUBLE_EQ(engine->link_by_name(p.sm_ports[i].name + "_DOWN")->get_bandwidth(), p.sm_ports[i].bandwidth_bytes_per_s);
    }
    for (int k = 0; k < p.channels; ++k) {
      EXPECT_DOUBLE_EQ(a.channel_links[k]->get_bandwidth(), p.channel_links[k].bandwidth_bytes_per_s);
      EXPECT_EQ(a.channel_links[k]->get_sharing_policy(), sg4::Link::SharingPolicy::SHARED);
      EXPECT_EQ(a.channel_links[k]->get_latency(), 0.0);  // delays are pipelined outside SimGrid
    }
    // A read's data: channel -> crossbar -> SM, through the channel's bus and the SM port's
    // reply direction; nothing else.
    std::vector<sg4::Link*> route;
    double latency = 0;  // route_to adds the links' latencies
    a.channel_hosts[2]->route_to(a.sm_hosts[6], route, &latency);
    ASSERT_EQ(route.size(), 2u);
    EXPECT_EQ(route[0]->get_name(), "ch2_dram");
    EXPECT_EQ(route[1]->get_name(), "sm6_port_DOWN");
    EXPECT_EQ(latency, 0.0);
  });
}

}  // namespace
}  // namespace warpsim::mem::simgrid
