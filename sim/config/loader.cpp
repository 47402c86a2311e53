#include "config/loader.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "common/data_paths.h"
#include "common/file_probe.h"
#include "common/text.h"
#include "common/user_error.h"
#include "config/pins.h"
#include "config/schema.h"
#include "config/validate.h"
#include "config/yaml_file.h"

namespace fs = std::filesystem;

namespace warpsim::config {
namespace {

// A setter's complaint with what the field takes, unless it says so already.
std::string with_expected(const std::string& err, const FieldSpec& f) {
  const std::string expected = expected_text(f);
  return err.find(expected) != std::string::npos ? err : fmt::format("{} (expected {})", err, expected);
}

Diagnostic at(const std::string& file, const YAML::Mark& m, std::string key, std::string msg) {
  return Diagnostic{file, m.line >= 0 ? m.line + 1 : 0, m.column >= 0 ? m.column + 1 : 0, std::move(key), std::move(msg)};
}

class Binder {
 public:
  Binder(HwConfig& cfg, Provenance& prov, DiagnosticSink& sink) : cfg_(cfg), prov_(prov), sink_(sink) {}

  void bind_map(const YAML::Node& node, const std::string& prefix, const std::string& file) {
    for (const auto& kv : node) {
      if (!kv.first.IsScalar()) {
        sink_.add(at(file, kv.first.Mark(), prefix, "expected a key name, found a list, map or nothing"));
        continue;
      }
      const std::string k = kv.first.Scalar();
      if (prefix.empty() && k == "inherits") continue;
      const std::string path = prefix.empty() ? k : prefix + "." + k;
      if (const FieldSpec* f = find_field(path)) {
        bind_scalar(*f, kv.second, file);
      } else if (is_section(path)) {
        if (!kv.second.IsMap()) {
          sink_.add(at(file, kv.second.Mark(), path, "expected a section (a map of keys)"));
          continue;
        }
        sections_[path] = at(file, kv.first.Mark(), path, "");
        bind_map(kv.second, path, file);
      } else {
        std::string hint = suggest_key(path);
        sink_.add(at(file, kv.first.Mark(), path, hint.empty() ? "unknown key" : fmt::format("unknown key (did you mean '{}'?)", hint)));
      }
    }
  }

  void bind_scalar(const FieldSpec& f, const YAML::Node& v, const std::string& file) {
    if (!v.IsScalar()) {
      sink_.add(
          at(file, v.Mark(), f.key, fmt::format("expected {}, found {}", expected_text(f), v.IsNull() ? "nothing" : "a list or map")));
      return;
    }
    // One field given twice in a file under two spellings (`memory.peak_gbps` beside `memory:` /
    // `peak_gbps`); a key repeated as written is refused when the file is read (yaml_file.cpp).
    if (auto it = prov_.find(f.key); it != prov_.end() && it->second.file == file) {
      sink_.add(at(file, v.Mark(), f.key, fmt::format("duplicate key (first given at line {})", it->second.line)));
      return;
    }
    if (std::string err = f.set(cfg_, v.Scalar()); !err.empty()) {
      sink_.add(at(file, v.Mark(), f.key, with_expected(err, f)));
      return;
    }
    prov_[f.key] = Diagnostic{file, v.Mark().line + 1, v.Mark().column + 1, f.key, ""};
  }

  // Where a missing field `key` should have been: the line of its innermost section that is
  // present (of the last file that gave it), else line 1 of `file`.
  Diagnostic missing_at(const std::string& key, const std::string& file) const {
    for (std::string sec = key; sec.find('.') != std::string::npos;) {
      sec.resize(sec.rfind('.'));
      if (auto it = sections_.find(sec); it != sections_.end())
        return Diagnostic{it->second.file, it->second.line, it->second.column, key, ""};
    }
    return Diagnostic{file, 1, 1, key, ""};
  }

 private:
  std::map<std::string, Diagnostic> sections_;  // section path -> where its key was last given
  HwConfig& cfg_;
  Provenance& prov_;
  DiagnosticSink& sink_;
};

// `--gpu` (including_dir empty): an existing file, else a built-in name.
// `inherits:` (including_dir = the including file's folder): a file relative to that folder, with
// or without ".yaml", else a built-in name, else hw_configs/base/<name>.yaml. Never the working
// directory: an overlay must mean the same thing wherever warpsim runs.
std::string resolve_path(const std::string& name_or_path, const std::optional<fs::path>& including_dir) {
  if (!including_dir) {
    if (regular_file_exists(name_or_path)) return name_or_path;
  } else {
    const fs::path rel = *including_dir / name_or_path;  // an absolute name replaces the folder
    if (regular_file_exists(rel)) return rel.string();
    if (regular_file_exists(rel.string() + ".yaml")) return rel.string() + ".yaml";
  }
  // Built-in names: a file named after the GPU is the usual case; otherwise read each file's name.
  const fs::path dir = data_dir("hw_configs");
  if (regular_file_exists(dir / (name_or_path + ".yaml"))) return (dir / (name_or_path + ".yaml")).string();
  for (const auto& g : builtin_gpus())
    if (g.name == name_or_path) return g.path;
  // A built-in name in other case (`--gpu Kepler`, `H100_SXM`): the names are lower case.
  for (const auto& g : builtin_gpus())
    if (g.name == to_lower(name_or_path)) return g.path;
  fs::path base = data_dir("hw_configs") / "base" / (name_or_path + ".yaml");
  if (regular_file_exists(base)) return base.string();
  return "";
}

// The identity of a file for cycle detection: "a.yaml", "./a.yaml" and "dir/../a.yaml" are one file.
std::string file_identity(const std::string& path) {
  std::error_code ec;
  fs::path canonical = fs::weakly_canonical(path, ec);
  return ec ? path : canonical.string();
}

// Binds `root` (the file `path`) over its inherits chain, base first. `chain` (the files above
// `path`) detects cycles.
void load_layers(const std::string& path, const YAML::Node& root, std::vector<std::string>& chain, Binder& binder, DiagnosticSink& sink) {
  chain.push_back(path);
  if (!root.IsMap()) throw UserError(Diagnostic{path, 1, 1, "", "expected a YAML map of config keys"});
  if (const YAML::Node base = root["inherits"]) {
    if (!base.IsScalar()) throw UserError(at(path, base.Mark(), "inherits", "expected the name or path of a base config"));
    std::string base_path = resolve_path(base.Scalar(), fs::path(path).parent_path());
    if (base_path.empty()) throw UserError(at(path, base.Mark(), "inherits", fmt::format("no config named '{}'", base.Scalar())));
    const std::string id = file_identity(base_path);
    if (std::any_of(chain.begin(), chain.end(), [&](const std::string& p) { return file_identity(p) == id; }))
      throw UserError(at(path, base.Mark(), "inherits", "inheritance cycle: " + join(chain, " -> ") + " -> " + base_path));
    load_layers(base_path, load_yaml_file(base_path), chain, binder, sink);
  }
  binder.bind_map(root, "", path);
}

void apply_set(const std::string& assignment, HwConfig& cfg, Provenance& prov, DiagnosticSink& sink) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos) {
    sink.add(Diagnostic{"<--set>", 0, 0, assignment, "expected key=value"});
    return;
  }
  const std::string key(trim(std::string_view(assignment).substr(0, eq)));
  const std::string value(trim(std::string_view(assignment).substr(eq + 1)));
  const FieldSpec* f = find_field(key);
  if (!f) {
    std::string hint = suggest_key(key);
    sink.add(Diagnostic{"<--set>", 0, 0, key, hint.empty() ? "unknown key" : fmt::format("unknown key (did you mean '{}'?)", hint)});
    return;
  }
  if (std::string err = f->set(cfg, value); !err.empty()) {
    sink.add(Diagnostic{"<--set>", 0, 0, key, with_expected(err, *f)});
    return;
  }
  prov[key] = Diagnostic{"<--set>", 0, 0, key, ""};
}

// The config of `root`, the file `path`: its inherits chain, then `sets`, then the rules.
HwConfig load_root(const std::string& path, const YAML::Node& root, const std::vector<std::string>& sets) {
  HwConfig cfg;
  Provenance prov;
  DiagnosticSink sink;
  Binder binder(cfg, prov, sink);
  std::vector<std::string> chain;
  load_layers(path, root, chain, binder, sink);
  // As the files' width and clock give it; 0 when they give neither (the pins a --set then
  // supplies are the config's own, not a what-if on measured ones: nothing is scaled).
  const bool files_give_pins = prov.count("memory.bus_width_bits") && prov.count("memory.memory_clock_mhz");
  const double file_pins = files_give_pins ? pins_gbps(cfg.memory) : 0.0;
  for (const auto& s : sets) apply_set(s, cfg, prov, sink);
  sink.throw_if_any();
  follow_pins(cfg, prov, file_pins);
  for (const auto& f : hw_schema())
    if (f.required && !prov.count(f.key)) {
      Diagnostic d = binder.missing_at(f.key, path);
      d.message = fmt::format("missing required field (expected {}{})", expected_text(f), f.unit.empty() ? "" : ", in " + f.unit);
      sink.add(std::move(d));
    }
  sink.throw_if_any();
  cfg.source_file = path;
  cfg.key_sources = std::make_shared<const Provenance>(std::move(prov));
  cfg.layer_files = std::make_shared<const std::vector<std::string>>(std::move(chain));
  check_cross_field_rules(cfg);
  return cfg;
}

}  // namespace

std::vector<BuiltinGpu> builtin_gpus() {
  std::vector<BuiltinGpu> out;
  const fs::path dir = data_dir("hw_configs");
  if (!fs::is_directory(dir)) return out;
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (!e.is_regular_file() || e.path().extension() != ".yaml") continue;
    if (fs::relative(e.path(), dir).begin()->string() == "base") continue;
    files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& p : files) {
    try {
      YAML::Node root = YAML::LoadFile(p.string());
      BuiltinGpu g{p.stem().string(), "", p.string()};
      if (root["gpu"] && root["gpu"]["name"]) g.name = root["gpu"]["name"].as<std::string>();
      if (root["gpu"] && root["gpu"]["description"]) g.description = root["gpu"]["description"].as<std::string>();
      out.push_back(std::move(g));
    } catch (const YAML::Exception&) {
      out.push_back(BuiltinGpu{p.stem().string(), "(unreadable: run `warpsim run --gpu` on it for details)", p.string()});
    }
  }
  // By name, not by path (a config in a subfolder sorted first).
  std::stable_sort(out.begin(), out.end(), [](const BuiltinGpu& a, const BuiltinGpu& b) { return a.name < b.name; });
  return out;
}

bool hw_config_exists(const std::string& name_or_path) { return !resolve_path(name_or_path, std::nullopt).empty(); }

HwConfig load_hw_config(const std::string& name_or_path, const std::vector<std::string>& sets) {
  const std::string path = resolve_path(name_or_path, std::nullopt);
  if (path.empty()) {
    std::error_code ec;
    if (fs::is_directory(name_or_path, ec))
      throw UserError(
          Diagnostic{"<cli>", 0, 0, "--gpu", fmt::format("'{}' is a directory; give a GPU name or a config file", name_or_path)});
    if (fs::exists(name_or_path, ec))  // a pipe or a device: a config may be read more than once in a run
      throw UserError(
          Diagnostic{"<cli>", 0, 0, "--gpu",
                     fmt::format("'{}' is not a regular file (a pipe or a device); give a GPU name or a config file", name_or_path)});
    std::vector<std::string> names;
    for (const auto& g : builtin_gpus()) names.push_back(g.name);
    // --param and --set take lists with commas; --gpu is repeated instead (one file path each).
    const std::string several = name_or_path.find(',') != std::string::npos ? "; for several GPUs, repeat --gpu" : "";
    const std::string hint = closest_match(to_lower(name_or_path), names);
    throw UserError(Diagnostic{"<cli>", 0, 0, "--gpu",
                               fmt::format("no GPU config named '{}' and no such file{} (built-in: {}){}", name_or_path,
                                           hint.empty() ? "" : fmt::format("; did you mean '{}'?", hint), join(names, ", "), several)});
  }
  return load_root(path, load_yaml_file(path), sets);
}

HwConfig load_hw_config_text(const std::string& text, const std::string& path, const std::vector<std::string>& sets) {
  return load_root(path, load_yaml_text(text, path), sets);
}

void validate(const HwConfig& c) { check_cross_field_rules(c); }

}  // namespace warpsim::config
