#include "device/l2_note.h"

#include <gtest/gtest.h>

#include "config/loader.h"
#include "isa/workloads.h"

namespace warpsim::test {
namespace {

// The note where a what-if turns the L2 off (memory.l2.slices = 0), or with the L2 simulated.
std::string note(const std::string& gpu, const std::string& workload, const isa::ParamMap& params, bool l2_off = true) {
  const std::vector<std::string> sets = l2_off ? std::vector<std::string>{"memory.l2.slices=0"} : std::vector<std::string>{};
  return device::unsimulated_l2_note(config::load_hw_config(gpu, sets), isa::load_workload(workload, params));
}

}  // namespace

// The arrays a kernel's global loads and stores touch, summed, against the L2 (vendor spec).
TEST(L2Note, SumsTheArraysTheGlobalAccessesTouch) {
  EXPECT_EQ(note("maxwell", "random", {{"array", "1536KB"}}),
            "homogeneous_random's global arrays (1.5 MB) fit in maxwell's 2 MB L2, which warpsim does not simulate: every access goes to "
            "DRAM here, also those the GPU would serve from the L2 (Volkov §6.7; memory.l2_bytes)");
  // permute reads b and c and writes a: three 1 MB arrays exceed Maxwell's 2 MB, not the H100's 50 MB.
  EXPECT_EQ(note("maxwell", "permute", {{"array_size", "1MB"}}), "");
  EXPECT_NE(note("h100_sxm", "permute", {{"array_size", "1MB"}}).find("global arrays (3 MB) fit in h100_sxm's 50 MB L2"),
            std::string::npos);
}

TEST(L2Note, NoneWhereGlobalLoadsAreNotCachedOrNoArrayIsTouched) {
  EXPECT_EQ(note("gt200", "random", {{"array", "64KB"}}), "");    // Volkov §6.7: G80 and GT200 cache no global loads
  EXPECT_EQ(note("kepler", "homogeneous", {{"op", "add"}}), "");  // no global array
  EXPECT_EQ(note("kepler", "random", {{"array", "128MB"}}), "");
  EXPECT_EQ(note("maxwell", "random", {{"array", "1536KB"}}, false), "");  // the L2 is simulated
}

}  // namespace warpsim::test
