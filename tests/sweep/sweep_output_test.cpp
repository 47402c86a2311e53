#include "sweep/sweep_output.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/user_error.h"
#include "support/test_support.h"

namespace warpsim::sweep {
namespace {

// A small stand-in for sweep columns: the key first, then two values.
const std::vector<report::Column> kColumns{{"point"}, {"a"}, {"b"}};
const std::vector<std::string> kKeys{"k0", "k1", "k2", "k3"};

std::string csv_line_of(const std::string& key, int v) { return report::csv_line(kColumns, {key, int64_t{v}, double(v) / 3}); }
std::string json_line_of(const std::string& key, int v) { return report::json_line(kColumns, {key, int64_t{v}, double(v) / 3}); }

using test::slurp;
std::string header() { return header_line(LineFormat::Csv, kColumns); }

}  // namespace

TEST(SweepOutput, MissingOrEmptyFileStartsAfresh) {
  const std::string path = test::temp_dir() + "/absent.csv";
  const ResumeState st = read_resume_state(path, LineFormat::Csv, kColumns, kKeys);
  EXPECT_FALSE(st.exists);
  EXPECT_EQ(st.held(), 0u);
  EXPECT_EQ(st.lines.size(), kKeys.size());
  EXPECT_FALSE(read_resume_state(test::write_temp_file("empty.csv", ""), LineFormat::Csv, kColumns, kKeys).exists);
  // Killed while writing the header: a prefix of it is no output yet.
  EXPECT_FALSE(read_resume_state(test::write_temp_file("torn_header.csv", "point,a"), LineFormat::Csv, kColumns, kKeys).exists);
}

TEST(SweepOutput, PrefixOfPointsIsHeldInOrderAndATornLastLineIsCut) {
  const std::string whole = header() + csv_line_of("k0", 0) + csv_line_of("k1", 1);
  const std::string path = test::write_temp_file("prefix.csv", whole + "k2,2,0.6");
  const ResumeState st = read_resume_state(path, LineFormat::Csv, kColumns, kKeys);
  EXPECT_TRUE(st.exists);
  EXPECT_TRUE(st.in_order);
  EXPECT_EQ(st.held(), 2u);
  EXPECT_EQ(*st.lines[1], csv_line_of("k1", 1));
  EXPECT_FALSE(st.lines[2].has_value());
  EXPECT_EQ(st.keep_bytes, whole.size());
}

TEST(SweepOutput, PointsHeldOutOfGridOrderAreNotInOrder) {
  const std::string path = test::write_temp_file("holes.csv", header() + csv_line_of("k0", 0) + csv_line_of("k2", 2));
  const ResumeState st = read_resume_state(path, LineFormat::Csv, kColumns, kKeys);
  EXPECT_EQ(st.held(), 2u);
  EXPECT_FALSE(st.in_order);
}

TEST(SweepOutput, FileOfAnotherSweepIsRefusedWithFileAndLine) {
  const auto expect_error = [](const std::string& name, const std::string& content, const std::string& where) {
    const std::string path = test::write_temp_file(name, content);
    try {
      read_resume_state(path, LineFormat::Csv, kColumns, kKeys);
      ADD_FAILURE() << name << " was accepted";
    } catch (const UserError& e) {
      EXPECT_NE(std::string(e.what()).find(path + ":" + where), std::string::npos) << e.what();
    }
  };
  expect_error("other_header.csv", "point,x,y\n", "1");
  expect_error("foreign_point.csv", header() + csv_line_of("k0", 0) + csv_line_of("zz", 1), "3");
  expect_error("twice.csv", header() + csv_line_of("k0", 0) + csv_line_of("k0", 0), "3");
  expect_error("short_line.csv", header() + "k0,1\n", "2");
}

TEST(SweepOutput, AResultFieldThatIsNoNumberIsRefusedAtItsLineAndColumn) {
  // As a sweep's columns: the point's words up to `params`, then the results, numbers or empty.
  const std::vector<report::Column> columns{{"point"}, {"gpu"}, {"params"}, {"cycles"}, {"gbps"}};
  const std::string csv_head = header_line(LineFormat::Csv, columns);
  const std::string good = test::write_temp_file("numbers.csv", csv_head + "k0,kepler,op=add,120,\nk1,kepler,op=add,1e3,2.5\n");
  EXPECT_EQ(read_resume_state(good, LineFormat::Csv, columns, kKeys).held(), 2u);
  const auto expect_refused = [&](const std::string& name, LineFormat f, const std::string& content, const std::string& where) {
    const std::string path = test::write_temp_file(name, content);
    try {
      read_resume_state(path, f, columns, kKeys);
      ADD_FAILURE() << name << " was accepted";
    } catch (const UserError& e) {
      EXPECT_NE(std::string(e.what()).find(path + ":" + where), std::string::npos) << e.what();
    }
  };
  expect_refused("word.csv", LineFormat::Csv, csv_head + "k0,kepler,op=add,120,1\nk1,kepler,op=add,abc,2\n",
                 "3: cycles: 'abc' is not a number");
  expect_refused("word.jsonl", LineFormat::JsonLines,
                 "{\"point\":\"k0\",\"gpu\":\"kepler\",\"params\":\"op=add\",\"cycles\":120,\"gbps\":\"fast\"}\n", "1: gbps: '\"fast\"'");
  const std::string null_ok =
      test::write_temp_file("null.jsonl", "{\"point\":\"k0\",\"gpu\":\"kepler\",\"params\":\"op=add\",\"cycles\":120,\"gbps\":null}\n");
  EXPECT_EQ(read_resume_state(null_ok, LineFormat::JsonLines, columns, kKeys).held(), 1u);
}

TEST(SweepOutput, JsonLinesAreRecognisedByTheirPointField) {
  const std::string path = test::write_temp_file("lines.jsonl", json_line_of("k0", 0) + json_line_of("k1", 1) + "{\"point\":\"k2\",");
  const ResumeState st = read_resume_state(path, LineFormat::JsonLines, kColumns, kKeys);
  EXPECT_EQ(st.held(), 2u);
  EXPECT_TRUE(st.in_order);
  EXPECT_THROW(read_resume_state(test::write_temp_file("bad.jsonl", "{\"x\":1}\n"), LineFormat::JsonLines, kColumns, kKeys), UserError);
}

TEST(SweepOutput, WriterCutsTheTornEndAndAppendsWholeLines) {
  const std::string kept = header() + csv_line_of("k0", 0);
  const std::string path = test::write_temp_file("append.csv", kept + "k1,1,0.3");
  const ResumeState st = read_resume_state(path, LineFormat::Csv, kColumns, kKeys);
  {
    LineWriter w(path);
    w.start(header(), st);
    w.write(csv_line_of("k1", 1));
  }
  EXPECT_EQ(slurp(path), kept + csv_line_of("k1", 1));
}

TEST(SweepOutput, WriterCreatesAFreshFileWithTheHeader) {
  const std::string path = test::temp_dir() + "/fresh.csv";
  {
    LineWriter w(path);
    w.start(header(), ResumeState{});
    w.write(csv_line_of("k0", 0));
  }
  EXPECT_EQ(slurp(path), header() + csv_line_of("k0", 0));
}

TEST(SweepOutput, RewriteInGridOrderSortsAppendedPoints) {
  const std::string path = test::write_temp_file("sort.csv", header() + csv_line_of("k2", 2) + csv_line_of("k0", 0) + csv_line_of("k3", 3));
  rewrite_in_grid_order(path, LineFormat::Csv, kColumns, kKeys);
  EXPECT_EQ(slurp(path), header() + csv_line_of("k0", 0) + csv_line_of("k2", 2) + csv_line_of("k3", 3));
}

TEST(SweepOutput, ASecondWriterOfTheSameFileIsRefusedWhileTheFirstHoldsIt) {
  const std::string path = test::temp_dir() + "/locked.csv";
  LineWriter first(path);
  try {
    LineWriter second(path);
    ADD_FAILURE() << "a second writer opened a locked file";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("another warpsim sweep is writing this file"), std::string::npos) << e.what();
  }
}

TEST(SweepOutput, ADirectoryOrADeviceIsRefusedBeforeItIsOpened) {
  EXPECT_THROW(LineWriter{test::temp_dir()}, UserError);
  EXPECT_THROW(LineWriter{"/dev/null"}, UserError);
}

}  // namespace warpsim::sweep
