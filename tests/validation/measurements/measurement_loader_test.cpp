// The loader's contract (validation/measurements/README.md): strict rows, every error with
// file:line:column and the column's name, all errors of a load reported together.
#include <gtest/gtest.h>

#include <string>

#include "common/user_error.h"
#include "support/test_support.h"
#include "validation/measurements/measurements.h"

namespace warpsim::validation {
namespace {

const char* kHeader = "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n";
const char* kGoodRow = "r1,kepler,latency,homogeneous,op=add,,9,cycles,Volkov 2016 Table 6.2,\n";

std::string file_with(const std::string& name, const std::string& rows) {
  return test::write_temp_file("loader/" + name, std::string(kHeader) + rows);
}

// Loads `path`, expecting failure; returns the error text.
std::string load_error(const std::string& path) {
  try {
    load_measurements(path);
  } catch (const UserError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected a UserError for " << path;
  return "";
}

void expect_error(const std::string& rows, const std::string& where_and_key, const std::string& what) {
  static int n = 0;
  const std::string path = file_with("bad" + std::to_string(n++) + ".csv", rows);
  const std::string err = load_error(path);
  EXPECT_NE(err.find(path + ":" + where_and_key), std::string::npos) << err;
  EXPECT_NE(err.find(what), std::string::npos) << err;
}

}  // namespace

TEST(MeasurementLoader, WellFormedRowKeepsEveryColumnAndItsPlace) {
  const std::string path = file_with(
      "good.csv",
      "a.b,g80+gt200,warps_needed,permute,\"permutation=random bound=lower\",24,6,percent_occupancy,\"Volkov 2016 §3.10\",\"about, roughly\"\n"
      "a.c,kepler,throughput,,,,0.0029,ipc_per_sm,src,\n");
  MeasurementSet set = load_measurements(path);
  ASSERT_EQ(set.rows().size(), 2u);
  const Measurement* m = set.find("a.b");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->gpus, (std::vector<std::string>{"g80", "gt200"}));
  EXPECT_TRUE(m->applies_to("gt200"));
  EXPECT_FALSE(m->applies_to("g"));
  EXPECT_EQ(m->params.at("permutation"), "random");
  EXPECT_EQ(m->params.at("bound"), "lower");
  EXPECT_EQ(m->warps_per_sm, 24.0);
  EXPECT_EQ(m->note, "about, roughly");
  EXPECT_EQ(m->file, path);
  EXPECT_EQ(m->line, 2);
  const Measurement* c = set.find("a.c");
  EXPECT_FALSE(c->warps_per_sm.has_value());
  EXPECT_DOUBLE_EQ(c->value, 0.0029);
  EXPECT_EQ(c->value_text, "0.0029");
}

// The in-memory entry point (the measurement fuzz target's) checks rows and ids as a file's load does.
TEST(MeasurementLoader, TextIsCheckedAsItsFileIs) {
  const MeasurementSet set = load_measurements_text(std::string(kHeader) + kGoodRow, "mine.csv");
  ASSERT_EQ(set.rows().size(), 1u);
  EXPECT_EQ(set.rows()[0].file, "mine.csv");
  EXPECT_EQ(set.rows()[0].line, 2);
  EXPECT_DOUBLE_EQ(set.rows()[0].value, 9);
  try {
    load_measurements_text(std::string(kHeader) + kGoodRow + kGoodRow, "mine.csv");
    ADD_FAILURE() << "expected a UserError";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("mine.csv:3:1: id: duplicate id 'r1' (first at mine.csv:2)"), std::string::npos) << e.what();
  }
}

TEST(MeasurementLoader, MetadataLinesBeforeTheHeaderAreKeptInOrder) {
  const std::string path = test::write_temp_file("loader/meta.csv",
                                                 "# gpu_name: NVIDIA GeForce GTX 680\n# just a comment\n# sms: 8\n"
                                                 "# url:http://not-metadata\n" +
                                                     std::string(kHeader) + "# after_header: not metadata\n" + kGoodRow);
  MeasurementSet set = load_measurements(path);
  ASSERT_EQ(set.files().size(), 1u);
  const MeasurementFile& f = set.files()[0];
  ASSERT_EQ(f.metadata.size(), 2u);
  EXPECT_EQ(f.metadata[0], (std::pair<std::string, std::string>{"gpu_name", "NVIDIA GeForce GTX 680"}));
  EXPECT_EQ(*f.metadata_value("sms"), "8");
  EXPECT_EQ(f.metadata_value("after_header"), nullptr);
  EXPECT_EQ(f.row_count, 1u);
}

TEST(MeasurementLoader, WrongFieldCountNamesFileAndLine) {
  expect_error("r1,kepler,latency,homogeneous,op=add,,9,cycles,src\n", "2:1", "expected 10 fields");
}

TEST(MeasurementLoader, HeaderMismatchIsReported) {
  const std::string path =
      test::write_temp_file("loader/header.csv", "id,gpu,quantity,workload,param,warps_per_sm,value,unit,source,note\n");
  const std::string err = load_error(path);
  EXPECT_NE(err.find(path + ":1:1: header: expected the header"), std::string::npos) << err;
  EXPECT_NE(load_error(test::write_temp_file("loader/empty.csv", "# only: metadata\n")).find("no header line"), std::string::npos);
}

TEST(MeasurementLoader, EmptyRequiredFieldNamesTheColumn) {
  expect_error("r1,kepler,latency,homogeneous,op=add,,9,cycles,,\n", "2:48: source:", "required field is empty");
  expect_error(",kepler,latency,,,,9,cycles,src,\n", "2:1: id:", "required field is empty");
}

TEST(MeasurementLoader, NonNumericValueAndOccupancyAreRejected) {
  expect_error("r1,kepler,latency,,,,nine,cycles,src,\n", "2:22: value:", "expected a number, found 'nine'");
  expect_error("r1,kepler,latency,,,x,9,cycles,src,\n", "2:21: warps_per_sm:", "expected a number");
  expect_error("r1,kepler,latency,,,0,9,cycles,src,\n", "2:21: warps_per_sm:", "positive occupancy");
  expect_error("r1,kepler,latency,,,1e300,9,cycles,src,\n", "2:21: warps_per_sm:", "at most 65536 warps/SM");
  expect_error("r1,kepler,latency,,,8,-7,cycles,src,\n", "2:23: value:", "a latency cannot be negative, found '-7'");
  expect_error("r1,kepler,throughput,,,8,-5,ipc_per_sm,src,\n", "2:26: value:", "a throughput cannot be negative");
}

TEST(MeasurementLoader, UnknownQuantitySuggestsTheNearestName) {
  expect_error("r1,kepler,latncy,,,,9,cycles,src,\n", "2:11: quantity:", "did you mean 'latency'");
}

TEST(MeasurementLoader, UnitMustBelongToTheQuantity) {
  expect_error("r1,kepler,latency,,,,9,gbps,src,\n", "2:24: unit:", "'gbps' is not a unit of quantity 'latency'");
}

TEST(MeasurementLoader, MalformedParamsAreRejected) {
  expect_error("r1,kepler,latency,,op,,9,cycles,src,\n", "2:20: params:", "malformed parameter 'op'");
  expect_error("r1,kepler,latency,,op= x=1,,9,cycles,src,\n", "2:20: params:", "malformed parameter 'op='");
  expect_error("r1,kepler,latency,,op=a op=b,,9,cycles,src,\n", "2:20: params:", "given twice");
}

TEST(MeasurementLoader, BadGpuListIsRejected) {
  expect_error("r1,kepler+,latency,,,,9,cycles,src,\n", "2:4: gpu:", "GPU names joined by '+'");
}

TEST(MeasurementLoader, UnbalancedQuoteNamesWhereTheQuoteOpened) {
  expect_error(std::string(kGoodRow) + "r2,kepler,latency,,,,9,cycles,\"Volkov 2016,\n", "3:31: source:", "unterminated quoted field");
}

TEST(MeasurementLoader, AllErrorsOfAFileAreReportedTogether) {
  const std::string path = file_with("many.csv", std::string(kGoodRow) +
                                                     "r2,kepler,latncy,,,,9,cycles,src,\n"
                                                     "r3,kepler,latency,,,,x,cycles,,\n"
                                                     "r4,kepler,latency\n");
  try {
    load_measurements(path);
    FAIL() << "expected a UserError";
  } catch (const UserError& e) {
    ASSERT_EQ(e.diagnostics().size(), 4u) << e.what();  // quantity; value and source of r3; field count
    EXPECT_EQ(e.diagnostics()[0].line, 3);
    EXPECT_EQ(e.diagnostics()[1].key, "value");
    EXPECT_EQ(e.diagnostics()[2].key, "source");
    EXPECT_EQ(e.diagnostics()[3].line, 5);
  }
}

TEST(MeasurementLoader, DuplicateIdWithinAndAcrossFilesNamesTheFirst) {
  const std::string a = file_with("dup/a.csv", std::string(kGoodRow) + kGoodRow);
  std::string err = load_error(a);
  EXPECT_NE(err.find(a + ":3:1: id: duplicate id 'r1' (first at " + a + ":2)"), std::string::npos) << err;

  const std::string b = file_with("dup2/b.csv", kGoodRow);
  const std::string c = file_with("dup2/c.csv", kGoodRow);
  err = load_error(test::temp_dir() + "/loader/dup2");
  EXPECT_NE(err.find(c + ":2:1: id: duplicate id 'r1' (first at " + b + ":2)"), std::string::npos) << err;
}

TEST(MeasurementLoader, AFileNamedTwiceLoadsOnce) {
  const std::string path = file_with("once/one.csv", kGoodRow);
  MeasurementSet set = load_measurements(std::vector<std::filesystem::path>{path, test::temp_dir() + "/loader/once"});
  EXPECT_EQ(set.rows().size(), 1u);
}

TEST(MeasurementLoader, MissingPathIsAUserError) {
  EXPECT_NE(load_error(test::temp_dir() + "/no/such.csv").find("no such measurement file or directory"), std::string::npos);
  // A device exists: it is refused for what it is, not reported missing.
  if (std::filesystem::exists("/dev/zero")) {
    EXPECT_NE(load_error("/dev/zero").find("not a regular file or directory (a device or socket)"), std::string::npos);
  }
}

TEST(MeasurementLoader, LookupByKeyMatchesParamsExactlyAndGpuLists) {
  const std::string path = file_with("lookup.csv",
                                     "x1,kepler,throughput,homogeneous,op=stream,,154,gbps,s,\n"
                                     "x2,kepler+maxwell,throughput,homogeneous,op=stream,,1,gbps,s,\n"
                                     "x3,kepler,throughput,homogeneous,op=stream threshold=90,,2,gbps,s,\n");
  MeasurementSet set = load_measurements(path);
  auto hits = set.find("kepler", "throughput", "homogeneous", {{"op", "stream"}});
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0]->id, "x1");
  EXPECT_EQ(hits[1]->id, "x2");
  EXPECT_EQ(set.find("maxwell", "throughput", "homogeneous", {{"op", "stream"}}).size(), 1u);
  EXPECT_TRUE(set.find("fermi", "throughput", "homogeneous", {{"op", "stream"}}).empty());
  EXPECT_EQ(set.gpu_names(), (std::vector<std::string>{"kepler", "maxwell"}));
  EXPECT_EQ(set.find("nope"), nullptr);
}

}  // namespace warpsim::validation
