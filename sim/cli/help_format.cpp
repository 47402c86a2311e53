#include "cli/help_format.h"

#include <map>
#include <vector>

#include "common/text.h"

namespace warpsim::cli {
namespace {

// What a text option takes, by its long name; other text options take a VALUE.
std::string text_metavar(const std::string& name) {
  static const std::map<std::string, std::string> kNames = {
      {"gpu", "GPU|FILE"},
      {"workload", "WORKLOAD|FILE"},
      {"set", "KEY=VALUE"},
      {"param", "KEY=VALUE"},
      {"warps", "N|A:B|A:B:STEP"},
      {"out", "FILE"},
      {"out-dir", "DIR"},
      {"warp-log", "FILE"},
      {"occupancy-log", "FILE"},
      {"issue-log", "FILE"},
      {"latency-histogram", "FILE"},
      {"measurements", "FILE"},
      {"cases", "FILE|DIR"},
      {"case", "PATTERN"},
      {"models", "LIST"},
      {"memory-models", "LIST"},
      {"graph", "FILE"},
      {"points-out", "FILE"},
      {"model", "NAME"},
      {"quantity", "NAME"},
      {"pattern", "PATTERN"},
      {"array", "SIZE"},
      {"function", "NAME"},
      {"arch", "sm_XX"},
      {"trip-count", "N"},
      {"patterns", "FILE"},
      {"kind", "KIND"},
      {"x", "COLUMN"},
      {"y", "COLUMN[,COLUMN]"},
      {"group", "COLUMN"},
      {"csv", "CSV"},
  };
  const auto it = kNames.find(name);
  return it == kNames.end() ? "VALUE" : it->second;
}

// CLI11's "INT in [1 - 4096]" as "in [1, 4096]"; other validator texts as they are.
std::string validator_text(const std::string& base, const std::string& text) {
  const std::string prefix = base + " in [";
  if (text.rfind(prefix, 0) != 0) return text;
  std::string range = text.substr(prefix.size() - 1);
  if (const size_t dash = range.find(" - "); dash != std::string::npos) range.replace(dash, 3, ", ");
  return "in " + range;
}

}  // namespace

std::string option_value_text(const CLI::Option& opt) {
  if (opt.get_type_size() == 0) return "";  // a flag
  // get_type_name() is the type, then each validator's description: "INT:INT in [1 - 4096]".
  std::vector<std::string> parts = split(opt.get_type_name(), ':');
  const std::string base = parts.empty() ? "" : parts.front();
  std::string metavar = base == "INT" || base == "UINT" ? "N"
                        : base == "FLOAT"               ? "X"
                        : base == "TEXT"                ? text_metavar(opt.get_single_name())
                                                        : base;
  std::string out;
  for (size_t i = 1; i < parts.size(); ++i) {
    if (parts[i] == base) continue;  // a validator named only by the type (kSeedValidator)
    if (!parts[i].empty() && parts[i].front() == '{')
      metavar = parts[i];  // the choices say it all
    else
      out += " " + validator_text(base, parts[i]);
  }
  out = " " + metavar + out;
  if (!opt.get_default_str().empty()) out += "=" + opt.get_default_str();
  if (opt.get_expected_max() == CLI::detail::expected_max_vector_size) out += " ...";
  if (opt.get_required()) out += " REQUIRED";
  return out;
}

std::string HelpFormatter::make_option_opts(const CLI::Option* opt) const {
  std::string out = option_value_text(*opt);
  if (!opt->get_needs().empty()) {
    out += " Needs:";
    for (const CLI::Option* o : opt->get_needs()) out += " " + o->get_name();
  }
  if (!opt->get_excludes().empty()) {
    out += " Excludes:";
    for (const CLI::Option* o : opt->get_excludes()) out += " " + o->get_name();
  }
  return out;
}

}  // namespace warpsim::cli
