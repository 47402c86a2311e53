// A thread pool that runs tasks 0..n-1 on up to `jobs` worker threads and hands their results to
// one consumer in task order, as soon as each prefix is complete. Whatever the number of jobs
// and however the tasks interleave, the consumer sees the same sequence: outputs written from it
// are byte-identical for any --jobs.
//
// Workers start the tasks in `start_order` (a permutation of 0..n-1; empty: 0..n-1), e.g. the
// longest first so that no long task starts last and leaves the other threads idle; the consumer
// still sees them in task order.
//
// Contract: one consumer thread calls next() exactly once per task, in order. A task that throws
// has its exception rethrown by the next() that reaches it; the pool then stops taking tasks.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace warpsim::sweep {

template <typename T>
class OrderedPool {
 public:
  OrderedPool(size_t tasks, int jobs, std::function<T(size_t)> work, std::vector<size_t> start_order = {})
      : work_(std::move(work)), order_(std::move(start_order)), slots_(tasks), errors_(tasks) {
    const int n = std::max(1, std::min<int>(jobs, static_cast<int>(std::max<size_t>(tasks, 1))));
    for (int i = 0; i < n && tasks > 0; ++i) threads_.emplace_back([this] { run(); });
  }
  OrderedPool(const OrderedPool&) = delete;
  OrderedPool& operator=(const OrderedPool&) = delete;
  ~OrderedPool() {
    stop_ = true;  // in-flight tasks finish; no new ones start
    for (auto& t : threads_) t.join();
  }

  size_t size() const { return slots_.size(); }

  // The result of the next task in order, waiting for it; rethrows the task's exception.
  T next() {
    std::unique_lock<std::mutex> lock(mutex_);
    const size_t i = consumed_++;
    ready_.wait(lock, [&] { return slots_[i].has_value() || errors_[i]; });
    if (errors_[i]) {
      stop_ = true;
      std::rethrow_exception(errors_[i]);
    }
    T out = std::move(*slots_[i]);
    slots_[i].reset();
    return out;
  }

 private:
  void run() {
    for (size_t k = next_task_++; k < slots_.size() && !stop_; k = next_task_++) {
      const size_t i = order_.empty() ? k : order_[k];
      // After a failure, tasks after it in task order are not started (the consumer never gets
      // past it); those before it still run, so the consumer reaches it.
      if (i > failed_at_) continue;
      std::optional<T> value;
      std::exception_ptr error;
      try {
        value.emplace(work_(i));
      } catch (...) {
        error = std::current_exception();
      }
      {
        std::lock_guard<std::mutex> lock(mutex_);
        if (error) errors_[i] = error, failed_at_ = std::min<size_t>(failed_at_, i);
        else slots_[i] = std::move(value);
      }
      ready_.notify_all();
    }
  }

  std::function<T(size_t)> work_;
  std::vector<size_t> order_;
  std::vector<std::optional<T>> slots_;
  std::vector<std::exception_ptr> errors_;
  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::atomic<size_t> next_task_{0};
  std::atomic<bool> stop_{false};
  std::atomic<size_t> failed_at_{~size_t{0}};  // smallest failed task index
  size_t consumed_ = 0;
};

}  // namespace warpsim::sweep
