// Parsing costs time in proportion to the lines a workload unrolls, bounded, whatever the nest of
// .repeat, .loop and EXIT: each case here once took hours (found by tests/fuzz/workload_parser).
#include <gtest/gtest.h>

#include <string>

#include "common/user_error.h"
#include "isa/workload_parser.h"

namespace warpsim {
namespace {

std::string error_of(const std::string& text) {
  try {
    isa::parse_workload(text, "w.wl");
  } catch (const UserError& e) {
    return e.what();
  }
  return "";
}

// 10^12 copies of nothing: every copy counts against the budget of 8 Mi expanded lines.
TEST(WorkloadExpansionLimit, NestedRepeatsOfNoInstructionAreRefusedAtTheBudget) {
  const std::string e = error_of(".repeat 1000000\n.repeat 1000000\n.endrepeat\n.endrepeat\nFADD R1, R1, R2\n");
  EXPECT_NE(e.find("w.wl:2: .repeat: the .repeat nest expands past 8388608 lines"), std::string::npos) << e;
  // A .repeat whose count is 0 still scans its body once per copy of the enclosing one.
  std::string zero_body = ".repeat 100000\n.repeat 0\n";
  for (int i = 0; i < 400; ++i) zero_body += "NOP\n";
  zero_body += ".endrepeat\n.endrepeat\nFADD R1, R1, R2\n";
  EXPECT_NE(error_of(zero_body).find("the .repeat nest expands past"), std::string::npos);
  EXPECT_EQ(error_of(".repeat 1000\n.repeat 1000\n.endrepeat\n.endrepeat\nFADD R1, R1, R2\n"), "");  // 10^6 copies: within it
}

// 5,000 nested .if blocks: each scans its body for its .else, so the reading is quadratic and stops
// at the budget, named at the .if (there is no .repeat to blame).
TEST(WorkloadExpansionLimit, IfBlocksNestedThousandsDeepAreRefusedAtTheIf) {
  std::string deep = ".param x 1\n";
  for (int i = 0; i < 5000; ++i) deep += ".if x\n";
  deep += "FADD R1, R1, R2\n";
  for (int i = 0; i < 5000; ++i) deep += ".endif\n";
  const std::string e = error_of(deep);
  EXPECT_NE(e.find(": .if: the .if blocks, nested thousands deep, are read past 8388608 lines"), std::string::npos) << e.substr(0, 300);
  EXPECT_EQ(e.find(".repeat"), std::string::npos) << e.substr(0, 300);
}

// 100,000 copies of an unclosed `.loop 8`: the nest's runs are kept per open loop, not remultiplied.
TEST(WorkloadExpansionLimit, UnclosedLoopsInARepeatAreReportedWithoutRemultiplyingTheNest) {
  const std::string e = error_of(".repeat 100000\n.loop 8\nFADD R1, R1, R2\n.endrepeat\n");
  EXPECT_NE(e.find("w.wl:2: .loop: the loop nest runs its body more than"), std::string::npos) << e;
  EXPECT_NE(e.find("more errors not shown"), std::string::npos) << e;  // one a copy, capped
}

// 300,000 loops each holding an EXIT: an EXIT inside a loop is no early end, checked in one pass.
TEST(WorkloadExpansionLimit, ManyExitsInLoopsAreCheckedInOnePass) {
  EXPECT_EQ(error_of(".repeat 300000\n.loop 2\nEXIT\n.endloop\n.endrepeat\nFADD R1, R1, R2\n"), "");
  const std::string e = error_of(".loop 2\nEXIT\n.endloop\nEXIT\nFADD R1, R1, R2\n");
  EXPECT_NE(e.find("w.wl:4: EXIT before the end of the kernel"), std::string::npos) << e;
  EXPECT_EQ(e.find("w.wl:2:"), std::string::npos) << e;  // the one in the loop is no early end
}

// 200,000 loops, then 200,000 loops run zero times: each drops only the loops nested in it.
TEST(WorkloadExpansionLimit, LoopsRunZeroTimesDropOnlyTheirOwnNest) {
  const isa::Kernel k = isa::parse_workload(
      ".repeat 200000\n.loop 2\nFADD R1, R1, R2\n.endloop\n.endrepeat\n"
      ".repeat 200000\n.loop 0\n.loop 3\nFADD R1, R1, R2\n.endloop\n.endloop\n.endrepeat\n",
      "w.wl", {});
  EXPECT_EQ(k.loops.size(), 200000u);
  EXPECT_EQ(k.code.size(), 200001u);  // the FADDs of the counted loops and the appended EXIT
}

}  // namespace
}  // namespace warpsim
