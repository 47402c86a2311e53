#include "isa/sass_patterns.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "common/text.h"
#include "common/text_file.h"
#include "common/user_error.h"
#include "isa/kernel.h"
#include "isa/workload_parser.h"

namespace warpsim::isa {

std::optional<int64_t> parse_trip_count(std::string_view text) {
  const auto v = parse_int(text);
  return v && *v >= 0 && *v <= int64_t{1'000'000'000'000} ? v : std::nullopt;
}

// Written out: "1e12" itself is no integer the parser takes.
std::string trip_count_expected(std::string_view text) {
  return fmt::format("expected a trip count, an integer in [0, 1000000000000], found '{}'", text);
}
namespace {

const std::vector<std::string> kKeys{"pattern", "bytes", "array", "threads", "interleave", "trips", "branch"};

// "0x0150" or "/*0150*/" -> 0x150.
std::optional<int64_t> address_of(const std::string& w) {
  std::string hex;
  if (w.starts_with("0x") || w.starts_with("0X"))
    hex = w.substr(2);
  else if (w.starts_with("/*") && w.ends_with("*/") && w.size() > 4)
    hex = w.substr(2, w.size() - 4);
  if (hex.empty() || hex.size() > 12 || hex.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) return std::nullopt;
  return static_cast<int64_t>(std::stoull(hex, nullptr, 16));
}

class PatternReader {
 public:
  explicit PatternReader(std::string path) { out_.file = std::move(path); }

  SassPatterns run(const std::string& text) {
    std::istringstream in(text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text);  // a UTF-8 byte order mark, as the dump's reader
    std::string raw;
    std::vector<std::pair<int, std::vector<std::string>>> lines;
    for (int n = 1; std::getline(in, raw); ++n) {
      const std::string code(trim(std::string_view(raw).substr(0, raw.find('#'))));
      if (!code.empty()) lines.push_back({n, split_words(code)});
    }
    for (const auto& [n, w] : lines)  // arrays first: an entry may name one declared below it
      if (w[0] == ".array") array(n, w);
    for (const auto& [n, w] : lines) line(n, w);
    sink_.throw_if_any();
    return std::move(out_);
  }

 private:
  void error(int n, std::string key, std::string msg) { sink_.add(Diagnostic{out_.file, n, 0, std::move(key), std::move(msg)}); }

  void array(int n, const std::vector<std::string>& w) {
    if (w.size() < 2 || w.size() > 3 || !is_name(w[1])) return error(n, ".array", "expected `.array NAME [SIZE]` (SIZE like 512MB)");
    if (w.size() == 3 && !parse_byte_size(w[2]))
      return error(n, ".array", fmt::format("expected a size like 512MB (B, KB, MB, GB or TB), found '{}'", w[2]));
    if (!out_.array_index.emplace(w[1], static_cast<int>(out_.arrays.size())).second)
      return error(n, ".array", fmt::format("array '{}' declared twice", w[1]));
    out_.arrays.push_back(join(w, " "));
  }

  void line(int n, const std::vector<std::string>& w) {
    if (w[0] == ".array") return;
    if (w[0] == ".launch") {
      if (!out_.launch.empty()) return error(n, ".launch", ".launch given twice");
      LaunchSpec scratch;
      const auto errors = parse_launch(std::vector<std::string>(w.begin() + 1, w.end()), scratch);
      for (const LaunchError& e : errors) error(n, e.key, e.message);
      if (errors.empty()) out_.launch = join(w, " ");
      return;
    }
    SassPatternEntry* entry = nullptr;
    if (w[0] == "default") {
      if (out_.defaults.line != 0) return error(n, "default", fmt::format("`default` given twice (first at line {})", out_.defaults.line));
      entry = &out_.defaults;
    } else if (const auto address = address_of(w[0])) {
      const auto [it, fresh] = out_.entries.emplace(*address, SassPatternEntry{});
      if (!fresh) return error(n, w[0], fmt::format("address given twice (first at line {})", it->second.line));
      entry = &it->second;
    } else {
      return error(n, w[0],
                   "expected `.array`, `.launch`, `default` or an instruction's address such as 0x0150 (as cuobjdump prints /*0150*/)");
    }
    entry->line = n;
    std::vector<std::string> memory;
    std::vector<std::string> given;  // a key twice on a line: the last would win without a word
    for (size_t i = 1; i < w.size(); ++i) {
      const size_t eq = w[i].find('=');
      const std::string key = w[i].substr(0, eq), value = eq == std::string::npos ? "" : w[i].substr(eq + 1);
      if (eq != std::string::npos && std::find(given.begin(), given.end(), key) != given.end()) {
        error(n, key, fmt::format("'{}' given twice on this line", key));
        continue;
      }
      given.push_back(key);
      if (eq == std::string::npos || std::find(kKeys.begin(), kKeys.end(), key) == kKeys.end()) {
        const std::string hint = closest_match(key, kKeys);
        error(n, key,
              fmt::format("expected key=value with a key of {}{}", join(kKeys, ", "),
                          hint.empty() || hint == key ? "" : fmt::format(" (did you mean '{}'?)", hint)));
      } else if (key == "trips") {
        const auto v = parse_trip_count(value);
        if (!v)
          error(n, key, trip_count_expected(value));
        else
          entry->trips = *v;
      } else if (key == "branch") {
        if (value != "taken" && value != "not_taken")
          error(n, key, fmt::format("expected taken or not_taken, found '{}'", value));
        else
          entry->taken = value == "taken";
      } else {
        memory.push_back(w[i]);
      }
    }
    if (entry == &out_.defaults && (entry->trips || entry->taken))
      error(n, "default", "`default` gives memory attributes only (a loop's trips: --trip-count, or the address of its branch)");
    entry->attrs = join(memory, " ");
    AccessPattern scratch;
    if (const KeyedError err = parse_access_pattern(entry->attrs, scratch, out_.array_index); !err.message.empty())
      error(n, w[0], err.message);
  }

  SassPatterns out_;
  DiagnosticSink sink_;
};

}  // namespace

SassPatterns read_sass_patterns(const std::string& path) {
  return PatternReader(path).run(read_text_file(path, "patterns", "the patterns file"));
}

}  // namespace warpsim::isa
