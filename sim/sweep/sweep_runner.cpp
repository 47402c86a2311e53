#include "sweep/sweep_runner.h"

#include "device/simulate.h"
#include "sweep/ordered_pool.h"

namespace warpsim::sweep {

LineFn plan_lines(const SweepPlan& plan, LineFormat f, const std::vector<report::Column>& columns) {
  return [&plan, f, columns](size_t i) {
    const SimulationPoint& run = plan.runs[i];
    return point_line(f, columns, plan.points[i], device::simulate(*run.config, *run.kernel, run.options));
  };
}

void run_local(const std::vector<size_t>& todo, int jobs, const LineFn& line, const EmitFn& emit) {
  OrderedPool<std::string> pool(todo.size(), jobs, [&](size_t k) { return line(todo[k]); });
  for (size_t k = 0; k < todo.size(); ++k) emit(todo[k], pool.next());
}

std::vector<size_t> points_to_run(const std::vector<bool>& held) {
  std::vector<size_t> out;
  for (size_t i = 0; i < held.size(); ++i)
    if (!held[i]) out.push_back(i);
  return out;
}

}  // namespace warpsim::sweep
