// `warpsim trace` and `warpsim montecarlo` as a user runs them: a trace file analysed gives what
// the workload gives, outputs are the same for any --jobs, and bad input exits 2 with nothing written.
#include <gtest/gtest.h>

#include <filesystem>

#include "support/test_support.h"

namespace warpsim {
namespace {

const std::string kWorkload = "--gpu fermi --workload random --param array=2MB --param count=4 --warps 16";

TEST(MonteCarloCli, ATraceFileAnalysedGivesWhatTheWorkloadGives) {
  const std::string bin = test::temp_dir() + "/r.trace", text = test::temp_dir() + "/r.trace.txt";
  const auto b = test::run_cli("trace " + kWorkload + " --out " + bin);
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_NE(b.out.find("accesses"), std::string::npos);
  ASSERT_EQ(test::run_cli("trace " + kWorkload + " --text --out " + text).exit_code, 0);
  EXPECT_EQ(test::slurp(text).rfind("warpsim-trace 1 text\n", 0), 0u);
  const auto direct = test::run_cli("montecarlo " + kWorkload + " --no-timed --format csv --trials 20");
  ASSERT_EQ(direct.exit_code, 0) << direct.err;
  for (const std::string& file : {bin, text}) {
    const auto from_file = test::run_cli("montecarlo --trace " + file + " --format csv --trials 20");
    ASSERT_EQ(from_file.exit_code, 0) << from_file.err;
    EXPECT_EQ(from_file.out, direct.out) << file;
  }
}

TEST(MonteCarloCli, TheTimedRunIsComparedAndTheOutputIsTheSameForAnyJobs) {
  const auto one = test::run_cli("montecarlo " + kWorkload + " --format csv --jobs 1");
  const auto two = test::run_cli("montecarlo " + kWorkload + " --format csv --jobs 2");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  EXPECT_EQ(one.out.rfind("level,trials,converged,mean,sd,low,high,timed,timed_in_flight_as_hits,inside\nl1_read,", 0), 0u) << one.out;
  EXPECT_NE(one.out.find("\nl2_read,"), std::string::npos);
}

TEST(MonteCarloCli, OutDirHoldsTheTablesAndTheFigures) {
  const std::string dir = test::temp_dir() + "/mc_out";
  const auto r = test::run_cli("montecarlo " + kWorkload + " --trials 24 --out-dir " + dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* f : {"/summary.csv", "/loads.csv", "/trials.csv", "/convergence.csv"})
    EXPECT_TRUE(std::filesystem::exists(dir + f)) << f;
  EXPECT_EQ(test::slurp(dir + "/loads.csv")
                .rfind("access,pc,line,opcode,array,l1_hit_mean,l1_hit_sd,l2_hit_mean,l2_hit_sd,latency_mean,latency_sd\n", 0),
            0u);
#ifdef WARPSIM_HAVE_PLOTS
  for (const char* f : {"/montecarlo_hit_ratios.png", "/montecarlo_hit_ratios.svg", "/montecarlo_convergence.svg"})
    EXPECT_TRUE(std::filesystem::exists(dir + f)) << f;
#endif
}

TEST(MonteCarloCli, BadInputExitsTwoNamingWhatIsWrongAndWritesNothing) {
  const std::string out = test::temp_dir() + "/never.csv";
  struct Case {
    std::string args, says;
  };
  const std::string bad_trace = test::write_temp_file("bad.trace", "warpsim-trace 1 text\nmeta {}\n");
  for (const Case& c :
       {Case{"montecarlo --gpu fermi", "give --workload or --trace"},
        Case{"montecarlo " + kWorkload + " --trace x.trace", "give --workload or --trace"},
        Case{"montecarlo " + kWorkload + " --trials 10 --min-trials 20", "--min-trials"},
        Case{"montecarlo --trace " + bad_trace, "bad.trace:2"}, Case{"montecarlo --trace /nonexistent/t.trace", "cannot open the trace"},
        Case{"montecarlo --trace " + test::temp_dir(), "--trace: is a directory; give a file"},
        Case{"montecarlo --gpu fermi --workload random --warps 8:16", "takes one occupancy"},
        // A NaN fraction passed CLI11's range check and the stopping rule never held: it looped forever.
        Case{"montecarlo " + kWorkload + " --start-spread nan", "--start-spread: expected a number from 0 to 1, found 'nan'"},
        Case{"montecarlo " + kWorkload + " --tolerance NaN", "--tolerance: expected a number from 0 to 1, found 'NaN'"},
        Case{"montecarlo " + kWorkload + " --weight-spread -nan", "--weight-spread: expected a number from 0 to 0.99"},
        // A device where a trace belongs: refused at its first line, not read to the end of memory.
        Case{"montecarlo --trace /dev/zero", "/dev/zero:1: not a warpsim trace"},
        Case{"montecarlo --trace " + test::write_temp_file("meta_key.trace", "warpsim-trace 1 text\nmeta {\"gpuu\": \"fermi\"}\n"),
             "meta_key.trace:2: meta.gpuu: unknown key (valid: blocks_per_sm,"},
        Case{"montecarlo --trace " + test::write_temp_file("meta.trace", "warpsim-trace 1 text\nmeta {\n"),
             "meta.trace:2: meta: not a trace header: not JSON (a syntax error at character 3 after 'meta')"}}) {
    const auto r = test::run_cli(c.args + " --out " + out);
    EXPECT_EQ(r.exit_code, 2) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << c.args << "\n" << r.err;
    EXPECT_FALSE(std::filesystem::exists(out)) << c.args;
  }
  // A GPU the trace's header names and no config has is the trace's error, at the header's line.
  const std::string text = test::temp_dir() + "/named.trace.txt";
  ASSERT_EQ(test::run_cli("trace " + kWorkload + " --text --out " + text).exit_code, 0);
  std::string body = test::slurp(text);
  const std::string named = "\"gpu\":\"fermi\"";
  const size_t at = body.find(named);
  ASSERT_NE(at, std::string::npos);
  body.replace(at, named.size(), "\"gpu\":\"nosuch\"");
  const auto unknown = test::run_cli("montecarlo --trace " + test::write_temp_file("nosuch.trace", body) + " --out " + out);
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("nosuch.trace:4: meta.gpu: no GPU config named 'nosuch'"), std::string::npos) << unknown.err;
  EXPECT_FALSE(std::filesystem::exists(out));
  // Nothing to analyse: a kernel without global loads is refused before any file is made.
  const std::string dir = test::temp_dir() + "/no_loads";
  const auto no_loads =
      test::run_cli("montecarlo --gpu fermi --workload bank_conflict --param count=16 --trials 2 --min-trials 2 --out-dir " + dir);
  EXPECT_EQ(no_loads.exit_code, 2);
  EXPECT_NE(no_loads.err.find("--workload: bank_conflict makes no global load: no hit ratios to analyse"), std::string::npos)
      << no_loads.err;
  EXPECT_FALSE(std::filesystem::exists(dir));
  // A loop that would take days: refused up front, as `run` refuses it (it hung).
  const std::string big = test::temp_dir() + "/big.wl";
  ASSERT_EQ(test::run_cli("import-sass " + std::string(WARPSIM_TEST_DATA) +
                          "/sass/microbench_sm90.sass --function 'add_kernel<1>' --trip-count 999999999999 --out " + big)
                .exit_code,
            0);
  for (const std::string& cmd :
       {"trace --gpu h100_sxm --blocks 1 --out " + out, std::string("montecarlo --gpu h100_sxm --blocks 1 --no-timed")}) {
    const auto days = test::run_cli(cmd + " --workload " + big);
    EXPECT_EQ(days.exit_code, 2) << cmd;
    EXPECT_NE(days.err.find("big.wl:20: .loop: the grid would execute"), std::string::npos) << days.err;
    EXPECT_FALSE(std::filesystem::exists(out));
  }
  const auto no_out = test::run_cli("trace " + kWorkload);
  EXPECT_EQ(no_out.exit_code, 2);
  EXPECT_NE(no_out.err.find("--out: required for the binary form"), std::string::npos) << no_out.err;
  EXPECT_EQ(no_out.out, "");
}

}  // namespace
}  // namespace warpsim
