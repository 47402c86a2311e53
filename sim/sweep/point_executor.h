// A thread pool fed one point at a time, returning outcomes as they complete (in completion
// order, so that the output file holds every finished point however the points are ordered:
// docs/sweep.md, "Resuming and interruption"). The local sweep waits on it; the MPI coordinator
// polls it on every rank (the main thread keeps it fed and forwards its outcomes, while it alone
// makes MPI calls).
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "sweep/point_line.h"

namespace warpsim::sweep {

struct PointOutcome {
  enum Status : int { kOk = 0, kUserError = 2, kBug = 1 };  // as the exit statuses
  size_t index = 0;
  int status = kOk;
  std::string text;          // the line, or the error message
  std::exception_ptr error;  // what the point threw (not sent between MPI ranks)
};

// After a point fails, the points queued behind it never start (those running finish), and a
// point submitted later is dropped: submitting races with the workers, so a failure may come first.
class PointExecutor {
 public:
  PointExecutor(int jobs, LineFn line);
  ~PointExecutor();  // waits for the points running, skips the queued ones
  PointExecutor(const PointExecutor&) = delete;
  PointExecutor& operator=(const PointExecutor&) = delete;

  void submit(size_t index);  // counts in in_flight() unless a point has failed
  size_t in_flight() const;   // submitted and not yet returned by take_done()
  int jobs() const { return static_cast<int>(threads_.size()); }
  std::vector<PointOutcome> take_done();  // never blocks
  std::vector<PointOutcome> wait_done();  // blocks until an outcome is there or nothing is in flight

 private:
  void run();

  LineFn line_;
  mutable std::mutex mutex_;
  std::condition_variable work_;
  std::condition_variable finished_;
  std::deque<size_t> queue_;
  std::vector<PointOutcome> done_;
  size_t in_flight_ = 0;
  bool stop_ = false;
  bool failed_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace warpsim::sweep
