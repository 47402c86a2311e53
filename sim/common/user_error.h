// User errors vs simulator bugs (gem5's fatal vs panic).
// A UserError is the user's fault: bad config, workload, CLI value or measurement file. It carries
// every problem found in one pass, each naming file:line:key, and maps to exit status 2.
// A std::logic_error (WARPSIM_ASSERT) is our bug and maps to exit status 1.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace warpsim {

struct Diagnostic {
  std::string file;  // path as given by the user, or "<--set>", "<--param>", "<cli>"
  int line = 0;      // 1-based; 0 = unknown
  int column = 0;    // 1-based; 0 = unknown
  std::string key;   // dotted key path or field name, may be empty
  std::string message;

  std::string to_string() const;  // "file:line:col: key: message"
};

class UserError : public std::runtime_error {
 public:
  explicit UserError(std::vector<Diagnostic> diagnostics);
  explicit UserError(Diagnostic diagnostic);
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

 private:
  std::vector<Diagnostic> diagnostics_;
};

// Collects diagnostics during one pass and throws them together.
// Collects the errors of one input. A file with a million bad rows says the first
// kMaxDiagnostics and how many more, not a million lines.
class DiagnosticSink {
 public:
  static constexpr size_t kMaxDiagnostics = 100;
  void add(Diagnostic d);
  bool empty() const { return diagnostics_.empty(); }
  size_t count() const { return diagnostics_.size() + dropped_; }  // errors added so far
  // Past kMaxDiagnostics: a reader whose further work would only count dropped errors may stop,
  // after stop_counting(), and the message then says it stopped rather than how many followed.
  bool full() const { return dropped_ > 0; }
  void stop_counting() { stopped_ = true; }
  void throw_if_any() const;

 private:
  std::vector<Diagnostic> diagnostics_;
  size_t dropped_ = 0;
  bool stopped_ = false;
  std::string dropped_file_;
};

// "cannot open file: Permission denied": `what` and the system's reason for the call that just
// failed (errno; the caller clears it before the call). Just `what` when errno is 0.
std::string with_system_reason(const std::string& what);

[[noreturn]] void internal_error(const char* file, int line, const std::string& what);

}  // namespace warpsim

#define WARPSIM_ASSERT(cond, what)                                    \
  do {                                                                \
    if (!(cond)) ::warpsim::internal_error(__FILE__, __LINE__, what); \
  } while (0)
