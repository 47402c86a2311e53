// `warpsim list measurements`: the built-in set, filters, other files, and bad input (exit 2).
#include <gtest/gtest.h>

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
