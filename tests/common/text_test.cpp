#include <gtest/gtest.h>

#include "common/text.h"

namespace warpsim {

TEST(Text, ParseIntAcceptsDecimalAndHexOnly) {
  EXPECT_EQ(parse_int("42"), 42);
  EXPECT_EQ(parse_int(" -7 "), -7);
  EXPECT_EQ(parse_int("0x10"), 16);
  EXPECT_FALSE(parse_int("4.5"));
  EXPECT_FALSE(parse_int("12abc"));
  EXPECT_FALSE(parse_int(""));
}

TEST(Text, ParseIntTakesOneSignAtMost) {
  EXPECT_FALSE(parse_int("--300"));
  EXPECT_FALSE(parse_int("+-300"));
  EXPECT_FALSE(parse_int("-+3"));
  EXPECT_FALSE(parse_int("0x-10"));
  EXPECT_FALSE(parse_int("-"));
  EXPECT_EQ(parse_int("+300"), 300);
}

TEST(Text, ParseDoubleRejectsTrailingGarbageAndInfinity) {
  EXPECT_DOUBLE_EQ(*parse_double("1.266"), 1.266);
  EXPECT_FALSE(parse_double("1.2x"));
  EXPECT_FALSE(parse_double("inf"));
}

TEST(Text, ClosestMatchSuggestsNearMissesOnly) {
  EXPECT_EQ(closest_match("FAD", {"FADD", "FMUL"}), "FADD");
  EXPECT_EQ(closest_match("QWERTY", {"FADD", "FMUL"}), "");
}

}  // namespace warpsim
