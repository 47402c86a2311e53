// The output file of a sweep, written so that an interrupted sweep always leaves a valid file and
// a rerun finishes it (docs/sweep.md, "Resuming and interruption"):
//  - each line is appended as its point finishes, with one write(2) call, so a killed sweep
//    leaves the header and the whole lines of every finished point (at worst one torn line at
//    the end, when the disk fills up or a kill lands inside a write that crosses a page; a rerun
//    cuts it off);
//  - a rerun reads the file, keeps the points it holds (in any order) and runs only the others;
//  - the final file has the same bytes as one uninterrupted run: when its lines are not in grid
//    order, it is rewritten in order, atomically, at the end.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "report/table.h"
#include "sweep/sweep_rows.h"

namespace warpsim::sweep {

struct ResumeState {
  std::vector<std::optional<std::string>> lines;  // per point: its line (with '\n') if the file holds it
  uint64_t keep_bytes = 0;                        // length of the file's valid part: header and whole lines
  bool exists = false;                            // the file holds at least a complete header
  bool in_order = true;                           // the lines held are those of the first points, in grid order
  size_t held() const;                            // points the file holds
};

// What an earlier run of this sweep left at `path` (a fresh state if there is no file, or an
// empty one, or only part of a header). Throws UserError (path:line) when the file is not the
// output of this sweep: other columns or format, a line that is not a point line, a point that
// is not in the grid, a point written twice, a result field that is not a number, or (with
// `identities`, point_identity of each key's point) a line whose GPU, workload, parameters or
// launch are not its point's.
ResumeState read_resume_state(const std::string& path, LineFormat f, const std::vector<report::Column>& columns,
                              const std::vector<std::string>& keys, const std::vector<std::vector<std::string>>& identities = {});

// Appends lines to the output (stdout when `path` is empty). The file is opened (created if need
// be) and locked (flock) before its resume state is read, so that two sweeps never write one file:
// the second exits with status 2. It must be a regular file (resuming reads it back).
class LineWriter {
 public:
  explicit LineWriter(const std::string& path);
  // Cuts the file to `state.keep_bytes`, or starts it (and standard output) with `header` when
  // `!state.exists`.
  void start(const std::string& header, const ResumeState& state);
  ~LineWriter();
  LineWriter(const LineWriter&) = delete;
  LineWriter& operator=(const LineWriter&) = delete;
  // One complete line; a file's write error is a UserError, standard output's ends the run with
  // cli::ExitStatus{1} (main says why).
  void write(const std::string& line);

 private:
  std::string path_;
  int fd_ = 1;
};

// Rewrites `path` atomically with its lines in the order of `keys` (after points were appended
// out of grid order).
void rewrite_in_grid_order(const std::string& path, LineFormat f, const std::vector<report::Column>& columns,
                           const std::vector<std::string>& keys);

}  // namespace warpsim::sweep
