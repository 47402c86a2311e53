// The measurement CSV the CUDA suite writes: metadata, the fixed header, escaping, stable numbers.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "microbench_csv.h"

namespace warpsim::validation {
namespace {

MeasurementRow row(std::string id, double value) {
  MeasurementRow r;
  r.id = std::move(id);
  r.gpu = "h100_sxm";
  r.quantity = "throughput";
  r.workload = "homogeneous";
  r.params = "op=add ilp=1";
  r.warps_per_sm = 8;
  r.value = value;
  r.unit = "ops_per_cycle_per_scheduler";
  r.source = "warpsim microbench (Volkov 2016 §6.1)";
  return r;
}

TEST(MicrobenchCsv, FileIsMetadataThenTheExactHeaderThenRows) {
  const std::string csv = measurement_csv({{"gpu_name", "NVIDIA H100 80GB HBM3"}, {"sms", "132"}}, {row("mb.add.8", 31.9)});
  EXPECT_EQ(csv,
            "# gpu_name: NVIDIA H100 80GB HBM3\n"
            "# sms: 132\n"
            "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n"
            "mb.add.8,h100_sxm,throughput,homogeneous,op=add ilp=1,8,31.9,ops_per_cycle_per_scheduler,"
            "warpsim microbench (Volkov 2016 §6.1),\n");
}

TEST(MicrobenchCsv, FieldsWithCommasQuotesOrNewlinesAreQuotedRfc4180) {
  EXPECT_EQ(csv_field("plain text"), "plain text");
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
  MeasurementRow r = row("mb.x", 1);
  r.note = "target 24, attained 20";
  EXPECT_NE(measurement_csv({}, {r}).find(",\"target 24, attained 20\"\n"), std::string::npos);
}

TEST(MicrobenchCsv, OccupancyIsEmptyForNumbersNotTakenAtOneOccupancy) {
  MeasurementRow r = row("mb.lat", 4.02);
  r.quantity = "latency";
  r.warps_per_sm.reset();
  EXPECT_NE(measurement_csv({}, {r}).find("op=add ilp=1,,4.02,"), std::string::npos);
}

TEST(MicrobenchCsv, NumbersPrintStablyWithSevenSignificantDigits) {
  EXPECT_EQ(format_value(0.25), "0.25");
  EXPECT_EQ(format_value(1024), "1024");
  EXPECT_EQ(format_value(2.0 / 3.0), "0.6666667");
  EXPECT_EQ(format_value(3352.0e3), "3352000");
  EXPECT_EQ(format_value(-0.0), "0");
}

TEST(MicrobenchCsv, MetadataValuesAreFlattenedToOneLine) {
  EXPECT_EQ(measurement_csv({{"command", "run_suite.sh\n--out x"}}, {}).substr(0, 32), "# command: run_suite.sh --out x\n");
}

TEST(MicrobenchCsv, DuplicateIdsBadKeysAndNonFiniteValuesAreRejected) {
  EXPECT_THROW(measurement_csv({}, {row("a", 1), row("a", 2)}), std::invalid_argument);
  EXPECT_THROW(measurement_csv({}, {row("", 1)}), std::invalid_argument);
  EXPECT_THROW(measurement_csv({{"GPU Name", "x"}}, {}), std::invalid_argument);
  EXPECT_THROW(measurement_csv({}, {row("a", std::nan(""))}), std::invalid_argument);
}

}  // namespace
}  // namespace warpsim::validation
