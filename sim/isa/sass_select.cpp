#include "isa/sass_select.h"

#include <cxxabi.h>
#include <fmt/format.h>

#include <cstdlib>
#include <memory>
#include <set>

#include "common/text.h"
#include "common/user_error.h"

namespace warpsim::isa {
namespace {

std::string without_blanks(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\t') out += c;
  return out;
}

std::string label(const SassFunction& f) {
  return f.arch.empty() ? kernel_name(f.name) : fmt::format("{} ({})", kernel_name(f.name), f.arch);
}

std::string listing(const std::vector<const SassFunction*>& fs) {
  std::vector<std::string> names;
  for (size_t i = 0; i < fs.size() && i < 12; ++i) names.push_back(label(*fs[i]));
  if (fs.size() > 12) names.push_back(fmt::format("and {} more", fs.size() - 12));
  return join(names, ", ");
}

}  // namespace

std::string demangled_name(const std::string& mangled) {
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> d(abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status), &std::free);
  return status == 0 && d ? std::string(d.get()) : mangled;
}

std::string kernel_name(const std::string& mangled) {
  std::string s = demangled_name(mangled);
  // Drop the parameter list: the last top-level "(...)" at the end.
  int depth = 0;
  for (size_t i = s.size(); i-- > 0;) {
    if (s[i] == ')') ++depth;
    if (s[i] == '(' && --depth == 0) {
      if (i > 0 && s.back() == ')') s.resize(i);
      break;
    }
  }
  // Drop the return type and the scopes: everything before the last top-level blank or "::".
  size_t start = 0;
  depth = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '<' || s[i] == '(') ++depth;
    if (s[i] == '>' || s[i] == ')') --depth;
    if (depth == 0 && s[i] == ' ') start = i + 1;
    if (depth == 0 && s.compare(i, 2, "::") == 0) start = i + 2;
  }
  const std::string name = without_blanks(s.substr(start));
  return name.empty() ? mangled : name;
}

const SassFunction& select_sass_function(const SassDump& dump, const std::string& function, const std::string& arch,
                                         const std::string& file) {
  const auto fail = [&](const std::string& key, const std::string& msg) -> const SassFunction& {
    throw UserError(Diagnostic{file, 0, 0, key, msg});
  };
  std::vector<const SassFunction*> in_arch;
  std::set<std::string> archs;
  for (const SassFunction& f : dump.functions) {
    archs.insert(f.arch);
    if (arch.empty() || f.arch == arch) in_arch.push_back(&f);
  }
  if (dump.functions.empty()) return fail("function", "no function in the file (no `Function :` line)");
  if (in_arch.empty())
    return fail("arch",
                fmt::format("no code for '{}' (the file has {})", arch, join(std::vector<std::string>(archs.begin(), archs.end()), ", ")));
  const auto one = [&](const std::vector<const SassFunction*>& fs, const std::string& ambiguity) -> const SassFunction& {
    if (fs.size() == 1) return *fs[0];
    std::set<std::string> names;
    for (const SassFunction* f : fs) names.insert(f->name);
    if (names.size() == 1 && arch.empty())
      return fail("arch", fmt::format("{} is in the code of {} architectures: give the arch ({})", kernel_name(fs[0]->name), fs.size(),
                                      listing(fs)));
    return fail("function", fmt::format("{}: {}", ambiguity, listing(fs)));
  };
  if (function.empty()) return one(in_arch, fmt::format("the file holds {} functions; say which", in_arch.size()));
  const std::string want = without_blanks(function);
  std::vector<const SassFunction*> exact, partial;
  for (const SassFunction* f : in_arch) {
    const std::string d = without_blanks(demangled_name(f->name));
    if (f->name == want || d == want || kernel_name(f->name) == want)
      exact.push_back(f);
    else if (f->name.find(want) != std::string::npos || d.find(want) != std::string::npos)
      partial.push_back(f);
  }
  if (!exact.empty()) return one(exact, fmt::format("'{}' names {} functions", function, exact.size()));
  if (!partial.empty()) return one(partial, fmt::format("'{}' is part of the names of {} functions", function, partial.size()));
  std::vector<std::string> names;
  for (const SassFunction* f : in_arch) names.push_back(kernel_name(f->name));
  const std::string hint = closest_match(want, names);
  return fail("function", fmt::format("no function named '{}'{} (functions: {})", function,
                                      hint.empty() ? "" : fmt::format("; did you mean '{}'?", hint), listing(in_arch)));
}

}  // namespace warpsim::isa
