#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "common/csv_reader.h"
#include "support/test_support.h"

namespace warpsim::test {

TEST(ListCli, WorkloadsListsTheMixesAndTheThreeKernels) {
  const CliRun r = run_cli("list workloads --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* n :
       {"alpha_mix", "sfu_mix", "smem_mix", "homogeneous", "ilp", "stride2", "random", "bank_conflict", "vector_add", "permute", "vabs"})
    EXPECT_NE(r.out.find(std::string("\n") + n + ","), std::string::npos) << n;
}

TEST(ListCli, GpusAreListedByName) {
  const CliRun r = run_cli("list gpus --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> names;
  std::istringstream in(r.out);
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) names.push_back(line.substr(0, line.find(',')));
  ASSERT_GT(names.size(), 5u);
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));  // a config in a subfolder came first
}

TEST(ListCli, HelpOnEverySubcommandExitsZero) {
  for (const char* sub : {"", "list", "run", "explain", "bound"}) {
    const CliRun r = run_cli(std::string(sub) + " --help");
    EXPECT_EQ(r.exit_code, 0) << sub;
    EXPECT_NE(r.out.find("--help"), std::string::npos) << sub;
  }
}

TEST(ListCli, UnknownSubcommandOrWhatExitsTwo) {
  EXPECT_EQ(run_cli("frobnicate").exit_code, 2);
  EXPECT_EQ(run_cli("list things").exit_code, 2);
  EXPECT_EQ(run_cli("").exit_code, 2);
}

TEST(ListCli, ExplainPrintsTheGeneratedWorkloadText) {
  const CliRun r = run_cli("explain --workload alpha_mix --param alpha=2 --param loads=3");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("10 executed per warp"), std::string::npos) << r.out;  // 3 x (1 LD + 2 FADD) + EXIT
}

// A .wl kernel's text shows the --param values it runs with (it showed the file's defaults), and
// that text, saved and run alone, runs as the file with --param does.
TEST(ListCli, ExplainShowsAKernelFilesParametersAsOverridden) {
  const CliRun r = run_cli("explain --workload vector_add --param blocks_per_slot=16");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(".param blocks_per_slot 16  # --param blocks_per_slot=16 (the file's default: 8)"), std::string::npos) << r.out;
  const std::string saved = write_temp_file("explain/vector_add16.wl", r.out.substr(r.out.find(".kernel")));
  EXPECT_EQ(run_cli("run --gpu kepler --workload " + saved + " --warps 16 --format csv").out.substr(50),
            run_cli("run --gpu kepler --workload vector_add --param blocks_per_slot=16 --warps 16 --format csv").out.substr(50));
}

TEST(ListCli, TheConfigKeyTableOfTheDocsIsTheOneListParamsPrints) {
  // docs/hw-configs.md says `warpsim list params` prints the same table: same keys, same order.
  const CliRun r = run_cli("list params --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Whole rows, not only the keys: a description the code changed and the page did not (the
  // contention keys said "analytical models only" after `servers` read them) is a failure too.
  std::vector<std::string> listed, documented;
  std::string line;
  const std::vector<CsvRow> rows = parse_csv(r.out);
  for (size_t i = 1; i < rows.size(); ++i) {
    if (rows[i].fields.size() != 5) continue;
    const auto f = [&](size_t k) { return rows[i].fields[k].text; };
    listed.push_back(fmt::format("| `{}` | {} | {} | {} | {} |", f(0), f(1), f(2), f(3), f(4)));
  }
  std::istringstream doc(slurp(std::string(WARPSIM_SOURCE_DIR) + "/docs/hw-configs.md"));
  bool in_table = false;
  while (std::getline(doc, line)) {
    if (line.rfind("| key | type and range", 0) == 0)
      in_table = true;
    else if (in_table && line.rfind("| `", 0) == 0)
      documented.push_back(line);
    else if (in_table && line.rfind("|---", 0) != 0)
      break;
  }
  EXPECT_EQ(documented.size(), listed.size());
  for (size_t i = 0; i < std::min(documented.size(), listed.size()); ++i) EXPECT_EQ(documented[i], listed[i]);
}

}  // namespace warpsim::test
