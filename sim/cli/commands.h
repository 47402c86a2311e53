// Subcommands of the `warpsim` binary. Each registers itself on the app and runs in its callback;
// user errors propagate as UserError (exit 2), our bugs as std::logic_error (exit 1).
#pragma once

#include <CLI/CLI.hpp>

namespace warpsim::cli {

void register_list(CLI::App& app);
void register_explain(CLI::App& app);
void register_run(CLI::App& app);
void register_memloop(CLI::App& app);
void register_bound(CLI::App& app);
void register_validate(CLI::App& app);
void register_sweep(CLI::App& app);
void register_compare_memory(CLI::App& app);
void register_import_sass(CLI::App& app);
void register_plot(CLI::App& app);
void register_teach(CLI::App& app);
void register_trace(CLI::App& app);
void register_montecarlo(CLI::App& app);

}  // namespace warpsim::cli
