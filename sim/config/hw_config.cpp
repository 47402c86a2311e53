#include "config/hw_config.h"

#include "config/enum_names.h"

namespace warpsim::config {

template <>
const std::vector<std::pair<Generation, const char*>>& enum_table<Generation>() {
  static const std::vector<std::pair<Generation, const char*>> t{
      {Generation::G80, "g80"},         {Generation::GT200, "gt200"},   {Generation::Fermi, "fermi"}, {Generation::Kepler, "kepler"},
      {Generation::Maxwell, "maxwell"}, {Generation::Pascal, "pascal"}, {Generation::Volta, "volta"}, {Generation::Ampere, "ampere"},
      {Generation::Hopper, "hopper"},   {Generation::Toy, "toy"}};
  return t;
}

template <>
const std::vector<std::pair<SchedulerPolicy, const char*>>& enum_table<SchedulerPolicy>() {
  static const std::vector<std::pair<SchedulerPolicy, const char*>> t{{SchedulerPolicy::Lrr, "lrr"},
                                                                      {SchedulerPolicy::Gto, "gto"},
                                                                      {SchedulerPolicy::Oldest, "oldest"},
                                                                      {SchedulerPolicy::TwoLevel, "two_level"}};
  return t;
}

template <>
const std::vector<std::pair<CoalescingRule, const char*>>& enum_table<CoalescingRule>() {
  static const std::vector<std::pair<CoalescingRule, const char*>> t{{CoalescingRule::G80, "g80"},
                                                                     {CoalescingRule::GT200, "gt200"},
                                                                     {CoalescingRule::Fermi, "fermi"},
                                                                     {CoalescingRule::Sector32, "sector32"}};
  return t;
}

template <>
const std::vector<std::pair<MemoryModelKind, const char*>>& enum_table<MemoryModelKind>() {
  static const std::vector<std::pair<MemoryModelKind, const char*>> t{{MemoryModelKind::Fixed, "fixed"},
                                                                      {MemoryModelKind::Queue, "queue"},
                                                                      {MemoryModelKind::Dram, "dram"},
                                                                      {MemoryModelKind::SimGrid, "simgrid"},
                                                                      {MemoryModelKind::Servers, "servers"}};
  return t;
}

template <>
const std::vector<std::pair<PagePolicy, const char*>>& enum_table<PagePolicy>() {
  static const std::vector<std::pair<PagePolicy, const char*>> t{{PagePolicy::Open, "open"}, {PagePolicy::Close, "close"}};
  return t;
}

template <>
const std::vector<std::pair<IssueUnit, const char*>>& enum_table<IssueUnit>() {
  static const std::vector<std::pair<IssueUnit, const char*>> t{{IssueUnit::Transaction, "transaction"}, {IssueUnit::Line, "line"}};
  return t;
}

template <>
const std::vector<std::pair<DualIssue, const char*>>& enum_table<DualIssue>() {
  static const std::vector<std::pair<DualIssue, const char*>> t{{DualIssue::SameWarp, "same_warp"}, {DualIssue::AnyWarp, "any_warp"}};
  return t;
}

namespace {
template <typename E>
const char* name_of(E v) {
  for (const auto& [e, n] : enum_table<E>())
    if (e == v) return n;
  return "?";
}
}  // namespace

const char* to_string(Generation g) { return name_of(g); }
const char* to_string(SchedulerPolicy p) { return name_of(p); }
const char* to_string(CoalescingRule r) { return name_of(r); }
const char* to_string(MemoryModelKind m) { return name_of(m); }
const char* to_string(PagePolicy p) { return name_of(p); }
const char* to_string(DualIssue d) { return name_of(d); }
const char* to_string(IssueUnit u) { return name_of(u); }

Diagnostic HwConfig::diagnostic(const std::string& key, std::string message) const {
  Diagnostic d{source_file.empty() ? "<config>" : source_file, 0, 0, key, ""};
  if (key_sources)
    if (const auto it = key_sources->find(key); it != key_sources->end()) d = it->second;
  d.message = std::move(message);
  // A rule a --set broke through a value derived from it (a memory clock scales Table 6.5's c; a
  // line charge lengthens the servers' unloaded time) blames a line the user did not touch: say
  // which --set keys the run has, so the cause is in the message.
  if (key_sources && d.file != "<--set>") {
    std::string sets;
    for (const auto& [name, source] : *key_sources)
      if (source.file == "<--set>" && source.key == name) sets += (sets.empty() ? "" : ", ") + name;  // given, not derived
    if (!sets.empty()) d.message += " (with --set " + sets + ")";
  }
  return d;
}

Diagnostic HwConfig::conflict(std::initializer_list<const char*> keys, std::string message) const {
  for (const char* key : keys)
    if (key_sources)
      if (const auto it = key_sources->find(key); it != key_sources->end() && it->second.file == "<--set>")
        return diagnostic(key, std::move(message));
  return diagnostic(*keys.begin(), std::move(message));
}

}  // namespace warpsim::config
