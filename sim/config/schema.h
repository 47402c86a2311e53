// The HwConfig schema: one table of fields, each with its YAML key, type, unit, description,
// range and whether it is required, generated from the section structs' field lists
// (config/field_list.h). Binding, unknown-key detection, `--set` and `warpsim list params` all read
// this one table.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "config/hw_config.h"

namespace warpsim::config {

enum class FieldType { Int, Double, Bool, String, Choice };

// A scalar read from YAML or from `--set`, before it is checked against a field.
struct ScalarValue {
  std::string text;
};

struct FieldSpec {
  std::string key;  // dotted key, e.g. "scheduler.count"
  FieldType type = FieldType::Int;
  std::string unit;         // e.g. "cycles", "GB/s", "" for counts
  std::string description;  // meaning, one line
  bool required = false;
  double min = 0;  // numeric range, inclusive
  double max = 0;
  std::vector<std::string> choices;  // for FieldType::Choice
  // Parse+check text, store into the config. Returns an error message, or "" on success.
  std::function<std::string(HwConfig&, const std::string&)> set;
  std::function<std::string(const HwConfig&)> get;  // current value as text
};

// Every field of HwConfig, in a stable order.
const std::vector<FieldSpec>& hw_schema();

const FieldSpec* find_field(const std::string& key);
// True if `key` is a section (a prefix of some field key), e.g. "scheduler".
bool is_section(const std::string& key);
// Closest known key by edit distance, for "did you mean" hints; "" if none is close.
std::string suggest_key(const std::string& key);

std::string expected_text(const FieldSpec& f);  // "integer in [1, 64]", "one of: gto, lrr", ...

}  // namespace warpsim::config
