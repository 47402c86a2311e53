// `warpsim validate`: run the validation cases against real-GPU measurements and the analytical
// models, print the case table, write the report directory, and end with "N passed, M failed".
// Exit status: 0 every case within tolerance and every invariant held (validation/evaluation/invariants.h), 1 any
// case failed or invariant violated, 2 bad input (nothing written).
#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <thread>

#include "cli/commands.h"
#include "cli/exit_status.h"
#include "sweep/progress_bar.h"
#include "validation/memory_models/memory_model_section.h"
#include "validation/report/report_tables.h"
#include "validation/report/report_writer.h"
#include "validation/validate.h"

namespace warpsim::cli {
namespace {

struct ValidateCli {
  validation::ValidateOptions o;
  std::string format = "table";
  bool no_figures = false;
  std::string memory_models = validation::kDefaultMemoryModels;
};

// `arg` as a shell reads it back: bare when it holds only safe characters, else single-quoted
// (a glob such as t6_* would expand, a space split).
std::string shell_quoted(const std::string& arg) {
  const bool safe = !arg.empty() &&
                    arg.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.,/=:+@%") == std::string::npos;
  if (safe) return arg;
  std::string q = "'";
  for (char ch : arg) q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return q + "'";
}

// The command line that remakes this report, for its header.
std::string command_text(const ValidateCli& c) {
  std::string s = "warpsim validate";
  const auto add = [&s](const char* option, const std::string& value) { s += std::string(" ") + option + " " + shell_quoted(value); };
  for (const auto& g : c.o.gpus) add("--gpu", g);
  for (const auto& p : c.o.case_patterns) add("--case", p);
  for (const auto& p : c.o.case_paths) add("--cases", p);
  for (const auto& p : c.o.measurement_paths) add("--measurements", p);
  for (const auto& p : c.o.sets) add("--set", p);
  if (c.no_figures) s += " --no-figures";
  if (c.o.whole_device) s += " --whole-device";
  if (c.memory_models != validation::kDefaultMemoryModels) add("--memory-models", c.memory_models);
  add("--out-dir", c.o.out_dir);
  return s;
}

}  // namespace

void register_validate(CLI::App& app) {
  auto* cmd = app.add_subcommand("validate", "Compare the simulator and the analytical models with real-GPU measurements; write a report");
  auto c = std::make_shared<ValidateCli>();
  c->o.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  cmd->add_option("--gpu", c->o.gpus, "only cases on this GPU (a name, or a config file for derived cases); repeatable");
  cmd->add_option("--case", c->o.case_patterns, "only this case id, id prefix or glob (e.g. 't6_1.*'); repeatable");
  cmd->add_option("--cases", c->o.case_paths, "case files or directories instead of validation/cases/; repeatable");
  cmd->add_option("--measurements", c->o.measurement_paths,
                  "also load these measurement CSV files or directories and derive a case from each runnable row; repeatable");
  cmd->add_option("--set", c->o.sets, "override a config field of every GPU, e.g. memory.model=queue; repeatable");
  cmd->add_option("--out-dir", c->o.out_dir, "report directory (replaced as a whole)")->capture_default_str();
  cmd->add_option("--jobs", c->o.jobs, "simulations in parallel (default: hardware threads)")->check(CLI::Range(1, 1024));
  cmd->add_flag("--no-figures", c->no_figures, "skip the figures and their simulations");
  cmd->add_flag("--whole-device", c->o.whole_device,
                "simulate every case on all of the GPU's SMs instead of one SM with its share of the memory system (slower; "
                "the share keeps one memory channel, so contention models need this)");
  auto* mm =
      cmd->add_option("--memory-models", c->memory_models,
                      fmt::format("memory models compared on Table 6.4's streaming experiment (Kepler, Maxwell), comma-separated, or none "
                                  "(default: {}, those built)",
                                  validation::kDefaultMemoryModels));
  cmd->add_option("--format", c->format, "stdout format: table, csv or json")
      ->check(CLI::IsMember({"table", "csv", "json"}))
      ->capture_default_str();
  cmd->callback([c, mm] {
    validation::check_report_dir(c->o.out_dir);  // before anything runs; an empty name too
    c->o.figures = !c->no_figures;
    std::vector<std::string> skipped;
    c->o.memory_models = validation::parse_memory_models(c->memory_models, "--memory-models", mm->count() == 0, skipped);
    for (const auto& name : skipped) std::cerr << "warpsim: note: memory model '" << name << "' is not built into this warpsim; skipped\n";
    c->o.command = command_text(*c);
    c->o.progress = sweep::ProgressBar::stderr_is_terminal();
    const validation::ValidateResult r = validation::run_validate(c->o);
    for (const auto& w : r.warnings) std::cerr << "warpsim: note: " << w << "\n";
    // Rows of the measurement files no case uses: the first few here, every one in the report.
    constexpr size_t kUnusedShown = 20;
    for (size_t i = 0; i < r.unused_rows.size() && i < kUnusedShown; ++i) std::cerr << "warpsim: note: " << r.unused_rows[i] << "\n";
    if (r.unused_rows.size() > kUnusedShown)
      std::cerr << fmt::format("warpsim: note: ... {} more measurement rows not used, each with its reason in {}/report.md\n",
                               r.unused_rows.size() - kUnusedShown, c->o.out_dir);
    std::cout << validation::cases_table(r.report.outcomes).render(c->format);
    const auto& h = r.report.headline;
    std::cerr << fmt::format("warpsim: validate: {} simulations in {:.1f} s with {} jobs; report in {}{}\n", r.report.simulations,
                             r.seconds, c->o.jobs, c->o.out_dir,
                             r.figures.made || !c->o.figures ? "" : " (no figures: " + r.figures.why_not + ")");
    if (h.cases > 0)
      std::cerr << fmt::format(
          "warpsim: worst error over {} measured cases: simulator {} ({}), Volkov basic model {} ({}){}\n", h.cases,
          validation::headline_error_text(h.simulator), h.simulator_case, validation::headline_error_text(h.volkov), h.volkov_case,
          h.simulator_missing + h.volkov_missing == 0
              ? ""
              : fmt::format("; no number: simulator in {} other cases, model in {}", h.simulator_missing, h.volkov_missing));
    if (!r.report.finding_outcomes.empty()) {
      std::vector<std::string> reproduced;
      for (const auto& f : r.report.finding_outcomes)
        if (f.reproduced()) reproduced.push_back(f.finding->id);
      std::cerr << fmt::format("warpsim: seed findings reproduced: {} of {}{}\n", reproduced.size(), r.report.finding_outcomes.size(),
                               reproduced.empty() ? "" : fmt::format(" ({})", fmt::join(reproduced, ", ")));
    }
    for (const auto& line : validation::violation_messages(r.report.invariants)) std::cerr << line << "\n";
    std::cout << fmt::format("{} passed, {} failed\n", r.passed, r.failed) << std::flush;
    if (r.failed > 0 || r.report.invariant_violations() > 0) throw ExitStatus{1};
  });
}

}  // namespace warpsim::cli
