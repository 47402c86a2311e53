// The shipped seed measurements (validation/measurements/*.csv): they load, they hold every number
// of the transcribed tables, and the numbers agree with each other the way the seeds say they do.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "isa/workloads.h"
#include "validation/measurements/measurement_vocabulary.h"
#include "validation/measurements/measurements.h"

namespace warpsim::validation {
namespace {

const MeasurementSet& builtin() {
  static const MeasurementSet set = load_measurements(builtin_measurements_dir());
  return set;
}

double value(const std::string& id) {
  const Measurement* m = builtin().find(id);
  if (!m) ADD_FAILURE() << "no measurement " << id;
  return m ? m->value : NAN;
}

size_t rows_with_source(const std::string& source) {
  size_t n = 0;
  for (const auto& m : builtin().rows()) n += m.source == source;
  return n;
}

size_t rows_in_file(const std::string& name) {
  for (const auto& f : builtin().files())
    if (std::filesystem::path(f.path).filename() == name) return f.row_count;
  ADD_FAILURE() << "no file " << name;
  return 0;
}

std::string join_header() {
  std::string h;
  for (const auto& c : measurement_columns()) h += (h.empty() ? "" : ",") + c;
  return h;
}

const char* kGpus[] = {"g80", "gt200", "fermi", "kepler", "maxwell"};

}  // namespace

TEST(BuiltinMeasurements, EveryShippedFileLoadsWithItsMetadata) {
  ASSERT_NO_THROW(builtin());
  EXPECT_EQ(builtin().files().size(), 4u);
  for (const auto& f : builtin().files()) {
    EXPECT_NE(f.metadata_value("source_document"), nullptr) << f.path;
    EXPECT_NE(f.metadata_value("gpus"), nullptr) << f.path;
  }
  EXPECT_EQ(rows_in_file("volkov2016_tables.csv"), 151u);
  EXPECT_EQ(rows_in_file("volkov2016_text.csv"), 87u);
  EXPECT_EQ(rows_in_file("lemeire2016.csv"), 92u);  // with §III's two peaks per scheduler and cycle
  EXPECT_EQ(rows_in_file("teg2011.csv"), 94u);
}

TEST(BuiltinMeasurements, EachTranscribedTableHoldsAllItsNumbers) {
  EXPECT_EQ(rows_with_source("Volkov 2016 Table 6.1"), 30u);  // 5 GPUs x 6 instruction types
  EXPECT_EQ(rows_with_source("Volkov 2016 Table 6.2"), 30u);
  EXPECT_EQ(rows_with_source("Volkov 2016 Table 6.3"), 30u);
  EXPECT_EQ(rows_with_source("Volkov 2016 Table 6.4"), 25u);  // 5 GPUs x 5 columns
  EXPECT_EQ(rows_with_source("Volkov 2016 Table 6.4 (footnote)"), 1u);
  EXPECT_EQ(rows_with_source("Volkov 2016 Table 6.5"), 25u);
  EXPECT_EQ(rows_with_source("Volkov 2016 Table 6.7"), 5u);
  EXPECT_EQ(rows_with_source("Volkov 2016 §4.3 (ratio table)"), 5u);
  EXPECT_EQ(rows_with_source("Lemeire 2016 Table II"), 28u);  // 30 cells, Tesla DP printed '-'
  EXPECT_EQ(rows_with_source("Lemeire 2016 Table III"), 58u);
  EXPECT_EQ(rows_with_source("Lai and Seznec 2011 Table 1"), 27u);
  // Tables 2-5: measured, predicted and error per warp count, plus measured(n)/measured(1).
  EXPECT_EQ(rows_with_source("Lai and Seznec 2011 Table 2"), 5u * 3 + 4);
  EXPECT_EQ(rows_with_source("Lai and Seznec 2011 Table 3"), 5u * 3 + 4);
  EXPECT_EQ(rows_with_source("Lai and Seznec 2011 Table 4"), 3u * 3 + 2);
  EXPECT_EQ(rows_with_source("Lai and Seznec 2011 Table 5"), 3u * 3 + 2);
}

TEST(BuiltinMeasurements, SpotChecksAgainstTheSeeds) {
  EXPECT_EQ(value("volkov.t6_1.kepler.sfu"), 8);
  EXPECT_EQ(value("volkov.t6_1.g80.random"), 0.027);
  EXPECT_EQ(value("volkov.t6_2.fermi.random"), 1571);
  EXPECT_EQ(value("volkov.t6_3.kepler.random"), 1.75);
  EXPECT_EQ(value("volkov.t6_4.fermi.linear"), 15.5);
  EXPECT_EQ(value("volkov.t6_5.maxwell.c"), 221);
  EXPECT_EQ(value("volkov.t6_7.gt200.transaction_latency"), 7.6);
  EXPECT_EQ(value("volkov.s4_3_table.kepler.ratio"), 1.6);
  EXPECT_EQ(value("volkov.s4_3.maxwell.stride2_latency"), 376);
  EXPECT_EQ(value("volkov.s3_9.kepler.vector_add_best_gbps"), 156);
  EXPECT_EQ(value("volkov.s7_1.gt200.hong_kim_max"), 2.1);
  EXPECT_EQ(value("lemeire.t2.kepler_lemeire.sp.issue"), 0.18);
  EXPECT_EQ(value("lemeire.t3.quadro_k620.constant4b.completion_l2"), 90.6);
  EXPECT_EQ(value("teg.t1.gt200.dfma.execution"), 48);
  EXPECT_EQ(value("teg.t2.gt200.w16.measured"), 186958);
  EXPECT_EQ(builtin().find("volkov.s7_9.g80.baghsorkhi_alpha32_max")->value_text, "1.710");
}

TEST(BuiltinMeasurements, RepeatedTableNumbersAgree) {
  for (const char* g : kGpus) {
    const std::string gpu = g;
    // Table 6.5 repeats Table 6.2's stream latency and Table 6.4's peak (Volkov 2016 §6.4).
    EXPECT_EQ(value("volkov.t6_5." + gpu + ".latency"), value("volkov.t6_2." + gpu + ".stream")) << gpu;
    EXPECT_EQ(value("volkov.t6_5." + gpu + ".peak"), value("volkov.t6_4." + gpu + ".peak")) << gpu;
    // Table 6.3's stream column is Table 6.4's 90% column (§6.3).
    EXPECT_EQ(value("volkov.t6_3." + gpu + ".stream"), value("volkov.t6_4." + gpu + ".warps_90")) << gpu;
  }
}

TEST(BuiltinMeasurements, DerivedTableEntriesFollowFromTheMeasuredOnes) {
  for (const char* g : kGpus) {
    const std::string gpu = g;
    // §4.3: ratio = warps for 90% of memory peak / warps for arithmetic peak, printed to 2 digits.
    const double ratio = value("volkov.t6_3." + gpu + ".stream") / value("volkov.t6_3." + gpu + ".add");
    EXPECT_NEAR(value("volkov.s4_3_table." + gpu + ".ratio"), ratio, 0.05) << gpu;
    // Table 6.4 linear = stream latency x stream throughput / 32, printed to the nearest half warp.
    const double linear = value("volkov.t6_2." + gpu + ".stream") * value("volkov.t6_1." + gpu + ".stream") / 32;
    EXPECT_NEAR(value("volkov.t6_4." + gpu + ".linear"), linear, 0.15) << gpu;
  }
  // Table 6.7 = (random - stream latency) / (32 - transactions of a coalesced access), the latter
  // 2 on G80/GT200, 1 on Fermi, 4 on Kepler/Maxwell (Volkov 2016 §6.7).
  const std::pair<const char*, int> coalesced[] = {{"g80", 2}, {"gt200", 2}, {"fermi", 1}, {"kepler", 4}, {"maxwell", 4}};
  for (const auto& [g, n] : coalesced) {
    const std::string gpu = g;
    const double per = (value("volkov.t6_2." + gpu + ".random") - value("volkov.t6_2." + gpu + ".stream")) / (32 - n);
    EXPECT_NEAR(value("volkov.t6_7." + gpu + ".transaction_latency"), per, 0.02 * per) << gpu;
  }
  // §4.3 quotes Maxwell per SM what Tables 6.3-6.4 give per scheduler (4 schedulers per SM).
  EXPECT_EQ(value("volkov.s4_3.maxwell.stream_warps_90"), 4 * value("volkov.t6_4.maxwell.warps_90"));
  EXPECT_EQ(value("volkov.s4_3.maxwell.stream_warps_95"), 4 * value("volkov.t6_4.maxwell.warps_95"));
  EXPECT_NEAR(value("volkov.s4_3.maxwell.random_peak"), value("volkov.t6_1.maxwell.random") * 4 / 32, 0.0001);
}

TEST(BuiltinMeasurements, TegErrorsAndRatiosMatchTheMeasuredCycles) {
  for (int t : {2, 3, 4, 5}) {
    const std::string base = "teg.t" + std::to_string(t) + ".gt200.w";
    const double one = value(base + "1.measured");
    for (int w : {1, 2, 4, 8, 16}) {
      const std::string id = base + std::to_string(w);
      if (!builtin().find(id + ".measured")) continue;  // Tables 4-5 stop at 4 warps
      const double measured = value(id + ".measured"), predicted = value(id + ".predicted");
      // The printed error is (predicted - measured) / predicted.
      EXPECT_NEAR(value(id + ".error"), (predicted - measured) / predicted * 100, 0.006) << id;
      if (w > 1) {
        EXPECT_NEAR(value(id + ".ratio_to_1"), measured / one, 5e-5) << id;
      }
    }
  }
}

TEST(BuiltinMeasurements, EveryNamedWorkloadIsAWarpsimWorkload) {
  std::set<std::string> names;
  for (const auto& w : isa::list_workloads()) names.insert(w.name);
  for (const auto& m : builtin().rows())
    if (!m.workload.empty()) {
      EXPECT_TRUE(names.count(m.workload)) << m.id << ": " << m.workload;
    }
}

TEST(BuiltinMeasurements, EveryRowCitesItsPaper) {
  for (const auto& m : builtin().rows()) {
    const bool cited =
        m.source.rfind("Volkov 2016 ", 0) == 0 || m.source.rfind("Lemeire 2016 ", 0) == 0 || m.source.rfind("Lai and Seznec 2011 ", 0) == 0;
    EXPECT_TRUE(cited) << m.id << ": " << m.source;
  }
}

TEST(BuiltinMeasurements, ReadmeDocumentsEveryQuantityAndUnit) {
  std::ifstream in(builtin_measurements_dir() / "README.md");
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string readme = ss.str();
  ASSERT_FALSE(readme.empty());
  EXPECT_NE(readme.find(join_header()), std::string::npos);
  for (const auto& q : measurement_quantities()) {
    EXPECT_NE(readme.find(q.name), std::string::npos) << q.name;
    for (const auto& u : q.units) EXPECT_NE(readme.find(u), std::string::npos) << q.name << " " << u;
  }
}

// The README's "Parameter keys" table names exactly the condition keys `validate` knows: a key it
// documents and the code does not would be warned about as a typo, and the reverse undocumented.
TEST(BuiltinMeasurements, ReadmeParameterKeysAreTheConditionKeys) {
  std::ifstream in(builtin_measurements_dir() / "README.md");
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string readme = ss.str();
  const size_t table = readme.find("| key | meaning |");
  ASSERT_NE(table, std::string::npos);
  std::set<std::string> documented;
  std::istringstream lines(readme.substr(table));
  std::string line;
  std::getline(lines, line);  // header
  std::getline(lines, line);  // |---|
  while (std::getline(lines, line) && line.rfind("| `", 0) == 0) {
    const std::string first_cell = line.substr(2, line.find(" | ", 2) - 2);
    // "`threshold=N`", "`memory=`, `element_bytes=`, `level=`": the words before '=' in backticks.
    for (size_t at = first_cell.find('`'); at != std::string::npos; at = first_cell.find('`', first_cell.find('`', at + 1) + 1)) {
      const std::string item = first_cell.substr(at + 1, first_cell.find('`', at + 1) - at - 1);
      documented.insert(item.substr(0, item.find('=')));
    }
  }
  const std::set<std::string> known(measurement_condition_keys().begin(), measurement_condition_keys().end());
  EXPECT_EQ(documented, known);
}

// No row of a shipped measurement file is warned about as a typo when cases are derived from it.
TEST(BuiltinMeasurements, ShippedRowsUseOnlyWorkloadParametersAndConditionKeys) {
  const std::vector<std::string> conditions = measurement_condition_keys();
  const MeasurementSet microbench =
      load_measurements(builtin_measurements_dir().parent_path() / "microbench" / "results" / "h100_sxm_2026-11-23" / "measurements.csv");
  std::vector<const Measurement*> rows;
  for (const auto* set : {&builtin(), &microbench})
    for (const auto& m : set->rows()) rows.push_back(&m);
  ASSERT_GT(rows.size(), builtin().rows().size());
  for (const Measurement* row : rows) {
    const Measurement& m = *row;
    if (m.workload.empty()) continue;
    const isa::Kernel k = isa::load_workload(m.workload);
    for (const auto& [key, value] : m.params)
      EXPECT_TRUE(k.params.count(key) || std::find(conditions.begin(), conditions.end(), key) != conditions.end()) << m.id << ": " << key;
  }
}

}  // namespace warpsim::validation
