#include "isa/sass_control_flow.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "common/text.h"

namespace warpsim::isa {
namespace {

std::string_view base_of(const Instruction& in) { return std::string_view(in.opcode).substr(0, in.opcode.find('.')); }

// The target operand of a branch, as printed: "`(.L_x_1)" or "0x1e0" -> ".L_x_1", "0x1e0".
std::string target_text(std::string_view text) {
  const size_t comma = text.rfind(',');
  std::string_view t = comma != std::string_view::npos ? text.substr(comma + 1) : text.substr(text.rfind(' ') + 1);
  t = trim(t);
  while (!t.empty() && (t.front() == '`' || t.front() == '(')) t.remove_prefix(1);
  while (!t.empty() && t.back() == ')') t.remove_suffix(1);
  return std::string(trim(t));
}

std::string where(const SassInstruction& s) {
  return s.address >= 0 ? fmt::format("line {} (0x{:04x})", s.line, s.address) : fmt::format("line {}", s.line);
}

class Tracer {
 public:
  Tracer(const SassFunction& f, const std::vector<Instruction>& parsed, const SassPatterns& side, std::optional<int64_t> trip_count,
         const std::string& file, DiagnosticSink& sink)
      : f_(f), parsed_(parsed), side_(side), trip_count_(trip_count), file_(file), sink_(sink), target_(f.code.size(), -1) {}

  SassPath run() {
    for (size_t i = 0; i < f_.code.size(); ++i) address_index_[f_.code[i].address] = static_cast<int>(i);
    if (find_loops()) walk();
    check_side_entries();
    return std::move(path_);
  }

 private:
  void error(int i, std::string msg) { sink_.add(Diagnostic{file_, f_.code[i].line, 0, parsed_[i].opcode, std::move(msg)}); }
  bool is_branch(int i) const { return base_of(parsed_[i]) == "BRA"; }
  bool is_exit(int i) const { return base_of(parsed_[i]) == "EXIT"; }
  const SassPatternEntry* entry(int i) const {
    if (f_.code[i].address < 0) return nullptr;
    const auto it = side_.entries.find(f_.code[i].address);
    return it == side_.entries.end() ? nullptr : &it->second;
  }
  bool side_takes(int i) const {
    const SassPatternEntry* e = entry(i);
    return e && e->taken.value_or(false);
  }

  // Backward branches close loops; they must nest, one back edge per loop.
  bool find_loops() {
    bool ok = true;
    std::map<int, int> back_edge;  // loop start -> its branch
    for (int i = 0; i < static_cast<int>(f_.code.size()); ++i) {
      if (!is_branch(i)) continue;
      const std::string t = target_text(f_.code[i].text);
      if (t.starts_with("0x")) {
        const auto a = parse_int(t);
        const auto it = a ? address_index_.find(*a) : address_index_.end();
        if (it != address_index_.end()) target_[i] = it->second;
      } else if (const auto it = f_.labels.find(t); it != f_.labels.end()) {
        target_[i] = it->second;
      }
      if (target_[i] < 0 || target_[i] >= static_cast<int>(f_.code.size())) {
        error(i, fmt::format("branch target '{}' is no instruction of function {}", t, f_.name));
        target_[i] = -1;
        ok = false;
        continue;
      }
      if (target_[i] >= i) continue;
      if (const auto [it, fresh] = back_edge.emplace(target_[i], i); !fresh) {
        error(i, fmt::format("a second backward branch to the loop closed at {}: a loop with two back edges cannot be modelled",
                             where(f_.code[it->second])));
        ok = false;
        continue;
      }
      path_.loops.push_back(loop_at(target_[i], i));
    }
    std::sort(path_.loops.begin(), path_.loops.end(),
              [](const SassLoop& a, const SassLoop& b) { return a.begin != b.begin ? a.begin < b.begin : a.end > b.end; });
    for (size_t a = 0; a < path_.loops.size(); ++a)
      for (size_t b = a + 1; b < path_.loops.size(); ++b) {
        const SassLoop& x = path_.loops[a];
        const SassLoop& y = path_.loops[b];
        if (y.begin <= x.end && y.end > x.end) {
          error(y.end, fmt::format("the loop it closes overlaps the loop closed at {} without nesting in it", where(f_.code[x.end])));
          ok = false;
        }
      }
    return ok;
  }

  SassLoop loop_at(int begin, int end) {
    SassLoop l{begin, end, 0, false};
    if (const SassPatternEntry* e = entry(end); e && e->trips)
      l.trips = *e->trips;
    else if (trip_count_)
      l.trips = *trip_count_, l.default_trips = true;
    else
      error(end, fmt::format("the loop from line {} to here needs a trip count: --trip-count N, or `0x{:04x} trips=N` in a patterns file",
                             f_.code[begin].line, std::max<int64_t>(f_.code[end].address, 0)));
    return l;
  }

  void walk() {
    std::vector<int> open;
    const int n = static_cast<int>(f_.code.size());
    for (int pos = 0; pos < n;) {
      for (int l = 0; l < static_cast<int>(path_.loops.size()); ++l)
        if (path_.loops[l].begin == pos && std::find(open.begin(), open.end(), l) == open.end()) {
          path_.steps.push_back({SassStep::Open, l, ""});
          open.push_back(l);
        }
      const Instruction& in = parsed_[pos];
      const bool taken = !in.predicated || side_takes(pos);
      const std::string note = !in.predicated    ? ""
                               : side_takes(pos) ? "guard taken (patterns file)"
                                                 : "guard not taken (warpsim runs whole warps)";
      if (is_branch(pos) && target_[pos] >= 0) {
        const int t = target_[pos];
        if (t == pos) return error(pos, "a branch to itself never ends");
        path_.steps.push_back({SassStep::Instruction, pos, t < pos ? "" : note});
        if (t < pos) {  // closes the innermost open loop
          path_.steps.push_back({SassStep::Close, open.back(), ""});
          open.pop_back();
          ++pos;
          continue;
        }
        if (!taken) {
          ++pos;
          continue;
        }
        if (!open.empty() && t > path_.loops[open.back()].end)
          return error(pos, fmt::format("a branch out of the loop closed at {} cannot be modelled (it changes the loop's trip count)",
                                        where(f_.code[path_.loops[open.back()].end])));
        for (int l = 0; l < static_cast<int>(path_.loops.size()); ++l)
          if (path_.loops[l].begin < t && t <= path_.loops[l].end && std::find(open.begin(), open.end(), l) == open.end())
            return error(pos, fmt::format("a branch into the middle of the loop closed at {} cannot be modelled",
                                          where(f_.code[path_.loops[l].end])));
        pos = t;
        continue;
      }
      if (is_exit(pos)) {
        if (!open.empty())
          return error(pos, fmt::format("EXIT inside the loop closed at {}: a warp leaving a loop early has no trip count to give",
                                        where(f_.code[path_.loops[open.back()].end])));
        path_.steps.push_back({SassStep::Instruction, pos, note, in.predicated && taken});
        if (taken) return;
        ++pos;
        continue;
      }
      path_.steps.push_back({SassStep::Instruction, pos, ""});
      ++pos;
    }
    sink_.add(Diagnostic{file_, f_.line, 0, "", fmt::format("the path through function {} reaches its end without an EXIT", f_.name)});
  }

  // A side-file `trips` names a loop's backward branch; `branch=` a guarded forward branch or EXIT.
  void check_side_entries() {
    for (int i = 0; i < static_cast<int>(f_.code.size()); ++i) {
      const SassPatternEntry* e = entry(i);
      if (!e) continue;
      const auto bad = [&](const char* key, const std::string& msg) { sink_.add(Diagnostic{side_.file, e->line, 0, key, msg}); };
      const bool backward = is_branch(i) && target_[i] >= 0 && target_[i] < i;
      if (e->trips && !backward)
        bad("trips",
            fmt::format("the instruction at 0x{:04x} ({}) is no backward branch closing a loop", f_.code[i].address, f_.code[i].text));
      if (e->taken && (!parsed_[i].predicated || backward || !(is_branch(i) || is_exit(i))))
        bad("branch",
            fmt::format("the instruction at 0x{:04x} ({}) is no guarded forward branch or EXIT", f_.code[i].address, f_.code[i].text));
    }
  }

  const SassFunction& f_;
  const std::vector<Instruction>& parsed_;
  const SassPatterns& side_;
  std::optional<int64_t> trip_count_;
  const std::string& file_;
  DiagnosticSink& sink_;
  std::vector<int> target_;
  std::map<int64_t, int> address_index_;
  SassPath path_;
};

}  // namespace

SassPath trace_sass(const SassFunction& f, const std::vector<Instruction>& parsed, const SassPatterns& side,
                    std::optional<int64_t> trip_count, const std::string& file, DiagnosticSink& sink) {
  return Tracer(f, parsed, side, trip_count, file, sink).run();
}

}  // namespace warpsim::isa
