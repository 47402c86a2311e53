// Small text helpers shared by the parsers (config, workload, CLI, CSV).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace warpsim {

std::string_view trim(std::string_view s);
std::vector<std::string> split(std::string_view s, char sep);  // keeps empty fields
std::vector<std::string> split_words(std::string_view s);      // on runs of blanks
std::string_view first_word(std::string_view s);               // split_words(s)[0] without copies; "" if none
std::string join(const std::vector<std::string>& parts, std::string_view sep);
std::string to_lower(std::string_view s);
// Not empty, and only letters, digits, '_' and the characters of `extra` (ids, names).
bool is_name(std::string_view s, std::string_view extra = "");

// Strict parsers: the whole text must be the number (surrounding blanks allowed).
std::optional<int64_t> parse_int(std::string_view s);  // decimal or 0x hex
std::optional<double> parse_double(std::string_view s);
// The offset of the first byte of `s` that is not part of well-formed UTF-8, or npos.
size_t invalid_utf8_at(std::string_view s);
// A positive size in bytes: "4096", "64KB", "512MB", "1GB", "1TB" (binary units, any case; "B" allowed).
std::optional<uint64_t> parse_byte_size(std::string_view s);

// Levenshtein distance of a and b, or `limit` if it is at least `limit`: a did-you-mean search
// stops measuring a candidate once it cannot beat the best so far (long bad input stays cheap).
size_t edit_distance(std::string_view a, std::string_view b, size_t limit = SIZE_MAX);
// The candidate closest to `word`, if within a small edit distance; "" otherwise.
std::string closest_match(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace warpsim
