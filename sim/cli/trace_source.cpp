#include "cli/trace_source.h"

#include "common/user_error.h"
#include "config/loader.h"
#include "isa/workloads.h"
#include "trace/trace_builder.h"

namespace warpsim::cli {

void add_blocks_option(CLI::App& cmd, int64_t& blocks) {
  cmd.add_option("--blocks", blocks, "trace the first N blocks only (default: the whole grid)")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
}

void take_one_occupancy(CLI::App& cmd) {
  cmd.get_option("--warps")->description("occupancy in warps per SM, one value (default: as many as the launch allows)")->type_name("N");
}

int single_occupancy(const CommonOptions& o) {
  if (o.warps.empty()) return 0;
  const std::vector<int> w = parse_warps(o.warps);
  if (w.size() != 1) throw UserError(Diagnostic{"<cli>", 0, 0, "--warps", "takes one occupancy here, not a range"});
  return w.front();
}

trace::MemoryTrace trace_of_workload(const CommonOptions& o, int64_t blocks) {
  if (o.gpu.empty()) throw UserError(Diagnostic{"<cli>", 0, 0, "--gpu", "required (see `warpsim list gpus`)"});
  if (o.workload.empty()) throw UserError(Diagnostic{"<cli>", 0, 0, "--workload", "required (see `warpsim list workloads`)"});
  const config::HwConfig cfg = config::load_hw_config(o.gpu, o.sets);
  const isa::Kernel kernel = isa::load_workload(o.workload, workload_params(o));
  trace::TraceRequest r;
  r.config = &cfg;
  r.kernel = &kernel;
  r.warps_per_sm = single_occupancy(o);
  r.seed = o.seed;
  r.max_blocks = blocks;
  return trace::build_trace(r);
}

}  // namespace warpsim::cli
