#include "isa/sass_import.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "common/text.h"
#include "common/text_file.h"
#include "common/user_error.h"
#include "isa/instruction_parser.h"
#include "isa/opcodes.h"
#include "isa/sass_control_flow.h"
#include "isa/sass_opcodes.h"
#include "isa/sass_patterns.h"
#include "isa/sass_reader.h"
#include "isa/sass_select.h"

namespace warpsim::isa {
namespace {

const std::vector<std::string> kParams{"function", "arch", "trip_count", "patterns"};
const std::vector<std::string> kAttributeOrder{"pattern", "bytes", "array", "threads", "interleave"};

std::string read_text(const std::string& path, const char* what) { return read_text_file(path, "", what); }

// "BRA `(.L_x_1)" -> "BRA .L_x_1": the workload format reads the label as a plain operand.
std::string plain_text(std::string s) {
  for (size_t at; (at = s.find("`(")) != std::string::npos;) {
    s.erase(at, 2);
    if (const size_t close = s.find(')', at); close != std::string::npos) s.erase(close, 1);
  }
  return s;
}

std::map<std::string, std::string> attributes_of(const std::string& attrs) {
  std::map<std::string, std::string> out;
  for (const std::string& w : split_words(attrs)) out[w.substr(0, w.find('='))] = w.substr(w.find('=') + 1);
  return out;
}

// What the import chose for a global access the patterns file leaves open (plan_accesses).
struct AutoAccess {
  std::string array;  // "" when the patterns file's arrays apply
  std::string interleave;
};

struct Imported {
  std::string text;
  std::map<int, int> sass_line;  // line of the workload text -> line of the SASS file
};

class Importer {
 public:
  Importer(const SassFunction& f, const SassPatterns& side, const SassOptions& o, const std::string& file)
      : f_(f), side_(side), o_(o), file_(file), parsed_(f.code.size()) {}

  Imported run() {
    for (size_t i = 0; i < f_.code.size(); ++i) parse(static_cast<int>(i));
    check_side_addresses();
    path_ = trace_sass(f_, parsed_, side_, o_.trip_count, file_, sink_);
    sink_.throw_if_any();
    plan_accesses();
    const std::string head = header();
    const std::vector<std::string> body = emit_body();
    sink_.throw_if_any();  // a size the patterns file contradicts
    return {head + join(body, "\n") + "\n", std::move(sass_line_)};
  }

 private:
  void parse(int i) {
    const SassInstruction& s = f_.code[i];
    const std::string err = parse_instruction(s.text, parsed_[i]);
    if (err.empty()) return;
    std::string_view op = trim(s.text);
    if (op.starts_with("@")) op = trim(op.substr(op.find_first_of(" \t")));
    const std::string opcode(op.substr(0, op.find_first_of(" \t")));
    const std::string_view reason = unsupported_sass_reason(opcode);
    sink_.add(Diagnostic{file_, s.line, 0, opcode, reason.empty() ? err : fmt::format("{} cannot be simulated: {}", opcode, reason)});
    parsed_[i] = Instruction{};
  }

  void check_side_addresses() {
    std::map<int64_t, int> index;
    for (size_t i = 0; i < f_.code.size(); ++i) index[f_.code[i].address] = static_cast<int>(i);
    for (const auto& [address, e] : side_.entries) {
      const auto it = index.find(address);
      if (it == index.end()) {
        sink_.add(Diagnostic{side_.file, e.line, 0, fmt::format("0x{:04x}", address),
                             fmt::format("no instruction at this address in function {}", f_.name)});
      } else if (!e.attrs.empty() && !is_memory(parsed_[it->second].cls) && !parsed_[it->second].opcode.empty()) {
        sink_.add(Diagnostic{side_.file, e.line, 0, fmt::format("0x{:04x}", address),
                             fmt::format("memory attributes given to {}, which accesses no memory", f_.code[it->second].text)});
      }
    }
  }

  std::string header() {
    std::string h = fmt::format("# Imported by `warpsim import-sass` from {}: function {}{}.\n", file_, f_.name,
                                f_.arch.empty() ? "" : " (" + f_.arch + ")");
    h += "# Each instruction keeps its SASS text; the comment after it gives its line and address there.\n";
    h += "# Guarded branches and EXITs fall through unless noted; loops run trip_count times unless their count is written;\n";
    h += "# memory instructions take the patterns file's attributes, else a coalesced stream (docs/workload-format.md, \"SASS\").\n";
    h += fmt::format(".kernel {}\n.description \"{}{} imported from SASS\"\n", kernel_name(f_.name), demangled_name(f_.name),
                     f_.arch.empty() ? "" : " (" + f_.arch + ")");
    bool any_default = false;
    for (const SassLoop& l : path_.loops) any_default |= l.default_trips;
    if (any_default) h += fmt::format(".param trip_count {}\n", *o_.trip_count);
    for (const std::string& a : side_.arrays) h += a + "\n";
    for (const std::string& a : arrays_) h += fmt::format(".array {} 512MB\n", a);
    if (!side_.launch.empty()) h += side_.launch + "\n";
    header_lines_ = static_cast<int>(std::count(h.begin(), h.end(), '\n'));
    return h;
  }

  std::vector<std::string> emit_body() {
    std::vector<std::string> lines;
    int depth = 0;
    for (size_t k = 0; k < path_.steps.size(); ++k) {
      const SassStep& step = path_.steps[k];
      const std::string indent(2 * depth, ' ');
      if (step.kind == SassStep::Open) {
        const SassLoop& l = path_.loops[step.index];
        const SassInstruction& b = f_.code[l.end];
        lines.push_back(fmt::format("{}.loop {}  # closed by line {}: {}", indent,
                                    l.default_trips ? "${trip_count}" : std::to_string(l.trips), b.line, plain_text(b.text)));
        sass_line_[header_lines_ + static_cast<int>(lines.size())] = b.line;  // the branch that closes it
        ++depth;
        continue;
      }
      if (step.kind == SassStep::Close) {
        --depth;
        lines.push_back(std::string(2 * depth, ' ') + ".endloop");
        continue;
      }
      const SassInstruction& s = f_.code[step.index];
      std::string code = step.taken_exit ? "EXIT" : plain_text(s.text);
      if (is_memory(parsed_[step.index].cls)) code += " ; " + memory_attributes(step.index, auto_.count(k) ? auto_.at(k) : AutoAccess{});
      const std::string where = s.address >= 0 ? fmt::format("line {} /*{:04x}*/", s.line, s.address) : fmt::format("line {}", s.line);
      std::string note = step.taken_exit ? "guarded EXIT taken (patterns file): the warp ends here" : step.note;
      lines.push_back(fmt::format("{}{:<56} # {}{}", indent, code, where, note.empty() ? "" : ": " + note));
      sass_line_[header_lines_ + static_cast<int>(lines.size())] = s.line;
    }
    return lines;
  }

  const SassPatternEntry* entry(int i) const {
    const auto it = side_.entries.find(f_.code[i].address);
    return f_.code[i].address >= 0 && it != side_.entries.end() && !it->second.attrs.empty() ? &it->second : nullptr;
  }

  // The side file's attributes (the instruction's entry over `default`), with the pattern, the
  // opcode's size and the interleave spelled out.
  std::string memory_attributes(int i, const AutoAccess& planned) {
    auto attrs = attributes_of(side_.defaults.attrs);
    const SassPatternEntry* e = entry(i);
    if (e)
      for (const auto& [key, value] : attributes_of(e->attrs)) attrs[key] = value;
    const std::optional<OpcodeInfo> info = find_opcode(parsed_[i].opcode);
    if (!attrs.count("pattern")) attrs["pattern"] = info->default_access == AccessKind::Broadcast ? "broadcast" : "stream";
    if (const int sized = access_bytes_of(parsed_[i].opcode); sized > 0) {
      if (attrs.count("bytes") && attrs["bytes"] != std::to_string(sized)) {
        const SassPatternEntry& from = e && e->has("bytes") ? *e : side_.defaults;
        sink_.add(Diagnostic{side_.file, from.line, 0, "bytes",
                             fmt::format("bytes={} contradicts {} at line {} of {}, {} bytes per thread", attrs["bytes"], parsed_[i].opcode,
                                         f_.code[i].line, file_, sized)});
      }
      attrs["bytes"] = std::to_string(sized);
    }
    if (!planned.array.empty()) attrs["array"] = planned.array;
    if (!planned.interleave.empty()) attrs["interleave"] = planned.interleave;
    std::vector<std::string> words;
    for (const std::string& key : kAttributeOrder)
      if (attrs.count(key)) words.push_back(key + "=" + attrs[key]);
    return join(words, " ");
  }

  // Where each global access goes when the patterns file does not say. Accesses of one loop body
  // (or of the code outside loops) on one array read distinct elements, as the unrolled hardware
  // loop does: interleave=R/K in program order. Without arrays in the patterns file each such
  // group has an array of its own (a kernel's prologue and epilogue touch other data than its
  // loop), so that no two groups read the same elements.
  void plan_accesses() {
    std::map<std::pair<int, std::string>, std::vector<size_t>> groups;
    std::vector<int> open;
    for (size_t k = 0; k < path_.steps.size(); ++k) {
      const SassStep& s = path_.steps[k];
      if (s.kind == SassStep::Open) open.push_back(s.index);
      if (s.kind == SassStep::Close) open.pop_back();
      if (s.kind != SassStep::Instruction || !is_global_memory(parsed_[s.index].cls)) continue;
      auto attrs = attributes_of(side_.defaults.attrs);
      if (const SassPatternEntry* e = entry(s.index))
        for (const auto& [key, value] : attributes_of(e->attrs)) attrs[key] = value;
      const int group = open.empty() ? -1 : open.back();
      std::string array;
      if (side_.arrays.empty()) {
        const auto [it, fresh] = group_array_.emplace(group, group < 0 ? "outside_loops" : fmt::format("loop{}", group_array_.size() + 1));
        if (fresh) arrays_.push_back(it->second);
        array = it->second;
        auto_[k].array = array;
      } else {
        array = attrs.count("array") ? attrs["array"] : split_words(side_.arrays[0])[1];
      }
      if (!attrs.count("interleave")) groups[{group, array}].push_back(k);
    }
    for (const auto& [key, steps] : groups)
      if (steps.size() > 1)
        for (size_t r = 0; r < steps.size(); ++r) auto_[steps[r]].interleave = fmt::format("{}/{}", r, steps.size());
  }

  const SassFunction& f_;
  const SassPatterns& side_;
  const SassOptions& o_;
  const std::string& file_;
  std::vector<Instruction> parsed_;
  SassPath path_;
  DiagnosticSink sink_;
  int header_lines_ = 0;  // lines of header(): where the body starts
  std::map<int, int> sass_line_;
  std::map<size_t, AutoAccess> auto_;       // by step
  std::map<int, std::string> group_array_;  // loop (-1: none) -> its array, without patterns-file arrays
  std::vector<std::string> arrays_;         // those arrays, in order
};

Imported import_function(const std::string& text, const std::string& file, const SassOptions& o) {
  const SassDump dump = read_sass(text, file);
  const SassFunction& f = select_sass_function(dump, o.function, o.arch, file);
  const SassPatterns side = o.patterns.empty() ? SassPatterns{} : read_sass_patterns(o.patterns);
  return Importer(f, side, o, file).run();
}

}  // namespace

SassOptions sass_options(const ParamMap& params) {
  SassOptions o;
  DiagnosticSink sink;
  for (const auto& [key, value] : params) {
    if (key == "function")
      o.function = value;
    else if (key == "arch")
      o.arch = value;
    else if (key == "patterns")
      o.patterns = value;
    else if (key == "trip_count") {
      const auto v = parse_trip_count(value);
      if (!v)
        sink.add(Diagnostic{"<--param>", 0, 0, key, trip_count_expected(value)});
      else
        o.trip_count = *v;
    } else {
      sink.add(Diagnostic{"<--param>", 0, 0, key,
                          fmt::format("a SASS workload has no parameter '{}' (parameters: {})", key, join(kParams, ", "))});
    }
  }
  sink.throw_if_any();
  return o;
}

std::string import_sass(const std::string& text, const std::string& file, const SassOptions& o) {
  return import_function(text, file, o).text;
}

bool is_sass_file(const std::string& path) {
  if (std::filesystem::path(path).extension() == ".sass") return true;
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return looks_like_sass(ss.str());
}

Kernel load_sass_workload(const std::string& path, const ParamMap& params) {
  const SassOptions o = sass_options(params);
  const Imported imported = import_function(read_text(path, "the SASS file"), path, o);
  // The text's lines are the import's, the user's file is the SASS: every line said is the SASS
  // line it came from (an instruction's, a loop's closing branch), or none (the import's header).
  const auto sass_line = [&imported](int line) {
    const auto it = imported.sass_line.find(line);
    return it == imported.sass_line.end() ? 0 : it->second;
  };
  Kernel k;
  try {
    k = parse_workload(imported.text, path);
  } catch (const UserError& e) {
    std::vector<Diagnostic> ds = e.diagnostics();
    for (Diagnostic& d : ds)
      if (d.file == path) d.line = sass_line(d.line), d.column = 0;
    throw UserError(std::move(ds));
  }
  for (Instruction& in : k.code) in.line = sass_line(in.line);
  for (Loop& l : k.loops) l.line = sass_line(l.line);
  k.launch.line = 0;
  k.params = params;
  return k;
}

std::string sass_workload_text(const std::string& path, const ParamMap& params) {
  return import_sass(read_text(path, "the SASS file"), path, sass_options(params));
}

}  // namespace warpsim::isa
