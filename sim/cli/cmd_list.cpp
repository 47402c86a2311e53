// `warpsim list gpus|workloads|params|measurements|models`: what can be simulated, every config
// field, the real-GPU measurements to compare with, and the analytical models of `warpsim bound`.
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/list_measurements.h"
#include "common/user_error.h"
#include "config/schema.h"
#include "model/registry.h"
#include "report/list_tables.h"
#include "report/table.h"

namespace warpsim::cli {
namespace {

report::Table params_table() {
  report::Table t({{"key"}, {"type"}, {"unit"}, {"required"}, {"description"}});
  for (const auto& f : config::hw_schema())
    t.add_row({f.key, config::expected_text(f), f.unit, std::string(f.required ? "yes" : "no"), f.description});
  return t;
}

report::Table models_table() {
  report::Table t({{"name"}, {"description"}});
  for (const auto& m : model::models()) t.add_row({m.name, m.description});
  return t;
}

}  // namespace

void register_list(CLI::App& app) {
  auto* cmd = app.add_subcommand("list", "List built-in GPUs, workloads, config parameters, real-GPU measurements, or analytical models");
  auto what = std::make_shared<std::string>();
  auto opts = std::make_shared<CommonOptions>();
  auto meas = std::make_shared<MeasurementListOptions>();
  cmd->add_option("what", *what, "gpus | workloads | params | measurements | models")
      ->required()
      ->check(CLI::IsMember({"gpus", "workloads", "params", "measurements", "models"}));
  add_common_options(*cmd, *opts, kFormat | kOut);
  cmd->add_option("--gpu", meas->gpu, "measurements: only rows for this GPU (e.g. kepler)");
  cmd->add_option("--quantity", meas->quantity, "measurements: only rows of this quantity (e.g. latency)");
  cmd->add_option("--measurements", meas->paths,
                  "measurements: load these CSV files or directories instead of the built-in set (repeatable)");
  cmd->callback([what, opts, meas] {
    if (*what != "measurements" && (!meas->gpu.empty() || !meas->quantity.empty() || !meas->paths.empty()))
      throw UserError(Diagnostic{"<cli>", 0, 0, "list", "--gpu, --quantity and --measurements apply only to `warpsim list measurements`"});
    report::Table t = *what == "gpus"        ? report::gpus_table()
                      : *what == "workloads" ? report::workloads_table()
                      : *what == "params"    ? params_table()
                      : *what == "models"    ? models_table()
                                             : measurements_table(*meas);
    emit(*opts, t.render(opts->format));
  });
}

}  // namespace warpsim::cli
