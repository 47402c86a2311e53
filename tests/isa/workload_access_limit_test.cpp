// A kernel numbers its memory instructions in 16 bits (isa::Instruction::access): one more is an
// error at its line, not a silent wrap onto another instruction's pattern.
#include <gtest/gtest.h>

#include "common/user_error.h"
#include "isa/workload_parser.h"

namespace warpsim {
namespace {

TEST(WorkloadAccessLimit, MoreMemoryInstructionsThanTheKernelNumbersIsAnErrorAtTheirLine) {
  EXPECT_EQ(isa::parse_workload(".repeat 32768\nLD R1, [R0]\n.endrepeat\n", "ok.wl").accesses.size(), 32768u);
  try {
    isa::parse_workload(".repeat 40000\nLD R1, [R0]\n.endrepeat\n", "big.wl");
    FAIL() << "no error";
  } catch (const UserError& e) {
    ASSERT_EQ(e.diagnostics().size(), 1u);
    EXPECT_EQ(e.diagnostics().front().line, 2);
    EXPECT_NE(e.diagnostics().front().message.find("more than 32768 memory instructions"), std::string::npos)
        << e.diagnostics().front().message;
  }
}

}  // namespace
}  // namespace warpsim
