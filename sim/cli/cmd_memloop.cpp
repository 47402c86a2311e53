// `warpsim memloop`: the memory system alone, driven by the seeds' memory experiments as a closed
// loop of pointer-chasing warps (mem/closed_loop.h). Fast: no SM core is simulated. Used to
// study and calibrate the memory models (docs/memory-model.md).
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/common_options.h"
#include "common/text.h"
#include "common/user_error.h"
#include "config/loader.h"
#include "device/l2_note.h"
#include "device/occupancy.h"
#include "mem/closed_loop.h"
#include "report/atomic_file.h"
#include "report/table.h"
#include "sweep/progress_bar.h"

namespace warpsim::cli {
namespace {

struct LoopOptions {
  std::string pattern = "stream";
  int ilp = 1;
  int block_warps = 4;
  int device_warps = 0;
  int sms = 0;
  std::string array = "512MB";
  uint64_t warmup = 20000;
  uint64_t measure = 100000;
};

mem::LoopPattern pattern_of(const std::string& s) {
  if (s == "stream") return mem::LoopPattern::Stream;
  if (s == "stride2") return mem::LoopPattern::Stride2;
  if (s == "random") return mem::LoopPattern::Random;
  throw UserError(Diagnostic{"<cli>", 0, 0, "--pattern", fmt::format("unknown '{}' (valid: stream, stride2, random)", s)});
}

uint64_t bytes_of(const std::string& s) {
  const auto v = parse_byte_size(s);
  if (!v) throw UserError(Diagnostic{"<cli>", 0, 0, "--array", fmt::format("expected a size like 128MB, found '{}'", s)});
  // Random accesses pick 4-byte words and sections are whole lines: below one line the closed
  // loop divided by zero (SIGFPE with 1-3 bytes).
  if (*v < 128) throw UserError(Diagnostic{"<cli>", 0, 0, "--array", fmt::format("'{}' is less than one 128-byte line", s)});
  return *v;
}

// As `warpsim run` refuses a grid of more than 1e12 warp instructions (device/occupancy.h), the
// loop refuses cycles that could issue that many: each warp's chains issue at most one load per
// unloaded latency each, so a count of zeros too many in --measure or --warmup is caught up front.
void check_loop_is_feasible(const config::HwConfig& cfg, const mem::ClosedLoopSpec& spec, int warps_per_sm) {
  using device::kMaxWarpInstructions;
  const int sms = device::simulated_sms(cfg, spec.simulated_sms);
  const double warps =
      spec.device_warps > 0 ? static_cast<double>(spec.device_warps) * sms / cfg.device.sms : static_cast<double>(warps_per_sm) * sms;
  const double cycles = static_cast<double>(spec.warmup_cycles) + static_cast<double>(spec.measure_cycles);
  const double loads = cycles * warps * spec.ilp / std::max(1.0, static_cast<double>(cfg.memory.latency_cycles));
  if (loads <= kMaxWarpInstructions) return;
  const char* key = spec.warmup_cycles > spec.measure_cycles ? "--warmup" : "--measure";
  throw UserError(Diagnostic{"<cli>", 0, 0, key,
                             fmt::format("{:.3g} cycles of {:g} warps could issue {:.3g} loads (more than {:.0e}: hours to days of "
                                         "simulation): lower {}",
                                         cycles, warps, loads, kMaxWarpInstructions, key)});
}

}  // namespace

void register_memloop(CLI::App& app) {
  auto* cmd = app.add_subcommand("memloop", "Drive the memory system alone with pointer-chasing warps (memory-model calibration)");
  auto o = std::make_shared<CommonOptions>();
  auto x = std::make_shared<LoopOptions>();
  add_common_options(*cmd, *o, kGpu | kWarps | kFormat | kOut | kSeed);
  cmd->add_option("--pattern", x->pattern, "stream, stride2 or random (Volkov §5.10, §4.3, §6.7)");
  cmd->add_option("--ilp", x->ilp, "independent load chains per warp (§6.3)")->check(CLI::Range(1, 64));
  cmd->add_option("--block-warps", x->block_warps, "warps per thread block")->check(CLI::Range(1, 64));
  cmd->add_option("--device-warps", x->device_warps, "warps on the whole device instead of --warps per SM (§6.7)")
      ->check(CLI::Range(0, 1 << 20));
  add_sms_option(*cmd, x->sms);
  cmd->add_option("--array", x->array, "array size, e.g. 512MB (random accesses fall inside it)");
  cmd->add_option("--warmup", x->warmup, "cycles before measuring")->check(CLI::Range(uint64_t{0}, uint64_t{1} << 40));
  cmd->add_option("--measure", x->measure, "cycles measured")->check(CLI::Range(uint64_t{1000}, uint64_t{1} << 40));
  cmd->callback([o, x] {
    if (o->gpu.empty()) throw UserError(Diagnostic{"<cli>", 0, 0, "--gpu", "required (see `warpsim list gpus`)"});
    const config::HwConfig cfg = config::load_hw_config(o->gpu, o->sets);
    report::check_outputs({{"--out", o->out}}, input_files(*o));  // before anything runs
    // A block larger than the GPU allows would run as one it does not have.
    if (const int threads = cfg.sm.warp_size * x->block_warps; threads > cfg.sm.max_threads_per_block || x->block_warps > cfg.sm.max_warps)
      throw UserError(Diagnostic{"<cli>", 0, 0, "--block-warps",
                                 fmt::format("a block of {} warps ({} threads) exceeds {}'s {} threads per block or {} warps per SM",
                                             x->block_warps, threads, cfg.gpu.name, cfg.sm.max_threads_per_block, cfg.sm.max_warps)});
    mem::ClosedLoopSpec spec;
    spec.config = &cfg;
    spec.pattern = pattern_of(x->pattern);
    spec.ilp = x->ilp;
    spec.block_warps = x->block_warps;
    spec.device_warps = x->device_warps;
    spec.simulated_sms = x->sms;
    spec.array_bytes = bytes_of(x->array);
    if (const std::string l2 = device::unsimulated_l2_note(cfg, "memloop's data", spec.array_bytes); !l2.empty())
      std::cerr << "warpsim: note: " << l2 << "\n";
    spec.warmup_cycles = x->warmup;
    spec.measure_cycles = x->measure;
    spec.seed = o->seed;
    if (x->device_warps > 0 && !o->warps.empty())
      throw UserError(Diagnostic{"<cli>", 0, 0, "--device-warps",
                                 "give either --device-warps (warps on the whole device) or --warps (per SM), not both"});
    // The device holds at most max_warps on each of its SMs (`--device-warps` spreads them evenly).
    if (const int most = cfg.sm.max_warps * cfg.device.sms; x->device_warps > most)
      throw UserError(Diagnostic{"<cli>", 0, 0, "--device-warps",
                                 fmt::format("{} warps exceed the {} the device holds ({} SMs x {} warps)", x->device_warps, most,
                                             cfg.device.sms, cfg.sm.max_warps)});
    const std::vector<int> warps = x->device_warps > 0 || o->warps.empty() ? std::vector<int>{1} : parse_warps(o->warps);
    for (int n : warps) {
      device::check_warps_fit(cfg, n);  // as `warpsim run`
      check_loop_is_feasible(cfg, spec, n);
    }
    report::Table t({{"gpu"},
                     {"pattern"},
                     {"warps_per_sm"},
                     {"ipc_per_sm"},
                     {"gbps"},
                     {"pct_peak"},
                     {"mean_latency"},
                     {"p5"},
                     {"p50"},
                     {"p95"},
                     {"max"},
                     {"dram_gbps"},
                     {"row_hit_rate"}});
    sweep::ProgressBar bar(warps.size(), sweep::ProgressBar::stderr_is_terminal());
    for (int n : warps) {
      spec.warps_per_sm = n;
      const mem::ClosedLoopResult r = mem::run_closed_loop(spec);
      bar.update(t.rows().size() + 1);
      const mem::LatencySummary s = r.instruction_latency.summary();
      t.add_row({cfg.gpu.name, x->pattern, x->device_warps > 0 ? report::Cell{} : report::Cell{int64_t{n}}, r.ipc_per_sm, r.gbps,
                 100.0 * r.gbps / cfg.memory.peak_gbps, r.mean_latency, static_cast<int64_t>(s.p5), static_cast<int64_t>(s.p50),
                 static_cast<int64_t>(s.p95), static_cast<int64_t>(s.max), r.has_dram_counters ? report::Cell{r.dram_gbps} : report::Cell{},
                 r.has_dram_counters ? report::Cell{r.row_hit_rate} : report::Cell{}});  // blank: the model has no DRAM banks
    }
    bar.finish();
    emit(*o, t.render(o->format));
  });
}

}  // namespace warpsim::cli
