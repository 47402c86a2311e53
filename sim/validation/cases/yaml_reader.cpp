#include "validation/cases/yaml_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "common/text.h"
#include "config/loader.h"

namespace warpsim::validation {

void YamlReader::error(const YAML::Node& at, const std::string& key, std::string message) {
  const YAML::Mark m = at.IsDefined() ? at.Mark() : YAML::Mark::null_mark();  // a missing key: no position
  sink_.add(Diagnostic{file_, m.line >= 0 ? m.line + 1 : 0, m.column >= 0 ? m.column + 1 : 0, key, std::move(message)});
}

YAML::Node YamlReader::top_level_list(const YAML::Node& doc, const std::string& key) {
  if (doc.IsNull() || !check_map(doc, "", {key}) || !doc[key] || !doc[key].IsSequence()) {
    sink_.add(Diagnostic{file_, doc.IsNull() ? 1 : line_of(doc), 1, key, "expected a map with `" + key + ":`, a list"});
    sink_.throw_if_any();
  }
  return doc[key];
}

bool YamlReader::check_map(const YAML::Node& node, const std::string& key, const std::vector<std::string>& allowed) {
  if (!node.IsMap()) {
    error(node, key, "expected a map of keys");
    return false;
  }
  bool ok = true;
  for (const auto& kv : node) {
    const std::string k = kv.first.IsScalar() ? kv.first.Scalar() : "";
    if (std::find(allowed.begin(), allowed.end(), k) != allowed.end()) continue;
    const std::string path = key.empty() ? k : key + "." + k;
    const std::string hint = closest_match(k, allowed);
    error(
        kv.first, path,
        hint.empty() ? fmt::format("unknown key (valid: {})", join(allowed, ", ")) : fmt::format("unknown key (did you mean '{}'?)", hint));
    ok = false;
  }
  return ok;
}

YAML::Node YamlReader::per_gpu(const YAML::Node& node, const std::string& key) {
  if (!node.IsMap()) return node;
  if (gpu_.empty()) {
    error(node, key, "a map of GPU -> value needs the case to name its GPU (gpu: or gpus:)");
    return YAML::Node();
  }
  // Every key must be a GPU: a misspelt one (`keplr:`) would otherwise be ignored.
  for (const auto& kv : node) {
    const std::string name = kv.first.IsScalar() ? kv.first.Scalar() : "";
    if (gpu_configs_.count(name) || config::hw_config_exists(name)) continue;
    if (!first_time("per_gpu_key|" + std::to_string(kv.first.Mark().line) + "|" + std::to_string(kv.first.Mark().column))) continue;
    error(kv.first, key + "." + name, "not a GPU (see `warpsim list gpus`; a GPU given as a file is known by its gpu.name)");
  }
  const YAML::Node v = node[gpu_];
  if (!v) error(node, key, fmt::format("no value for GPU '{}' in this per-GPU map", gpu_));
  return v;
}

std::optional<std::string> YamlReader::text(const YAML::Node& node, const std::string& key) {
  const YAML::Node n = per_gpu(node, key);
  if (!n) return std::nullopt;
  if (!n.IsScalar()) {
    error(n, key, "expected a single value, found a list or nothing");
    return std::nullopt;
  }
  std::string s = n.Scalar();
  for (size_t at = s.find("{gpu}"); at != std::string::npos; at = s.find("{gpu}", at + gpu_.size())) s.replace(at, 5, gpu_);
  return s;
}

std::optional<double> YamlReader::number(const YAML::Node& node, const std::string& key) {
  auto s = text(node, key);
  if (!s) return std::nullopt;
  auto v = parse_double(*s);
  if (!v || !std::isfinite(*v)) {
    error(node, key, fmt::format("expected a number, found '{}'", *s));
    return std::nullopt;
  }
  return v;
}

std::optional<int> YamlReader::integer(const YAML::Node& node, const std::string& key, int lo, int hi) {
  auto s = text(node, key);
  if (!s) return std::nullopt;
  auto v = parse_int(*s);
  if (!v || *v < lo || *v > hi) {
    error(node, key, fmt::format("expected an integer in [{}, {}], found '{}'", lo, hi, *s));
    return std::nullopt;
  }
  return static_cast<int>(*v);
}

std::vector<std::string> YamlReader::text_list(const YAML::Node& given, const std::string& key) {
  std::vector<std::string> out;
  const YAML::Node node = per_gpu(given, key);
  if (!node) return out;
  if (node.IsSequence()) {
    for (const auto& item : node)
      if (auto s = text(item, key)) out.push_back(*s);
  } else if (auto s = text(node, key)) {
    out.push_back(*s);
  }
  return out;
}

ParamSet YamlReader::params(const YAML::Node& node, const std::string& key) {
  ParamSet out;
  if (!node.IsMap()) {
    error(node, key, "expected a map of parameter names to values, e.g. {op: add}");
    return out;
  }
  for (const auto& kv : node) {
    const std::string name = kv.first.IsScalar() ? kv.first.Scalar() : "";
    if (auto v = text(kv.second, key + "." + name)) out[name] = *v;
  }
  return out;
}

}  // namespace warpsim::validation
