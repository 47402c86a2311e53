#include "isa/index_expression.h"

#include <fmt/format.h>

#include <cctype>
#include <vector>

namespace warpsim::isa {
namespace {

// Recursive descent over   expr := term {(+|-) term};  term := unary {* unary};
// unary := (+|-) unary | primary;  primary := integer | variable | ( expr ).
// Every value is a linear form; a product needs one constant side. Errors throw a ParseError.
struct ParseError {
  std::string message;
};

class ExpressionParser {
 public:
  explicit ExpressionParser(std::string_view text) : text_(text) {}

  IndexExpression parse() {
    if (peek() == '\0') fail("an empty expression");
    IndexExpression e = expr();
    if (peek() != '\0') fail(fmt::format("unexpected '{}'", text_[pos_]));
    return e;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    // A machine-written expression can be long: quote its start only.
    constexpr size_t kQuoted = 80;
    const std::string quoted = text_.size() <= kQuoted ? std::string(text_) : std::string(text_.substr(0, kQuoted)) + "...";
    throw ParseError{fmt::format("{} at character {} of '{}'", what, pos_ + 1, quoted)};
  }

  char peek() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }

  void check(bool overflowed) const {
    if (overflowed) fail("a value past 64 bits");
  }

  // a + sign x b
  IndexExpression combine(const IndexExpression& a, const IndexExpression& b, int64_t sign) const {
    IndexExpression r;
    int64_t sb = 0;
    check(__builtin_mul_overflow(b.constant, sign, &sb) || __builtin_add_overflow(a.constant, sb, &r.constant));
    for (int v = 0; v < kIndexVars; ++v)
      check(__builtin_mul_overflow(b.coeff[v], sign, &sb) || __builtin_add_overflow(a.coeff[v], sb, &r.coeff[v]));
    return r;
  }

  static bool is_constant(const IndexExpression& e) { return e.coeff == std::array<int64_t, kIndexVars>{}; }

  IndexExpression scaled(const IndexExpression& e, int64_t k) const {
    IndexExpression r;
    check(__builtin_mul_overflow(e.constant, k, &r.constant));
    for (int v = 0; v < kIndexVars; ++v) check(__builtin_mul_overflow(e.coeff[v], k, &r.coeff[v]));
    return r;
  }

  IndexExpression expr() {
    IndexExpression e = term();
    for (char c = peek(); c == '+' || c == '-'; c = peek()) {
      ++pos_;
      e = combine(e, term(), c == '+' ? 1 : -1);
    }
    return e;
  }

  IndexExpression term() {
    IndexExpression e = unary();
    while (peek() == '*') {
      const size_t at = pos_++;
      const IndexExpression f = unary();
      if (!is_constant(e) && !is_constant(f)) {
        pos_ = at;
        fail(fmt::format("not linear: a product of {} and {} (one side of '*' must be a constant)", to_string(e), to_string(f)));
      }
      e = is_constant(f) ? scaled(e, f.constant) : scaled(f, e.constant);
    }
    return e;
  }

  // Parentheses and signs nest by recursion: bounded, so that a machine-written expression
  // thousands deep is an error, not a stack overflow.
  static constexpr int kMaxNesting = 256;
  struct Nest {
    explicit Nest(ExpressionParser& p) : parser(p) {
      if (++parser.depth_ > kMaxNesting) parser.fail(fmt::format("nested deeper than {} parentheses or signs", kMaxNesting));
    }
    ~Nest() { --parser.depth_; }
    ExpressionParser& parser;
  };

  IndexExpression unary() {
    const Nest nest(*this);
    const char c = peek();
    if (c == '+' || c == '-') {
      ++pos_;
      const IndexExpression e = unary();
      return c == '+' ? e : scaled(e, -1);
    }
    return primary();
  }

  IndexExpression primary() {
    const char c = peek();
    IndexExpression e;
    if (c == '(') {
      ++pos_;
      e = expr();
      if (peek() != ')') fail("expected ')'");
      ++pos_;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      int64_t v = 0;
      for (; pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_])); ++pos_)
        check(__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, text_[pos_] - '0', &v));
      e.constant = v;
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      const size_t start = pos_;
      while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) ++pos_;
      const std::string_view name = text_.substr(start, pos_ - start);
      int var = 0;
      while (var < kIndexVars && name != kIndexVarNames[var]) ++var;
      if (var == kIndexVars) {
        pos_ = start;
        fail(fmt::format("unknown variable '{}' (valid: tx, ty, bx, by, i)", name));
      }
      e.coeff[var] = 1;
    } else {
      fail(c == '\0' ? "an incomplete expression" : fmt::format("unexpected '{}'", c));
    }
    return e;
  }

  std::string_view text_;
  size_t pos_ = 0;
  int depth_ = 0;
};

}  // namespace

std::string parse_index_expression(std::string_view text, IndexExpression& out) {
  try {
    out = ExpressionParser(text).parse();
  } catch (const ParseError& e) {
    return e.message;
  }
  return "";
}

std::string to_string(const IndexExpression& e) {
  std::string s;
  auto add = [&s](int64_t k, const char* var) {
    if (k == 0) return;
    if (!s.empty() || k < 0) s += k < 0 ? "-" : "+";
    const uint64_t m = k < 0 ? 0 - static_cast<uint64_t>(k) : static_cast<uint64_t>(k);
    if (*var == '\0')
      s += std::to_string(m);
    else
      s += m == 1 ? std::string(var) : fmt::format("{}*{}", m, var);
  };
  for (int v = 0; v < kIndexVars; ++v) add(e.coeff[v], kIndexVarNames[v]);
  add(e.constant, "");
  return s.empty() ? "0" : s;
}

}  // namespace warpsim::isa
