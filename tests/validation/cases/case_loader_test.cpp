// The case format's contract (docs/validation.md): a case per GPU of gpus:, {gpu} and per-GPU maps
// resolved, every problem a UserError naming file:line:column: key, unknown keys rejected with a
// suggestion, all problems of all files reported together, and the built-in cases valid. Several
// files read together: case_loader_files_test.cpp.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "common/user_error.h"
#include "support/test_support.h"
#include "validation/cases/case_load_error.h"
#include "validation/cases/case_loader.h"
#include "validation/evaluation/runner.h"
#include "validation/evaluation/sim_cache.h"
#include "validation/measurements/measurements.h"

namespace warpsim::validation {
namespace {

const char* kGood = R"(cases:
  - id: peak
    description: add peak
    gpus: [kepler, maxwell]
    workload: homogeneous
    params: {op: add, count: 64}
    warps: {kepler: [4, 8], maxwell: "4:12:4"}
    extract: {kind: peak, metric: ops_per_cycle_per_scheduler}
    compare: {measurement: "volkov.t6_1.{gpu}.add"}
    tolerance: {relative: {kepler: 0.01, maxwell: 0.02}}
    tolerance_reason: rounded to integers
)";

// kGood with each `from` (its first occurrence, which must exist) replaced by `to`.
std::string good_with(std::initializer_list<std::pair<std::string, std::string>> edits) {
  std::string text = kGood;
  for (const auto& [from, to] : edits) {
    const size_t at = text.find(from);
    if (at == std::string::npos) {
      ADD_FAILURE() << "'" << from << "' is not in the good case file";
      continue;
    }
    text.replace(at, from.size(), to);
  }
  return text;
}

std::string case_file(const std::string& name, const std::string& text) { return test::write_temp_file("cases/" + name, text); }

}  // namespace

TEST(CaseLoader, GpusListExpandsToOneCasePerGpuWithGpuSubstituted) {
  const auto cases = load_cases({case_file("good.yaml", kGood)});
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases[0].id, "peak.kepler");
  EXPECT_EQ(cases[1].id, "peak.maxwell");
  EXPECT_EQ(cases[1].gpu, "maxwell");
  EXPECT_EQ(cases[1].quantity.run.gpu, "maxwell");
  EXPECT_EQ(cases[0].compare.measurements, std::vector<std::string>{"volkov.t6_1.kepler.add"});
  EXPECT_EQ(cases[0].quantity.run.warps, (std::vector<int>{4, 8}));
  EXPECT_EQ(cases[1].quantity.run.warps, (std::vector<int>{4, 8, 12}));
  EXPECT_DOUBLE_EQ(cases[0].tolerance.amount, 0.01);
  EXPECT_DOUBLE_EQ(cases[1].tolerance.amount, 0.02);
  EXPECT_EQ(cases[0].line, 2);
  EXPECT_EQ(cases[0].models, (std::vector<std::string>{"volkov", "volkov_refined"}));  // the default
}

// The in-memory entry point (the case fuzz target's) reads as the file does, errors included.
TEST(CaseLoader, TextGivesTheCasesAndErrorsItsFileGives) {
  const std::string path = case_file("text.yaml", kGood);
  const auto from_file = load_cases({path});
  const auto from_text = load_cases_text(kGood, path);
  ASSERT_EQ(from_text.size(), from_file.size());
  for (size_t i = 0; i < from_text.size(); ++i) {
    EXPECT_EQ(from_text[i].id, from_file[i].id);
    EXPECT_EQ(from_text[i].file, path);
    EXPECT_EQ(from_text[i].line, from_file[i].line);
    EXPECT_EQ(from_text[i].quantity.run.warps, from_file[i].quantity.run.warps);
  }
  try {
    load_cases_text(good_with({{"tolerance_reason", "tolerence_reason"}}), "typo.yaml");
    ADD_FAILURE() << "expected a UserError";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("typo.yaml:11:5: tolerence_reason: unknown key"), std::string::npos) << e.what();
  }
}

TEST(CaseLoader, UnknownKeyIsRejectedWithFileLineColumnAndSuggestion) {
  const std::string text = good_with({{"tolerance_reason", "tolerence_reason"}});
  const std::string path = case_file("typo.yaml", text);
  const std::string err = load_error(path);
  EXPECT_NE(err.find(path + ":11:5: tolerence_reason: unknown key (did you mean 'tolerance_reason'?)"), std::string::npos) << err;
}

// Values outside what an extraction, a relation or a tolerance means are the case file's errors
// at their key, not a case that passes or fails for no reason ("—" with "no samples").
TEST(CaseLoader, ValuesOutsideTheirMeaningAreRejectedAtTheirKey) {
  const std::string peak = "{kind: peak, metric: ops_per_cycle_per_scheduler}";
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"{kind: occupancy_at, metric: ops_per_cycle_per_scheduler, fraction: 0}",
       "extract.fraction: expected a fraction of the peak in (0, 1]"},
      {"{kind: occupancy_at, metric: ops_per_cycle_per_scheduler, fraction: 7}",
       "extract.fraction: expected a fraction of the peak in (0, 1]"},
      {"{kind: occupancy_at, metric: ops_per_cycle_per_scheduler, value: -3}", "extract.value: expected a positive level"},
      {"{kind: latency, per: 0}", "extract.per: expected a positive count"},
      {"{kind: cusp, alphas: [0, 8, inf], threshold: 5}", "extract.threshold: expected a fraction of the peak in (0, 1]"},
      {"{kind: cusp, alphas: [0, 8, inf], threshold: -1}", "extract.threshold: expected a fraction of the peak in (0, 1]"}};
  for (const auto& [extract, message] : bad) {
    const std::string path = case_file("range.yaml", good_with({{peak, extract}}));
    EXPECT_NE(load_error(path).find(path + ":8:"), std::string::npos) << extract << ": " << load_error(path);
    EXPECT_NE(load_error(path).find(message), std::string::npos) << extract << ": " << load_error(path);
  }
  const std::string relation =
      case_file("relation.yaml", good_with({{"{measurement: \"volkov.t6_1.{gpu}.add\"}", "{greater_than: 5, less_than: 1}"}}));
  EXPECT_NE(load_error(relation).find("compare.greater_than: 5 is not below less_than: 1"), std::string::npos) << load_error(relation);
  const std::string unit =
      case_file("relunit.yaml", good_with({{"{relative: {kepler: 0.01, maxwell: 0.02}}", "{relative: 0.05, unit: cycles}"}}));
  EXPECT_NE(load_error(unit).find("tolerance.unit: a relative tolerance is a fraction of the value and has no unit"), std::string::npos)
      << load_error(unit);
  const std::string bananas =
      case_file("bananas.yaml", good_with({{"{relative: {kepler: 0.01, maxwell: 0.02}}", "{absolute: 1, unit: bananas}"}}));
  EXPECT_NE(load_error(bananas).find(bananas + ":10:"), std::string::npos) << load_error(bananas);  // the unit's line, not the case's
  EXPECT_NE(load_error(bananas).find("tolerance.unit: 'bananas' does not match the extraction's unit"), std::string::npos)
      << load_error(bananas);
  const std::string huge = case_file("relhuge.yaml", good_with({{"{relative: {kepler: 0.01, maxwell: 0.02}}", "{relative: 1e308}"}}));
  EXPECT_NE(load_error(huge).find("tolerance.relative: expected a fraction"), std::string::npos) << load_error(huge);
  for (const char* id : {"\"\"", "\"b add/../x,y\""}) {
    const std::string path = case_file("badid.yaml", good_with({{"id: peak", std::string("id: ") + id}}));
    EXPECT_NE(load_error(path).find(path + ":2:9: id: "), std::string::npos) << id << ": " << load_error(path);
    EXPECT_NE(load_error(path).find("expected letters, digits and _ . + - only"), std::string::npos) << load_error(path);
  }
}

// An empty models list would mean the defaults without a word (`none` says no model), and a default
// id or description would be ignored by every case (each has its own): both are the case file's
// errors. (An empty `warps` is every occupancy: how a nested quantity drops the case's list.)
TEST(CaseLoader, AnEmptyModelsListAndADefaultIdAreRejectedAtTheirKey) {
  const std::vector<std::pair<std::pair<std::string, std::string>, std::string>> bad = {
      {{"tolerance_reason: rounded to integers", "tolerance_reason: rounded to integers\n    models: []"}, "models: an empty list"}};
  for (const auto& [edit, message] : bad) {
    const std::string path = case_file("empty.yaml", good_with({edit}));
    EXPECT_NE(load_error(path).find(message), std::string::npos) << message << ": " << load_error(path);
  }
  // `sets` written as a map of config keys: said how to write it (it read as a per-GPU map, "not a GPU").
  const std::string map_sets =
      case_file("map_sets.yaml", good_with({{"tolerance_reason: rounded to integers",
                                             "tolerance_reason: rounded to integers\n    sets: {memory.latency_cycles: 500}"}}));
  EXPECT_NE(load_error(map_sets).find("sets: expected a list of key=value strings, as --set takes them (e.g. [memory.latency_cycles=...])"),
            std::string::npos)
      << load_error(map_sets);
  EXPECT_EQ(load_error(map_sets).find("not a GPU"), std::string::npos) << load_error(map_sets);
  const std::string defaults =
      case_file("default_id.yaml", "defaults:\n  id: one\n" + std::string(kGood).substr(std::string(kGood).find("cases:")));
  EXPECT_NE(load_error(defaults).find(defaults + ":2:3: defaults.id: unknown key"), std::string::npos) << load_error(defaults);
}

// An α that is not a number is the case file's error at extract.alphas, named by the generator,
// before any number is made of it (it was cast from NaN to an int first).
TEST(CaseLoader, AnAlphaThatIsNotANumberIsRejectedAtItsAlphas) {
  const std::string path =
      case_file("cuspnan.yaml", good_with({{"homogeneous", "alpha_mix"},
                                           {"{op: add, count: 64}", "{}"},
                                           {"{kind: peak, metric: ops_per_cycle_per_scheduler}", "{kind: cusp, alphas: [0, eight, inf]}"},
                                           {"{measurement: \"volkov.t6_1.{gpu}.add\"}", "{less_than: 100}"}}));
  const std::string err = load_error(path);
  EXPECT_NE(err.find(path + ":8:"), std::string::npos) << err;
  EXPECT_NE(err.find("extract.alphas"), std::string::npos) << err;
  EXPECT_NE(err.find("eight"), std::string::npos) << err;
}

// A cusp runs α-mixes with the case's params: one the α-mix does not take is the case file's error
// at extract.alphas (it was a command-line error, `<--param>`, at run time).
TEST(CaseLoader, ACuspWhoseParamsTheAlphaMixDoesNotTakeIsRejectedAtItsAlphas) {
  const std::string path =
      case_file("cuspparams.yaml", good_with({{"{kind: peak, metric: ops_per_cycle_per_scheduler}", "{kind: cusp, alphas: [0, 8, inf]}"}}));
  EXPECT_NE(load_error(path).find(path + ":8:"), std::string::npos) << load_error(path);
  EXPECT_NE(load_error(path).find("extract.alphas: params.count: workload 'alpha_mix' has no parameter 'count'"), std::string::npos)
      << load_error(path);
  // block_warps is the case's (it fixes the block size), not the α-mix's: it loads as the runs build it.
  const std::string bw =
      case_file("cuspblock.yaml", good_with({{"homogeneous", "alpha_mix"},
                                             {"{op: add, count: 64}", "{block_warps: 4}"},
                                             {"{kind: peak, metric: ops_per_cycle_per_scheduler}", "{kind: cusp, alphas: [0, 8, inf]}"},
                                             {"{measurement: \"volkov.t6_1.{gpu}.add\"}", "{less_than: 100}"}}));
  EXPECT_EQ(load_cases({bw}).size(), 2u);
}

// A per-GPU map's keys are GPUs: a misspelt one would be ignored, its value never used.
TEST(CaseLoader, APerGpuMapKeyThatIsNotAGpuIsRejected) {
  const std::string path = case_file("mapkey.yaml", good_with({{"maxwell: \"4:12:4\"}", "maxwell: \"4:12:4\", keplr: [32]}"}}));
  EXPECT_NE(load_error(path).find(path + ":7:"), std::string::npos) << load_error(path);
  EXPECT_NE(load_error(path).find("warps.keplr: not a GPU"), std::string::npos) << load_error(path);
}

// The case and the measurement it is compared with must be of one GPU, and several compared rows
// of one occupancy.
TEST(CaseLoader, AMeasurementOfAnotherGpuOrOfAnotherOccupancyIsRejected) {
  const auto cases = load_cases({case_file("othergpu.yaml", good_with({{"volkov.t6_1.{gpu}.add", "volkov.t6_1.fermi.add"}}))});
  try {
    check_cases(cases, load_measurements(builtin_measurements_dir()));
    ADD_FAILURE() << "a Fermi measurement was accepted for a Kepler case";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("'volkov.t6_1.fermi.add' was measured on fermi, not on this case's GPU kepler"), std::string::npos)
        << e.what();
  }
}

TEST(CaseLoader, WholeDeviceAndFixedGridAreReadAndBadValuesRejected) {
  const std::string text = good_with({{"    extract:", "    sms: all\n    blocks: 1\n    extract:"}});
  const auto cases = load_cases({case_file("device.yaml", text)});
  EXPECT_EQ(cases[0].quantity.run.sms, 0);  // 0: the whole device
  EXPECT_EQ(cases[0].quantity.run.blocks, 1);
  const std::string bad = good_with({{"    extract:", "    blocks: 0\n    extract:"}});
  const std::string path = case_file("blocks0.yaml", bad);
  EXPECT_NE(load_error(path).find(path + ":8:"), std::string::npos) << load_error(path);
  EXPECT_NE(load_error(path).find("blocks"), std::string::npos);
  const std::string word = good_with({{"    extract:", "    sms: most\n    extract:"}});
  EXPECT_NE(load_error(case_file("smsword.yaml", word)).find("sms"), std::string::npos);
}

TEST(CaseLoader, AWorkloadOrParameterThatDoesNotLoadIsTheCaseFilesError) {
  // Not the command line's ("<--param>", "<cli>"), where the workload loader would put it.
  const std::string params = good_with({{"count: 64", "count: -5"}});
  const std::string p1 = case_file("badparam.yaml", params);
  EXPECT_NE(load_error(p1).find(p1 + ":6:13: params.count: expected an integer"), std::string::npos) << load_error(p1);
  const std::string workload = good_with({{"homogeneous", "homogenous"}});
  const std::string p2 = case_file("badworkload.yaml", workload);
  EXPECT_NE(load_error(p2).find(p2 + ":5:15: workload: no workload named 'homogenous'"), std::string::npos) << load_error(p2);
  const std::string alphas = good_with({{"homogeneous", "alpha_mix"},
                                        {"{op: add, count: 64}", "{loads: 64}"},
                                        {"{kind: peak, metric: ops_per_cycle_per_scheduler}", "{kind: cusp, alphas: [0, 8-1, inf]}"}});
  const std::string p3 = case_file("badalpha.yaml", alphas);
  EXPECT_NE(load_error(p3).find(p3 + ":8:"), std::string::npos) << load_error(p3);
  EXPECT_NE(load_error(p3).find("extract.alphas: expected inf, 0, an integer, or 1/k such as 0.25, found '8-1'"), std::string::npos)
      << load_error(p3);
}

TEST(CaseLoader, BlockWarpsSetsTheBlockSizeAndABadOneIsTheCaseFilesError) {
  // `block_warps` is the case's, not the workload's: it fixes the thread-block size, so that
  // variants can realise an occupancy with several block sizes (§5.8).
  RunSpec run;
  run.workload = "homogeneous";
  const isa::Kernel k = case_kernel(run, {{"op", "stream"}, {"count", "8"}, {"block_warps", "4"}});
  EXPECT_EQ(k.launch.threads_per_block, 128);
  EXPECT_EQ(case_kernel(run, {{"op", "stream"}, {"count", "8"}}).launch.threads_per_block, 0);  // chosen per occupancy
  const std::string p = case_file("badblock.yaml", good_with({{"count: 64}", "count: 64, block_warps: 33}"}}));
  EXPECT_NE(load_error(p).find(p + ":6:"), std::string::npos) << load_error(p);
  EXPECT_NE(load_error(p).find("params.block_warps: expected an integer in [1, 32], found '33'"), std::string::npos) << load_error(p);
}

TEST(CaseLoader, ASetOrGpuThatDoesNotLoadIsTheCaseFilesError) {
  const std::string sets = good_with({{"    extract:", "    sets: [memory.model=bogus]\n    extract:"}});
  const std::string p1 = case_file("badset.yaml", sets);
  EXPECT_NE(load_error(p1).find(p1 + ":8:11: sets memory.model: unknown 'bogus'"), std::string::npos) << load_error(p1);
  const std::string gpu = good_with({{"gpus: [kepler, maxwell]", "gpu: keplar"},
                                     {"{kepler: [4, 8], maxwell: \"4:12:4\"}", "[4, 8]"},
                                     {"{kepler: 0.01, maxwell: 0.02}", "0.01"},
                                     {"{gpu}", "kepler"}});
  const std::string p2 = case_file("badgpu.yaml", gpu);
  EXPECT_NE(load_error(p2).find(p2 + ":4:10: gpu: no GPU config named 'keplar'"), std::string::npos) << load_error(p2);
}

TEST(CaseLoader, UnknownExtractionKeyForItsKindIsRejected) {
  const std::string text = good_with({{"metric: ops", "fraction: 0.9, metric: ops"}});
  const std::string path = case_file("kindkey.yaml", text);
  EXPECT_NE(load_error(path).find(path + ":8:"), std::string::npos);
  EXPECT_NE(load_error(path).find("extract.fraction: unknown key"), std::string::npos);
}

TEST(CaseLoader, ThroughputAtALevelNeedsBothAtKeysAndNoWarps) {
  const auto with = [](const std::string& extract) {
    return good_with(
        {{"{kind: peak, metric: ops_per_cycle_per_scheduler}", extract}, {"    warps: {kepler: [4, 8], maxwell: \"4:12:4\"}\n", ""}});
  };
  const std::string ok =
      case_file("level_ok.yaml", with("{kind: throughput_at, metric: access_latency_p95, at_metric: gbps, at_value: 80}"));
  const auto cases = load_cases({ok});
  ASSERT_FALSE(cases.empty());
  EXPECT_EQ(cases.front().quantity.extract.at_metric, "gbps");
  EXPECT_DOUBLE_EQ(cases.front().quantity.extract.at_value, 80);
  const std::string half = case_file("level_half.yaml", with("{kind: throughput_at, metric: access_latency_p95, at_metric: gbps}"));
  EXPECT_NE(load_error(half).find("at_metric: and at_value: go together"), std::string::npos) << load_error(half);
  const std::string both =
      case_file("level_both.yaml", with("{kind: throughput_at, metric: access_latency_p95, warps: 8, at_metric: gbps, at_value: 80}"));
  EXPECT_NE(load_error(both).find("at_metric: and at_value: go together"), std::string::npos) << load_error(both);
  const std::string typo =
      case_file("level_typo.yaml", with("{kind: throughput_at, metric: access_latency_p95, at_metric: gbsp, at_value: 80}"));
  EXPECT_NE(load_error(typo).find("extract.at_metric: unknown metric 'gbsp'"), std::string::npos) << load_error(typo);
}

TEST(CaseLoader, EveryProblemOfEveryFileIsReportedTogether) {
  const std::string a = good_with({{"kind: peak", "kind: peek"}});
  const std::string b = good_with({{"    tolerance_reason: rounded to integers\n", ""}});
  const std::string pa = case_file("two_a.yaml", a), pb = case_file("two_b.yaml", b);
  try {
    load_cases({pa, pb});
    FAIL() << "expected a UserError";
  } catch (const UserError& e) {
    const std::string err = e.what();
    EXPECT_NE(err.find(pa + ":8:21: extract.kind: unknown extraction 'peek'"), std::string::npos) << err;
    EXPECT_NE(err.find(pb + ":2:5: tolerance_reason: missing"), std::string::npos) << err;
    EXPECT_EQ(err.find("'peek'"), err.rfind("'peek'")) << "a problem of a case repeated per GPU is reported once";
  }
}

TEST(CaseLoader, PerGpuMapWithoutTheCasesGpuIsAnError) {
  const std::string text = good_with({{"maxwell: 0.02", "fermi: 0.02"}});
  const std::string path = case_file("pergpu.yaml", text);
  EXPECT_NE(load_error(path).find("tolerance.relative: no value for GPU 'maxwell'"), std::string::npos);
}

TEST(CaseLoader, CompareNeedsExactlyOneKindOfReference) {
  const std::string text = good_with({{"compare: {", "compare: {less_than: 2, "}});
  const std::string path = case_file("compare.yaml", text);
  EXPECT_NE(load_error(path).find("compare: expected exactly one of measurement:, fit_curve:, model:, or less_than:/greater_than:"),
            std::string::npos);
}

TEST(CaseLoader, YamlSyntaxErrorNamesLineAndColumn) {
  const std::string path = case_file("syntax.yaml", "cases:\n  - id: [x\n");
  EXPECT_NE(load_error(path).find(path + ":3:"), std::string::npos);
  EXPECT_NE(load_error(path).find("YAML syntax error"), std::string::npos);
}

TEST(CaseLoader, BuiltinCasesAreValidAndReferToExistingMeasurementsInMatchingUnits) {
  const auto cases = load_cases({builtin_cases_dir()});
  EXPECT_GT(cases.size(), 100u);
  EXPECT_NO_THROW(check_cases(cases, load_measurements(builtin_measurements_dir())));
  for (const auto& c : cases) EXPECT_FALSE(c.tolerance_reason.empty()) << c.id;
}

TEST(CaseLoader, MeasurementInTheWrongUnitIsRejectedAtTheCase) {
  const std::string text = good_with({{"volkov.t6_1.{gpu}.add", "volkov.t6_2.{gpu}.add"}});  // cycles, not ops/cycle
  const std::string path = case_file("unit.yaml", text);
  const auto cases = load_cases({path});
  try {
    check_cases(cases, load_measurements(builtin_measurements_dir()));
    FAIL() << "expected a UserError";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find(
                  path +
                  ":2:5: compare.measurement: 'volkov.t6_2.kepler.add' is in cycles, but the extraction gives ops_per_cycle_per_scheduler"),
              std::string::npos)
        << e.what();
  }
}

TEST(CaseLoader, AFittedLatencyGoesWithAMeasuredFitCurveWhoseRowsExist) {
  const auto error_of_check = [](const std::string& name, const std::string& text) -> std::string {
    try {
      check_cases(load_cases({case_file(name, text)}), load_measurements(builtin_measurements_dir()));
    } catch (const UserError& e) {
      return e.what();
    }
    return "";
  };
  const std::string fit = "extract: {kind: fit_abc, coefficient: latency, fraction: 0.5}";
  EXPECT_EQ(error_of_check("fit_ok.yaml", good_with({{"extract: {kind: peak, metric: ops_per_cycle_per_scheduler}", fit},
                                                     {"measurement: \"volkov.t6_1.{gpu}.add\"", "fit_curve: \"volkov.t6_5.{gpu}\""}})),
            "");
  // No such fit: its rows are named.
  EXPECT_NE(error_of_check("fit_none.yaml", good_with({{"extract: {kind: peak, metric: ops_per_cycle_per_scheduler}", fit},
                                                       {"measurement: \"volkov.t6_1.{gpu}.add\"", "fit_curve: \"volkov.t6_1.{gpu}\""}}))
                .find("compare.fit_curve: no measurement with id 'volkov.t6_1.kepler.a'"),
            std::string::npos);
  // A fitted latency compared with one measurement, and a fit curve for a peak: both rejected.
  EXPECT_NE(error_of_check("fit_lone.yaml", good_with({{"extract: {kind: peak, metric: ops_per_cycle_per_scheduler}", fit}}))
                .find("compare.fit_curve: goes with, and only with, extract {kind: fit_abc, coefficient: latency}"),
            std::string::npos);
  EXPECT_NE(error_of_check("fit_peak.yaml", good_with({{"measurement: \"volkov.t6_1.{gpu}.add\"", "fit_curve: \"volkov.t6_5.{gpu}\""}}))
                .find("compare.fit_curve: goes with"),
            std::string::npos);
  // The fraction is needed, and inside (0, 1).
  const std::string path = case_file("fit_fraction.yaml", good_with({{"extract: {kind: peak, metric: ops_per_cycle_per_scheduler}",
                                                                      "extract: {kind: fit_abc, coefficient: latency, fraction: 1.5}"}}));
  EXPECT_NE(load_error(path).find("coefficient: latency needs fraction:"), std::string::npos);
  const std::string stray = case_file("fit_stray.yaml", good_with({{"extract: {kind: peak, metric: ops_per_cycle_per_scheduler}",
                                                                    "extract: {kind: fit_abc, coefficient: b, fraction: 0.5}"}}));
  EXPECT_NE(load_error(stray).find("fraction: goes with coefficient: latency only"), std::string::npos);
}

}  // namespace warpsim::validation
