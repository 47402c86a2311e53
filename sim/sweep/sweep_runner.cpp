#include "sweep/sweep_runner.h"

#include <algorithm>
#include <numeric>

#include "device/simulate.h"
#include "isa/kernel.h"
#include "sweep/point_executor.h"

namespace warpsim::sweep {

LineFn plan_lines(const SweepPlan& plan, LineFormat f, const std::vector<report::Column>& columns, LawTally& tally) {
  return [&plan, f, columns, &tally](size_t i) {
    const SimulationPoint& run = plan.runs[i];
    const device::Result r = device::simulate(*run.config, *run.kernel, run.options);
    if (!device::littles_law_holds(r)) {
      const std::lock_guard<std::mutex> lock(tally.mutex);
      ++tally.violated;
      if (r.little_law_error > tally.worst) tally.worst = r.little_law_error, tally.worst_key = plan.points[i].key;
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
