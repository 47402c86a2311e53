// Cross-field rules of a HwConfig: values each valid alone but impossible together.
#pragma once

#include "config/hw_config.h"

namespace warpsim::config {

// Throws UserError listing every broken rule, each at the line that set its key
// (HwConfig::diagnostic).
void check_cross_field_rules(const HwConfig& c);

}  // namespace warpsim::config
