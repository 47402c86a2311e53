// The path a warp takes through one SASS function, in the terms the workload format can run: a
// backward branch closes a loop whose trip count the user gives; a guarded forward branch or
// EXIT is not taken unless the side file says so (warpsim runs whole warps: a bounds check or a
// zero-trip guard falls through); an unguarded branch is taken; EXIT ends the path.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/user_error.h"
#include "isa/kernel.h"
#include "isa/sass_patterns.h"
#include "isa/sass_reader.h"

namespace warpsim::isa {

struct SassLoop {
  int begin = 0;  // index of its first instruction
  int end = 0;    // index of the backward branch that closes it
  int64_t trips = 0;
  bool default_trips = false;  // the count is --trip-count's, not the side file's
};

struct SassStep {
  enum Kind : uint8_t { Instruction, Open, Close };
  Kind kind = Instruction;
  int index = 0;            // into SassFunction::code, or SassPath::loops for Open and Close
  std::string note;         // an assumption made here, said in the workload text
  bool taken_exit = false;  // a guarded EXIT the side file takes: it ends the warp here
};

struct SassPath {
  std::vector<SassStep> steps;
  std::vector<SassLoop> loops;
};

// `parsed[i]` is f.code[i] as the instruction parser read it (an unparsed one counts as plain).
// Errors (a loop without a trip count, EXIT inside a loop, a branch into or out of a loop, a
// branch to itself, side-file entries that name no such branch) go to `sink` at file:line.
SassPath trace_sass(const SassFunction& f, const std::vector<Instruction>& parsed, const SassPatterns& side,
                    std::optional<int64_t> trip_count, const std::string& file, DiagnosticSink& sink);

}  // namespace warpsim::isa
