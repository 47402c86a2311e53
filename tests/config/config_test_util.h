// Helpers shared by the config tests: load a config and return the diagnostics it is rejected with.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "common/user_error.h"
#include "config/loader.h"
#include "config/schema.h"

namespace warpsim::config::test {

// The diagnostics of the UserError thrown while loading; empty if the config loads.
inline std::vector<Diagnostic> load_errors(const std::string& name_or_path, const std::vector<std::string>& sets = {}) {
  try {
    load_hw_config(name_or_path, sets);
  } catch (const UserError& e) {
    return e.diagnostics();
  }
  return {};
}

// The first diagnostic for `key` whose message contains `text`, or nullptr.
inline const Diagnostic* find_diagnostic(const std::vector<Diagnostic>& ds, const std::string& key, const std::string& text = "") {
  for (const auto& d : ds)
    if (d.key == key && d.message.find(text) != std::string::npos) return &d;
  return nullptr;
}

// `c` written back as a nested YAML file of every schema field except those in `skip`.
// (The schema lists each section's keys together, so each section header is written once.)
inline std::string config_yaml(const HwConfig& c, const std::vector<std::string>& skip = {}) {
  std::string out;
  std::vector<std::string> open;  // sections of the previous key
  for (const auto& f : hw_schema()) {
    if (std::find(skip.begin(), skip.end(), f.key) != skip.end()) continue;
    std::vector<std::string> parts;
    for (size_t start = 0, dot = 0; dot != std::string::npos; start = dot + 1)
      parts.push_back(f.key.substr(start, (dot = f.key.find('.', start)) - start));
    const std::string leaf = parts.back();
    parts.pop_back();
    size_t same = 0;
    while (same < open.size() && same < parts.size() && open[same] == parts[same]) ++same;
    for (size_t i = same; i < parts.size(); ++i) out += std::string(2 * i, ' ') + parts[i] + ":\n";
    std::string value;
    for (char ch : f.get(c)) value += (ch == '"' || ch == '\\') ? std::string("\\") + ch : std::string(1, ch);
    out += std::string(2 * parts.size(), ' ') + leaf + ": \"" + value + "\"\n";
    open = parts;
  }
  return out;
}

}  // namespace warpsim::config::test
