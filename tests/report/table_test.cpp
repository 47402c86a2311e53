#include <gtest/gtest.h>

#include "report/table.h"

namespace warpsim::report {

TEST(Table, SameValuePrintsIdenticallyInEveryFormat) {
  Table t({{"name"}, {"value", 4}});
  t.add_row({std::string("a,b"), 0.123456});
  EXPECT_EQ(t.to_csv(), "name,value\n\"a,b\",0.1235\n");
  EXPECT_NE(t.to_json().find("0.123456"), std::string::npos);
  EXPECT_NE(t.to_text().find("0.1235"), std::string::npos);
}

TEST(Table, FormatNumberIsStableAndCompact) {
  EXPECT_EQ(format_number(184.5, 4), "184.5");
  EXPECT_EQ(format_number(0.00542, 3), "0.00542");
  EXPECT_EQ(format_number(2.0, 4), "2");
  EXPECT_EQ(format_number(1234567.0, 4), "1.235e+06");
}

}  // namespace warpsim::report
