#include "sweep/sweep_grid.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "common/text.h"
#include "common/user_error.h"
#include "common/warps_range.h"

namespace warpsim::sweep {
namespace {

UserError cli_error(const std::string& option, const std::string& message) { return UserError(Diagnostic{"<cli>", 0, 0, option, message}); }

// Each list's values in order; a value given twice would make two points with the same key.
void check_unique(const std::vector<std::string>& values, const std::string& option) {
  std::set<std::string> seen;
  for (const auto& v : values)
    if (!seen.insert(v).second) throw cli_error(option, fmt::format("'{}' given twice", v));
}

using ValueLists = std::vector<std::pair<std::string, std::vector<std::string>>>;

ValueLists parse_lists(const std::vector<std::string>& items, const std::string& option) {
  ValueLists out;
  for (const auto& item : items) {
    auto list = parse_value_list(item, option);
    for (const auto& [k, v] : out)
      if (k == list.first) throw cli_error(option, fmt::format("key '{}' given twice (list its values once: {}=a,b,c)", k, k));
    out.push_back(std::move(list));
  }
  return out;
}

// Cartesian product of value lists, the first list varying slowest: each combination is a list
// of (key, value) in the order of the lists.
std::vector<std::vector<std::pair<std::string, std::string>>> product(const ValueLists& lists) {
  std::vector<std::vector<std::pair<std::string, std::string>>> out{{}};
  for (const auto& [key, values] : lists) {
    std::vector<std::vector<std::pair<std::string, std::string>>> next;
    for (const auto& combo : out)
      for (const auto& v : values) {
        next.push_back(combo);
        next.back().emplace_back(key, v);
      }
    out = std::move(next);
  }
  return out;
}

}  // namespace

std::pair<std::string, std::vector<std::string>> parse_value_list(const std::string& item, const std::string& option) {
  const auto eq = item.find('=');
  if (eq == std::string::npos || trim(item.substr(0, eq)).empty())
    throw cli_error(option, fmt::format("'{}': expected key=value or key=v1,v2,...", item));
  std::pair<std::string, std::vector<std::string>> out{std::string(trim(item.substr(0, eq))), {}};
  for (const auto& v : split(item.substr(eq + 1), ',')) {
    const std::string value(trim(v));
    if (value.empty()) throw cli_error(option, fmt::format("'{}': empty value in the list", item));
    out.second.push_back(value);
  }
  check_unique(out.second, option + " " + out.first);
  return out;
}

std::vector<int> parse_warps_list(const std::string& spec) {
  if (trim(spec).empty()) return {0};
  std::vector<int> out;
  std::set<int> seen;
  for (const auto& item : split(spec, ',')) {
    for (int n : parse_warps_range(std::string(trim(item)), "--warps")) {
      if (!seen.insert(n).second) throw cli_error("--warps", fmt::format("'{}': {} warps/SM listed twice", spec, n));
      out.push_back(n);
    }
  }
  return out;
}

std::string point_key(const GridPoint& p) {
  std::vector<std::string> sets = p.sets;
  std::sort(sets.begin(), sets.end());
  std::vector<std::string> params;
  for (const auto& [k, v] : p.params) params.push_back(k + "=" + v);
  return fmt::format("gpu={}|set={}|workload={}|param={}|warps={}", p.gpu, join(sets, " "), p.workload, join(params, " "),
                     p.warps == 0 ? std::string("max") : std::to_string(p.warps));
}

std::vector<GridPoint> expand_grid(const GridSpec& spec) {
  if (spec.gpus.empty()) throw cli_error("--gpu", "at least one GPU is required (see `warpsim list gpus`)");
  if (spec.workloads.empty()) throw cli_error("--workload", "at least one workload is required (see `warpsim list workloads`)");
  check_unique(spec.gpus, "--gpu");
  check_unique(spec.workloads, "--workload");
  const auto set_combos = product(parse_lists(spec.sets, "--set"));
  const auto param_combos = product(parse_lists(spec.params, "--param"));
  // Occupancies no config can hold (plan_sweep notes them) make no point: a range like 1:1000000
  // would otherwise hold a point for each in memory.
  std::vector<int> warps;
  for (int n : parse_warps_list(spec.warps))
    if (n <= kMostWarpsPerSm) warps.push_back(n);
  std::vector<GridPoint> points;
  for (const auto& gpu : spec.gpus)
    for (const auto& sets : set_combos)
      for (const auto& workload : spec.workloads)
        for (const auto& params : param_combos)
          for (int n : warps) {
            GridPoint p;
            p.gpu = gpu;
            for (const auto& [k, v] : sets) p.sets.push_back(k + "=" + v);
            p.workload = workload;
            for (const auto& [k, v] : params) p.params[k] = v;
            p.warps = n;
            p.key = point_key(p);
            points.push_back(std::move(p));
          }
  return points;
}

}  // namespace warpsim::sweep
