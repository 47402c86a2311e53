// A name the file system cannot look up (longer than NAME_MAX) is an unknown name reported with
// its file and line, not an uncaught std::filesystem::filesystem_error (a config_loader_fuzz
// finding: `inherits: maxwell` followed by 300 stray bytes).
#include <gtest/gtest.h>

#include <string>

#include "common/data_paths.h"
#include "common/user_error.h"
#include "config/loader.h"
#include "isa/workloads.h"

namespace warpsim {
namespace {

TEST(UnresolvableNames, AnInheritedNameLongerThanAFileNameIsAUserError) {
  const std::string path = (data_dir("hw_configs") / "long.yaml").string();
  const std::string name = "maxwell" + std::string(5000, 'x');
  try {
    (void)config::load_hw_config_text("inherits: " + name + "\n", path);
    FAIL() << "no error";
  } catch (const UserError& e) {
    ASSERT_FALSE(e.diagnostics().empty());
    EXPECT_EQ(e.diagnostics().front().line, 1) << e.what();
  }
}

TEST(UnresolvableNames, AGpuOrWorkloadNameLongerThanAFileNameIsAUserError) {
  const std::string name(5000, 'y');
  EXPECT_FALSE(config::hw_config_exists(name));
  EXPECT_THROW((void)config::load_hw_config(name), UserError);
  EXPECT_THROW((void)isa::load_workload(name), UserError);
}

}  // namespace
}  // namespace warpsim
