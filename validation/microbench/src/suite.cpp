// The whole measurement run: device set-up, warm-up, the experiment groups, the CSV.
#include "suite.h"

#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "context.h"
#include "experiment_util.h"
#include "experiments.h"
#include "kernel_mixes.h"
#include "options.h"

namespace warpsim::microbench {
namespace {

// §5.4: run an arithmetically intensive kernel until the clocks have risen, before measuring.
double warm_up(Context& ctx) {
  const auto plan = ctx.plan(ctx.occupancies(false).back(), 0);
  if (!plan) return 0;
  const Job j = arith_job(Family::Add, *plan, ctx.oversubscribed_blocks(*plan), 256);
  double clock_ghz = 0;
  const double until = ctx.elapsed_s() + ctx.options().warmup_s;
  do clock_ghz = validation::analyze_run(ctx.gpu().run(j).stamps).clock_ghz;
  while (ctx.elapsed_s() < until);
  return clock_ghz * 1000;
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

// §5.1: the kernels must hold the intended chains; a mismatch measures something else.
validation::SassCheck check_sass_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream text;
  if (!f || !(text << f.rdbuf())) throw std::runtime_error("cannot read the SASS listing " + path);
  return validation::check_sass(validation::parse_sass(text.str()), suite_kernel_mixes(), true);
}

std::string fmt(double v) { return validation::format_value(v); }

validation::Metadata metadata(const Context& ctx, double warm_mhz, const std::string& skipped, const std::string& sass_check) {
  const DeviceInfo& d = ctx.gpu().info();
  const Options& o = ctx.options();
  validation::Metadata m = {{"gpu_name", d.name},
                            {"warpsim_gpu", ctx.gpu_name()},
                            {"sms", std::to_string(d.sms)},
                            {"compute_capability", std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor)},
                            {"core_clock_mhz", fmt(d.core_clock_mhz)},
                            {"measured_core_clock_mhz", fmt(ctx.median_clock_mhz())},
                            {"warm_core_clock_mhz", fmt(warm_mhz)},
                            {"memory_clock_mhz", fmt(d.memory_clock_mhz)},
                            {"memory_bus_bits", std::to_string(d.memory_bus_bits)},
                            {"l2_bytes", std::to_string(d.l2_bytes)},
                            {"shared_memory_per_sm_bytes", std::to_string(d.shared_per_sm)},
                            {"ecc", d.ecc ? "on" : "off"},
                            {"driver", "CUDA driver API " + d.driver_version},
                            {"cuda_toolkit", d.toolkit_version},
                            {"cuda_runtime", d.runtime_version},
                            {"date", utc_now()},
                            {"command", o.command},
                            {"array_mb", std::to_string(o.array_mb)},
                            {"reps", std::to_string(o.reps)},
                            {"waves", std::to_string(o.waves)},
                            {"suite_seconds", fmt(ctx.elapsed_s())},
                            {"launches", std::to_string(ctx.launches())},
                            {"skipped_groups", skipped.empty() ? "none" : skipped},
                            {"method", "Volkov 2016 ch. 5-6: per-warp clock64 timestamps, per-SM spans, occupancy from timestamps"}};
  bool sass_given = false;  // run_suite.sh says why the check did not run (e.g. no cuobjdump)
  for (const auto& kv : o.extra_metadata) sass_given = sass_given || kv.first == "sass_check";
  if (!sass_given) m.emplace_back("sass_check", sass_check);
  m.insert(m.end(), o.extra_metadata.begin(), o.extra_metadata.end());
  return m;
}

void write_atomically(const std::string& path, const std::string& content) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f || !(f << content) || !f.flush()) throw std::runtime_error("cannot write " + tmp);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) throw std::runtime_error("cannot rename " + tmp + " to " + path);
}

}  // namespace

int check_sass_only(const Options& opt) {
  const validation::SassCheck check = check_sass_file(opt.sass);
  std::fputs(validation::format_sass_check(check).c_str(), check.ok() ? stdout : stderr);
  return check.ok() ? 0 : 1;
}

int run_suite(const Options& opt) {
  std::string sass_check = "not run: no --sass FILE (run_suite.sh passes cuobjdump -sass of the binary)";
  if (!opt.sass.empty()) {
    const validation::SassCheck check = check_sass_file(opt.sass);
    if (!check.ok()) {  // refuse before any launch: no CSV
      std::fputs(validation::format_sass_check(check).c_str(), stderr);
      std::fprintf(stderr, "warpsim_microbench: refusing to measure: kernels differ from their intended instruction mix (%s)\n",
                   opt.sass.c_str());
      return 1;
    }
    sass_check = validation::sass_check_summary(check) + "; " + opt.sass;
  }
  Gpu gpu(opt.device, opt.array_mb << 20);
  Context ctx(gpu, opt);
  const DeviceInfo& d = gpu.info();
  ctx.log(d.name + ", " + std::to_string(d.sms) + " SMs, sm_" + std::to_string(d.cc_major) + std::to_string(d.cc_minor) + ", labelled " +
          ctx.gpu_name());
  if ((opt.array_mb << 20) < 4 * static_cast<uint64_t>(d.l2_bytes))
    ctx.log("warning: the array is smaller than 4x L2; streaming loads may hit in L2 (§5.10)");
  const double warm = warm_up(ctx);
  ctx.log("warm-up clock " + fmt(warm) + " MHz");
  const std::pair<const char*, void (*)(Context&)> groups[] = {
      {"arith", run_arith_experiments},     {"memory", run_memory_experiments}, {"alpha", run_alpha_experiments},
      {"latency", run_latency_experiments}, {"mix", run_mix_experiments},       {"persistent", run_persistent_experiments},
      {"cache", run_cache_experiments},     {"store", run_store_experiments},   {"nodes", run_node_experiments}};
  std::string skipped;
  for (const auto& [name, fn] : groups) {
    if (!opt.groups.count(name)) continue;
    if (ctx.over_budget()) {
      skipped += std::string(skipped.empty() ? "" : ",") + name;
      continue;
    }
    fn(ctx);
  }
  write_atomically(opt.out, validation::measurement_csv(metadata(ctx, warm, skipped, sass_check), ctx.rows()));
  ctx.log("wrote " + std::to_string(ctx.rows().size()) + " rows to " + opt.out);
  return 0;
}

}  // namespace warpsim::microbench
