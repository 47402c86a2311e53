// Reading the validation case files: typed access to YAML nodes that reports every problem as
// file:line:column: key: message (yaml-cpp marks), rejects unknown keys with a suggestion, and
// resolves the two conveniences of the case format (docs/validation.md): "{gpu}" in strings, and a
// map of GPU name -> value wherever a single value is expected.
#pragma once

#include <yaml-cpp/yaml.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/user_error.h"
#include "config/yaml_file.h"
#include "validation/cases/case_spec.h"

namespace warpsim::validation {

class YamlReader {
 public:
  // `gpu_configs`: GPU name -> config file, for GPUs given as files (case_loader.h).
  YamlReader(std::string file, DiagnosticSink& sink, const std::map<std::string, std::string>& gpu_configs = {})
      : file_(std::move(file)), sink_(sink), gpu_configs_(gpu_configs) {}

  const std::string& file() const { return file_; }
  void set_gpu(std::string gpu) { gpu_ = std::move(gpu); }
  const std::string& gpu() const { return gpu_; }
  // What loads the current GPU's config: its file when given as one, else its name.
  const std::string& gpu_config() const {
    const auto it = gpu_configs_.find(gpu_);
    return it != gpu_configs_.end() ? it->second : gpu_;
  }

  void error(const YAML::Node& at, const std::string& key, std::string message);
  void add(Diagnostic d) { sink_.add(std::move(d)); }  // a problem found in another file
  // True the first time `what` is asked in this file: checks shared by many cases run once.
  bool first_time(const std::string& what) { return checked_.insert(what).second; }
  int line_of(const YAML::Node& n) const { return n.Mark().line >= 0 ? n.Mark().line + 1 : 0; }

  // True if `node` is a map whose keys are all in `allowed`; every other key is reported.
  bool check_map(const YAML::Node& node, const std::string& key, const std::vector<std::string>& allowed);
  // The list under `key` of a file that is a map holding only it (findings, failure reasons,
  // measured inputs); otherwise throws, with what was reported so far, naming the file's line.
  YAML::Node top_level_list(const YAML::Node& doc, const std::string& key);

  // A scalar, with "{gpu}" replaced; a per-GPU map yields the current GPU's entry.
  std::optional<std::string> text(const YAML::Node& node, const std::string& key);
  std::optional<double> number(const YAML::Node& node, const std::string& key);
  std::optional<int> integer(const YAML::Node& node, const std::string& key, int lo, int hi);
  // A scalar or a list of scalars.
  std::vector<std::string> text_list(const YAML::Node& node, const std::string& key);
  // A map of workload parameter names to scalar values.
  ParamSet params(const YAML::Node& node, const std::string& key);

  // `node`, or its entry for the current GPU when it is a map of GPU -> value (undefined if missing).
  YAML::Node resolve(const YAML::Node& node, const std::string& key) { return per_gpu(node, key); }

 private:
  YAML::Node per_gpu(const YAML::Node& node, const std::string& key);

  std::string file_;
  DiagnosticSink& sink_;
  std::string gpu_;
  std::map<std::string, std::string> gpu_configs_;
  std::set<std::string> checked_;
};

using config::load_yaml_file;  // config/yaml_file.h

}  // namespace warpsim::validation
