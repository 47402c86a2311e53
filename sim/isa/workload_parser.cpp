#include "isa/workload_parser.h"

#include <fmt/format.h>

#include <limits>

#include <algorithm>
#include <map>
#include <sstream>

#include "common/text.h"
#include "common/user_error.h"
#include "isa/instruction_parser.h"
#include "isa/opcodes.h"
#include "isa/workload_params.h"

namespace warpsim::isa {
namespace {

class Parser {
 public:
  Parser(std::string file, const ParamMap& overrides) : file_(std::move(file)), params_(file_, overrides, sink_) {}

  Kernel run(const std::string& text) {
    std::vector<SourceLine> lines;
    // A UTF-8 byte-order mark, as some editors write one, is not part of the first line.
    std::istringstream in(text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text);
    std::string raw;
    for (int n = 1; std::getline(in, raw); ++n) lines.push_back({n, strip_comment(raw)});
    params_.declare(lines);
    // A bad parameter (an unknown --param, a value not among its choices) would make every line
    // that uses it an error too: those follow from it, so it is reported alone.
    sink_.throw_if_any();
    kernel_.params = params_.values();
    kernel_.source = file_;
    process(lines, 0, lines.size());
    if (!open_loops_.empty()) error(open_loops_.back().line, ".loop without .endloop");
    finish(lines.empty() ? 1 : lines.back().number);
    sink_.throw_if_any();
    return std::move(kernel_);
  }

 private:
  struct OpenLoop {
    int begin_pc;
    int64_t count;
    int line;
    int64_t body_runs;  // runs per warp of its body: its count times the enclosing loops' (capped)
    size_t errors;      // the sink's count when it opened: a body whose every line failed is no "empty loop"
  };

  // A line whose values came from --param says which: the key the error names is the file's
  // (nnz_per_row), the one the user typed is the parameter (nnz).
  void error(int line, std::string msg, std::string key = "") {
    if (line == current_line_ && !current_overrides_.empty())
      msg += fmt::format(" (the line takes --param {})", join(current_overrides_, " --param "));
    sink_.add(Diagnostic{file_, line, 0, std::move(key), std::move(msg)});
  }

  int64_t parse_count(const std::string& text, int line, const char* what) {
    auto v = parse_int(text);
    if (!v || *v < 0) {
      error(line, fmt::format("expected a non-negative integer count, found '{}'", text), what);
      return 0;
    }
    return *v;
  }

  // Finds the line index closing the block opened at `i` (matching nested pairs of open/close).
  size_t find_close(const std::vector<SourceLine>& lines, size_t i, size_t end, const char* open, const char* close) {
    int depth = 0;
    for (size_t j = i; j < end; ++j) {
      const std::string_view w = first_word(lines[j].text);
      if (w == open) ++depth;
      if (w == close && --depth == 0) {
        expanded_lines_ += static_cast<int64_t>(j - i);  // scanned, if not processed: in the budget too
        return j;
      }
    }
    return end;
  }

  void process(const std::vector<SourceLine>& lines, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      const SourceLine& raw = lines[i];
      if (too_long_ || !expand_one(raw.number) || reading_stopped()) return;
      if (raw.text.empty()) continue;
      current_overrides_.clear();
      current_line_ = raw.number;
      const std::string text = params_.substitute(raw, &current_overrides_);
      auto words = split_words(text);
      if (words.empty()) continue;  // a line that was only an unknown ${...} (already an error)
      const std::string& head = words[0];
      const int ln = raw.number;
      if (head == ".param") continue;  // handled in pass 1
      if ((head == ".kernel" || head == ".description" || head == ".launch") && !first_time(head, ln)) continue;
      if (head == ".kernel") {
        if (words.size() < 2)
          error(ln, "expected `.kernel NAME`", ".kernel");
        else
          kernel_.name = words[1];
      } else if (head == ".description") {
        kernel_.description = std::string(trim(std::string_view(text).substr(head.size())));
        if (kernel_.description.size() >= 2 && kernel_.description.front() == '"' && kernel_.description.back() == '"')
          kernel_.description = kernel_.description.substr(1, kernel_.description.size() - 2);
      } else if (head == ".array") {
        parse_array_line(words, ln);
      } else if (head == ".launch") {
        parse_launch_line(words, ln);
      } else if (head == ".sparse") {
        parse_sparse_line(words, ln);
      } else if (head == ".repeat") {
        seen_repeat_ = true;
        size_t close = find_close(lines, i, end, ".repeat", ".endrepeat");
        if (close == end) {
          error(ln, ".repeat without .endrepeat");
          return;
        }
        int64_t n = words.size() == 2 ? parse_count(words[1], ln, ".repeat") : (error(ln, "expected `.repeat COUNT`"), 0);
        if (n > kMaxInstructions) {
          error(ln, fmt::format("{} copies unroll past the {} instructions a kernel may have (a long run is a .loop)", n, kMaxInstructions),
                ".repeat");
          too_long_ = true;  // an enclosing .repeat would report it once per copy
        }
        for (int64_t r = 0; r < n && !too_long_ && !reading_stopped() && expand_one(ln); ++r) process(lines, i + 1, close);
        i = close;
      } else if (head == ".if") {
        size_t close = find_close(lines, i, end, ".if", ".endif");
        if (close == end) {
          error(ln, ".if without .endif");
          return;
        }
        size_t else_at = close;
        int depth = 0;
        for (size_t j = i + 1; j < close; ++j) {
          const std::string_view w = first_word(lines[j].text);
          if (w == ".if") ++depth;
          if (w == ".endif") --depth;
          if (w == ".else" && depth == 0) else_at = j;
        }
        std::string expr(trim(std::string_view(text).substr(3)));
        if (params_.eval_condition(expr, ln))
          process(lines, i + 1, else_at);
        else if (else_at != close)
          process(lines, else_at + 1, close);
        i = close;
      } else if (head == ".loop") {
        int64_t n = words.size() == 2 ? parse_count(words[1], ln, ".loop") : (error(ln, "expected `.loop COUNT`"), 0);
        int64_t body_runs = loop_nest_runs(n);
        if (body_runs > kMaxBodyExecutions) {
          error(ln,
                fmt::format(
                    "the loop nest runs its body more than {:.0e} times per warp: past any feasible run (a count with zeros too many?)",
                    static_cast<double>(kMaxBodyExecutions)),
                ".loop");
          n = 1;  // parsing goes on without errors that follow from this one
          body_runs = loop_nest_runs(n);
        }
        open_loops_.push_back({static_cast<int>(kernel_.code.size()), n, ln, body_runs, sink_.count()});
      } else if (head == ".endloop") {
        close_loop(ln);
      } else if (head == ".endrepeat" || head == ".endif" || head == ".else") {
        error(ln, fmt::format("{} without a matching opening directive", head));
      } else if (head[0] == '.') {
        error(
            ln,
            fmt::format(
                "unknown directive '{}' (valid: .kernel .description .param .array .sparse .launch .loop .endloop .repeat .endrepeat .if .else "
                ".endif)",
                head));
      } else {
        parse_instruction_line(text, ln);
      }
    }
  }

  // Executions per warp of an instruction in a new loop of `count` inside the open ones, capped:
  // far past the device's work guard (1e12 warp instructions, device.cpp), and small enough that
  // the kernel's execution counts (isa::execution_counts, int64) cannot overflow.
  static constexpr int64_t kMaxBodyExecutions = 1'000'000'000'000'000;
  // Above kMaxBodyExecutions once past it; kept per open loop so that a deep nest costs O(1) a loop.
  int64_t loop_nest_runs(int64_t count) const {
    const int64_t outer = open_loops_.empty() ? 1 : open_loops_.back().body_runs;
    int64_t runs = 0;
    if (__builtin_mul_overflow(count, outer, &runs) || runs > kMaxBodyExecutions) return kMaxBodyExecutions + 1;
    return runs;
  }

  // Past the diagnostics cap every further error would be dropped: a .repeat of bad lines stops
  // there, and the message says so instead of counting what it did not read.
  bool reading_stopped() {
    if (!sink_.full()) return false;
    sink_.stop_counting();
    return true;
  }

  // Every line a .repeat copies, and every copy, counts against a budget: nested .repeat of lines
  // that unroll no instruction (directives, errors, nothing) would otherwise run unbounded.
  static constexpr int64_t kMaxExpandedLines = int64_t{8} << 20;
  bool expand_one(int ln) {
    if (++expanded_lines_ <= kMaxExpandedLines) return true;
    if (seen_repeat_)
      error(ln, fmt::format("the .repeat nest expands past {} lines (a long run is a .loop)", kMaxExpandedLines), ".repeat");
    else  // each .if scans its block for its .else: blocks thousands deep are read again and again
      error(ln, fmt::format("the .if blocks, nested thousands deep, are read past {} lines: nest them less deeply", kMaxExpandedLines),
            ".if");
    too_long_ = true;
    return false;
  }

  void close_loop(int ln) {
    if (open_loops_.empty()) {
      error(ln, ".endloop without .loop");
      return;
    }
    OpenLoop l = open_loops_.back();
    open_loops_.pop_back();
    const int end_pc = static_cast<int>(kernel_.code.size()) - 1;
    if (end_pc < l.begin_pc) {
      if (sink_.count() == l.errors) error(l.line, "empty loop");
      return;
    }
    if (l.count == 0) {  // a loop run zero times contributes no instructions, nor loops nested in it
      kernel_.code.resize(l.begin_pc);
      // Loops are added as they close, so those nested in this one are the last ones added.
      while (!kernel_.loops.empty() && kernel_.loops.back().begin >= l.begin_pc) kernel_.loops.pop_back();
      return;
    }
    kernel_.loops.push_back({l.begin_pc, end_pc, l.count, l.line});
  }

  void parse_array_line(const std::vector<std::string>& w, int ln) {
    ArraySpec a;
    if (const KeyedError e = parse_array(std::vector<std::string>(w.begin() + 1, w.end()), a); !e.message.empty()) {
      error(ln, e.message, e.key);
      return;
    }
    if (array_index_.count(a.name)) {
      error(ln, fmt::format("array '{}' declared twice", a.name), ".array");
      return;
    }
    // The arrays sit back to back, each from a 1 GiB boundary (sm/address_generator.cpp): past the
    // GPU's virtual address space two would share addresses, and their accesses each other's lines.
    const uint64_t span = (a.bytes - 1) / kArrayAlign + 1;  // 1 GiB units, a.bytes > 0
    if (span > kAddressSpace / kArrayAlign - array_units_)  // reported; the array is still declared for the lines naming it
      error(ln,
            fmt::format("array '{}' ({} bytes) takes the arrays past the GPU's 512 TB virtual address space (49 bits)", a.name, a.bytes),
            ".array");
    else
      array_units_ += span;
    array_index_[a.name] = static_cast<int>(kernel_.arrays.size());
    kernel_.arrays.push_back(a);
  }

  // A directive that sets the kernel's one name, description or launch: a second one would
  // silently replace the first. (A line a .repeat copies is still one line.)
  bool first_time(const std::string& directive, int ln) {
    const auto [it, fresh] = directive_line_.emplace(directive, ln);
    if (fresh || it->second == ln) return true;
    error(ln, fmt::format("{} given twice (first at line {})", directive, it->second), directive);
    return false;
  }

  void parse_launch_line(const std::vector<std::string>& w, int ln) {
    kernel_.launch.line = ln;
    for (const LaunchError& e : parse_launch(std::vector<std::string>(w.begin() + 1, w.end()), kernel_.launch)) error(ln, e.message, e.key);
  }

  void parse_sparse_line(const std::vector<std::string>& w, int ln) {
    SparseSpec spec;
    spec.line = ln;
    std::vector<KeyedError> errors = parse_sparse(std::vector<std::string>(w.begin() + 1, w.end()), spec);
    if (errors.empty() && sparse_index_.count(spec.name))
      errors.push_back({".sparse", fmt::format("matrix '{}' declared twice", spec.name)});
    for (const KeyedError& e : errors) error(ln, e.message, e.key);
    // A named matrix with bad keys is still declared, so that its gathers report nothing more
    // (the errors above stop the load anyway).
    if (spec.name.empty() || sparse_index_.count(spec.name)) return;
    sparse_index_[spec.name] = static_cast<int>(kernel_.sparse.size());
    kernel_.sparse.push_back(std::move(spec));
  }

  void parse_instruction_line(const std::string& text, int ln) {
    std::string code = text, attrs;
    if (auto semi = text.find(';'); semi != std::string::npos) {
      code = std::string(trim(std::string_view(text).substr(0, semi)));
      attrs = std::string(trim(std::string_view(text).substr(semi + 1)));
    }
    Instruction in;
    if (std::string err = parse_instruction(code, in); !err.empty()) {
      error(ln, err);
      return;
    }
    in.line = ln;
    if (is_memory(in.cls)) {
      AccessPattern ap;
      if (kernel_.arrays.empty()) {  // an implicit array for kernels that declare none
        array_index_["data"] = 0;
        kernel_.arrays.push_back({"data", 512ull << 20});
      }
      // A size modifier (LDG.E.128) sets the bytes per thread; `bytes=` may only repeat it.
      const int sized = access_bytes_of(in.opcode);
      if (sized > 0) ap.bytes = sized;
      ap.kind = find_opcode(in.opcode)->default_access;
      if (const KeyedError err = parse_access_pattern(attrs, ap, array_index_, sparse_index_); !err.message.empty()) {
        error(ln, err.message, err.key.empty() ? in.opcode : err.key);
        return;
      }
      // Shared-memory addresses are laid out once per instruction against the banks (§6.2).
      if (!is_global_memory(in.cls) &&
          (ap.kind == AccessKind::Affine || is_gather(ap.kind) || (ap.kind == AccessKind::Random && ap.param > 1))) {
        error(ln,
              "affine, gather and random:K patterns address global memory (shared memory takes stream, stride:K, broadcast, conflict:K, "
              "random)",
              "pattern");
        return;
      }
      if (sized > 0 && ap.bytes != sized) {
        error(ln, fmt::format("bytes={} contradicts the opcode's size, {} bytes per thread", ap.bytes, sized), in.opcode);
        return;
      }
      // Instruction::access is 16 bits: more memory instructions than it numbers is an error,
      // not a silent wrap.
      if (kernel_.accesses.size() > static_cast<size_t>(std::numeric_limits<int16_t>::max())) {
        error(ln, fmt::format("more than {} memory instructions (a long run is a .loop)", std::numeric_limits<int16_t>::max() + 1),
              in.opcode);
        too_long_ = true;
        return;
      }
      in.access = static_cast<int16_t>(kernel_.accesses.size());
      kernel_.accesses.push_back(ap);
    } else if (!attrs.empty()) {
      error(ln, fmt::format("attributes '{}' apply only to memory instructions", attrs), in.opcode);
      return;
    }
    kernel_.code.push_back(std::move(in));
    if (static_cast<int64_t>(kernel_.code.size()) > kMaxInstructions) {
      error(ln, fmt::format("the kernel unrolls past {} instructions (a long run is a .loop)", kMaxInstructions));
      too_long_ = true;  // stop unrolling: every further line would repeat this error
    }
  }

  // `last_line`: where the file ends, for errors about what it lacks.
  void finish(int last_line) {
    if (kernel_.name.empty()) kernel_.name = "kernel";
    if (too_long_) return;  // already reported; what was unrolled is not the kernel
    if (kernel_.code.empty()) {
      // Instruction lines that failed are reported already; the file is not empty of them.
      if (sink_.empty()) error(last_line, "the workload has no instructions (reached the end of the file)");
      return;
    }
    // A guarded EXIT is not taken (isa::Instruction::predicated): it neither ends the kernel nor
    // leaves instructions after it unreachable.
    const auto ends = [](const Instruction& in) { return in.opcode == "EXIT" && !in.predicated; };
    if (!ends(kernel_.code.back())) {
      Instruction exit;
      parse_instruction("EXIT", exit);
      kernel_.code.push_back(exit);
    }
    // Loops open minus loops closed before each pc: linear in code and loops, however many EXITs.
    std::vector<int> loop_edges(kernel_.code.size() + 1, 0);
    for (const auto& l : kernel_.loops) ++loop_edges[l.begin], --loop_edges[l.end + 1];
    int open = 0;
    for (size_t pc = 0; pc + 1 < kernel_.code.size(); ++pc) {
      open += loop_edges[pc];
      if (ends(kernel_.code[pc]) && open == 0)
        error(kernel_.code[pc].line, "EXIT before the end of the kernel (instructions after it would never run)");
    }
  }

  // Static instructions of one kernel, after .repeat unrolling: far beyond any real kernel's
  // body (the seeds' longest is a few thousand), and ~100 MB of decoded code.
  static constexpr int64_t kMaxInstructions = int64_t{1} << 20;
  // Global memory's virtual address space: 49 bits since Pascal (NVIDIA Tesla P100 whitepaper,
  // "49-bit virtual addressing"), less the 8 MB below the first array (a GiB kept for it).
  static constexpr uint64_t kArrayAlign = uint64_t{1} << 30;
  static constexpr uint64_t kAddressSpace = (uint64_t{1} << 49) - kArrayAlign;
  uint64_t array_units_ = 0;  // GiB the arrays declared so far take
  bool too_long_ = false;
  int64_t expanded_lines_ = 0;
  bool seen_repeat_ = false;  // whether the budget can have gone to .repeat copies (its error names the directive that used it)
  std::string file_;
  DiagnosticSink sink_;
  WorkloadParams params_;
  Kernel kernel_;
  std::map<std::string, int> array_index_;
  std::map<std::string, int> sparse_index_;
  std::map<std::string, int> directive_line_;   // .kernel, .description, .launch: where given
  int current_line_ = 0;                        // the line process() is at
  std::vector<std::string> current_overrides_;  // its --param values (NAME=VALUE) it took
  std::vector<OpenLoop> open_loops_;
};

}  // namespace

Kernel parse_workload(const std::string& text, const std::string& file, const ParamMap& overrides) {
  return Parser(file, overrides).run(text);
}

}  // namespace warpsim::isa
