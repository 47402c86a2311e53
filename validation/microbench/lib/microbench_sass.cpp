#include "microbench_sass.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

namespace warpsim::validation {
namespace {

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// Reads "<length><identifier>" at pos; false if there is none.
bool read_source_name(const std::string& s, size_t& pos, std::string& out) {
  size_t p = pos, len = 0;
  if (p >= s.size() || !is_digit(s[p])) return false;
  while (p < s.size() && is_digit(s[p])) len = len * 10 + static_cast<size_t>(s[p++] - '0');
  if (len == 0 || p + len > s.size()) return false;
  out = s.substr(p, len);
  pos = p + len;
  return true;
}

// Reads "I L<type>[n]<digits>E ... E" (literal template arguments only); false on anything else.
bool read_literal_args(const std::string& s, size_t& pos, std::vector<std::string>& args) {
  size_t p = pos;
  if (p >= s.size() || s[p] != 'I') return false;
  ++p;
  while (p < s.size() && s[p] != 'E') {
    if (s[p] != 'L' || p + 1 >= s.size()) return false;
    p += 2;  // 'L' and the type code (i, j, b, ...)
    std::string v;
    if (p < s.size() && s[p] == 'n') {
      v = "-";
      ++p;
    }
    const size_t start = p;
    while (p < s.size() && is_digit(s[p])) ++p;
    if (p == start || p >= s.size() || s[p] != 'E') return false;
    args.push_back(v + s.substr(start, p - start));
    ++p;
  }
  if (p >= s.size()) return false;
  pos = p + 1;
  return true;
}

std::string opcode_of(const std::string& line) {
  // "        /*0070*/              @!P0 FADD R5, R5, c[0x0][0x168] ;   /* 0x... */"
  const size_t open = line.find("/*");
  if (open == std::string::npos) return "";
  const size_t close = line.find("*/", open + 2);
  if (close == std::string::npos || close == open + 2) return "";
  for (size_t i = open + 2; i < close; ++i)
    if (!std::isxdigit(static_cast<unsigned char>(line[i]))) return "";
  std::istringstream in(line.substr(close + 2));
  std::string word;
  if (!(in >> word)) return "";
  if (word[0] == '@' && !(in >> word)) return "";  // a predicate: @P0, @!PT, @UP1
  if (!std::isupper(static_cast<unsigned char>(word[0]))) return "";
  const size_t end = word.find_first_of(".;");
  return word.substr(0, end);
}

std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r");
  const size_t e = s.find_last_not_of(" \t\r");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

}  // namespace

std::string kernel_key(const std::string& mangled) {
  if (mangled.rfind("_Z", 0) != 0) return mangled;
  size_t pos = 2;
  std::string name, part;
  const bool nested = pos < mangled.size() && mangled[pos] == 'N';
  if (nested) {
    ++pos;
    while (read_source_name(mangled, pos, part)) name = part;
  } else if (!read_source_name(mangled, pos, name)) {
    return mangled;
  }
  if (name.empty()) return mangled;
  std::vector<std::string> args;
  if (pos < mangled.size() && mangled[pos] == 'I' && !read_literal_args(mangled, pos, args)) return mangled;
  if (nested && (pos >= mangled.size() || mangled[pos] != 'E')) return mangled;  // not a whole nested name
  if (args.empty()) return name;
  std::string key = name + "<";
  for (size_t i = 0; i < args.size(); ++i) key += (i ? "," : "") + args[i];
  return key + ">";
}

std::vector<SassFunction> parse_sass(const std::string& text) {
  std::vector<SassFunction> out;
  std::string arch, line;
  bool in_function = false;
  std::istringstream in(text);
  while (std::getline(in, line)) {
    if (const size_t at = line.find("code for sm_"); at != std::string::npos) {
      arch = trim(line.substr(at + 9));
      in_function = false;
      continue;
    }
    if (const size_t at = line.find("Function :"); at != std::string::npos) {
      SassFunction f;
      f.arch = arch;
      f.name = trim(line.substr(at + 10));
      f.key = kernel_key(f.name);
      out.push_back(f);
      in_function = true;
      continue;
    }
    if (!in_function) continue;
    const std::string op = opcode_of(line);
    if (op.empty() || op == "NOP") continue;
    SassCounts& c = out.back().counts;
    ++c.total;
    if (op == "LDG")
      ++c.ldg;
    else if (op == "FADD")
      ++c.fadd;
    else if (op == "MUFU")
      ++c.mufu;
    else if (op == "LDS")
      ++c.lds;
  }
  return out;
}

SassCheck check_sass(const std::vector<SassFunction>& functions, const std::vector<KernelMix>& expected, bool require_all) {
  SassCheck check;
  std::map<std::string, const KernelMix*> by_key;
  for (const KernelMix& m : expected) by_key[m.key] = &m;
  std::set<std::string> archs, unchecked;
  std::set<std::pair<std::string, std::string>> seen;
  for (const SassFunction& f : functions) {
    archs.insert(f.arch);
    const auto it = by_key.find(f.key);
    if (it == by_key.end()) {
      unchecked.insert(f.key);
      continue;
    }
    seen.insert({f.arch, f.key});
    ++check.checked;
    const KernelMix& m = *it->second;
    const std::pair<const char*, std::pair<int, int>> counts[] = {{"LDG", {m.ldg, f.counts.ldg}},
                                                                  {"FADD", {m.fadd, f.counts.fadd}},
                                                                  {"MUFU", {m.mufu, f.counts.mufu}},
                                                                  {"LDS", {m.lds, f.counts.lds}}};
    for (const auto& [op, want_found] : counts) {
      const auto [want, found] = want_found;
      if (want >= 0 && want != found)
        check.failures.push_back(f.key + " on " + f.arch + ": " + op + " expected " + std::to_string(want) + ", found " +
                                 std::to_string(found) + " (" + m.why + ")");
    }
  }
  if (require_all)
    for (const std::string& arch : archs)
      for (const KernelMix& m : expected)
        if (!seen.count({arch, m.key})) check.failures.push_back(m.key + " on " + arch + ": not in the listing (renamed or not compiled?)");
  check.archs.assign(archs.begin(), archs.end());
  check.unchecked.assign(unchecked.begin(), unchecked.end());
  if (check.checked == 0) check.failures.push_back("no kernel of the suite found in the listing (not cuobjdump -sass output?)");
  return check;
}

std::string sass_check_summary(const SassCheck& check) {
  std::string archs;
  for (const auto& a : check.archs) archs += (archs.empty() ? "" : " ") + a;
  if (!check.ok()) return "FAILED: " + std::to_string(check.failures.size()) + " mismatches (" + archs + ")";
  return "passed: " + std::to_string(check.checked) + " kernels x architectures (" + archs +
         ") have their intended LDG / FADD / MUFU / LDS counts";
}

std::string format_sass_check(const SassCheck& check) {
  std::string s = "SASS check " + sass_check_summary(check) + "\n";
  for (const auto& f : check.failures) s += "  MISMATCH " + f + "\n";
  if (!check.unchecked.empty()) {
    s += "  not checked (no intended mix):";
    for (const auto& k : check.unchecked) s += " " + k;
    s += "\n";
  }
  return s;
}

}  // namespace warpsim::validation
