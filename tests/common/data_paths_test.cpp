#include "common/data_paths.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "support/test_support.h"

namespace warpsim {
namespace {

namespace fs = std::filesystem;

// Unsets (or sets) WARPSIM_DATA_DIR for one test, then restores it.
class DataDirEnv {
 public:
  explicit DataDirEnv(const char* value) {
    if (const char* old = std::getenv("WARPSIM_DATA_DIR")) old_ = old;
    value ? ::setenv("WARPSIM_DATA_DIR", value, 1) : ::unsetenv("WARPSIM_DATA_DIR");
  }
  ~DataDirEnv() {
    old_ ? ::setenv("WARPSIM_DATA_DIR", old_->c_str(), 1) : ::unsetenv("WARPSIM_DATA_DIR");
    set_data_root({});
  }

 private:
  std::optional<std::string> old_;
};

// An installed tree: PREFIX/bin/prog and PREFIX/share/warpsim/hw_configs/.
fs::path make_prefix(const std::string& name, bool with_data) {
  const fs::path prefix = fs::path(test::temp_dir()) / name;
  fs::create_directories(prefix / "bin");
  if (with_data) fs::create_directories(prefix / "share" / "warpsim" / "hw_configs");
  std::ofstream(prefix / "bin" / "prog") << "";
  return prefix;
}

}  // namespace

TEST(DataPaths, TheBuildTreeReadsTheSourceTree) {
  DataDirEnv env(nullptr);
  EXPECT_EQ(data_root(), fs::path(WARPSIM_SOURCE_DIR));
  EXPECT_EQ(data_dir("hw_configs"), fs::path(WARPSIM_SOURCE_DIR) / "hw_configs");
}

TEST(DataPaths, TheEnvironmentWinsOverTheRootAProgramSets) {
  DataDirEnv env(nullptr);
  set_data_root("/opt/elsewhere/share/warpsim");
  EXPECT_EQ(data_root(), fs::path("/opt/elsewhere/share/warpsim"));
  ::setenv("WARPSIM_DATA_DIR", "/from/env", 1);
  EXPECT_EQ(data_root(), fs::path("/from/env"));
  ::setenv("WARPSIM_DATA_DIR", "", 1);  // empty: as if unset
  EXPECT_EQ(data_root(), fs::path("/opt/elsewhere/share/warpsim"));
  set_data_root({});
  EXPECT_EQ(data_root(), fs::path(WARPSIM_SOURCE_DIR));
}

TEST(DataPaths, AnInstalledProgramFindsTheDataBesideItOnlyWhereItExists) {
  const fs::path with = make_prefix("with_data", true);
  EXPECT_EQ(installed_data_beside(with / "bin" / "prog", "../share/warpsim"), fs::weakly_canonical(with) / "share" / "warpsim");
  const fs::path without = make_prefix("without_data", false);
  EXPECT_EQ(installed_data_beside(without / "bin" / "prog", "../share/warpsim"), fs::path());
}

TEST(DataPaths, AProgramInTheBuildTreeNeverReadsAnInstallBesideIt) {
  // From the test binary (build/tests/), "../.." is the source tree, which holds hw_configs/.
  const fs::path self = fs::read_symlink("/proc/self/exe");
  EXPECT_EQ(installed_data_beside(self, "../.."), fs::path());
}

}  // namespace warpsim
