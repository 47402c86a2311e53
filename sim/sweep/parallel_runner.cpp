#include "sweep/parallel_runner.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

#include "isa/kernel.h"

namespace warpsim::sweep {

double estimated_cost(const SimulationPoint& p) {
  const int warps = p.options.warps_per_sm > 0 ? p.options.warps_per_sm : p.config->sm.max_warps;
  const int sms = p.options.sms > 0 ? std::min(p.options.sms, p.config->device.sms) : p.config->device.sms;
  return static_cast<double>(warps) * sms * static_cast<double>(isa::instruction_mix(*p.kernel).total);
}

std::vector<device::Result> run_points(const std::vector<SimulationPoint>& points, int jobs, const ProgressFn& progress) {
  std::vector<device::Result> results(points.size());
  std::vector<std::exception_ptr> errors(points.size());
  std::atomic<size_t> next{0};
  std::mutex progress_mutex;
  size_t done = 0;
  auto worker = [&] {
    for (size_t i = next++; i < points.size(); i = next++) {
      try {
        results[i] = device::simulate(*points[i].config, *points[i].kernel, points[i].options);
      } catch (...) {
        errors[i] = std::current_exception();
      }
      if (progress) {
        std::lock_guard<std::mutex> lock(progress_mutex);
        progress(++done, points.size());
      }
    }
  };
  const int n = std::max(1, std::min<int>(jobs, static_cast<int>(points.size())));
  std::vector<std::thread> threads;
  for (int t = 1; t < n; ++t) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  for (const auto& e : errors)
    if (e) std::rethrow_exception(e);
  return results;
}

}  // namespace warpsim::sweep
