#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <vector>

#include "common/csv_reader.h"
#include "common/text.h"
#include "support/test_support.h"

namespace warpsim::test {

namespace {

// Bad input: exit status 2, `message` on stderr, nothing on stdout.
void expect_rejected(const std::string& args, const std::string& message) {
  const CliRun r = run_cli(args);
  EXPECT_EQ(r.exit_code, 2) << args;
  EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "") << args;
}

}  // namespace

TEST(RunCli, BadInputExitsTwoAndWritesNothing) {
  const std::string cfg = write_temp_file("bad.yaml", "gpu:\n  name: x\n  generaton: maxwell\n");
  const std::string out = temp_dir() + "/never.csv";
  const CliRun r = run_cli("run --gpu " + cfg + " --workload homogeneous --warps 4 --out " + out);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("bad.yaml:3"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(RunCli, UnknownOpcodeInAWorkloadNamesFileAndLine) {
  const std::string wl = write_temp_file("bad.wl", ".kernel k\nFADD R1, R1, R2\nFADDD R1, R1, R2\n");
  const CliRun r = run_cli("run --gpu maxwell --workload " + wl + " --warps 4");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("bad.wl:3"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("did you mean 'FADD'"), std::string::npos) << r.err;
}

TEST(RunCli, DoublePrecisionRunsWhereTheConfigGivesDpUnitsAndIsRefusedElsewhere) {
  // GT200: one DP unit per SM (1 op/cycle, 48-cycle latency): a dependent DFMA chain takes 48
  // cycles per instruction. Kepler's config gives none: exit 2 naming the line and the keys.
  const std::string wl = write_temp_file("dp.wl", ".kernel k\n.loop 64\nDFMA R2, R2, R4, R2\n.endloop\n");
  const CliRun gt200 = run_cli("run --gpu gt200 --sms 1 --workload " + wl + " --warps 1 --format csv");
  ASSERT_EQ(gt200.exit_code, 0) << gt200.err;
  const auto rows = parse_csv(gt200.out);
  const auto col = [&](const std::string& name) {
    for (size_t i = 0; i < rows[0].fields.size(); ++i)
      if (rows[0].fields[i].text == name) return std::stod(rows[1].fields[i].text);
    return -1.0;
  };
  EXPECT_NEAR(col("mean_warp_latency") / 64, 48, 0.5);
  const CliRun kepler = run_cli("run --gpu kepler --workload " + wl + " --warps 1");
  EXPECT_EQ(kepler.exit_code, 2);
  EXPECT_NE(kepler.err.find("dp.wl:3"), std::string::npos) << kepler.err;
  EXPECT_NE(kepler.err.find("dp.ops_per_cycle and dp.latency_cycles"), std::string::npos) << kepler.err;
  EXPECT_EQ(kepler.out, "");
}

TEST(RunCli, ABadParameterValueIsReportedAloneNotWithEveryLineUsingIt) {
  const CliRun r = run_cli("run --gpu gt200 --workload teg_table1_chain --param op=XYZ --warps 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("op: 'XYZ' is not one of FADD"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("unknown opcode"), std::string::npos) << r.err;
}

TEST(RunCli, MalformedWarpsAndParamsExitTwo) {
  EXPECT_EQ(run_cli("run --gpu maxwell --workload homogeneous --warps 0").exit_code, 2);
  EXPECT_EQ(run_cli("run --gpu maxwell --workload homogeneous --warps 8:4").exit_code, 2);
  EXPECT_EQ(run_cli("run --gpu maxwell --workload homogeneous --param nosuch=1 --warps 4").exit_code, 2);
  EXPECT_EQ(run_cli("run --gpu maxwell --workload homogeneous --format xml").exit_code, 2);
  EXPECT_EQ(run_cli("run --gpu nosuchgpu --workload homogeneous").exit_code, 2);
  // A negative seed would wrap to 2^64 - 1; a value a parameter does not declare would pick an
  // `.if`'s other branch.
  expect_rejected("run --gpu maxwell --workload homogeneous --warps 4 --seed -1", "--seed: expected a non-negative integer, found '-1'");
  // An occupancy above warpsim's limit says so, not that it is no positive integer (run and sweep).
  expect_rejected("run --gpu maxwell --workload homogeneous --warps 1:2000000000",
                  "2000000000 is above the largest occupancy warpsim takes, 1048576");
  expect_rejected("sweep --gpu maxwell --workload homogeneous --warps 1:2000000000",
                  "2000000000 is above the largest occupancy warpsim takes, 1048576");
  // A parameter given twice took its last value without a word.
  expect_rejected("run --gpu maxwell --workload homogeneous --param op=add --param op=stream --warps 4", "<--param>: op: 'op' given twice");
  expect_rejected("run --gpu maxwell --workload permute --param permutation=randon --warps 4",
                  "permutation: 'randon' is not one of trivial, random");
  // Work that would take days to simulate is refused before it starts, not left to run.
  expect_rejected("run --gpu maxwell --workload alpha_mix --param alpha=0 --param loads=99999999999 --warps 4",
                  "warp instructions (more than 1e+12");
  // In a workload file, at the line of the factor that makes it so: the loop run most often, or the grid.
  const std::string long_loop =
      write_temp_file("long_loop.wl", ".kernel k\n.loop 4\n.loop 99999999999\nFADD R1, R1, R2\n.endloop\n.endloop\nEXIT\n");
  expect_rejected("run --gpu maxwell --workload " + long_loop + " --warps 4",
                  long_loop +
                      ":3: .loop: the grid would execute 1.02e+14 warp instructions (more than 1e+12: hours to days of "
                      "simulation): lower the loop of 99999999999 iterations");
  const std::string big_grid =
      write_temp_file("big_grid.wl", ".kernel k\n\n.launch grid=fixed blocks=100000000000\n.loop 100\nFADD R1, R1, R2\n.endloop\nEXIT\n");
  expect_rejected("run --gpu maxwell --workload " + big_grid + " --warps 4", big_grid + ":3: .launch: the grid would execute");
  // Options that would silently do nothing, and a directory where a file or name belongs.
  expect_rejected("compare-memory --gpu kepler --warps 1:64 --step 4", "--warps excludes --step");
  // A device or a pipe is no config or workload file (one is read more than once): said so, not "no such file".
  expect_rejected("run --gpu /dev/null --workload homogeneous --warps 4", "--gpu: '/dev/null' is not a regular file (a pipe or a device)");
  expect_rejected("run --gpu kepler --workload /dev/zero --warps 4", "--workload: '/dev/zero' is not a regular file (a pipe or a device)");
  expect_rejected("run --gpu maxwell --workload homogeneous --warps 4 --steady-tolerance 0.1", "--steady-tolerance requires --steady");
  // An empty value read as "not given" (stdout for --out, every occupancy for bound's --warps).
  expect_rejected("run --gpu maxwell --workload homogeneous --warps 4 --out ''", "--out: empty value");
  expect_rejected("bound --gpu maxwell --workload homogeneous --warps ''", "--warps: empty value");
  // A config key set twice took its last value without a word, where --param refuses a repeat.
  expect_rejected("run --gpu maxwell --workload homogeneous --warps 4 --set device.sms=5 --set 'device.sms = 6'",
                  "--set: 'device.sms' given twice");
  expect_rejected("validate --case t6_1.add.kepler --set memory.model=queue --set memory.model=dram", "--set: 'memory.model' given twice");
  // Numbers are read strictly: a doubled sign is not a sign.
  expect_rejected("run --gpu kepler --workload homogeneous --warps 4 --set memory.latency_cycles=--300", "memory.latency_cycles");
  expect_rejected("run --gpu kepler --workload homogeneous --warps 4 --set memory.latency_cycles=+-300", "memory.latency_cycles");
  expect_rejected("run --gpu " + temp_dir() + " --workload homogeneous --warps 4", "--gpu: '" + temp_dir() + "' is a directory");
  expect_rejected("run --gpu maxwell --workload " + temp_dir() + " --warps 4", "--workload: '" + temp_dir() + "' is a directory");
}

// The occupancies of a range no launch can realise are one note, runs of them as A:B, not a line
// each (--warps 60:100000 printed ~100,000 lines).
TEST(RunCli, OccupanciesNoLaunchCanRealiseAreOneShortNote) {
  const CliRun r = run_cli("run --gpu kepler --workload homogeneous --param count=4 --warps 60:100000:1 --sms 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("warpsim: note: skipping 61, 65:100000 warps/SM: cannot be realised on kepler"), std::string::npos) << r.err;
  EXPECT_LT(r.err.size(), 400u) << r.err;
}

// --max-cycles bounds a long run: past it the run stops with exit 2 and writes nothing.
TEST(RunCli, MaxCyclesEndsALongRunWithAClearErrorAndNoOutput) {
  const std::string wl = write_temp_file("long.wl", ".kernel long\n.loop 1000000000\n  FADD R1, R1, R2\n.endloop\nEXIT\n");
  const std::string out = temp_dir() + "/long.csv";
  const CliRun r = run_cli("run --gpu kepler --workload " + wl + " --warps 1 --sms 1 --max-cycles 100000 --out " + out);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--max-cycles: the run at 1 warps/SM passed cycle 100000 before its grid finished"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));
}

// A mistyped subcommand, option, GPU or workload gets the closest name; built-in GPU names are
// matched in any case.
TEST(RunCli, MistypedNamesGetTheClosestOneAndGpuNamesIgnoreCase) {
  expect_rejected("rn --gpu kepler", "(did you mean 'run'?)");
  expect_rejected("valdate", "(did you mean 'validate'?)");
  expect_rejected("run --gpu kepler --wrkload homogeneous --warps 4", "(did you mean '--workload'?)");
  expect_rejected("run --gpu kepler --workload homogeneous --wraps=4", "(did you mean '--warps'?)");
  expect_rejected("run --gpu keplr --workload homogeneous --warps 4",
                  "no GPU config named 'keplr' and no such file; did you mean 'kepler'?");
  expect_rejected("run --gpu kepler --workload homogenous --warps 4",
                  "no workload named 'homogenous' and no such file; did you mean 'homogeneous'?");
  const CliRun upper = run_cli("run --gpu H100_SXM --workload homogeneous --param count=64 --warps 4 --sms 1 --format csv");
  ASSERT_EQ(upper.exit_code, 0) << upper.err;
  EXPECT_EQ(upper.out, run_cli("run --gpu h100_sxm --workload homogeneous --param count=64 --warps 4 --sms 1 --format csv").out);
}

// CLI11's own checks (ranges, unknown options) read like every other bad input: prefix, where,
// and the option.
TEST(RunCli, OptionParseErrorsNameTheOptionLikeOtherBadInput) {
  expect_rejected("run --gpu maxwell --workload homogeneous --warps 4 --sms 0", "warpsim: error: <cli>: --sms: Value 0 not in range");
  expect_rejected("run --gpu maxwell --workload homogeneous --warps 4 --bogus",
                  "warpsim: error: <cli>: The following argument was not expected: --bogus");
}

// A rule broken through a value derived from a --set (a memory clock scales Table 6.5's c) names
// the --set key; one reported at a file's line says which --set keys the run has.
TEST(RunCli, ARuleBrokenThroughADerivedValueNamesTheSetKey) {
  const std::string run = " --workload homogeneous --param op=stream --param count=4 --warps 8 --sms 1";
  expect_rejected("run --gpu kepler --set memory.model=servers --set memory.memory_clock_mhz=1.5" + run,
                  "warpsim: error: <--set>: memory.memory_clock_mhz: Table 6.5's b and c give no server");
  // Behind the L2 the memory's latency is Table 6.2's less the trip to the slice (84 of 301 cycles).
  expect_rejected("run --gpu kepler --set memory.memory_clock_mhz=1.5" + run,
                  "warpsim: error: <--set>: memory.memory_clock_mhz: the unloaded latency of a transaction, 217.0 cycles");
  expect_rejected(
      "run --gpu kepler --set memory.memory_clock_mhz=1.5" + run,
      "; behind the caches the memory takes memory.latency_cycles (301) less the 84 cycles a miss has spent reaching its L2 slice");
  expect_rejected("run --gpu h100_sxm --set memory.model=servers --set memory.line_charge_bytes=384" + run,
                  "is not longer than the DRAM timings alone give it (759 cycles) (with --set memory.line_charge_bytes, memory.model)");
}

// The L2 is simulated; a what-if that turns it off (memory.l2.slices = 0) says when a run's
// global arrays would fit in it, and only then.
TEST(RunCli, GlobalArraysThatFitTheL2AreNoted) {
  const auto run = [](const std::string& args) {
    const CliRun r = run_cli("run " + args + " --warps 4 --sms 1 --format csv");
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    return r;
  };
  const auto mentions_l2 = [](const CliRun& r) { return r.err.find("L2") != std::string::npos; };
  const std::string off = "--set memory.l2.slices=0 ";
  const CliRun fits = run(off + "--gpu kepler --workload random --param array=512KB");
  EXPECT_NE(fits.err.find("warpsim: note: homogeneous_random's global arrays (512 KB) fit in kepler's 512 KB L2"), std::string::npos)
      << fits.err;
  EXPECT_FALSE(mentions_l2(run(off + "--gpu kepler --workload random --param array=1MB")));
  EXPECT_FALSE(mentions_l2(run("--gpu kepler --workload random --param array=512KB")));  // simulated: nothing to note
  // G80 does not cache global loads (Volkov §6.7); an arithmetic kernel touches no global array.
  EXPECT_FALSE(mentions_l2(run("--gpu g80 --workload random --param array=64KB")));
  EXPECT_FALSE(mentions_l2(run(off + "--gpu kepler --workload homogeneous --param op=add --param count=64")));
  // The note changes no result.
  const CliRun without_l2 = run(off + "--gpu kepler --set memory.l2_bytes=0 --workload random --param array=512KB");
  EXPECT_FALSE(mentions_l2(without_l2));
  EXPECT_EQ(without_l2.out, fits.out);
}

TEST(RunCli, AnUnwritableLogWritesNoOtherOutput) {
  const std::string warp_log = test::write_temp_file("run_logs/warps.csv", "");
  std::remove(warp_log.c_str());
  const auto r =
      run_cli("run --gpu maxwell --workload homogeneous --warps 4 --warp-log " + warp_log + " --occupancy-log /nonexistent/dir/o.csv");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/nonexistent/dir/o.csv: --occupancy-log: cannot write output file: No such file or directory"), std::string::npos)
      << r.err;
  EXPECT_FALSE(std::ifstream(warp_log).good()) << "the warp log was written although the run failed";
}

TEST(RunCli, EveryRunIsCheckedForLittlesLawAndTheThroughputBound) {
  // Every occupancy of `run` is checked (validation/evaluation/invariants.h); a violation would print
  // "invariant ..." and exit 1. Saturated and store-heavy here; the toy of Figure 4.7 issuing two
  // instructions of different warps per cycle; and the toy at 64 one-warp blocks, whose timed
  // window holds more loads per add than the kernel: 6e-4 above the whole kernel's bound, within
  // the bound of the mix it executed (model/simulated_bound.h).
  for (const std::string args :
       {"--gpu maxwell --workload vabs --param sign=negative --param blocks_per_slot=32 --warps 48:64:16 --sms 1",
        "--gpu toy --workload homogeneous --param op=stream --warps 32", "--gpu toy --workload alpha_mix --param alpha=4 --warps 62:64"}) {
    const CliRun r = run_cli("run " + args + " --format csv");
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    EXPECT_EQ(r.err.find("invariant"), std::string::npos) << r.err;
  }
}

TEST(RunCli, SameSeedGivesByteIdenticalOutput) {
  const std::string args = "run --gpu maxwell --workload alpha_mix --param alpha=4 --param loads=8 --warps 4:12:4 --sms 2 --format json";
  const CliRun a = run_cli(args), b = run_cli(args);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  // Occupancies run in parallel with --jobs; the output is the same bytes, in occupancy order.
  const CliRun parallel = run_cli(args + " --jobs 2");
  ASSERT_EQ(parallel.exit_code, 0) << parallel.err;
  EXPECT_EQ(parallel.out, a.out);
  EXPECT_LT(a.out.find("\"warps_per_sm\": 4,"), a.out.find("\"warps_per_sm\": 12,")) << a.out;
}

// Help shows what an option takes, not CLI11's type names ("INT:INT in [1 - 4096]").
TEST(RunCli, HelpNamesWhatEachOptionTakesWithoutTypeArtefacts) {
  for (const char* command : {"run", "sweep", "validate", "compare-memory", "bound", "explain", "memloop", "list", "import-sass"}) {
    const CliRun r = run_cli(std::string(command) + " --help");
    ASSERT_EQ(r.exit_code, 0) << command << r.err;
    for (const char* artefact : {"INT", "FLOAT", "TEXT"})
      EXPECT_EQ(r.out.find(artefact), std::string::npos) << command << ": " << artefact << "\n" << r.out;
  }
  const std::string help = run_cli("run --help").out;
  for (const char* shown : {"--sms N in [1, 4096]", "--format {table,csv,json}=table", "--seed N=1", "--warps N|A:B|A:B:STEP",
                            "--gpu GPU|FILE", "--set KEY=VALUE ...", "--steady-tolerance X in [1e-06, 0.5]=0.01 Needs: --steady"})
    EXPECT_NE(help.find(shown), std::string::npos) << shown << "\n" << help;
}

namespace {

// The rows of a CSV text as header name -> numeric value.
std::vector<std::map<std::string, double>> csv_records(const std::string& text) {
  std::vector<std::map<std::string, double>> out;
  std::vector<std::string> header;
  for (const CsvRow& row : parse_csv(text)) {
    if (row.comment) continue;
    if (header.empty()) {
      for (const auto& f : row.fields) header.push_back(f.text);
      continue;
    }
    std::map<std::string, double> r;
    for (size_t i = 0; i < row.fields.size() && i < header.size(); ++i) r[header[i]] = std::atof(row.fields[i].text.c_str());
    out.push_back(r);
  }
  return out;
}

}  // namespace

// Volkov §6.6 summarises individual load latencies as min / 5th / 25th / 50th / 75th / 95th /
// max and plots their distribution (Figure 6.5): `run` reports all of them and, on request, the
// histogram. With DRAM contention (`queue`) the distribution widens with load; the basic model
// (`fixed`) gives an idle load Table 6.2's latency exactly (Kepler: 301 cycles).
TEST(RunCli, ReportsTheLoadLatencyDistributionOfSection6_6) {
  const std::string hist = temp_dir() + "/latency_histogram.csv";
  const CliRun q = run_cli(
      "run --gpu kepler --workload alpha_mix --param alpha=0 --param loads=64 --warps 8:64:56 --sample-every 8 "
      "--set memory.model=queue --format csv --latency-histogram " +
      hist);
  ASSERT_EQ(q.exit_code, 0) << q.err;
  const auto rows = csv_records(q.out);
  ASSERT_EQ(rows.size(), 2u);
  const std::vector<std::string> order{"min", "p5", "p25", "p50", "p75", "p95", "max"};
  for (const auto& r : rows) {
    for (size_t k = 1; k < order.size(); ++k)
      EXPECT_LE(r.at("access_latency_" + order[k - 1]), r.at("access_latency_" + order[k])) << order[k];
    EXPECT_GE(r.at("access_latency_mean"), r.at("access_latency_min"));
    EXPECT_LE(r.at("access_latency_mean"), r.at("access_latency_max"));
  }
  const auto spread = [](const std::map<std::string, double>& r) { return r.at("access_latency_p95") - r.at("access_latency_p5"); };
  EXPECT_GT(spread(rows[1]), 2 * spread(rows[0])) << "near the peak the latencies spread much wider than at low load";
  EXPECT_GT(rows[1].at("access_latency_p50"), rows[0].at("access_latency_p50"));

  // The histogram: equal-width contiguous bins per occupancy, from the smallest to the largest sample.
  const auto bins = csv_records(slurp(hist));
  ASSERT_FALSE(bins.empty());
  for (const auto& r : rows) {
    double lo = -1, hi = -1, count = 0;
    for (const auto& b : bins) {
      if (b.at("warps_per_sm") != r.at("warps_per_sm")) continue;
      if (lo < 0)
        lo = b.at("lo");
      else
        EXPECT_EQ(b.at("lo"), hi) << "bins are contiguous";
      hi = b.at("hi");
      count += b.at("count");
    }
    EXPECT_EQ(lo, r.at("access_latency_min"));
    EXPECT_EQ(hi, r.at("access_latency_max") + 1);
    EXPECT_GT(count, 0);
  }

  const CliRun f =
      run_cli("run --gpu kepler --workload alpha_mix --param alpha=0 --param loads=64 --warps 4 --set memory.model=fixed --format csv");
  ASSERT_EQ(f.exit_code, 0) << f.err;
  const auto idle = csv_records(f.out);
  ASSERT_EQ(idle.size(), 1u);
  EXPECT_EQ(idle[0].at("access_latency_p5"), 301);
  EXPECT_EQ(idle[0].at("access_latency_p95"), 301);
}

}  // namespace warpsim::test

namespace warpsim::test {

// A DRAM what-if on a model without DRAM says so (cli/common_options.h), and on one with it does not.
TEST(RunCli, ADramWhatIfOnAModelWithoutDramIsNoted) {
  const CliRun servers = run_cli(
      "run --gpu kepler --set memory.model=servers --workload alpha_mix --warps 8 --format csv --set memory.dram.trcd_ns=20 --set memory.controllers=8");
  ASSERT_EQ(servers.exit_code, 0) << servers.err;
  EXPECT_NE(servers.err.find("note: --set memory.dram.trcd_ns changes nothing on kepler's `servers` memory model"), std::string::npos)
      << servers.err;
  EXPECT_NE(servers.err.find("note: --set memory.controllers changes nothing"), std::string::npos) << servers.err;
  // The same run without the ignored keys gives the same output: the note is right.
  EXPECT_EQ(servers.out, run_cli("run --gpu kepler --set memory.model=servers --workload alpha_mix --warps 8 --format csv").out);
  const CliRun queue =
      run_cli("run --gpu kepler --workload alpha_mix --warps 8 --format csv --set memory.model=queue --set memory.dram.trcd_ns=20");
  ASSERT_EQ(queue.exit_code, 0) << queue.err;
  EXPECT_EQ(queue.err.find("note:"), std::string::npos) << queue.err;
  // `simgrid` reads the controllers but no DRAM timing; `queue` no page policy.
  const CliRun simgrid = run_cli(
      "run --gpu kepler --workload alpha_mix --warps 8 --format csv --set memory.model=simgrid --set memory.dram.trcd_ns=20 --set memory.controllers=8");
  ASSERT_EQ(simgrid.exit_code, 0) << simgrid.err;
  EXPECT_NE(simgrid.err.find("note: --set memory.dram.trcd_ns changes nothing on kepler's `simgrid` memory model"), std::string::npos)
      << simgrid.err;
  EXPECT_EQ(simgrid.err.find("memory.controllers changes nothing"), std::string::npos) << simgrid.err;
  const CliRun page = run_cli(
      "run --gpu kepler --workload alpha_mix --warps 8 --format csv --set memory.model=queue --set memory.controller.page_policy=open");
  ASSERT_EQ(page.exit_code, 0) << page.err;
  EXPECT_NE(page.err.find("note: --set memory.controller.page_policy changes nothing on kepler's `queue`"), std::string::npos) << page.err;
  EXPECT_EQ(page.out, run_cli("run --gpu kepler --workload alpha_mix --warps 8 --format csv --set memory.model=queue").out);
}

}  // namespace warpsim::test
