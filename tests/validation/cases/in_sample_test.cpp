// In-sample cases (validation/cases/in_sample.h): a case is in-sample when its simulation reads a config
// value taken from the measurement it compares against, per the memory model's own keys.
#include <gtest/gtest.h>

#include "common/user_error.h"
#include "config/loader.h"
#include "support/test_support.h"
#include "validation/cases/in_sample.h"

namespace warpsim::validation {
namespace {

CaseSpec compared_with(const std::string& gpu, std::vector<std::string> measurements, std::string fit_curve = "") {
  CaseSpec c;
  c.gpu = gpu;
  c.compare.measurements = std::move(measurements);
  c.compare.fit_curve = std::move(fit_curve);
  return c;
}

std::vector<std::string> keys(const std::vector<std::string>& entries) {
  std::vector<std::string> out;
  for (const auto& e : entries) out.push_back(e.substr(0, e.find(':')));
  return out;
}

const std::vector<MeasuredInput>& builtin() {
  static const auto inputs = load_measured_inputs(builtin_measured_inputs_file());
  return inputs;
}

TEST(InSample, TheUnloadedLatencyMakesTable62StreamInSampleForEveryModel) {
  for (const char* model : {"dram", "servers", "fixed"}) {
    const auto cfg = config::load_hw_config("kepler", {std::string("memory.model=") + model});
    EXPECT_EQ(keys(in_sample_inputs(compared_with("kepler", {"volkov.t6_2.kepler.stream"}), cfg, builtin())),
              std::vector<std::string>{"memory.latency_cycles"})
        << model;
  }
}

TEST(InSample, TheSaturationTablesAreInSampleOnlyForTheModelsBuiltFromThem) {
  // Table 6.4's peak and knees: `servers` is given the peak and b, c; `fixed` the peak; the DRAM
  // models neither, so the peak must emerge. Table 6.5's fitted curve is a + b x / (c - x): every
  // model is given its a (the unloaded latency, Table 6.2's), which at 25-50% of the peak is most
  // of it, so the curve is in-sample for every model, and for `servers` through b and c as well.
  const CaseSpec peak = compared_with("maxwell", {"volkov.t6_4.maxwell.peak"});
  const CaseSpec curve = compared_with("maxwell", {}, "volkov.t6_5.maxwell");
  const auto dram = config::load_hw_config("maxwell");
  EXPECT_TRUE(in_sample_inputs(peak, dram, builtin()).empty());
  EXPECT_EQ(keys(in_sample_inputs(curve, dram, builtin())), std::vector<std::string>{"memory.latency_cycles"});
  const auto servers = config::load_hw_config("maxwell", {"memory.model=servers"});
  EXPECT_EQ(keys(in_sample_inputs(peak, servers, builtin())),
            (std::vector<std::string>{"memory.peak_gbps", "memory.contention_b_cycles", "memory.contention_c_gbps"}));
  EXPECT_EQ(
      keys(in_sample_inputs(curve, servers, builtin())),
      (std::vector<std::string>{"memory.latency_cycles", "memory.peak_gbps", "memory.contention_b_cycles", "memory.contention_c_gbps"}));
  const auto fixed = config::load_hw_config("maxwell", {"memory.model=fixed"});
  EXPECT_EQ(keys(in_sample_inputs(peak, fixed, builtin())), std::vector<std::string>{"memory.peak_gbps"});
}

TEST(InSample, AnAnalyticalModelIsInSampleForTheKeysItReads) {
  // Volkov's basic model is given Table 6.4's peak, the refined one Table 6.5's a, b and c as
  // well; Huang et al.'s model without its bandwidth term reads no peak at all.
  const CaseSpec peak = compared_with("maxwell", {"volkov.t6_4.maxwell.peak"});
  const CaseSpec stream_latency = compared_with("maxwell", {"volkov.t6_2.maxwell.stream"});
  const model::ModelInfo& volkov = *model::find_model("volkov");
  const model::ModelInfo& refined = *model::find_model("volkov_refined");
  const model::ModelInfo& huang = *model::find_model("huang_rr");
  EXPECT_EQ(keys(in_sample_inputs(peak, volkov, builtin())), std::vector<std::string>{"memory.peak_gbps"});
  EXPECT_EQ(keys(in_sample_inputs(peak, refined, builtin())),
            (std::vector<std::string>{"memory.peak_gbps", "memory.contention_a_cycles", "memory.contention_b_cycles",
                                      "memory.contention_c_gbps"}));
  EXPECT_TRUE(in_sample_inputs(peak, huang, builtin()).empty());
  EXPECT_EQ(keys(in_sample_inputs(stream_latency, volkov, builtin())), std::vector<std::string>{"memory.latency_cycles"});
  EXPECT_EQ(keys(in_sample_inputs(stream_latency, refined, builtin())), std::vector<std::string>{"memory.contention_a_cycles"});
  // The simulator's DRAM model reads neither the peak nor the fit.
  EXPECT_TRUE(in_sample_inputs(peak, config::load_hw_config("maxwell"), builtin()).empty());
}

TEST(InSample, AnInputOfOneGpuLeavesTheOthersOutOfSample) {
  // Maxwell's LSU pass per line comes from §4.3's stride-2 latency; no other GPU's does.
  const auto cfg = config::load_hw_config("maxwell");
  EXPECT_EQ(keys(in_sample_inputs(compared_with("maxwell", {"volkov.s4_3.maxwell.stride2_latency"}), cfg, builtin())),
            std::vector<std::string>{"lsu.issue_unit"});
  EXPECT_TRUE(in_sample_inputs(compared_with("kepler", {"volkov.s4_3.maxwell.stride2_latency"}), cfg, builtin()).empty());
}

TEST(InSample, AKeyThatIsNoConfigKeyIsAnErrorAtItsLine) {
  const std::string p =
      test::write_temp_file("inputs/bad.yaml", "inputs:\n  - key: memory.latncy_cycles\n    measurements: [x]\n    why: y\n");
  try {
    load_measured_inputs(p);
    FAIL() << "expected a UserError";
  } catch (const UserError& e) {
    ASSERT_EQ(e.diagnostics().size(), 1u);
    EXPECT_EQ(e.diagnostics()[0].line, 2);
    EXPECT_EQ(e.diagnostics()[0].key, "key");
  }
}

}  // namespace
}  // namespace warpsim::validation
