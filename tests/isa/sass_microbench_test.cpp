// The SASS fixtures of the CUDA suite's kernels (tests/data/sass, hand-written in cuobjdump's
// format) hold what the suite's own sass_summary.sh counted on the H100 run, and import whole.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <regex>
#include <sstream>

#include "common/data_paths.h"
#include "common/text.h"
#include "isa/sass_import.h"
#include "isa/sass_reader.h"
#include "isa/sass_select.h"
#include "support/test_support.h"

namespace warpsim::isa {
namespace {

const std::string kFixtures = std::string(WARPSIM_TEST_DATA) + "/sass/";

// "void warpsim::...::chase_kernel<(int)0, (int)1, (bool)0>(...)" (cu++filt) and
// "... chase_kernel<0, 1, false>(...)" (c++filt) alike -> "chase_kernel<0,1,0>".
std::string normalized(std::string name) {
  if (name.starts_with("_Z")) name = demangled_name(name);
  name = std::regex_replace(name, std::regex(R"(\(anonymous namespace\)|<unnamed>)"), "anon");
  name = std::regex_replace(name, std::regex(R"(\((int|bool)\)|\s)"), "");
  name = std::regex_replace(name, std::regex("false"), "0");
  name = std::regex_replace(name, std::regex("true"), "1");
  name = name.substr(0, name.find('('));
  return name.substr(name.rfind("::") + 2);
}

// sass_summary.sh's rows: (arch, kernel) -> "total LDG FADD MUFU LDS other".
std::map<std::pair<std::string, std::string>, std::string> summary_rows(const std::string& text) {
  std::map<std::pair<std::string, std::string>, std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const auto w = split_words(line);
    if (w.size() < 8 || !w[0].starts_with("sm_")) continue;
    const size_t name_at = line.find(w[7]);
    out[{w[0], normalized(line.substr(name_at))}] = join(std::vector<std::string>(w.begin() + 1, w.begin() + 7), " ");
  }
  return out;
}

std::string summary_of(const std::string& sass) {
  const std::string cmd = "bash " + (data_root() / "validation/microbench/sass_summary.sh").string() + " " + sass;
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return out;
  char buf[4096];
  while (size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  pclose(p);
  return out;
}

// chase_kernel<A,1,false>: G groups of 1 LDG + A FADD, G = clamp(256 / (A + 1), 1, 32)
// (kernel_shapes.h); the arithmetic and shared-memory chains: 256 instructions.
int body_of(const std::string& kernel) {
  if (!kernel.starts_with("chase_kernel<")) return 256 + 3;
  const int adds = std::stoi(kernel.substr(13));
  return std::clamp(256 / (adds + 1), 1, 32) * (1 + adds) + 3;
}

}  // namespace

TEST(SassMicrobench, TheFixturesHoldTheInstructionCountsTheH100RunReported) {
  const auto measured =
      summary_rows(test::slurp((data_root() / "validation/microbench/results/h100_sxm_2026-11-23/sass_summary.txt").string()));
  ASSERT_EQ(measured.size(), 78u);  // every kernel the suite built, on sm_80 and sm_90
  int compared = 0;
  for (const char* file : {"microbench_sm80.sass", "microbench_sm90.sass"}) {
    for (const auto& [key, counts] : summary_rows(summary_of(kFixtures + file))) {
      ASSERT_TRUE(measured.count(key)) << key.first << " " << key.second;
      EXPECT_EQ(counts, measured.at(key)) << file << ": " << key.second;
      ++compared;
    }
  }
  EXPECT_EQ(compared, 14);  // chase_kernel<0|4|32|256,1,false>, add_kernel<1>, sfu_chain, smem_chain on sm_80 and sm_90
}

TEST(SassMicrobench, EveryFixtureKernelImportsWithItsLoop) {
  for (const char* file : {"microbench_sm80.sass", "microbench_sm90.sass"}) {
    const std::string path = kFixtures + file;
    const SassDump dump = read_sass(test::slurp(path), path);
    ASSERT_EQ(dump.functions.size(), 7u);
    for (const SassFunction& f : dump.functions) {
      const Kernel k = load_sass_workload(path, {{"function", f.name}, {"trip_count", "2"}});
      ASSERT_EQ(k.loops.size(), 1u) << f.name;
      EXPECT_EQ(k.loops[0].count, 2);
      // The loop body: the unrolled chain plus the counter, the compare and the backward branch.
      EXPECT_EQ(k.loops[0].end - k.loops[0].begin + 1, body_of(k.name)) << f.name;
      EXPECT_EQ(k.name, kernel_name(f.name));
    }
  }
}

}  // namespace warpsim::isa
