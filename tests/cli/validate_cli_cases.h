// Shared by the `warpsim validate` CLI tests: two cheap case files (Kepler adds at 4 and 8
// warps/SM) and small helpers.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "support/test_support.h"

namespace warpsim::validate_cli {

using test::slurp;

inline constexpr const char* kPassing = R"(cases:
  - id: cheap.latency
    description: FADD latency on Kepler
    gpu: kepler
    workload: homogeneous
    params: {op: add, count: 256}
    warps: [4, 8]
    extract: {kind: latency}
    compare: {measurement: volkov.t6_2.kepler.add}
    tolerance: {relative: 0.05}
    tolerance_reason: test
)";

inline constexpr const char* kFailing = R"(cases:
  - id: cheap.impossible
    description: a peak no GPU attains
    gpu: kepler
    workload: homogeneous
    params: {op: add, count: 256}
    warps: [4, 8]
    extract: {kind: peak, metric: ops_per_cycle_per_scheduler}
    compare: {greater_than: 1000}
    tolerance: {relative: 0}
    tolerance_reason: deliberately failing
)";

inline std::string last_line(const std::string& out) {
  std::string s = out;
  while (!s.empty() && s.back() == '\n') s.pop_back();
  const auto at = s.rfind('\n');
  return at == std::string::npos ? s : s.substr(at + 1);
}

inline std::string dir(const std::string& name) { return test::temp_dir() + "/" + name; }

// `warpsim validate ARGS --out-dir <temp>/OUT_DIR` as bad input: exit status 2, nothing on stdout,
// no report directory. The run is returned for the test's checks of the message.
inline test::CliRun refused(const std::string& args, const std::string& out_dir) {
  const test::CliRun r = test::run_cli("validate " + args + " --out-dir " + dir(out_dir));
  EXPECT_EQ(r.exit_code, 2) << args;
  EXPECT_TRUE(r.out.empty()) << args;
  EXPECT_FALSE(std::filesystem::exists(dir(out_dir))) << args;
  return r;
}

}  // namespace warpsim::validate_cli
