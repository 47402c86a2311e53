#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/test_support.h"

namespace warpsim {
namespace {

using test::run_cli;

TEST(BoundCommand, PrintsEveryModelWithTheRunColumnNames) {
  const auto r = run_cli("bound --gpu kepler --workload alpha_mix --param alpha=8 --warps 8:64:8 --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("model,gpu,workload,params,warps_per_sm,ipc_per_sm,mem_ipc_per_sm,adds_per_cycle_per_sm,gbps,"
                        "warp_throughput_per_sm,mean_warp_latency,warps_needed,flag\n",
                        0),
            0u);
  for (const char* m : {"\nvolkov,", "\nvolkov_refined,", "\ncuda_guide,", "\nhong_kim,", "\nbaghsorkhi,", "\nzhang_owens,", "\nsim_et_al,",
                        "\nhuang_rr,", "\nhuang_gto,", "\nhuang_rr_bw,", "\nhuang_gto_bw,", "\nlemeire,", "\nteg,"})
    EXPECT_NE(r.out.find(m), std::string::npos) << m;
  // 15 models x 8 occupancies + the header.
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 15 * 8 + 1);
}

TEST(BoundCommand, ModelOptionPicksOneModel) {
  const auto r = run_cli("bound --gpu maxwell --workload alpha_mix --param alpha=inf --warps 64 --model huang_rr --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // §7.5: 341 adds/cycle/SM at 64 warps.
  EXPECT_NE(r.out.find("huang_rr,maxwell,alpha_mix"), std::string::npos);
  EXPECT_NE(r.out.find(",341."), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\nvolkov,"), std::string::npos);
}

TEST(BoundCommand, UnknownModelExitsWithStatus2) {
  const auto r = run_cli("bound --gpu kepler --workload vector_add --model volkv");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--model"), std::string::npos);
  EXPECT_NE(r.err.find("did you mean 'volkov'"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
}

TEST(BoundCommand, MissingGpuOrBadWarpsExitWithStatus2) {
  EXPECT_EQ(run_cli("bound --workload vector_add").exit_code, 2);
  EXPECT_EQ(run_cli("bound --gpu kepler --workload vector_add --warps 0").exit_code, 2);
  EXPECT_EQ(run_cli("bound --gpu nosuchgpu --workload vector_add").exit_code, 2);
}

TEST(BoundCommand, OccupanciesAnSmCannotHoldAndRepeatedOrUnusedOptionsAreHandled) {
  const auto over = run_cli("bound --gpu kepler --workload vector_add --model volkov --warps 65");
  EXPECT_EQ(over.exit_code, 2);
  EXPECT_NE(over.err.find("--warps: 65 warps/SM exceed the 64 warps an SM of kepler holds"), std::string::npos) << over.err;
  // In a range, as `warpsim run`: those past the SM are skipped with a note; none left is an error.
  const auto range = run_cli("bound --gpu kepler --workload vector_add --model volkov --warps 60:70:5 --format csv");
  ASSERT_EQ(range.exit_code, 0) << range.err;
  EXPECT_EQ(std::count(range.out.begin(), range.out.end(), '\n'), 2);  // the header and 60 warps/SM
  EXPECT_NE(range.err.find("note: skipping 65, 70 warps/SM: cannot be realised on kepler (Volkov §5.7)"), std::string::npos) << range.err;
  const auto none = run_cli("bound --gpu kepler --workload vector_add --model volkov --warps 65:70:5");
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(none.out, "");
  EXPECT_NE(none.err.find("--warps: no occupancy in '65:70:5' can be realised on kepler"), std::string::npos) << none.err;
  // A kernel of 8-warp blocks (matmul_tiled: 256 threads) realises multiples of 8 only, as in `run`.
  const auto blocks = run_cli("bound --gpu kepler --workload matmul_tiled --model volkov --warps 1:16 --format csv");
  ASSERT_EQ(blocks.exit_code, 0) << blocks.err;
  EXPECT_EQ(std::count(blocks.out.begin(), blocks.out.end(), '\n'), 3);  // the header, 8 and 16 warps/SM
  EXPECT_NE(blocks.err.find("note: skipping 1:7, 9:15 warps/SM: cannot be realised on kepler"), std::string::npos) << blocks.err;
  const auto seven = run_cli("bound --gpu kepler --workload matmul_tiled --model volkov --warps 7");
  EXPECT_EQ(seven.exit_code, 2);
  EXPECT_NE(seven.err.find("--warps: cannot realise 7 warps/SM on kepler"), std::string::npos) << seven.err;
  const auto twice = run_cli("bound --gpu kepler --workload vector_add --model volkov --model volkov --warps 8:16:8 --format csv");
  ASSERT_EQ(twice.exit_code, 0) << twice.err;
  EXPECT_EQ(std::count(twice.out.begin(), twice.out.end(), '\n'), 3);  // the header and one row per occupancy
  const auto sheet = run_cli("bound --gpu kepler --workload vector_add --worksheet --model hong_kim");
  EXPECT_EQ(sheet.exit_code, 2);
  EXPECT_NE(sheet.err.find("--model: --worksheet prints the one throughput-bound worksheet"), std::string::npos) << sheet.err;
}

TEST(BoundCommand, WorksheetPrintsTable34Layout) {
  const auto r = run_cli("bound --gpu kepler --workload vector_add --worksheet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Resource: Memory system"), std::string::npos);
  EXPECT_NE(r.out.find("the tightest bound"), std::string::npos);
  EXPECT_NE(r.out.find("Latency bound: 544 cycles per warp"), std::string::npos) << r.out;
}

TEST(BoundCommand, GraphOptionWritesGraphviz) {
  const std::string dot = test::temp_dir() + "/vector_add.dot";
  const auto r = run_cli("bound --gpu kepler --workload vector_add --model volkov --warps 4 --graph " + dot);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::ifstream in(dot);
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_EQ(ss.str().rfind("digraph", 0), 0u);
  EXPECT_NE(ss.str().find("longest path: 544 cycles"), std::string::npos);
}

#ifdef WARPSIM_HAVE_PLOTS
// A .png or .svg name draws the graph (plots/exec_graph.py) instead of writing Graphviz text: one
// row per instruction, byte-identical on reruns.
TEST(BoundCommand, GraphOptionDrawsPngOrSvgByExtension) {
  const std::string d = test::temp_dir() + "/graph_drawn";
  std::filesystem::create_directories(d);
  for (const char* name : {"a.svg", "b.svg", "a.png", "b.PNG"}) {
    const auto r = run_cli("bound --gpu kepler --workload vector_add --model volkov --warps 4 --graph " + d + "/" + name);
    ASSERT_EQ(r.exit_code, 0) << name << r.err;
  }
  const std::string svg = test::slurp(d + "/a.svg");
  EXPECT_EQ(svg, test::slurp(d + "/b.svg"));
  EXPECT_EQ(test::slurp(d + "/a.png"), test::slurp(d + "/b.PNG"));
  EXPECT_EQ(test::slurp(d + "/a.png").substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  // The title and every node of vector add's graph (12 instructions and the end), with its issue time.
  for (const char* text : {"vector_add on kepler: latency bound 544 cycles per warp", "longest path: 544 cycles", "6: LD", "9: FADD",
                           "warp terminated", "t = 544", "t = 334"})
    EXPECT_NE(svg.find(text), std::string::npos) << text;
}

// A graph too long to read drawn is refused before anything is written; its .dot is not.
TEST(BoundCommand, AGraphTooLongToDrawExitsTwo) {
  std::string text = ".kernel long_chain\n";
  for (int i = 0; i < 320; ++i) text += "FADD R1, R1, R2\n";
  const std::string wl = test::write_temp_file("long_chain.wl", text);
  const std::string png = test::temp_dir() + "/long_chain.png";
  const auto r = run_cli("bound --gpu kepler --workload " + wl + " --model volkov --warps 4 --graph " + png);
  EXPECT_EQ(r.exit_code, 2);
  // 320 adds and the EXIT the parser appends to a kernel without one.
  EXPECT_NE(r.err.find("long_chain.png: --graph: 321 instructions (loops shown for 2 trips) are too many to draw legibly (at most 300)"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(std::filesystem::exists(png));
  EXPECT_EQ(run_cli("bound --gpu kepler --workload " + wl + " --model volkov --warps 4 --graph " + test::temp_dir() + "/long_chain.dot")
                .exit_code,
            0);
}
#else
TEST(BoundCommand, GraphDrawnWithoutMatplotlibExitsTwoSayingHowToGetIt) {
  const auto r = run_cli("bound --gpu kepler --workload vector_add --model volkov --warps 4 --graph " + test::temp_dir() + "/g.png");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("apt-get install python3-matplotlib"), std::string::npos) << r.err;
}
#endif

TEST(BoundCommand, FlagsTheHuangModelsNegativeTimes) {
  // §7.8: Fermi, stride-2 loads, α = 0, 17 warps: negative CPI, reported and flagged.
  const auto r = run_cli(
      "bound --gpu fermi --workload alpha_mix --param alpha=0 --param pattern=stride:2 --warps 17 --model huang_rr_bw --format csv");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("negative execution time: model flaw"), std::string::npos) << r.out;
}

TEST(BoundCommand, OutputIsDeterministic) {
  const std::string args = "bound --gpu gt200 --workload alpha_mix --param alpha=16 --warps 1:32:4 --format json";
  EXPECT_EQ(run_cli(args).out, run_cli(args).out);
}

}  // namespace
}  // namespace warpsim
