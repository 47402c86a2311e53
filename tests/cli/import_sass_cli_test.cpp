#include <gtest/gtest.h>

#include <filesystem>

#include "common/text.h"
#include "support/test_support.h"

namespace warpsim::test {
namespace {

const std::string kSm80 = std::string(WARPSIM_TEST_DATA) + "/sass/microbench_sm80.sass";

// Every column of a `run --format csv` but the params, which name how the workload was given
// (the kernel name of these rows holds no comma).
std::string without_params(const std::string& csv) {
  std::string out;
  for (const std::string& line : split(csv, '\n')) {
    std::vector<std::string> fields = split(line, ',');
    if (fields.size() > 2) fields.erase(fields.begin() + 2);
    out += join(fields, ",") + "\n";
  }
  return out;
}

}  // namespace

TEST(ImportSassCli, TheWrittenWorkloadRunsAsTheSassDoes) {
  const std::string wl = temp_dir() + "/add.wl";
  const CliRun imported = run_cli("import-sass " + kSm80 + " --function 'add_kernel<1>' --trip-count 2 --out " + wl);
  ASSERT_EQ(imported.exit_code, 0) << imported.err;
  EXPECT_EQ(imported.out, "");
  const std::string text = slurp(wl);
  EXPECT_NE(text.find(".kernel add_kernel<1>"), std::string::npos);
  EXPECT_NE(text.find(".loop ${trip_count}"), std::string::npos);
  EXPECT_NE(text.find("@P0 EXIT"), std::string::npos);
  const std::string common = " --gpu h100_sxm --warps 8 --sms 1 --format csv";
  const CliRun from_wl = run_cli("run --workload " + wl + common);
  const CliRun from_sass = run_cli("run --workload " + kSm80 + " --function 'add_kernel<1>' --trip-count 2" + common);
  ASSERT_EQ(from_wl.exit_code, 0) << from_wl.err;
  ASSERT_EQ(from_sass.exit_code, 0) << from_sass.err;
  EXPECT_EQ(without_params(from_wl.out), without_params(from_sass.out));
  EXPECT_NE(from_sass.out.find(",function=add_kernel<1> trip_count=2,"), std::string::npos) << from_sass.out;
}

TEST(ImportSassCli, ListNamesEveryFunctionOfTheDump) {
  const CliRun r = run_cli("import-sass " + kSm80 + " --list");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(
      r.out.find(
          "sm_80  88            chase_kernel<0,1,false>  _ZN7warpsim10microbench12_GLOBAL__N_112chase_kernelILi0ELi1ELb0EEEvNS0_9ChaseArgsE"),
      std::string::npos)
      << r.out;
  EXPECT_EQ(split(r.out, '\n').size(), 1u + 7u + 1u);  // header, the 7 kernels, the final newline
  // An option that picks one function would do nothing beside --list: refused (it was ignored).
  const CliRun picked = run_cli("import-sass " + kSm80 + " --list --function chase");
  EXPECT_EQ(picked.exit_code, 2);
  EXPECT_NE(picked.err.find("--function: picks or shapes one function; --list lists them all"), std::string::npos) << picked.err;
}

TEST(ImportSassCli, EveryLineItCannotModelIsNamedAndNothingIsWritten) {
  const std::string sass = write_temp_file("bad.sass",
                                           "\tcode for sm_90\n\t\tFunction : _Z1kv\n"
                                           "        /*0000*/                   TEX R2, R2, R4, R2 ;\n"
                                           "        /*0010*/                   FADDD R2, R2, R4 ;\n"
                                           "        /*0020*/                   EXIT ;\n");
  const std::string out = temp_dir() + "/never.wl";
  const CliRun r = run_cli("import-sass " + sass + " --out " + out);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("bad.sass:3: TEX: TEX cannot be simulated: texture"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("bad.sass:4: FADDD: unknown opcode 'FADDD' (did you mean 'FADD'?)"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_FALSE(std::filesystem::exists(out));
  // A device or a folder where the dump belongs: refused at once, not read until memory runs out.
  const CliRun zero = run_cli("import-sass /dev/zero --out " + out);
  EXPECT_EQ(zero.exit_code, 2);
  EXPECT_NE(zero.err.find("/dev/zero:1: holds binary data (a NUL byte at offset 0): not a text file"), std::string::npos) << zero.err;
  const CliRun negative = run_cli("import-sass " + sass + " --trip-count -1 --out " + out);
  EXPECT_EQ(negative.exit_code, 2);
  EXPECT_NE(negative.err.find("--trip-count: expected a trip count, an integer in [0, 1000000000000], found '-1'"), std::string::npos)
      << negative.err;
  const CliRun folder = run_cli("import-sass " + temp_dir() + " --out " + out);
  EXPECT_EQ(folder.exit_code, 2);
  EXPECT_NE(folder.err.find(": is a directory; give a file"), std::string::npos) << folder.err;
  EXPECT_FALSE(std::filesystem::exists(out));
  const CliRun loop = run_cli("run --gpu h100_sxm --workload " + kSm80 + " --function add_kernel --warps 4");
  EXPECT_EQ(loop.exit_code, 2);
  EXPECT_NE(loop.err.find("microbench_sm80.sass:"), std::string::npos);
  EXPECT_NE(loop.err.find("needs a trip count: --trip-count N"), std::string::npos) << loop.err;
}

TEST(ImportSassCli, TheSassOptionsOfRunAreItsWorkloadParameters) {
  const std::string common = " --gpu h100_sxm --warps 4 --sms 1 --format csv";
  const CliRun flags = run_cli("run --workload " + kSm80 + " --function sfu_chain --trip-count 1" + common);
  const CliRun params = run_cli("run --workload " + kSm80 + " --param function=sfu_chain --param trip_count=1" + common);
  ASSERT_EQ(flags.exit_code, 0) << flags.err;
  EXPECT_EQ(flags.out, params.out);
  const CliRun both = run_cli("run --workload " + kSm80 + " --function sfu_chain --param function=add --trip-count 1" + common);
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("function: given both as --param and as its own option"), std::string::npos) << both.err;
  const CliRun not_sass = run_cli("run --workload homogeneous --trip-count 3" + common);
  EXPECT_EQ(not_sass.exit_code, 2);
  EXPECT_NE(not_sass.err.find("--trip-count: applies to a SASS workload"), std::string::npos) << not_sass.err;
  const CliRun unknown = run_cli("run --workload " + kSm80 + " --param trips=3" + common);
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("a SASS workload has no parameter 'trips'"), std::string::npos) << unknown.err;
}

TEST(ImportSassCli, ExplainAndSweepTakeASassWorkload) {
  const CliRun explain = run_cli("explain --workload " + kSm80 + " --function smem_chain --trip-count 3");
  ASSERT_EQ(explain.exit_code, 0) << explain.err;
  EXPECT_NE(explain.out.find("# workload 'smem_chain_kernel'"), std::string::npos) << explain.out;
  EXPECT_NE(explain.out.find("LDS R0, [R0] ; pattern=stream"), std::string::npos);
  const CliRun sweep =
      run_cli("sweep --gpu h100_sxm --workload " + kSm80 + " --param function=sfu_chain --param trip_count=1,2 --warps 4 --sms 1");
  ASSERT_EQ(sweep.exit_code, 0) << sweep.err;
  EXPECT_EQ(split(sweep.out, '\n').size(), 1u + 2u + 1u) << sweep.out;  // header, one row per trip count
}

}  // namespace warpsim::test
