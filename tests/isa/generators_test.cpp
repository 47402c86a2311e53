#include <gtest/gtest.h>

#include <string>

#include "common/user_error.h"
#include "isa/generators.h"
#include "isa/workloads.h"

namespace warpsim::isa {
namespace {
Kernel gen(const std::string& name, ParamMap p = {}) { return generate(*find_generator(name), p); }

// True if every instruction except EXIT reads the register the previous one wrote: a single
// back-to-back dependent chain (Volkov §4.1).
bool single_chain(const Kernel& k) {
  for (size_t pc = 1; pc + 1 < k.code.size(); ++pc) {
    const auto& prev = k.code[pc - 1];
    const auto& cur = k.code[pc];
    bool dep = false;
    for (int i = 0; i < cur.nsrc; ++i) dep |= prev.ndst > 0 && cur.src[i] == prev.dst[0];
    if (!dep) return false;
  }
  return true;
}
}  // namespace

TEST(Generators, AlphaMixIsOneLoadAndAlphaDependentAdds) {
  const Kernel k = gen("alpha_mix", {{"alpha", "8"}, {"loads", "64"}});
  const InstructionMix m = instruction_mix(k);
  EXPECT_EQ(m.count(OpClass::Load), 64);
  EXPECT_EQ(m.count(OpClass::Alu), 64 * 8);
  EXPECT_EQ(m.total, 64 * 9 + 1);  // + EXIT
  EXPECT_TRUE(single_chain(k));
  EXPECT_EQ(k.accesses[0].kind, AccessKind::Stream);
}

TEST(Generators, AlphaLimitsAndFractions) {
  EXPECT_EQ(instruction_mix(gen("alpha_mix", {{"alpha", "inf"}, {"adds", "100"}})).count(OpClass::Load), 0);
  EXPECT_EQ(instruction_mix(gen("alpha_mix", {{"alpha", "inf"}, {"adds", "100"}})).count(OpClass::Alu), 100);
  EXPECT_EQ(instruction_mix(gen("alpha_mix", {{"alpha", "0"}, {"loads", "10"}})).count(OpClass::Alu), 0);
  const InstructionMix quarter = instruction_mix(gen("sfu_mix", {{"alpha", "0.25"}, {"groups", "10"}}));
  EXPECT_EQ(quarter.count(OpClass::Sfu), 40);  // 1 FADD per 4 MUFU (§4.7, alpha < 1)
  EXPECT_EQ(quarter.count(OpClass::Alu), 10);
  EXPECT_TRUE(single_chain(gen("smem_mix", {{"alpha", "3"}, {"groups", "4"}})));
  EXPECT_THROW(gen("alpha_mix", {{"alpha", "0.3"}}), UserError);  // not 1/k
  EXPECT_THROW(gen("alpha_mix", {{"alpha", "-1"}}), UserError);
  EXPECT_THROW(gen("alpha_mix", {{"beta", "1"}}), UserError);
}

TEST(Generators, HomogeneousSequencesUseTheRightUnitAndPattern) {
  EXPECT_EQ(instruction_mix(gen("homogeneous", {{"op", "sfu"}, {"count", "10"}})).count(OpClass::Sfu), 10);
  const Kernel cos = gen("homogeneous", {{"op", "cos"}, {"count", "10"}});  // RRO.SINCOS, then MUFU.COS
  EXPECT_EQ(instruction_mix(cos).count(OpClass::Sfu), 10);
  EXPECT_EQ(instruction_mix(cos).count(OpClass::Alu), 10);
  EXPECT_TRUE(single_chain(cos));
  const Kernel smem2 = gen("homogeneous", {{"op", "smem2"}, {"count", "10"}});
  EXPECT_EQ(smem2.accesses[0].kind, AccessKind::Conflict);
  EXPECT_EQ(smem2.accesses[0].param, 2);
  EXPECT_EQ(gen("stride2").accesses[0].kind, AccessKind::Stride);
  EXPECT_EQ(gen("random").accesses[0].kind, AccessKind::Random);
  EXPECT_EQ(gen("random", {{"array", "32MB"}}).arrays[0].bytes, 32ull << 20);
  EXPECT_TRUE(single_chain(gen("homogeneous", {{"op", "add"}, {"count", "8"}})));
  EXPECT_THROW(gen("homogeneous", {{"op", "mul"}}), UserError);
}

// `array` sizes every global op's array when given (it applied to op=random only, and a stream
// run's params column said array=128MB over a 512 MB array); an op without one refuses it.
TEST(Generators, HomogeneousArrayAppliesToEveryGlobalOpAndDefaultsPerOp) {
  EXPECT_EQ(gen("homogeneous", {{"op", "stream"}}).arrays[0].bytes, 512ull << 20);  // §5.10
  EXPECT_EQ(gen("homogeneous", {{"op", "random"}}).arrays[0].bytes, 128ull << 20);  // §6.7
  EXPECT_EQ(gen("homogeneous", {{"op", "stream"}, {"array", "64MB"}}).arrays[0].bytes, 64ull << 20);
  EXPECT_EQ(gen("homogeneous", {{"op", "stride2"}, {"array", "64MB"}}).arrays[0].bytes, 64ull << 20);
  EXPECT_THROW(gen("homogeneous", {{"op", "add"}, {"array", "64MB"}}), UserError);
  EXPECT_TRUE(gen("homogeneous", {{"op", "add"}}).arrays.empty());
}

// The suite's random nodes (validation/microbench/src/experiments_nodes.cpp): node_bytes / bytes
// lanes read one random node; node_bytes belongs to op=random and must hold whole lanes' loads.
TEST(Generators, HomogeneousRandomNodesGroupLanes) {
  const Kernel k = gen("homogeneous", {{"op", "random"}, {"bytes", "16"}, {"node_bytes", "128"}, {"count", "4"}});
  ASSERT_EQ(k.accesses.size(), 1u);
  EXPECT_EQ(k.accesses[0].kind, AccessKind::Random);
  EXPECT_EQ(k.accesses[0].bytes, 16);
  EXPECT_EQ(k.accesses[0].param, 8);  // 8 lanes x 16 bytes per node
  EXPECT_EQ(gen("homogeneous", {{"op", "random"}}).accesses[0].param, 1);
  EXPECT_EQ(gen("homogeneous", {{"op", "random"}, {"bytes", "16"}, {"node_bytes", "16"}}).accesses[0].param, 1);
  EXPECT_THROW(gen("homogeneous", {{"op", "stream"}, {"node_bytes", "64"}}), UserError);
  EXPECT_THROW(gen("homogeneous", {{"op", "random"}, {"bytes", "16"}, {"node_bytes", "48"}}), UserError);    // 3 lanes
  EXPECT_THROW(gen("homogeneous", {{"op", "random"}, {"bytes", "16"}, {"node_bytes", "1024"}}), UserError);  // 64 lanes
  EXPECT_THROW(gen("homogeneous", {{"op", "random"}, {"bytes", "16"}, {"node_bytes", "8"}}), UserError);     // under a lane
}

// The suite's wider loads, store stream and copy (validation/microbench/src/experiments_store.cpp).
TEST(Generators, HomogeneousWideLoadsStoresAndCopies) {
  const Kernel b16 = gen("homogeneous", {{"op", "stream"}, {"bytes", "16"}, {"count", "8"}});
  ASSERT_EQ(b16.accesses.size(), 1u);
  EXPECT_EQ(b16.accesses[0].bytes, 16);
  EXPECT_EQ(gen("homogeneous", {{"op", "stream"}, {"bytes", "8"}}).accesses[0].bytes, 8);
  EXPECT_THROW(gen("homogeneous", {{"op", "stream"}, {"bytes", "12"}}), UserError);
  EXPECT_THROW(gen("homogeneous", {{"op", "stride2"}, {"bytes", "8"}}), UserError);  // bytes is op=stream's and op=random's
  const Kernel store = gen("homogeneous", {{"op", "store"}, {"count", "8"}});
  EXPECT_EQ(instruction_mix(store).count(OpClass::Store), 8);
  EXPECT_EQ(instruction_mix(store).count(OpClass::Load), 0);
  EXPECT_EQ(store.arrays[0].bytes, 512ull << 20);
  const Kernel copy = gen("homogeneous", {{"op", "copy"}, {"count", "8"}});
  EXPECT_EQ(instruction_mix(copy).count(OpClass::Load), 8);
  EXPECT_EQ(instruction_mix(copy).count(OpClass::Store), 8);
  ASSERT_EQ(copy.arrays.size(), 2u);  // read one array, write the other, 256 MB each
  ASSERT_EQ(copy.accesses.size(), 2u);
  EXPECT_NE(copy.accesses[0].array, copy.accesses[1].array);
  EXPECT_EQ(copy.arrays[0].bytes, 256ull << 20);
  // ILP chains of a copy each load and store their own steps, both loads before the stores: in-order
  // issue would hold the second chain's load behind the first chain's store of its load.
  const Kernel copy2 = gen("homogeneous", {{"op", "copy"}, {"ilp", "2"}, {"count", "8"}});
  ASSERT_EQ(copy2.accesses.size(), 4u);
  for (const auto& a : copy2.accesses) EXPECT_EQ(a.interleave_count, 2);
  ASSERT_GE(copy2.code.size(), 4u);
  EXPECT_EQ(copy2.code[0].cls, OpClass::Load);
  EXPECT_EQ(copy2.code[1].cls, OpClass::Load);
  EXPECT_EQ(copy2.code[2].cls, OpClass::Store);
  EXPECT_EQ(copy2.code[3].cls, OpClass::Store);
}

TEST(Generators, IlpKBuildsKIndependentChains) {
  const Kernel k = gen("ilp", {{"k", "3"}, {"count", "30"}});
  EXPECT_EQ(instruction_mix(k).count(OpClass::Load), 30);
  ASSERT_EQ(k.loops.size(), 1u);
  EXPECT_EQ(k.loops[0].end - k.loops[0].begin + 1, 3);  // R1, R2, R3 in turn (§6.3)
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(k.code[i].dst[0], i + 1);
    EXPECT_EQ(k.code[i].src[0], i + 1);
  }
}

// A value out of range is named by the parameter the user gave: `k`, not the `ilp` of the
// generator it feeds; in a workload file, the line also says which --param it took.
TEST(Generators, AnErrorNamesTheParameterTheUserGave) {
  const auto error_of = [](const std::string& workload, const ParamMap& params) -> std::string {
    try {
      (void)load_workload(workload, params);
    } catch (const UserError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_NE(error_of("ilp", {{"k", "99"}}).find("k: expected an integer in [1, 32], found '99'"), std::string::npos);
  const std::string sparse = error_of("spmv_csr", {{"nnz", "0"}});
  EXPECT_NE(sparse.find("spmv_csr.wl:"), std::string::npos) << sparse;
  EXPECT_NE(sparse.find("(the line takes --param nnz=0)"), std::string::npos) << sparse;
  const std::string launch = error_of("matmul_tiled", {{"tiles", "0"}});
  EXPECT_NE(launch.find("grid_x: expected an integer"), std::string::npos) << launch;
  EXPECT_NE(launch.find("(the line takes --param tiles=0)"), std::string::npos) << launch;
}

TEST(Generators, BankConflictWaysBecomeThePattern) { EXPECT_EQ(gen("bank_conflict", {{"ways", "4"}}).accesses[0].param, 4); }

TEST(Workloads, ListedNamesIncludeEveryMixAndTheThreeKernels) {
  std::vector<std::string> names;
  for (const auto& w : list_workloads()) names.push_back(w.name);
  for (const char* n :
       {"alpha_mix", "sfu_mix", "smem_mix", "homogeneous", "ilp", "stride2", "random", "bank_conflict", "vector_add", "permute", "vabs"})
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
}

TEST(Workloads, VabsNegativeAddsTheNegateAndStore) {
  const InstructionMix pos = instruction_mix(load_workload("vabs"));
  const InstructionMix neg = instruction_mix(load_workload("vabs", {{"sign", "negative"}}));
  EXPECT_EQ(neg.count(OpClass::Store) - pos.count(OpClass::Store), 1);
  EXPECT_EQ(neg.count(OpClass::Alu) - pos.count(OpClass::Alu), 1);
  const Kernel rnd = load_workload("permute", {{"permutation", "random"}});
  EXPECT_EQ(rnd.accesses[1].kind, AccessKind::Random);
}

}  // namespace warpsim::isa
