// `warpsim explain`: print what a run would use — the resolved GPU config (every field, after
// overlays and --set) and the workload text (generated or from its file) — for teaching and debugging.
#include <fmt/format.h>

#include <memory>

#include "cli/commands.h"
#include "cli/common_options.h"
#include "common/user_error.h"
#include "config/loader.h"
#include "config/schema.h"
#include "isa/kernel.h"
#include "isa/workloads.h"

namespace warpsim::cli {

void register_explain(CLI::App& app) {
  auto* cmd = app.add_subcommand("explain", "Print the resolved GPU config and/or the workload text a run would use");
  auto opts = std::make_shared<CommonOptions>();
  add_common_options(*cmd, *opts, kGpu | kWorkload | kOut);
  cmd->callback([opts] {
    if (opts->gpu.empty() && opts->workload.empty())
      throw UserError(Diagnostic{"<cli>", 0, 0, "explain", "give --gpu and/or --workload"});
    std::string out;
    if (!opts->gpu.empty()) {
      const config::HwConfig cfg = config::load_hw_config(opts->gpu, opts->sets);
      out += fmt::format("# GPU config '{}' resolved from {}\n", cfg.gpu.name, cfg.source_file);
      for (const auto& f : config::hw_schema()) {
        // A key a what-if derived (config/pins.h) says how.
        std::string why;
        if (cfg.key_sources)
          if (const auto it = cfg.key_sources->find(f.key); it != cfg.key_sources->end()) why = it->second.message;
        std::string comment = f.unit;
        if (!why.empty()) comment += (comment.empty() ? "" : "; ") + why;
        out += fmt::format("{}: {}{}\n", f.key, f.get(cfg), comment.empty() ? "" : "  # " + comment);
      }
    }
    if (!opts->workload.empty()) {
      const auto params = workload_params(*opts);
      const isa::Kernel k = isa::load_workload(opts->workload, params);
      const isa::InstructionMix mix = isa::instruction_mix(k);
      if (!out.empty()) out += "\n";
      out += fmt::format("# workload '{}' ({}): {} static instructions, {} executed per warp\n", k.name, k.source, k.code.size(), mix.total);
      out += isa::workload_text(opts->workload, params);
    }
    emit(*opts, out);
  });
}

}  // namespace warpsim::cli
