#include <gtest/gtest.h>

#include <string>

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

// kitten -> sitting is the textbook distance 3 (two substitutions, one insertion).
TEST(Text, EditDistanceIsExactBelowTheLimitAndTheLimitAtOrAbove) {
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("kitten", "sitting", 4), 3u);
  EXPECT_EQ(edit_distance("kitten", "sitting", 3), 3u);
  EXPECT_EQ(edit_distance("kitten", "sitting", 2), 2u);
  EXPECT_EQ(edit_distance("", "abc", 2), 2u);                     // the length gap alone reaches the limit
  EXPECT_EQ(edit_distance(std::string(10000, 'x'), "y", 5), 5u);  // measured no further
  EXPECT_EQ(edit_distance("abc", "abc", 1), 0u);
}

TEST(Text, FirstWordIsSplitWordsFirstOrEmpty) {
  for (const char* s : {"  .repeat 4", ".endrepeat", "\t.if x == 1 ", "   ", "", "FADD\tR1, R1"}) {
    const auto words = split_words(s);
    EXPECT_EQ(first_word(s), words.empty() ? std::string() : words.front()) << '"' << s << '"';
  }
}

}  // namespace warpsim
