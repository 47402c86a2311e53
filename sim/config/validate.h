// Cross-field rules of a HwConfig: values each valid alone but impossible together.
#pragma once

#include <map>
#include <string>

#include "common/user_error.h"
#include "config/hw_config.h"

namespace warpsim::config {

// Where each key was last set (file, line, column), for error messages.
using Provenance = std::map<std::string, Diagnostic>;

// Throws UserError listing every broken rule; `file` names the config when a key has no provenance.
void check_cross_field_rules(const HwConfig& c, const Provenance& prov, const std::string& file);

}  // namespace warpsim::config
