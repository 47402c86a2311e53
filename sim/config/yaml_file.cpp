#include "config/yaml_file.h"

#include "common/user_error.h"

namespace warpsim::config {

YAML::Node load_yaml_file(const std::string& path) {
  try {
    return YAML::LoadFile(path);
  } catch (const YAML::BadFile&) {
    throw UserError(Diagnostic{path, 0, 0, "", "cannot open file"});
  } catch (const YAML::ParserException& e) {
    throw UserError(Diagnostic{path, e.mark.line + 1, e.mark.column + 1, "", "YAML syntax error: " + e.msg});
  }
}

}  // namespace warpsim::config
