// `warpsim list gpus|workloads|params`: what can be simulated, and every config field.
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/common_options.h"
#include "config/loader.h"
#include "config/schema.h"
#include "isa/workloads.h"
#include "report/table.h"

namespace warpsim::cli {
namespace {

report::Table gpus_table() {
  report::Table t({{"name"}, {"description"}, {"file"}});
  for (const auto& g : config::builtin_gpus()) t.add_row({g.name, g.description, g.path});
  return t;
}

report::Table workloads_table() {
  report::Table t({{"name"}, {"kind"}, {"params"}, {"description"}});
  for (const auto& w : isa::list_workloads()) t.add_row({w.name, w.kind, w.params, w.description});
  return t;
}

report::Table params_table() {
  report::Table t({{"key"}, {"type"}, {"unit"}, {"required"}, {"description"}});
  for (const auto& f : config::hw_schema())
    t.add_row({f.key, config::expected_text(f), f.unit, std::string(f.required ? "yes" : "no"), f.description});
  return t;
}

}  // namespace

void register_list(CLI::App& app) {
  auto* cmd = app.add_subcommand("list", "List built-in GPUs, workloads, or config parameters");
  auto what = std::make_shared<std::string>();
  auto opts = std::make_shared<CommonOptions>();
  cmd->add_option("what", *what, "gpus | workloads | params")->required()->check(CLI::IsMember({"gpus", "workloads", "params"}));
  add_common_options(*cmd, *opts, kFormat | kOut);
  cmd->callback([what, opts] {
    report::Table t = *what == "gpus" ? gpus_table() : *what == "workloads" ? workloads_table() : params_table();
    emit(*opts, t.render(opts->format));
  });
}

}  // namespace warpsim::cli
