#include "isa/instruction_parser.h"

#include <fmt/format.h>

#include <array>
#include <cctype>

#include "common/text.h"
#include "isa/opcodes.h"

namespace warpsim::isa {
namespace {

// Register named by `tok` (R5, P0, SB0, -R2, |R3|, R2.reuse), or -1 if the operand names none
// (RZ, PT, uniform registers UR4/UP0, constants, immediates). Returns -2 for a malformed name.
int register_of(std::string_view tok) {
  while (!tok.empty() && (tok.front() == '-' || tok.front() == '!' || tok.front() == '|' || tok.front() == '~')) tok.remove_prefix(1);
  while (!tok.empty() && tok.back() == '|') tok.remove_suffix(1);
  if (auto dot = tok.find('.'); dot != std::string_view::npos) tok = tok.substr(0, dot);
  if (tok == "RZ" || tok == "PT") return -1;
  if (tok.size() >= 3 && tok.starts_with("SB") && std::isdigit(static_cast<unsigned char>(tok[2]))) {
    auto n = parse_int(tok.substr(2));
    return n && *n <= 5 ? static_cast<int>(kScoreboardBase + *n) : -2;
  }
  if (tok.size() >= 2 && (tok[0] == 'R' || tok[0] == 'P') && std::isdigit(static_cast<unsigned char>(tok[1]))) {
    auto n = parse_int(tok.substr(1));
    if (!n) return -2;
    if (tok[0] == 'R') return *n <= 254 ? static_cast<int>(*n) : -2;
    return *n <= 6 ? static_cast<int>(kPredicateBase + *n) : -2;
  }
  return -1;
}

// The modifiers of an opcode: "LDG.E.128" -> {"E", "128"}.
std::vector<std::string> modifiers_of(std::string_view opcode) {
  std::vector<std::string> parts = split(opcode, '.');
  parts.erase(parts.begin());
  return parts;
}

bool has_modifier(std::string_view opcode, std::string_view m) {
  for (const std::string& part : modifiers_of(opcode))
    if (part == m) return true;
  return false;
}

// 32-bit registers the data operands of a memory instruction span: 2 for .64, 4 for .128.
int data_width(std::string_view opcode, OpClass cls) {
  if (!is_memory(cls)) return 1;
  if (has_modifier(opcode, "128")) return 4;
  return has_modifier(opcode, "64") ? 2 : 1;
}

// Adds register `r` and the `width - 1` after it (a 64-bit pair, a 128-bit quad) to `regs`.
template <size_t N>
std::string add_registers(int r, int width, std::string_view op, uint8_t& n, std::array<uint16_t, N>& regs) {
  if (r < 0) return "";
  if (r >= static_cast<int>(kPredicateBase))
    width = 1;  // predicates and scoreboards are single
  else if (r + width - 1 > 254)
    return fmt::format("register '{}' starts a pair or quad past R254", op);
  for (int k = 0; k < width; ++k) {
    if (n == N) return N == kMaxSrc ? "too many source registers" : "too many destination registers";
    regs[n++] = static_cast<uint16_t>(r + k);
  }
  return "";
}

// Splits operands on commas outside brackets into `out`; "" or what is malformed: an empty
// operand (",,", a leading or trailing comma), unbalanced brackets, or two tokens with no comma
// between them outside brackets (a missing comma would silently drop a dependency).
std::string split_operands(std::string_view s, std::vector<std::string>& out) {
  out.clear();
  if (trim(s).empty()) return "";
  int depth = 0;
  std::string cur;
  const auto finish = [&]() -> std::string {
    const std::string op(trim(cur));
    cur.clear();
    if (op.empty()) return "empty operand (two commas, or a comma at either end)";
    // Whitespace outside brackets separates two tokens that a comma should.
    int d = 0;
    for (size_t i = 0; i < op.size(); ++i) {
      d += op[i] == '[' ? 1 : op[i] == ']' ? -1 : 0;
      if (d == 0 && (op[i] == ' ' || op[i] == '\t')) return fmt::format("missing comma in operand '{}'", op);
    }
    out.push_back(op);
    return "";
  };
  for (char c : s) {
    if (c == '[') ++depth;
    if (c == ']' && --depth < 0) return fmt::format("unbalanced ']' in '{}'", trim(s));
    if (c == ',' && depth == 0) {
      if (std::string err = finish(); !err.empty()) return err;
    } else {
      cur += c;
    }
  }
  if (depth != 0) return fmt::format("unbalanced '[' in '{}'", trim(s));
  return finish();
}

// Registers read inside a memory operand "[R3+0x10]", "[R2.64]" (a 64-bit address: R2 and R3),
// "desc[UR4][R2.64]" or a constant "c[0x0][R2]".
std::string add_address_registers(std::string_view op, Instruction& out) {
  for (size_t i = 0; i < op.size(); ++i) {
    if ((op[i] == 'R' || op[i] == 'P') && (i == 0 || !std::isalnum(static_cast<unsigned char>(op[i - 1])))) {
      size_t j = i + 1;
      while (j < op.size() && std::isalnum(static_cast<unsigned char>(op[j]))) ++j;
      int r = register_of(op.substr(i, j - i));
      if (r == -2) return fmt::format("bad register '{}'", op.substr(i, j - i));
      const int width = op.substr(j).starts_with(".64") ? 2 : 1;
      if (std::string err = add_registers(r, width, op.substr(i, j - i), out.nsrc, out.src); !err.empty()) return err;
      i = j;
    }
  }
  return "";
}

}  // namespace

std::string parse_instruction(const std::string& text, Instruction& out) {
  std::string_view s = trim(text);
  out = Instruction{};
  if (s.empty()) return "empty instruction";
  // Predicate guard @P0 / @!P0 reads a predicate register; @PT is no guard, and a uniform
  // predicate (@UP0) is warp-uniform, a guard without a dependency.
  int guard = -1;
  if (s.front() == '@') {
    size_t sp = s.find_first_of(" \t");
    if (sp == std::string_view::npos) return "predicate guard without an instruction";
    std::string_view g = s.substr(1, sp - 1);
    const bool negated = !g.empty() && g.front() == '!';
    if (negated) g.remove_prefix(1);
    guard = register_of(g);
    const bool uniform = g == "UPT" || (g.size() == 3 && g.starts_with("UP") && g[2] >= '0' && g[2] <= '6');
    if ((guard < static_cast<int>(kPredicateBase) || guard >= static_cast<int>(kScoreboardBase)) && g != "PT" && !uniform)
      return fmt::format("bad predicate guard '@{}'", g);
    out.predicated = negated || (g != "PT" && g != "UPT");
    s = trim(s.substr(sp));
  }
  size_t sp = s.find_first_of(" \t");
  std::string opcode(s.substr(0, sp));
  std::string_view rest = sp == std::string_view::npos ? std::string_view{} : trim(s.substr(sp));
  auto info = find_opcode(opcode);
  if (!info) {
    std::string base = opcode.substr(0, opcode.find('.'));
    std::string hint = closest_match(base, known_mnemonics());
    return hint.empty() ? fmt::format("unknown opcode '{}'", opcode)
                        : fmt::format("unknown opcode '{}' (did you mean '{}'?)", opcode, hint);
  }
  out.opcode = opcode;
  out.cls = info->cls;
  if (guard >= 0) out.src[out.nsrc++] = static_cast<uint16_t>(guard);
  std::vector<std::string> ops;
  if (std::string err = split_operands(rest, ops); !err.empty()) return err;
  // A wide access reads or writes register pairs or quads; IMAD.WIDE writes a 64-bit pair and
  // adds a 64-bit operand; CS2R without .32 writes a pair.
  const int width = data_width(opcode, out.cls);
  const std::string_view base = std::string_view(opcode).substr(0, opcode.find('.'));
  const bool wide_imad = base == "IMAD" && has_modifier(opcode, "WIDE");
  const bool pair_dst = wide_imad || (base == "CS2R" && !has_modifier(opcode, "32"));
  for (size_t i = 0; i < ops.size(); ++i) {
    const std::string& op = ops[i];
    const bool is_mem = op.find('[') != std::string::npos;
    if (static_cast<int>(i) < info->ndst && !is_mem) {
      int r = register_of(op);
      if (r == -2) return fmt::format("bad register '{}'", op);
      if (std::string err = add_registers(r, pair_dst ? 2 : width, op, out.ndst, out.dst); !err.empty()) return err;
      continue;
    }
    if (is_mem) {
      if (std::string err = add_address_registers(op, out); !err.empty()) return err;
      continue;
    }
    int r = register_of(op);
    if (r == -2) return fmt::format("bad register '{}'", op);
    const int w = wide_imad && i == 3 ? 2 : width;
    if (std::string err = add_registers(r, w, op, out.nsrc, out.src); !err.empty()) return err;
  }
  if (info->implicit_dst >= 0) {
    if (out.ndst == kMaxDst) return "too many destination registers";
    out.dst[out.ndst++] = static_cast<uint16_t>(info->implicit_dst);
  }
  if (is_memory(out.cls) && !info->implicit_access && rest.find('[') == std::string_view::npos)
    return fmt::format("{} needs a memory operand like [R1]", opcode);
  return "";
}

}  // namespace warpsim::isa
