// Cross-field rules of a HwConfig: values each valid alone but impossible together.
#pragma once

#include <optional>
#include <string>

#include "config/hw_config.h"

namespace warpsim::config {

// Throws UserError listing every broken rule, each at the line that set its key
// (HwConfig::diagnostic).
void check_cross_field_rules(const HwConfig& c);

// A config key the `servers` memory model cannot run without, and why.
struct MissingInput {
  std::string key;
  std::string why;
};

// Volkov Table 6.5's b and c, from which the `servers` model builds its servers: the first one
// missing (<= 0), if any. Checked at load for a config that names the model, and by the model
// itself for one switched to it in code (compare-memory runs every model on a config).
std::optional<MissingInput> missing_servers_input(const HwConfig& c);

}  // namespace warpsim::config
