// `warpsim validate` on inputs that name GPUs, ids and measurements in ways that must be refused
// or handled: configs of one GPU name, a GPU given as a file, derived ids, measured ranges and
// values, repeated YAML keys. Bad input exits 2 and writes nothing.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <utility>

#include <fmt/format.h>

#include <algorithm>

#include "cli/validate_cli_cases.h"
#include "common/data_paths.h"
#include "support/test_support.h"

namespace fs = std::filesystem;

namespace warpsim::validate_cli {

// A case file may name a GPU of the user's own that --gpu gives as a file (by its gpu.name); the
// case is checked and run with that file. Without the --gpu it is an error at the case's line.
TEST(ValidateCli, ACaseFileMayNameAGpuGivenAsAFile) {
  const std::string gpu = test::write_temp_file("vcli/mygpu.yaml", "inherits: kepler\ngpu:\n  name: mygpu\nalu:\n  latency_cycles: 12\n");
  std::string text = kPassing;
  for (const auto& [from, to] : {std::pair<std::string, std::string>{"gpu: kepler", "gpu: mygpu"},
                                 {"compare: {measurement: volkov.t6_2.kepler.add}", "compare: {less_than: 12.5}"}})
    text.replace(text.find(from), from.size(), to);
  const std::string cases = test::write_temp_file("vcli/mygpu_cases.yaml", text);
  const auto r = test::run_cli("validate --gpu " + gpu + " --cases " + cases +
                               " --no-figures --memory-models none --format csv --out-dir " + dir("rep_mygpu"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("cheap.latency,mygpu,latency,cycles,< 12.5,12,"), std::string::npos) << r.out;  // the file's ALU latency ran
  const auto without = test::run_cli("validate --cases " + cases + " --no-figures --memory-models none --out-dir " + dir("rep_mygpu2"));
  EXPECT_EQ(without.exit_code, 2);
  EXPECT_NE(without.err.find(cases + ":4:"), std::string::npos) << without.err;
  EXPECT_NE(without.err.find("no GPU config named 'mygpu'"), std::string::npos) << without.err;
}

// A measured 0 has no relative error: the case fails at +inf, and the headline says why rather
// than calling the simulator's number "not attained".
TEST(ValidateCli, AMeasuredZeroIsAnUnboundedErrorNotAMissingValue) {
  const std::string csv =
      test::write_temp_file("vcli/zero.csv",
                            "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n"
                            "mine.zero.w8,kepler,throughput,homogeneous,op=add count=256,8,0,ops_per_cycle_per_scheduler,my run,\n");
  const auto r = test::run_cli("validate --gpu kepler --case 'auto.*' --measurements " + csv +
                               " --no-figures --memory-models none --out-dir " + dir("rep_zero"));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("simulator unbounded (measured 0: no relative error) (auto.mine.zero.w8)"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("not attained"), std::string::npos) << r.err;
  EXPECT_NE(slurp(dir("rep_zero") + "/report.md").find("unbounded (measured 0"), std::string::npos);
}

// Every row of a measurement file becomes a case or is named with the reason it is not used, on
// stderr and in the report: a row with no workload to simulate, and rows for a GPU not given.
TEST(ValidateCli, EveryMeasurementRowNotUsedIsNamedWithItsReason) {
  const std::string csv =
      test::write_temp_file("vcli/unused.csv",
                            "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n"
                            "mine.add.w8,kepler,throughput,homogeneous,op=add count=256,8,0.9,ops_per_cycle_per_scheduler,my run,\n"
                            "mine.matmul,kepler,throughput,,kernel=matmul,8,12,gbps,my run,\n"
                            "mine.other,maxwell,throughput,homogeneous,op=add count=256,8,0.9,ops_per_cycle_per_scheduler,my run,\n");
  const auto r = test::run_cli("validate --gpu kepler --case 'auto.*' --measurements " + csv +
                               " --no-figures --memory-models none --out-dir " + dir("rep_unused"));
  EXPECT_NE(r.out.find("auto.mine.add.w8"), std::string::npos) << r.out;  // the usable row is a case
  const std::string report = slurp(dir("rep_unused") + "/report.md");
  for (const std::string& said : {"no case derived from " + csv + ":3 mine.matmul: no workload to simulate",
                                  csv + ": 1 row for GPUs other than --gpu kepler (maxwell): not used by this run"}) {
    EXPECT_NE(r.err.find("warpsim: note: " + said), std::string::npos) << r.err;
    EXPECT_NE(report.find(said), std::string::npos) << said;
  }
  // Given both GPUs, the Maxwell row is a case and nothing is said of it.
  const auto both = test::run_cli("validate --gpu kepler --gpu maxwell --case 'auto.*' --measurements " + csv +
                                  " --no-figures --memory-models none --out-dir " + dir("rep_unused2"));
  EXPECT_NE(both.out.find("auto.mine.other"), std::string::npos) << both.out;
  EXPECT_EQ(both.err.find("other than --gpu"), std::string::npos) << both.err;
}

// A row whose work would take days to simulate is refused at the row, before any simulation (the
// error named the generator's text, not the file).
TEST(ValidateCli, AMeasurementRowTooLongToSimulateIsBadInputAtTheRow) {
  const std::string csv = test::write_temp_file(
      "vcli/too_long.csv",
      "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n"
      "mine.add.w8,kepler,throughput,homogeneous,op=add count=256,8,0.9,ops_per_cycle_per_scheduler,my run,\n"
      "mine.huge,kepler,throughput,homogeneous,op=add count=1099511627776,16,30,ops_per_cycle_per_scheduler,my run,\n");
  const auto r = refused("--gpu kepler --case 'auto.*' --measurements " + csv + " --no-figures --memory-models none", "rep_too_long");
  EXPECT_NE(r.err.find(csv + ":3: params: the grid would execute"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("lower the loop of 1099511627776 iterations"), std::string::npos) << r.err;
}

// Cases are kept per GPU name. Otherwise two configs named 'kepler' would run the built-in Kepler
// cases on whichever came last, a --gpu given twice derived every case twice, and a derived case
// could share its id with a case file's.
TEST(ValidateCli, TwoConfigsOfOneGpuNameAreRefusedAndARepeatedGpuCountsOnce) {
  const std::string copy = test::write_temp_file("vcli/kepler_copy.yaml", "inherits: kepler\n");
  const auto both = refused("--gpu kepler --gpu " + copy + " --case t6_1.random --no-figures --memory-models none", "rep_twins");
  EXPECT_NE(both.err.find("--gpu: 'kepler' and '" + copy + "' are both GPU 'kepler' (gpu.name)"), std::string::npos) << both.err;

  const std::string csv =
      test::write_temp_file("vcli/twice.csv",
                            "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n"
                            "twice.add.w8,kepler,throughput,homogeneous,op=add count=256,8,7.1,ops_per_cycle_per_scheduler,my run,\n");
  const std::string common = " --case 'auto.*' --measurements " + csv + " --no-figures --memory-models none --format csv";
  const auto once = test::run_cli("validate --gpu kepler" + common + " --out-dir " + dir("rep_once"));
  const auto twice = test::run_cli("validate --gpu kepler --gpu kepler" + common + " --out-dir " + dir("rep_twice"));
  EXPECT_EQ(once.exit_code, 0) << once.err;
  EXPECT_EQ(last_line(twice.out), "1 passed, 0 failed") << twice.out << twice.err;
  EXPECT_EQ(slurp(dir("rep_once") + "/cases.csv"), slurp(dir("rep_twice") + "/cases.csv"));
}

TEST(ValidateCli, ADerivedCaseTakingACaseFilesIdIsBadInput) {
  std::string cases = kPassing;
  cases.replace(cases.find("cheap.latency"), 13, "auto.clash.w8");
  const std::string file = test::write_temp_file("vcli/clash.yaml", cases);
  const std::string csv =
      test::write_temp_file("vcli/clash.csv",
                            "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n"
                            "clash.w8,kepler,throughput,homogeneous,op=add count=256,8,7.1,ops_per_cycle_per_scheduler,my run,\n");
  const auto r = refused("--cases " + file + " --measurements " + csv + " --no-figures --memory-models none", "rep_clash");
  EXPECT_NE(r.err.find(csv + ":2:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("id: duplicate case id 'auto.clash.w8' (first at " + file + ":2)"), std::string::npos) << r.err;
}

TEST(ValidateCli, ARangeWhoseLowerEndIsAboveItsUpperEndIsBadInput) {
  const std::string csv = test::write_temp_file("vcli/empty_range.csv",
                                                "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n"
                                                "er.lo,kepler,latency,homogeneous,op=add count=256 bound=lower,8,10,cycles,lab,\n"
                                                "er.hi,kepler,latency,homogeneous,op=add count=256 bound=upper,8,5,cycles,lab,\n");
  std::string cases = kPassing;
  cases.replace(cases.find("volkov.t6_2.kepler.add"), 22, "[er.lo, er.hi]");
  const std::string file = test::write_temp_file("vcli/empty_range.yaml", cases);
  const auto r =
      refused("--cases " + file + " --measurements " + csv + " --case cheap.latency --no-figures --memory-models none", "rep_empty_range");
  EXPECT_NE(r.err.find(file + ":2:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("compare.measurement: the rows leave no value to compare with: their lower end 10 is above their upper end 5"),
            std::string::npos)
      << r.err;
}

TEST(ValidateCli, ARepeatedKeyInACaseFileIsBadInput) {
  // A case's second `tolerance` would be ignored silently (yaml-cpp reads the first).
  std::string cases = kPassing;
  cases.replace(cases.find("    tolerance_reason"), 0, "    tolerance: {relative: 0.5}\n");
  const std::string file = test::write_temp_file("vcli/dup_key.yaml", cases);
  const auto r = refused("--cases " + file + " --no-figures --memory-models none", "rep_dup_key");
  EXPECT_NE(r.err.find(file + ":11:5: cases.tolerance: duplicate key (first given at line 10)"), std::string::npos) << r.err;
}

TEST(ValidateCli, ACaseWhoseOccupanciesTheGpuCannotRealiseIsBadInput) {
  // It could only report "no number" and fail: the case file is wrong (Kepler holds 64 warps/SM).
  for (const std::string warps : {"[999]", "[65, 80]"}) {
    std::string cases = kPassing;
    cases.replace(cases.find("[4, 8]"), 6, warps);
    const std::string file = test::write_temp_file("vcli/unrealisable.yaml", cases);
    const auto r = refused("--cases " + file + " --no-figures --memory-models none", "rep_unrealisable");
    EXPECT_NE(r.err.find(file + ":2:5: warps: no occupancy of [" + warps.substr(1, warps.size() - 2) +
                         "] warps/SM can be realised for homogeneous on kepler"),
              std::string::npos)
        << r.err;
  }
}

TEST(ValidateCli, AConfigOrCaseFileInAnotherEncodingIsRefusedAtItsLine) {
  // A Latin-1 byte was copied raw into `explain --config` and the report.
  std::string config = test::slurp((data_dir("hw_configs") / "kepler.yaml").string());
  const size_t at = config.find("GeForce GTX 680 (GK104)");
  ASSERT_NE(at, std::string::npos);
  config.replace(at, 23, "GeForce GTX 680 \xe9");
  const std::string file = test::write_temp_file("vcli/latin1_gpu.yaml", config);
  const int line = 1 + static_cast<int>(std::count(config.begin(), config.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
  const auto r = test::run_cli("explain --gpu " + file + " --config");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(fmt::format("latin1_gpu.yaml:{}: is not UTF-8 text (byte 0xE9 at offset {})", line, at + 16)), std::string::npos)
      << r.err;
  EXPECT_TRUE(r.out.empty());
  const auto cases =
      refused("--cases " + test::write_temp_file("vcli/latin1_cases.yaml", "cases: []  # caf\xe9\n") + " --no-figures --memory-models none",
              "rep_latin1_cases");
  EXPECT_NE(cases.err.find("latin1_cases.yaml:1: is not UTF-8 text (byte 0xE9"), std::string::npos) << cases.err;
}

TEST(ValidateCli, ADeviceGivenAsACaseFileIsRefusedAtItsFirstByte) {
  // /dev/zero read to its end filled memory (std::bad_alloc after 4 GB).
  const auto r = refused("--cases /dev/zero --no-figures --memory-models none", "rep_dev_zero");
  EXPECT_NE(r.err.find("/dev/zero:1: holds binary data (a NUL byte at offset 0): not a text file"), std::string::npos) << r.err;
}

}  // namespace warpsim::validate_cli
