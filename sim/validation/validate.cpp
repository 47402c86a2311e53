#include "validation/validate.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <set>

#include "common/user_error.h"
#include "config/loader.h"
#include "sweep/progress_bar.h"
#include "validation/cases/auto_cases.h"
#include "validation/cases/case_loader.h"
#include "validation/cases/in_sample.h"
#include "validation/cases/not_compared.h"
#include "validation/evaluation/invariants.h"
#include "validation/memory_models/memory_model_section.h"
#include "validation/report/cache_note.h"
#include "validation/report/failure_reasons.h"
#include "validation/report/figure_data.h"
#include "validation/report/findings.h"

namespace fs = std::filesystem;

namespace warpsim::validation {
namespace {

struct GpuArg {
  std::string arg;   // as given
  std::string name;  // the config's gpu.name
};

// Cases, derived ones included, are kept per GPU name: a --gpu given twice counts once, and two
// configs of one name are refused (the cases of that name would run on whichever came last).
std::vector<GpuArg> resolve_gpus(const std::vector<std::string>& args) {
  std::vector<GpuArg> out;
  for (const auto& a : args) {
    if (std::any_of(out.begin(), out.end(), [&](const GpuArg& g) { return g.arg == a; })) continue;
    GpuArg g{a, config::load_hw_config(a).gpu.name};
    for (const auto& o : out)
      if (o.name == g.name)
        throw UserError(Diagnostic{"<cli>", 0, 0, "--gpu",
                                   fmt::format("'{}' and '{}' are both GPU '{}' (gpu.name): validation keeps cases per GPU name, so "
                                               "give one of them, or another gpu.name in one file",
                                               o.arg, a, g.name)});
    out.push_back(std::move(g));
  }
  return out;
}

bool selected(const std::string& id, const std::vector<std::string>& patterns) {
  if (patterns.empty()) return true;
  for (const auto& p : patterns)
    if (case_id_matches(p, id)) return true;
  return false;
}

// The seeds' GPUs in the order of Volkov 2016 Table 2.1, then any other GPU by name.
int gpu_rank(const std::string& name) {
  static const std::vector<std::string> kSeedOrder{"g80", "gt200", "fermi", "kepler", "maxwell"};
  return static_cast<int>(std::find(kSeedOrder.begin(), kSeedOrder.end(), name) - kSeedOrder.begin());
}

std::vector<FigureGpu> figure_gpus(const std::vector<CaseSpec>& cases) {
  std::vector<FigureGpu> out;
  std::set<std::string> seen;
  for (const auto& c : cases) {
    if (!seen.insert(c.gpu).second) continue;
    RunSpec base;
    base.gpu = c.quantity.run.gpu;
    base.sets = c.quantity.run.sets;
    out.push_back({c.gpu, base});
  }
  std::stable_sort(out.begin(), out.end(), [](const FigureGpu& a, const FigureGpu& b) {
    return std::make_pair(gpu_rank(a.name), a.name) < std::make_pair(gpu_rank(b.name), b.name);
  });
  return out;
}

// The run a case's quantity simulates (a ratio's numerator's when it has none of its own).
const RunSpec* run_of(const Quantity& q) {
  if (!q.run.gpu.empty()) return &q.run;
  for (const auto* sub : {q.extract.numerator.get(), q.extract.denominator.get(), q.extract.reference.get()})
    if (sub != nullptr)
      if (const RunSpec* r = run_of(*sub)) return r;
  return nullptr;
}

// Marks each outcome with the inputs of its simulation taken from the measurement it compares
// against (in_sample.h), per the simulation's own config: its memory model reads only its keys;
// each analytical model's likewise, per the keys it reads;
// and a failed one with the known reason its memory model misses it (failure_reasons.h).
void annotate(std::vector<CaseOutcome>& outcomes, SimulationCache& sims) {
  const std::vector<MeasuredInput> inputs = load_measured_inputs(builtin_measured_inputs_file());
  const std::vector<FailureReason> reasons = load_failure_reasons(builtin_failure_reasons_file());
  for (CaseOutcome& o : outcomes) {
    const RunSpec* run = run_of(o.spec->quantity);
    if (run == nullptr) continue;
    const auto cfg = sims.config(run->gpu, run->sets);
    o.in_sample = in_sample_inputs(*o.spec, *cfg, inputs);
    for (ModelOutcome& m : o.models)
      if (const model::ModelInfo* info = model::find_model(m.model)) m.in_sample = in_sample_inputs(*o.spec, *info, inputs);
    if (!o.pass) o.failure_reason = failure_reason(o.spec->id, cfg->memory.model, reasons);
  }
}

}  // namespace

ValidateResult run_validate(const ValidateOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  if (!o.out_dir.empty()) check_report_dir(o.out_dir);
  const auto gpus = resolve_gpus(o.gpus);
  const size_t builtin_files = load_measurements(builtin_measurements_dir()).files().size();
  std::vector<fs::path> mpaths{builtin_measurements_dir()};
  for (const auto& p : o.measurement_paths) mpaths.emplace_back(p);
  const MeasurementSet ms = load_measurements(mpaths);

  std::vector<fs::path> cpaths;
  for (const auto& p : o.case_paths) cpaths.emplace_back(p);
  if (cpaths.empty()) cpaths.push_back(builtin_cases_dir());
  std::vector<CaseSpec> cases;
  std::set<std::pair<int, std::string>> covered;  // the GPUs the case files have cases for, in seed order
  GpuConfigArgs gpu_files;                        // a GPU given by path runs (and checks) the cases of its name with that config
  for (const auto& g : gpus) gpu_files[g.name] = g.arg;
  std::set<std::string> compared;  // the measurement rows the case files compare, before any filter
  for (auto& c : load_cases(cpaths, gpu_files)) {
    covered.insert({gpu_rank(c.gpu), c.gpu});
    for (auto& id : compared_rows(c)) compared.insert(std::move(id));
    const bool gpu_ok = gpus.empty() || std::any_of(gpus.begin(), gpus.end(), [&](const GpuArg& g) { return g.name == c.gpu; });
    if (gpu_ok && selected(c.id, o.case_patterns)) cases.push_back(std::move(c));
  }
  ValidateResult res;
  res.report.findings = std::make_shared<const std::vector<Finding>>(load_findings(builtin_findings_file()));  // before any simulation
  std::vector<size_t> user_files;
  for (size_t f = builtin_files; f < ms.files().size(); ++f) {
    user_files.push_back(f);
    // The microbenchmark suite's dry run writes the measurement format from a CPU stand-in.
    const std::string* driver = ms.files()[f].metadata_value("driver");
    if (driver && driver->find("dry-run") != std::string::npos)
      res.report.notes.push_back(
          ms.files()[f].path + " comes from the microbenchmark suite's dry run (driver: " + *driver +
          "): its numbers are made up by a CPU stand-in, not measured on a GPU; the cases derived from it test the plumbing only");
  }
  SimulationCache sims(o.sets, o.whole_device);
  const std::vector<NotCompared> not_compared = load_not_compared(builtin_not_compared_file());
  const auto derive_for = [&](const std::string& arg, const std::string& name) {
    DerivedCases d = derive_cases(ms, user_files, arg, name, sims, not_compared);
    for (auto& c : d.cases)
      if (selected(c.id, o.case_patterns)) cases.push_back(std::move(c));
    // Every row of a measurement file becomes a case or is said not to (report and stderr).
    for (auto& s : d.skipped)
      res.report.notes.push_back("no case derived from " + s), res.unused_rows.push_back("no case derived from " + s);
    for (auto& w : d.warnings) {
      if (std::find(res.warnings.begin(), res.warnings.end(), w) != res.warnings.end()) continue;  // a row of several --gpu
      if (w.find("params key") != std::string::npos) res.report.notes.push_back(w);                // a skip is noted above already
      res.warnings.push_back(std::move(w));
    }
  };
  if (!user_files.empty()) {
    if (gpus.empty()) derive_for("", "");
    for (const auto& g : gpus) derive_for(g.arg, g.name);
  }
  // With --gpu: the rows of each file for none of the GPUs given are used by no case either.
  for (size_t f : gpus.empty() ? std::vector<size_t>{} : user_files) {
    const MeasurementFile& file = ms.files()[f];
    std::set<std::string> others;
    size_t n = 0;
    for (size_t i = file.first_row; i < file.first_row + file.row_count; ++i) {
      const Measurement& m = ms.rows()[i];
      if (std::any_of(gpus.begin(), gpus.end(), [&](const GpuArg& g) { return m.applies_to(g.name); })) continue;
      ++n;
      others.insert(m.gpu);
    }
    if (n == 0) continue;
    std::vector<std::string> given;
    for (const auto& g : gpus) given.push_back(g.name);
    const std::string note = fmt::format("{}: {} row{} for GPUs other than --gpu {} ({}): not used by this run", file.path, n,
                                         n == 1 ? "" : "s", fmt::join(given, ", "), fmt::join(others, ", "));
    res.report.notes.push_back(note);
    res.unused_rows.push_back(note);
  }
  // Every row of the built-in files the built-in cases do not compare, with its reason.
  if (o.case_paths.empty()) {
    std::vector<std::string> names;
    for (const auto& g : gpus) names.push_back(g.name);
    for (auto& line : uncompared_rows(ms, builtin_files, compared, not_compared, names)) {
      res.report.notes.push_back(line);
      res.unused_rows.push_back(std::move(line));
    }
  }
  if (cases.empty()) {
    if (o.case_patterns.empty() && user_files.empty() && !gpus.empty()) {
      // Only --gpu filtered: say which GPUs have cases, and how to validate another.
      std::vector<std::string> given, have;
      for (const auto& g : gpus) given.push_back(g.name);
      for (const auto& [rank, name] : covered) have.push_back(name);
      throw UserError(Diagnostic{"<cli>", 0, 0, "--gpu",
                                 fmt::format("no validation case covers {}: the cases cover {}; for another GPU, give its "
                                             "measurements with --measurements FILE (docs/validation.md)",
                                             fmt::join(given, ", "), fmt::join(have, ", "))});
    }
    // Rows of the user's files that gave no case say why (otherwise only the report's notes do).
    std::string why;
    for (size_t i = 0; i < res.report.notes.size() && i < 3; ++i) why += "\n  " + res.report.notes[i];
    if (res.report.notes.size() > 3) why += fmt::format("\n  ... and {} more rows", res.report.notes.size() - 3);
    if (o.case_patterns.empty() && gpus.empty())
      throw UserError(Diagnostic{
          "<cli>", 0, 0, o.case_paths.empty() ? "" : "--cases",
          std::string("no case to run: the case files hold none") + (user_files.empty() ? "" : ", and no measurement row gave one") + why});
    throw UserError(Diagnostic{"<cli>", 0, 0, "--case", "no validation case matches the given --gpu / --case filters" + why});
  }
  check_cases(cases, ms);

  Evaluator ev(sims);
  plan_cases(ev, cases);
  const auto fgpus = figure_gpus(cases);
  if (o.figures) plan_figures(ev, fgpus);
  {
    sweep::ProgressBar bar(sims.pending(), o.progress, true, "validate: case simulations");
    res.report.simulations = sims.run_pending(o.jobs, [&bar](size_t done, size_t) { bar.update(done); });
  }

  res.report.cases = std::make_shared<const std::vector<CaseSpec>>(std::move(cases));  // the outcomes point into it
  res.report.outcomes = judge_cases(ev, *res.report.cases, ms);
  annotate(res.report.outcomes, sims);
  res.report.accuracy = accuracy_summary(res.report.outcomes);
  res.report.finding_outcomes = judge_findings(*res.report.findings, res.report.outcomes);
  res.report.headline = headline(res.report.outcomes);
  if (o.figures) res.report.figure_data = figure_data(ev, fgpus, ms);
  InvariantChecker invariants;
  std::map<std::string, std::string> caches;  // per GPU: what its runs simulated of the memory hierarchy
  sims.for_each_simulation([&](const sweep::SimulationPoint& p, const device::Result& r) {
    invariants.add(p, r);
    caches.try_emplace(p.config->gpu.name, caches_and_tlbs(*p.config));
  });
  for (const auto& [gpu, text] : caches) res.report.notes.push_back("caches: " + text);
  if (!o.memory_models.empty()) {
    std::vector<MemoryModelGpu> mgpus;
    for (const auto& g : fgpus) {
      if (!in_memory_model_section(g.name)) continue;
      std::vector<std::string> sets = g.base.sets;
      sets.insert(sets.end(), o.sets.begin(), o.sets.end());
      mgpus.push_back({g.name, g.base.gpu, sets});
    }
    // Its sweeps are simulations of this run too: counted where the report says how many ran.
    const size_t before = invariants.checks().front().checked;
    sweep::ProgressBar bar(1000, o.progress, false, "validate: memory models");
    res.report.memory_models = memory_model_section(mgpus, o.memory_models, o.jobs, &invariants,
                                                    [&bar](size_t done, size_t total) { bar.update(1000 * done / total); });
    bar.finish();
    res.report.simulations += invariants.checks().front().checked - before;
  }
  res.report.invariants = invariants.checks();
  res.report.command = o.command;
  for (const auto& c : res.report.outcomes) (c.pass ? res.passed : res.failed)++;
  if (!o.out_dir.empty()) res.figures = write_report(o.out_dir, res.report, o.figures, o.jobs);
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return res;
}

}  // namespace warpsim::validation
