// Case files whose nested quantities (a ratio's numerator and denominator) inherit the case's run.
#include <gtest/gtest.h>

#include <string>

#include "common/user_error.h"
#include "support/test_support.h"
#include "validation/cases/case_load_error.h"
#include "validation/cases/case_loader.h"

namespace warpsim::validation {
namespace {

// A ratio's nested quantities inherit the case's workload and have no `workload:` of their own:
// an unknown workload is reported at the case's key, and for the nested ones by name, not a crash
// (found by the case_loader fuzz target: yaml-cpp throws on assigning to a missing key's node).
TEST(CaseLoader, AnUnknownWorkloadInheritedByNestedQuantitiesIsAnErrorNotACrash) {
  const std::string path = test::write_temp_file("cases/nested_unknown.yaml",
                                                 "cases:\n"
                                                 "  - id: x\n"
                                                 "    gpu: gt200\n"
                                                 "    workload: nosuch\n"
                                                 "    extract:\n"
                                                 "      kind: ratio\n"
                                                 "      numerator: {extract: {kind: peak, metric: gbps}}\n"
                                                 "      denominator: {params: {op: add}, extract: {kind: peak, metric: gbps}}\n"
                                                 "    compare: {less_than: 2}\n"
                                                 "    tolerance: {relative: 0}\n"
                                                 "    tolerance_reason: \"x\"\n");
  const std::string err = load_error(path);
  EXPECT_NE(err.find(path + ":4:15: workload: no workload named 'nosuch'"), std::string::npos) << err;
  EXPECT_NE(err.find("extract.denominator.workload"), std::string::npos) << err;
}

}  // namespace
}  // namespace warpsim::validation
