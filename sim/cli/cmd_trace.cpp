// `warpsim trace`: a kernel's memory trace (trace/memory_trace.h) as Baghsorkhi 2012 §4.2 records
// one, from the simulator's own address generation: the input of `warpsim montecarlo`.
#include <fmt/format.h>

#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/trace_source.h"
#include "common/user_error.h"
#include "report/atomic_file.h"
#include "trace/trace_io.h"

namespace warpsim::cli {

void register_trace(CLI::App& app) {
  auto* cmd = app.add_subcommand("trace", "Write a kernel's memory trace: each warp's global accesses and the sectors they touch");
  auto o = std::make_shared<CommonOptions>();
  auto blocks = std::make_shared<int64_t>(0);
  auto text = std::make_shared<bool>(false);
  add_common_options(*cmd, *o, kGpu | kWorkload | kWarps | kOut | kSeed);
  take_one_occupancy(*cmd);
  add_blocks_option(*cmd, *blocks);
  cmd->add_flag("--text", *text, "the text form (docs/trace-format.md) instead of the binary one; to standard output without --out");
  cmd->callback([o, blocks, text] {
    if (o->out.empty() && !*text) throw UserError(Diagnostic{"<cli>", 0, 0, "--out", "required for the binary form (or give --text)"});
    report::check_outputs({{"--out", o->out}});
    const trace::MemoryTrace t = trace_of_workload(*o, *blocks);
    std::ostringstream bytes;
    if (*text)
      trace::write_text(t, bytes);
    else
      trace::write_binary(t, bytes);
    if (o->out.empty()) {
      emit(*o, bytes.str());
      return;
    }
    report::write_file_atomically(o->out, bytes.str());
    emit(CommonOptions{},
         fmt::format("{}: {} of the grid's {} blocks ({} warps), {} accesses, {} sectors, {} bytes\n", o->out, t.meta.traced_blocks,
                     t.meta.total_blocks, t.warps(), t.entries.size(), t.sectors.size(), bytes.str().size()));
  });
}

}  // namespace warpsim::cli
