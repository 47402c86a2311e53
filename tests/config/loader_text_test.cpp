// A config's text in memory loads as its file does (load_hw_config_text, the entry point of the
// config fuzz target): same fields, same provenance, `inherits:` looked up beside the named path.
#include <gtest/gtest.h>

#include <string>

#include "common/data_paths.h"
#include "config/config_test_util.h"
#include "config/loader.h"
#include "support/test_support.h"

namespace warpsim::config {
namespace {

std::vector<Diagnostic> text_errors(const std::string& text, const std::string& path, const std::vector<std::string>& sets = {}) {
  try {
    load_hw_config_text(text, path, sets);
  } catch (const UserError& e) {
    return e.diagnostics();
  }
  return {};
}

}  // namespace

TEST(ConfigLoaderText, TextGivesEveryFieldAndKeyLineItsFileGives) {
  const std::string path = (data_dir("hw_configs") / "kepler.yaml").string();
  const std::vector<std::string> sets{"scheduler.policy=gto"};
  const HwConfig from_file = load_hw_config(path, sets);
  const HwConfig from_text = load_hw_config_text(warpsim::test::slurp(path), path, sets);
  EXPECT_EQ(test::config_yaml(from_text), test::config_yaml(from_file));
  EXPECT_EQ(from_text.source_file, path);
  EXPECT_EQ(from_text.key_sources->at("sm.registers").to_string(), from_file.key_sources->at("sm.registers").to_string());
  EXPECT_EQ(from_text.key_sources->at("scheduler.policy").file, "<--set>");
}

TEST(ConfigLoaderText, RelativeInheritsIsLookedUpInTheNamedPathsFolder) {
  // As if the text were hw_configs/toy/overlay.yaml: `fig4_7` is the file beside it.
  const std::string path = (data_dir("hw_configs") / "toy" / "overlay.yaml").string();
  const HwConfig c = load_hw_config_text("inherits: fig4_7\ngpu:\n  name: toy_overlay\n", path);
  EXPECT_EQ(c.gpu.name, "toy_overlay");
  EXPECT_EQ(test::config_yaml(c, {"gpu.name"}), test::config_yaml(load_hw_config("toy"), {"gpu.name"}));
}

TEST(ConfigLoaderText, ErrorsNameTheGivenPathLineAndKey) {
  const auto errors = text_errors("inherits: kepler\nsm:\n  registers: lots\n", "my_gpu.yaml");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].file, "my_gpu.yaml");
  EXPECT_EQ(errors[0].line, 3);
  EXPECT_EQ(errors[0].column, 14);  // the value's column
  EXPECT_EQ(errors[0].key, "sm.registers");
  const auto syntax = text_errors("sm: [\n", "my_gpu.yaml");
  ASSERT_EQ(syntax.size(), 1u);
  EXPECT_EQ(syntax[0].file, "my_gpu.yaml");
  EXPECT_NE(syntax[0].message.find("YAML syntax error"), std::string::npos) << syntax[0].to_string();
}

}  // namespace warpsim::config
