#include <gtest/gtest.h>

#include "common/user_error.h"

namespace warpsim {

TEST(UserError, DiagnosticNamesFileLineColumnAndKey) {
  EXPECT_EQ((Diagnostic{"a.yaml", 3, 7, "memory.peak_gbps", "out of range"}.to_string()), "a.yaml:3:7: memory.peak_gbps: out of range");
  EXPECT_EQ((Diagnostic{"a.wl", 2, 0, "", "unknown opcode"}.to_string()), "a.wl:2: unknown opcode");
  EXPECT_EQ((Diagnostic{"", 0, 0, "", "m"}.to_string()), "<input>: m");
}

TEST(UserError, ControlBytesTheUserWroteAreEscaped) {
  // A binary file given as a workload quotes its bytes back: none may reach the terminal raw.
  const Diagnostic d{"bin.wl", 1, 0, "", std::string("unknown opcode '\x01\x1b[2J\x7f'")};
  EXPECT_EQ(d.to_string(), "bin.wl:1: unknown opcode '\\x01\\x1b[2J\\x7f'");
  const UserError e(std::vector<Diagnostic>{d, Diagnostic{"bin.wl", 2, 0, "", "tab\there"}});
  EXPECT_EQ(std::string(e.what()), "bin.wl:1: unknown opcode '\\x01\\x1b[2J\\x7f'\nbin.wl:2: tab\there");
}

}  // namespace warpsim
