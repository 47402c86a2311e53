// `warpsim explain` with a GPU and a workload analyses simulated runs in words (report/explanation.h):
// the binding bound, the stall breakdown, the regime change over an occupancy sweep, what-ifs. The
// GPU is Volkov's Figure 4.7 toy (hw_configs/toy): alpha = 4 adds per load, CUDA-core latency 3,
// memory latency 12, 1 add per cycle.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <regex>

#include "common/text.h"
#include "support/test_support.h"

namespace warpsim::test {
namespace {

const std::string kToy = "explain --gpu toy --workload alpha_mix --param alpha=4";

// The number after `before` (a regex prefix) in `text`; NaN when absent.
double number_after(const std::string& text, const std::string& before) {
  std::smatch m;
  if (!std::regex_search(text, m, std::regex(before + "([0-9.e+-]+)"))) return std::nan("");
  return std::stod(m[1]);
}

// ipc_per_sm of `warpsim run ... --format csv` at one occupancy.
double run_ipc(const std::string& args) {
  const CliRun r = run_cli("run " + args + " --sms 1 --format csv");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto lines = split(r.out, '\n');
  const auto head = split(lines.at(0), ','), row = split(lines.at(1), ',');
  for (size_t i = 0; i < head.size(); ++i)
    if (head[i] == "ipc_per_sm") return std::stod(row.at(i));
  return std::nan("");
}

// One warp: all its instructions are back-to-back dependent, so it runs at the latency bound.
TEST(ExplainCli, OneWarpIsLatencyBound) {
  const CliRun r = run_cli(kToy + " --warps 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Binding bound: latency bound (1 warps / "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("The run is latency-bound"), std::string::npos) << r.out;
  // Its idle slots wait on the load and on the adds' results.
  EXPECT_NE(r.out.find("waited on a global load (stall_memory)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("waited on an arithmetic or shared-memory result (stall_dependency)"), std::string::npos) << r.out;
}

// The bounds count no bytes for a gather (its addresses are data): a sparse matrix-vector product
// whose DRAM bus is nearly always busy is not called latency-bound without that said.
TEST(ExplainCli, AGatherKernelIsNotCalledLatencyBoundWithoutItsUncountedTraffic) {
  const CliRun r = run_cli("explain --gpu fermi --workload spmv_csr --param rows=2048 --param blocks=8 --warps 16");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find("The run is latency-bound: more warps"), std::string::npos) << r.out;
  const size_t at = r.out.find("they count no bytes for the kernel's gathers");
  ASSERT_NE(at, std::string::npos) << r.out;
  const size_t busy = r.out.find("the DRAM data bus was busy ", at);
  ASSERT_NE(busy, std::string::npos) << r.out;
  EXPECT_GT(std::stod(r.out.substr(busy + std::string("the DRAM data bus was busy ").size())), 80) << r.out;
}

// 32 warps, over five times the 6 that hide latency: the CUDA cores bind; with a memory system of
// 16 GB/s (16 B/cycle: one 128-byte load per 8 cycles) and alpha = 1 the memory bandwidth does.
TEST(ExplainCli, ManyWarpsAreThroughputBoundByTheBusiestResource) {
  const CliRun alu = run_cli(kToy + " --warps 32");
  ASSERT_EQ(alu.exit_code, 0) << alu.err;
  EXPECT_NE(alu.out.find("Binding bound: CUDA cores (functional unit, Table 3.4)"), std::string::npos) << alu.out;
  EXPECT_NE(alu.out.find("throughput-bound by CUDA cores"), std::string::npos) << alu.out;
  const CliRun mem = run_cli("explain --gpu toy --set memory.peak_gbps=16 --workload alpha_mix --param alpha=1 --warps 32");
  ASSERT_EQ(mem.exit_code, 0) << mem.err;
  EXPECT_NE(mem.out.find("Binding bound: Memory system (memory bandwidth, Table 3.4)"), std::string::npos) << mem.out;
}

// Figure 4.7 (§4.6): warps needed = mem_lat x alu_thru / alpha + alu_lat x alu_thru = 12 / 4 + 3 = 6.
// The sweep (1, then every 2 warps) finds the regime change there within one step, both where the
// throughput reaches 90% of its plateau and where the binding bound changes from latency to the
// CUDA cores; and the Little's-law line the bounds give says ~6 too.
TEST(ExplainCli, TheRegimeChangesAtTheLittlesLawOccupancyOfFigure4_7) {
  const CliRun r = run_cli(kToy + " --warps 6");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NEAR(number_after(r.out, "reaches 90% of it at "), 6, 2) << r.out;
  EXPECT_NEAR(number_after(r.out, "from the latency bound to CUDA cores at "), 6, 2) << r.out;
  EXPECT_NEAR(number_after(r.out, "warps/cycle = "), 6, 0.1) << r.out;
  // At 6 warps the two bounds meet: the cusp.
  EXPECT_NE(r.out.find("at the cusp"), std::string::npos) << r.out;
}

// The numbers are the runs': the analysed occupancy's IPC is `warpsim run`'s, and each what-if's is
// `run`'s with its change (twice the occupancy; half the memory latency of a warp waiting on loads).
TEST(ExplainCli, EveryNumberIsASimulatedRuns) {
  const CliRun r = run_cli(kToy + " --warps 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string toy = "--gpu toy --workload alpha_mix --param alpha=4";
  EXPECT_NE(r.out.find(fmt::format("the run sustains {:.5g} IPC/SM", run_ipc(toy + " --warps 1"))), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(fmt::format("twice the occupancy, 2 warps/SM: {:.5g} IPC/SM", run_ipc(toy + " --warps 2"))), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(fmt::format("memory.latency_cycles=6 (half the memory latency): {:.5g} IPC/SM",
                                   run_ipc(toy + " --warps 1 --set memory.latency_cycles=6"))),
            std::string::npos)
      << r.out;
  // A --what-if of one's own runs as well, and the output is the same on a rerun.
  const CliRun w = run_cli(kToy + " --warps 1 --what-if alu.latency_cycles=1");
  ASSERT_EQ(w.exit_code, 0) << w.err;
  EXPECT_NE(
      w.out.find(fmt::format("alu.latency_cycles=1 (--what-if): {:.5g} IPC/SM", run_ipc(toy + " --warps 1 --set alu.latency_cycles=1"))),
      std::string::npos)
      << w.out;
  EXPECT_EQ(run_cli(kToy + " --warps 1 --what-if alu.latency_cycles=1").out, w.out);
  // An odd latency halves to less than half in whole cycles, and the words say so (they said "half"
  // of the toy's 3-cycle CUDA cores for 1).
  const CliRun odd = run_cli(kToy + " --warps 4");
  ASSERT_EQ(odd.exit_code, 0) << odd.err;
  EXPECT_NE(odd.out.find("alu.latency_cycles=1 (half the CUDA-core latency, in whole cycles: alu.latency_cycles 3 -> 1)"),
            std::string::npos)
      << odd.out;
}

// --config and --text print what a run would use, as explain did before it analysed runs; a GPU
// alone still prints its config, a workload alone its text.
TEST(ExplainCli, ConfigAndTextStillPrintWhatARunWouldUse) {
  const CliRun config = run_cli(kToy + " --config");
  ASSERT_EQ(config.exit_code, 0) << config.err;
  EXPECT_EQ(config.out.rfind("# GPU config 'toy' resolved from ", 0), 0u) << config.out;
  EXPECT_EQ(config.out.find("# workload"), std::string::npos);
  const CliRun text = run_cli(kToy + " --text");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(text.out.rfind("# workload 'alpha_mix'", 0), 0u) << text.out;
  const CliRun both = run_cli(kToy + " --config --text");
  EXPECT_NE(both.out.find("alu.latency_cycles: 3"), std::string::npos);
  EXPECT_NE(both.out.find(".kernel alpha_mix"), std::string::npos);
}

// Bad input exits 2 with the option named and writes nothing.
TEST(ExplainCli, BadInputNamesTheOptionAndWritesNothing) {
  const std::string out = temp_dir() + "/explain_bad.txt";
  const CliRun range = run_cli(kToy + " --warps 1:4 --out " + out);
  EXPECT_EQ(range.exit_code, 2);
  EXPECT_NE(range.err.find("--warps: explain analyses one occupancy"), std::string::npos) << range.err;
  const CliRun key = run_cli(kToy + " --what-if alu.nope=3 --out " + out);
  EXPECT_EQ(key.exit_code, 2);
  EXPECT_NE(key.err.find("<--what-if>: alu.nope: unknown key"), std::string::npos) << key.err;
  const CliRun sweep = run_cli(kToy + " --sweep 10:5 --out " + out);
  EXPECT_EQ(sweep.exit_code, 2);
  EXPECT_NE(sweep.err.find("--sweep: '10:5': range end below its start"), std::string::npos) << sweep.err;
  // Occupancies of --sweep past the SM are skipped with a note (they were dropped without a word).
  const CliRun past = run_cli(kToy + " --sweep 1:5000 --out " + out);
  EXPECT_EQ(past.exit_code, 0) << past.err;
  EXPECT_NE(past.err.find("note: --sweep skips 65:5000 warps/SM: cannot be realised on toy"), std::string::npos) << past.err;
  std::filesystem::remove(out);
  const CliRun twice = run_cli(kToy + " --what-if alu.latency_cycles=4 --what-if alu.latency_cycles=4 --out " + out);
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_NE(twice.err.find("--what-if: 'alu.latency_cycles=4' given twice"), std::string::npos) << twice.err;
  const CliRun config_what_if = run_cli("explain --gpu toy --config --what-if alu.latency_cycles=4 --out " + out);
  EXPECT_EQ(config_what_if.exit_code, 2);
  EXPECT_NE(config_what_if.err.find("--what-if: applies to the analysis of a run"), std::string::npos) << config_what_if.err;
  for (const char* opt : {"--warps 8", "--sms 1", "--seed 3", "--jobs 2"}) {  // they were accepted and did nothing
    const CliRun config_run = run_cli(std::string("explain --gpu toy --config ") + opt + " --out " + out);
    EXPECT_EQ(config_run.exit_code, 2) << opt;
    EXPECT_NE(config_run.err.find(std::string(opt).substr(0, std::string(opt).find(' ')) + ": applies to the analysis of a run"),
              std::string::npos)
        << config_run.err;
  }
  const CliRun lone = run_cli("explain --workload alpha_mix --config");
  EXPECT_EQ(lone.exit_code, 2);
  EXPECT_NE(lone.err.find("--config: needs --gpu"), std::string::npos) << lone.err;
  EXPECT_FALSE(std::filesystem::exists(out));
}

}  // namespace
}  // namespace warpsim::test
