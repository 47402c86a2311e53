#include "mem/closed_loop.h"

#include <algorithm>
#include <memory>
#include <queue>
#include <vector>

#include "common/bit_mix.h"
#include "common/user_error.h"
#include "mem/coalescer.h"
#include "mem/lsu_calibration.h"
#include "mem/memory_factory.h"

namespace warpsim::mem {
namespace {

struct Chain {
  uint16_t sm = 0;
  uint32_t warp_in_block = 0;
  uint32_t block_warps = 1;
  uint64_t section = 0;  // byte address of the block's section
  uint64_t iteration = 0;
  uint64_t issue = 0;
  uint32_t remaining = 0;
  uint32_t completed = 0;  // loads back, counted up to 2 (the warm-up rule)
  uint64_t rng = 0;
  std::vector<Segment> segments;
};

struct Departure {
  uint64_t time;
  uint64_t seq;
  uint32_t chain;
  uint32_t segment;
  bool operator>(const Departure& o) const { return time != o.time ? time > o.time : seq > o.seq; }
};

uint64_t splitmix(uint64_t& state) { return mix64(state += 0x9E3779B97F4A7C15ull); }

// Per-thread addresses of the chain's next load (§5.10: entry i holds the address of entry i+N).
void addresses(const ClosedLoopSpec& spec, Chain& c, uint64_t section_bytes, ThreadAddresses& a) {
  const uint64_t words_per_iter = 32ull * c.block_warps;
  for (uint64_t i = 0; i < 32; ++i) {
    if (spec.pattern == LoopPattern::Random) {
      a[i] = (splitmix(c.rng) % (spec.array_bytes / 4)) * 4;
      continue;
    }
    const uint64_t word = c.iteration * words_per_iter + 32ull * c.warp_in_block + i;
    const uint64_t scaled = spec.pattern == LoopPattern::Stride2 ? 2 * word : word;
    a[i] = c.section + (scaled * 4) % section_bytes;
  }
}

}  // namespace

static ClosedLoopResult run_closed_loop_here(const ClosedLoopSpec& spec) {
  const config::HwConfig& cfg = *spec.config;
  WARPSIM_ASSERT(spec.ilp >= 1 && spec.block_warps >= 1, "closed loop: bad ilp or block size");
  const bool per_device = spec.device_warps > 0;
  const int sms = per_device || spec.simulated_sms <= 0 ? cfg.device.sms : std::min(spec.simulated_sms, cfg.device.sms);
  auto memory = make_memory_system(MemorySystemSpec{&cfg, sms, spec.seed});
  const double delta = cfg.lsu.transaction_issue_cycles;

  // Chains: (warp, ilp chain) pairs, each sweeping its own part of a block's section.
  const int warps = per_device ? spec.device_warps : spec.warps_per_sm * sms;
  const uint64_t streams = static_cast<uint64_t>(warps) * static_cast<uint64_t>(spec.ilp);
  const uint64_t per_sm_streams = per_device ? 1 : static_cast<uint64_t>(spec.warps_per_sm) * static_cast<uint64_t>(spec.ilp);
  const uint64_t block_streams = std::min<uint64_t>(static_cast<uint64_t>(spec.block_warps), per_sm_streams);
  const uint64_t blocks = (streams / per_sm_streams) * ((per_sm_streams + block_streams - 1) / block_streams);
  const uint64_t section_bytes = std::max<uint64_t>(128, spec.array_bytes / blocks / 128 * 128);
  std::vector<Chain> chains(streams);
  for (uint64_t g = 0; g < streams; ++g) {
    Chain& c = chains[g];
    const uint64_t warp = g / static_cast<uint64_t>(spec.ilp);
    c.sm = static_cast<uint16_t>(per_device ? warp % static_cast<uint64_t>(sms) : warp / static_cast<uint64_t>(spec.warps_per_sm));
    // Blocks never span SMs: an SM with fewer streams than a block holds one smaller block.
    const uint64_t per_sm = per_device ? 1 : static_cast<uint64_t>(spec.warps_per_sm) * static_cast<uint64_t>(spec.ilp);
    const uint64_t local = g % per_sm;
    const uint64_t bw = std::min<uint64_t>(static_cast<uint64_t>(spec.block_warps), per_sm);
    const uint64_t blocks_per_sm = (per_sm + bw - 1) / bw;
    c.block_warps = static_cast<uint32_t>(bw);
    c.warp_in_block = static_cast<uint32_t>(local % bw);
    c.section = ((g / per_sm) * blocks_per_sm + local / bw) * section_bytes;
    c.rng = spec.seed * 0x632BE59BD9B4E019ull + g;
  }

  std::priority_queue<Departure, std::vector<Departure>, std::greater<Departure>> departures;
  uint64_t seq = 0;
  ThreadAddresses addr{};
  auto issue = [&](uint32_t id, uint64_t t) {
    Chain& c = chains[id];
    addresses(spec, c, section_bytes, addr);
    coalesce(cfg.lsu.coalescing, addr, 0xFFFFFFFFu, 4, c.segments, cfg.lsu.issue_unit);
    c.remaining = static_cast<uint32_t>(c.segments.size());
    c.issue = t;
    ++c.iteration;
    for (uint32_t j = 0; j < c.segments.size(); ++j)
      departures.push({t + departure_offset_cycles(c.segments[j].issue_step, delta), seq++, id, j});
  };
  for (uint32_t id = 0; id < chains.size(); ++id) issue(id, 0);

  ClosedLoopResult res;
  // The window opens at warmup_cycles, but not before every chain has had two loads back: all
  // chains start together at 0, and past saturation (random accesses at high occupancy: loads of
  // tens of thousands of cycles) that first synchronised wave alone outlasts a fixed warm-up and
  // its completions would be counted as a throughput the memory system cannot sustain.
  uint64_t unsettled = chains.size();
  uint64_t start = kNever, end = kNever;
  DramCounters at_warmup;
  bool warm = false;
  std::vector<Completion> done;
  for (;;) {
    const uint64_t t_dep = departures.empty() ? kNever : departures.top().time;
    const uint64_t t_mem = memory->next_event_time();
    const uint64_t t = std::min(t_dep, t_mem);
    if (t > end || t == kNever) break;
    if (!warm && t >= spec.warmup_cycles && unsettled == 0) {
      at_warmup = memory->dram_counters();
      warm = true;
      start = t;
      end = t + spec.measure_cycles;
    }
    if (t_mem <= t_dep) {
      done.clear();
      memory->advance(t_mem, done);
      for (const Completion& k : done) {
        Chain& c = chains[k.tag];
        c.remaining -= std::min(c.remaining, k.transactions);  // a completion may serve several (one line's sectors)
        if (c.remaining > 0) continue;
        if (c.completed < 2 && ++c.completed == 2) --unsettled;
        if (k.time >= start) {
          ++res.instructions;
          res.instruction_latency.record(k.time - c.issue);
        }
        issue(k.tag, k.time);
      }
      continue;
    }
    const Departure d = departures.top();
    departures.pop();
    const Segment& s = chains[d.chain].segments[d.segment];
    const auto warp = static_cast<uint16_t>(d.chain / static_cast<uint32_t>(spec.ilp));
    memory->submit(Transaction{s.address, s.bytes, false, chains[d.chain].sm, d.chain, s.line_transactions, true, warp}, d.time);
  }

  const double window = static_cast<double>(spec.measure_cycles);
  const double device_scale = per_device ? 1.0 : static_cast<double>(cfg.device.sms) / sms;
  res.ipc_per_sm = res.instructions / window / (per_device ? cfg.device.sms : sms);
  res.gbps = res.instructions * 128.0 * device_scale * cfg.device.core_clock_ghz / window;
  res.mean_latency = res.instruction_latency.summary().mean;
  res.transaction_latency = memory->transaction_latencies();
  if (const DramCounters s = memory->dram_counters(); s.valid) {
    res.has_dram_counters = true;
    const DramCounters measured = s.since(at_warmup);
    res.row_hit_rate = measured.row_hit_rate();
    res.dram_gbps = static_cast<double>(measured.bytes) / s.device_share * cfg.device.core_clock_ghz / window;
  }
  return res;
}

// A model that co-simulates (SimGrid) must be driven from its engine's thread, as the device
// does (simulate.cpp); the others run here.
ClosedLoopResult run_closed_loop(const ClosedLoopSpec& spec) {
  ClosedLoopResult res;
  // The LSU passes net of what the model's DRAM adds to diverging accesses itself, as the SM's.
  const config::HwConfig simulated = with_lsu_passes_net_of_dram(*spec.config);
  ClosedLoopSpec net = spec;
  net.config = &simulated;
  run_in_memory_context(simulated, [&] { res = run_closed_loop_here(net); });
  return res;
}

}  // namespace warpsim::mem
