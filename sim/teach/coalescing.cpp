// Coalescing (Volkov 2016 §4.3, §6.7): the LSU turns a warp's 32 addresses into one transaction
// per memory segment they touch. Unit stride fills each segment; stride k spreads the warp over k
// times as many, and scattered (random) addresses take a segment per thread: more transactions
// and more bytes moved per useful byte, so less useful bandwidth.
#include <fmt/format.h>

#include "teach/lesson.h"
#include "teach/simulations.h"

namespace warpsim::teach {
namespace {

double per_load(const device::Result& r, double v) {
  const double loads = static_cast<double>(r.warp_instructions_by_class[static_cast<int>(isa::OpClass::Load)]);
  return loads > 0 ? v / loads : 0.0;
}

}  // namespace

Lesson coalescing(const LessonInput& in) {
  const config::HwConfig& cfg = in.cfg;
  std::vector<double> strides;
  std::vector<isa::Kernel> kernels;
  for (int k = 1; k <= 32; k *= 2) {
    strides.push_back(k);
    kernels.push_back(generated("alpha_mix", {{"alpha", "0"}, {"loads", "32"}, {"pattern", fmt::format("stride:{}", k)}}));
  }
  kernels.push_back(generated("alpha_mix", {{"alpha", "0"}, {"loads", "32"}, {"pattern", "random"}}));
  GridOptions o;
  o.jobs = in.jobs;
  const int warps = cfg.sm.max_warps / 2;  // enough loads in flight to load the memory system
  const std::vector<GridRun> grids = simulate_grids(cfg, kernels, {warps}, o);
  std::vector<double> transactions, efficiency, gbps;
  for (const auto& g : grids) {
    const device::Result& r = g.results.front();
    transactions.push_back(per_load(r, static_cast<double>(r.transactions)));
    efficiency.push_back(r.bytes_transferred ? static_cast<double>(r.bytes_requested) / static_cast<double>(r.bytes_transferred) : 0.0);
    gbps.push_back(r.gbps);
  }
  const size_t random = strides.size();

  Lesson l;
  std::string rows;
  for (size_t i = 0; i < strides.size(); ++i)
    rows += fmt::format("    stride {:>2g}: {} transactions per warp load, {} of the bytes moved were asked for, {} GB/s useful\n",
                        strides[i], num(transactions[i]), pct(efficiency[i]), num(gbps[i]));
  l.text = fmt::format(
      "Coalescing on {} ({} coalescing; one SM with its share of the memory system, {} warps of 4-byte loads)\n{}"
      "    random:    {} transactions per warp load, {} of the bytes moved were asked for, {} GB/s useful\n"
      "  a warp load asks for 128 bytes; stride 1 packs them in {} transaction(s), stride k spreads them over k times the memory,\n"
      "  so the same useful bytes cost more transactions and DRAM time: {} GB/s at stride 1, {} at stride 32\n",
      cfg.gpu.name, config::to_string(cfg.lsu.coalescing), warps, rows, num(transactions[random]), pct(efficiency[random]),
      num(gbps[random]), num(transactions.front()), num(gbps.front()), num(gbps[random - 1]));

  Figure& f = l.figure;
  f.title = fmt::format("Coalescing on {}: {} transactions per warp load at stride 1, {} at stride 32, {} random", cfg.gpu.name,
                        num(transactions.front()), num(transactions[random - 1]), num(transactions[random]));
  f.panels = {{"transactions per warp load", "stride between threads, 4-byte words (log scale)", "transactions per warp load"},
              {"useful memory throughput", "stride between threads, 4-byte words (log scale)", "GB/s asked for (device)"}};
  f.panels[0].log2_x = f.panels[1].log2_x = true;
  f.add(0, "strided", Style::kLine, strides, std::vector<double>(transactions.begin(), transactions.begin() + random));
  f.hline(0, fmt::format("random: {}", num(transactions[random])), transactions[random]);
  f.add(1, "strided", Style::kLine, strides, std::vector<double>(gbps.begin(), gbps.begin() + random));
  f.hline(1, fmt::format("random: {} GB/s", num(gbps[random])), gbps[random]);
  return l;
}

}  // namespace warpsim::teach
