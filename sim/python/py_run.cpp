#include "python/py_run.h"

#include <fmt/format.h>
#include <pybind11/stl.h>

#include <memory>

#include "common/user_error.h"
#include "device/l2_note.h"
#include "device/occupancy.h"
#include "device/simulate.h"
#include "python/py_convert.h"
#include "python/py_objects.h"
#include "report/result_table.h"
#include "sweep/parallel_runner.h"
#include "sweep/sweep_plan.h"
#include "sweep/sweep_rows.h"
#include "validation/evaluation/invariants.h"

namespace warpsim::python {
namespace {

UserError option_error(const std::string& option, const std::string& message) {
  return UserError(Diagnostic{"<cli>", 0, 0, option, message});
}

// The options run and sweep share, checked as the CLI checks them.
device::RunOptions run_options(int sms, uint64_t seed, bool steady, double steady_tolerance, uint64_t max_cycles) {
  if (sms < 0 || sms > 4096) throw option_error("--sms", fmt::format("expected 1 to 4096 SMs (0: all), found {}", sms));
  if (!(steady_tolerance >= 1e-6 && steady_tolerance <= 0.5))
    throw option_error("--steady-tolerance", fmt::format("expected a number from 1e-6 to 0.5, found '{}'", steady_tolerance));
  // Without steady nothing stops early: a tolerance alone would silently do nothing.
  if (!steady && steady_tolerance != device::RunOptions{}.steady_tolerance) throw option_error("--steady-tolerance", "requires --steady");
  if (max_cycles > uint64_t{1} << 50)
    throw option_error("--max-cycles", fmt::format("expected at most 2^50 cycles (0: no limit), found {}", max_cycles));
  device::RunOptions o;
  o.sms = sms;
  o.seed = seed;
  o.stop_when_steady = steady;
  o.steady_tolerance = steady_tolerance;
  o.max_cycles = max_cycles;
  return o;
}

// Little's law on every run (a broken one is a simulator bug): RuntimeError, as the CLI's exit 1.
void check_invariants(const validation::InvariantChecker& checker) {
  const auto violations = validation::violation_messages(checker.checks());
  if (!violations.empty()) throw std::runtime_error(fmt::format("{}", fmt::join(violations, "\n")));
}

// A long simulation stops at Ctrl-C (KeyboardInterrupt) instead of holding the interpreter.
void stop_on_interrupt(double) {
  py::gil_scoped_acquire gil;
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
}

py::object run(const py::object& gpu, const py::object& workload, const py::object& warps, const py::object& sets, const py::object& params,
               int sms, uint64_t seed, int sample_every, bool steady, double steady_tolerance, uint64_t max_cycles,
               const std::string& format) {
  const auto cfg = gpu_config(gpu, sets);
  const auto kernel = workload_kernel(workload, params);
  device::RunOptions base = run_options(sms, seed, steady, steady_tolerance, max_cycles);
  if (sample_every < 1 || sample_every > 1 << 20)
    throw option_error("--sample-every", fmt::format("expected 1 to 1048576, found {}", sample_every));
  base.access_sample_every = sample_every;
  if (const std::string l2 = device::unsimulated_l2_note(*cfg, *kernel); !l2.empty()) warn(l2);
  const std::string spec = warps_text(warps);
  const std::vector<int> requested = spec.empty() ? std::vector<int>{0} : sweep::parse_warps_list(spec);
  // As `warpsim run`: occupancies of a list no launch can realise (§5.7) are left out with a
  // note; a single one that cannot be realised is an error.
  std::vector<int> runnable, skipped;
  for (int n : requested) {
    try {
      device::realize_launch(*cfg, *kernel, n, device::simulated_sms(*cfg, sms));
      runnable.push_back(n);
    } catch (const UserError&) {
      if (requested.size() == 1) throw;
      skipped.push_back(n);
    }
  }
  if (runnable.empty()) throw option_error("--warps", "no occupancy in '" + spec + "' can be realised on " + cfg->gpu.name);
  if (!skipped.empty())
    warn(fmt::format("skipping {} warps/SM: cannot be realised on {} (Volkov §5.7)", device::occupancy_list(skipped), cfg->gpu.name));
  std::vector<device::Result> results;
  validation::InvariantChecker checker;
  for (int n : runnable) {
    sweep::SimulationPoint p{cfg, kernel, base};
    p.options.warps_per_sm = n;
    p.options.on_progress = stop_on_interrupt;
    {
      py::gil_scoped_release release;
      results.push_back(device::simulate(*cfg, *kernel, p.options));
    }
    checker.add(p, results.back());
  }
  check_invariants(checker);
  return table_output(report::results_table(results, steady), format);
}

py::object sweep(const py::object& gpus, const py::object& workloads, const py::object& warps, const py::object& sets,
                 const py::object& params, int sms, uint64_t seed, int jobs, bool steady, double steady_tolerance, uint64_t max_cycles,
                 const std::string& format) {
  sweep::GridSpec grid;
  grid.gpus = string_list(gpus, "gpus");
  grid.workloads = string_list(workloads, "workloads");
  grid.sets = key_value_items(sets, "sets", true);
  grid.params = key_value_items(params, "params", true);
  grid.warps = warps_text(warps);
  if (jobs < 1 || jobs > 1024) throw option_error("--jobs", fmt::format("expected 1 to 1024, found {}", jobs));
  const sweep::SweepPlan plan = sweep::plan_sweep(grid, run_options(sms, seed, steady, steady_tolerance, max_cycles));
  for (const auto& note : plan.notes) warn(note);
  std::vector<device::Result> results;
  {
    py::gil_scoped_release release;
    results = sweep::run_points(plan.runs, jobs);
  }
  const auto columns = sweep::sweep_columns(steady, grid);
  report::Table t(columns);
  validation::InvariantChecker checker;
  for (size_t i = 0; i < results.size(); ++i) {
    t.add_row(sweep::point_row(columns, plan.points[i], results[i]));
    checker.add(plan.runs[i], results[i]);
  }
  check_invariants(checker);
  return table_output(t, format);
}

}  // namespace

void register_run(py::module_& m) {
  m.def("run", &run, py::arg("gpu"), py::arg("workload"), py::arg("warps") = py::none(), py::kw_only(), py::arg("sets") = py::none(),
        py::arg("params") = py::none(), py::arg("sms") = 0, py::arg("seed") = 1, py::arg("sample_every") = 1, py::arg("steady") = false,
        py::arg("steady_tolerance") = 0.01, py::arg("max_cycles") = 0, py::arg("format") = "records",
        "Simulates `workload` on `gpu` at each occupancy of `warps` (warps per SM: an int, a list, or '8:64:8'; None: as many "
        "as fit), as `warpsim run`. gpu/workload: a Gpu/Workload, or a name or file loaded with `sets`/`params`. sms: SMs to "
        "simulate (0: all; fewer get their share of the memory system). Returns one row per occupancy with the columns of "
        "`warpsim run --format csv` (column_names()): format='records' a list of dicts, 'columns' a dict of lists, 'csv', "
        "'json' or 'table' the CLI's text. Occupancies left out and other notes are UserWarnings; bad input raises ValueError.");
  m.def("sweep", &sweep, py::arg("gpus"), py::arg("workloads"), py::arg("warps") = py::none(), py::kw_only(), py::arg("sets") = py::none(),
        py::arg("params") = py::none(), py::arg("sms") = 0, py::arg("seed") = 1, py::arg("jobs") = 1, py::arg("steady") = false,
        py::arg("steady_tolerance") = 0.01, py::arg("max_cycles") = 0, py::arg("format") = "records",
        "Simulates the grid gpus x sets x workloads x params x warps, as `warpsim sweep` (docs/sweep.md): gpus and workloads "
        "are names or files (a str or a list), sets and params map each key to a value or a list of values, warps is "
        "comma-separated occupancies or ranges. jobs: threads. Returns one row per point in grid order, the columns point, "
        "sets, then those of run().");
  m.def(
      "column_names",
      [] {
        std::vector<std::string> names;
        for (const auto& c : report::result_columns()) names.push_back(c.name);
        return names;
      },
      "The columns of run()'s rows, as `warpsim run --format csv` names them (README, \"Output columns\").");
}

}  // namespace warpsim::python
