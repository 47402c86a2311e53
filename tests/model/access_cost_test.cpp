#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "isa/kernel.h"
#include "mem/coalescer.h"
#include "model/access_cost.h"
#include "sm/shared_memory_banks.h"
#include "support/test_support.h"

namespace warpsim::model {
namespace {

isa::AccessPattern pattern(isa::AccessKind kind, int param = 1, int bytes = 4) {
  isa::AccessPattern p;
  p.kind = kind;
  p.param = param;
  p.bytes = bytes;
  return p;
}

TEST(AccessCost, CoalescedBaselinesOfTable67) {
  // §6.7: a coalesced 32-bit access takes 2 transactions on G80 and GT200, 1 on Fermi, 4 on Kepler
  // and Maxwell, and moves 128 bytes everywhere; a fully diverging one takes 32.
  struct Row {
    const char* gpu;
    int coalesced;
  };
  for (const Row& r : {Row{"g80", 2}, Row{"gt200", 2}, Row{"fermi", 1}, Row{"kepler", 4}, Row{"maxwell", 4}}) {
    const auto cfg = warpsim::test::builtin(r.gpu);
    const GlobalAccessCost s = global_access_cost(cfg, pattern(isa::AccessKind::Stream));
    EXPECT_EQ(s.transactions, r.coalesced) << r.gpu;
    EXPECT_EQ(s.baseline_transactions, r.coalesced) << r.gpu;
    EXPECT_DOUBLE_EQ(s.bytes_transferred, 128) << r.gpu;
    EXPECT_EQ(global_access_cost(cfg, pattern(isa::AccessKind::Random)).transactions, 32) << r.gpu;
  }
}

TEST(AccessCost, Stride2MovesTwiceTheDataAndReissuesOnFermi) {
  // §3.6, §4.3: stride-2 transfers twice as much; on Fermi (128-byte lines) that is one extra
  // transaction, reissued once.
  const auto cfg = warpsim::test::builtin("fermi");
  const GlobalAccessCost c = global_access_cost(cfg, pattern(isa::AccessKind::Stride, 2));
  EXPECT_DOUBLE_EQ(c.bytes_transferred, 256);
  EXPECT_DOUBLE_EQ(c.bytes_requested, 128);
  EXPECT_EQ(c.extra_issue_steps(), 1);
}

TEST(AccessCost, OnMaxwellAStride2LoadTakesOneMoreIssuePassNotFour) {
  // §4.3 (Maxwell): stride-2 takes 376 cycles, streaming 368: the LSU sends one pass per 128-byte
  // line (8 sectors in 2 lines: one more pass), not one per sector (4 more, 392 cycles). Kepler
  // does the same (kepler.yaml); with Table 6.7's per-transaction passes it would take 4 and 28.
  const auto maxwell = warpsim::test::builtin("maxwell");
  const GlobalAccessCost m = global_access_cost(maxwell, pattern(isa::AccessKind::Stride, 2));
  EXPECT_EQ(m.transactions, 8);
  EXPECT_EQ(m.extra_issue_steps(), 1);
  EXPECT_EQ(global_access_cost(maxwell, pattern(isa::AccessKind::Random)).extra_issue_steps(), 31);
  auto kepler = warpsim::test::builtin("kepler");
  EXPECT_EQ(global_access_cost(kepler, pattern(isa::AccessKind::Stride, 2)).extra_issue_steps(), 1);
  EXPECT_EQ(global_access_cost(kepler, pattern(isa::AccessKind::Random)).extra_issue_steps(), 31);
  kepler.lsu.issue_unit = config::IssueUnit::Transaction;
  EXPECT_EQ(global_access_cost(kepler, pattern(isa::AccessKind::Stride, 2)).extra_issue_steps(), 4);
  EXPECT_EQ(global_access_cost(kepler, pattern(isa::AccessKind::Random)).extra_issue_steps(), 28);
}

TEST(AccessCost, AgreesWithTheSimulatorsCoalescer) {
  // The model derives transactions analytically; the simulator's coalescer (mem/coalescer.h) must
  // produce the same count and bytes for the same per-thread addresses, under every rule.
  for (const char* gpu : {"g80", "gt200", "fermi", "kepler", "maxwell"}) {
    const auto cfg = warpsim::test::builtin(gpu);
    for (int bytes : {4, 8, 16})
      for (int stride : {1, 2, 3, 4, 8, 32}) {
        std::array<uint64_t, 32> addr{};
        for (uint64_t t = 0; t < 32; ++t) addr[t] = t * stride * bytes;
        std::vector<mem::Segment> segs;
        mem::coalesce(cfg.lsu.coalescing, addr, 0xffffffffu, bytes, segs, cfg.lsu.issue_unit);
        double seg_bytes = 0;
        for (const auto& s : segs) seg_bytes += s.bytes;
        const GlobalAccessCost c =
            global_access_cost(cfg, pattern(stride == 1 ? isa::AccessKind::Stream : isa::AccessKind::Stride, stride, bytes));
        // Known difference, reported: for 16-byte words on G80 the Programming Guide issues two
        // 128-byte transactions per half-warp; the simulator's coalescer issues one 256-byte
        // segment. The bytes agree; only the count differs.
        if (!(cfg.lsu.coalescing == config::CoalescingRule::G80 && bytes == 16 && stride == 1)) {
          EXPECT_EQ(c.transactions, static_cast<int>(segs.size())) << gpu << " bytes " << bytes << " stride " << stride;
          EXPECT_EQ(c.issue_steps, segs.back().issue_step + 1) << gpu << " bytes " << bytes << " stride " << stride;
        }
        EXPECT_DOUBLE_EQ(c.bytes_transferred, seg_bytes) << gpu << " bytes " << bytes << " stride " << stride;
      }
  }
}

TEST(AccessCost, SharedMemoryConflictsAgreeWithTheSimulatorsBanks) {
  // §2.6, §6.2: a k-way conflict takes k passes; half-warp GPUs process two passes of 16 threads.
  // Also on what-if bank counts: with fewer banks than 32 / k, the models' own copy of the
  // pattern can give a 17-way conflict for a 2-way one on 1 bank, putting the simulator 8.5x
  // above the worksheet's bound; both take isa::conflict_bank_word.
  for (const char* gpu : {"g80", "fermi", "kepler", "maxwell"}) {
    for (int bank_count : {0, 1, 4}) {  // 0: the GPU's own
      auto cfg = warpsim::test::builtin(gpu);
      if (bank_count > 0) cfg.smem.banks = bank_count;
      for (int k : {1, 2, 4, 8, 32}) {
        std::array<uint64_t, 32> addr{};
        const uint64_t bw = cfg.smem.bank_width_bytes, banks = cfg.smem.banks;
        for (uint64_t l = 0; l < 32; ++l) addr[l] = isa::conflict_bank_word(l, k, banks) * bw;
        const sm::SmemAccessCost sim = sm::smem_access_cost(cfg.smem, addr, 0xffffffffu);
        const SharedAccessCost c = shared_access_cost(cfg, pattern(isa::AccessKind::Conflict, k));
        EXPECT_EQ(c.conflict_degree, sim.degree) << gpu << " banks " << banks << " k " << k;
        EXPECT_DOUBLE_EQ(c.bank_cycles, sim.unit_cycles) << gpu << " banks " << banks << " k " << k;
        if (!cfg.smem.half_warp) {
          EXPECT_EQ(c.conflict_degree, k) << gpu << " banks " << banks;  // exactly k-way
        }
      }
    }
  }
}

TEST(AccessCost, BroadcastHasNoConflictAndG80IsBelowItsBankRate) {
  // §2.6: all threads reading one word is a broadcast. G80: 16 banks x 2 cycles x 2 half-warps gives
  // 8 ops/cycle, but only 6 are sustained (Table 6.1): 32 / 6 cycles per instruction.
  const SharedAccessCost b = shared_access_cost(warpsim::test::builtin("kepler"), pattern(isa::AccessKind::Broadcast));
  EXPECT_EQ(b.conflict_degree, 1);
  EXPECT_EQ(b.reissues, 0);
  EXPECT_DOUBLE_EQ(shared_access_cost(warpsim::test::builtin("g80"), pattern(isa::AccessKind::Stream)).bank_cycles, 32 / 6.0);
}

}  // namespace
}  // namespace warpsim::model
