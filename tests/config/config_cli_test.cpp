// The command line around configs: bad input exits 2 with file:line on stderr and writes nothing;
// `list gpus` and `list params` show what exists.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "config/schema.h"
#include "support/test_support.h"

namespace fs = std::filesystem;

namespace warpsim::config {
namespace {

using warpsim::test::run_cli;
using warpsim::test::write_temp_file;

using test::slurp;
TEST(ConfigCli, ExplainOfABadConfigExits2NamesFileLineAndWritesNoOutput) {
  const std::string bad = write_temp_file("cli/bad.yaml", "inherits: kepler\nalu:\n  latency_cycles: fast\n");
  const std::string out = warpsim::test::temp_dir() + "/cli/explain_out.txt";
  const auto r = run_cli("explain --gpu " + bad + " --out " + out);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(bad + ":3:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("alu.latency_cycles"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(out));
}

TEST(ConfigCli, ExplainWithABadSetExits2) {
  const auto r = run_cli("explain --gpu kepler --set scheduler.cont=2");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("did you mean 'scheduler.count'"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(ConfigCli, ExplainOfAnUnknownGpuListsTheBuiltins) {
  const auto r = run_cli("explain --gpu no_such_gpu");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("maxwell"), std::string::npos) << r.err;
}

TEST(ConfigCli, ExplainWritesTheResolvedConfigWithSetApplied) {
  const std::string out = warpsim::test::temp_dir() + "/explain_ok.txt";
  const auto r = run_cli("explain --gpu kepler --set alu.latency_cycles=11 --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string text = slurp(out);
  EXPECT_NE(text.find("alu.latency_cycles: 11"), std::string::npos);
  EXPECT_NE(text.find("memory.latency_cycles: 301"), std::string::npos);
}

TEST(ConfigCli, ListGpusShowsTheFiveSeedGpusAndTheToy) {
  const auto r = run_cli("list gpus --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* name : {"g80", "gt200", "fermi", "kepler", "maxwell", "toy"})
    EXPECT_NE(r.out.find(std::string("\n") + name + ","), std::string::npos) << name << " missing from\n" << r.out;
  EXPECT_EQ(r.out.find("/base/"), std::string::npos);
}

TEST(ConfigCli, ListParamsShowsEverySchemaKey) {
  const auto r = run_cli("list params");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const auto& f : hw_schema()) EXPECT_NE(r.out.find(f.key + " "), std::string::npos) << f.key;
}

}  // namespace
}  // namespace warpsim::config
