#include "sweep/progress_bar.h"

#include <gtest/gtest.h>

namespace warpsim::sweep {

TEST(ProgressBar, LineShowsCountPercentElapsedAndEtaFromTheMeanPointTime) {
  // 10 of 40 points in 30 s: 3 s per point, 30 points left -> 90 s.
  const std::string line = progress_line(10, 40, 30.0, 20);
  EXPECT_EQ(line, "[#####---------------] 10/40  25%  elapsed 0:30  ETA 1:30");
}

TEST(ProgressBar, ALineWithoutCountsShowsThePercentageOnly) {
  EXPECT_EQ(progress_line(250, 1000, 30.0, 20, false), "[#####---------------]  25%  elapsed 0:30  ETA 1:30");
}

TEST(ProgressBar, EtaIsUnknownBeforeTheFirstPointAndZeroAtTheEnd) {
  EXPECT_NE(progress_line(0, 5, 1.0).find("ETA ?"), std::string::npos);
  EXPECT_NE(progress_line(5, 5, 7.0).find("ETA 0:00"), std::string::npos);
}

TEST(ProgressBar, DurationsPastAnHourShowHours) {
  EXPECT_EQ(format_duration(59.4), "0:59");
  EXPECT_EQ(format_duration(3600 + 62), "1:01:02");
}

TEST(ProgressBar, DisabledBarWritesNothing) {
  testing::internal::CaptureStderr();
  {
    ProgressBar bar(3, false);
    bar.update(1);
    bar.update(3);
  }
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

}  // namespace warpsim::sweep
