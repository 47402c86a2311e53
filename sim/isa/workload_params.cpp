#include "isa/workload_params.h"

#include <fmt/format.h>

#include <algorithm>

#include "common/text.h"

namespace warpsim::isa {

// A comment starts at `#` or `//` outside a double-quoted string (a `.description` may hold either).
std::string strip_comment(std::string_view s) {
  bool quoted = false;
  size_t cut = 0;
  for (; cut < s.size(); ++cut) {
    if (s[cut] == '"') quoted = !quoted;
    if (!quoted && (s[cut] == '#' || s.substr(cut, 2) == "//")) break;
  }
  return std::string(trim(s.substr(0, cut)));
}

void WorkloadParams::declare(const std::vector<SourceLine>& lines) {
  for (const auto& l : lines) {
    if (!l.text.starts_with(".param")) continue;
    auto words = split_words(l.text);
    if (words.size() != 3 && words.size() != 4) {
      error(l.number, "expected `.param NAME DEFAULT [VALUE|VALUE...]`", ".param");
      continue;
    }
    if (const auto [it, fresh] = param_line_.emplace(words[1], l.number); !fresh) {
      error(l.number, fmt::format("parameter '{}' declared twice (first at line {})", words[1], it->second), ".param");
      continue;
    }
    params_[words[1]] = words[2];
    if (words.size() == 4) {
      choices_[words[1]] = split(words[3], '|');
      check_choice(words[1], words[2], file_, l.number);
    }
  }
  for (const auto& [k, v] : overrides_) {
    if (!params_.count(k)) {
      std::vector<std::string> names;
      for (const auto& [n, _] : params_) names.push_back(n);
      sink_.add(Diagnostic{
          "<--param>", 0, 0, k,
          fmt::format("workload '{}' has no parameter '{}' (parameters: {})", file_, k, names.empty() ? "none" : join(names, ", "))});
      continue;
    }
    params_[k] = v;
    check_choice(k, v, "<--param>", 0);
  }
}

// A parameter declared with its values (`.param NAME DEFAULT A|B`) takes only those: a typo in
// a value an `.if` tests would otherwise silently pick the `.else` branch.
void WorkloadParams::check_choice(const std::string& name, const std::string& value, const std::string& file, int line) {
  auto it = choices_.find(name);
  if (it == choices_.end() || std::find(it->second.begin(), it->second.end(), value) != it->second.end()) return;
  sink_.add(Diagnostic{file, line, 0, name, fmt::format("'{}' is not one of {}", value, join(it->second, ", "))});
}

std::string WorkloadParams::substitute(const SourceLine& l, std::vector<std::string>* overridden) {
  std::string out;
  const std::string& s = l.text;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '$' && i + 1 < s.size() && s[i + 1] == '{') {
      size_t close = s.find('}', i);
      if (close == std::string::npos) {
        error(l.number, "unterminated ${...}");
        return out;
      }
      std::string name = s.substr(i + 2, close - i - 2);
      auto it = params_.find(name);
      if (it == params_.end())
        error(l.number, fmt::format("unknown parameter '{}' (declare it with .param)", name), name);
      else
        out += it->second;
      if (overridden && it != params_.end() && overrides_.count(name)) overridden->push_back(name + "=" + it->second);
      i = close;
    } else {
      out += s[i];
    }
  }
  return out;
}

bool WorkloadParams::eval_condition(const std::string& expr, int line) {
  for (const char* op : {"==", "!="}) {
    if (auto p = expr.find(op); p != std::string::npos) {
      std::string name(trim(std::string_view(expr).substr(0, p)));
      std::string value(trim(std::string_view(expr).substr(p + 2)));
      auto it = params_.find(name);
      if (it == params_.end()) {
        error(line, fmt::format("unknown parameter '{}'", name), ".if");
        return false;
      }
      return (it->second == value) == (std::string(op) == "==");
    }
  }
  auto it = params_.find(expr);
  if (it == params_.end()) {
    error(line, fmt::format("unknown parameter '{}'", expr), ".if");
    return false;
  }
  return !(it->second == "0" || it->second == "false" || it->second == "no" || it->second.empty());
}

}  // namespace warpsim::isa
