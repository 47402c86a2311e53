// The `servers` memory model (mem/servers/servers_memory.h): its two parameters come from Table
// 6.5 and nothing else, an unloaded load takes Table 6.2, no run exceeds Table 6.4's peak, and
// what it predicts beyond its inputs: Table 6.4's gradual saturation on the device, the same on
// one SM's share, Table 6.2's random latencies.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "common/user_error.h"
#include "mem/closed_loop_case.h"
#include "mem/servers/servers_memory.h"
#include "support/test_support.h"

namespace warpsim::mem::servers {
namespace {

config::HwConfig servers_config(const std::string& gpu) {
  config::HwConfig c = test::builtin(gpu);
  c.memory.model = config::MemoryModelKind::Servers;
  return c;
}

using test_loop::closed_loop;

TEST(ServersMemory, KAndServiceTimeComeFromTable65) {
  // Kepler: b = 32 cycles, c = 170 GB/s at 1.124 GHz: K = 2 b c / 128 B = 75.6 -> 76 servers, and
  // s keeps the capacity K x 128 B / s at c exactly (s = 2 b before rounding K).
  const config::HwConfig c = servers_config("kepler");
  const ServerGeometry g = server_geometry(c);
  EXPECT_EQ(g.count, 76);
  EXPECT_NEAR(g.count * 128.0 / g.line_service_cycles, 170 / 1.124, 1e-9);
  EXPECT_NEAR(g.line_service_cycles, 2 * 32, 0.01 * 64);
  // The H100's fit of its own measurements (hw_configs/h100_sxm.yaml): b 126.5, c 3447 at 1.98 GHz.
  const std::pair<const char*, int> k[] = {{"g80", 57}, {"gt200", 29}, {"fermi", 78}, {"maxwell", 60}, {"h100_sxm", 3441}};
  for (auto [gpu, servers] : k) EXPECT_EQ(server_geometry(servers_config(gpu)).count, servers) << gpu;
}

TEST(ServersMemory, MissingTable65NumbersAreAUserErrorNamingTheKey) {
  for (const char* key : {"contention_b_cycles", "contention_c_gbps"}) {
    config::HwConfig c = servers_config("kepler");
    (std::string(key) == "contention_b_cycles" ? c.memory.contention_b_cycles : c.memory.contention_c_gbps) = 0;
    try {
      server_geometry(c);
      ADD_FAILURE() << key;
    } catch (const UserError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("memory.") + key), std::string::npos) << e.what();
    }
  }
}

TEST(ServersMemory, AnUnloadedStreamingLoadTakesTable62OnTheDeviceAndOnAShare) {
  const std::pair<const char*, double> table62[] = {{"g80", 444}, {"gt200", 434}, {"fermi", 513}, {"kepler", 301}, {"maxwell", 368}};
  for (auto [gpu, lat] : table62) {
    const config::HwConfig c = servers_config(gpu);
    // The least latency is the unloaded one exactly (the fixed delay is derived from it); one
    // warp per SM meets another SM's access on its server now and then (G80's mean: +1%).
    const ClosedLoopResult device = closed_loop(c, 1, 0, 1, LoopPattern::Stream, 0, 200000);
    EXPECT_NEAR(static_cast<double>(device.instruction_latency.summary().min), lat, 1) << gpu;
    EXPECT_NEAR(device.mean_latency, lat, 0.015 * lat) << gpu;
    EXPECT_NEAR(closed_loop(c, 1, 1, 1, LoopPattern::Stream, 0, 200000).mean_latency, lat, 0.015 * lat) << gpu << " --sms 1";
  }
}

TEST(ServersMemory, NoRunExceedsTable64sPeakAndIlpAttainsIt) {
  for (const char* gpu : {"gt200", "kepler", "maxwell"}) {
    const config::HwConfig c = servers_config(gpu);
    for (int sms : {0, 1}) {
      // Loads pass the limit at its rate at most; a window counts completions, which differ from
      // passes by the change in what waits at the servers behind it: at most the loads in flight
      // (64 warps x 4 chains per SM x 128 B: < 1% of a 400,000-cycle window at the peak).
      const double gbps = closed_loop(c, c.sm.max_warps, sms, 4, LoopPattern::Stream, 0, 400000).gbps;
      EXPECT_LE(gbps, 1.01 * c.memory.peak_gbps) << gpu << " sms " << sms;
      EXPECT_GT(gbps, 0.97 * c.memory.peak_gbps) << gpu << " sms " << sms;
    }
  }
}

TEST(ServersMemory, SaturatesGraduallyAsTable64Says) {
  // A prediction: the model's inputs are Table 6.5's b and c and Table 6.4's peak, not its knee.
  // % of peak at the linear occupancy (latency x peak) within 5 points, on the device.
  struct Knee {
    const char* gpu;
    int linear;  // warps/SM, Table 6.4 per scheduler x schedulers
    double pct;
  };
  for (const Knee& k : {Knee{"gt200", 12, 84}, Knee{"kepler", 40, 78}, Knee{"maxwell", 30, 80}}) {
    const config::HwConfig c = servers_config(k.gpu);
    EXPECT_NEAR(100 * closed_loop(c, k.linear).gbps / c.memory.peak_gbps, k.pct, 5) << k.gpu;
  }
}

TEST(ServersMemory, OneSmsShareFollowsTheDevice) {
  // The share keeps the device's servers, the other SMs' traffic replayed by stand-ins: per-SM
  // throughput within 4% of the full device below, at and above the knee.
  for (const char* gpu : {"g80", "kepler", "maxwell"}) {
    const config::HwConfig c = servers_config(gpu);
    for (int warps : {8, c.sm.max_warps / 2, c.sm.max_warps}) {
      const double device = closed_loop(c, warps).gbps, share = closed_loop(c, warps, 1).gbps;
      EXPECT_NEAR(share / device, 1.0, 0.04) << gpu << " " << warps << " warps/SM";
    }
  }
}

TEST(ServersMemory, AShareOfManyServersAndManyCopiesKeepsItsPartOfTheServersAndFollowsTheCopies) {
  // The H100's one-SM share would replay each transaction 131 times; it keeps 26 of the 3441
  // servers instead. A 12-SM share (10 copies) keeps all of them with copies. Per-SM streaming
  // throughput and latency of the two within 2% below, at and above the knee.
  const config::HwConfig c = servers_config("h100_sxm");
  for (int warps : {8, 32, 64}) {
    const ClosedLoopResult one = closed_loop(c, warps, 1), twelve = closed_loop(c, warps, 12);
    EXPECT_NEAR(one.gbps / twelve.gbps, 1.0, 0.02) << warps << " warps/SM";
    EXPECT_NEAR(one.mean_latency / twelve.mean_latency, 1.0, 0.02) << warps << " warps/SM";
  }
}

TEST(ServersMemory, RandomLatencyAtOneWarpPerDeviceIsTable62Within3Percent) {
  // §6.7, with the LSU passes net of what the servers add to a diverging access
  // (mem/lsu_calibration.h). G80 is not listed: its s = 2 b = 122 cycles per line makes a lone
  // warp's 32 lines collide on 57 servers for more than Table 6.7's whole increment (694 cycles
  // against 644; docs/memory-model.md).
  const std::pair<const char*, double> table62[] = {{"gt200", 662}, {"fermi", 1571}, {"kepler", 1213}, {"maxwell", 534}};
  for (auto [gpu, lat] : table62)
    EXPECT_NEAR(closed_loop(servers_config(gpu), 1, 0, 1, LoopPattern::Random, 1, 400000).mean_latency, lat, 0.03 * lat) << gpu;
}

}  // namespace
}  // namespace warpsim::mem::servers
