// `warpsim explain`'s analysis in words (report/explanation.h).
#include "report/explanation.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "common/text.h"
#include "config/model_keys.h"
#include "report/result_table.h"

namespace warpsim::report {
namespace {

// Bounds within this fraction of the binding one bind with it: at the cusp the latency bound and
// a throughput bound meet (Volkov 2016 §4.2), and the simulated run attains both alike.
constexpr double kTie = 0.02;
// The regime change: the smallest occupancy attaining this fraction of the sweep's plateau.
constexpr double kNearPlateau = 0.9;

std::string kind_of(const std::string& resource) {
  if (resource == "Warp scheduler") return "issue";
  if (resource == "Memory system") return "memory bandwidth";
  return "functional unit";
}

// The run's IPC/SM at a warp throughput (the kernel's instructions per warp, as the run counted).
double ipc_at(const device::Result& r, double warps_per_cycle) {
  return r.warp_throughput_per_sm > 0 ? warps_per_cycle * r.ipc_per_sm / r.warp_throughput_per_sm : 0;
}

std::string pct(double fraction) {
  if (fraction > 0 && fraction < 0.0005) return "<0.1%";
  return fmt::format("{:.1f}%", 100 * fraction);
}

std::string signed_pct(double fraction) { return fmt::format("{}{:.1f}%", fraction >= 0 ? "+" : "", 100 * fraction); }

std::string bound_label(const model::ModelContext& c, const BoundUse& b, int warps) {
  if (b.kind == "latency") return fmt::format("latency bound ({} warps / {:.6g} cycles per warp, §3.7)", warps, c.latency.cycles);
  return fmt::format("{} ({}, Table 3.4)", b.name, b.kind);
}

std::string halved(int v) { return fmt::format("{}", std::max(1, v / 2)); }

}  // namespace

std::vector<BoundUse> bounds_at(const model::ModelContext& c, const device::Result& r) {
  std::vector<BoundUse> out;
  const double n = r.launch.warps_per_sm;
  if (c.latency.cycles > 0) out.push_back({"latency bound", "latency", n / c.latency.cycles, 0});
  for (const auto& s : c.worksheet.sections)
    if (s.total() > 0) out.push_back({s.resource, kind_of(s.resource), 1.0 / s.total(), 0});
  for (auto& b : out) b.attained = r.warp_throughput_per_sm / b.warps_per_cycle;
  std::stable_sort(out.begin(), out.end(), [](const BoundUse& a, const BoundUse& b) { return a.attained > b.attained; });
  return out;
}

RegimeChange regime_change(const model::ModelContext& c, const std::vector<device::Result>& sweep) {
  RegimeChange g;
  for (const auto& r : sweep)
    if (r.warp_throughput_per_sm > g.plateau) g.plateau = r.warp_throughput_per_sm, g.plateau_warps = r.launch.warps_per_sm;
  for (const auto& r : sweep)
    if (r.warp_throughput_per_sm >= kNearPlateau * g.plateau) {
      g.reaches_90 = r.launch.warps_per_sm;
      break;
    }
  std::string before;
  for (const auto& r : sweep) {
    const auto bounds = bounds_at(c, r);
    if (bounds.empty()) break;
    if (bounds.front().kind != "latency") {
      g.bound_changes_at = r.launch.warps_per_sm;
      g.bound_before = before;
      g.bound_after = bounds.front().name;
      break;
    }
    before = bounds.front().name;
  }
  return g;
}

std::string stall_words(const device::StallBreakdown& s) {
  const double total = static_cast<double>(s.total());
  if (total == 0) return "no issue slots were counted";
  const std::array<std::pair<uint64_t, const char*>, 7> parts{{
      {s.issued, "issued an instruction"},
      {s.dependency, "waited on an arithmetic or shared-memory result (stall_dependency)"},
      {s.memory, "waited on a global load (stall_memory)"},
      {s.pipe_busy, "had a warp ready for a busy unit (stall_pipe_busy)"},
      {s.issue_limit, "had a warp held by its same-warp issue latency or issue cost (stall_issue_limit)"},
      {s.barrier, "had every warp at a barrier (stall_barrier)"},
      {s.no_warp, "had no warp resident (stall_no_warp)"},
  }};
  std::vector<std::pair<uint64_t, const char*>> shown;
  for (const auto& p : parts)
    if (p.first > 0) shown.push_back(p);
  std::stable_sort(shown.begin(), shown.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string out = fmt::format("of {} issue slots, ", s.total());
  for (size_t i = 0; i < shown.size(); ++i)
    out += fmt::format("{}{} {}", i == 0 ? "" : i + 1 == shown.size() ? " and " : ", ", pct(shown[i].first / total), shown[i].second);
  return out;
}

std::vector<WhatIf> default_what_ifs(const model::ModelContext& c, const device::Result& focus) {
  std::vector<WhatIf> out;
  const int n = focus.launch.warps_per_sm;
  if (2 * n <= c.cfg.sm.max_warps) out.push_back({{}, 2 * n, fmt::format("twice the occupancy, {} warps/SM", 2 * n)});
  const auto bounds = bounds_at(c, focus);
  if (bounds.empty()) return out;
  const BoundUse& bind = bounds.front();
  const config::HwConfig& cfg = c.cfg;
  const auto reads = [&](const char* key) { return config::simulation_reads(cfg.memory.model, key); };
  WhatIf w{{}, n, ""};
  // Latencies are whole cycles: an odd one halves to less than half (the toy's CUDA cores: 3 -> 1),
  // which the what-if's words then say.
  std::vector<std::string> rounded;
  const auto halve = [&](const std::string& key, int v) {
    w.sets.push_back(key + "=" + halved(v));
    if (v % 2 != 0) rounded.push_back(fmt::format("{} {} -> {}", key, v, halved(v)));
  };
  const auto in_whole_cycles = [&] { return rounded.empty() ? std::string() : fmt::format(", in whole cycles: {}", join(rounded, ", ")); };
  if (bind.kind == "latency") {
    const isa::InstructionMix mix = isa::instruction_mix(c.kernel);
    if (mix.count(isa::OpClass::Load) > 0 && focus.stalls.memory >= focus.stalls.dependency) {
      // The caches' hit latencies with it: a hit may not take longer than the memory behind it.
      halve("memory.latency_cycles", cfg.memory.latency_cycles);
      if (cfg.memory.l2.slices > 0) halve("memory.l2.hit_latency_cycles", cfg.memory.l2.hit_latency_cycles);
      if (cfg.memory.l1.bytes > 0) halve("memory.l1.hit_latency_cycles", cfg.memory.l1.hit_latency_cycles);
      w.why = std::string(cfg.memory.l2.slices > 0 || cfg.memory.l1.bytes > 0 ? "half the memory latency and the caches' hit latencies"
                                                                              : "half the memory latency") +
              in_whole_cycles();
    } else {
      std::vector<std::string> units;
      if (mix.count(isa::OpClass::Alu) > 0) halve("alu.latency_cycles", cfg.alu.latency_cycles), units.push_back("CUDA-core");
      if (mix.count(isa::OpClass::Sfu) > 0) halve("sfu.latency_cycles", cfg.sfu.latency_cycles), units.push_back("SFU");
      if (mix.count(isa::OpClass::Smem) > 0) {
        halve("smem.latency_cycles", cfg.smem.latency_cycles), units.push_back("shared-memory");
        if (cfg.smem.latency_to_alu_cycles > 0) halve("smem.latency_to_alu_cycles", cfg.smem.latency_to_alu_cycles);
      }
      w.why = fmt::format("half the {} latenc{}{}", join(units, " and "), units.size() == 1 ? "y" : "ies", in_whole_cycles());
    }
  } else if (bind.name == "CUDA cores") {
    w = {{fmt::format("alu.ops_per_cycle={:g}", 2 * cfg.alu.ops_per_cycle)}, n, "twice the CUDA cores' rate"};
  } else if (bind.name == "SFU units") {
    w = {{fmt::format("sfu.ops_per_cycle={:g}", 2 * cfg.sfu.ops_per_cycle)}, n, "twice the SFUs' rate"};
  } else if (bind.name == "Memory system") {
    if (reads("memory.peak_gbps"))
      w = {{fmt::format("memory.peak_gbps={:g}", 2 * cfg.memory.peak_gbps)}, n, "twice the memory bandwidth"};
    else
      w = {{fmt::format("memory.bus_width_bits={}", 2 * cfg.memory.bus_width_bits)}, n, "twice the DRAM bus width, so twice the pins"};
  } else if (bind.name == "Warp scheduler") {
    if (cfg.scheduler.cycles_per_issue > 1)
      w = {{"scheduler.cycles_per_issue=" + halved(cfg.scheduler.cycles_per_issue)}, n, "twice the issue rate"};
    else if (cfg.scheduler.width < 4)
      w = {{fmt::format("scheduler.width={}", std::min(4, 2 * cfg.scheduler.width))}, n, "a wider issue"};
  } else if (bind.name == "Shared memory banks" && cfg.smem.cycles_per_access > 1) {
    w = {{"smem.cycles_per_access=" + halved(cfg.smem.cycles_per_access)}, n, "twice the shared-memory bank rate"};
  }
  if (!w.sets.empty()) out.push_back(w);
  return out;
}

std::string explanation_text(const model::ModelContext& c, const device::Result& focus, const std::vector<device::Result>& sweep,
                             const std::vector<WhatIfOutcome>& what_ifs) {
  const int n = focus.launch.warps_per_sm;
  std::string out = fmt::format("# {} ({}) on {}: {} SM{} simulated; bounds of Volkov 2016 §3.6-3.7 (`warpsim bound`)\n\n", focus.workload,
                                params_text(focus.params), focus.gpu, focus.simulated_sms, focus.simulated_sms == 1 ? "" : "s");
  out += fmt::format("At {} warps/SM the run sustains {:.5g} IPC/SM ({:.5g} warps/cycle/SM, mean warp latency {:.5g} cycles).\n", n,
                     focus.ipc_per_sm, focus.warp_throughput_per_sm, focus.mean_warp_latency);
  const auto bounds = bounds_at(c, focus);
  if (!bounds.empty()) {
    const BoundUse& bind = bounds.front();
    out += fmt::format("Binding bound: {}: {:.5g} IPC/SM, of which the run attains {}.", bound_label(c, bind, n),
                       ipc_at(focus, bind.warps_per_cycle), pct(bind.attained));
    // A gather's bytes are not counted (model/access_cost.cpp: its addresses come from data at run
    // time, and its least cost, none, keeps the bound a bound), so the memory bound may bind later
    // than the memory system does: said, with what the simulated DRAM shows.
    const bool gathers =
        std::any_of(c.kernel.accesses.begin(), c.kernel.accesses.end(), [](const isa::AccessPattern& a) { return isa::is_gather(a.kind); });
    if (bind.kind == "latency" && gathers)
      out += fmt::format(
          " By these bounds the run is latency-bound, but they count no bytes for the kernel's gathers (addresses read from data at "
          "run time), whose traffic may bind instead{}.\n",
          focus.has_dram ? fmt::format(": the DRAM data bus was busy {} of the run", pct(focus.dram_bus_busy)) : "");
    else
      out += bind.kind == "latency"
                 ? " The run is latency-bound: more warps, or shorter latencies, raise its throughput.\n"
                 : fmt::format(" The run is throughput-bound by {} ({}): more warps do not raise its throughput.\n", bind.name, bind.kind);
    // A bound built from a measured rate (Table 6.4's peak) may lie below what the simulated
    // mechanism sustains: said rather than hidden.
    if (bind.attained > 1 + kTie / 2)
      out += fmt::format("The run exceeds this bound by {}: the rate it is built from is below what the simulated mechanism sustains.\n",
                         pct(bind.attained - 1));
    for (size_t i = 1; i < bounds.size(); ++i)
      if (bounds[i].attained >= bind.attained * (1 - kTie))
        out += fmt::format("Also binding, within {:.0f}%: {} ({} attained): the occupancy is at the cusp, where the bounds meet (§4.2).\n",
                           100 * kTie, bound_label(c, bounds[i], n), pct(bounds[i].attained));
    out += "Bounds at this occupancy, closest first:\n";
    for (const auto& b : bounds)
      out += fmt::format("  {:<58} {:>10.5g} IPC/SM  attained {:>6}\n", bound_label(c, b, n), ipc_at(focus, b.warps_per_cycle),
                         pct(b.attained));
  }
  out += fmt::format("Issue slots: {}.\n", stall_words(focus.stalls));
  if (!sweep.empty()) {
    const RegimeChange g = regime_change(c, sweep);
    const auto& first = sweep.front();
    out += fmt::format(
        "\nOccupancy sweep ({} runs, {} to {} warps/SM): the throughput plateaus at {:.5g} IPC/SM ({} warps/SM) and reaches {:.0f}% of it at {} "
        "warps/SM.\n",
        sweep.size(), first.launch.warps_per_sm, sweep.back().launch.warps_per_sm, ipc_at(first, g.plateau), g.plateau_warps,
        100 * kNearPlateau, g.reaches_90);
    if (g.bound_changes_at == 0)
      out += "The latency bound binds at every occupancy swept.\n";
    else if (g.bound_before.empty())
      out += fmt::format("{} binds from the smallest occupancy swept on: no latency-bound regime.\n", g.bound_after);
    else
      out +=
          fmt::format("The binding bound changes from the {} to {} at {} warps/SM.\n", g.bound_before, g.bound_after, g.bound_changes_at);
    const double thru = c.worksheet.warp_throughput();
    if (c.latency.cycles > 0 && std::isfinite(thru))
      out += fmt::format("Little's law with the bounds (§4.6): latency hidden from {:.6g} cycles x {:.5g} warps/cycle = {:.4g} warps/SM.\n",
                         c.latency.cycles, thru, c.latency.cycles * thru);
  }
  if (!what_ifs.empty()) out += "\nWhat-ifs, simulated at the same settings otherwise:\n";
  for (const auto& w : what_ifs) {
    const std::string change = w.what_if.sets.empty() ? w.what_if.why : fmt::format("{} ({})", join(w.what_if.sets, ", "), w.what_if.why);
    if (!w.ran) {
      out += fmt::format("  {}: not simulated: {}\n", change, w.not_run);
      continue;
    }
    const double gain = focus.warp_throughput_per_sm > 0 ? w.result.warp_throughput_per_sm / focus.warp_throughput_per_sm - 1 : 0;
    out += fmt::format("  {}: {:.5g} IPC/SM at {} warps/SM, {} throughput\n", change, w.result.ipc_per_sm, w.result.launch.warps_per_sm,
                       signed_pct(gain));
  }
  return out;
}

}  // namespace warpsim::report
