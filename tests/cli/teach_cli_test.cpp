// `warpsim teach`: the list of concepts, one lesson's text and files (byte-identical on reruns and
// for any --jobs), and bad input with exit status 2 and nothing written. What each lesson shows
// is checked on its data in tests/teach/lessons_test.cpp.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "report/plot_script.h"
#include "support/test_support.h"

namespace warpsim::test {
namespace {

namespace fs = std::filesystem;

TEST(TeachCli, ListNamesEveryConceptWithItsDefaultGpu) {
  const CliRun r = run_cli("teach list");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* c : {"littles_law", "latency_vs_throughput", "warps_vs_instructions", "cusp", "gradual_saturation",
                        "occupancy_oscillation", "persistent_threads", "bank_conflicts", "coalescing"})
    EXPECT_NE(r.out.find(c), std::string::npos) << c;
  EXPECT_NE(run_cli("teach --help").out.find("warps_vs_instructions"), std::string::npos);
}

TEST(TeachCli, ALessonPrintsItsNumbersAndWritesItsDataAndFigureTheSameForAnyJobs) {
  const std::string a = temp_dir() + "/teach_a", b = temp_dir() + "/teach_b";
  const CliRun r = run_cli("teach warps_vs_instructions --out-dir " + a + " --jobs 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("warps needed = "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("on toy"), std::string::npos) << r.out;
  ASSERT_TRUE(fs::exists(a + "/warps_vs_instructions.csv"));
  EXPECT_EQ(slurp(a + "/warps_vs_instructions.csv").rfind("panel,series,style,x,y\n", 0), 0u);
  ASSERT_EQ(run_cli("teach warps_vs_instructions --out-dir " + b + " --jobs 3").exit_code, 0);
  EXPECT_EQ(slurp(a + "/warps_vs_instructions.csv"), slurp(b + "/warps_vs_instructions.csv"));
  if (report::plots_unavailable().empty()) {
    for (const char* ext : {".png", ".svg"}) {
      EXPECT_TRUE(fs::exists(a + "/warps_vs_instructions" + ext)) << ext;
      EXPECT_EQ(slurp(a + "/warps_vs_instructions" + ext), slurp(b + "/warps_vs_instructions" + ext)) << ext;
    }
  }
}

TEST(TeachCli, NoFiguresWritesTheDataAlone) {
  const std::string d = temp_dir() + "/teach_nofig";
  const CliRun r = run_cli("teach littles_law --gpu toy --no-figures --out-dir " + d);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(d + "/littles_law.csv"));
  EXPECT_FALSE(fs::exists(d + "/littles_law.png"));
  EXPECT_NE(r.err.find("no figure"), std::string::npos);
}

TEST(TeachCli, BadInputExitsTwoAndWritesNothing) {
  const std::string d = temp_dir() + "/teach_bad";
  struct Case {
    std::string args, message;
  };
  for (const Case& c : std::vector<Case>{{"teach litles_law", "unknown concept 'litles_law', did you mean 'littles_law'?"},
                                         {"teach cusp --gpu keplr", "keplr"},
                                         {"teach cusp --set sm.max_warpz=4", "max_warpz"},
                                         {"teach", "concept"},
                                         // The list takes no lesson's options (its --out-dir did nothing).
                                         {"teach list", "--out-dir: does not apply to `teach list`"}}) {
    const CliRun r = run_cli(c.args + " --out-dir " + d);
    EXPECT_EQ(r.exit_code, 2) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(d)) << c.args;
  }
  const std::string file = write_temp_file("teach_file", "x");
  const CliRun r = run_cli("teach littles_law --gpu toy --out-dir " + file);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("not a directory"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace warpsim::test
