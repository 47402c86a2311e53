#include "trace/trace_io.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <set>
#include <sstream>
#include <string_view>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "common/user_error.h"

namespace warpsim::trace {
namespace {

constexpr const char* kBinaryHeader = "warpsim-trace 1 binary";
constexpr const char* kTextHeader = "warpsim-trace 1 text";

nlohmann::json meta_json(const MemoryTrace& t) {
  const TraceMeta& m = t.meta;
  nlohmann::json j = {{"gpu", m.gpu},
                      {"workload", m.workload},
                      {"params", m.params},
                      {"seed", m.seed},
                      {"device_sms", m.device_sms},
                      {"blocks_per_sm", m.blocks_per_sm},
                      {"warps_per_block", m.warps_per_block},
                      {"total_blocks", m.total_blocks},
                      {"traced_blocks", m.traced_blocks}};
  for (const StaticAccess& s : t.statics)
    j["statics"].push_back({{"pc", s.pc}, {"line", s.line}, {"opcode", s.opcode}, {"array", s.array}, {"store", s.store}});
  return j;
}

// Fills t.meta and t.statics from `j`; a missing or mistyped field is the trace's error.
// An integer field of the header in [lo, hi]. nlohmann's get<int> converts a float or a value
// out of range with a C++ cast, which is undefined: the type and range are checked first.
int64_t integer_field(const nlohmann::json& j, const char* key, int64_t lo, int64_t hi, const std::string& name, int line) {
  const nlohmann::json& v = j.at(key);
  const bool fits = v.is_number_unsigned() ? v.get<uint64_t>() <= static_cast<uint64_t>(hi) && lo <= static_cast<int64_t>(v.get<uint64_t>())
                                           : v.is_number_integer() && v.get<int64_t>() >= lo && v.get<int64_t>() <= hi;
  if (!fits)
    throw UserError(Diagnostic{name, line, 0, std::string("meta.") + key, fmt::format("{} is not an integer in {}..{}", v.dump(), lo, hi)});
  return v.is_number_unsigned() ? static_cast<int64_t>(v.get<uint64_t>()) : v.get<int64_t>();
}

void read_meta(const std::string& text, MemoryTrace& t, const std::string& name, int line) {
  constexpr int64_t kMax32 = std::numeric_limits<int32_t>::max();
  try {
    // A key given twice would silently take its last value: refused, as in the configs.
    std::set<std::string> seen;
    const nlohmann::json j = nlohmann::json::parse(text, [&](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
      if (depth == 1 && event == nlohmann::json::parse_event_t::key && !seen.insert(parsed.get<std::string>()).second)
        throw UserError(Diagnostic{name, line, 0, "meta." + parsed.get<std::string>(), "given twice"});
      return true;
    });
    // The header's keys are the writer's (above): any other is a misspelling that would be ignored.
    static const std::set<std::string> kKeys{"gpu",           "workload",        "params",       "seed",          "device_sms",
                                             "blocks_per_sm", "warps_per_block", "total_blocks", "traced_blocks", "statics"};
    if (j.is_object())
      for (const auto& [key, value] : j.items())
        if (!kKeys.count(key))
          throw UserError(Diagnostic{name, line, 0, "meta." + key, fmt::format("unknown key (valid: {})", fmt::join(kKeys, ", "))});
    const auto integer = [&](const nlohmann::json& o, const char* key, int64_t lo, int64_t hi) {
      return integer_field(o, key, lo, hi, name, line);
    };
    TraceMeta& m = t.meta;
    m.line = line;
    m.gpu = j.at("gpu").get<std::string>();
    m.workload = j.at("workload").get<std::string>();
    m.params = j.at("params").get<std::string>();
    if (!j.at("seed").is_number_unsigned() && !(j.at("seed").is_number_integer() && j.at("seed").get<int64_t>() >= 0))
      throw UserError(Diagnostic{name, line, 0, "meta.seed", fmt::format("{} is not a non-negative integer", j.at("seed").dump())});
    m.seed = j.at("seed").get<uint64_t>();
    m.device_sms = static_cast<int>(integer(j, "device_sms", 1, 1024));
    m.blocks_per_sm = static_cast<int>(integer(j, "blocks_per_sm", 1, 64));
    m.warps_per_block = static_cast<int>(integer(j, "warps_per_block", 1, 64));
    m.total_blocks = integer(j, "total_blocks", 0, int64_t{1} << 40);
    m.traced_blocks = integer(j, "traced_blocks", 0, m.total_blocks);
    if (j.contains("statics"))
      for (const auto& s : j.at("statics"))
        t.statics.push_back({static_cast<uint32_t>(integer(s, "pc", 0, kMax32)), static_cast<int>(integer(s, "line", 0, kMax32)),
                             s.at("opcode").get<std::string>(), s.at("array").get<std::string>(), s.at("store").get<bool>()});
  } catch (const nlohmann::json::parse_error& e) {
    throw UserError(Diagnostic{name, line, 0, "meta",
                               fmt::format("not a trace header: not JSON (a syntax error at character {} after 'meta')", e.byte)});
  } catch (const nlohmann::json::exception& e) {
    // The library's own words, less its "[json.exception.type_error.302] " tag.
    std::string_view why = e.what();
    if (const size_t tag_end = why.find("] "); why.starts_with("[json.exception") && tag_end != std::string_view::npos)
      why.remove_prefix(tag_end + 2);
    throw UserError(Diagnostic{name, line, 0, "meta", fmt::format("not a trace header: {}", why)});
  }
  // (Fields are bounded where read: a real GPU's ranges, which also keep a crafted header from
  // asking for memory it has no data for: the replay allocates per SM and per resident warp.)
  if (t.statics.size() > 0xFFFF)
    throw UserError(Diagnostic{name, line, 0, "meta.statics", fmt::format("{} static accesses, more than 65,535", t.statics.size())});
}

// Decimal digits only (stoull and operator>> would take "-1", wrapping to 2^64 - 1, and "+5").
bool decimal(const std::string& s, uint64_t& value) {
  if (s.empty() || s.size() > 19 || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; })) return false;
  value = std::stoull(s);
  return true;
}

// The warp count the header promises; more warps or fewer is an error of the file.
uint64_t expected_warps(const TraceMeta& m) { return static_cast<uint64_t>(m.traced_blocks) * static_cast<uint64_t>(m.warps_per_block); }

void put_varint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

uint64_t zigzag(int64_t v) { return (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63); }
int64_t unzigzag(uint64_t v) { return static_cast<int64_t>(v >> 1) ^ -static_cast<int64_t>(v & 1); }

class BinaryReader {
 public:
  // `offset`: bytes of the file before the reader's first (the header line).
  BinaryReader(std::istream& in, const std::string& name, uint64_t offset) : in_(in), name_(name), offset_(offset) {}
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      const int c = in_.get();
      if (c == EOF) fail("ends in the middle of a record");
      ++offset_;
      v |= static_cast<uint64_t>(c & 0x7F) << shift;
      if ((c & 0x80) == 0) return v;
    }
    fail("holds a number longer than 64 bits");
  }
  std::string bytes(uint64_t n) {
    if (n > (uint64_t{1} << 24)) fail("declares a header over 16 MB");
    std::string s(n, '\0');
    if (!in_.read(s.data(), static_cast<std::streamsize>(n))) fail("ends in the middle of its header");
    offset_ += n;
    return s;
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw UserError(Diagnostic{name_, 0, 0, "", fmt::format("binary trace {} (byte {})", what, offset_)});
  }

 private:
  std::istream& in_;
  const std::string& name_;
  uint64_t offset_;
};

MemoryTrace read_binary(std::istream& in, const std::string& name) {
  BinaryReader r(in, name, std::string_view(kBinaryHeader).size() + 1);
  MemoryTrace t;
  read_meta(r.bytes(r.varint()), t, name, 2);
  const uint64_t warps = r.varint();
  if (warps != expected_warps(t.meta)) r.fail(fmt::format("holds {} warps where its header promises {}", warps, expected_warps(t.meta)));
  uint64_t previous = 0;
  for (uint64_t w = 0; w < warps; ++w) {
    const uint64_t n = r.varint();
    for (uint64_t i = 0; i < n; ++i) {
      TraceEntry e;
      const uint64_t access = r.varint(), mark = r.varint(), sectors = r.varint();
      if (access >= t.statics.size()) r.fail(fmt::format("names access {} of {}", access, t.statics.size()));
      if (sectors > 0xFFFF || mark >> 17 != 0) r.fail("holds an access of over 65,535 sectors or barriers");
      if (t.sectors.size() + sectors > (uint64_t{1} << 32)) r.fail("holds over 2^32 sectors");
      e.access = static_cast<uint16_t>(access);
      e.flags = static_cast<uint8_t>(mark & 1);
      e.epoch = static_cast<uint16_t>(mark >> 1);
      e.first_sector = static_cast<uint32_t>(t.sectors.size());
      e.sectors = static_cast<uint16_t>(sectors);
      for (uint64_t s = 0; s < sectors; ++s) t.sectors.push_back(previous += static_cast<uint64_t>(unzigzag(r.varint())));
      t.entries.push_back(e);
    }
    t.warp_first.push_back(t.entries.size());
  }
  return t;
}

[[noreturn]] void text_error(const std::string& name, int line, const std::string& what) {
  throw UserError(Diagnostic{name, line, 0, "", what});
}

MemoryTrace read_text(std::istream& in, const std::string& name) {
  MemoryTrace t;
  std::string line;
  int n = 1;
  bool have_meta = false;
  uint64_t warps = 0;
  uint64_t promised = 0;  // accesses the current warp's line announces
  const auto close_warp = [&] {
    const uint64_t held = t.entries.size() - t.warp_first.back();
    if (held != promised)
      text_error(name, n, fmt::format("warp {} holds {} accesses where its 'warp' line announces {}", warps - 1, held, promised));
  };
  while (std::getline(in, line)) {
    ++n;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::istringstream fields(line);
    std::string head;
    if (!(fields >> head) || head[0] == '#') continue;
    if (head == "meta") {
      if (have_meta) text_error(name, n, "a second 'meta' line: a trace has one header");
      std::string rest;
      std::getline(fields, rest);
      read_meta(rest, t, name, n);
      have_meta = true;
    } else if (!have_meta) {
      text_error(name, n, "expected the 'meta' line first");
    } else if (head == "warp") {
      if (warps > 0) {
        close_warp();
        t.warp_first.push_back(t.entries.size());
      }
      // `warp W block B warp_in_block K accesses N`, B and K the numbering the header's warps per
      // block gives W: a line that says otherwise is not this trace's.
      const auto per_block = static_cast<uint64_t>(t.meta.warps_per_block);
      std::string number, block_word, block, in_block_word, in_block, accesses_word, count, extra;
      fields >> number >> block_word >> block >> in_block_word >> in_block >> accesses_word >> count;
      if (number != std::to_string(warps)) text_error(name, n, fmt::format("expected 'warp {}' (warps in order from 0)", warps));
      if (block_word != "block" || block != std::to_string(warps / per_block) || in_block_word != "warp_in_block" ||
          in_block != std::to_string(warps % per_block))
        text_error(name, n,
                   fmt::format("expected 'warp {} block {} warp_in_block {}' ({} warps a block, the header's)", warps, warps / per_block,
                               warps % per_block, per_block));
      if (accesses_word != "accesses" || !decimal(count, promised) || (fields >> extra))
        text_error(name, n, "the 'warp' line ends with 'accesses N'");
      ++warps;
    } else if (warps == 0) {
      text_error(name, n, "an access before the first 'warp' line");
    } else {
      TraceEntry e;
      uint64_t access = 0, epoch = 0;
      std::string seq;
      if (!decimal(head, access)) text_error(name, n, fmt::format("expected 'warp' or an access number, found '{}'", head));
      if (access >= t.statics.size()) text_error(name, n, fmt::format("access {} is not one of the header's {}", access, t.statics.size()));
      if (!(fields >> seq >> epoch) || (seq != "+" && seq != ".") || epoch > 0xFFFF)
        text_error(name, n, "expected '+' (a sequence starts) or '.', then the barrier count");
      e.access = static_cast<uint16_t>(access);
      e.flags = seq == "+" ? kSequenceStart : 0;
      e.epoch = static_cast<uint16_t>(epoch);
      e.first_sector = static_cast<uint32_t>(t.sectors.size());
      std::string s;
      while (fields >> s) {
        // Hex digits only, as the writer prints them: stoull alone would take "-1" (wrapping to
        // 2^64 - 1), "+40" and "0x40".
        const bool digits = !s.empty() && s.size() <= 16 &&
                            std::all_of(s.begin(), s.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
        if (!digits) text_error(name, n, fmt::format("'{}' is not a sector number in hex", s));
        const uint64_t v = std::stoull(s, nullptr, 16);
        if (e.sectors > 0 && v <= t.sectors.back())
          text_error(name, n, fmt::format("sector {} is not above the one before it (sectors ascend)", s));
        t.sectors.push_back(v);
        if (++e.sectors == 0xFFFF) text_error(name, n, "more than 65,534 sectors in one access");
      }
      t.entries.push_back(e);
    }
  }
  if (!have_meta) text_error(name, n, "no 'meta' line");
  if (warps > 0) {
    close_warp();
    t.warp_first.push_back(t.entries.size());
  }
  if (t.warps() != expected_warps(t.meta))
    text_error(name, n, fmt::format("{} warps where the header promises {}", t.warps(), expected_warps(t.meta)));
  return t;
}

}  // namespace

void write_binary(const MemoryTrace& t, std::ostream& out) {
  std::string buf = std::string(kBinaryHeader) + "\n";
  const std::string meta = meta_json(t).dump();
  put_varint(buf, meta.size());
  buf += meta;
  put_varint(buf, t.warps());
  uint64_t previous = 0;
  for (size_t w = 0; w < t.warps(); ++w) {
    put_varint(buf, t.warp_first[w + 1] - t.warp_first[w]);
    for (uint64_t i = t.warp_first[w]; i < t.warp_first[w + 1]; ++i) {
      const TraceEntry& e = t.entries[i];
      put_varint(buf, e.access);
      put_varint(buf, uint64_t{e.epoch} << 1 | (e.flags & kSequenceStart));
      put_varint(buf, e.sectors);
      for (uint16_t s = 0; s < e.sectors; ++s) {
        const uint64_t v = t.sectors_of(e)[s];
        put_varint(buf, zigzag(static_cast<int64_t>(v - previous)));
        previous = v;
      }
    }
    if (buf.size() > (1u << 20)) {
      out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
      buf.clear();
    }
  }
  out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
}

void write_text(const MemoryTrace& t, std::ostream& out) {
  out << kTextHeader << "\n";
  out << "# one line per access a warp executes: static access, '+' where a bulk sequence starts (else '.'),\n"
         "# barriers passed, then the 32-byte sectors it touches (byte address / 32, hex). docs/trace-format.md\n";
  out << "meta " << meta_json(t).dump() << "\n";
  for (size_t w = 0; w < t.warps(); ++w) {
    out << fmt::format("warp {} block {} warp_in_block {} accesses {}\n", w, w / static_cast<size_t>(t.meta.warps_per_block),
                       w % static_cast<size_t>(t.meta.warps_per_block), t.warp_first[w + 1] - t.warp_first[w]);
    for (uint64_t i = t.warp_first[w]; i < t.warp_first[w + 1]; ++i) {
      const TraceEntry& e = t.entries[i];
      std::string line = fmt::format("{} {} {}", e.access, e.flags & kSequenceStart ? '+' : '.', e.epoch);
      for (uint16_t s = 0; s < e.sectors; ++s) line += fmt::format(" {:x}", t.sectors_of(e)[s]);
      out << line << "\n";
    }
  }
}

MemoryTrace read_trace(std::istream& in, const std::string& name) {
  // At most a header's length: a device or a binary file given as a trace has no short first line.
  std::string first;
  const size_t longest = std::max(std::string_view(kBinaryHeader).size(), std::string_view(kTextHeader).size()) + 1;
  for (int c; first.size() <= longest && (c = in.get()) != std::char_traits<char>::eof() && c != '\n';)
    first.push_back(static_cast<char>(c));
  if (!first.empty() && first.back() == '\r') first.pop_back();
  if (first == kBinaryHeader) return read_binary(in, name);
  if (first == kTextHeader) return read_text(in, name);
  throw UserError(
      Diagnostic{name, 1, 0, "", fmt::format("not a warpsim trace: the first line is not '{}' or '{}'", kBinaryHeader, kTextHeader)});
}

MemoryTrace read_trace(const std::string& path) {
  if (path == "-") return read_trace(std::cin, "<stdin>");
  // A directory opens as a stream that reads nothing: say what it is, as every input does.
  if (std::error_code ec; std::filesystem::is_directory(path, ec))
    throw UserError(Diagnostic{path, 0, 0, "--trace", "is a directory; give a file"});
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UserError(Diagnostic{path, 0, 0, "", with_system_reason("cannot open the trace")});
  return read_trace(in, path);
}

}  // namespace warpsim::trace
