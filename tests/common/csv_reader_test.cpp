#include <gtest/gtest.h>

#include "common/csv_reader.h"

namespace warpsim {

TEST(CsvReader, QuotedFieldsKeepCommasAndDoubledQuotes) {
  auto rows = parse_csv("a,\"b, c\",\"say \"\"hi\"\"\"\n");
  ASSERT_EQ(rows.size(), 1u);
  ASSERT_FALSE(rows[0].error);
  ASSERT_EQ(rows[0].fields.size(), 3u);
  EXPECT_EQ(rows[0].fields[1].text, "b, c");
  EXPECT_TRUE(rows[0].fields[1].quoted);
  EXPECT_EQ(rows[0].fields[2].text, "say \"hi\"");
}

TEST(CsvReader, FieldsCarryOneBasedLineAndColumn) {
  auto rows = parse_csv("# comment\n\nx,yy,\"z\"\n");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_TRUE(rows[0].comment);
  EXPECT_EQ(rows[0].comment_text, " comment");
  EXPECT_EQ(rows[1].line, 3);
  EXPECT_EQ(rows[1].fields[1].column, 3);
  EXPECT_EQ(rows[1].fields[2].column, 6);
}

TEST(CsvReader, QuotedFieldMaySpanLinesAndTheRowKeepsItsFirstLine) {
  auto rows = parse_csv("a,\"two\nlines\",b\nc,d\n");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].line, 1);
  EXPECT_EQ(rows[0].fields[1].text, "two\nlines");
  EXPECT_EQ(rows[1].line, 3);
}

TEST(CsvReader, CrLfLineEndsAndTrailingCommaGiveAnEmptyLastField) {
  auto rows = parse_csv("a,b,\r\nc,\"d\"\r\n");
  ASSERT_EQ(rows.size(), 2u);
  ASSERT_EQ(rows[0].fields.size(), 3u);
  EXPECT_EQ(rows[0].fields[2].text, "");
  EXPECT_EQ(rows[1].fields[1].text, "d");
}

TEST(CsvReader, UnterminatedQuoteIsReportedWhereTheQuoteOpens) {
  auto rows = parse_csv("a,b\nc,\"d,e\n");
  ASSERT_EQ(rows.size(), 2u);
  ASSERT_TRUE(rows[1].error);
  EXPECT_EQ(rows[1].error->line, 2);
  EXPECT_EQ(rows[1].error->column, 3);
  EXPECT_NE(rows[1].error->message.find("unterminated"), std::string::npos);
}

TEST(CsvReader, StrayQuoteIsAnErrorAndReadingResumesOnTheNextLine) {
  auto rows = parse_csv("a,b\"c,d\ne,f\n\"g\"h,i\n");
  ASSERT_EQ(rows.size(), 3u);
  ASSERT_TRUE(rows[0].error);
  EXPECT_EQ(rows[0].error->column, 4);
  EXPECT_EQ(rows[0].fields.size(), 1u);  // the field before the error
  EXPECT_FALSE(rows[1].error);
  EXPECT_EQ(rows[1].fields[1].text, "f");
  ASSERT_TRUE(rows[2].error);  // text after a closing quote
  EXPECT_NE(rows[2].error->message.find("after a closing quote"), std::string::npos);
}

}  // namespace warpsim
