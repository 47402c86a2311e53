#include "sweep/sweep_runner.h"

#include <algorithm>
#include <numeric>
#include <optional>

#include "device/simulate.h"
#include "isa/kernel.h"
#include "sweep/point_executor.h"
#include "sweep/throughput_bound_check.h"

namespace warpsim::sweep {

void Violations::add(double value, const std::string& key) {
  ++violated;
  if (!(value <= worst)) worst = value, worst_key = key;  // NaN is the worst
}

LineFn plan_lines(const SweepPlan& plan, LineFormat f, const std::vector<report::Column>& columns, LawTally& tally) {
  return [&plan, f, columns, &tally](size_t i) {
    const SimulationPoint& run = plan.runs[i];
    const device::Result r = device::simulate(*run.config, *run.kernel, run.options);
    const bool law = device::littles_law_holds(r);
    const std::optional<double> bound_ratio = throughput_bound_ratio(run, r);
    const bool bound = !bound_ratio || within_throughput_bound(*bound_ratio);
    if (!law || !bound) {
      const std::lock_guard<std::mutex> lock(tally.mutex);
      if (!law) tally.littles_law.add(r.little_law_error, plan.points[i].key);
      if (!bound) tally.throughput_bound.add(*bound_ratio, plan.points[i].key);
    }
    return point_line(f, columns, plan.points[i], r);
  };
}

void run_local(const std::vector<size_t>& todo, int jobs, const LineFn& line, const EmitFn& emit, const std::vector<size_t>& start_order) {
  PointExecutor pool(jobs, line);
  for (size_t k = 0; k < todo.size(); ++k) pool.submit(todo[start_order.empty() ? k : start_order[k]]);
  std::exception_ptr failure;
  size_t failed_at = ~size_t{0};
  while (pool.in_flight() > 0) {
    for (PointOutcome& o : pool.wait_done()) {
      if (!o.error) {
        emit(o.index, o.text);
      } else if (o.index < failed_at) {  // the pool starts no new point; those running finish and are emitted
        failure = o.error, failed_at = o.index;
      }
    }
  }
  if (failure) std::rethrow_exception(failure);
}

std::vector<size_t> longest_first(const SweepPlan& plan, const std::vector<size_t>& todo) {
  std::vector<double> cost(todo.size());
  for (size_t k = 0; k < todo.size(); ++k) cost[k] = estimated_cost(plan.runs[todo[k]]);
  std::vector<size_t> order(todo.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return cost[a] > cost[b]; });
  return order;
}

std::vector<size_t> points_to_run(const std::vector<bool>& held) {
  std::vector<size_t> out;
  for (size_t i = 0; i < held.size(); ++i)
    if (!held[i]) out.push_back(i);
  return out;
}

}  // namespace warpsim::sweep
