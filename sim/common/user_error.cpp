#include "common/user_error.h"

#include <fmt/format.h>

namespace warpsim {

std::string Diagnostic::to_string() const {
  std::string where = file.empty() ? std::string("<input>") : file;
  if (line > 0) where += fmt::format(":{}", line);
  if (line > 0 && column > 0) where += fmt::format(":{}", column);
  if (key.empty()) return fmt::format("{}: {}", where, message);
  return fmt::format("{}: {}: {}", where, key, message);
}

namespace {
std::string join(const std::vector<Diagnostic>& ds) {
  std::string out;
  for (const auto& d : ds) {
    if (!out.empty()) out += '\n';
    out += d.to_string();
  }
  return out;
}
}  // namespace

UserError::UserError(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(join(diagnostics)), diagnostics_(std::move(diagnostics)) {}

UserError::UserError(Diagnostic diagnostic) : UserError(std::vector<Diagnostic>{std::move(diagnostic)}) {}

void DiagnosticSink::throw_if_any() const {
  if (!diagnostics_.empty()) throw UserError(diagnostics_);
}

void internal_error(const char* file, int line, const std::string& what) {
  throw std::logic_error(fmt::format("internal error at {}:{}: {} (a warpsim bug; please report)", file, line, what));
}

}  // namespace warpsim
