// The coalescer of the load/store unit: the per-thread byte addresses of one warp memory
// instruction in, the memory transactions (aligned segments) out, by each generation's rules
// (Volkov 2016 §2.5; CUDA C Programming Guide, compute capability 1.0-1.1, 1.2-1.3, 2.x, 3.x-5.x).
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "config/hw_config.h"

namespace warpsim::mem {

inline constexpr int kWarpThreads = 32;

// One transaction: an aligned block of `bytes` bytes and the threads it serves.
struct Segment {
  uint64_t address = 0;           // aligned to `bytes`
  uint32_t bytes = 32;            // 32, 64 or 128
  uint32_t thread_mask = 0;       // bit i: thread i of the warp is served by this transaction
  uint8_t line_transactions = 1;  // transactions of this access in the same 128-byte line (kLineBytes)
  uint8_t issue_step = 0;         // the LSU pass that sends it: departs departure_offset_cycles() after issue
};

// Cycles after issue at which LSU pass `step` departs: round(step x lsu.transaction_issue_cycles)
// (Volkov Table 6.7's increment per pass). One rule for the SM and every probe of the models.
inline uint64_t departure_offset_cycles(int step, double transaction_issue_cycles) {
  return static_cast<uint64_t>(std::llround(static_cast<double>(step) * transaction_issue_cycles));
}

// The line of the memory hierarchy on all five seed GPUs (L1/L2 lines, Volkov 2016 §2.5, §6.7).
inline constexpr uint64_t kLineBytes = 128;

using ThreadAddresses = std::array<uint64_t, kWarpThreads>;

// Appends to `out` (cleared first) the transactions of one warp access, in the order the LSU
// issues them (by lowest-numbered thread served). `active_mask` bit i: thread i accesses memory;
// `bytes_per_thread` is 1, 2, 4, 8 or 16 and every address is aligned to it.
// Rules:
//  - G80 (cc 1.0/1.1): each half-warp separately. If the k-th active thread of the half-warp
//    accesses word k of one segment aligned to 16 x bytes_per_thread, one transaction of that
//    size (two 128-byte ones for 16-byte words); otherwise one 32-byte transaction per active
//    thread, duplicates included ((3,2,1,0) and (1,1,1,1) do not coalesce, §2.5).
//  - GT200 (cc 1.2/1.3): each half-warp separately; the segment (32/64/128 bytes for 1/2/4+
//    byte words) of the lowest pending thread serves every pending thread inside it, then shrinks
//    to the half that holds them (128 -> 64 -> 32 bytes); repeat until all are served.
//  - Fermi (cc 2.x, L1 cached): one 128-byte line per distinct line touched by the warp.
//  - Sector32 (cc 3.x-5.x, global loads through L2): one 32-byte sector per distinct sector.
// Each segment also counts the access's transactions in its 128-byte line (line_transactions)
// and gets its LSU issue step (`unit`, lsu.issue_unit): each further pass of the LSU adds
// lsu.transaction_issue_cycles of latency (Volkov Table 6.7). A pass sends one transaction (the
// table's unit: G80 and GT200 process half-warps separately, Fermi's transactions are lines), or
// every transaction of one 128-byte line, its sectors together. Maxwell measures the latter
// (§4.3): a stride-2 load (8 sectors in 2 lines) takes 376 cycles where streaming takes 368 — one
// pass more (5.35 cycles), not four (5.9 each: 392 cycles).
void coalesce(config::CoalescingRule rule, const ThreadAddresses& addresses, uint32_t active_mask, int bytes_per_thread,
              std::vector<Segment>& out, config::IssueUnit unit);

// Transactions of a fully coalesced 4-byte access of a whole warp under `rule` (the seeds'
// count, Volkov §6.7: 2 on G80 and GT200, 1 on Fermi, 4 on Kepler and Maxwell).
int coalesced_transactions(config::CoalescingRule rule);

// The transactions of that access (32 consecutive 4-byte words from `base`, 128-byte aligned),
// with their issue steps: what an unloaded streaming load sends, for the latency derivations.
std::vector<Segment> coalesced_access(const config::LsuConfig& lsu, uint64_t base);

// LSU passes of that access: 2 on G80 and GT200, 1 on Fermi and Maxwell, 4 on Kepler.
int coalesced_issue_steps(const config::LsuConfig& lsu);

// The index of the segment submitted last: the last one queued of the highest issue step
// (departures of one step leave in the order queued). 0 for no segment.
size_t last_to_depart(const std::vector<Segment>& segments);

}  // namespace warpsim::mem
