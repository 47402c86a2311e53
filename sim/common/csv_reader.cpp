#include "common/csv_reader.h"

#include <fmt/format.h>

namespace warpsim {
namespace {

// A cursor over the text that keeps the 1-based line and column of the next character.
class Cursor {
 public:
  explicit Cursor(std::string_view text) : text_(text) {}
  bool done() const { return pos_ >= text_.size(); }
  char peek(size_t ahead = 0) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }
  bool at_line_end() const { return done() || peek() == '\n' || (peek() == '\r' && (peek(1) == '\n' || peek(1) == '\0')); }
  int line() const { return line_; }
  int column() const { return column_; }
  void advance() {
    if (text_[pos_++] == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
  }
  void skip_line_end() {  // consumes "\n" or "\r\n" if there
    if (peek() == '\r') advance();
    if (peek() == '\n') advance();
  }
  void skip_rest_of_line() {
    while (!at_line_end()) advance();
    skip_line_end();
  }
  std::string_view rest_of_line() const {
    size_t end = text_.find('\n', pos_);
    std::string_view s = text_.substr(pos_, end == std::string_view::npos ? std::string_view::npos : end - pos_);
    if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
    return s;
  }

 private:
  std::string_view text_;
  size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
};

CsvError error_at(const Cursor& c, std::string message) { return CsvError{c.line(), c.column(), std::move(message)}; }

// Reads one quoted field; the cursor is on the opening quote. Returns an error or nothing.
std::optional<CsvError> read_quoted(Cursor& c, CsvField& f) {
  const int open_line = c.line(), open_column = c.column();
  c.advance();
  while (true) {
    if (c.done()) return CsvError{open_line, open_column, "unterminated quoted field: the quote opened here is never closed"};
    const char ch = c.peek();
    if (ch == '"' && c.peek(1) == '"') {
      f.text += '"';
      c.advance();
      c.advance();
    } else if (ch == '"') {
      c.advance();
      if (c.peek() == ',' || c.at_line_end()) return std::nullopt;
      return error_at(c, fmt::format("unexpected '{}' after a closing quote (expected ',' or end of line)", c.peek()));
    } else {
      f.text += ch;
      c.advance();
    }
  }
}

// Reads one unquoted field up to ',' or end of line.
std::optional<CsvError> read_unquoted(Cursor& c, CsvField& f) {
  while (c.peek() != ',' && !c.at_line_end()) {
    if (c.peek() == '"') return error_at(c, "quote inside an unquoted field (quote the whole field and double inner quotes)");
    f.text += c.peek();
    c.advance();
  }
  return std::nullopt;
}

CsvRow read_record(Cursor& c) {
  CsvRow row;
  row.line = c.line();
  while (true) {
    CsvField f;
    f.line = c.line();
    f.column = c.column();
    f.quoted = c.peek() == '"';
    if (auto err = f.quoted ? read_quoted(c, f) : read_unquoted(c, f)) {
      row.error = std::move(err);
      if (!c.done()) c.skip_rest_of_line();
      return row;
    }
    row.fields.push_back(std::move(f));
    if (c.peek() != ',') break;
    c.advance();
  }
  c.skip_line_end();
  return row;
}

bool blank(std::string_view s) { return s.find_first_not_of(" \t\r") == std::string_view::npos; }

}  // namespace

void for_each_csv_row(std::string_view text, const std::function<bool(CsvRow&&)>& row_fn) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // UTF-8 byte order mark
  Cursor c(text);
  while (!c.done()) {
    const std::string_view line = c.rest_of_line();
    if (blank(line)) {
      c.skip_rest_of_line();
    } else if (line.front() == '#') {
      CsvRow row;
      row.line = c.line();
      row.comment = true;
      row.comment_text = std::string(line.substr(1));
      c.skip_rest_of_line();
      if (!row_fn(std::move(row))) return;
    } else if (!row_fn(read_record(c))) {
      return;
    }
  }
}

std::vector<CsvRow> parse_csv(std::string_view text) {
  std::vector<CsvRow> rows;
  for_each_csv_row(text, [&](CsvRow&& r) {
    rows.push_back(std::move(r));
    return true;
  });
  return rows;
}

}  // namespace warpsim
