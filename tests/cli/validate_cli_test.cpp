// `warpsim validate` end to end: exit 0 when every case passes, 1 when one fails (report still
// written), 2 on bad input with nothing written; the last stdout line is "N passed, M failed";
// output is the same for any --jobs; derived cases from a user's measurement file run alongside.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cli/validate_cli_cases.h"
#include "support/test_support.h"

namespace fs = std::filesystem;

namespace warpsim::validate_cli {

TEST(ValidateCli, AllCasesPassingExitsZeroAndWritesTheReport) {
  const std::string cases = test::write_temp_file("vcli/pass.yaml", kPassing);
  const auto r =
      test::run_cli("validate --cases " + cases + " --case 'cheap.*' --no-figures --memory-models none --out-dir " + dir("rep_pass"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(last_line(r.out), "1 passed, 0 failed");
  // The header's command can be pasted back into a shell: the glob stays quoted.
  EXPECT_NE(slurp(dir("rep_pass") + "/report.md").find("--case 'cheap.*' --cases " + cases), std::string::npos);
  EXPECT_NE(r.out.find("cheap.latency"), std::string::npos);
  for (const char* f : {"report.md", "report.json", "cases.csv", "values.csv", "accuracy.csv"})
    EXPECT_TRUE(fs::exists(dir("rep_pass") + "/" + f)) << f;
  EXPECT_NE(slurp(dir("rep_pass") + "/report.md").find("## Accuracy summary"), std::string::npos);
  // The case belongs to no built-in finding: the report has no findings row for it.
  EXPECT_TRUE(nlohmann::json::parse(slurp(dir("rep_pass") + "/report.json"))["findings"].empty());
  // The invariants were checked on the case's simulations, and held.
  const auto json = nlohmann::json::parse(slurp(dir("rep_pass") + "/report.json"));
  ASSERT_EQ(json["invariants"].size(), 2u);
  for (const auto& inv : json["invariants"]) {
    EXPECT_GT(inv["checked"].get<int>(), 0) << inv["name"];
    EXPECT_EQ(inv["violated"].get<int>(), 0) << inv["name"];
  }
}

TEST(ValidateCli, AFailingCaseExitsOneAndStillWritesTheReport) {
  const std::string cases = test::write_temp_file("vcli/fail.yaml", kFailing);
  const auto r = test::run_cli("validate --cases " + cases + " --no-figures --memory-models none --out-dir " + dir("rep_fail"));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(last_line(r.out), "0 passed, 1 failed");
  EXPECT_NE(slurp(dir("rep_fail") + "/report.md").find("## Failed cases"), std::string::npos);
}

TEST(ValidateCli, ABadCaseFileExitsTwoWithFileLineKeyAndWritesNothing) {
  std::string bad = kPassing;
  bad.replace(bad.find("kind: latency"), 13, "kind: latncy");
  const std::string cases = test::write_temp_file("vcli/bad.yaml", bad);
  const auto r = refused("--cases " + cases + " --memory-models none", "rep_bad");
  EXPECT_NE(r.err.find(cases + ":8:21: extract.kind: unknown extraction 'latncy'"), std::string::npos) << r.err;
  for (const auto& e : fs::directory_iterator(test::temp_dir())) EXPECT_EQ(e.path().filename().string().find("rep_bad"), std::string::npos);
}

TEST(ValidateCli, AnOutDirThatIsNotAReportIsNeverReplaced) {
  const std::string cases = test::write_temp_file("vcli/keep.yaml", kPassing);
  const std::string keep = test::write_temp_file("not_a_report/precious.txt", "keep me");
  const auto r = test::run_cli("validate --cases " + cases + " --no-figures --memory-models none --out-dir " + dir("not_a_report"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--out-dir: exists and is not a warpsim report directory"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(keep), "keep me");
}

// A report directory holding a file `validate` does not write (the user's notes saved beside the
// report) is not replaced: it would go with the old report.
TEST(ValidateCli, AReportDirectoryHoldingAForeignFileIsNeverReplaced) {
  const std::string cases = test::write_temp_file("vcli/foreign.yaml", kPassing);
  const std::string report = test::write_temp_file("with_notes/report.md", "# an earlier report\n");
  const std::string notes = test::write_temp_file("with_notes/thesis.tex", "precious");
  const auto r = test::run_cli("validate --cases " + cases + " --no-figures --memory-models none --out-dir " + dir("with_notes"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--out-dir: holds 'thesis.tex', which `validate` does not write"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(notes), "precious");
  EXPECT_EQ(slurp(report), "# an earlier report\n");
  const std::string figure_notes = test::write_temp_file("with_figure_notes/figures/notes.txt", "mine");
  (void)test::write_temp_file("with_figure_notes/report.md", "# an earlier report\n");
  const auto f = test::run_cli("validate --cases " + cases + " --no-figures --memory-models none --out-dir " + dir("with_figure_notes"));
  EXPECT_EQ(f.exit_code, 2);
  EXPECT_NE(f.err.find("holds 'figures/notes.txt'"), std::string::npos) << f.err;
  EXPECT_EQ(slurp(figure_notes), "mine");
}

TEST(ValidateCli, NoneStandsAloneInMemoryModels) {
  const auto r = refused("--case t6_1.add.kepler --no-figures --memory-models none,fixed", "rep_nonefixed");
  EXPECT_NE(r.err.find("--memory-models: 'none,fixed': none stands alone"), std::string::npos) << r.err;
}

TEST(ValidateCli, NoMatchingCaseIsBadInput) {
  const auto r = refused("--case no.such.case --no-figures --memory-models none", "rep_none");
  EXPECT_NE(r.err.find("--case: no validation case matches"), std::string::npos) << r.err;
}

// A GPU the built-in cases do not cover (the toy, an H100) is named, with the GPUs they do cover
// and the way to validate another, not blamed on a --case filter nobody gave.
TEST(ValidateCli, AGpuWithoutCasesIsNamedWithTheGpusThatHaveThem) {
  const auto r = refused("--gpu toy --no-figures --memory-models none", "rep_toy");
  EXPECT_NE(r.err.find("--gpu: no validation case covers toy: the cases cover g80, gt200, fermi, kepler, maxwell"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("--measurements FILE"), std::string::npos) << r.err;
}

TEST(ValidateCli, NoCaseFromAMeasurementFileSaysWhyForItsRows) {
  // Only the report's notes said why a row gave no case, and no report is written then.
  const std::string csv = test::write_temp_file("vcli/underived.csv",
                                                "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n"
                                                "x.r,kepler,latency,homogeneous,op=random warps_per_device=0,,1000,cycles,lab,\n");
  const auto r = refused("--measurements " + csv + " --case 'auto.*' --no-figures --memory-models none", "rep_underived");
  EXPECT_NE(
      r.err.find("no case derived from " + csv + ":2 x.r: warps_per_device: only 1 (one warp on the whole device, §6.7) is simulated"),
      std::string::npos)
      << r.err;
}

TEST(ValidateCli, AnUnknownMemoryModelIsBadInput) {
  const std::string cases = test::write_temp_file("vcli/mm.yaml", kPassing);
  const auto r = refused("--cases " + cases + " --memory-models fixed,qeue", "rep_mm");
  EXPECT_NE(r.err.find("--memory-models: unknown memory model 'qeue' (did you mean 'queue'?)"), std::string::npos) << r.err;
  // An empty name is one error, said once (each of ","'s two empty names was its own).
  const auto empty = refused("--cases " + cases + " --memory-models ,", "rep_mm_empty");
  EXPECT_NE(empty.err.find("--memory-models: ',': an empty name in the list"), std::string::npos) << empty.err;
  EXPECT_EQ(empty.err.find("error", empty.err.find("error") + 1), std::string::npos) << empty.err;
}

TEST(ValidateCli, OutputIsTheSameForAnyNumberOfJobs) {
  const std::string cases = test::write_temp_file("vcli/jobs.yaml", std::string(kPassing) + std::string(kFailing).substr(7));
  const auto one = test::run_cli("validate --cases " + cases + " --no-figures --memory-models none --jobs 1 --out-dir " + dir("rep_j1") +
                                 " --format csv");
  const auto two = test::run_cli("validate --cases " + cases + " --no-figures --memory-models none --jobs 2 --out-dir " + dir("rep_j2") +
                                 " --format csv");
  EXPECT_EQ(one.out, two.out);
  for (const char* f : {"cases.csv", "values.csv", "accuracy.csv"})
    EXPECT_EQ(slurp(dir("rep_j1") + "/" + f), slurp(dir("rep_j2") + "/" + f)) << f;
}

TEST(ValidateCli, ACaseGivesTheSameValueAloneAndAmongOthers) {
  // A case's reference peak (here over ILP 1, 2, 4 at every occupancy) is simulated for that case
  // itself, so that its value does not depend on which other cases ran.
  const auto value_of = [](const std::string& out, const std::string& id) {
    const auto at = out.find("\n" + id + ",");
    EXPECT_NE(at, std::string::npos) << out;
    return at == std::string::npos ? std::string() : out.substr(at, out.find('\n', at + 1) - at);
  };
  const std::string common = " --no-figures --memory-models none --format csv --gpu kepler --case t6_4.pct_at_linear";
  const auto alone = test::run_cli("validate" + common + " --out-dir " + dir("rep_alone"));
  const auto among = test::run_cli("validate" + common + " --case t6_4.peak --out-dir " + dir("rep_among"));
  ASSERT_TRUE(alone.exit_code == 0 || alone.exit_code == 1) << alone.err;
  EXPECT_EQ(value_of(alone.out, "t6_4.pct_at_linear.kepler"), value_of(among.out, "t6_4.pct_at_linear.kepler"));
}

TEST(ValidateCli, WholeDeviceRunsEveryCaseOnAllSms) {
  // With `queue`, one SM's share keeps one of Kepler's 8 channels: the whole device gives another
  // value, and the report names the option. (t6_1.stream runs on a share; Tables 6.4 and 6.5 on
  // the whole device either way.)
  const std::string common = " --no-figures --memory-models none --format csv --gpu kepler --case t6_1.stream --set memory.model=queue";
  const auto share = test::run_cli("validate" + common + " --out-dir " + dir("rep_share"));
  const auto device = test::run_cli("validate" + common + " --whole-device --out-dir " + dir("rep_device"));
  ASSERT_TRUE(device.exit_code == 0 || device.exit_code == 1) << device.err;
  const std::string share_csv = slurp(dir("rep_share") + "/cases.csv"), device_csv = slurp(dir("rep_device") + "/cases.csv");
  EXPECT_NE(share_csv, device_csv);
  EXPECT_NE(slurp(dir("rep_device") + "/report.md").find("--whole-device"), std::string::npos);
}

TEST(ValidateCli, CasesAreDerivedFromAUsersMeasurementFile) {
  const std::string csv =
      test::write_temp_file("vcli/mine.csv",
                            "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n"
                            "mine.add.w8,kepler,throughput,homogeneous,op=add count=256,8,7.1,ops_per_cycle_per_scheduler,my run,\n"
                            // 0.4 warps/SM would round to 0, "as many as fit": no case.
                            "mine.add.w0,kepler,throughput,homogeneous,op=add count=256,0.4,1,ops_per_cycle_per_scheduler,my run,\n");
  const auto r = test::run_cli("validate --gpu kepler --case 'auto.*' --measurements " + csv +
                               " --no-figures --memory-models none --out-dir " + dir("rep_auto"));
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("auto.mine.add.w8"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("auto.mine.add.w0"), std::string::npos) << r.out;
  EXPECT_EQ(last_line(r.out), "1 passed, 0 failed");
  EXPECT_TRUE(nlohmann::json::accept(slurp(dir("rep_auto") + "/report.json")));
  // A file in another encoding (Latin-1) went raw into report.md: an error at its line, no report.
  const std::string latin1 = test::write_temp_file(
      "vcli/latin1.csv",
      "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n"
      "mine.add.w8,kepler,throughput,homogeneous,op=add count=256,8,7.1,ops_per_cycle_per_scheduler,my run \xe9t\xe9,\n");
  const auto bad = test::run_cli("validate --gpu kepler --case 'auto.*' --measurements " + latin1 +
                                 " --no-figures --memory-models none --out-dir " + dir("rep_latin1"));
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("latin1.csv:2: is not UTF-8 text (byte 0xE9 at offset 168): save the file as UTF-8"), std::string::npos)
      << bad.err;
  EXPECT_FALSE(fs::exists(dir("rep_latin1")));
}

// The report directory is replaced as a whole: "DIR/" is DIR (its temporary sibling must not land
// inside it), and the current directory, which holds the user's files, is never one.
TEST(ValidateCli, AnOutDirIsReplacedWithOrWithoutATrailingSlashButNeverTheCurrentDirectory) {
  const std::string cases = test::write_temp_file("vcli/slash.yaml", kPassing);
  const std::string args = "validate --cases " + cases + " --no-figures --memory-models none --out-dir ";
  ASSERT_EQ(test::run_cli(args + dir("rep_slash")).exit_code, 0);
  const auto again = test::run_cli(args + dir("rep_slash") + "/");
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_TRUE(fs::exists(dir("rep_slash") + "/report.md"));
  for (const auto& e : fs::directory_iterator(dir("rep_slash"))) EXPECT_EQ(e.path().filename().string().find(".tmp."), std::string::npos);
  for (const std::string& here : std::vector<std::string>{".", "./", fs::current_path().string()}) {
    const auto r = test::run_cli(args + here);
    EXPECT_EQ(r.exit_code, 2) << here;
    EXPECT_NE(r.err.find("is the current directory or holds it"), std::string::npos) << r.err;
  }
  const auto empty = test::run_cli(args + "''");
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_NE(empty.err.find("--out-dir: empty"), std::string::npos) << empty.err;
}

// A report directory that cannot be made is bad input found before any case runs (it was found
// after the simulations): under a regular file, or where nothing can be created (/proc).
TEST(ValidateCli, AnOutDirThatCannotBeMadeIsRefusedBeforeAnyCaseRuns) {
  const std::string cases = test::write_temp_file("vcli/unmakeable.yaml", kPassing);
  const std::string file = test::write_temp_file("vcli/plainfile", "x");
  const std::string args = "validate --cases " + cases + " --no-figures --memory-models none --out-dir ";
  const auto under_file = test::run_cli(args + file + "/rep");
  EXPECT_EQ(under_file.exit_code, 2);
  EXPECT_TRUE(under_file.out.empty()) << under_file.out;  // no case table: nothing ran
  EXPECT_NE(under_file.err.find("--out-dir: cannot create the report directory: '" + file + "' is not a directory"), std::string::npos)
      << under_file.err;
  if (fs::is_directory("/proc/self")) {
    const auto in_proc = test::run_cli(args + "/proc/warpsim_report");
    EXPECT_EQ(in_proc.exit_code, 2);
    EXPECT_TRUE(in_proc.out.empty()) << in_proc.out;
    EXPECT_NE(in_proc.err.find("cannot create the report directory in '/proc'"), std::string::npos) << in_proc.err;
  }
}

// The one end-to-end run of built-in cases (the full run is the README's main command): a few cheap
// cases, with figures when matplotlib is available.
TEST(ValidateCli, BuiltinCasesRunEndToEnd) {
  const auto r =
      test::run_cli("validate --gpu kepler --case t6_1.add --case t6_2.add --case vector_add.best_gbps --memory-models fixed --out-dir " +
                    dir("rep_builtin"));
  // Which of them pass depends on the calibration of the moment; the contract does not.
  const std::string last = last_line(r.out);
  int passed = -1, failed = -1;
  ASSERT_EQ(std::sscanf(last.c_str(), "%d passed, %d failed", &passed, &failed), 2) << r.out;
  EXPECT_EQ(passed + failed, 3);
  EXPECT_EQ(r.exit_code, failed == 0 ? 0 : 1) << r.err;
  const std::string md = slurp(dir("rep_builtin") + "/report.md");
  EXPECT_NE(md.find("t6_1.add.kepler"), std::string::npos);
  // The seeds' findings these cases check, one case each, in validation/findings.yaml's order.
  EXPECT_NE(md.find("## Seed findings"), std::string::npos);
  const auto findings = nlohmann::json::parse(slurp(dir("rep_builtin") + "/report.json"))["findings"];
  ASSERT_EQ(findings.size(), 3u) << findings.dump();
  EXPECT_EQ(findings[0]["id"], "latencies");
  EXPECT_EQ(findings[1]["id"], "peaks");
  EXPECT_EQ(findings[2]["id"], "vector_add");
  int judged = 0;
  for (const auto& f : findings) judged += f["passed"].get<int>() + static_cast<int>(f["failed"].size());
  EXPECT_EQ(judged, 3);
  // The memory-system section: the `fixed` model's peak is Table 6.4's cap (154 GB/s) by construction.
  EXPECT_NE(md.find("## Memory-system models"), std::string::npos);
  const std::string mm = slurp(dir("rep_builtin") + "/memory_models.csv");
  double peak = 0;
  const auto at = mm.find("\nkepler,fixed,");
  ASSERT_NE(at, std::string::npos) << mm;
  ASSERT_EQ(std::sscanf(mm.c_str() + at, "\nkepler,fixed,%lf", &peak), 1) << mm;
  EXPECT_NEAR(peak, 154, 154 * 0.03);
  EXPECT_NE(mm.find("\nkepler,volkov2016,154,56,64,"), std::string::npos) << mm;
  // The latency histogram (Figure 6.5) under the config's `dram` model and under `queue`: an
  // unloaded load takes Table 6.2's latency at the least, and both spread at high load.
  std::map<std::string, std::map<int64_t, int64_t>> hist;  // model/load -> bin_lo -> count
  std::istringstream rows(slurp(dir("rep_builtin") + "/data/latency_histogram.csv"));
  std::string line;
  std::getline(rows, line);
  EXPECT_EQ(line, "gpu,memory_model,load,warps_per_sm,gbps,bin_lo,bin_hi,count");
  while (std::getline(rows, line)) {
    char model[16], load[8];
    long long warps, lo, hi, count;
    double gbps;
    ASSERT_EQ(std::sscanf(line.c_str(), "kepler,%15[a-z],%7[a-z],%lld,%lf,%lld,%lld,%lld", model, load, &warps, &gbps, &lo, &hi, &count), 7)
        << line;
    if (count > 0) hist[std::string(model) + "/" + load][lo] += count;
  }
  ASSERT_EQ(hist.size(), 4u);
  ASSERT_FALSE(hist["dram/low"].empty());
  // At the lowest load a load takes about Table 6.2's 301 cycles (the fullest bin, within t6_2's 2%);
  // one that finds its row left open by another warp's line skips the activation: at most tRCD
  // (12 ns, 13.5 cycles) less than the unloaded 301.
  const auto& low = hist["dram/low"];
  const auto fullest = std::max_element(low.begin(), low.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
  EXPECT_NEAR(static_cast<double>(fullest->first), 301, 301 * 0.02);
  EXPECT_GE(low.begin()->first, 287);
  EXPECT_GT(hist["dram/high"].size(), 10u);
  EXPECT_GT(hist["queue/high"].size(), 10u);
#ifdef WARPSIM_HAVE_PLOTS
  EXPECT_TRUE(fs::exists(dir("rep_builtin") + "/figures/memory_models.png"));
  EXPECT_TRUE(fs::exists(dir("rep_builtin") + "/figures/cusp.png"));
  EXPECT_TRUE(fs::exists(dir("rep_builtin") + "/figures/cusp.svg"));
  EXPECT_NE(md.find("![figures/cusp.png](figures/cusp.png)"), std::string::npos);
#else
  EXPECT_NE(md.find("Figures were not made"), std::string::npos);
#endif
}

// A latency percentile at a level of memory throughput (Volkov §6.6 reports them so): the p95 of
// streaming loads on `queue` at the smallest occupancy reaching 20 and 80 GB/s. Latency grows
// with throughput (§6.4), so the higher level's p95 is larger; a level beyond the simulated peak
// has no value.
TEST(ValidateCli, APercentileAtAThroughputLevelTakesTheOccupancyReachingIt) {
  std::string text = "cases:\n";
  for (const char* level : {"20", "80", "5000"})
    text += std::string("  - id: p95.at.") + level + R"(
    description: p95 of streaming loads at a throughput level
    gpu: kepler
    sets: ["memory.model=queue"]
    workload: homogeneous
    params: {op: stream, count: 64}
    warps: "4:64:4"
    extract: {kind: throughput_at, metric: access_latency_p95, at_metric: gbps, at_value: )" +
            level + R"(}
    compare: {greater_than: 0}
    tolerance: {relative: 0}
    tolerance_reason: test
)";
  const std::string cases = test::write_temp_file("vcli/level.yaml", text);
  const auto r =
      test::run_cli("validate --cases " + cases + " --no-figures --memory-models none --format csv --out-dir " + dir("rep_level"));
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;  // the 5000 GB/s case has no value
  std::map<std::string, std::string> simulated;
  std::istringstream lines(slurp(dir("rep_level") + "/cases.csv"));
  for (std::string line; std::getline(lines, line);) {
    std::vector<std::string> f;
    std::istringstream cells(line);
    for (std::string c; std::getline(cells, c, ',');) f.push_back(c);
    if (f.size() > 5) simulated[f[0]] = f[5];
  }
  ASSERT_TRUE(simulated.count("p95.at.20") && simulated.count("p95.at.80")) << slurp(dir("rep_level") + "/cases.csv");
  const double low = std::stod(simulated["p95.at.20"]), high = std::stod(simulated["p95.at.80"]);
  EXPECT_GT(low, 250);  // about the unloaded streaming latency (Table 6.2: 301 cycles)
  EXPECT_GT(high, low);
  EXPECT_EQ(simulated["p95.at.5000"], "—");
}

}  // namespace warpsim::validate_cli
