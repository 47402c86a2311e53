#include <gtest/gtest.h>

#include <cmath>

#include "report/table.h"

namespace warpsim::report {

TEST(Table, CsvAndJsonPrintTheSameShortestRoundTripDigits) {
  Table t({{"name"}, {"value", 4}, {"big"}, {"tiny"}, {"count"}});
  const double third = 1.0 / 3;
  t.add_row({std::string("a,b"), third, 1095840.5, 1.5e-7, int64_t{7}});
  t.add_row({std::string("c"), 0.1, 1e6, std::nan(""), int64_t{0}});
  EXPECT_EQ(t.to_csv(), "name,value,big,tiny,count\n\"a,b\",0.3333333333333333,1095840.5,1.5e-07,7\nc,0.1,1000000,nan,0\n");
  EXPECT_EQ(
      t.to_json(),
      "[\n  {\n    \"name\": \"a,b\",\n    \"value\": 0.3333333333333333,\n    \"big\": 1095840.5,\n    \"tiny\": 1.5e-07,\n    \"count\": 7\n  },\n"
      "  {\n    \"name\": \"c\",\n    \"value\": 0.1,\n    \"big\": 1000000,\n    \"tiny\": null,\n    \"count\": 0\n  }\n]\n");
  EXPECT_EQ(json_line(t.columns(), t.rows()[0]),
            "{\"name\":\"a,b\",\"value\":0.3333333333333333,\"big\":1095840.5,\"tiny\":1.5e-07,\"count\":7}\n");
  EXPECT_EQ(std::stod(exact_number(third)), third);           // the text reads back as the same double
  EXPECT_NE(t.to_text().find("0.3333 "), std::string::npos);  // people get `precision` digits
}

TEST(Table, EmptyTableIsAnEmptyJsonArray) { EXPECT_EQ(Table({{"a"}}).to_json(), "[]\n"); }

TEST(Table, FormatNumberIsStableAndCompact) {
  EXPECT_EQ(format_number(184.5, 4), "184.5");
  EXPECT_EQ(format_number(0.00542, 3), "0.00542");
  EXPECT_EQ(format_number(2.0, 4), "2");
  EXPECT_EQ(format_number(1234567.0, 4), "1.235e+06");
}

}  // namespace warpsim::report
