#include "sweep/point_executor.h"

#include <algorithm>

#include "common/user_error.h"

namespace warpsim::sweep {

PointExecutor::PointExecutor(int jobs, LineFn line) : line_(std::move(line)) {
  for (int i = 0; i < std::max(1, jobs); ++i) threads_.emplace_back([this] { run(); });
}

PointExecutor::~PointExecutor() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  work_.notify_all();
  for (auto& t : threads_) t.join();
}

void PointExecutor::submit(size_t index) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (failed_) return;
    queue_.push_back(index);
    ++in_flight_;
  }
  work_.notify_one();
}

size_t PointExecutor::in_flight() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return in_flight_;
}

std::vector<PointOutcome> PointExecutor::take_done() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<PointOutcome> out;
  out.swap(done_);
  in_flight_ -= out.size();
  return out;
}

std::vector<PointOutcome> PointExecutor::wait_done() {
  std::unique_lock<std::mutex> lock(mutex_);
  finished_.wait(lock, [&] { return !done_.empty() || in_flight_ == 0; });
  std::vector<PointOutcome> out;
  out.swap(done_);
  in_flight_ -= out.size();
  return out;
}

void PointExecutor::run() {
  while (true) {
    size_t index = 0;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      work_.wait(lock, [&] { return stop_ || !queue_.empty(); });
      if (stop_) return;
      index = queue_.front();
      queue_.pop_front();
    }
    PointOutcome o{index, PointOutcome::kOk, {}, {}};
    try {
      o.text = line_(index);
    } catch (const UserError& e) {
      o.status = PointOutcome::kUserError, o.text = e.what(), o.error = std::current_exception();
    } catch (const std::exception& e) {
      o.status = PointOutcome::kBug, o.text = e.what(), o.error = std::current_exception();
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (o.error) in_flight_ -= queue_.size(), queue_.clear(), failed_ = true;
      done_.push_back(std::move(o));
    }
    finished_.notify_all();
  }
}

}  // namespace warpsim::sweep
