#include "sweep/sweep_main.h"

#include <fmt/format.h>

#include <cmath>
#include <exception>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>

#include "common/user_error.h"
#include "device/occupancy.h"
#include "model/simulated_bound.h"
#include "sweep/mpi_launch.h"
#include "sweep/progress_bar.h"
#include "sweep/sweep_output.h"
#include "sweep/sweep_plan.h"
#include "sweep/sweep_runner.h"
#if defined(WARPSIM_HAVE_MPI)
#include "sweep/mpi/mpi_sweep.h"
#endif

namespace warpsim::sweep {
namespace {

// What the writing process (the only process, or MPI rank 0) holds while the points run.
// Lines come as their points finish. A file gets each at once, so that a killed sweep leaves
// every finished point for the rerun (the costliest points start first, and the first in grid
// order is often the last to finish); close_output() puts the file in grid order. Standard output
// cannot be reordered afterwards: its lines wait here for the points before them.
struct Output {
  ResumeState state;
  std::unique_ptr<LineWriter> writer;
  std::unique_ptr<ProgressBar> bar;
  size_t done = 0;
  bool to_file = false;
  size_t next_in_order = 0;                 // the point a line in grid order would be next
  std::map<size_t, std::string> held_back;  // standard output: lines waiting for earlier points

  void accept(size_t i, const std::string& line) {
    if (to_file) {
      state.in_order = state.in_order && i == next_in_order++;
      writer->write(line);
    } else {
      held_back.emplace(i, line);
      for (auto it = held_back.begin(); it != held_back.end() && it->first == next_in_order; it = held_back.erase(it), ++next_in_order)
        writer->write(it->second);
    }
    bar->update(++done);
  }
};

// The points' keys, in grid order: what the output file's lines are matched and ordered by.
std::vector<std::string> point_keys(const SweepPlan& plan) {
  std::vector<std::string> keys;
  for (const auto& p : plan.points) keys.push_back(p.key);
  return keys;
}

// What each point's line must say before its numbers (sweep_rows.h, point_identity).
std::vector<std::vector<std::string>> point_identities(const SweepPlan& plan, const std::vector<report::Column>& columns) {
  std::vector<std::vector<std::string>> out;
  for (size_t i = 0; i < plan.points.size(); ++i) {
    const SimulationPoint& run = plan.runs[i];
    const auto launch =
        device::realize_launch(*run.config, *run.kernel, run.options.warps_per_sm, device::simulated_sms(*run.config, run.options.sms));
    out.push_back(point_identity(columns, plan.points[i], run.config->gpu.name, *run.kernel, launch));
  }
  return out;
}

std::unique_ptr<Output> open_output(const SweepRequest& req, const SweepPlan& plan, LineFormat f,
                                    const std::vector<report::Column>& columns) {
  const std::vector<std::string> keys = point_keys(plan);
  auto o = std::make_unique<Output>();
  o->writer = std::make_unique<LineWriter>(req.out);  // locked before it is read
  o->state = req.out.empty() ? ResumeState{} : read_resume_state(req.out, f, columns, keys, point_identities(plan, columns));
  o->state.lines.resize(keys.size());
  for (const auto& note : plan.notes) std::cerr << "warpsim: note: " << note << "\n";
  if (o->state.held() > 0)
    std::cerr << fmt::format("warpsim: note: resuming: {} of {} points already in {}\n", o->state.held(), keys.size(), req.out);
  o->writer->start(header_line(f, columns), o->state);
  o->to_file = !req.out.empty();
  o->next_in_order = o->state.held();  // in_order: the file holds the first points
  o->bar = std::make_unique<ProgressBar>(keys.size() - o->state.held(), req.progress && ProgressBar::stderr_is_terminal());
  return o;
}

// The points a resumed sweep keeps were checked when they ran, but the file may have changed since:
// their Little's law is checked again, so that a kept point cannot pass what a rerun would fail.
void tally_kept_points(const Output& o, const SweepPlan& plan, LineFormat f, const std::vector<report::Column>& columns, LawTally& tally) {
  for (size_t i = 0; i < o.state.lines.size(); ++i) {
    if (!o.state.lines[i]) continue;
    std::string line = *o.state.lines[i];
    if (!line.empty() && line.back() == '\n') line.pop_back();
    const double error = line_number(f, columns, line, "little_law_error").value_or(INFINITY);
    if (error <= device::kLittlesLawTolerance) continue;  // NaN and a missing number fail too
    tally.littles_law.add(error, plan.points[i].key);
  }
}

// A sweep that fails before any point of it was written leaves no file it created: a header
// alone is no checkpoint to resume from (a file that held points is kept for that).
void discard_if_unused(Output& o, const std::string& path, bool created) {
  if (!created || o.done > 0 || o.state.held() > 0) return;
  o.writer.reset();
  std::error_code ignored;
  std::filesystem::remove(path, ignored);
}

std::vector<size_t> todo_of(const Output& o) {
  std::vector<bool> held;
  for (const auto& l : o.state.lines) held.push_back(l.has_value());
  return points_to_run(held);
}

EmitFn emit_to(Output& o) {
  return [&o](size_t i, const std::string& line) { o.accept(i, line); };
}

// After the last point: a file whose lines are not in grid order is put in order, while the
// writer still holds the file's lock.
void close_output(Output& o, const SweepRequest& req, const SweepPlan& plan, LineFormat f, const std::vector<report::Column>& columns) {
  o.bar->finish();
  if (!o.state.in_order) rewrite_in_grid_order(req.out, f, columns, point_keys(plan));
  o.writer.reset();
}

#if defined(WARPSIM_HAVE_MPI)
void run_with_mpi(const SweepRequest& req, const SweepPlan& plan, LineFormat f, const std::vector<report::Column>& columns,
                  LawTally& tally) {
  mpi::Session session;
  std::unique_ptr<Output> out;
  std::optional<std::vector<size_t>> todo;
  std::exception_ptr failure;  // any kind: the other ranks wait for the broadcast
  const bool created = session.rank() == 0 && !req.out.empty() && !std::filesystem::exists(req.out);
  if (session.rank() == 0) {
    try {
      out = open_output(req, plan, f, columns);
      tally_kept_points(*out, plan, f, columns, tally);
      todo = todo_of(*out);
    } catch (...) {
      failure = std::current_exception();
    }
  }
  const auto shared = mpi::share_todo(session, todo);
  if (!shared) {
    if (failure) std::rethrow_exception(failure);  // rank 0 reports; the others end quietly
    return;
  }
  try {
    mpi::run_distributed(session, *shared, longest_first(plan, *shared), req.jobs, plan_lines(plan, f, columns, tally),
                         out ? emit_to(*out) : EmitFn{});
  } catch (...) {
    if (out) discard_if_unused(*out, req.out, created);
    throw;
  }
  mpi::gather_tally(session, tally);
  if (out) close_output(*out, req, plan, f, columns);
}
#endif

}  // namespace

std::string run_sweep(const SweepRequest& req) {
  const int ranks = mpi_launch_size();
  if (ranks > 1 && !mpi_built_in())
    throw UserError(Diagnostic{"<cli>", 0, 0, "mpirun",
                               "this warpsim was built without MPI: run the sweep without mpirun, or rebuild with Open MPI installed"});
  if (req.jobs < 1) throw UserError(Diagnostic{"<cli>", 0, 0, "--jobs", "expected at least 1"});
  const LineFormat f = parse_line_format(req.format);
  const SweepPlan plan = plan_sweep(req.grid, req.base);  // every rank checks the input alike
  const auto columns = sweep_columns(req.base.stop_when_steady, req.grid);
  LawTally tally;
#if defined(WARPSIM_HAVE_MPI)
  if (ranks >= 1)
    run_with_mpi(req, plan, f, columns, tally);
  else
#endif
  {
    const bool created = !req.out.empty() && !std::filesystem::exists(req.out);
    auto out = open_output(req, plan, f, columns);
    tally_kept_points(*out, plan, f, columns, tally);
    const auto todo = todo_of(*out);
    try {
      run_local(todo, req.jobs, plan_lines(plan, f, columns, tally), emit_to(*out), longest_first(plan, todo));
    } catch (...) {
      discard_if_unused(*out, req.out, created);
      throw;
    }
    close_output(*out, req, plan, f, columns);
  }
  std::string broken;
  const auto report = [&broken](const char* name, const Violations& v, const std::string& rule) {
    if (v.violated == 0) return;
    if (!broken.empty()) broken += "\n";
    broken += fmt::format("warpsim: error: invariant {} violated by {} sweep point(s); worst {:.6g} ({}): {}", name, v.violated, v.worst,
                          v.worst_key, rule);
  };
  report("littles_law", tally.littles_law, device::kLittlesLawRule);
  report("throughput_bound", tally.throughput_bound, model::kBoundRule);
  return broken;
}

}  // namespace warpsim::sweep
