// warpsim: discrete-event simulator of GPU streaming multiprocessors (see docs/architecture.md).
// Exit status: 0 success, 1 internal error (a warpsim bug), failed validation or standard output
// that could not be written, 2 bad input.
#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/exit_status.h"
#include "cli/help_format.h"
#include "cli/standard_output.h"
#include "common/text.h"
#include "common/user_error.h"
#include "sweep/mpi_launch.h"

namespace {

// For a command line CLI11 refused: the subcommand or option closest to a mistyped one, as
// " (did you mean 'run'?)", or "".
std::string did_you_mean(CLI::App& app, int argc, char** argv) {
  if (argc < 2) return "";
  std::vector<std::string> commands;
  for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) commands.push_back(sub->get_name());
  const std::string first = argv[1];
  if (first.rfind("-", 0) != 0 && std::find(commands.begin(), commands.end(), first) == commands.end()) {
    const std::string c = warpsim::closest_match(first, commands);
    return c.empty() ? "" : " (did you mean '" + c + "'?)";
  }
  CLI::App* sub = nullptr;
  for (CLI::App* s : app.get_subcommands([](CLI::App*) { return true; }))
    if (s->get_name() == first) sub = s;
  if (sub == nullptr) return "";
  std::vector<std::string> options;
  for (const CLI::Option* o : sub->get_options())
    for (const std::string& name : o->get_lnames()) options.push_back("--" + name);
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("--", 0) != 0) continue;
    a = a.substr(0, a.find('='));
    if (std::find(options.begin(), options.end(), a) != options.end()) continue;
    const std::string o = warpsim::closest_match(a, options);
    if (!o.empty()) return " (did you mean '" + o + "'?)";
  }
  return "";
}

int run(int argc, char** argv) {
  CLI::App app{"warpsim: a discrete-event simulator of GPU streaming multiprocessors for studying latency hiding"};
  app.set_version_flag("--version", std::string("warpsim ") + WARPSIM_VERSION);
  app.require_subcommand(1);
  app.fallthrough(false);
  app.formatter(std::make_shared<warpsim::cli::HelpFormatter>());  // before the subcommands: they copy it
  warpsim::cli::register_list(app);
  warpsim::cli::register_explain(app);
  warpsim::cli::register_run(app);
  warpsim::cli::register_memloop(app);
  warpsim::cli::register_bound(app);
  warpsim::cli::register_validate(app);
  warpsim::cli::register_sweep(app);
  warpsim::cli::register_compare_memory(app);
  warpsim::cli::register_import_sass(app);
  warpsim::cli::register_plot(app);
  warpsim::cli::register_teach(app);
  warpsim::cli::register_trace(app);
  warpsim::cli::register_montecarlo(app);
  // An option given an empty value (`--out ''`, `--warps ""`) would read as not given at all and
  // silently take the default: refused before any command runs.
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
    sub->parse_complete_callback([sub] {
      for (const CLI::Option* opt : sub->get_options())
        if (opt->get_type_size() > 0 && opt->count() > 0)  // not a flag
          for (const std::string& value : opt->results())
            if (value.find_first_not_of(" \t") == std::string::npos) throw CLI::ValidationError(opt->get_name(), "empty value");
      // A config key set twice would take its last value without a word (--param and --what-if refuse a repeat too).
      if (const CLI::Option* set = sub->get_option_no_throw("--set"); set != nullptr) {
        std::set<std::string> keys;
        for (const std::string& value : set->results()) {
          const std::string key(warpsim::trim(std::string_view(value).substr(0, value.find('='))));
          if (!keys.insert(key).second) throw CLI::ValidationError("--set", "'" + key + "' given twice");
        }
      }
    });
  // Under mpirun every rank reads the same input and finds the same fault: rank 0 alone says so and
  // exits 2, which mpirun passes on. The others exit 0: mpirun aborts the job when the first rank
  // fails, and a rank failing first could kill rank 0 before its message is written.
  const bool reports_bad_input = warpsim::sweep::mpi_launch_rank() == 0;
  const int bad_input_status = reports_bad_input ? 2 : 0;
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // The same form as every other bad input: where (<cli>) and what, CLI11's text naming the option.
    if (reports_bad_input)
      std::cerr << "warpsim: error: <cli>: " << e.what() << did_you_mean(app, argc, argv) << "\nRun with --help for more information.\n";
    return bad_input_status;
  } catch (const warpsim::cli::ExitStatus& e) {
    return e.status;
  } catch (const warpsim::UserError& e) {
    if (reports_bad_input) std::cerr << "warpsim: error: " << e.what() << "\n";
    return bad_input_status;
  } catch (const std::exception& e) {
    std::cerr << "warpsim: internal error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  warpsim::cli::guard_standard_output();
  const int status = run(argc, argv);
  if (const std::string why = warpsim::cli::standard_output_error(); !why.empty()) {
    std::cerr << "warpsim: error: writing standard output: " << why << "\n";
    return status != 0 ? status : 1;
  }
  return status;
}
