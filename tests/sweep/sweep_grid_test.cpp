#include "sweep/sweep_grid.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "common/user_error.h"
#include "config/schema.h"

namespace warpsim::sweep {
namespace {

GridSpec spec(std::vector<std::string> gpus, std::vector<std::string> workloads) {
  GridSpec s;
  s.gpus = std::move(gpus);
  s.workloads = std::move(workloads);
  return s;
}

}  // namespace

TEST(SweepGrid, SizeIsTheProductOfEveryListLength) {
  GridSpec s = spec({"maxwell", "kepler"}, {"alpha_mix", "sfu_mix"});
  s.params = {"alpha=1,8,inf"};
  s.sets = {"memory.latency_cycles=300,400", "scheduler.policy=gto,lrr"};
  s.warps = "4:16:4";
  EXPECT_EQ(expand_grid(s).size(), 2u * 2 * 3 * 2 * 2 * 4);
}

TEST(SweepGrid, OrderIsGpuThenSetsThenWorkloadThenParamsThenWarps) {
  GridSpec s = spec({"g1", "g2"}, {"w1", "w2"});
  s.sets = {"a=1,2"};
  s.params = {"p=x,y"};
  s.warps = "4,8";
  const auto pts = expand_grid(s);
  ASSERT_EQ(pts.size(), 32u);
  // The innermost list varies fastest.
  EXPECT_EQ(pts[0].warps, 4);
  EXPECT_EQ(pts[1].warps, 8);
  EXPECT_EQ(pts[1].params.at("p"), "x");
  EXPECT_EQ(pts[2].params.at("p"), "y");
  EXPECT_EQ(pts[3].workload, "w1");
  EXPECT_EQ(pts[4].workload, "w2");
  EXPECT_EQ(pts[7].sets, std::vector<std::string>{"a=1"});
  EXPECT_EQ(pts[8].sets, std::vector<std::string>{"a=2"});
  EXPECT_EQ(pts[15].gpu, "g1");
  EXPECT_EQ(pts[16].gpu, "g2");
}

TEST(SweepGrid, FirstListedParameterVariesSlowest) {
  GridSpec s = spec({"g"}, {"w"});
  s.params = {"b=1,2", "a=x,y"};
  const auto pts = expand_grid(s);
  ASSERT_EQ(pts.size(), 4u);
  EXPECT_EQ(pts[0].params, (isa::ParamMap{{"a", "x"}, {"b", "1"}}));
  EXPECT_EQ(pts[1].params, (isa::ParamMap{{"a", "y"}, {"b", "1"}}));
  EXPECT_EQ(pts[2].params, (isa::ParamMap{{"a", "x"}, {"b", "2"}}));
}

TEST(SweepGrid, EveryPointHasADistinctKeyNamingAllItsCoordinates) {
  GridSpec s = spec({"maxwell", "kepler"}, {"alpha_mix"});
  s.params = {"alpha=1,8", "loads=4"};
  s.sets = {"memory.latency_cycles=300,400"};
  s.warps = "8:32:8";
  const auto pts = expand_grid(s);
  std::set<std::string> keys;
  for (const auto& p : pts) keys.insert(p.key);
  EXPECT_EQ(keys.size(), pts.size());
  EXPECT_EQ(pts[0].key, "gpu=maxwell|set=memory.latency_cycles=300|workload=alpha_mix|param=alpha=1 loads=4|warps=8");
}

TEST(SweepGrid, KeyIsIndependentOfTheOrderSetsAreGivenIn) {
  GridPoint a{"g", {"x=1", "y=2"}, "w", {}, 4, ""};
  GridPoint b{"g", {"y=2", "x=1"}, "w", {}, 4, ""};
  EXPECT_EQ(point_key(a), point_key(b));
}

TEST(SweepGrid, NoWarpsMeansAsManyAsFitWrittenMax) {
  const auto pts = expand_grid(spec({"g"}, {"w"}));
  ASSERT_EQ(pts.size(), 1u);
  EXPECT_EQ(pts[0].warps, 0);
  EXPECT_NE(pts[0].key.find("warps=max"), std::string::npos);
}

TEST(SweepGrid, WarpsAcceptsCommaSeparatedRangesInOrder) {
  EXPECT_EQ(parse_warps_list("2,8:16:4,1"), (std::vector<int>{2, 8, 12, 16, 1}));
  EXPECT_EQ(parse_warps_list("3:5"), (std::vector<int>{3, 4, 5}));
}

// No config holds more than 4096 warps per SM: a range past it makes no point for each value
// (1:1000000 once held a million points, ~560 MB).
TEST(SweepGrid, OccupanciesNoConfigCanHoldMakeNoPoint) {
  GridSpec s = spec({"g"}, {"w"});
  s.warps = "4095:1000000";
  const auto pts = expand_grid(s);
  ASSERT_EQ(pts.size(), 2u);
  EXPECT_EQ(pts.back().warps, kMostWarpsPerSm);
  // The bound is sm.max_warps' own range: a config may hold no more, and may hold that many.
  const auto& schema = config::hw_schema();
  const auto field = std::find_if(schema.begin(), schema.end(), [](const config::FieldSpec& f) { return f.key == "sm.max_warps"; });
  ASSERT_NE(field, schema.end());
  EXPECT_EQ(field->max, kMostWarpsPerSm);
}

TEST(SweepGrid, MalformedOrRepeatedInputIsAUserError) {
  EXPECT_THROW(parse_warps_list("8:4"), UserError);
  EXPECT_THROW(parse_warps_list("0"), UserError);
  EXPECT_THROW(parse_warps_list("4,4"), UserError);
  EXPECT_THROW(parse_value_list("alpha", "--param"), UserError);
  EXPECT_THROW(parse_value_list("=1", "--param"), UserError);
  EXPECT_THROW(parse_value_list("alpha=1,,2", "--param"), UserError);
  EXPECT_THROW(parse_value_list("alpha=1,1", "--param"), UserError);
  GridSpec s = spec({"g"}, {"w"});
  s.params = {"alpha=1", "alpha=2"};
  EXPECT_THROW(expand_grid(s), UserError);
  EXPECT_THROW(expand_grid(spec({}, {"w"})), UserError);
  EXPECT_THROW(expand_grid(spec({"g"}, {})), UserError);
  EXPECT_THROW(expand_grid(spec({"g", "g"}, {"w"})), UserError);
}

TEST(SweepGrid, ValueListsKeepTheirOrderAndTrimBlanks) {
  const auto [key, values] = parse_value_list(" alpha = inf, 1 ,0.25", "--param");
  EXPECT_EQ(key, "alpha");
  EXPECT_EQ(values, (std::vector<std::string>{"inf", "1", "0.25"}));
}

}  // namespace warpsim::sweep
