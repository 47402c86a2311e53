#include "model/throughput_bound.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <map>

namespace warpsim::model {
namespace {

using isa::OpClass;

// Rows grouped by label in order of first appearance, so the worksheet reads in program order.
class RowGroup {
 public:
  void add(const std::string& label, double cpi, double n) {
    auto it = index_.find(label + fmt::format("@{}", cpi));
    if (it == index_.end()) {
      index_.emplace(label + fmt::format("@{}", cpi), rows_.size());
      rows_.push_back({label, cpi, n});
    } else {
      rows_[it->second].per_warp += n;
    }
  }
  std::vector<WorksheetRow> take() { return std::move(rows_); }

 private:
  std::map<std::string, size_t> index_;
  std::vector<WorksheetRow> rows_;
};

WorksheetSection issue_section(const config::HwConfig& cfg, const isa::Kernel& k, const KernelProfile& p) {
  // Schedulers issue `count` events per `cycles_per_issue` cycles per SM (Table 2.8). Where one
  // event may take `width` instructions of different warps (`dual_issue: any_warp`, the Figure
  // 4.7 toy), each instruction costs 1 / width of it at best: a slot lasts as long as its
  // slowest instruction, so the sum of issue cycles over width is a lower bound on the slots.
  const bool any_warp = cfg.scheduler.dual_issue == config::DualIssue::AnyWarp && cfg.scheduler.width > 1;
  const double cpi = static_cast<double>(cfg.scheduler.cycles_per_issue) / cfg.scheduler.count / (any_warp ? cfg.scheduler.width : 1);
  double single = 0, dual = 0, extra = 0;
  for (size_t pc = 0; pc < k.code.size(); ++pc) {
    const double n = static_cast<double>(p.counts[pc]);
    const int cycles = cfg.scheduler.issue_cycles[isa::index(k.code[pc].cls)];
    if (p.dual_issued_with_next[pc]) {
      const int other = cfg.scheduler.issue_cycles[isa::index(k.code[pc + 1].cls)];
      dual += n;
      extra += n * (std::max(cycles, other) - 1);
      ++pc;
    } else {
      single += n;
      extra += n * (cycles - 1);  // multi-cycle issue (§4.7, §4.12)
    }
  }
  WorksheetSection s{"Warp scheduler", {}};
  s.rows.push_back({any_warp ? fmt::format("Issue, {} warps per slot", cfg.scheduler.width) : "Single issue", cpi, single});
  if (dual > 0) s.rows.push_back({"Dual-issue", cpi, dual});
  if (extra > 0) s.rows.push_back({"Extra issue cycles", cpi, extra});
  if (p.reissues > 0) s.rows.push_back({"Reissue", cpi, p.reissues});
  return s;
}

}  // namespace

double WorksheetSection::total() const {
  double t = 0;
  for (const auto& r : rows) t += r.cycles();
  return t;
}

double Worksheet::warp_throughput() const { return bound_cycles > 0 ? 1.0 / bound_cycles : std::numeric_limits<double>::infinity(); }

const WorksheetSection* Worksheet::find(const std::string& resource) const {
  for (const auto& s : sections)
    if (s.resource == resource) return &s;
  return nullptr;
}

Worksheet throughput_worksheet(const config::HwConfig& cfg, const isa::Kernel& k, const KernelProfile& p) {
  const double warp = cfg.sm.warp_size;
  const double sm_bytes_per_cycle = cfg.memory.peak_gbps / (cfg.device.core_clock_ghz * cfg.device.sms);
  RowGroup smem, mem;
  for (size_t pc = 0; pc < k.code.size(); ++pc) {
    const auto& c = p.costs[pc];
    const double n = static_cast<double>(p.counts[pc]);
    if (k.code[pc].cls == OpClass::Smem) smem.add(c.label, c.bank_cycles, n);
    if (isa::is_global_memory(k.code[pc].cls)) mem.add(c.label, c.bytes_transferred / sm_bytes_per_cycle, n);
  }
  Worksheet w;
  // Functional units: warp_size thread-ops per instruction over the units of all schedulers.
  if (p.alu > 0)
    w.sections.push_back({"CUDA cores", {{"CUDA core instructions", warp / (cfg.scheduler.count * cfg.alu.ops_per_cycle), p.alu}}});
  if (p.sfu > 0) w.sections.push_back({"SFU units", {{"SFU instructions", warp / (cfg.scheduler.count * cfg.sfu.ops_per_cycle), p.sfu}}});
  if (p.dp > 0 && cfg.dp.ops_per_cycle > 0)
    w.sections.push_back({"DP units", {{"double-precision instructions", warp / (cfg.scheduler.count * cfg.dp.ops_per_cycle), p.dp}}});
  if (p.smem > 0) w.sections.push_back({"Shared memory banks", smem.take()});
  if (p.global_mem > 0) w.sections.push_back({"Memory system", mem.take()});
  w.sections.push_back(issue_section(cfg, k, p));
  for (const auto& s : w.sections)
    if (s.total() > w.bound_cycles) w.bound_cycles = s.total(), w.bound_resource = s.resource;
  return w;
}

std::string format_worksheet(const Worksheet& w) {
  std::string out = fmt::format("{:<34} {:>10} {:>14} {:>14}\n", "Used by:", "CPI", "Per warp", "Cycles total");
  for (const auto& s : w.sections) {
    out += fmt::format("Resource: {}\n", s.resource);
    for (const auto& r : s.rows) out += fmt::format("  {:<32} {:>10.4g} {:>14.6g} {:>14.6g}\n", r.used_by, r.cpi, r.per_warp, r.cycles());
    out += fmt::format("  {:<32} {:>10} {:>14} {:>14.6g}{}\n", "Total:", "", "", s.total(),
                       s.resource == w.bound_resource ? "  <- the tightest bound" : "");
  }
  out += fmt::format("Throughput bound: {:.6g} cycles per warp per SM ({:.6g} warps/cycle/SM), limited by {}\n", w.bound_cycles,
                     w.warp_throughput(), w.bound_resource);
  return out;
}

}  // namespace warpsim::model
