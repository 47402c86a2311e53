#include "model/simulated_bound.h"

#include <algorithm>
#include <cmath>

#include "isa/opcodes.h"
#include "model/access_cost.h"
#include "model/kernel_profile.h"
#include "model/throughput_bound.h"

namespace warpsim::model {

namespace {

// GT200's SFUs take the FMULs the CUDA cores cannot (sm/sm_hot.h, Sm::sfu_takes): the fastest the
// two units can finish the mix splits its FMULs between them so that both are busy equally long
// (or puts them all on one). Leaves p.alu the FMULs on the CUDA cores and p.sfu the SFU time in
// SFU instructions, so the worksheet's two rows are that split's busy times.
void share_fmuls_with_sfus(const config::HwConfig& c, const isa::Kernel& k, KernelProfile& p) {
  double fmuls = 0;
  for (size_t pc = 0; pc < k.code.size(); ++pc)
    if (k.code[pc].cls == isa::OpClass::Alu && isa::is_fmul(k.code[pc].opcode)) fmuls += static_cast<double>(p.counts[pc]);
  if (fmuls == 0) return;
  const double alu = 1 / c.alu.ops_per_cycle, sfu = 1 / c.sfu.ops_per_cycle, fmul_on_sfu = 1 / c.sfu.fmul_ops_per_cycle;
  const double cores = (p.alu - fmuls) * alu, sfus = p.sfu * sfu;
  const double on_cores = std::clamp((sfus + fmuls * fmul_on_sfu - cores) / (alu + fmul_on_sfu), 0.0, fmuls);
  p.alu = p.alu - fmuls + on_cores;
  p.sfu += (fmuls - on_cores) * fmul_on_sfu / sfu;
}

}  // namespace

double simulated_throughput_bound(const config::HwConfig& cfg, const isa::Kernel& k, const std::vector<uint64_t>* timed_counts) {
  config::HwConfig c = cfg;
  // `fixed` and `servers` pass every byte through Table 6.4's peak; the DRAM models move it at the pins.
  const bool peak_capped = c.memory.model == config::MemoryModelKind::Fixed || c.memory.model == config::MemoryModelKind::Servers;
  if (!peak_capped) c.memory.peak_gbps = c.memory.pin_bandwidth_gbps;
  // Behind caches the bytes a warp moves need not reach the memory: its row is the fastest level
  // that can serve them, the L2 slices' ports, and none where an L1 serves global loads (its port
  // is not modelled; the LSU's rows still bound it).
  if (c.memory.l1.bytes > 0)
    c.memory.peak_gbps = 1e12;
  else if (c.memory.l2.slices > 0 && c.memory.l2_bytes > 0)
    c.memory.peak_gbps = std::max(c.memory.peak_gbps, c.memory.l2.slices * c.memory.l2.bytes_per_cycle * c.device.core_clock_ghz);
  const bool timed = timed_counts != nullptr && timed_counts->size() == k.code.size();
  KernelProfile p = timed ? profile_kernel(c, k, std::vector<int64_t>(timed_counts->begin(), timed_counts->end())) : profile_kernel(c, k);
  if (p.instructions == 0) return INFINITY;
  if (c.sfu.fmul_ops_per_cycle > 0) share_fmuls_with_sfus(c, k, p);
  // warpsim's schedulers spend no issue slot on a reissue: a bank-conflict pass occupies the
  // shared-memory banks (their row), a diverging access's extra transactions leave the LSU at
  // Table 6.7 spacing. Volkov's Reissue row is a cost of the real GPUs, not of this machine.
  p.reissues = 0;
  return p.instructions * throughput_worksheet(c, k, p).warp_throughput();
}

double pipe_backlog_cycles(const config::HwConfig& cfg, const isa::Kernel& k) {
  const double warp = cfg.sm.warp_size;
  double most = 0;
  for (size_t pc = 0; pc < k.code.size(); ++pc) {
    double window = cfg.scheduler.cycles_per_issue, occupancy = 0;
    switch (k.code[pc].cls) {
      case isa::OpClass::Alu:
        occupancy = warp / cfg.alu.ops_per_cycle;
        // GT200: an FMUL the SFU takes holds it at the SFU's multiply rate (share_fmuls_with_sfus).
        if (cfg.sfu.fmul_ops_per_cycle > 0 && isa::is_fmul(k.code[pc].opcode))
          occupancy = std::max(occupancy, warp / cfg.sfu.fmul_ops_per_cycle);
        break;
      case isa::OpClass::Sfu:
        occupancy = warp / cfg.sfu.ops_per_cycle;
        break;
      case isa::OpClass::Dp:
        if (cfg.dp.ops_per_cycle > 0) occupancy = warp / cfg.dp.ops_per_cycle;
        break;
      case isa::OpClass::Smem:
        occupancy = shared_access_cost(cfg, k.code[pc].access >= 0 ? k.accesses[k.code[pc].access] : isa::AccessPattern{}).bank_cycles;
        window += config::smem_queue_cycles(cfg.smem);
        break;
      default:
        continue;
    }
    most = std::max(most, window + occupancy);
  }
  return most;
}

}  // namespace warpsim::model
