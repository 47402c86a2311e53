#include "mem/simgrid/engine_thread.h"

#include <condition_variable>
#include <deque>
#include <exception>
#include <future>
#include <mutex>
#include <thread>

namespace warpsim::mem::simgrid {

namespace {

class EngineThread {
 public:
  EngineThread() : thread_([this] { loop(); }) {
    id_ = thread_.get_id();
    thread_.detach();  // parked on the queue for the life of the process
  }

  std::thread::id id() const { return id_; }

  void run(const std::function<void()>& body) {
    std::packaged_task<void()> task(body);
    std::future<void> done = task.get_future();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      jobs_.push_back(std::move(task));
    }
    ready_.notify_one();
    done.get();  // rethrows the body's exception
  }

 private:
  void loop() {
    while (true) {
      std::packaged_task<void()> task;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait(lock, [this] { return !jobs_.empty(); });
        task = std::move(jobs_.front());
        jobs_.pop_front();
      }
      task();
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::packaged_task<void()>> jobs_;
  std::thread thread_;
  std::thread::id id_;
};

// Never destroyed: the detached thread may still be parked on its members at exit.
EngineThread& engine_thread() {
  static EngineThread* t = new EngineThread();
  return *t;
}

}  // namespace

bool on_simgrid_thread() { return std::this_thread::get_id() == engine_thread().id(); }

void run_on_simgrid_thread(const std::function<void()>& body) {
  if (on_simgrid_thread()) {
    body();
    return;
  }
  engine_thread().run(body);
}

}  // namespace warpsim::mem::simgrid
