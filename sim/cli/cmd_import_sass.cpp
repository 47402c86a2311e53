// `warpsim import-sass`: one function of a `cuobjdump -sass` / `nvdisasm` dump as workload text
// (docs/workload-format.md, "SASS"), to read, edit and run as a .wl; `--list` names the functions.
#include <fmt/format.h>

#include <fstream>
#include <memory>
#include <sstream>

#include "cli/commands.h"
#include "cli/common_options.h"
#include "common/text_file.h"
#include "common/user_error.h"
#include "isa/sass_import.h"
#include "isa/sass_reader.h"
#include "isa/sass_select.h"
#include "isa/workload_parser.h"
#include "report/atomic_file.h"

namespace warpsim::cli {
namespace {

struct ImportOptions {
  std::string file;
  SassFlags sass;
  bool list = false;
  CommonOptions out;  // --out
};

std::string read_sass_file(const std::string& path) { return read_text_file(path, "", "the SASS file"); }

// One line per function: architecture, instructions, the short name and the name as printed.
std::string function_list(const isa::SassDump& dump) {
  std::string out = "arch   instructions  kernel  function\n";
  for (const isa::SassFunction& f : dump.functions)
    out += fmt::format("{:<6} {:<13} {}  {}\n", f.arch.empty() ? "-" : f.arch, f.code.size(), isa::kernel_name(f.name), f.name);
  return out;
}

}  // namespace

void register_import_sass(CLI::App& app) {
  auto* cmd = app.add_subcommand("import-sass", "Write one function of a cuobjdump -sass / nvdisasm dump as workload text (.wl)");
  auto o = std::make_shared<ImportOptions>();
  cmd->add_option("file", o->file, "the SASS text (cuobjdump -sass or nvdisasm output of sm_70-sm_90)")->required();
  add_sass_options(*cmd, o->sass);
  cmd->add_flag("--list", o->list, "list the functions of the file instead");
  add_common_options(*cmd, o->out, kOut);
  cmd->callback([cmd, o] {
    // --list lists every function: the options that pick and shape one would do nothing.
    if (o->list)
      for (const char* opt : {"--function", "--arch", "--trip-count", "--patterns"})
        if (cmd->count(opt) > 0) throw UserError(Diagnostic{"<cli>", 0, 0, opt, "picks or shapes one function; --list lists them all"});
    report::check_outputs({{"--out", o->out.out}});
    const std::string text = read_sass_file(o->file);
    if (o->list) {
      emit(o->out, function_list(isa::read_sass(text, o->file)));
      return;
    }
    const std::string wl = isa::import_sass(text, o->file, isa::sass_options(sass_params(o->sass)));
    isa::parse_workload(wl, o->out.out.empty() ? "<import-sass>" : o->out.out);  // what it writes runs as written
    emit(o->out, wl);
  });
}

}  // namespace warpsim::cli
