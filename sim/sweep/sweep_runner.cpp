#include "sweep/sweep_runner.h"

#include <algorithm>
#include <numeric>

#include "device/simulate.h"
#include "isa/kernel.h"
#include "sweep/ordered_pool.h"

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

void run_local(const std::vector<size_t>& todo, int jobs, const LineFn& line, const EmitFn& emit, std::vector<size_t> start_order) {
  OrderedPool<std::string> pool(todo.size(), jobs, [&](size_t k) { return line(todo[k]); }, std::move(start_order));
  for (size_t k = 0; k < todo.size(); ++k) emit(todo[k], pool.next());
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
