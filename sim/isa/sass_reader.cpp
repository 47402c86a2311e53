#include "isa/sass_reader.h"

#include <fmt/format.h>

#include <cctype>
#include <sstream>

#include "common/text.h"
#include "common/user_error.h"

namespace warpsim::isa {
namespace {

bool is_hex(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// "/*0070*/ rest" -> 0x70 and "rest"; -1 when the line does not start with an address.
int64_t take_address(std::string_view& s) {
  if (!s.starts_with("/*")) return -1;
  const size_t close = s.find("*/");
  if (close == std::string_view::npos) return -1;
  const std::string_view inside = trim(s.substr(2, close - 2));
  if (!is_hex(inside) || inside.size() > 12) return -1;
  s = trim(s.substr(close + 2));
  return static_cast<int64_t>(std::stoull(std::string(inside), nullptr, 16));
}

// A control-word or encoding comment alone: "/* 0x000fc400078e00ff */".
bool is_encoding(std::string_view s) {
  if (!s.starts_with("/*") || !s.ends_with("*/")) return false;
  const std::string_view inside = trim(s.substr(2, s.size() - 4));
  return inside.starts_with("0x") && is_hex(inside.substr(2));
}

// Lines of the dump that carry nothing to simulate: cuobjdump's ELF headers ("arch = sm_80",
// "Fatbin elf code:", "====="), the end of a function (".........."), nvdisasm's directives and
// comments.
bool is_header(std::string_view s) {
  if (s.starts_with("//") || s == "{" || s == "}") return true;
  if (s.starts_with("Fatbin ") && s.ends_with(":")) return true;
  if (s == "compressed") return true;  // a fatbin entry's flag (CUDA 12.8+ cuobjdump; the H200 run's sass.txt)
  if (s.find_first_not_of('=') == std::string_view::npos || s.find_first_not_of('.') == std::string_view::npos) return true;
  if (s.starts_with(".") && !s.ends_with(":")) return true;  // .headerflags, .section, .align, ...
  const size_t eq = s.find(" = ");
  return eq != std::string_view::npos && is_name(trim(s.substr(0, eq)), " ");  // "code version = [1,7]"
}

class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}

  SassDump run(const std::string& text) {
    std::istringstream in(text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text);
    std::string raw;
    for (int n = 1; std::getline(in, raw); ++n) line(n, trim(raw));
    sink_.throw_if_any();
    return std::move(dump_);
  }

 private:
  void line(int n, std::string_view s) {
    if (s.empty() || is_encoding(s)) return;
    if (s.starts_with("code for sm_")) {
      arch_ = std::string(trim(s.substr(9)));
      return;
    }
    if (s.starts_with("Function :") || s.starts_with("Function:")) {
      start_function(std::string(trim(s.substr(s.find(':') + 1))), n);
      return;
    }
    // nvdisasm opens a function with the label ".text.NAME:"
    if (s.starts_with(".text.") && s.ends_with(":")) {
      start_function(std::string(s.substr(6, s.size() - 7)), n);
      return;
    }
    if (s.ends_with(":") && s.find_first_of(" \t") == std::string_view::npos) {
      label(n, std::string(s.substr(0, s.size() - 1)));
      return;
    }
    if (is_header(s)) return;
    std::string_view rest = s;
    const int64_t address = take_address(rest);
    const size_t semi = rest.find(';');
    std::string_view code = trim(rest.substr(0, semi));
    if (address < 0 && semi == std::string_view::npos) {
      error(n, fmt::format("not a line of cuobjdump -sass or nvdisasm output: '{}'", s));
      return;
    }
    if (semi == std::string_view::npos) code = trim(code.substr(0, code.find("/*")));
    const std::string_view after = semi == std::string_view::npos ? std::string_view{} : trim(rest.substr(semi + 1));
    if (code.empty() || (!after.empty() && !is_encoding(after))) {
      error(n, fmt::format("not a line of cuobjdump -sass or nvdisasm output: '{}'", s));
      return;
    }
    if (dump_.functions.empty()) {
      error(n, "an instruction before any function (no `Function :` line above it)");
      return;
    }
    dump_.functions.back().code.push_back({n, address, std::string(code)});
  }

  void start_function(std::string name, int n) {
    // A nameless function would become a workload with no `.kernel` name, blamed on generated text.
    if (name.empty()) error(n, "a `Function :` line without the function's name");
    // nvdisasm prints ".text.NAME:" and then "NAME:" for one function.
    if (!dump_.functions.empty() && dump_.functions.back().name == name && dump_.functions.back().code.empty()) return;
    // Two functions of one name and architecture (two dumps pasted together) could not be told apart.
    for (const SassFunction& f : dump_.functions)
      if (f.name == name && f.arch == arch_ && !name.empty())
        error(n, fmt::format("function {}{} given twice (first at line {}): a dump holds each function once", name,
                             arch_.empty() ? "" : " (" + arch_ + ")", f.line));
    dump_.functions.push_back({std::move(name), arch_, n, {}, {}});
  }

  void label(int n, std::string name) {
    if (dump_.functions.empty()) return;  // a symbol label of nvdisasm before the first function
    SassFunction& f = dump_.functions.back();
    if (name == f.name) return;
    const auto [it, fresh] = f.labels.emplace(name, static_cast<int>(f.code.size()));
    if (!fresh) error(n, fmt::format("label '{}' defined twice in function {}", name, f.name));
  }

  void error(int n, std::string msg) { sink_.add(Diagnostic{file_, n, 0, "", std::move(msg)}); }

  std::string file_;
  std::string arch_;
  SassDump dump_;
  DiagnosticSink sink_;
};

}  // namespace

SassDump read_sass(const std::string& text, const std::string& file) { return Reader(file).run(text); }

bool looks_like_sass(const std::string& text) {
  std::istringstream in(text);
  std::string raw;
  while (std::getline(in, raw)) {
    const std::string_view s = trim(raw);
    if (s.starts_with("code for sm_") || s.starts_with("Function :") || s.starts_with("/*0000*/")) return true;
  }
  return false;
}

}  // namespace warpsim::isa
