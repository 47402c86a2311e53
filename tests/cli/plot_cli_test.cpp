// `warpsim plot`: figures of run and sweep CSV files, byte-identical on reruns; bad input named by
// file, line and column with exit status 2 and nothing written. What each figure holds is checked
// against its data in tests/plots/test_result_figures.py.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "support/test_support.h"

namespace warpsim::test {
namespace {

namespace fs = std::filesystem;

// A small run CSV, each line as `warpsim run --format csv` writes it, but fewer columns.
const char* kRunCsv =
    "gpu,workload,params,warps_per_sm,ipc_per_sm,gbps,access_latency_mean,mean_warp_latency,stall_memory,issue_utilization\n"
    "kepler,alpha_mix,alpha=8,4,0.1,12,305,24000,0.8,0.02\n"
    "kepler,alpha_mix,alpha=8,8,0.2,24,305,24100,0.7,0.05\n";

// Bad input: exit status 2, `message` on stderr, no figure written.
void expect_rejected(const std::string& args, const std::string& message, const std::string& prefix) {
  const CliRun r = run_cli("plot " + args + " --out " + prefix);
  EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
  EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "") << args;
  for (const char* kind : {"throughput", "latency", "stalls"}) EXPECT_FALSE(fs::exists(prefix + "_" + kind + ".png")) << args;
}

TEST(PlotCli, BadFilesExitTwoNamingFileLineAndColumn) {
  const std::string d = temp_dir() + "/plot_bad";
  fs::create_directories(d);
  const std::string no_ipc = write_temp_file("plot_bad/no_ipc.csv", "gpu,workload,warps_per_sm,ipcc_per_sm\nkepler,x,4,0.1\n");
  expect_rejected(no_ipc + " --kind throughput",
                  "no_ipc.csv:1: ipc_per_sm: no such column (--kind throughput draws it); did you mean 'ipcc_per_sm'?", d + "/a");
  const std::string yaml = write_temp_file("plot_bad/gpu.yaml", "gpu:\n  name: x\n");
  expect_rejected(yaml,
                  "gpu.yaml:1: warps_per_sm: no such column (--kind throughput draws it); `warpsim plot` reads the CSV of "
                  "`warpsim run --format csv` or `warpsim sweep`, and this header is not one of theirs",
                  d + "/b");
  const std::string binary = write_temp_file("plot_bad/image.png", std::string("\x89PNG\r\n\x1a\n\0\0\0", 11));
  expect_rejected(binary, "image.png:3: holds binary data (a NUL byte at offset 8): not a text file", d + "/c");
  // A device is refused at its first byte, not read until memory runs out.
  expect_rejected("/dev/zero", "/dev/zero:1: holds binary data (a NUL byte at offset 0): not a text file", d + "/c2");
  // A pipe: the figure script reads the file again and found it empty ("holds no rows").
  const CliRun piped =
      run_cli_with_env("cat " + write_temp_file("plot_bad/piped.csv", kRunCsv) + " |", "plot /dev/stdin --out " + d + "/p");
  EXPECT_EQ(piped.exit_code, 2);
  EXPECT_NE(piped.err.find("is not a regular file (a pipe?): `warpsim plot` reads its CSV twice"), std::string::npos) << piped.err;
  // What the figure script could not read or draw is named here, not in a Python traceback.
  const std::string latin1 =
      write_temp_file("plot_bad/latin1.csv", std::string(kRunCsv) + "k\xe9pler,alpha_mix,alpha=8,16,1,30,306,24200,0.6,0.1\n");
  expect_rejected(latin1, "latin1.csv:4: is not UTF-8 text (byte 0xE9 at offset", d + "/c3");
  const std::string huge =
      write_temp_file("plot_bad/huge.csv", std::string(kRunCsv) + "kepler,alpha_mix,alpha=8,16,1e308,30,306,24200,0.6,0.1\n");
  expect_rejected(huge + " --kind throughput", "huge.csv:4:29: ipc_per_sm: 1e308 is beyond the 1e+18 a figure can draw", d + "/c4");
  const std::string json = write_temp_file("plot_bad/run.json", "[{\"gpu\": \"kepler\"}]\n");
  expect_rejected(
      json,
      "run.json:1:1: holds JSON; `warpsim plot` reads the CSV of `warpsim run --format csv` or `warpsim sweep` (write it with --format csv)",
      d + "/d");
  expect_rejected(d + "/missing.csv", "missing.csv: cannot open file: No such file or directory", d + "/e");
  const std::string word =
      write_temp_file("plot_bad/word.csv", std::string(kRunCsv) + "kepler,alpha_mix,alpha=8,16,fast,30,306,24200,0.6,0.1\n");
  expect_rejected(word + " --kind throughput", "word.csv:4:29: ipc_per_sm: 'fast' is not a finite number", d + "/f");
  const std::string ragged = write_temp_file("plot_bad/ragged.csv", std::string(kRunCsv) + "kepler,alpha_mix\n");
  expect_rejected(ragged, "ragged.csv:4: 2 fields where the header has 10", d + "/g");
  const std::string twice = write_temp_file("plot_bad/twice.csv", "gpu,warps_per_sm,ipc_per_sm,gpu\nkepler,4,0.1,x\n");
  expect_rejected(twice, "twice.csv:1: gpu: a column named twice in the header", d + "/g2");
  const std::string header_only = write_temp_file("plot_bad/header.csv", "gpu,warps_per_sm,ipc_per_sm\n");
  expect_rejected(header_only, "header.csv: holds a header but no rows: nothing to draw", d + "/h");
  const std::string run = write_temp_file("plot_bad/run.csv", kRunCsv);
  // Every file must hold what a figure needs: the second names itself.
  expect_rejected(run + " " + no_ipc + " --kind throughput", "no_ipc.csv:1: ipc_per_sm: no such column", d + "/i");
  expect_rejected(run + " --kind stalls --group gpuu", "run.csv:1: gpuu: no such column (--group); did you mean 'gpu'?", d + "/j");
  expect_rejected(run + " --kind latency --y mean_warp_latency --x nosuch",
                  "run.csv:1: nosuch: no such column (--kind latency with --x/--y)", d + "/k");
  const std::string no_latency = write_temp_file("plot_bad/no_latency.csv", "gpu,warps_per_sm,gbps,mean_warp_latency\nkepler,4,10,\n");
  expect_rejected(no_latency + " --kind latency --x gbps --y mean_warp_latency",
                  "no_latency.csv: mean_warp_latency: blank in every row that has gbps: the latency figure would be empty", d + "/l");
}

TEST(PlotCli, OptionsThatDoNotFitTheKindExitTwo) {
  const std::string run = write_temp_file("plot_opts/run.csv", kRunCsv);
  const std::string d = temp_dir() + "/plot_opts";
  expect_rejected(run + " --x gbps", "<cli>: --x: names the axes of one figure: give --kind throughput, latency or stalls with it",
                  d + "/a");
  expect_rejected(run + " --kind latency --y gbps,ipc_per_sm", "<cli>: --y: --kind latency draws one y column", d + "/b");
  expect_rejected(run + " --kind histogram", "<cli>: --kind: unknown kind 'histogram' (valid: all, throughput, latency, stalls)", d + "/c");
  expect_rejected(run + " --kind throughput --y ipc_per_sm,", "<cli>: --y: 'ipc_per_sm,' has an empty column name", d + "/d");
  const CliRun no_out = run_cli("plot " + run);
  EXPECT_EQ(no_out.exit_code, 2);
  EXPECT_NE(no_out.err.find("--out is required"), std::string::npos) << no_out.err;
  // An output directory that does not exist is found before anything is drawn.
  expect_rejected(run, "--out: cannot write output file", d + "/nosuchdir/fig");
}

#ifdef WARPSIM_HAVE_PLOTS

// Every file a plot writes, by kind and extension.
std::vector<std::string> figure_files(const std::string& prefix) {
  std::vector<std::string> out;
  for (const char* kind : {"throughput", "latency", "stalls"})
    for (const char* ext : {"png", "svg"}) out.push_back(prefix + "_" + kind + "." + ext);
  return out;
}

TEST(PlotCli, DrawsRunAndSweepFilesByteIdenticallyOnRerun) {
  const std::string d = temp_dir() + "/plot_ok";
  fs::create_directories(d);
  const std::string run = d + "/run.csv", sweep = d + "/sweep.csv";
  ASSERT_EQ(
      run_cli("run --gpu kepler --workload alpha_mix --param alpha=8 --param loads=4 --warps 4:12:4 --sms 1 --format csv --out " + run)
          .exit_code,
      0);
  ASSERT_EQ(
      run_cli(
          "sweep --gpu kepler --gpu maxwell --workload alpha_mix --param alpha=1,inf --param loads=4 --warps 8:16:8 --sms 1 --quiet --out " +
          sweep)
          .exit_code,
      0);
  for (const std::string& input : {run, sweep}) {
    const std::string name = fs::path(input).stem().string();
    const CliRun first = run_cli("plot " + input + " --out " + d + "/" + name + "1");
    ASSERT_EQ(first.exit_code, 0) << first.err;
    ASSERT_EQ(run_cli("plot " + input + " --out " + d + "/" + name + "2").exit_code, 0);
    const auto a = figure_files(d + "/" + name + "1"), b = figure_files(d + "/" + name + "2");
    std::string listed;
    for (size_t i = 0; i < a.size(); ++i) {
      listed += a[i] + "\n";
      ASSERT_TRUE(fs::exists(a[i])) << a[i];
      EXPECT_GT(fs::file_size(a[i]), 1000u) << a[i];
      EXPECT_EQ(slurp(a[i]), slurp(b[i])) << a[i];
    }
    EXPECT_EQ(first.out, listed);  // the files written, one a line
    EXPECT_EQ(slurp(a[0]).substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  }
  // The sweep's series are its GPUs and its alphas; the title names what all rows share. (The
  // SVG keeps each text as a comment beside its glyphs.)
  const std::string svg = slurp(d + "/sweep1_throughput.svg");
  for (const char* text : {"kepler, alpha=1", "kepler, alpha=inf", "maxwell, alpha=1", "maxwell, alpha=inf",
                           "Throughput vs occupancy: alpha_mix on kepler, maxwell", "adds=4096, loads=4, pattern=stream"})
    EXPECT_NE(svg.find(text), std::string::npos) << text;
  // --kind, --x and --y choose one figure and its columns.
  const CliRun one = run_cli("plot " + run + " --kind latency --x ipc_per_sm --y mean_warp_latency --out " + d + "/one");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out, d + "/one_latency.png\n" + d + "/one_latency.svg\n");
  EXPECT_NE(slurp(d + "/one_latency.svg").find("mean warp latency, cycles"), std::string::npos);
}

// Rows the series cannot tell apart are the script's finding, reported as any bad input.
TEST(PlotCli, RowsOfOneSeriesAtOneOccupancyExitTwo) {
  const std::string run = write_temp_file("plot_twice/run.csv", kRunCsv);
  const std::string twice =
      write_temp_file("plot_twice/twice.csv", std::string(kRunCsv) + "kepler,alpha_mix,alpha=8,8,0.3,25,306,24200,0.6,0.1\n");
  expect_rejected(twice + " --kind throughput", "twice.csv:4: warps_per_sm: warps_per_sm = 8 again in one series, as at ",
                  temp_dir() + "/plot_twice/a");
  // The same file twice: its series are told apart by the file, which then names them.
  const CliRun both = run_cli("plot " + run + " " + run + " --kind throughput --out " + temp_dir() + "/plot_twice/b");
  EXPECT_EQ(both.exit_code, 2) << both.err;
  const CliRun two = run_cli("plot " + run + " " + twice + " --kind stalls --group params --out " + temp_dir() + "/plot_twice/c");
  EXPECT_EQ(two.exit_code, 2) << two.err;
  EXPECT_NE(two.err.find("(columns that differ between them: file)"), std::string::npos) << two.err;
}

#else

TEST(PlotCli, WithoutMatplotlibExitsTwoSayingHowToGetIt) {
  const std::string run = write_temp_file("plot_nompl/run.csv", kRunCsv);
  expect_rejected(run, "apt-get install python3-matplotlib", temp_dir() + "/plot_nompl/a");
}

#endif

}  // namespace
}  // namespace warpsim::test
