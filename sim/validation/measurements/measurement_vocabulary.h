// The words of the measurement CSV contract (validation/measurements/README.md): the columns, the
// quantities and the units each quantity may take. The loader, the README and `warpsim list
// measurements` all read this one table, so the contract cannot drift between them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace warpsim::validation {

// The header every measurement file must carry, in this order.
const std::vector<std::string>& measurement_columns();

struct QuantityInfo {
  std::string name;
  std::vector<std::string> units;  // the units a value of this quantity may be given in
  std::string description;
  bool may_be_negative = false;  // only an error; every other quantity is a count, a rate or a time
};

const std::vector<QuantityInfo>& measurement_quantities();
const QuantityInfo* find_quantity(std::string_view name);  // nullptr if unknown

// The measurement-condition keys of the params column (README "Parameter keys"); every other key
// of a row must be a parameter of its workload.
const std::vector<std::string>& measurement_condition_keys();

}  // namespace warpsim::validation
