#include "validation/evaluation/invariants.h"

#include <fmt/format.h>

#include "model/simulated_bound.h"
#include "report/result_table.h"
#include "sweep/throughput_bound_check.h"

namespace warpsim::validation {
namespace {

std::string describe(const sweep::SimulationPoint& p) {
  return fmt::format(
      "{} {} {}@ {} warps/SM{}", p.config->gpu.name, p.kernel->name,
      p.kernel->params.empty() ? "" : report::params_text(p.kernel->params) + " ", p.options.warps_per_sm,
      p.config->memory.model == config::MemoryModelKind::Fixed ? "" : fmt::format(" ({})", to_string(p.config->memory.model)));
}

void note(InvariantCheck& c, double value, bool violated, const sweep::SimulationPoint& p) {
  ++c.checked;
  c.violated += violated;
  if (c.checked == 1 || value > c.worst) c.worst = value, c.worst_run = describe(p);
}

}  // namespace

InvariantChecker::InvariantChecker()
    : checks_{{"littles_law", device::kLittlesLawRule, 0, 0, 0, ""}, {"throughput_bound", model::kBoundRule, 0, 0, 0, ""}} {}

void InvariantChecker::add(const sweep::SimulationPoint& p, const device::Result& r) {
  if (r.warps_executed == 0) return;
  note(checks_[0], r.little_law_error, !device::littles_law_holds(r), p);
  if (const auto ratio = sweep::throughput_bound_ratio(p, r)) note(checks_[1], *ratio, !sweep::within_throughput_bound(*ratio), p);
}

std::vector<std::string> violation_messages(const std::vector<InvariantCheck>& checks) {
  std::vector<std::string> out;
  for (const auto& c : checks)
    if (c.violated)
      out.push_back(fmt::format("warpsim: error: invariant {} violated by {} of {} simulations; worst {:.6g} ({}): {}", c.name, c.violated,
                                c.checked, c.worst, c.worst_run, c.rule));
  return out;
}

}  // namespace warpsim::validation
