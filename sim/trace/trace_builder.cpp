#include "trace/trace_builder.h"

#include <algorithm>
#include <bitset>

#include <fmt/format.h>

#include "common/user_error.h"
#include "device/occupancy.h"
#include "mem/coalescer.h"
#include "sm/address_generator.h"

namespace warpsim::trace {
namespace {

// Registers a load of the current sequence wrote, directly or through other instructions.
using Taint = std::bitset<isa::kScoreboardBase + 8>;

bool any_source(const isa::Instruction& in, const Taint& t) {
  for (int k = 0; k < in.nsrc; ++k)
    if (t.test(in.src[k])) return true;
  return false;
}

// The loops that end at each pc, innermost first (Kernel::loops lists them in closing order).
std::vector<std::vector<int>> loops_ending(const isa::Kernel& k) {
  std::vector<std::vector<int>> out(k.code.size());
  for (size_t i = 0; i < k.loops.size(); ++i) out[static_cast<size_t>(k.loops[i].end)].push_back(static_cast<int>(i));
  return out;
}

class WarpTracer {
 public:
  WarpTracer(const TraceRequest& r, const sm::AddressGenerator& addresses, const std::vector<int>& access_of_pc, MemoryTrace& out)
      : cfg_(*r.config),
        kernel_(*r.kernel),
        max_sectors_(r.max_sectors),
        addresses_(addresses),
        access_of_pc_(access_of_pc),
        out_(out),
        ending_(loops_ending(kernel_)) {}

  void trace(const sm::WarpCoordinates& w) {
    std::vector<int64_t> iter(kernel_.loops.size(), 0);
    std::vector<uint64_t> executions(kernel_.accesses.size(), 0);
    Taint taint;
    bool boundary = true, stored = false;
    uint16_t epoch = 0;
    size_t pc = 0;
    while (pc < kernel_.code.size()) {
      const isa::Instruction& in = kernel_.code[pc];
      if (in.cls == isa::OpClass::Barrier) {
        boundary = true;
        ++epoch;
      } else if (in.access >= 0 && isa::is_global_memory(in.cls)) {
        const bool store = in.cls == isa::OpClass::Store;
        if (!store && (any_source(in, taint) || stored)) boundary = true;
        if (boundary) {
          taint.reset();
          stored = false;
        }
        record(w, in, pc, executions[static_cast<size_t>(in.access)]++, boundary, epoch);
        boundary = false;
        stored = stored || store;
        for (int k = 0; k < in.ndst; ++k) taint.set(in.dst[k]);
      } else {
        const bool tainted = any_source(in, taint);
        for (int k = 0; k < in.ndst; ++k) taint.set(in.dst[k], tainted);
      }
      if (in.opcode == "EXIT" && !in.predicated) break;
      pc = next_pc(pc, iter, boundary);
    }
    out_.warp_first.push_back(out_.entries.size());
  }

 private:
  size_t next_pc(size_t pc, std::vector<int64_t>& iter, bool& boundary) const {
    for (int l : ending_[pc]) {
      const isa::Loop& loop = kernel_.loops[static_cast<size_t>(l)];
      if (++iter[static_cast<size_t>(l)] < loop.count) {
        boundary = true;  // a back-edge ends the sequence
        return static_cast<size_t>(loop.begin);
      }
      iter[static_cast<size_t>(l)] = 0;
    }
    return pc + 1;
  }

  void record(const sm::WarpCoordinates& w, const isa::Instruction& in, size_t pc, uint64_t execution, bool boundary, uint16_t epoch) {
    const isa::AccessPattern& ap = kernel_.accesses[static_cast<size_t>(in.access)];
    const uint32_t mask = addresses_.global_addresses(in.access, w, execution, lanes_);
    mem::coalesce(cfg_.lsu.coalescing, lanes_, mask, ap.bytes, segments_, cfg_.lsu.issue_unit);
    sectors_.clear();
    for (const mem::Segment& s : segments_)
      for (uint64_t a = s.address; a < s.address + s.bytes; a += kSectorBytes) sectors_.push_back(a / kSectorBytes);
    std::sort(sectors_.begin(), sectors_.end());
    sectors_.erase(std::unique(sectors_.begin(), sectors_.end()), sectors_.end());
    if (out_.sectors.size() + sectors_.size() > max_sectors_)
      throw UserError(
          Diagnostic{"<cli>", 0, 0, "--blocks",
                     fmt::format("the trace passes {} sectors (8 bytes each) at block {}: trace fewer blocks", max_sectors_, w.block)});
    TraceEntry e;
    e.first_sector = static_cast<uint32_t>(out_.sectors.size());
    e.sectors = static_cast<uint16_t>(sectors_.size());
    e.access = static_cast<uint16_t>(access_of_pc_[pc]);
    e.epoch = epoch;
    e.flags = boundary ? kSequenceStart : 0;
    out_.entries.push_back(e);
    out_.sectors.insert(out_.sectors.end(), sectors_.begin(), sectors_.end());
  }

  const config::HwConfig& cfg_;
  const isa::Kernel& kernel_;
  const uint64_t max_sectors_;
  const sm::AddressGenerator& addresses_;
  const std::vector<int>& access_of_pc_;
  MemoryTrace& out_;
  const std::vector<std::vector<int>> ending_;
  mem::ThreadAddresses lanes_{};
  std::vector<mem::Segment> segments_;
  std::vector<uint64_t> sectors_;
};

}  // namespace

MemoryTrace build_trace(const TraceRequest& r) {
  const config::HwConfig& cfg = *r.config;
  const isa::Kernel& kernel = *r.kernel;
  const device::LaunchRealization launch = device::realize_launch(cfg, kernel, r.warps_per_sm, cfg.device.sms);
  MemoryTrace t;
  t.meta.gpu = cfg.gpu.name;
  t.meta.workload = kernel.name;
  for (const auto& [k, v] : kernel.params) t.meta.params += fmt::format("{}{}={}", t.meta.params.empty() ? "" : " ", k, v);
  t.meta.seed = r.seed;
  t.meta.device_sms = cfg.device.sms;
  t.meta.blocks_per_sm = launch.blocks_per_sm;
  t.meta.warps_per_block = launch.block_threads / mem::kWarpThreads;
  t.meta.total_blocks = launch.total_blocks;
  t.meta.traced_blocks = r.max_blocks > 0 ? std::min(r.max_blocks, launch.total_blocks) : launch.total_blocks;
  // Tracing walks every instruction of the traced warps, as `run` executes them: the same refusal
  // of a grid (its traced blocks) that would take hours, not a hang.
  device::LaunchRealization traced = launch;
  traced.total_blocks = t.meta.traced_blocks;
  device::check_work_is_feasible(cfg, kernel, traced);
  std::vector<int> access_of_pc(kernel.code.size(), -1);
  for (size_t pc = 0; pc < kernel.code.size(); ++pc) {
    const isa::Instruction& in = kernel.code[pc];
    if (in.access < 0 || !isa::is_global_memory(in.cls)) continue;
    access_of_pc[pc] = static_cast<int>(t.statics.size());
    const isa::AccessPattern& ap = kernel.accesses[static_cast<size_t>(in.access)];
    t.statics.push_back(
        {static_cast<uint32_t>(pc), in.line, in.opcode, kernel.arrays[static_cast<size_t>(ap.array)].name, in.cls == isa::OpClass::Store});
  }
  const sm::AddressGenerator addresses(kernel, cfg, r.seed);
  WarpTracer tracer(r, addresses, access_of_pc, t);
  for (int64_t b = 0; b < t.meta.traced_blocks; ++b)
    for (int w = 0; w < t.meta.warps_per_block; ++w)
      tracer.trace(sm::WarpCoordinates{static_cast<uint64_t>(b), static_cast<uint32_t>(w), static_cast<uint32_t>(launch.block_threads)});
  return t;
}

}  // namespace warpsim::trace
