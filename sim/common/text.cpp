#include "common/text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace warpsim {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == sep) {
      out.emplace_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

std::vector<std::string> split_words(std::string_view s) {
  std::vector<std::string> out;
  std::istringstream in{std::string(s)};
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

std::string_view first_word(std::string_view s) {
  const auto blank = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  size_t b = 0;
  while (b < s.size() && blank(s[b])) ++b;
  size_t e = b;
  while (e < s.size() && !blank(s[e])) ++e;
  return s.substr(b, e - b);
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i) out += sep;
    out += parts[i];
  }
  return out;
}

std::string to_lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::optional<int64_t> parse_int(std::string_view s) {
  s = trim(s);
  if (s.empty()) return std::nullopt;
  bool neg = false;
  if (s.front() == '-' || s.front() == '+') {
    neg = s.front() == '-';
    s.remove_prefix(1);
  }
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s.remove_prefix(2);
  }
  // One sign at most: from_chars would take a second one ("--300" as 300, "+-300" as -300).
  if (s.empty() || !std::isxdigit(static_cast<unsigned char>(s.front()))) return std::nullopt;
  int64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (ec != std::errc() || p != s.data() + s.size() || s.empty()) return std::nullopt;
  return neg ? -v : v;
}

bool is_name(std::string_view s, std::string_view extra) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && extra.find(c) == std::string_view::npos) return false;
  return true;
}

std::optional<double> parse_double(std::string_view s) {
  s = trim(s);
  if (s.empty()) return std::nullopt;
  std::string tmp(s);
  char* end = nullptr;
  double v = std::strtod(tmp.c_str(), &end);
  if (end != tmp.c_str() + tmp.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

size_t invalid_utf8_at(std::string_view s) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = byte(i);
    // The sequence length and the range of its second byte (RFC 3629 Table 3: no overlongs or surrogates).
    size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c < 0x80) {
      ++i;
      continue;
    } else if (c >= 0xC2 && c <= 0xDF) {
      n = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    } else if (c >= 0xF0 && c <= 0xF4) {
      n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    } else {
      return i;
    }
    if (i + n > s.size() || byte(i + 1) < lo || byte(i + 1) > hi) return i;
    for (size_t k = 2; k < n; ++k)
      if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return i;
    i += n;
  }
  return std::string_view::npos;
}

size_t edit_distance(std::string_view a, std::string_view b, size_t limit) {
  // The length gap bounds the distance from below, and so does every row's minimum.
  if ((a.size() > b.size() ? a.size() - b.size() : b.size() - a.size()) >= limit) return limit;
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    size_t row_min = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      row_min = std::min(row_min, cur[j]);
    }
    if (row_min >= limit) return limit;
    std::swap(prev, cur);
  }
  return std::min(prev[b.size()], limit);
}

std::string closest_match(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  size_t best_d = std::max<size_t>(2, word.size() / 3) + 1;
  for (const auto& c : candidates) {
    size_t d = edit_distance(word, c, best_d);
    if (d < best_d) best_d = d, best = c;
  }
  return best;
}

std::optional<uint64_t> parse_byte_size(std::string_view s) {
  s = trim(s);
  uint64_t mult = 1;
  const auto ends = [&](std::string_view suffix) {
    if (s.size() <= suffix.size() || to_lower(s.substr(s.size() - suffix.size())) != to_lower(suffix)) return false;
    s.remove_suffix(suffix.size());
    return true;
  };
  if (ends("TB"))
    mult = uint64_t{1} << 40;
  else if (ends("GB"))
    mult = uint64_t{1} << 30;
  else if (ends("MB"))
    mult = uint64_t{1} << 20;
  else if (ends("KB"))
    mult = uint64_t{1} << 10;
  else
    ends("B");
  const auto v = parse_int(s);
  uint64_t bytes = 0;
  if (!v || *v <= 0 || __builtin_mul_overflow(static_cast<uint64_t>(*v), mult, &bytes)) return std::nullopt;
  return bytes;
}

}  // namespace warpsim
