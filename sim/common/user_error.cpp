#include "common/user_error.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>

namespace warpsim {

namespace {

// Messages quote what the user wrote, which may be any bytes (a binary file given as a workload):
// control characters other than newline and tab are shown as \xNN, so that none reaches the
// terminal as a control sequence.
std::string printable(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if ((u < 0x20 && c != '\n' && c != '\t') || u == 0x7f)
      out += fmt::format("\\x{:02x}", u);
    else
      out += c;
  }
  return out;
}

}  // namespace

std::string Diagnostic::to_string() const {
  std::string where = file.empty() ? std::string("<input>") : file;
  if (line > 0) where += fmt::format(":{}", line);
  if (line > 0 && column > 0) where += fmt::format(":{}", column);
  if (key.empty()) return printable(fmt::format("{}: {}", where, message));
  return printable(fmt::format("{}: {}: {}", where, key, message));
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

UserError::UserError(std::vector<Diagnostic> diagnostics) : std::runtime_error(join(diagnostics)), diagnostics_(std::move(diagnostics)) {}

UserError::UserError(Diagnostic diagnostic) : UserError(std::vector<Diagnostic>{std::move(diagnostic)}) {}

void DiagnosticSink::add(Diagnostic d) {
  if (diagnostics_.size() < kMaxDiagnostics) {
    diagnostics_.push_back(std::move(d));
    return;
  }
  ++dropped_;
  dropped_file_ = std::move(d.file);
}

void DiagnosticSink::throw_if_any() const {
  if (diagnostics_.empty()) return;
  if (dropped_ == 0) throw UserError(diagnostics_);
  std::vector<Diagnostic> shown = diagnostics_;
  shown.push_back(Diagnostic{dropped_file_, 0, 0, "",
                             stopped_
                                 ? fmt::format("more errors not shown (the first {} are above; reading stopped there)", kMaxDiagnostics)
                                 : fmt::format("{} more errors not shown (the first {} are above)", dropped_, kMaxDiagnostics)});
  throw UserError(shown);
}

void internal_error(const char* file, int line, const std::string& what) {
  throw std::logic_error(fmt::format("internal error at {}:{}: {} (a warpsim bug; please report)", file, line, what));
}

std::string with_system_reason(const std::string& what) {
  const int err = errno;
  return err ? fmt::format("{}: {}", what, std::strerror(err)) : what;
}

}  // namespace warpsim
