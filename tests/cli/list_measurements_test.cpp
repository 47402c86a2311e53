// `warpsim list measurements`: the built-in set, filters, other files, and bad input (exit 2).
#include <gtest/gtest.h>

#include <algorithm>

#include "support/test_support.h"

namespace warpsim {

TEST(ListMeasurements, BuiltinSetFilteredByGpuListsOnlyThatGpu) {
  auto r = test::run_cli("list measurements --gpu kepler --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note,file,line\n", 0), 0u);
  EXPECT_NE(r.out.find("volkov.t6_1.kepler.sfu,kepler,throughput,homogeneous,op=sfu,,8,"), std::string::npos);
  EXPECT_NE(r.out.find("volkov.s3_10.multi.permute_random_occupancy_low"), std::string::npos);  // lists kepler among others
  EXPECT_EQ(r.out.find("volkov.t6_1.maxwell."), std::string::npos);
}

TEST(ListMeasurements, OutputIsDeterministic) {
  auto a = test::run_cli("list measurements --format json");
  auto b = test::run_cli("list measurements --format json");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
}

TEST(ListMeasurements, LoadsAnotherFileInsteadOfTheBuiltinSet) {
  const std::string path = test::write_temp_file("cli/mine.csv",
                                                 "# gpu_name: test\nid,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n"
                                                 "m1,h100_sxm,latency,homogeneous,op=add,,4,cycles,microbench,\n");
  auto r = test::run_cli("list measurements --format csv --measurements " + path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("m1,h100_sxm,latency"), std::string::npos);
  EXPECT_EQ(r.out.find("volkov."), std::string::npos);
}

TEST(ListMeasurements, MalformedFileExitsTwoNamingFileAndLineWithNoOutput) {
  const std::string path = test::write_temp_file("cli/bad.csv",
                                                 "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n"
                                                 "m1,kepler,latency,,,,fast,cycles,src,\n");
  auto r = test::run_cli("list measurements --measurements " + path);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(path + ":2:22: value: expected a number"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(ListMeasurements, UnknownGpuOrMisplacedOptionExitsTwo) {
  auto r = test::run_cli("list measurements --gpu nosuch");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no measurements for GPU 'nosuch'"), std::string::npos) << r.err;
  EXPECT_EQ(test::run_cli("list measurements --quantity speed").exit_code, 2);
  EXPECT_EQ(test::run_cli("list gpus --gpu kepler").exit_code, 2);
}

}  // namespace warpsim

namespace warpsim {
namespace {

std::string big_measurement_file(const std::string& name, size_t rows, bool bad) {
  std::string text = "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n";
  text.reserve(rows * 150);
  for (size_t i = 0; i < rows; ++i)
    text += bad ? "bad" + std::to_string(i) + ",kepler,throughput,homogeneous,op=stream,abc,xyz,gbps,src,\n"
                : "x.big.row" + std::to_string(i) + ".gbps,kepler,throughput,homogeneous,op=stream count=64," + std::to_string(1 + i % 64) +
                      "," + std::to_string(100 + i % 50) + ".5,gbps,measured: a synthetic row of a large file,note " + std::to_string(i) +
                      "\n";
  return test::write_temp_file(name, text);
}

}  // namespace

// A file with many bad rows says the first 100 errors and how many more, not one line per error.
TEST(ListMeasurements, ErrorsOfAFileWithManyBadRowsAreCapped) {
  const auto r = test::run_cli("list measurements --measurements " + big_measurement_file("cli/many_bad.csv", 5000, true));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.out.empty());
  EXPECT_LE(std::count(r.err.begin(), r.err.end(), '\n'), 102) << r.err.substr(0, 400);
  EXPECT_NE(r.err.find("many_bad.csv:2:"), std::string::npos);
  EXPECT_NE(r.err.find("9900 more errors not shown (the first 100 are above)"), std::string::npos) << r.err.substr(r.err.size() - 300);
}

// A 30 MB file loads in a few times its size (it took ~20x, 600 MB, reading it through whole-file
// CSV rows and three copies of its rows): under a 400 MB address-space limit it loads and the
// filter then finds no row (exit 2, not an out-of-memory internal error, 1). Under AddressSanitizer
// the file loads without the limit.
TEST(ListMeasurements, ALargeFileLoadsInAFewTimesItsSize) {
  const std::string path = big_measurement_file("cli/large.csv", 200000, false);
  const std::string limit = test::kAddressSanitizer ? "" : "ulimit -v 400000; ";
  const auto r = test::run_cli("--version >/dev/null; " + limit + WARPSIM_BIN " list measurements --gpu nosuch --measurements " + path);
  EXPECT_EQ(r.exit_code, 2) << r.err.substr(0, 400);
  EXPECT_NE(r.err.find("nosuch"), std::string::npos) << r.err.substr(0, 400);
}

}  // namespace warpsim
