// The issue log as CSV and as a text timeline (report/issue_log.h).
#include "report/issue_log.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <tuple>

#include "report/result_table.h"

namespace warpsim::report {
namespace {

const char* idle_reason(const device::IdleRecord& r) { return device::kIdleReasons[r.reason]; }

// A Result's issue and idle records in one order: cycle, SM, scheduler (an idle run and an issue
// never share a scheduler's slot, so the order is total up to dual issue, kept as issued).
struct Event {
  uint64_t cycle;
  uint32_t sm, scheduler;
  const device::IssueRecord* issue;
  const device::IdleRecord* idle;
};

std::vector<Event> events_of(const device::Result& r) {
  std::vector<Event> ev;
  ev.reserve(r.issue_log.size() + r.idle_log.size());
  for (const auto& i : r.issue_log) ev.push_back({i.cycle, i.sm, i.scheduler, &i, nullptr});
  for (const auto& i : r.idle_log) ev.push_back({i.cycle, i.sm, i.scheduler, nullptr, &i});
  std::stable_sort(ev.begin(), ev.end(), [](const Event& a, const Event& b) {
    return std::tie(a.cycle, a.sm, a.scheduler) < std::tie(b.cycle, b.sm, b.scheduler);
  });
  return ev;
}

std::string warp_name(const device::IssueRecord& i) { return fmt::format("b{}.w{}", i.block, i.warp_in_block); }

// One SM's slots: cells[scheduler][slot] ("" until filled: a slot of an issue's cost).
struct SmSlots {
  std::vector<std::vector<std::string>> cells;
  std::vector<std::vector<bool>> issued;
};

void mark(SmSlots& s, uint32_t scheduler, uint64_t slot, const std::string& text, bool issued) {
  auto& row = s.cells[scheduler];
  if (row.size() <= slot) row.resize(slot + 1), s.issued[scheduler].resize(slot + 1);
  std::string& c = row[slot];
  c += (c.empty() ? "" : ", ") + text;
  if (issued) s.issued[scheduler][slot] = true;
}

std::string sm_timeline(const device::Result& r, uint32_t sm, const SmSlots& s, const isa::Kernel& kernel, const config::HwConfig& cfg) {
  const uint64_t cpi = static_cast<uint64_t>(cfg.scheduler.cycles_per_issue);
  size_t slots = 0;
  for (const auto& row : s.cells) slots = std::max(slots, row.size());
  const size_t n = s.cells.size();
  auto cell = [&](size_t k, size_t slot) -> std::string {
    if (slot >= s.cells[k].size()) return "";
    return s.cells[k][slot].empty() ? "busy" : s.cells[k][slot];
  };
  auto any_issue = [&](size_t slot) {
    for (size_t k = 0; k < n; ++k)
      if (slot < s.issued[k].size() && s.issued[k][slot]) return true;
    return false;
  };
  // Lines: a slot, or a run of alike slots in which nothing issued.
  std::vector<std::pair<std::string, std::vector<std::string>>> lines;
  for (size_t slot = 0; slot < slots;) {
    std::vector<std::string> row(n);
    for (size_t k = 0; k < n; ++k) row[k] = cell(k, slot);
    size_t last = slot;
    if (!any_issue(slot))
      while (last + 1 < slots && !any_issue(last + 1)) {
        bool same = true;
        for (size_t k = 0; k < n && same; ++k) same = cell(k, last + 1) == row[k];
        if (!same) break;
        ++last;
      }
    const std::string label = last == slot ? fmt::format("{}", slot * cpi) : fmt::format("{}-{}", slot * cpi, last * cpi);
    lines.emplace_back(label, std::move(row));
    slot = last + 1;
  }
  std::vector<std::string> head{"cycle"};
  for (size_t k = 0; k < n; ++k) head.push_back(fmt::format("scheduler {}", k));
  std::vector<size_t> width(n + 1);
  for (size_t c = 0; c <= n; ++c) width[c] = head[c].size();
  for (const auto& [label, row] : lines) {
    width[0] = std::max(width[0], label.size());
    for (size_t k = 0; k < n; ++k) width[k + 1] = std::max(width[k + 1], row[k].size());
  }
  auto render = [&](const std::string& first, const std::vector<std::string>& rest) {
    std::string line = fmt::format("{:<{}}", first, width[0]);
    for (size_t k = 0; k < rest.size(); ++k) line += k + 1 < rest.size() ? fmt::format("  {:<{}}", rest[k], width[k + 1]) : "  " + rest[k];
    while (!line.empty() && line.back() == ' ') line.pop_back();
    return line + "\n";
  };
  std::string out = fmt::format("# {} on {} ({}) at {} warps/SM, SM {}: one line per issue slot ({} cycle{}) (Volkov 2016 Figure 4.7)\n",
                                kernel.name, r.gpu, params_text(r.params), r.launch.warps_per_sm, sm, cpi, cpi == 1 ? "" : "s");
  out += render(head[0], std::vector<std::string>(head.begin() + 1, head.end()));
  for (const auto& [label, row] : lines) out += render(label, row);
  return out;
}

}  // namespace

std::string issue_log_csv(const std::vector<device::Result>& results, const isa::Kernel& kernel) {
  std::string out = "warps_per_sm,sm,scheduler,cycle,block,warp,pc,opcode,line,idle_reason,idle_cycles\n";
  for (const auto& r : results)
    for (const Event& e : events_of(r)) {
      if (e.issue) {
        const device::IssueRecord& i = *e.issue;
        const isa::Instruction& ins = kernel.code[i.pc];
        out += fmt::format("{},{},{},{},{},{},{},{},{},,\n", r.launch.warps_per_sm, i.sm, i.scheduler, i.cycle, i.block, i.warp_in_block,
                           i.pc, ins.opcode, ins.line);
      } else {
        out += fmt::format("{},{},{},{},,,,,,{},{}\n", r.launch.warps_per_sm, e.sm, e.scheduler, e.cycle, idle_reason(*e.idle),
                           e.idle->cycles);
      }
    }
  return out;
}

std::string issue_timeline_text(const std::vector<device::Result>& results, const isa::Kernel& kernel, const config::HwConfig& cfg) {
  const uint64_t cpi = static_cast<uint64_t>(cfg.scheduler.cycles_per_issue);
  const size_t schedulers = static_cast<size_t>(cfg.scheduler.count);
  std::string out =
      "# bB.wW OPCODE: block B's warp W issued OPCODE; idle: REASON: nothing issued, and why (README, the stall_* columns);\n"
      "# busy: the slot belongs to the issue cost of the instruction before (counted as issued); A-B: alike slots from cycle A to B\n";
  for (const auto& r : results) {
    std::map<uint32_t, SmSlots> sms;
    auto sm_slots = [&](uint32_t sm) -> SmSlots& {
      SmSlots& s = sms[sm];
      if (s.cells.empty()) s.cells.resize(schedulers), s.issued.resize(schedulers);
      return s;
    };
    for (const auto& i : r.issue_log)
      mark(sm_slots(i.sm), i.scheduler, i.cycle / cpi, fmt::format("{} {}", warp_name(i), kernel.code[i.pc].opcode), true);
    for (const auto& i : r.idle_log)
      for (uint64_t c = i.cycle; c < i.cycle + i.cycles; c += cpi)
        mark(sm_slots(i.sm), i.scheduler, c / cpi, fmt::format("idle: {}", idle_reason(i)), false);
    for (const auto& [sm, s] : sms) {
      out += "\n";
      out += sm_timeline(r, sm, s, kernel, cfg);
    }
  }
  return out;
}

}  // namespace warpsim::report
