#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <string>

#include "common/user_error.h"
#include "config/schema.h"
#include "isa/generators.h"
#include "isa/workloads.h"
#include "model/model_context.h"
#include "model/model_test_util.h"
#include "model/registry.h"
#include "support/test_support.h"

namespace warpsim::model {
namespace {

TEST(ModelRegistry, NamesAreUniqueAndDescriptionsCiteASource) {
  std::set<std::string> names;
  for (const auto& m : models()) {
    EXPECT_TRUE(names.insert(m.name).second) << m.name;
    EXPECT_TRUE(m.description.find("Volkov 2016 §") != std::string::npos || m.description.find("Lemeire") != std::string::npos ||
                m.description.find("TEG §") != std::string::npos)
        << m.name;
    EXPECT_EQ(find_model(m.name), &m);
  }
  EXPECT_EQ(find_model("no_such_model"), nullptr);
  EXPECT_THROW(evaluate_model("no_such_model", warpsim::test::builtin("kepler"), test::alpha_mix("1"), 4), UserError);
  EXPECT_TRUE(evaluate_model("volkov", warpsim::test::builtin("kepler"), test::alpha_mix("1"), 4).available);
}

TEST(ModelRegistry, EveryModelGivesAnEstimateOrSaysWhyNotAtTheEdges) {
  // α = 0, 8 and ∞ at n = 1 and at full occupancy on every seed GPU: a finite number, positive
  // unless flagged as the model's own flaw, or "n/a" with a reason.
  for (const char* gpu : {"g80", "gt200", "fermi", "kepler", "maxwell"}) {
    const auto cfg = warpsim::test::builtin(gpu);
    for (const char* alpha : {"0", "8", "inf"}) {
      const ModelContext c = make_context(cfg, test::alpha_mix(alpha));
      for (double n : {1.0, static_cast<double>(cfg.sm.max_warps)})
        for (const auto& m : models()) {
          const Estimate e = m.evaluate(c, n);
          const std::string where = std::string(gpu) + " alpha=" + alpha + " n=" + std::to_string(n) + " " + m.name;
          if (!e.available) {
            EXPECT_EQ(e.flag.rfind("n/a: ", 0), 0u) << where;
            continue;
          }
          EXPECT_TRUE(std::isfinite(e.warp_throughput)) << where;
          if (e.warp_throughput <= 0) {
            EXPECT_NE(e.flag.find("model flaw"), std::string::npos) << where;
          }
        }
    }
  }
}

TEST(ModelRegistry, PriorModelsAreNotAvailableForShaderMixes) {
  // Chapter 7 defines them for arithmetic + global memory only; an SFU mix gets "n/a".
  const auto cfg = warpsim::test::builtin("maxwell");
  const ModelContext c = make_context(cfg, isa::generate(*isa::find_generator("sfu_mix"), {{"alpha", "4"}}));
  for (const char* name : {"cuda_guide", "hong_kim", "baghsorkhi", "zhang_owens", "sim_et_al"})
    EXPECT_FALSE(find_model(name)->evaluate(c, 16).available) << name;
  for (const char* name : {"volkov", "lemeire", "huang_rr"}) EXPECT_TRUE(find_model(name)->evaluate(c, 16).available) << name;
}

TEST(ModelRegistry, OneWarpIsLatencyBoundInEveryLatencyAwareModel) {
  // n = 1: no other warp hides anything, so Volkov's, Lemeire's and Huang's estimates are one
  // group per (mem_lat + α·alu_lat) cycles on the α-mix.
  const auto cfg = warpsim::test::builtin("fermi");
  const ModelContext c = make_context(cfg, test::alpha_mix("8", 100000));
  const double want = 1 / (100000 * (513 + 8 * 18.0));
  for (const char* name : {"volkov", "lemeire", "huang_rr"})
    EXPECT_NEAR(find_model(name)->evaluate(c, 1).warp_throughput, want, want * 1e-3) << name;
  // Zhang & Owens overlap the two times even for one warp: the max, not the sum (§4.11).
  EXPECT_NEAR(find_model("zhang_owens")->evaluate(c, 1).warp_throughput, 1 / (100000 * std::max(8 * 18.0, 513.0)), want * 1e-3);
}

TEST(ModelRegistry, EveryModelIsNotApplicableToDoublePrecisionWithoutDpUnits) {
  // Kepler's config gives no double-precision unit: no rate or latency to model DADD with.
  const isa::Kernel dadd = isa::load_workload("teg_table1_chain", {{"op", "DADD"}});
  for (const auto& m : models()) {
    const Estimate e = evaluate_model(m.name, warpsim::test::builtin("kepler"), dadd, 4);
    EXPECT_FALSE(e.available) << m.name;
    EXPECT_NE(e.flag.find("dp.ops_per_cycle"), std::string::npos) << m.name << ": " << e.flag;
  }
  // GT200's does (one per SM, 48 cycles): a dependent DADD chain, one warp, 48 cycles apart.
  const Estimate gt200 = evaluate_model("teg", warpsim::test::builtin("gt200"), dadd, 1);
  ASSERT_TRUE(gt200.available);
  EXPECT_NEAR(1 / (gt200.warp_throughput * 4 * 256), 48, 0.5);
}

TEST(ModelRegistry, EachModelReadsTheMemoryKeysItDeclares) {
  // The in-sample marks of the report (validation/cases/in_sample.h) trust each model's
  // memory_keys: every numeric memory key is changed by 37% in turn, on every seed GPU, for
  // streaming and random α mixes at four occupancies; a model's estimates move exactly for the
  // keys it declares.
  std::map<std::string, std::set<std::string>> moved;
  for (const char* gpu : {"g80", "gt200", "fermi", "kepler", "maxwell"}) {
    const auto cfg = warpsim::test::builtin(gpu);
    for (const char* alpha : {"0", "1", "8", "inf"})
      for (const char* pattern : {"stream", "random"}) {
        const isa::Kernel k = test::alpha_mix(alpha, 64, pattern);
        const ModelContext base = make_context(cfg, k);
        for (const auto& f : config::hw_schema()) {
          if (f.key.rfind("memory.", 0) != 0 || (f.type != config::FieldType::Int && f.type != config::FieldType::Double)) continue;
          const double v = std::stod(f.get(cfg));
          if (v == 0) continue;
          double changed_value = v * 1.37;
          if (f.type == config::FieldType::Int) changed_value = std::round(changed_value);
          if (changed_value > f.max) changed_value = std::max(f.min, std::round(v * 0.7));
          config::HwConfig changed = cfg;
          const std::string text =
              f.type == config::FieldType::Int ? std::to_string(static_cast<long long>(changed_value)) : std::to_string(changed_value);
          if (!f.set(changed, text).empty()) continue;  // a cross-field rule refuses the value: not a what-if
          const ModelContext other = make_context(changed, k);
          const auto differ = [](double x, double y) { return !(std::isnan(x) && std::isnan(y)) && x != y; };
          for (double n : {1.0, 4.0, 16.0, static_cast<double>(cfg.sm.max_warps)})
            for (const auto& m : models()) {
              const Estimate a = m.evaluate(base, n), b = m.evaluate(other, n);
              if (a.available != b.available || differ(a.warp_throughput, b.warp_throughput) || differ(a.warps_needed, b.warps_needed))
                moved[m.name].insert(f.key);
            }
        }
      }
  }
  for (const auto& m : models()) {
    EXPECT_EQ(moved[m.name], std::set<std::string>(m.memory_keys.begin(), m.memory_keys.end())) << m.name;
    for (const auto& key : m.memory_keys) EXPECT_TRUE(model_reads(m, key)) << m.name << " " << key;
    EXPECT_TRUE(model_reads(m, "alu.latency_cycles")) << m.name;
  }
  EXPECT_FALSE(model_reads(*find_model("huang_rr"), "memory.peak_gbps"));
}

}  // namespace
}  // namespace warpsim::model
