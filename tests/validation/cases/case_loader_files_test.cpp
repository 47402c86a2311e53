// Several case files read together (validate --cases A --cases B): a file reached twice is read
// once, and one id in two files is an error naming both places.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "common/user_error.h"
#include "support/test_support.h"
#include "validation/cases/case_loader.h"

namespace warpsim::validation {
namespace {

// One case on two GPUs: ids peak.kepler and peak.maxwell.
const char* kTwoGpus = R"(cases:
  - id: peak
    description: add peak
    gpus: [kepler, maxwell]
    workload: homogeneous
    params: {op: add, count: 64}
    warps: [4, 8]
    extract: {kind: peak, metric: ops_per_cycle_per_scheduler}
    compare: {measurement: "volkov.t6_1.{gpu}.add"}
    tolerance: {relative: 0.02}
    tolerance_reason: rounded to integers
)";

std::string case_file(const std::string& name) { return test::write_temp_file("case_files/" + name, kTwoGpus); }

}  // namespace

TEST(CaseLoaderFiles, AFileGivenTwiceIsReadOnce) {
  // Itself, another spelling of it, and its folder: one file, so its cases are no duplicates.
  const std::string a = case_file("once/a.yaml");
  const std::string folder = std::filesystem::path(a).parent_path().string();
  EXPECT_EQ(load_cases({a, folder + "/./a.yaml", folder}).size(), 2u);  // its case, once per GPU
}

TEST(CaseLoaderFiles, DuplicateIdsAcrossFilesAreRejected) {
  const std::string a = case_file("dup_a.yaml"), b = case_file("dup_b.yaml");
  try {
    load_cases({a, b});
    FAIL() << "expected a UserError";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find(b + ":2:5: id: duplicate case id 'peak.kepler' (first at " + a + ":2)"), std::string::npos)
        << e.what();
  }
}

}  // namespace warpsim::validation
