// Overlays: a config names its base with `inherits:` and changes only what it lists.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <tuple>

#include "config/config_test_util.h"
#include "config/loader.h"
#include "config/schema.h"
#include "support/test_support.h"

namespace fs = std::filesystem;

namespace warpsim::config {
namespace {

using test::find_diagnostic;
using test::load_errors;
using warpsim::test::write_temp_file;

// Sets an environment variable for the lifetime of the guard.
class EnvGuard {
 public:
  EnvGuard(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    ::setenv(name, value.c_str(), 1);
  }
  ~EnvGuard() { old_ ? ::setenv(name_, old_->c_str(), 1) : ::unsetenv(name_); }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

// Changes the working directory for the lifetime of the guard.
class CwdGuard {
 public:
  explicit CwdGuard(const fs::path& dir) : old_(fs::current_path()) { fs::current_path(dir); }
  ~CwdGuard() { fs::current_path(old_); }

 private:
  fs::path old_;
};

TEST(Overlays, ChildOverridingOneFieldKeepsEveryOtherField) {
  const std::string child = write_temp_file("ov_one/child.yaml", "inherits: kepler\nalu:\n  latency_cycles: 12\n");
  const HwConfig base = load_hw_config("kepler"), c = load_hw_config(child);
  EXPECT_EQ(c.alu.latency_cycles, 12);
  for (const auto& f : hw_schema()) {
    if (f.key == "alu.latency_cycles") continue;
    EXPECT_EQ(f.get(c), f.get(base)) << f.key;
  }
}

TEST(Overlays, ThreeLevelChainAppliesLayersFromTheBaseUp) {
  write_temp_file("ov_chain/a.yaml", "inherits: kepler\nalu: {latency_cycles: 10}\nsfu: {latency_cycles: 11}\n");
  write_temp_file("ov_chain/b.yaml", "inherits: a\nsfu: {latency_cycles: 12}\nsmem: {latency_cycles: 13}\n");
  const std::string c_path = write_temp_file("ov_chain/c.yaml", "inherits: b.yaml\nsmem: {latency_cycles: 14}\n");
  const HwConfig c = load_hw_config(c_path);
  EXPECT_EQ(c.alu.latency_cycles, 10);      // from a
  EXPECT_EQ(c.sfu.latency_cycles, 12);      // b over a
  EXPECT_EQ(c.smem.latency_cycles, 14);     // c over b
  EXPECT_EQ(c.memory.latency_cycles, 301);  // kepler, untouched by the chain
  EXPECT_EQ(c.source_file, c_path);
}

TEST(Overlays, InheritsOfAMissingConfigNamesFileLineAndKey) {
  const std::string p = write_temp_file("ov_missing.yaml", "# a child\n\ninherits: no_such_gpu\nalu: {latency_cycles: 5}\n");
  const auto ds = load_errors(p);
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].file, p);
  EXPECT_EQ(ds[0].line, 3);
  EXPECT_EQ(ds[0].key, "inherits");
  EXPECT_NE(ds[0].message.find("no_such_gpu"), std::string::npos) << ds[0].message;
}

TEST(Overlays, InheritanceCycleIsReportedAtTheInheritsLine) {
  const std::string x = write_temp_file("ov_cycle/x.yaml", "inherits: y\n");
  write_temp_file("ov_cycle/y.yaml", "\ninherits: x.yaml\n");
  const auto ds = load_errors(x);
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].key, "inherits");
  EXPECT_EQ(fs::path(ds[0].file).filename(), "y.yaml");
  EXPECT_EQ(ds[0].line, 2);
  EXPECT_NE(ds[0].message.find("inheritance cycle"), std::string::npos) << ds[0].message;
}

TEST(Overlays, SelfInheritanceThroughAnotherSpellingOfThePathIsACycle) {
  const std::string p = write_temp_file("ov_self/self.yaml", "inherits: ./self\n");
  const auto ds = load_errors(p);
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].key, "inherits");
  EXPECT_NE(ds[0].message.find("inheritance cycle"), std::string::npos) << ds[0].message;
}

TEST(Overlays, InheritsIsResolvedRelativeToTheIncludingFileNotTheWorkingDirectory) {
  write_temp_file("ov_rel/cfg/parent.yaml", "inherits: kepler\nalu: {latency_cycles: 21}\n");
  const std::string child = write_temp_file("ov_rel/cfg/child.yaml", "inherits: parent\n");
  const std::string decoy = write_temp_file("ov_rel/elsewhere/parent.yaml", "inherits: kepler\nalu: {latency_cycles: 99}\n");
  {
    CwdGuard cwd(fs::path(decoy).parent_path());
    EXPECT_EQ(load_hw_config(child).alu.latency_cycles, 21);
  }
  CwdGuard cwd(fs::path(child).parent_path());
  EXPECT_EQ(load_hw_config("child.yaml").alu.latency_cycles, 21) << "a file in the working directory finds its sibling";
}

TEST(Overlays, ErrorsInABaseFileNameTheBaseFileAndLine) {
  const std::string base = write_temp_file("ov_bad_base/base.yaml", "inherits: kepler\nalu:\n  latncy_cycles: 5\n");
  const std::string child = write_temp_file("ov_bad_base/child.yaml", "inherits: base\n");
  const auto ds = load_errors(child);
  const Diagnostic* d = find_diagnostic(ds, "alu.latncy_cycles", "unknown key");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->file, base);
  EXPECT_EQ(d->line, 3);
}

TEST(Overlays, ARuleAnOverlayBreaksWithItsBasesKeysNamesTheOverlaysLine) {
  // Kepler's file sets all three keys of the rule; the overlays change one, whose line is the cause.
  const std::string mid = write_temp_file("ov_rule/mid.yaml", "inherits: kepler\nalu: {latency_cycles: 10}\n\nscheduler:\n  count: 3\n");
  const std::string top = write_temp_file("ov_rule/top.yaml", "inherits: mid\n\nsm:\n  max_warps: 63\n");
  for (const auto& [path, line, key] : {std::tuple{mid, 5, "scheduler.count"}, std::tuple{top, 4, "sm.max_warps"}}) {
    const auto ds = load_errors(path);
    ASSERT_EQ(ds.size(), 1u) << path;
    EXPECT_EQ(ds[0].file, path);
    EXPECT_EQ(ds[0].line, line);
    EXPECT_EQ(ds[0].key, key);
    EXPECT_NE(ds[0].message.find("cannot hold sm.max_warps"), std::string::npos) << ds[0].message;
  }
}

TEST(Overlays, FilesInTheBaseFolderAreInheritableByNameButNotListedAsGpus) {
  // A data root of its own: base/shared.yaml (the real Kepler file plus one change) and one GPU on it.
  const std::string kepler = fs::absolute(load_hw_config("kepler").source_file).string();
  write_temp_file("ov_data/hw_configs/base/shared.yaml", "inherits: " + kepler + "\nalu: {latency_cycles: 17}\n");
  write_temp_file("ov_data/hw_configs/mine.yaml", "inherits: shared\ngpu: {name: mine}\n");
  EnvGuard env("WARPSIM_DATA_DIR", warpsim::test::temp_dir() + "/ov_data");
  const auto gpus = builtin_gpus();
  ASSERT_EQ(gpus.size(), 1u);
  EXPECT_EQ(gpus[0].name, "mine");
  const HwConfig c = load_hw_config("mine");
  EXPECT_EQ(c.alu.latency_cycles, 17);
  EXPECT_EQ(c.memory.latency_cycles, 301);
}

TEST(Overlays, ExampleGtoOverlayChangesOnlyItsNameAndPolicy) {
  const HwConfig base = load_hw_config("maxwell"), c = load_hw_config("maxwell_gto");
  EXPECT_EQ(c.scheduler.policy, SchedulerPolicy::Gto);
  EXPECT_EQ(base.scheduler.policy, SchedulerPolicy::Lrr);
  for (const auto& f : hw_schema()) {
    if (f.key == "gpu.name" || f.key == "gpu.description" || f.key == "scheduler.policy") continue;
    EXPECT_EQ(f.get(c), f.get(base)) << f.key;
  }
}

}  // namespace
}  // namespace warpsim::config
