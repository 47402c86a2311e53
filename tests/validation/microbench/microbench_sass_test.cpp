// The SASS check of the CUDA suite (validation/microbench/lib/microbench_sass.h, Volkov 2016
// §5.1): cuobjdump's text is parsed per architecture and kernel, and a kernel whose chain lost or
// gained an instruction fails the check. The fixtures are real sm_90 SASS of smem_mix_kernel<1,1>
// (tests/data/sass/smem_mix_1_1_sm90_*.sass): the folded one is the code the H100 run measured.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "kernel_mixes.h"
#include "microbench_sass.h"

namespace warpsim::validation {
namespace {

std::string read_fixture(const std::string& name) {
  std::ifstream f(std::string(WARPSIM_TEST_DATA) + "/sass/" + name);
  std::ostringstream s;
  s << f.rdbuf();
  EXPECT_FALSE(s.str().empty()) << name;
  return s.str();
}

// cuobjdump's layout: "code for sm_XX", "Function : NAME", "/*addr*/  OPCODE ... ; /* 0x... */".
std::string listing(const std::string& arch, const std::string& name, const std::vector<std::string>& ops) {
  std::string s = "\n\tcode for " + arch + "\n\t\tFunction : " + name + "\n\t.headerflags    @\"EF_CUDA_SM90\"\n";
  int addr = 0;
  for (const auto& op : ops) {
    char a[16];
    std::snprintf(a, sizeof a, "/*%04x*/", addr);
    addr += 16;
    s += std::string("        ") + a + "                   " + op + " ;   /* 0x000fe20000000800 */\n";
    s += "                                                                 /* 0x000fe20000000800 */\n";
  }
  return s;
}

// A listing with exactly the intended counts of every kernel of the suite, on `arch`.
std::string intended_listing(const std::string& arch) {
  std::string s;
  for (const KernelMix& m : microbench::suite_kernel_mixes()) {
    std::vector<std::string> ops{"S2R R0, SR_TID.X"};
    for (int i = 0; i < m.ldg; ++i) ops.push_back("LDG.E R2, desc[UR4][R2.64]");
    for (int i = 0; i < m.fadd; ++i) ops.push_back("FADD R2, R2, c[0x0][0x168]");
    for (int i = 0; i < m.mufu; ++i) ops.push_back("MUFU.RSQ R2, R2");
    for (int i = 0; i < m.lds; ++i) ops.push_back("@!P0 LDS R2, [R2]");
    ops.push_back("NOP");
    ops.push_back("EXIT");
    s += listing(arch, m.key, ops);
  }
  return s;
}

TEST(MicrobenchSass, KernelKeysFromMangledNames) {
  EXPECT_EQ(
      kernel_key("_ZN7warpsim10microbench49_GLOBAL__N__1423ac89_16_arith_kernels_cu_67d9aae315smem_mix_kernelILi32ELi1EEEvNS0_9ArithArgsE"),
      "smem_mix_kernel<32,1>");
  EXPECT_EQ(kernel_key("_ZN7warpsim10microbench12_GLOBAL__N_112chase_kernelILi0ELi4ELb0EEEvNS0_9ChaseArgsE"), "chase_kernel<0,4,0>");
  EXPECT_EQ(kernel_key("_ZN7warpsim10microbench12_GLOBAL__N_112chase_kernelILi0ELi1ELb1EEEvNS0_9ChaseArgsE"), "chase_kernel<0,1,1>");
  EXPECT_EQ(kernel_key("_ZN7warpsim10microbench12_GLOBAL__N_116sfu_chain_kernelENS0_9ArithArgsE"), "sfu_chain_kernel");
  EXPECT_EQ(kernel_key("_Z6kernelILin3EEvv"), "kernel<-3>");
  EXPECT_EQ(kernel_key("plain_c_kernel"), "plain_c_kernel");
  EXPECT_EQ(kernel_key("_ZN3foo"), "_ZN3foo");  // truncated: kept as it is
}

TEST(MicrobenchSass, CountsPerArchitectureAndKernel) {
  const std::string text = listing("sm_80", "_Z1kv", {"LDG.E.STRONG.GPU R1, [R2.64]", "@P0 FADD R1, R1, R2", "NOP", "BRA 0x10"}) +
                           listing("sm_90", "_Z1kv", {"MUFU.RSQ R1, R1", "@!UP1 LDS.U R1, [R1+UR4]", "FADD.FTZ R1, R1, R2"});
  const auto f = parse_sass(text);
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].arch, "sm_80");
  EXPECT_EQ(f[0].key, "k");
  EXPECT_EQ(f[0].counts.total, 3);  // the NOP is not counted
  EXPECT_EQ(f[0].counts.ldg, 1);
  EXPECT_EQ(f[0].counts.fadd, 1);
  EXPECT_EQ(f[1].arch, "sm_90");
  EXPECT_EQ(f[1].counts.mufu, 1);
  EXPECT_EQ(f[1].counts.lds, 1);
  EXPECT_EQ(f[1].counts.fadd, 1);
}

TEST(MicrobenchSass, IntendedMixesOfTheSuitePass) {
  const auto mixes = microbench::suite_kernel_mixes();
  EXPECT_EQ(mixes.size(), 10u + 2u + 1u + 4u + 3u + 16u);  // α chases, ILP chases, sampled, add, smem/sfu/empty, mixes
  const SassCheck c = check_sass(parse_sass(intended_listing("sm_80") + intended_listing("sm_90")), mixes, true);
  EXPECT_TRUE(c.ok()) << format_sass_check(c);
  EXPECT_EQ(c.checked, static_cast<int>(2 * mixes.size()));
  EXPECT_EQ(c.archs, (std::vector<std::string>{"sm_80", "sm_90"}));
  EXPECT_NE(sass_check_summary(c).find("passed"), std::string::npos);
}

TEST(MicrobenchSass, OneFaddLessFailsNamingKernelArchAndCounts) {
  std::string text = intended_listing("sm_90");
  // Drop one FADD of add_kernel<2> (the only kernel whose listing holds exactly 256 FADDs after "<2>").
  const size_t at = text.find("FADD", text.find("Function : add_kernel<2>"));
  text.erase(text.rfind('\n', at) + 1, text.find('\n', at) - text.rfind('\n', at));
  const SassCheck c = check_sass(parse_sass(text), microbench::suite_kernel_mixes(), true);
  ASSERT_FALSE(c.ok());
  ASSERT_EQ(c.failures.size(), 1u) << format_sass_check(c);
  EXPECT_NE(c.failures[0].find("add_kernel<2> on sm_90: FADD expected 256, found 255"), std::string::npos) << c.failures[0];
  EXPECT_NE(format_sass_check(c).find("MISMATCH add_kernel<2>"), std::string::npos);
}

TEST(MicrobenchSass, MissingKernelFailsUnknownOneIsOnlyListed) {
  std::string text = intended_listing("sm_90") + listing("sm_90", "_Z11fill_kernelv", {"STG.E [R2.64], R3"});
  const size_t at = text.find("Function : sfu_chain_kernel");
  text.replace(at, 27, "Function : sfu_chain_kernel2");  // renamed: the intended kernel is gone
  const SassCheck c = check_sass(parse_sass(text), microbench::suite_kernel_mixes(), true);
  ASSERT_EQ(c.failures.size(), 1u) << format_sass_check(c);
  EXPECT_NE(c.failures[0].find("sfu_chain_kernel on sm_90: not in the listing"), std::string::npos);
  EXPECT_EQ(c.unchecked, (std::vector<std::string>{"fill_kernel", "sfu_chain_kernel2"}));
  EXPECT_FALSE(check_sass(parse_sass("not a listing"), microbench::suite_kernel_mixes(), false).ok());
}

TEST(MicrobenchSass, RealSm90SmemMixFoldedByPtxasFailsFixedPasses) {
  const auto mixes = microbench::suite_kernel_mixes();
  const SassCheck folded = check_sass(parse_sass(read_fixture("smem_mix_1_1_sm90_folded.sass")), mixes, false);
  ASSERT_FALSE(folded.ok());
  EXPECT_NE(format_sass_check(folded).find("smem_mix_kernel<1,1> on sm_90: FADD expected 64, found 1"), std::string::npos)
      << format_sass_check(folded);
  const std::string fixed_text = read_fixture("smem_mix_1_1_sm90_fixed.sass");
  const SassCheck fixed = check_sass(parse_sass(fixed_text), mixes, false);
  EXPECT_TRUE(fixed.ok()) << format_sass_check(fixed);
  EXPECT_EQ(fixed.checked, 1);
  // The same real listing with one FADD removed fails.
  std::string broken = fixed_text;
  const size_t at = broken.find(" FADD R");
  broken.erase(broken.rfind('\n', at) + 1, broken.find('\n', at) - broken.rfind('\n', at));
  const SassCheck b = check_sass(parse_sass(broken), mixes, false);
  ASSERT_EQ(b.failures.size(), 1u) << format_sass_check(b);
  EXPECT_NE(b.failures[0].find("FADD expected 64, found 63"), std::string::npos);
}

// The hand-written listings of tests/data/sass (sass_summary.txt's counts of the H100 run) hold
// seven of the suite's kernels; each has its intended mix.
TEST(MicrobenchSass, HandWrittenSuiteListingsPass) {
  for (const char* file : {"microbench_sm80.sass", "microbench_sm90.sass"}) {
    const SassCheck c = check_sass(parse_sass(read_fixture(file)), microbench::suite_kernel_mixes(), false);
    EXPECT_TRUE(c.ok()) << file << "\n" << format_sass_check(c);
    EXPECT_EQ(c.checked, 7) << file;
  }
}

}  // namespace
}  // namespace warpsim::validation
