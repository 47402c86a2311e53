#include "validation/evaluation/invariants.h"

#include <fmt/format.h>

#include <algorithm>

#include "model/kernel_profile.h"
#include "model/throughput_bound.h"
#include "report/result_table.h"

namespace warpsim::validation {
namespace {

std::string describe(const sweep::SimulationPoint& p) {
  return fmt::format("{} {} {}@ {} warps/SM{}", p.config->gpu.name, p.kernel->name,
                     p.kernel->params.empty() ? "" : report::params_text(p.kernel->params) + " ", p.options.warps_per_sm,
                     p.config->memory.model == config::MemoryModelKind::Fixed ? "" : fmt::format(" ({})", to_string(p.config->memory.model)));
}

void note(InvariantCheck& c, double value, bool violated, const sweep::SimulationPoint& p) {
  ++c.checked;
  c.violated += violated;
  if (c.checked == 1 || value > c.worst) c.worst = value, c.worst_run = describe(p);
}

}  // namespace

double instruction_throughput_bound(const config::HwConfig& cfg, const isa::Kernel& k) {
  config::HwConfig c = cfg;
  // `fixed` and `servers` pass every byte through Table 6.4's peak; the DRAM models move it at the pins.
  const bool peak_capped = c.memory.model == config::MemoryModelKind::Fixed || c.memory.model == config::MemoryModelKind::Servers;
  if (!peak_capped) c.memory.peak_gbps = c.memory.pin_bandwidth_gbps;
  // Behind caches the bytes a warp moves need not reach the memory: its row is the fastest level
  // that can serve them, the L2 slices' ports, and none where an L1 serves global loads (its port
  // is not modelled; the LSU's rows still bound it).
  if (c.memory.l1.bytes > 0) c.memory.peak_gbps = 1e12;
  else if (c.memory.l2.slices > 0 && c.memory.l2_bytes > 0)
    c.memory.peak_gbps = std::max(c.memory.peak_gbps, c.memory.l2.slices * c.memory.l2.bytes_per_cycle * c.device.core_clock_ghz);
  model::KernelProfile p = model::profile_kernel(c, k);
  // warpsim's schedulers spend no issue slot on a reissue: a bank-conflict pass occupies the
  // shared-memory banks (their row), a diverging access's extra transactions leave the LSU at
  // Table 6.7 spacing. Volkov's Reissue row is a cost of the real GPUs, not of this machine.
  p.reissues = 0;
  return p.instructions * model::throughput_worksheet(c, k, p).warp_throughput();
}

InvariantChecker::InvariantChecker(bool with_bound)
    : with_bound_(with_bound),
      checks_{{"littles_law", device::kLittlesLawRule, 0, 0, 0, ""},
              {"throughput_bound", fmt::format("simulated warp IPC per SM / the throughput bound of Volkov's worksheet (§3.6) <= 1 + {:g}", kBoundSlack), 0, 0, 0, ""}} {
  if (!with_bound_) checks_.pop_back();
}

void InvariantChecker::add(const sweep::SimulationPoint& p, const device::Result& r) {
  if (r.warps_executed == 0) return;
  note(checks_[0], r.little_law_error, !device::littles_law_holds(r), p);
  // A run stopped once steady (device/steady_state.h) estimates its throughput from windows
  // between block refills, with a confidence interval: not an exact limit to check against.
  if (!with_bound_ || r.steady_stopped) return;
  auto [it, fresh] = bounds_.try_emplace({p.config, p.kernel}, 0.0);
  if (fresh) it->second = instruction_throughput_bound(*p.config, *p.kernel);
  const double ratio = r.ipc_per_sm / it->second;
  note(checks_[1], ratio, ratio > 1 + kBoundSlack, p);
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
